//! Off-site copies: backups encrypted with a passphrase (the age format, so `age -d` alone opens
//! one in an emergency) and kept in an S3-compatible bucket (AWS S3, Backblaze B2, Cloudflare R2,
//! Wasabi, MinIO), so the site survives losing its server.
//!
//! Requests are signed by rusty-s3 (no hand-written signing) and sent by ureq; a copy is
//! encrypted into a file first and streamed from it, so neither is ever held in memory. A plain
//! copy never leaves the machine.

use age::secrecy::SecretString;
use rusty_s3::{Bucket, Credentials, S3Action, UrlStyle};
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The newest copies kept unless `--offsite-keep` says otherwise.
pub const DEFAULT_KEEP: usize = 14;

/// A passphrase shorter than this is refused: it is all that stands between a leaked bucket and
/// every password hash and the session secret.
pub const MIN_PASSPHRASE: usize = 16;

/// scrypt's cost for the passphrase (2^14: 16 MiB and a fraction of a second). The age tool's
/// own default targets a second of work and 256 MiB, which a small VPS serving pages must not
/// spend at every upload; with 16 characters at least, the passphrase carries the strength.
const WORK_FACTOR: u8 = 14;

/// How long a signed request stays valid.
const SIGNED_FOR: Duration = Duration::from_secs(3600);

/// Where copies go and how they are sealed, from `--offsite` and the `JYOTI_OFFSITE_*`
/// environment. (No `Debug`: it holds the secret key and the passphrase.)
pub struct Offsite {
    bucket: Bucket,
    credentials: Credentials,
    prefix: String,
    passphrase: SecretString,
    pub keep: usize,
    /// The wait after a first failed upload; each next one waits four times longer.
    pub retry_base: Duration,
    /// Every request's deadline, all included (connect, send, receive); an upload or download
    /// gets more for its size (see [`deadline_for`]).
    pub deadline: Duration,
    /// Say on stderr how a long upload is getting on (the commands run by hand).
    pub show_progress: bool,
    http: ureq::Agent,
}

/// The slowest uplink an upload or download is given time for: 64 KB/s.
const SLOWEST_BYTES_PER_SECOND: u64 = 64 * 1024;

/// A request's deadline: the base, plus time for `bytes` at the slowest uplink.
fn deadline_for(base: Duration, bytes: u64) -> Duration {
    base + Duration::from_secs(bytes / SLOWEST_BYTES_PER_SECOND)
}

/// One copy in the bucket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BucketCopy {
    /// The object's name without the prefix, e.g. `jyoti-2026-11-25T0300Z.db.age`.
    pub name: String,
    pub size: u64,
}

/// A copy named more than this far in the future is not trusted (clocks differ a little).
const FUTURE_SLACK: i64 = 5 * 60;

impl BucketCopy {
    /// Whether its name says a time still to come: no copy of ours is named so.
    pub fn in_the_future(&self, now: jiff::Timestamp) -> bool {
        self.taken()
            .is_some_and(|taken| taken.as_second() > now.as_second() + FUTURE_SLACK)
    }

    /// When it was taken, as its name says (`2026-11-25 03:00 UTC`).
    pub fn taken(&self) -> Option<jiff::Timestamp> {
        let stamp = self.name.strip_prefix("jyoti-")?.strip_suffix(".db.age")?;
        [NAMED_TO_THE_MINUTE, NAMED_TO_THE_SECOND]
            .iter()
            .find_map(|format| jiff::civil::DateTime::strptime(format, stamp).ok())?
            .to_zoned(jiff::tz::TimeZone::UTC)
            .ok()
            .map(|zoned| zoned.timestamp())
    }
}

/// A copy's name carries the minute it was taken (`jyoti-2026-11-25T0300Z.db.age`)...
const NAMED_TO_THE_MINUTE: &str = "%Y-%m-%dT%H%MZ";
/// ...and the second, when another copy already has that minute's name (`backup --offsite`
/// twice in a minute), so that no copy replaces another.
const NAMED_TO_THE_SECOND: &str = "%Y-%m-%dT%H%M%SZ";

/// The environment a target is read from: each variable's value, if set.
pub type Env<'a> = &'a dyn Fn(&str) -> Option<String>;

impl Offsite {
    /// The target of `url` (`s3://BUCKET/PREFIX`) with the environment's endpoint, region, key
    /// and passphrase; `None` without a URL. Errors are one sentence naming what to set.
    pub fn configure(url: Option<&str>, keep: usize, env: Env) -> Result<Option<Offsite>, String> {
        let Some(url) = url.map(str::trim).filter(|url| !url.is_empty()) else {
            return Ok(None);
        };
        let (bucket_name, prefix) = url
            .strip_prefix("s3://")
            .map(|rest| rest.split_once('/').unwrap_or((rest, "")))
            .filter(|(bucket, _)| !bucket.is_empty())
            .ok_or_else(|| format!("--offsite must be s3://BUCKET/PREFIX, not {url}"))?;
        let region = env("JYOTI_OFFSITE_REGION").unwrap_or_else(|| "us-east-1".into());
        let (endpoint, style) = match env("JYOTI_OFFSITE_ENDPOINT") {
            // Other providers' endpoints are addressed by path, which all of them take.
            Some(endpoint) => (endpoint, UrlStyle::Path),
            None => (
                format!("https://s3.{region}.amazonaws.com"),
                UrlStyle::VirtualHost,
            ),
        };
        let endpoint = endpoint
            .parse()
            .map_err(|_| format!("JYOTI_OFFSITE_ENDPOINT is not a URL: {endpoint}"))?;
        let bucket = Bucket::new(endpoint, style, bucket_name.to_owned(), region)
            .map_err(|err| format!("the off-site bucket {bucket_name} cannot be used: {err:?}"))?;
        let needed = |name: &str| {
            env(name)
                .filter(|value| !value.is_empty())
                .ok_or_else(|| format!("--offsite needs {name} in the environment"))
        };
        let credentials = Credentials::new(
            needed("JYOTI_OFFSITE_KEY_ID")?,
            needed("JYOTI_OFFSITE_SECRET")?,
        );
        let passphrase = needed("JYOTI_OFFSITE_PASSPHRASE")?;
        if passphrase.chars().count() < MIN_PASSPHRASE {
            return Err(format!(
                "JYOTI_OFFSITE_PASSPHRASE must be at least {MIN_PASSPHRASE} characters: it alone protects every copy"
            ));
        }
        let retry_base = match env("JYOTI_OFFSITE_RETRY_BASE") {
            Some(text) => text
                .parse::<jiff::SignedDuration>()
                .ok()
                .and_then(|wait| Duration::try_from(wait).ok())
                .ok_or_else(|| format!("JYOTI_OFFSITE_RETRY_BASE is not a duration: {text}"))?,
            None => Duration::from_secs(30),
        };
        let deadline = match env("JYOTI_OFFSITE_DEADLINE") {
            Some(text) => text
                .parse::<jiff::SignedDuration>()
                .ok()
                .and_then(|wait| Duration::try_from(wait).ok())
                .ok_or_else(|| format!("JYOTI_OFFSITE_DEADLINE is not a duration: {text}"))?,
            None => Duration::from_secs(60),
        };
        // A bucket that accepts and never answers must not hold anything up for long: every
        // request has a deadline for all of it, not only for its connection.
        let http = ureq::Agent::config_builder()
            .timeout_connect(Some(Duration::from_secs(10)))
            .timeout_global(Some(deadline))
            .http_status_as_error(false)
            .build()
            .into();
        Ok(Some(Offsite {
            bucket,
            credentials,
            prefix: prefix.trim_matches('/').to_owned(),
            passphrase: SecretString::from(passphrase),
            keep,
            retry_base,
            deadline,
            show_progress: false,
            http,
        }))
    }

    /// Where copies go, for messages: `s3://BUCKET/PREFIX`.
    pub fn describe(&self) -> String {
        format!("s3://{}/{}", self.bucket.name(), self.prefix)
    }

    fn key(&self, name: &str) -> String {
        match self.prefix.as_str() {
            "" => name.to_owned(),
            prefix => format!("{prefix}/{name}"),
        }
    }

    /// Encrypts the backup at `backup` and uploads it as a copy named for the time now, then
    /// deletes the oldest copies beyond [`Offsite::keep`]; returns the copy's name. After each
    /// failed attempt `failed` hears why and the wait before the next one (`None`: no attempt
    /// is left); it does the waiting, and answers whether to try again at all (a newer backup
    /// may have come meanwhile). The sealed file beside the backup is removed however it ends.
    pub fn upload(
        &self,
        backup: &Path,
        waits: &[Duration],
        mut failed: impl FnMut(&str, Option<Duration>) -> bool,
    ) -> Result<String, String> {
        let sealed = sealed_beside(backup);
        let result = (|| {
            self.encrypt(backup, &sealed)?;
            let mut waits = waits.iter();
            // An attempt lists the bucket (for a name no copy has) and puts the copy: a bucket
            // that does not answer fails the first step, as soon as its deadline passes.
            let name = loop {
                let tried = self
                    .list()
                    .map(|copies| self.new_name(&copies))
                    .and_then(|name| self.put(&self.key(&name), &sealed).map(|()| name));
                match tried {
                    Ok(name) => break name,
                    Err(err) => {
                        let err = format!("uploading to {} failed: {err}", self.describe());
                        let next = waits.next().copied();
                        if !failed(&err, next) || next.is_none() {
                            return Err(err);
                        }
                    }
                }
            };
            self.prune(&name)
                .map_err(|err| format!("the copy is up, but old copies were not deleted: {err}"))?;
            Ok(name)
        })();
        // The sealed file is only a step on the way; it may be gone already.
        let _ = std::fs::remove_file(&sealed);
        result
    }

    /// The waits between the attempts of an upload the schedule makes: the base, then four
    /// times longer each time (30 s, 2 and 8 minutes by default).
    pub fn scheduled_waits(&self) -> [Duration; 3] {
        let base = self.retry_base;
        [base, base.saturating_mul(4), base.saturating_mul(16)]
    }

    /// A name for a copy taken now that none of `copies` has: the minute's, else the second's.
    fn new_name(&self, copies: &[BucketCopy]) -> String {
        let named =
            |format: &str| format!("jyoti-{}.db.age", jiff::Timestamp::now().strftime(format));
        let taken = |name: &str| copies.iter().any(|copy| copy.name == name);
        let name = named(NAMED_TO_THE_MINUTE);
        if !taken(&name) {
            return name;
        }
        loop {
            let name = named(NAMED_TO_THE_SECOND);
            if !taken(&name) {
                return name;
            }
            std::thread::sleep(Duration::from_millis(250));
        }
    }

    fn encrypt(&self, plain: &Path, sealed: &Path) -> Result<(), String> {
        let mut recipient = age::scrypt::Recipient::new(self.passphrase.clone());
        recipient.set_work_factor(WORK_FACTOR);
        let encryptor =
            age::Encryptor::with_recipients(std::iter::once(&recipient as &dyn age::Recipient))
                .map_err(|err| format!("cannot encrypt the copy: {err}"))?;
        let out = File::create(sealed)
            .map_err(|err| format!("cannot write {}: {err}", sealed.display()))?;
        let mut writer = encryptor
            .wrap_output(BufWriter::new(out))
            .map_err(|err| format!("cannot encrypt the copy: {err}"))?;
        let mut input =
            File::open(plain).map_err(|err| format!("cannot read {}: {err}", plain.display()))?;
        io::copy(&mut input, &mut writer)
            .map_err(|err| format!("cannot encrypt the copy: {err}"))?;
        writer
            .finish()
            .and_then(|mut out| out.flush())
            .map_err(|err| format!("cannot encrypt the copy: {err}"))
    }

    fn put(&self, key: &str, file: &Path) -> Result<(), String> {
        let url = self
            .bucket
            .put_object(Some(&self.credentials), key)
            .sign(SIGNED_FOR);
        let body = File::open(file).map_err(|err| err.to_string())?;
        let size = body.metadata().map_err(|err| err.to_string())?.len();
        let body = Progress::new(body, size, self.show_progress);
        let response = self
            .http
            .put(url.as_str())
            .config()
            .timeout_global(Some(deadline_for(self.deadline, size)))
            .build()
            .send(ureq::SendBody::from_owned_reader(body))
            .map_err(said)?;
        status_ok(response).map(|_| ())
    }

    /// The copies under the prefix, oldest first.
    pub fn list(&self) -> Result<Vec<BucketCopy>, String> {
        let mut copies = Vec::new();
        let mut token: Option<String> = None;
        loop {
            let mut action = self.bucket.list_objects_v2(Some(&self.credentials));
            let prefix = self.key("jyoti-");
            action.with_prefix(prefix.as_str());
            if let Some(token) = &token {
                action.with_continuation_token(token.as_str());
            }
            let url = action.sign(SIGNED_FOR);
            let response = self
                .http
                .get(url.as_str())
                .config()
                .timeout_global(Some(self.deadline))
                .build()
                .call()
                .map_err(said)?;
            let text = status_ok(response)?
                .into_body()
                .read_to_string()
                .map_err(|err| err.to_string())?;
            let page = rusty_s3::actions::ListObjectsV2::parse_response(&text)
                .map_err(|err| format!("the bucket's answer cannot be read: {err}"))?;
            for object in page.contents {
                let name = object.key.rsplit('/').next().unwrap_or_default().to_owned();
                if name.ends_with(".db.age") && self.key(&name) == object.key {
                    copies.push(BucketCopy {
                        name,
                        size: object.size.unwrap_or(0),
                    });
                }
            }
            match page.next_continuation_token {
                Some(next) => token = Some(next),
                None => break,
            }
        }
        // By when each was taken (a name to the second sorts before its minute's name as text).
        copies.sort_by_cached_key(|copy| (copy.taken(), copy.name.clone()));
        Ok(copies)
    }

    /// Deletes the oldest copies beyond the newest [`Offsite::keep`], under the prefix only;
    /// never `kept`, the copy just uploaded, whatever names others put beside it.
    fn prune(&self, kept: &str) -> Result<(), String> {
        let copies: Vec<BucketCopy> = self
            .list()?
            .into_iter()
            .filter(|copy| copy.name != kept)
            .collect();
        let excess = (copies.len() + 1).saturating_sub(self.keep);
        for old in &copies[..excess.min(copies.len())] {
            let url = self
                .bucket
                .delete_object(Some(&self.credentials), &self.key(&old.name))
                .sign(SIGNED_FOR);
            let response = self
                .http
                .delete(url.as_str())
                .config()
                .timeout_global(Some(self.deadline))
                .build()
                .call()
                .map_err(said)?;
            status_ok(response)?;
            log::info!("deleted the old off-site copy {}", old.name);
        }
        Ok(())
    }

    /// Downloads the copy `name` (`latest` for the newest) and decrypts it into `out`; returns
    /// the copy's name. A wrong passphrase is one sentence, and `out` is not left behind.
    pub fn download(&self, name: &str, out: &Path) -> Result<String, String> {
        let copies = self.list()?;
        let name = match name {
            "latest" => copies
                .last()
                .ok_or_else(|| format!("there is no copy in {}", self.describe()))?
                .name
                .clone(),
            named => named.rsplit('/').next().unwrap_or(named).to_owned(),
        };
        let size = copies
            .iter()
            .find(|copy| copy.name == name)
            .map_or(0, |copy| copy.size);
        let sealed = PathBuf::from(format!("{}.age.partial", out.display()));
        let result = (|| {
            let url = self
                .bucket
                .get_object(Some(&self.credentials), &self.key(&name))
                .sign(SIGNED_FOR);
            let response = self
                .http
                .get(url.as_str())
                .config()
                .timeout_global(Some(deadline_for(self.deadline, size)))
                .build()
                .call()
                .map_err(|err| err.to_string())?;
            let mut body = status_ok(response)
                .map_err(|err| format!("cannot download {name}: {err}"))?
                .into_body()
                .into_with_config()
                .limit(u64::MAX)
                .reader();
            let mut file = File::create(&sealed).map_err(|err| err.to_string())?;
            io::copy(&mut body, &mut file)
                .map_err(|err| format!("cannot download {name}: {err}"))?;
            decrypt(&sealed, out, &self.passphrase)
        })();
        // The download and a half-decrypted copy are steps on the way; they may not exist.
        let _ = std::fs::remove_file(&sealed);
        if result.is_err() {
            let _ = std::fs::remove_file(out);
        }
        result.map(|()| name)
    }
}

/// What went wrong with a request, in words: a deadline passed is "did not answer in time".
fn said(err: ureq::Error) -> String {
    match err {
        ureq::Error::Timeout(_) => "the bucket did not answer in time".to_owned(),
        err => err.to_string(),
    }
}

/// Where a backup's encrypted copy is written on its way up.
pub fn sealed_beside(backup: &Path) -> PathBuf {
    PathBuf::from(format!("{}.age.partial", backup.display()))
}

/// A body that says on stderr how much of it has gone, every few seconds, when asked to.
struct Progress<R> {
    inner: R,
    size: u64,
    sent: u64,
    show: bool,
    said_at: std::time::Instant,
}

impl<R> Progress<R> {
    fn new(inner: R, size: u64, show: bool) -> Progress<R> {
        Progress {
            inner,
            size,
            sent: 0,
            show,
            said_at: std::time::Instant::now(),
        }
    }
}

impl<R: io::Read> io::Read for Progress<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.sent += read as u64;
        if self.show && self.said_at.elapsed() >= Duration::from_secs(2) {
            self.said_at = std::time::Instant::now();
            let mb = |bytes: u64| bytes as f64 / 1_000_000.0;
            eprintln!("uploading: {:.1} of {:.1} MB", mb(self.sent), mb(self.size));
        }
        Ok(read)
    }
}

/// Decrypts the copy at `sealed` into `out` with `passphrase`.
pub fn decrypt(sealed: &Path, out: &Path, passphrase: &SecretString) -> Result<(), String> {
    let input = File::open(sealed).map_err(|err| err.to_string())?;
    let decryptor = age::Decryptor::new_buffered(BufReader::new(input))
        .map_err(|_| "the downloaded copy is not an age file".to_string())?;
    let identity = age::scrypt::Identity::new(passphrase.clone());
    let mut reader = decryptor
        .decrypt(std::iter::once(&identity as &dyn age::Identity))
        .map_err(|err| match err {
            age::DecryptError::DecryptionFailed
            | age::DecryptError::KeyDecryptionFailed
            | age::DecryptError::NoMatchingKeys => {
                "the passphrase does not open this copy: check JYOTI_OFFSITE_PASSPHRASE".to_string()
            }
            other => format!("the copy cannot be decrypted: {other}"),
        })?;
    let mut file = BufWriter::new(File::create(out).map_err(|err| err.to_string())?);
    io::copy(&mut reader, &mut file)
        .map_err(|err| format!("the copy cannot be decrypted: {err}"))?;
    file.flush().map_err(|err| err.to_string())
}

/// The response when its status is 2xx, otherwise the status and the start of what it said.
fn status_ok(
    response: ureq::http::Response<ureq::Body>,
) -> Result<ureq::http::Response<ureq::Body>, String> {
    let status = response.status();
    if status.is_success() {
        return Ok(response);
    }
    let said = response
        .into_body()
        .read_to_string()
        .unwrap_or_default()
        .chars()
        .take(300)
        .collect::<String>();
    let code = said
        .split("<Code>")
        .nth(1)
        .and_then(|rest| rest.split('<').next())
        .unwrap_or("");
    Err(format!("the bucket answered {status} {code}")
        .trim_end()
        .to_owned())
}

/// The off-site copies as the backup schedule uploads them: the newest copy's time, and since
/// when uploads have failed (the errors themselves go to the log).
pub struct Uploads {
    pub target: std::sync::Arc<Offsite>,
    pub newest: std::sync::Mutex<Option<std::time::SystemTime>>,
    pub failing_since: std::sync::Mutex<Option<std::time::SystemTime>>,
}

impl Uploads {
    pub fn record(&self, result: &Result<std::time::SystemTime, String>) {
        match result {
            Ok(at) => {
                *self.newest.lock().unwrap_or_else(|p| p.into_inner()) = Some(*at);
                *self.failing_since.lock().unwrap_or_else(|p| p.into_inner()) = None;
            }
            Err(_) => {
                let mut since = self.failing_since.lock().unwrap_or_else(|p| p.into_inner());
                since.get_or_insert_with(std::time::SystemTime::now);
            }
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

    fn configure(url: &str, vars: &HashMap<String, String>) -> Result<Option<Offsite>, String> {
        Offsite::configure(Some(url), DEFAULT_KEEP, &|name| vars.get(name).cloned())
    }

    const GOOD: [(&str, &str); 3] = [
        ("JYOTI_OFFSITE_KEY_ID", "key"),
        ("JYOTI_OFFSITE_SECRET", "secret"),
        ("JYOTI_OFFSITE_PASSPHRASE", "sixteen chars ok"),
    ];

    #[test]
    fn a_target_needs_a_bucket_keys_and_a_long_passphrase() {
        let good = env(&GOOD);
        let target = configure("s3://club-backups/jyoti/", &good)
            .unwrap()
            .unwrap();
        assert_eq!(target.describe(), "s3://club-backups/jyoti");
        assert_eq!(target.key("jyoti-x.db.age"), "jyoti/jyoti-x.db.age");
        assert!(Offsite::configure(None, 14, &|_| None).unwrap().is_none());
        assert!(configure("https://club-backups", &good).is_err());
        assert!(configure("s3:///jyoti", &good).is_err());
        let mut short = good.clone();
        short.insert("JYOTI_OFFSITE_PASSPHRASE".into(), "too short".into());
        assert!(configure("s3://b/p", &short)
            .err()
            .unwrap()
            .contains("at least 16"));
        let mut no_secret = good.clone();
        no_secret.remove("JYOTI_OFFSITE_SECRET");
        assert!(configure("s3://b/p", &no_secret)
            .err()
            .unwrap()
            .contains("JYOTI_OFFSITE_SECRET"));
    }

    #[test]
    fn a_copy_is_sealed_with_the_passphrase_and_opens_with_it_only() {
        let dir = tempfile::tempdir().unwrap();
        let target = configure("s3://b/p", &env(&GOOD)).unwrap().unwrap();
        let plain = dir.path().join("plain.db");
        std::fs::write(&plain, b"SQLite format 3\0 and the rest").unwrap();
        let sealed = dir.path().join("sealed.age");
        target.encrypt(&plain, &sealed).unwrap();
        let bytes = std::fs::read(&sealed).unwrap();
        assert!(bytes.starts_with(b"age-encryption.org/v1"), "an age file");
        assert!(!bytes.windows(15).any(|w| w == b"SQLite format 3"));
        let opened = dir.path().join("opened.db");
        decrypt(
            &sealed,
            &opened,
            &SecretString::from("sixteen chars ok".to_string()),
        )
        .unwrap();
        assert_eq!(
            std::fs::read(&opened).unwrap(),
            std::fs::read(&plain).unwrap()
        );
        let wrong = decrypt(
            &sealed,
            &opened,
            &SecretString::from("a wrong passphrase".to_string()),
        );
        assert!(wrong.unwrap_err().contains("passphrase does not open"));
    }

    #[test]
    fn a_copys_name_tells_when_it_was_taken() {
        let copy = BucketCopy {
            name: "jyoti-2026-11-25T0300Z.db.age".into(),
            size: 1,
        };
        assert_eq!(copy.taken().unwrap().to_string(), "2026-11-25T03:00:00Z");
        let second = BucketCopy {
            name: "jyoti-2026-11-25T030012Z.db.age".into(),
            size: 1,
        };
        assert_eq!(second.taken().unwrap().to_string(), "2026-11-25T03:00:12Z");
        assert_eq!(
            BucketCopy {
                name: "other.db.age".into(),
                size: 1
            }
            .taken(),
            None
        );
    }
}
