//! Per-address sliding-window limits (docs/running.md, "What is limited"), and the bound on password hashing work.
//!
//! An attempt is *reserved* before its work starts, so parallel requests cannot all pass a check
//! that none of them has counted yet; work that turns out not to count (a login that succeeds, a
//! form refused for a typo) gives its reservation back. Addresses are grouped as an attacker's
//! would be: an IPv6 client by its /56 (what providers commonly give one customer, so one home
//! cannot count as 256 clients), an IPv4-mapped IPv6 address as the IPv4 address.

use crate::error::ApiError;
use std::cell::Cell;
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// At most `max` events per `window` from one address.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub max: usize,
    pub window: Duration,
}

/// The key an address is counted under.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3] & 0xff00, 0, 0, 0, 0))
            }
        },
    }
}

type Hits<K> = HashMap<K, VecDeque<Instant>>;

/// Counts events per key: a client address (grouped by [`client_key`]), or another key such as
/// an account's email.
pub struct Limiter<K = IpAddr> {
    limit: Option<Limit>,
    hits: Mutex<Hits<K>>,
    /// Forgotten addresses are swept out once this many are tracked; then it doubles from what
    /// is left, so sweeping costs O(1) per event however many addresses come.
    sweep_at: Mutex<usize>,
}

/// An attempt counted against its address; [`Reservation::give_back`] uncounts it.
#[must_use]
pub struct Reservation<'a, K: Eq + Hash + Clone = IpAddr> {
    limiter: &'a Limiter<K>,
    key: K,
    at: Cell<Option<Instant>>,
}

impl<K: Eq + Hash + Clone> Reservation<'_, K> {
    /// The attempt does not count after all (a login that succeeded, a refused form).
    pub fn give_back(&self) {
        let Some(at) = self.at.take() else { return };
        let mut hits = self.limiter.lock();
        if let Some(times) = hits.get_mut(&self.key) {
            if let Some(index) = times.iter().rposition(|t| *t == at) {
                times.remove(index);
            }
        }
    }
}

/// Addresses tracked before the first sweep.
const FIRST_SWEEP: usize = 10_000;

impl<K: Eq + Hash + Clone> Limiter<K> {
    /// `None` turns the limiter off.
    pub fn new(limit: Option<Limit>) -> Limiter<K> {
        Limiter {
            limit,
            hits: Mutex::new(HashMap::new()),
            sweep_at: Mutex::new(FIRST_SWEEP),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Hits<K>> {
        self.hits
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts one event of `key`, or 429 (with how long to wait) when its window is used up.
    pub fn reserve_key(&self, key: K) -> Result<Reservation<'_, K>, ApiError> {
        let Some(limit) = self.limit else {
            return Ok(Reservation {
                limiter: self,
                key,
                at: Cell::new(None),
            });
        };
        let now = Instant::now();
        let mut hits = self.lock();
        self.sweep(&mut hits, now, limit.window);
        let times = hits.entry(key.clone()).or_default();
        forget_older(times, now, limit.window);
        if times.len() >= limit.max {
            let wait = times.front().map_or(limit.window, |oldest| {
                limit.window.saturating_sub(now - *oldest)
            });
            return Err(ApiError::TooManyRequests(wait.as_secs().max(1)));
        }
        times.push_back(now);
        Ok(Reservation {
            limiter: self,
            key,
            at: Cell::new(Some(now)),
        })
    }

    fn sweep(&self, hits: &mut Hits<K>, now: Instant, window: Duration) {
        let mut sweep_at = self.sweep_at.lock().unwrap_or_else(|p| p.into_inner());
        if hits.len() < *sweep_at {
            return;
        }
        hits.retain(|_, times| {
            forget_older(times, now, window);
            !times.is_empty()
        });
        *sweep_at = (hits.len() * 2).max(FIRST_SWEEP);
    }
}

impl Limiter<IpAddr> {
    /// Counts one attempt from `ip`, or 429 (with how long to wait) when its window is used up.
    pub fn reserve(&self, ip: IpAddr) -> Result<Reservation<'_>, ApiError> {
        self.reserve_key(client_key(ip))
    }

    /// [`Limiter::reserve`], then `parse` of the attempt's input: an input that does not parse
    /// gives its attempt back (a form sent with a typo is not a try), and none is parsed once
    /// the window is used up.
    pub fn reserve_parsed<T>(
        &self,
        ip: IpAddr,
        parse: impl FnOnce() -> Result<T, ApiError>,
    ) -> Result<(Reservation<'_>, T), ApiError> {
        let attempt = self.reserve(ip)?;
        let parsed = parse().inspect_err(|_| attempt.give_back())?;
        Ok((attempt, parsed))
    }

    /// Counts one attempt that always counts (a certificate lookup).
    pub fn hit(&self, ip: IpAddr) -> Result<(), ApiError> {
        self.reserve(ip).map(|_| ())
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

/// Work in progress, bounded per address and overall: past a bound a request is refused at once
/// (429, or 503 overall, with `Retry-After`) instead of queueing behind an attacker's burst.
/// Used for password hashing (slow on purpose) and for requests in progress.
pub struct Gate {
    per_address: Option<usize>,
    overall: usize,
    in_flight: Arc<Mutex<InFlight>>,
}

/// Work in progress: in all, and by address.
type InFlight = (usize, HashMap<IpAddr, usize>);

/// A place in a gate, held until the work is done (nothing to hold for a gate without bounds).
pub struct Permit {
    key: IpAddr,
    in_flight: Option<Arc<Mutex<InFlight>>>,
}

impl Gate {
    /// `per_address: None` lifts the per-address bound (with the rate limits off).
    pub fn new(per_address: Option<usize>, overall: usize) -> Gate {
        Gate {
            per_address,
            overall,
            in_flight: Arc::default(),
        }
    }

    pub fn admit(&self, ip: IpAddr) -> Result<Permit, ApiError> {
        let key = client_key(ip);
        if self.per_address.is_none() && self.overall == usize::MAX {
            return Ok(Permit {
                key,
                in_flight: None,
            });
        }
        let mut guard = self.in_flight.lock().unwrap_or_else(|p| p.into_inner());
        let (total, by_address) = &mut *guard;
        if *total >= self.overall {
            return Err(ApiError::Busy(1));
        }
        let mine = by_address.entry(key).or_default();
        if self.per_address.is_some_and(|max| *mine >= max) {
            return Err(ApiError::TooManyRequests(1));
        }
        *mine += 1;
        *total += 1;
        Ok(Permit {
            key,
            in_flight: Some(self.in_flight.clone()),
        })
    }
}

impl Gate {
    /// Like [`Gate::admit`], but a request over its address's bound waits (up to `patience`)
    /// for one of that address's own places to free, instead of being refused at once. Only
    /// requests that passed a rate limit get here, so the waiting is bounded too; the queue the
    /// work itself joins never holds more than the bound per address, so others are not stuck
    /// behind one address's burst.
    pub async fn admit_in_turn(&self, ip: IpAddr, patience: Duration) -> Result<Permit, ApiError> {
        let started = std::time::Instant::now();
        loop {
            match self.admit(ip) {
                Err(ApiError::TooManyRequests(_)) if started.elapsed() < patience => {
                    actix_web::rt::time::sleep(Duration::from_millis(20)).await;
                }
                answer => return answer,
            }
        }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let Some(in_flight) = &self.in_flight else {
            return;
        };
        let mut guard = in_flight.lock().unwrap_or_else(|p| p.into_inner());
        let (total, by_address) = &mut *guard;
        *total -= 1;
        if let Some(mine) = by_address.get_mut(&self.key) {
            *mine -= 1;
            if *mine == 0 {
                by_address.remove(&self.key);
            }
        }
    }
}

/// The per-address limits docs/running.md lists under "What is limited", with their numbers here.
pub struct Limits {
    pub failed_logins: Limiter,
    pub registrations: Limiter,
    pub contacts: Limiter,
    /// "Get notices by email", with the contact form's numbers.
    pub followers: Limiter,
    pub feedback: Limiter,
    /// "After paying, tell us" on the Support page.
    pub gifts: Limiter,
    pub certificate_lookups: Limiter,
    /// "Forgot password?" requests, per address and per email typed (an unknown one too, so
    /// the limit tells nobody which emails have accounts).
    pub reset_requests: Limiter,
    pub reset_requests_per_account: Limiter<String>,
    pub hashing: Gate,
    pub requests: Gate,
}

/// bcrypt jobs one address may have queued or running at once.
const HASHING_PER_ADDRESS: usize = 2;
/// bcrypt jobs queued or running in all (each takes about a quarter second at cost 12).
const HASHING_OVERALL: usize = 16;
/// Requests one address may have in progress (a browser opens six connections at most; a
/// school's lab behind one address opens many more).
const REQUESTS_PER_ADDRESS: usize = 128;

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
            followers: Limiter::new(limit(20, 60)),
            feedback: Limiter::new(limit(20, 60)),
            gifts: Limiter::new(limit(10, 60)),
            certificate_lookups: Limiter::new(limit(60, 1)),
            reset_requests: Limiter::new(limit(10, 60)),
            reset_requests_per_account: Limiter::new(limit(3, 60)),
            hashing: Gate::new(enabled.then_some(HASHING_PER_ADDRESS), HASHING_OVERALL),
            requests: Gate::new(enabled.then_some(REQUESTS_PER_ADDRESS), usize::MAX),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limiter(max: usize) -> Limiter {
        Limiter::new(Some(Limit {
            max,
            window: Duration::from_secs(60),
        }))
    }

    #[test]
    fn the_limit_counts_per_address_and_names_a_wait() {
        let limiter = limiter(2);
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
    fn a_reservation_given_back_spends_nothing_and_off_means_off() {
        let limiter = limiter(1);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        for _ in 0..5 {
            limiter.reserve(a).unwrap().give_back();
        }
        let kept = limiter.reserve(a).unwrap();
        assert!(limiter.reserve(a).is_err());
        drop(kept);
        assert!(
            limiter.reserve(a).is_err(),
            "a dropped reservation still counts"
        );
        let off = Limiter::new(None);
        for _ in 0..100 {
            assert!(off.hit(a).is_ok());
        }
    }

    #[test]
    fn an_ipv6_56_and_a_mapped_ipv4_address_count_as_one_client() {
        let limiter = limiter(2);
        assert!(limiter.hit("2001:db8:1:200::1".parse().unwrap()).is_ok());
        assert!(limiter
            .hit("2001:db8:1:2ff:ffff::9".parse().unwrap())
            .is_ok());
        assert!(limiter
            .hit("2001:db8:1:2a0::abcd".parse().unwrap())
            .is_err());
        assert!(limiter.hit("2001:db8:1:300::1".parse().unwrap()).is_ok());
        assert!(limiter.hit("203.0.113.7".parse().unwrap()).is_ok());
        assert!(limiter.hit("::ffff:203.0.113.7".parse().unwrap()).is_ok());
        assert!(limiter.hit("203.0.113.7".parse().unwrap()).is_err());
    }

    #[test]
    fn a_gate_bounds_each_address_and_the_whole_queue() {
        let gate = Gate::new(Some(2), 3);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = gate.admit(a).unwrap();
        let _second = gate.admit(a).unwrap();
        assert!(matches!(gate.admit(a), Err(ApiError::TooManyRequests(_))));
        let _third = gate.admit(b).unwrap();
        assert!(matches!(gate.admit(b), Err(ApiError::Busy(_))));
        drop(first);
        assert!(gate.admit(a).is_ok());
    }
}
