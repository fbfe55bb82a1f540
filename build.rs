//! Builds the React app into `frontend/dist/` so that rust-embed can put it in the binary.

use std::path::Path;
use std::process::{exit, Command};

fn main() {
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
    let frontend = Path::new(env!("CARGO_MANIFEST_DIR")).join("frontend");
    // For the dev loop with `node build.mjs --watch`: use the dist/ that is there.
    if std::env::var_os("JYOTI_FRONTEND_PREBUILT").is_some()
        && frontend.join("dist/index.html").is_file()
    {
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
