//! jyoti: the Jyoti night school's website, its JSON API and its SQLite database in one program.

/// The embedded React app and its precompressed variants.
pub mod assets;
/// Sessions: JWTs, bcrypt, and the extractors that check access.
pub mod auth;
/// Values built from the database and kept until a write.
pub mod cache;
/// Command-line definitions.
pub mod cli;
/// Maintenance commands such as `create-admin`.
pub mod commands;
/// The site content document of `/api/content`.
pub mod content;
/// SQLite: pool, PRAGMAs, migrations, backups, and all SQL.
pub mod db;
/// Parsed input types: what may reach SQL.
pub mod domain;
/// JSON answers kept ready, plain and gzip.
pub mod encoded;
/// The API error type.
pub mod error;
/// CSV export.
pub mod export;
/// Photo uploads: decoding, orientation, WebP variants.
pub mod images;
/// Per-address rate limits.
pub mod rate_limit;
/// HTTP routes, registered in one place.
pub mod routes;
/// Building and running the server.
pub mod startup;
/// Shared state and settings.
pub mod state;
