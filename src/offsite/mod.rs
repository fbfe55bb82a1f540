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

use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// The off-site copies as the backup schedule uploads them: the newest copy's time, and since
/// when uploads have failed (the errors themselves go to the log).
pub struct Uploads {
    pub target: Arc<Offsite>,
    pub newest: Mutex<Option<SystemTime>>,
    pub failing_since: Mutex<Option<SystemTime>>,
}

impl Uploads {
    pub fn record(&self, result: &Result<SystemTime, String>) {
        match result {
            Ok(at) => {
                *self.newest.lock().unwrap_or_else(|p| p.into_inner()) = Some(*at);
                *self.failing_since.lock().unwrap_or_else(|p| p.into_inner()) = None;
            }
            Err(_) => {
                let mut since = self.failing_since.lock().unwrap_or_else(|p| p.into_inner());
                since.get_or_insert_with(SystemTime::now);
            }
        }
    }
}
