//! Off-site copies against a real S3 server: PyPI's `moto[server]` on loopback, started here as
//! pebble is for HTTPS; encrypted copies read back with PyPI's `pyrage`, as `age -d` would.

use jyoti_test_support::{process, smtp};

mod copies;
mod names;
mod recovery;
mod restarts;
mod silent;
mod support;
