//! The scheduled backups and their off-site copies, as `serve` runs them: two workers. One takes
//! a local backup whenever one is due; the other encrypts and uploads, retrying with its own
//! deadlines. A bucket that does not answer never holds up a local backup, and at start the
//! backup that is due comes first.

use crate::db::backup::{backup, stamp};
use crate::offsite::Uploads;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

/// What the upload worker is asked to do.
enum Job {
    /// At start, when no backup was due: learn the newest copy's time, and upload the newest
    /// local backup when the bucket has none as recent as the interval asks.
    CatchUp,
    /// Upload this new backup.
    Upload(PathBuf),
}

/// Backups every `every` into the plan's folder, keeping the newest `keep`, until the process
/// ends; each result is recorded in `status` for `/healthz`, and each new backup is handed to
/// the upload worker when there is a bucket. The first one is taken at once when the newest
/// backup in the folder is older than the interval: a server restarted daily would otherwise
/// never reach its first.
pub fn schedule(db: PathBuf, keep: usize, status: Arc<Backups>, offsite: Option<Arc<Uploads>>) {
    let uploads = offsite.map(|offsite| start_uploads(offsite, status.clone(), db.clone()));
    std::thread::spawn(move || {
        yield_to_pages();
        let mut starting = true;
        loop {
            let age = newest(&status.dir).and_then(|time| time.elapsed().ok());
            let wait = age.map_or(Duration::ZERO, |age| status.every.saturating_sub(age));
            if std::mem::take(&mut starting) && !wait.is_zero() {
                log::info!(
                    "the newest backup is recent: the next one is due in {}",
                    crate::words::age_in_words(wait)
                );
                if let Some(uploads) = &uploads {
                    // The worker's end is gone only when the process ends.
                    let _ = uploads.send(Job::CatchUp);
                }
            }
            std::thread::sleep(wait);
            let out = status.dir.join(format!("jyoti-{}.db", stamp()));
            let result = backup(&db, &out);
            match &result {
                Ok(()) => log::info!("backup written to {}", out.display()),
                Err(err) => log::error!("scheduled backup failed: {err}"),
            }
            status.record(&result);
            prune(&status.dir, keep);
            if let (Ok(()), Some(uploads)) = (&result, &uploads) {
                // As above: the worker's end is gone only when the process ends.
                let _ = uploads.send(Job::Upload(out));
            }
            if result.is_err() {
                // Not at once again: the folder's problem is reported, and retried within the hour.
                std::thread::sleep(status.every.min(Duration::from_secs(3600)));
            }
        }
    });
}

/// The upload worker: one job at a time, the newest backup first when several wait.
fn start_uploads(offsite: Arc<Uploads>, status: Arc<Backups>, db: PathBuf) -> Sender<Job> {
    let (jobs, waiting) = mpsc::channel();
    std::thread::spawn(move || {
        yield_to_pages();
        let mut next = None;
        loop {
            let job = match next.take() {
                Some(job) => job,
                None => match waiting.recv() {
                    Ok(job) => job,
                    Err(_) => return,
                },
            };
            let job = newest_of(job, &waiting);
            next = match job {
                Job::CatchUp => catch_up(&status, &offsite, &db, &waiting),
                Job::Upload(out) => upload(&offsite, &out, &waiting),
            };
        }
    });
    jobs
}

/// `job`, or the newest upload asked for since.
fn newest_of(mut job: Job, waiting: &Receiver<Job>) -> Job {
    while let Ok(later) = waiting.try_recv() {
        if matches!(later, Job::Upload(_)) || matches!(job, Job::CatchUp) {
            job = later;
        }
    }
    job
}

/// Uploads the backup `out`, each failed attempt recorded at once (for `/healthz`), waiting
/// between attempts on the job queue: a newer backup that comes meanwhile is uploaded instead.
/// Answers the job that cut it short, if one did.
fn upload(offsite: &Uploads, out: &Path, waiting: &Receiver<Job>) -> Option<Job> {
    let mut newer = None;
    let waits = offsite.target.scheduled_waits();
    let result = offsite.target.upload(out, &waits, |err, next| {
        log::error!("off-site copy failed: {err}");
        offsite.record(&Err(err.to_owned()));
        let Some(wait) = next else {
            return false;
        };
        log::warn!(
            "trying the upload again in {}",
            crate::words::in_words(wait)
        );
        match waiting.recv_timeout(wait) {
            Err(RecvTimeoutError::Timeout) => out.exists(),
            Ok(job) => {
                newer = Some(job);
                false
            }
            Err(RecvTimeoutError::Disconnected) => false,
        }
    });
    match result {
        Ok(name) => {
            // Recorded before it is logged: whoever reads the log line finds /healthz current.
            // The copy's age is its data's: when the backup was taken, not when it went up.
            let taken = fs::metadata(out)
                .and_then(|meta| meta.modified())
                .unwrap_or_else(|_| SystemTime::now());
            offsite.record(&Ok(taken));
            log::info!(
                "off-site copy {name} uploaded to {}",
                offsite.target.describe()
            );
        }
        Err(err) => {
            offsite.record(&Err(err));
        }
    }
    newer
}

/// At start: learns the newest off-site copy's time, and uploads the newest local backup when
/// the bucket has none as recent as the interval asks (a server restarted daily, or one whose
/// uploads failed). A bucket with no copy of ours yet (off-site copies just turned on) gets a
/// fresh backup of `db`, not one perhaps a day old.
fn catch_up(
    status: &Backups,
    offsite: &Uploads,
    db: &Path,
    waiting: &Receiver<Job>,
) -> Option<Job> {
    let mut first = false;
    let newest_copy = match offsite.target.list() {
        Ok(copies) => copies
            .iter()
            .rev()
            .find(|copy| !copy.in_the_future(jiff::Timestamp::now()))
            .and_then(|copy| copy.taken())
            .map(std::time::SystemTime::from)
            .or_else(|| {
                first = true;
                None
            }),
        Err(err) => {
            log::error!("cannot list the off-site copies: {err}");
            offsite.record(&Err(err));
            None
        }
    };
    if let Some(at) = newest_copy {
        offsite.record(&Ok(at));
    }
    let stale = newest_copy
        .and_then(|at| at.elapsed().ok())
        .is_none_or(|age| age > status.every);
    if stale && first {
        let out = status.dir.join(format!("jyoti-{}.db", stamp()));
        let result = backup(db, &out);
        match &result {
            Ok(()) => log::info!(
                "backup written to {} for the first off-site copy",
                out.display()
            ),
            Err(err) => log::error!("the backup for the first off-site copy failed: {err}"),
        }
        status.record(&result);
        if result.is_ok() {
            return upload(offsite, &out, waiting);
        }
    }
    match (stale, scheduled(&status.dir).pop()) {
        (true, Some(local)) => upload(offsite, &local, waiting),
        _ => None,
    }
}

/// Runs this thread only when a core would otherwise idle (Linux's SCHED_IDLE): copying,
/// encrypting and uploading a large database must not slow the pages served on the same two
/// cores. A backup under constant load waits; one at a quiet moment runs at full speed.
fn yield_to_pages() {
    let param = libc::sched_param { sched_priority: 0 };
    // SAFETY: sched_setscheduler with pid 0 only sets the calling thread's scheduling policy.
    let changed = unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) };
    if changed != 0 {
        log::warn!(
            "the backup thread keeps the normal priority: {}",
            std::io::Error::last_os_error()
        );
    }
}

/// The scheduled backups (`jyoti-*.db`) in `dir`, oldest first (their names hold the time).
fn scheduled(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut backups: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("jyoti-") && n.ends_with(".db"))
        })
        .collect();
    backups.sort();
    backups
}

/// When the newest scheduled backup in `dir` was written, if there is one.
pub fn newest(dir: &Path) -> Option<std::time::SystemTime> {
    let newest = scheduled(dir).pop()?;
    fs::metadata(newest).and_then(|meta| meta.modified()).ok()
}

/// Deletes the oldest `jyoti-*.db` backups in `dir` beyond the newest `keep`.
pub fn prune(dir: &Path, keep: usize) {
    let backups = scheduled(dir);
    let excess = backups.len().saturating_sub(keep);
    for old in &backups[..excess] {
        match fs::remove_file(old) {
            Ok(()) => log::info!("removed old backup {}", old.display()),
            Err(err) => log::warn!("cannot remove old backup {}: {err}", old.display()),
        }
    }
}

/// The scheduled backups as `serve` runs them: where, how often, and how the last one went.
#[derive(Debug)]
pub struct Backups {
    pub dir: PathBuf,
    pub every: Duration,
    /// When the scheduled backups began to fail, cleared by the next one that works.
    pub failing_since: Mutex<Option<SystemTime>>,
}

impl Backups {
    pub fn new(dir: PathBuf, every: Duration) -> Backups {
        Backups {
            dir,
            every,
            failing_since: Mutex::new(None),
        }
    }

    pub fn record(&self, result: &Result<(), String>) {
        let mut since = self.failing_since.lock().unwrap_or_else(|p| p.into_inner());
        *since = match result {
            Ok(()) => None,
            Err(_) => Some(since.unwrap_or_else(SystemTime::now)),
        };
    }
}
