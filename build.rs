//! Builds the React app into `frontend/dist/` so that rust-embed can put it in the binary, and
//! records which build this is (git commit, build date) for `jyoti --version` and `/healthz`.

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
    if !(text.starts_with("[\"/") && text.ends_with(']')) {
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
    let commit = match std::env::var("JYOTI_BUILD_COMMIT") {
        Ok(commit) if !commit.trim().is_empty() => commit.trim().to_owned(),
        _ => git_commit().unwrap_or_else(|| "unknown".into()),
    };
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

/// The checked-out commit, when this source is a git work tree of its own (not, say, an unpacked
/// source archive inside some other repository). Cargo runs this again when HEAD moves.
fn git_commit() -> Option<String> {
    let root = &manifest_dir();
    let git = |args: &[&str]| -> Option<String> {
        let output = Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .ok()?;
        let text = String::from_utf8(output.stdout).ok()?;
        (output.status.success() && !text.trim().is_empty()).then(|| text.trim().to_owned())
    };
    let top = PathBuf::from(git(&["rev-parse", "--show-toplevel"])?);
    if top.canonicalize().ok()? != root.canonicalize().ok()? {
        return None;
    }
    // In a linked work tree `.git` is a file: HEAD is in its own git dir, branches in the common one.
    let git_dir = root.join(git(&["rev-parse", "--git-dir"])?);
    let common_dir = root.join(git(&["rev-parse", "--git-common-dir"])?);
    let head = git_dir.join("HEAD");
    watch(&head);
    // Every commit, checkout and reset appends to HEAD's reflog, also when the branch is packed.
    watch(&git_dir.join("logs/HEAD"));
    if let Some(branch) = std::fs::read_to_string(&head).ok().and_then(|text| {
        text.strip_prefix("ref: ")
            .map(|name| name.trim().to_owned())
    }) {
        watch(&common_dir.join(branch));
        watch(&common_dir.join("packed-refs"));
    }
    git(&["rev-parse", "--short=12", "HEAD"])
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
