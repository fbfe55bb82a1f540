//! The copies in the bucket: their names (the time each was taken), the upload with its retries
//! and the pruning of old copies after it, and the download of one.

use super::client::Offsite;
use super::seal;
use std::path::{Path, PathBuf};
use std::time::Duration;

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

/// A name for a copy taken at `taken` that none of `copies` has: the minute's, else the
/// second's (a second later while that is taken too), so that the name tells when the copy was
/// taken, however long after it is uploaded.
fn new_name(copies: &[BucketCopy], taken: jiff::Timestamp) -> String {
    let named = |at: jiff::Timestamp, format: &str| format!("jyoti-{}.db.age", at.strftime(format));
    let free = |name: &String| copies.iter().all(|copy| &copy.name != name);
    let name = named(taken, NAMED_TO_THE_MINUTE);
    if free(&name) {
        return name;
    }
    (0..)
        .map(|later| {
            named(
                taken + jiff::SignedDuration::from_secs(later),
                NAMED_TO_THE_SECOND,
            )
        })
        .find(free)
        .unwrap_or(name)
}

impl Offsite {
    /// Where copies go, for messages: `s3://BUCKET/PREFIX`.
    pub fn describe(&self) -> String {
        self.options.describe()
    }

    /// Encrypts the backup at `backup` and uploads it as a copy named for the time the backup
    /// was taken (as it says itself; else now), then
    /// deletes the oldest copies beyond the options' `keep`; returns the copy's name. After each
    /// failed attempt `failed` hears why and the wait before the next one (`None`: no attempt
    /// is left); it does the waiting, and answers whether to try again at all (a newer backup
    /// may have come meanwhile). The sealed file beside the backup is removed however it ends.
    pub fn upload(
        &self,
        backup: &Path,
        waits: &[Duration],
        mut failed: impl FnMut(&str, Option<Duration>) -> bool,
    ) -> Result<String, String> {
        let sealed = seal::sealed_beside(backup);
        let taken = crate::db::backup::taken_at(backup).unwrap_or_else(jiff::Timestamp::now);
        let result = (|| {
            seal::encrypt(backup, &sealed, &self.options.passphrase)?;
            let mut waits = waits.iter();
            // An attempt lists the bucket (for a name no copy has) and puts the copy: a bucket
            // that does not answer fails the first step, as soon as its deadline passes.
            let name = loop {
                let tried = self
                    .list()
                    .map(|copies| new_name(&copies, taken))
                    .and_then(|name| self.put(&self.options.key(&name), &sealed).map(|()| name));
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
        let base = self.options.retry_base;
        [base, base.saturating_mul(4), base.saturating_mul(16)]
    }

    /// Deletes the oldest copies beyond the newest `keep`, under the prefix only; never `kept`,
    /// the copy just uploaded, whatever names others put beside it. A copy named in the future
    /// is no copy of ours: it neither counts towards `keep` nor pushes a real copy out.
    fn prune(&self, kept: &str) -> Result<(), String> {
        let now = jiff::Timestamp::now();
        let copies: Vec<BucketCopy> = self
            .list()?
            .into_iter()
            .filter(|copy| copy.name != kept && !copy.in_the_future(now))
            .collect();
        let excess = (copies.len() + 1).saturating_sub(self.options.keep);
        for old in &copies[..excess.min(copies.len())] {
            self.delete(&self.options.key(&old.name))?;
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
                .iter()
                .rev()
                .find(|copy| !copy.in_the_future(jiff::Timestamp::now()))
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
        let result = self
            .get(&self.options.key(&name), size, &sealed)
            .map_err(|err| format!("cannot download {name}: {err}"))
            .and_then(|()| seal::decrypt(&sealed, out, &self.options.passphrase));
        // The download and a half-decrypted copy are steps on the way; they may not exist.
        let _ = std::fs::remove_file(&sealed);
        if result.is_err() {
            let _ = std::fs::remove_file(out);
        }
        result.map(|()| name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_copy_is_named_for_when_its_backup_was_taken_and_never_as_another() {
        let taken: jiff::Timestamp = "2026-11-25T03:00:12Z".parse().unwrap();
        let copy = |name: &str| BucketCopy {
            name: name.into(),
            size: 1,
        };
        assert_eq!(new_name(&[], taken), "jyoti-2026-11-25T0300Z.db.age");
        let copies = [
            copy("jyoti-2026-11-25T0300Z.db.age"),
            copy("jyoti-2026-11-25T030012Z.db.age"),
        ];
        assert_eq!(new_name(&copies, taken), "jyoti-2026-11-25T030013Z.db.age");
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
