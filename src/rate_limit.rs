//! Per-address sliding-window limits (DESIGN §5).
//!
//! Hand-written rather than a crate: failed logins must be *counted after* bcrypt says "wrong"
//! but *checked before* bcrypt runs, and the keyed GCRA limiters we looked at cannot check
//! without spending a unit.

use crate::error::ApiError;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// At most `max` events per `window` from one address.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub max: usize,
    pub window: Duration,
}

/// Addresses tracked before old entries are swept out.
const SWEEP_ABOVE: usize = 10_000;

pub struct Limiter {
    limit: Option<Limit>,
    hits: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
}

impl Limiter {
    /// `None` turns the limiter off.
    pub fn new(limit: Option<Limit>) -> Limiter {
        Limiter {
            limit,
            hits: Mutex::new(HashMap::new()),
        }
    }

    /// 429 when `ip` has used up its window; records nothing.
    pub fn check(&self, ip: IpAddr) -> Result<(), ApiError> {
        let Some(limit) = self.limit else {
            return Ok(());
        };
        let now = Instant::now();
        let mut hits = self
            .hits
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let Some(times) = hits.get_mut(&ip) else {
            return Ok(());
        };
        forget_older(times, now, limit.window);
        if times.len() < limit.max {
            return Ok(());
        }
        let wait = times.front().map_or(limit.window, |oldest| {
            limit.window.saturating_sub(now - *oldest)
        });
        Err(ApiError::TooManyRequests(wait.as_secs().max(1)))
    }

    /// Counts one event for `ip`.
    pub fn record(&self, ip: IpAddr) {
        let Some(limit) = self.limit else { return };
        let now = Instant::now();
        let mut hits = self
            .hits
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if hits.len() > SWEEP_ABOVE {
            hits.retain(|_, times| {
                forget_older(times, now, limit.window);
                !times.is_empty()
            });
        }
        let times = hits.entry(ip).or_default();
        forget_older(times, now, limit.window);
        times.push_back(now);
    }

    /// Checks, then counts: for limits on every request of a kind.
    pub fn hit(&self, ip: IpAddr) -> Result<(), ApiError> {
        self.check(ip)?;
        self.record(ip);
        Ok(())
    }
}

fn forget_older(times: &mut VecDeque<Instant>, now: Instant, window: Duration) {
    while times
        .front()
        .is_some_and(|t| now.duration_since(*t) >= window)
    {
        times.pop_front();
    }
}

/// The limits of DESIGN §5, each a setting with its default here.
pub struct Limits {
    pub failed_logins: Limiter,
    pub registrations: Limiter,
    pub contacts: Limiter,
    pub certificate_lookups: Limiter,
}

impl Limits {
    pub fn new(enabled: bool) -> Limits {
        let limit = |max, minutes: u64| {
            enabled.then_some(Limit {
                max,
                window: Duration::from_secs(minutes * 60),
            })
        };
        Limits {
            failed_logins: Limiter::new(limit(10, 15)),
            registrations: Limiter::new(limit(20, 60)),
            contacts: Limiter::new(limit(20, 60)),
            certificate_lookups: Limiter::new(limit(60, 1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_counts_per_address_and_names_a_wait() {
        let limiter = Limiter::new(Some(Limit {
            max: 2,
            window: Duration::from_secs(60),
        }));
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        assert!(limiter.hit(a).is_ok());
        assert!(limiter.hit(a).is_ok());
        match limiter.hit(a) {
            Err(ApiError::TooManyRequests(wait)) => assert!((1..=60).contains(&wait)),
            other => panic!("expected 429, got {other:?}"),
        }
        assert!(limiter.hit(b).is_ok());
    }

    #[test]
    fn check_alone_spends_nothing_and_off_means_off() {
        let limiter = Limiter::new(Some(Limit {
            max: 1,
            window: Duration::from_secs(60),
        }));
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        for _ in 0..5 {
            assert!(limiter.check(a).is_ok());
        }
        limiter.record(a);
        assert!(limiter.check(a).is_err());
        let off = Limiter::new(None);
        for _ in 0..100 {
            assert!(off.hit(a).is_ok());
        }
    }
}
