//! bcrypt hashing and checking on threads of their own.
//!
//! bcrypt is built to be slow. On a 2-core VPS a burst of logins on the shared blocking pool
//! would take both cores from the workers serving pages, so bcrypt gets its own threads, one
//! fewer than the cores: logins queue, and pages keep flowing.

use crate::error::ApiError;
use crate::rate_limit::Permit;
use crate::workers::Workers;
use std::sync::OnceLock;

/// The most bcrypt reads of a password.
pub const MAX_BYTES: usize = 72;

fn hasher() -> &'static Workers {
    static HASHER: OnceLock<Workers> = OnceLock::new();
    HASHER.get_or_init(|| {
        let threads =
            std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1));
        Workers::start("bcrypt", threads)
    })
}

/// Runs `work` on a bcrypt thread; its place in the queue is held until the work is done, even
/// when the client has gone away meanwhile.
async fn run<T: Send + 'static>(
    permit: Permit,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    hasher()
        .run(move || {
            let result = work();
            drop(permit);
            result
        })
        .await
}

/// Hashes a password that already passed [`crate::domain::Password::parse`].
pub async fn hash(permit: Permit, password: String, cost: u32) -> Result<String, ApiError> {
    run(permit, move || bcrypt::hash(password, cost))
        .await?
        .map_err(ApiError::internal)
}

/// [`verify`] for a login: when the password matches a hash of another cost than `cost` (made
/// by an older setting, or by a command run without it), also the password hashed at `cost`, to
/// store in its place: a login's time must not tell which accounts were made how.
pub async fn verify_for_login(
    permit: Permit,
    password: String,
    hash: Option<String>,
    cost: u32,
) -> Result<(bool, Option<String>), ApiError> {
    let stale = hash
        .as_deref()
        .and_then(|hash| hash.parse::<bcrypt::HashParts>().ok())
        .is_some_and(|parts| parts.get_cost() != cost);
    let matches = verify(permit, password.clone(), hash, cost).await?;
    if !(matches && stale) {
        return Ok((matches, None));
    }
    let fresh = hasher()
        .run(move || bcrypt::hash(password, cost))
        .await?
        .map_err(ApiError::internal)?;
    Ok((true, Some(fresh)))
}

/// Checks `password` against `hash`. Without a hash (unknown email) it checks against a
/// throwaway hash of the same cost, so the answer takes as long either way. bcrypt reads only 72
/// bytes, and no password longer than that was ever accepted, so a longer one never matches
/// (rather than matching on its first 72 bytes).
pub async fn verify(
    permit: Permit,
    password: String,
    hash: Option<String>,
    cost: u32,
) -> Result<bool, ApiError> {
    let hash = hash.filter(|_| password.len() <= MAX_BYTES);
    run(permit, move || match hash {
        Some(hash) => bcrypt::verify(&password, &hash).map_err(ApiError::internal),
        None => {
            static DUMMY: OnceLock<Option<String>> = OnceLock::new();
            if let Some(dummy) =
                DUMMY.get_or_init(|| bcrypt::hash("not a real password", cost).ok())
            {
                let _ =
                    bcrypt::verify(&password.as_bytes()[..password.len().min(MAX_BYTES)], dummy);
            }
            Ok(false)
        }
    })
    .await?
}
