//! bcrypt hashing and checking, always on the blocking pool so an actix worker never stalls.

use crate::error::ApiError;
use actix_web::web;
use std::sync::OnceLock;

/// Hashes a password that already passed [`crate::domain::Password::parse`].
pub async fn hash(password: String, cost: u32) -> Result<String, ApiError> {
    web::block(move || bcrypt::hash(password, cost)).await?.map_err(ApiError::internal)
}

/// Checks `password` against `hash`. Without a hash (unknown email) it checks against a
/// throwaway hash of the same cost, so the answer takes as long either way.
pub async fn verify(password: String, hash: Option<String>, cost: u32) -> Result<bool, ApiError> {
    web::block(move || match hash {
        Some(hash) => bcrypt::verify(&password, &hash).map_err(ApiError::internal),
        None => {
            static DUMMY: OnceLock<Option<String>> = OnceLock::new();
            if let Some(dummy) = DUMMY.get_or_init(|| bcrypt::hash("not a real password", cost).ok()) {
                let _ = bcrypt::verify(&password, dummy);
            }
            Ok(false)
        }
    })
    .await?
}
