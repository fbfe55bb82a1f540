//! Which build this is: version, git commit and build date, as `jyoti --version` and `/healthz` say.

/// The version in Cargo.toml, e.g. `0.1.0`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The git commit built, e.g. `4e2215b21c3a`; `unknown` when built outside a git work tree.
/// `JYOTI_BUILD_COMMIT` at build time sets it instead (build.rs).
pub const COMMIT: &str = env!("JYOTI_COMMIT");

/// The build date, `YYYY-MM-DD` in UTC; from `SOURCE_DATE_EPOCH` when that is set at build time.
pub const BUILT: &str = env!("JYOTI_BUILT");

/// The words after the name, as a literal, so both lines below are built from one place.
macro_rules! long_version {
    () => {
        concat!(
            env!("CARGO_PKG_VERSION"),
            " (commit ",
            env!("JYOTI_COMMIT"),
            ", built ",
            env!("JYOTI_BUILT"),
            ")"
        )
    };
}

/// `0.1.0 (commit 4e2215b21c3a, built 2026-11-22)`: what `--version` prints after the name.
pub const LONG_VERSION: &str = long_version!();

/// `jyoti 0.1.0 (commit 4e2215b21c3a, built 2026-11-22)`: the one line that names this build.
pub const DESCRIPTION: &str = concat!(env!("CARGO_PKG_NAME"), " ", long_version!());
