//! Off-site copies against a real S3 server: PyPI's `moto[server]` on loopback, started here as
//! pebble is for HTTPS; encrypted copies read back with PyPI's `pyrage`, as `age -d` would.

#[path = "../support/process.rs"]
mod process;
// The alert test uses only part of the SMTP server's helpers.
#[allow(dead_code)]
#[path = "../support/smtp.rs"]
mod smtp;

mod copies;
mod names;
mod recovery;
mod silent;
mod support;
