//! Threads of their own for slow work (bcrypt, photos), so it never takes the threads that
//! serve pages, and its memory stays with the same few threads instead of spreading over the
//! blocking pool's many.

use crate::error::ApiError;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};

type Job = Box<dyn FnOnce() + Send>;

/// A fixed set of named threads taking jobs from one queue.
pub struct Workers(Sender<Job>);

impl Workers {
    pub fn start(name: &str, threads: usize) -> Workers {
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        for index in 0..threads.max(1) {
            let receiver = receiver.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("{name}-{index}"))
                .spawn(move || loop {
                    let job = receiver
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner())
                        .recv();
                    match job {
                        Ok(job) => job(),
                        Err(_) => break,
                    }
                });
            if let Err(err) = spawned {
                log::error!("cannot start a {name} thread: {err}");
            }
        }
        Workers(sender)
    }

    /// Runs `work` on one of the threads and waits for its result without blocking the caller.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let (sender, receiver) = tokio::sync::oneshot::channel();
        self.0
            .send(Box::new(move || {
                let _ = sender.send(work());
            }))
            .map_err(|_| ApiError::internal("the worker threads are gone"))?;
        receiver
            .await
            .map_err(|_| ApiError::internal("a job was dropped"))
    }
}

/// How often the bin is looked through for what has waited its days.
const BIN_CHECKED_EVERY: std::time::Duration = std::time::Duration::from_secs(3600);

/// Erases for good, at start and then every hour, what waited in the bin more than `days` days
/// (`--bin-days`), on a thread of its own; `secure_delete` leaves no trace of it in the file.
pub fn empty_bin(pool: crate::db::Pool, days: u32) {
    let spawned = std::thread::Builder::new()
        .name("bin".into())
        .spawn(move || loop {
            match crate::db::run_here(&pool, |conn| crate::db::bin::sweep(conn, days)) {
                Ok(0) => {}
                Ok(erased) => {
                    log::info!("{erased} records erased for good after {days} days in the bin")
                }
                Err(err) => log::error!("the bin could not be emptied: {err:?}"),
            }
            std::thread::sleep(BIN_CHECKED_EVERY);
        });
    if let Err(err) = spawned {
        log::error!("cannot start the bin thread: {err}");
    }
}
