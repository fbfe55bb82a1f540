//! Off-site copies: backups encrypted with a passphrase (the age format, so `age -d` alone opens
//! one in an emergency) and kept in an S3-compatible bucket (AWS S3, Backblaze B2, Cloudflare R2,
//! Wasabi, MinIO), so the site survives losing its server.
//!
//! A copy is encrypted into a file first and streamed from it, so neither is ever held in
//! memory. A plain copy never leaves the machine.

mod client;
mod copies;
mod options;
mod seal;

pub use client::Offsite;
pub use copies::BucketCopy;
pub use options::{OffsiteOptions, DEFAULT_KEEP};
pub use seal::sealed_beside;

use crate::db::Pool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The off-site copies as the backup schedule uploads them: when the data of the newest copy
/// was taken, and since when uploads have failed (the errors themselves go to the log). Both are
/// kept in the database's `settings`, so a restart during a bucket outage still says the truth
/// from its first second.
pub struct Uploads {
    pub target: Arc<Offsite>,
    pub newest: Mutex<Option<SystemTime>>,
    pub failing_since: Mutex<Option<SystemTime>>,
    /// Where the two are kept across restarts.
    kept_in: Option<Pool>,
}

/// The `settings` key that keeps the upload state.
const STATE_KEY: &str = "offsite_state";

impl Uploads {
    /// The uploads to `target`, with their state kept in the database of `pool` (read back when
    /// it is there).
    pub fn new(target: Arc<Offsite>, pool: Option<Pool>) -> Uploads {
        let kept: serde_json::Value = pool
            .as_ref()
            .and_then(|pool| pool.get().ok())
            .and_then(|conn| crate::db::settings::get(&conn, STATE_KEY).ok().flatten())
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        let at = |key: &str| {
            kept[key]
                .as_u64()
                .map(|secs| UNIX_EPOCH + Duration::from_secs(secs))
        };
        Uploads {
            target,
            newest: Mutex::new(at("newest")),
            failing_since: Mutex::new(at("failingSince")),
            kept_in: pool,
        }
    }

    /// `Ok(taken)`: a copy of the data taken then is in the bucket; `Err`: an attempt failed.
    pub fn record(&self, result: &Result<SystemTime, String>) {
        match result {
            Ok(at) => {
                let mut newest = self.newest.lock().unwrap_or_else(|p| p.into_inner());
                *newest = Some(newest.map_or(*at, |known| known.max(*at)));
                *self.failing_since.lock().unwrap_or_else(|p| p.into_inner()) = None;
            }
            Err(_) => {
                let mut since = self.failing_since.lock().unwrap_or_else(|p| p.into_inner());
                since.get_or_insert_with(SystemTime::now);
            }
        }
        self.keep();
    }

    /// Writes the state to the database.
    fn keep(&self) {
        let Some(pool) = &self.kept_in else {
            return;
        };
        let secs = |slot: &Mutex<Option<SystemTime>>| {
            (*slot.lock().unwrap_or_else(|p| p.into_inner()))
                .and_then(|at| at.duration_since(UNIX_EPOCH).ok())
                .map(|age| age.as_secs())
        };
        let text = serde_json::json!({
            "newest": secs(&self.newest),
            "failingSince": secs(&self.failing_since),
        })
        .to_string();
        let written = pool.get().map_err(|err| err.to_string()).and_then(|conn| {
            crate::db::settings::set(&conn, STATE_KEY, &text).map_err(|err| err.to_string())
        });
        if let Err(err) = written {
            log::warn!("cannot keep the off-site uploads' state in the database: {err}");
        }
    }
}
