//! Runs the Playwright browser suite (`frontend/e2e/`) against this build's binary in Debian's Chromium.
//!
//! Each Playwright worker starts the binary on `--port 0` with a temp database (see `e2e/fixtures.js`).
//! A missing Chromium fails this test: the suite never passes empty.

use std::path::Path;
use std::process::Command;

#[test]
fn the_browser_suite_passes_in_chromium() {
    let chrome = std::env::var("CHROME_PATH").unwrap_or_else(|_| "/usr/bin/chromium".into());
    assert!(
        Path::new(&chrome).exists(),
        "Chromium was not found at {chrome}: install Debian's `chromium` package or set CHROME_PATH to a Chromium binary"
    );
    let frontend = Path::new(env!("CARGO_MANIFEST_DIR")).join("frontend");
    let cli = frontend.join("node_modules/@playwright/test/cli.js");
    assert!(cli.exists(), "Playwright is not installed: run `npm ci` in frontend/ (the build does it when node_modules is missing)");
    let status = Command::new("node")
        .arg(cli)
        .arg("test")
        .current_dir(&frontend)
        .env("JYOTI_BIN", env!("CARGO_BIN_EXE_jyoti"))
        .env("CHROME_PATH", &chrome)
        .status()
        .expect("run node");
    assert!(
        status.success(),
        "the browser suite failed ({status}); its report is above"
    );
}
