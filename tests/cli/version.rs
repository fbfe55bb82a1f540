//! `jyoti --version`, `/healthz` and the log name the same build.

use super::*;

#[path = "../../build/git.rs"]
mod git;

/// `jyoti 0.1.0 (commit 4e2215b21c3a, built 2026-11-22)` → ("0.1.0", "4e2215b21c3a", "2026-11-22").
fn build_line(line: &str) -> (String, String, String) {
    let rest = line
        .split_once("jyoti ")
        .unwrap_or_else(|| panic!("no `jyoti ` in {line:?}"))
        .1;
    let (version, rest) = rest.split_once(" (commit ").expect("a commit");
    let (commit, rest) = rest.split_once(", built ").expect("a build date");
    let built = rest.strip_suffix(')').expect("a closing parenthesis");
    (version.into(), commit.into(), built.into())
}

/// The commit build.rs should have found, by the same code; None when that cannot be told here.
fn checked_out_commit() -> Option<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    git::build_commit(option_env!("JYOTI_BUILD_COMMIT"), root)
}

#[test]
fn a_commit_checkout_or_reset_moves_a_file_build_rs_watches() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Only in a git work tree of its own; a source archive names its commit otherwise.
    let Some(tree) = git::checked_out(root) else {
        assert!(
            !root.join(".git").exists(),
            "a work tree, yet no commit read"
        );
        return;
    };
    assert_eq!(tree.commit.len(), 12, "{}", tree.commit);
    for moved_by in [".git/HEAD", ".git/logs/HEAD"] {
        assert!(
            tree.moved_by.contains(&root.join(moved_by)),
            "{moved_by} in {:?}",
            tree.moved_by
        );
    }
}

#[test]
fn version_names_the_version_the_commit_and_the_build_date() {
    for flag in ["--version", "-V"] {
        let output = jyoti(&[flag]);
        assert_ok(&output);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let (version, commit, built) = build_line(stdout.trim_end());
        assert_eq!(version, env!("CARGO_PKG_VERSION"));
        let hex = commit.strip_suffix("-dirty").unwrap_or(&commit);
        assert!(
            commit == "unknown" || (hex.len() >= 7 && hex.chars().all(|c| c.is_ascii_hexdigit())),
            "{commit}"
        );
        if let Some(head) = checked_out_commit() {
            assert_eq!(commit, head, "the commit checked out");
        }
        assert_eq!(built.len(), 10, "{built}");
        let date: Result<jiff::civil::Date, _> = built.parse();
        assert!(date.is_ok(), "{built} is a YYYY-MM-DD date");
    }
}

#[test]
fn healthz_and_the_second_log_line_name_the_build_as_version_does() {
    let output = jyoti(&["--version"]);
    let named = build_line(String::from_utf8_lossy(&output.stdout).trim_end());
    let dir = temp_dir();
    let server = serve(&file(&dir, "v.db"), &[]);
    let second = server.log.recv_timeout(Duration::from_secs(30)).unwrap();
    assert_eq!(build_line(&second), named, "{second}");
    let (version, commit, built) = named;
    let health = server.request("GET", "/healthz").send();
    assert_eq!(health.status, 200);
    let body = health.json();
    let build = json!({"status": body["status"], "version": body["version"],
        "commit": body["commit"], "built": body["built"]});
    assert_eq!(
        build,
        json!({"status": "ok", "version": version, "commit": commit, "built": built})
    );
}
