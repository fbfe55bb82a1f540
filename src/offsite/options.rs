//! Where off-site copies go and how they are sealed, as plain values read from `--offsite` and
//! the `JYOTI_OFFSITE_*` environment, each checked with a sentence naming what to set.

use age::secrecy::SecretString;
use rusty_s3::{Bucket, UrlStyle};
use std::time::Duration;

/// The newest copies kept unless `--offsite-keep` says otherwise.
pub const DEFAULT_KEEP: u32 = 14;

/// A passphrase shorter than this is refused: it is all that stands between a leaked bucket and
/// every password hash and the session secret.
const MIN_PASSPHRASE: usize = 16;

/// The environment a target is read from: each variable's value, if set.
pub type Env<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The off-site target: bucket, keys, passphrase and time limits. (No `Debug`: it holds the
/// secret key and the passphrase.)
#[derive(Clone)]
pub struct OffsiteOptions {
    pub bucket: String,
    /// The folder in the bucket, without slashes at either end ("" for the top).
    pub prefix: String,
    /// `JYOTI_OFFSITE_ENDPOINT` (addressed by path); `None`: AWS S3 in `region`.
    pub endpoint: Option<url::Url>,
    pub region: String,
    pub key_id: String,
    pub secret: SecretString,
    pub passphrase: SecretString,
    pub keep: usize,
    /// The wait after a first failed upload; each next one waits four times longer.
    pub retry_base: Duration,
    /// Every request's deadline, all included (connect, send, receive); an upload or download
    /// gets more for its size.
    pub deadline: Duration,
    /// Say on stderr how a long upload is getting on (the commands run by hand).
    pub show_progress: bool,
}

impl OffsiteOptions {
    /// The target of `url` (`s3://BUCKET/PREFIX`) with the environment's endpoint, region, key
    /// and passphrase; `None` without a URL. Errors are one sentence naming what to set.
    pub fn parse(
        url: Option<&str>,
        keep: usize,
        env: Env,
    ) -> Result<Option<OffsiteOptions>, String> {
        let Some(url) = url.map(str::trim).filter(|url| !url.is_empty()) else {
            return Ok(None);
        };
        let (bucket, prefix) = url
            .strip_prefix("s3://")
            .map(|rest| rest.split_once('/').unwrap_or((rest, "")))
            .filter(|(bucket, _)| !bucket.is_empty())
            .ok_or_else(|| format!("--offsite must be s3://BUCKET/PREFIX, not {url}"))?;
        let endpoint = env("JYOTI_OFFSITE_ENDPOINT")
            .map(|endpoint| {
                endpoint
                    .parse()
                    .map_err(|_| format!("JYOTI_OFFSITE_ENDPOINT is not a URL: {endpoint}"))
            })
            .transpose()?;
        let needed = |name: &str| {
            env(name)
                .filter(|value| !value.is_empty())
                .ok_or_else(|| format!("--offsite needs {name} in the environment"))
        };
        let key_id = needed("JYOTI_OFFSITE_KEY_ID")?;
        let secret = needed("JYOTI_OFFSITE_SECRET")?;
        let passphrase = needed("JYOTI_OFFSITE_PASSPHRASE")?;
        if passphrase.chars().count() < MIN_PASSPHRASE {
            return Err(format!(
                "JYOTI_OFFSITE_PASSPHRASE must be at least {MIN_PASSPHRASE} characters: it alone protects every copy"
            ));
        }
        let duration = |name: &str, default: Duration| match env(name) {
            Some(text) => text
                .parse::<jiff::SignedDuration>()
                .ok()
                .and_then(|wait| Duration::try_from(wait).ok())
                .ok_or_else(|| format!("{name} is not a duration: {text}")),
            None => Ok(default),
        };
        let options = OffsiteOptions {
            bucket: bucket.to_owned(),
            prefix: prefix.trim_matches('/').to_owned(),
            endpoint,
            region: env("JYOTI_OFFSITE_REGION").unwrap_or_else(|| "us-east-1".into()),
            key_id,
            secret: SecretString::from(secret),
            passphrase: SecretString::from(passphrase),
            keep,
            retry_base: duration("JYOTI_OFFSITE_RETRY_BASE", Duration::from_secs(30))?,
            deadline: duration("JYOTI_OFFSITE_DEADLINE", Duration::from_secs(60))?,
            show_progress: false,
        };
        options.bucket()?;
        Ok(Some(options))
    }

    /// Where copies go, for messages: `s3://BUCKET/PREFIX`.
    pub fn describe(&self) -> String {
        format!("s3://{}/{}", self.bucket, self.prefix)
    }

    /// The bucket as requests are signed for it.
    pub(super) fn bucket(&self) -> Result<Bucket, String> {
        let (endpoint, style) = match &self.endpoint {
            // Other providers' endpoints are addressed by path, which all of them take.
            Some(endpoint) => (endpoint.clone(), UrlStyle::Path),
            None => (
                format!("https://s3.{}.amazonaws.com", self.region)
                    .parse()
                    .map_err(|_| {
                        format!("JYOTI_OFFSITE_REGION is not a region: {}", self.region)
                    })?,
                UrlStyle::VirtualHost,
            ),
        };
        Bucket::new(endpoint, style, self.bucket.clone(), self.region.clone()).map_err(|err| {
            format!(
                "the off-site bucket {} cannot be used: {err:?}",
                self.bucket
            )
        })
    }

    /// The object name of the copy `name`: under the prefix.
    pub(super) fn key(&self, name: &str) -> String {
        match self.prefix.as_str() {
            "" => name.to_owned(),
            prefix => format!("{prefix}/{name}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env(vars: &[(&str, &str)]) -> HashMap<String, String> {
        vars.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn parse(url: &str, vars: &HashMap<String, String>) -> Result<Option<OffsiteOptions>, String> {
        OffsiteOptions::parse(Some(url), DEFAULT_KEEP as usize, &|name| {
            vars.get(name).cloned()
        })
    }

    const GOOD: [(&str, &str); 3] = [
        ("JYOTI_OFFSITE_KEY_ID", "key"),
        ("JYOTI_OFFSITE_SECRET", "secret"),
        ("JYOTI_OFFSITE_PASSPHRASE", "sixteen chars ok"),
    ];

    #[test]
    fn a_target_needs_a_bucket_keys_and_a_long_passphrase() {
        let good = env(&GOOD);
        let target = parse("s3://club-backups/jyoti/", &good).unwrap().unwrap();
        assert_eq!(target.describe(), "s3://club-backups/jyoti");
        assert_eq!(target.key("jyoti-x.db.age"), "jyoti/jyoti-x.db.age");
        assert!(OffsiteOptions::parse(None, 14, &|_| None)
            .unwrap()
            .is_none());
        assert!(parse("https://club-backups", &good).is_err());
        assert!(parse("s3:///jyoti", &good).is_err());
        let mut short = good.clone();
        short.insert("JYOTI_OFFSITE_PASSPHRASE".into(), "too short".into());
        assert!(parse("s3://b/p", &short)
            .err()
            .unwrap()
            .contains("at least 16"));
        let mut no_secret = good.clone();
        no_secret.remove("JYOTI_OFFSITE_SECRET");
        assert!(parse("s3://b/p", &no_secret)
            .err()
            .unwrap()
            .contains("JYOTI_OFFSITE_SECRET"));
    }
}
