//! The clock of what waits out a time (the payment hold): the system's, which a test may move
//! on by hand, so a test of a hold need not sleep through it.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Unix seconds now, and ahead of the system's by what a test moved it on (never in a server
/// started from the command line).
#[derive(Debug, Clone, Default)]
pub struct Clock {
    ahead: Arc<AtomicI64>,
}

impl Clock {
    pub fn now(&self) -> i64 {
        jiff::Timestamp::now().as_second() + self.ahead.load(Ordering::Relaxed)
    }

    /// Moves this clock (and every copy of it) `by` on.
    pub fn move_on(&self, by: Duration) {
        let seconds = i64::try_from(by.as_secs()).unwrap_or(i64::MAX);
        self.ahead.fetch_add(seconds, Ordering::Relaxed);
    }
}
