//! Builds the React app into `frontend/dist/` so that rust-embed can put it in the binary, and
//! records which build this is (git commit, build date) for `jyoti --version` and `/healthz`.

#[path = "build/git.rs"]
mod git;

use std::path::{Path, PathBuf};
use std::process::{exit, Command};
use std::time::{SystemTime, UNIX_EPOCH};

fn main() {
    build_info();
    for path in [
        "frontend/src",
        "frontend/public",
        "frontend/build.mjs",
        "frontend/package.json",
        "frontend/package-lock.json",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }

    println!("cargo:rerun-if-env-changed=JYOTI_FRONTEND_PREBUILT");
    let frontend = manifest_dir().join("frontend");
    // For the dev loop with `node build.mjs --watch`: use the dist/ that is there.
    if std::env::var_os("JYOTI_FRONTEND_PREBUILT").is_some()
        && frontend.join("dist/index.html").is_file()
    {
        check_routes(&frontend.join("dist/routes.json"));
        return;
    }
    for tool in ["node", "npm"] {
        if Command::new(tool).arg("--version").output().is_err() {
            fail(&format!(
                "`{tool}` was not found: install Node.js 20 or newer (with npm) to build the jyoti frontend"
            ));
        }
    }
    if !frontend.join("node_modules").is_dir() {
        run(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(&frontend),
            "npm ci",
        );
    }
    run(
        Command::new("node").arg("build.mjs").current_dir(&frontend),
        "node build.mjs",
    );
    check_routes(&frontend.join("dist/routes.json"));
}

/// The server answers 404 for every page its route list does not name: a build without one
/// must stop here, not ship. (The server checks the list fully at start.)
fn check_routes(file: &Path) {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let text = text.trim();
    if !(text.starts_with("{\"pages\":[{\"path\":\"/") && text.ends_with('}')) {
        fail(&format!(
            "{} is missing or does not list the app's pages; see frontend/build.mjs",
            file.display()
        ));
    }
}

/// This package's folder, as cargo tells the running script: not `env!`, which would keep the
/// folder this script was first compiled in (cargo reuses a build script across copies of the
/// package that share a target folder).
fn manifest_dir() -> PathBuf {
    PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
}

fn run(command: &mut Command, what: &str) {
    match command.status() {
        Ok(status) if status.success() => {}
        Ok(status) => fail(&format!(
            "`{what}` in frontend/ failed ({status}); see its output above"
        )),
        Err(err) => fail(&format!("`{what}` in frontend/ could not start: {err}")),
    }
}

fn fail(sentence: &str) -> ! {
    println!("cargo::error={sentence}");
    exit(1)
}

/// Sets `JYOTI_COMMIT` and `JYOTI_BUILT` for `src/build_info.rs`.
fn build_info() {
    println!("cargo:rerun-if-env-changed=JYOTI_BUILD_COMMIT");
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    let root = manifest_dir();
    if let Some(tree) = git::checked_out(&root) {
        tree.moved_by.iter().for_each(|path| watch(path));
    }
    let from_environment = std::env::var("JYOTI_BUILD_COMMIT").ok();
    let commit =
        git::build_commit(from_environment.as_deref(), &root).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=JYOTI_COMMIT={commit}");
    let seconds = match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(text) => text.trim().parse::<i64>().unwrap_or_else(|_| {
            fail(&format!(
                "SOURCE_DATE_EPOCH must be seconds since 1970, not `{text}`"
            ))
        }),
        Err(_) => SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs() as i64),
    };
    let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
    println!("cargo:rustc-env=JYOTI_BUILT={year:04}-{month:02}-{day:02}");
}

/// Reruns the build script when `path` changes; a missing path would make it rerun every time.
fn watch(path: &Path) {
    if path.exists() {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}

/// (year, month, day) of the day `days` after 1970-01-01, in the proleptic Gregorian calendar
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}
