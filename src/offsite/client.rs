//! The bucket's requests: signed by rusty-s3 (no hand-written signing) and sent by ureq, each
//! with a deadline for all of it, so a bucket that accepts and never answers holds nothing up.

use super::copies::BucketCopy;
use super::options::OffsiteOptions;
use rusty_s3::{Bucket, Credentials, S3Action};
use std::fs::File;
use std::io;
use std::path::Path;
use std::time::Duration;

/// How long a signed request stays valid.
const SIGNED_FOR: Duration = Duration::from_secs(3600);

/// The slowest uplink an upload or download is given time for: 64 KB/s.
const SLOWEST_BYTES_PER_SECOND: u64 = 64 * 1024;

/// A request's deadline: the base, plus time for `bytes` at the slowest uplink.
fn deadline_for(base: Duration, bytes: u64) -> Duration {
    base + Duration::from_secs(bytes / SLOWEST_BYTES_PER_SECOND)
}

/// The off-site target with its HTTP client: what the server and the commands upload and
/// download through.
pub struct Offsite {
    pub options: OffsiteOptions,
    bucket: Bucket,
    credentials: Credentials,
    http: ureq::Agent,
}

impl Offsite {
    pub fn new(options: OffsiteOptions) -> Result<Offsite, String> {
        let http = ureq::Agent::config_builder()
            .timeout_connect(Some(Duration::from_secs(10)))
            .timeout_global(Some(options.deadline))
            .http_status_as_error(false)
            .build()
            .into();
        use age::secrecy::ExposeSecret;
        Ok(Offsite {
            bucket: options.bucket()?,
            credentials: Credentials::new(
                options.key_id.clone(),
                options.secret.expose_secret().to_owned(),
            ),
            options,
            http,
        })
    }

    /// The address the bucket is reached at (the provider's endpoint, or AWS's for the region).
    pub fn endpoint(&self) -> String {
        let mut url = self.bucket.base_url().clone();
        url.set_path("");
        url.to_string().trim_end_matches('/').to_owned()
    }

    /// Uploads `file` as the object `key`.
    pub(super) fn put(&self, key: &str, file: &Path) -> Result<(), String> {
        let url = self
            .bucket
            .put_object(Some(&self.credentials), key)
            .sign(SIGNED_FOR);
        let body = File::open(file).map_err(|err| err.to_string())?;
        let size = body.metadata().map_err(|err| err.to_string())?.len();
        let body = Progress::new(body, size, self.options.show_progress);
        let response = self
            .http
            .put(url.as_str())
            .config()
            .timeout_global(Some(deadline_for(self.options.deadline, size)))
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
            let prefix = self.options.key("jyoti-");
            action.with_prefix(prefix.as_str());
            if let Some(token) = &token {
                action.with_continuation_token(token.as_str());
            }
            let url = action.sign(SIGNED_FOR);
            let response = self
                .http
                .get(url.as_str())
                .config()
                .timeout_global(Some(self.options.deadline))
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
                if name.ends_with(".db.age") && self.options.key(&name) == object.key {
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

    /// Deletes the object `key`.
    pub(super) fn delete(&self, key: &str) -> Result<(), String> {
        let url = self
            .bucket
            .delete_object(Some(&self.credentials), key)
            .sign(SIGNED_FOR);
        let response = self
            .http
            .delete(url.as_str())
            .config()
            .timeout_global(Some(self.options.deadline))
            .build()
            .call()
            .map_err(said)?;
        status_ok(response).map(|_| ())
    }

    /// Downloads the object `key` of about `size` bytes into the file `into`.
    pub(super) fn get(&self, key: &str, size: u64, into: &Path) -> Result<(), String> {
        let url = self
            .bucket
            .get_object(Some(&self.credentials), key)
            .sign(SIGNED_FOR);
        let response = self
            .http
            .get(url.as_str())
            .config()
            .timeout_global(Some(deadline_for(self.options.deadline, size)))
            .build()
            .call()
            .map_err(|err| err.to_string())?;
        let mut body = status_ok(response)?
            .into_body()
            .into_with_config()
            .limit(u64::MAX)
            .reader();
        let mut file = File::create(into).map_err(|err| err.to_string())?;
        io::copy(&mut body, &mut file).map_err(|err| err.to_string())?;
        Ok(())
    }
}

/// What went wrong with a request, in words: a deadline passed is "did not answer in time".
fn said(err: ureq::Error) -> String {
    match err {
        ureq::Error::Timeout(_) => "the bucket did not answer in time".to_owned(),
        err => err.to_string(),
    }
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
