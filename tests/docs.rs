//! The docs are tested like code: every relative link and every file or folder they name in
//! backquotes exists, and the README stays short (what it is, the two commands, where next).

use std::path::Path;

const DOCS: [&str; 4] = [
    "README.md",
    "docs/running.md",
    "docs/admin-guide.md",
    "docs/development.md",
];

/// Where the repository's files are named from: a name starting with one of these is a path.
const ROOTS: [&str; 8] = [
    "src/",
    "tests/",
    "frontend/",
    "deploy/",
    "scripts/",
    "docs/",
    ".ci/",
    "schema.sql",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The relative targets of `[text](target)` links.
fn links(text: &str) -> Vec<String> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|target| !target.contains("://") && !target.starts_with('#'))
        .map(|target| target.split('#').next().unwrap_or_default().to_owned())
        .filter(|target| !target.is_empty())
        .collect()
}

/// The repository paths named in backquotes (`src/db/mod.rs`), without what follows a space
/// or a colon; names with placeholders (`…`, `*`, `{`, `NAME`) are patterns, not files.
fn named_paths(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|quoted| quoted.split([' ', ':', ',']).next())
        .filter(|word| ROOTS.iter().any(|root| word.starts_with(root)))
        .filter(|word| {
            !["…", "*", "{", "NAME", "N.", "PID", "DATE"]
                .iter()
                .any(|pattern| word.contains(pattern))
        })
        .map(|word| word.trim_end_matches(['.', ')', ';']).to_owned())
        .collect()
}

#[test]
fn every_link_and_file_name_in_the_docs_exists() {
    let mut missing = Vec::new();
    for doc in DOCS {
        let path = root().join(doc);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{doc}: {e}"));
        let folder = path.parent().unwrap();
        for link in links(&text) {
            if !folder.join(&link).exists() {
                missing.push(format!("{doc}: link {link}"));
            }
        }
        for named in named_paths(&text) {
            if !root().join(&named).exists() {
                missing.push(format!("{doc}: `{named}`"));
            }
        }
    }
    assert!(missing.is_empty(), "named but not there: {missing:#?}");
}

#[test]
fn the_readme_is_short_and_names_the_test_command_ci_runs() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.lines().count() <= 200,
        "{} lines",
        readme.lines().count()
    );
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    assert!(readme.contains("scripts/test") && ci.contains("scripts/test"));
    for doc in &DOCS[1..] {
        assert!(readme.contains(doc), "the README links {doc}");
    }
}

#[test]
fn the_checker_finds_a_missing_file() {
    let text = "See `src/no-such-file.rs` and [this](docs/nowhere.md).";
    assert_eq!(named_paths(text), ["src/no-such-file.rs"]);
    assert_eq!(links(text), ["docs/nowhere.md"]);
    assert!(!root().join("src/no-such-file.rs").exists());
}

/// What `scripts/test` says and how it ends when run with only `tools` on its PATH (each a link
/// in a scratch folder to the one this machine has). It stops at its checks: nothing is built.
fn test_command_with(tools: &[&str], args: &[&str]) -> (Option<i32>, String) {
    let bin = tempfile::tempdir().unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    for tool in tools {
        let found = std::env::split_paths(&path)
            .map(|dir| dir.join(tool))
            .find(|candidate| candidate.is_file())
            .unwrap_or_else(|| panic!("{tool} is not on this machine's PATH"));
        std::os::unix::fs::symlink(found, bin.path().join(tool)).unwrap();
    }
    let out = std::process::Command::new("/bin/bash")
        .arg(root().join("scripts/test"))
        .args(args)
        .env_clear()
        .env("PATH", bin.path())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_test_command_says_which_tool_is_missing_and_how_to_get_it() {
    let (code, said) = test_command_with(&["dirname"], &[]);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("test: Rust is missing: install it from rustup"),
        "{said}"
    );

    let (code, said) = test_command_with(&["dirname", "cargo"], &[]);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("test: Node.js 20+ with npm is missing"),
        "{said}"
    );

    // Without the browser and the ACME test CA, and told not to install: the one command to run.
    let (code, said) = test_command_with(
        &["dirname", "cargo", "node", "npm", "id", "grep"],
        &["--no-setup"],
    );
    assert_eq!(code, Some(1), "{said}");
    let line = said
        .lines()
        .find(|line| line.starts_with("test: missing: "))
        .unwrap_or_else(|| panic!("no missing line in {said:?}"));
    let (names, command) = line["test: missing: ".len()..]
        .split_once(". Run: ")
        .unwrap();
    assert_eq!(command, format!("sudo apt-get install -y {names}"));
    for tool in ["chromium", "pebble", "systemd"] {
        assert!(
            names.split(' ').any(|name| name == tool),
            "{tool} in {line}"
        );
    }
}
