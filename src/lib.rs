//! jyoti: the Jyoti night school's website, its JSON API and its SQLite database in one program.

/// Who may make a call: the extractors in handler signatures (AdminUser, StaffUser, AuthUser).
pub mod access;
/// Problems of `/healthz` that last a day, mailed to the admins.
pub mod alerts;
/// The embedded React app and its client routes.
pub mod assets;
/// The activity log as requests fill it.
pub mod audit;
/// Sessions: JWTs and bcrypt, and the second factors (app codes, passkeys, tickets); the
/// extractors that check access are in `access`.
pub mod auth;
/// The scheduled backups and the worker that uploads their off-site copies.
pub mod backups;
/// Which build this is: version, commit, build date.
pub mod build_info;
/// Values built from tables and kept until one of the tables is written.
pub mod cache;
/// Command-line definitions.
pub mod cli;
/// Who made a request and from where: the staff member found, the client's address.
pub mod client;
/// The clock of what waits out a time (the payment hold), which tests move on by hand.
pub mod clock;
/// Maintenance commands such as `create-admin`.
pub mod commands;
/// Precompressed and conditional answers: encodings, ETags, 304.
pub mod conditional;
/// The running server's options (bcrypt cost, proxy trust, rate limits).
pub mod config;
/// The public content document of `/api/content`.
pub mod content;
/// SQLite: pool, PRAGMAs, migrations, backups, and all SQL.
pub mod db;
/// Parsed input types: what may reach SQL.
pub mod domain;
/// Donations by UPI: the payment link and its QR code.
pub mod donations;
/// Files sent as downloads.
pub mod download;
/// The environment file (`/etc/default/jyoti`), read as systemd reads it.
pub mod env_file;
/// The API error type.
pub mod error;
/// CSV export.
pub mod export;
/// The database's files on disk: owner and mode.
pub mod files;
/// The checks of `/healthz`: database, disk, backups, mail, HTTPS.
pub mod health;
/// An admin's save naming another UPI ID: held, alerted, and made as them after the hold.
pub mod held_writes;
/// Built-in HTTPS with certificates from an ACME CA.
pub mod https;
/// Photo uploads: reading, decoding, orientation, WebP variants.
pub mod images;
/// Email: settings, the mail the site writes, and the outbox's sender.
pub mod mail;
/// Encrypted off-site copies in an S3-compatible bucket.
pub mod offsite;
/// The cooling-off period for a change of the payment details.
pub mod payment_hold;
/// Link previews, the sitemap, robots.txt and the notices' feed.
pub mod previews;
/// Notices on the phone: web push with our own VAPID key.
pub mod push;
/// QR codes as SVG pictures.
pub mod qr;
/// Per-address rate limits.
pub mod rate_limit;
/// HTTP routes, registered in one place.
pub mod routes;
/// Files a command writes on its way, removed however it ends.
pub mod scratch;
/// Limits against slow and greedy clients.
pub mod slow_clients;
/// Building and running the server.
pub mod startup;
/// What every handler can reach.
pub mod state;
/// No public text or placed QR photo names a UPI ID other than the site's own.
pub mod upi_guard;
/// A duration in words, for messages.
pub mod words;
/// Threads of their own for slow work.
pub mod workers;
