//! What lives between the password and the second step, and between a passkey ceremony's two
//! calls: sign-in tickets and WebAuthn challenges, in memory (each lives minutes, serves once,
//! and a restart only asks for the password again). Also the recovery codes' form.

use crate::domain::ResetToken;
use crate::error::ApiError;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a ticket (the password accepted, the second step to come) lives.
pub const TICKET_LIFE: Duration = Duration::from_secs(5 * 60);
/// How long a passkey ceremony may take.
pub const CHALLENGE_LIFE: Duration = Duration::from_secs(5 * 60);
/// The most tickets or challenges kept at once: past it the oldest goes, so a flood of
/// anonymous "Sign in with a passkey" requests cannot grow the server's memory.
const MOST_KEPT: usize = 10_000;
/// Recovery codes an account gets at a time.
pub const RECOVERY_CODES: usize = 10;

/// A password accepted for `user_id` at token version `version`.
#[derive(Debug, Clone, Copy)]
pub struct Ticket {
    pub user_id: i64,
    pub version: i64,
}

/// What a passkey challenge was made for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    /// Adding a passkey to this account.
    Register { user_id: i64 },
    /// Signing in: to this account (after its password) or any (a discoverable passkey).
    SignIn { user_id: Option<i64> },
}

#[derive(Debug, Clone)]
pub struct Challenge {
    pub bytes: Vec<u8>,
    pub purpose: Purpose,
    pub rp_id: String,
}

/// Kept values, each with when it stops working; taking one ends it.
struct Kept<T> {
    items: Mutex<HashMap<String, (T, Instant)>>,
    life: Duration,
}

impl<T: Clone> Kept<T> {
    fn new(life: Duration) -> Kept<T> {
        Kept {
            items: Mutex::new(HashMap::new()),
            life,
        }
    }

    fn put(&self, value: T) -> Result<String, ApiError> {
        let key = ResetToken::generate()?;
        let now = Instant::now();
        let mut items = self.items.lock().unwrap_or_else(|p| p.into_inner());
        items.retain(|_, (_, until)| *until > now);
        if items.len() >= MOST_KEPT {
            let oldest = items
                .iter()
                .min_by_key(|(_, (_, until))| *until)
                .map(|(key, _)| key.clone());
            if let Some(oldest) = oldest {
                items.remove(&oldest);
            }
        }
        items.insert(key.hash(), (value, now + self.life));
        Ok(key.as_str().to_owned())
    }

    fn read(&self, key: &str, take: bool) -> Option<T> {
        let hash = ResetToken::parse(key)?.hash();
        let mut items = self.items.lock().unwrap_or_else(|p| p.into_inner());
        let (value, until) = if take {
            items.remove(&hash)?
        } else {
            items.get(&hash)?.clone()
        };
        (until > Instant::now()).then_some(value)
    }
}

/// The server's tickets and challenges.
pub struct SecondSteps {
    tickets: Kept<Ticket>,
    challenges: Kept<Challenge>,
}

impl Default for SecondSteps {
    fn default() -> Self {
        SecondSteps {
            tickets: Kept::new(TICKET_LIFE),
            challenges: Kept::new(CHALLENGE_LIFE),
        }
    }
}

impl SecondSteps {
    pub fn issue_ticket(&self, ticket: Ticket) -> Result<String, ApiError> {
        self.tickets.put(ticket)
    }

    /// The ticket, still working (a wrong code does not use it up).
    pub fn ticket(&self, key: &str) -> Option<Ticket> {
        self.tickets.read(key, false)
    }

    /// Uses the ticket up: `None` when another request used it first.
    pub fn use_ticket(&self, key: &str) -> Option<Ticket> {
        self.tickets.read(key, true)
    }

    pub fn issue_challenge(
        &self,
        purpose: Purpose,
        rp_id: &str,
    ) -> Result<(String, Challenge), ApiError> {
        let mut bytes = vec![0u8; 32];
        getrandom::fill(&mut bytes).map_err(ApiError::internal)?;
        let challenge = Challenge {
            bytes,
            purpose,
            rp_id: rp_id.to_owned(),
        };
        Ok((self.challenges.put(challenge.clone())?, challenge))
    }

    /// The challenge, used up whatever the answer.
    pub fn take_challenge(&self, key: &str) -> Option<Challenge> {
        self.challenges.read(key, true)
    }
}

/// The letters of a recovery code: no 0/o, 1/l, so it can be read off paper.
const CODE_LETTERS: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// New recovery codes (`abcd-efgh-jkmn-pqrs`, 80 bits each) and the hashes stored for them.
pub fn recovery_codes() -> Result<(Vec<String>, Vec<String>), ApiError> {
    let mut codes = Vec::with_capacity(RECOVERY_CODES);
    for _ in 0..RECOVERY_CODES {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(ApiError::internal)?;
        let letters: Vec<char> = bytes
            .iter()
            .map(|b| CODE_LETTERS[(b & 31) as usize] as char)
            .collect();
        let groups: Vec<String> = letters.chunks(4).map(|c| c.iter().collect()).collect();
        codes.push(groups.join("-"));
    }
    let hashes = codes.iter().map(|code| recovery_hash(code)).collect();
    Ok((codes, hashes))
}

/// What is stored for a recovery code as typed: case, spaces and dashes do not matter.
pub fn recovery_hash(typed: &str) -> String {
    let plain: String = typed
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    crate::conditional::hex(&Sha256::digest(plain.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticket_serves_once() {
        let steps = SecondSteps::default();
        let key = steps
            .issue_ticket(Ticket {
                user_id: 7,
                version: 0,
            })
            .unwrap();
        assert_eq!(steps.ticket(&key).unwrap().user_id, 7);
        assert!(steps.use_ticket(&key).is_some());
        assert!(steps.use_ticket(&key).is_none());
        assert!(steps.ticket("not a ticket").is_none());
    }

    #[test]
    fn recovery_codes_are_ten_and_typed_loosely() {
        let (codes, hashes) = recovery_codes().unwrap();
        assert_eq!(codes.len(), 10);
        assert_eq!(codes[0].len(), 19);
        assert_eq!(
            recovery_hash(&codes[3].to_uppercase().replace('-', " ")),
            hashes[3]
        );
    }
}
