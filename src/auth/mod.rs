//! Sessions: JWTs, bcrypt on the blocking pool, and the extractors that put access in handler signatures.

pub mod extractors;
pub mod jwt;
pub mod password;

pub use extractors::{AdminUser, AuthUser};
