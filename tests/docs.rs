//! The docs are tested like code: every link, every file or folder name and every flag given to
//! `jyoti` in the README and docs/*.md exists (names in backquotes and fenced blocks, the
//! Layout's included), what they link is in the release archive, the Layout lists everything in
//! src/, the README stays short, and `scripts/test` says which tool is missing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};
use std::process::Command;

const DOCS: [&str; 4] = [
    "README.md",
    "docs/running.md",
    "docs/admin-guide.md",
    "docs/development.md",
];

const BIN: &str = env!("CARGO_BIN_EXE_jyoti");

/// Endings that make a name without a folder (`startup.rs`) a file of the repository. A `.env`,
/// `.conf` or `.service` name counts only with its folder (`deploy/jyoti.env`): without one it
/// is a copy the reader installs or saves (`jyoti-recovery.env`).
const EXTENSIONS: [&str; 13] = [
    "rs", "js", "jsx", "mjs", "md", "sh", "toml", "sql", "json", "py", "png", "txt", "yml",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(doc: &str) -> String {
    std::fs::read_to_string(root().join(doc)).unwrap_or_else(|e| panic!("{doc}: {e}"))
}

/// A paragraph of a doc as the checks read it: prose, or a fenced block.
struct Paragraph {
    /// The code in it: each backquoted span of prose, or each line of a fenced block.
    code: Vec<String>,
    /// The targets of its `[text](target)` links.
    links: Vec<String>,
    fenced: bool,
    /// The heading it is under (`## Layout`).
    heading: String,
}

impl Paragraph {
    /// The fenced block under `## Layout`: a tree of folders and files.
    fn layout(&self) -> bool {
        self.fenced && self.heading == "## Layout"
    }
}

fn paragraphs(text: &str) -> Vec<Paragraph> {
    let mut found = Vec::new();
    let mut prose = String::new();
    let mut fence: Option<Vec<String>> = None;
    let mut heading = "";
    let flush = |prose: &mut String, found: &mut Vec<Paragraph>, heading: &str| {
        if !prose.is_empty() {
            let code = prose.split('`').skip(1).step_by(2).map(str::to_owned);
            found.push(Paragraph {
                code: code.collect(),
                links: links(prose),
                fenced: false,
                heading: heading.to_owned(),
            });
            prose.clear();
        }
    };
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            match fence.take() {
                Some(code) => found.push(Paragraph {
                    code,
                    links: Vec::new(),
                    fenced: true,
                    heading: heading.to_owned(),
                }),
                None => {
                    flush(&mut prose, &mut found, heading);
                    fence = Some(Vec::new());
                }
            }
        } else if let Some(code) = &mut fence {
            code.push(line.to_owned());
        } else if line.trim().is_empty() || line.starts_with('#') {
            flush(&mut prose, &mut found, heading);
            if line.starts_with('#') {
                heading = line;
            }
        } else {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    flush(&mut prose, &mut found, heading);
    found
}

/// The relative targets of `[text](target)` links (`running.md#email`, `#certificates`).
fn links(text: &str) -> Vec<String> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|target| !target.contains("://") && !target.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The anchors of a doc's headings, as GitHub makes them: `### 5. Off-site copies` is
/// `5-off-site-copies`.
fn anchors(text: &str) -> BTreeSet<String> {
    let anchor = |heading: &str| {
        let heading = heading.trim_start_matches('#').trim().to_lowercase();
        let kept = heading.chars().filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        });
        kept.collect()
    };
    paragraphs(text)
        .iter()
        .map(|p| anchor(&p.heading))
        .collect()
}

/// The links of `paragraph` in the doc `doc` (its text `text`) that lead nowhere: no such file,
/// or no such heading in it.
fn broken_links(doc: &str, text: &str, paragraph: &Paragraph) -> Vec<String> {
    let folder = root().join(doc).parent().unwrap().to_path_buf();
    let leads_somewhere = |link: &String| {
        let (file, anchor) = link.split_once('#').unwrap_or((link, ""));
        match (file.is_empty(), anchor.is_empty()) {
            (true, _) => anchors(text).contains(anchor),
            (false, true) => folder.join(file).exists(),
            (false, false) => std::fs::read_to_string(folder.join(file))
                .is_ok_and(|target| anchors(&target).contains(anchor)),
        }
    };
    let broken = paragraph.links.iter().filter(|link| !leads_somewhere(link));
    broken.map(|link| format!("link {link}")).collect()
}

/// The words of some code, a `NAME=value` counting as its value, without the punctuation
/// around them (`(src/db/)`, `[--db PATH]`, `schema.sql.`).
fn words(code: &str) -> impl Iterator<Item = &str> {
    code.split_whitespace()
        .flat_map(|word| word.split('='))
        .map(|word| {
            word.trim_start_matches(['(', '[', '"', '\''])
                .trim_end_matches([')', ']', ',', ';', ':', '.', '"', '\''])
        })
        .filter(|word| !word.is_empty())
}

/// Whether `word` names a file or folder of the repository: it has a folder (`tests/api/`) or a
/// file's ending (`startup.rs`), and is none of what only looks like a path: an address
/// (`https://…`, `a@b.org`), an absolute or home path (the server's `/etc/default/jyoti`, the
/// site's own `/bn/notice` and `/api/…`), a name in the reader's folder (`./jyoti`), a list
/// (`80,443/tcp`) or a pattern (`*`, `{id}`, `<table>`, `…`, a folder in capitals: `NAME/`).
fn repo_name(word: &str) -> bool {
    let has_ending = word
        .rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.is_empty() && EXTENSIONS.contains(&ext));
    let placeholder =
        |part: &str| part.len() > 1 && part.chars().all(|c| c.is_ascii_uppercase() || c == '_');
    (word.contains('/') || has_ending)
        && !(word.contains("://")
            || word.starts_with(['/', '~'])
            || word.starts_with("./")
            || word.contains(['@', ',', '*', '{', '<', '…', '|', '?', '#', '$', '%'])
            || word.split('/').any(placeholder)
            || !word.chars().any(|c| c.is_ascii_lowercase()))
}

/// `path` without its `.` and `..` steps; None when it leaves the repository.
fn normal(path: &Path) -> Option<PathBuf> {
    let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
    for part in path.components() {
        match part {
            Component::Normal(name) => parts.push(name),
            Component::ParentDir => {
                parts.pop()?;
            }
            _ => {}
        }
    }
    Some(parts.iter().collect())
}

/// Whether the build makes `path` (it lies under a folder .gitignore names: `target/`,
/// `frontend/dist/`): such a name is right although a fresh clone lacks it.
fn made_by_the_build(path: &Path) -> bool {
    read(".gitignore")
        .lines()
        .filter(|line| !line.contains('*'))
        .any(|line| {
            let name = Path::new(line.trim_matches('/'));
            let mut parts = path.iter();
            if line.starts_with('/') {
                parts.next() == Some(name.as_os_str())
            } else {
                parts.any(|part| part == name)
            }
        })
}

/// Whether `name` exists from one of `folders` (relative to the repository's root).
fn found_from(name: &str, folders: &[PathBuf]) -> bool {
    folders.iter().any(|folder| {
        normal(&folder.join(name))
            .is_some_and(|path| root().join(&path).exists() || made_by_the_build(&path))
    })
}

/// `folder` and every folder above it, up to the root (the empty path).
fn with_parents(folder: &Path) -> Vec<PathBuf> {
    folder.ancestors().map(Path::to_path_buf).collect()
}

/// The names of `paragraph` that are not there. A name is read from the repository's root, or
/// from a folder the paragraph names (a named file's folder counts, and so does `cd DIR`); in
/// the Layout, from the folder it is listed under and the folders above it.
fn missing_names(paragraph: &Paragraph) -> Vec<String> {
    if paragraph.layout() {
        return missing_in_layout(&paragraph.code);
    }
    let mut folders = vec![PathBuf::new()];
    for code in &paragraph.code {
        let mut after_cd = false;
        for word in words(code) {
            if after_cd || repo_name(word) {
                // A file's path among its folders does no harm: nothing is found under a file.
                folders.extend(normal(Path::new(word)).iter().flat_map(|f| with_parents(f)));
            }
            after_cd = word == "cd";
        }
    }
    paragraph
        .code
        .iter()
        .flat_map(|code| words(code))
        .filter(|word| repo_name(word) && !found_from(word, &folders))
        .map(str::to_owned)
        .collect()
}

/// The Layout is a tree, one entry per line: a name, indented under its folder, then what it is
/// for. The names in that description are read from the entry's folder and those above it.
fn missing_in_layout(lines: &[String]) -> Vec<String> {
    let mut missing = Vec::new();
    for (path, description) in layout_entries(lines) {
        if repo_name(&path) && !found_from(&path, &[PathBuf::new()]) {
            missing.push(path.clone());
        }
        for word in words(&description) {
            if repo_name(word) && !found_from(word, &with_parents(Path::new(&path))) {
                missing.push(format!("{word} (under {path})"));
            }
        }
    }
    missing
}

/// Each entry of the Layout's tree: its path from the root (a folder's ends with `/`) and its
/// description.
fn layout_entries(lines: &[String]) -> Vec<(String, String)> {
    let mut folders: Vec<(usize, String)> = Vec::new();
    let mut entries = Vec::new();
    for line in lines.iter().filter(|line| !line.trim().is_empty()) {
        let indent = line.len() - line.trim_start().len();
        let (name, description) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        while folders.last().is_some_and(|(depth, _)| *depth >= indent) {
            folders.pop();
        }
        let path = match folders.last() {
            Some((_, folder)) => format!("{folder}{name}"),
            None => name.to_owned(),
        };
        if name.ends_with('/') {
            folders.push((indent, path.clone()));
        }
        entries.push((path, description.trim().to_owned()));
    }
    entries
}

#[test]
fn every_link_heading_and_file_name_in_the_docs_exists() {
    let mut missing = Vec::new();
    for doc in DOCS {
        let text = read(doc);
        for paragraph in paragraphs(&text) {
            let broken = broken_links(doc, &text, &paragraph);
            for name in broken.into_iter().chain(missing_names(&paragraph)) {
                missing.push(format!("{doc}: {name}"));
            }
        }
    }
    assert!(missing.is_empty(), "named but not there: {missing:#?}");
}

/// What `scripts/release` packs beside the binary: the files and folders its `cp` lines copy.
fn packed() -> BTreeSet<String> {
    read("scripts/release")
        .lines()
        .filter_map(|line| line.strip_prefix("cp "))
        .flat_map(str::split_whitespace)
        .filter(|word| !word.starts_with(['-', '"']))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_file_the_docs_link_is_in_the_release_archive() {
    let packed = packed();
    let mut outside = Vec::new();
    for doc in DOCS {
        let folder = Path::new(doc).parent().unwrap();
        for link in paragraphs(&read(doc)).into_iter().flat_map(|p| p.links) {
            let file = link.split('#').next().unwrap_or_default();
            let path = normal(&folder.join(file)).unwrap_or_default();
            let top = path
                .components()
                .next()
                .map(|top| top.as_os_str().to_string_lossy());
            if !file.is_empty() && !top.is_some_and(|top| packed.contains(top.as_ref())) {
                outside.push(format!("{doc}: {link}"));
            }
        }
    }
    assert!(packed.contains("docs"), "{packed:?}");
    assert!(outside.is_empty(), "linked, not packed: {outside:?}");
}

#[test]
fn the_layout_lists_every_file_and_folder_of_src() {
    let text = read("docs/development.md");
    let layout = paragraphs(&text).into_iter().find(Paragraph::layout);
    let listed: BTreeSet<String> = layout_entries(&layout.expect("a Layout").code)
        .into_iter()
        .map(|(path, _)| path)
        .collect();
    let unlisted: Vec<String> = std::fs::read_dir(root().join("src"))
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let slash = if path.is_dir() { "/" } else { "" };
            format!("src/{}{slash}", path.file_name().unwrap().to_string_lossy())
        })
        .filter(|name| !listed.contains(name))
        .collect();
    assert!(unlisted.is_empty(), "not in the Layout: {unlisted:?}");
}

/// The options of one `--help`: the flags its option lines start with.
fn options(help: &str) -> BTreeSet<String> {
    help.lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with('-'))
        .flat_map(|line| {
            line.split([' ', ','])
                .filter(|word| !word.is_empty())
                .take_while(|word| word.starts_with('-'))
        })
        .filter(|word| word.starts_with("--"))
        .map(str::to_owned)
        .collect()
}

/// The commands a `--help` lists (without clap's own `help`).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

/// Every command of the binary ("" is the server; "restore", "offsite list") with its options.
type Commands = BTreeMap<String, BTreeSet<String>>;

fn commands() -> Commands {
    let mut found = BTreeMap::new();
    let mut todo = vec![String::new()];
    while let Some(command) = todo.pop() {
        let out = Command::new(BIN)
            .args(command.split_whitespace().chain(["--help"]))
            .output()
            .unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        for sub in subcommands(&help) {
            todo.push(format!("{command} {sub}").trim().to_owned());
        }
        found.insert(command, options(&help));
    }
    found
}

/// Whether the binary takes `flag` although its `--help` hides it (a test-only option, such as
/// `--mail-retry-base`): clap refuses an unknown one as an "unexpected argument".
fn hidden_but_taken(flag: &str) -> bool {
    let out = Command::new(BIN)
        .args([flag, "--version"])
        .output()
        .unwrap();
    !String::from_utf8_lossy(&out.stderr).contains("unexpected argument")
}

/// The flags the docs give `jyoti`, each with the command it is given to: in a command line
/// (a backquoted span, or a fenced line with its indented continuation lines), the flags after
/// the word `jyoti` up to a `|`, `&&`, `;` or `#`, given to the command named after it; a
/// backquoted span that starts with a flag (`--db PATH`) names it for any command (None).
fn jyoti_flags(paragraphs: &[Paragraph], commands: &Commands) -> Vec<(Option<String>, String)> {
    let mut found = Vec::new();
    for paragraph in paragraphs.iter().filter(|paragraph| !paragraph.layout()) {
        let mut lines: Vec<String> = Vec::new();
        for code in &paragraph.code {
            match lines.last_mut() {
                Some(line) if paragraph.fenced && code.starts_with(' ') => *line += code,
                _ => lines.push(code.clone()),
            }
        }
        for line in &lines {
            if !paragraph.fenced {
                found.extend(words(line).next().and_then(flag).map(|flag| (None, flag)));
            }
            let commands_only = line.split(" #").next().unwrap_or_default();
            let commands_only = commands_only.replace("&&", " | ").replace("; ", " | ");
            for segment in commands_only.split(" | ") {
                let mut given_to: Option<String> = None;
                for word in words(segment) {
                    if word == "jyoti" || word == "./jyoti" {
                        given_to = Some(String::new());
                    } else if let Some(command) = &mut given_to {
                        let deeper = format!("{command} {word}").trim().to_owned();
                        match flag(word) {
                            Some(flag) => found.push((Some(command.clone()), flag)),
                            None if commands.contains_key(&deeper) => *command = deeper,
                            None => {}
                        }
                    }
                }
            }
        }
    }
    found
}

/// `word` when it is a flag (`--db`).
fn flag(word: &str) -> Option<String> {
    let name = word.strip_prefix("--")?;
    let valid = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    valid.then(|| word.to_owned())
}

/// The flags in `docs` that the binary's help does not list for the command they are given to.
fn unknown_flags(docs: &[(&str, String)], commands: &Commands) -> Vec<String> {
    let every: BTreeSet<&String> = commands.values().flatten().collect();
    let mut unknown = BTreeSet::new();
    for (doc, text) in docs {
        for (command, flag) in jyoti_flags(&paragraphs(text), commands) {
            let in_help = match &command {
                Some(command) => commands[command].contains(&flag),
                None => every.contains(&flag),
            };
            // The server's hidden options are for tests; development.md names them as such.
            let server = command
                .as_deref()
                .is_none_or(|c| c.is_empty() || c == "serve");
            let known = in_help || (server && hidden_but_taken(&flag));
            if !known {
                let given_to = command.map_or("any command".to_owned(), |c| format!("`jyoti {c}`"));
                unknown.insert(format!("{doc}: {flag} for {given_to}"));
            }
        }
    }
    unknown.into_iter().collect()
}

#[test]
fn every_flag_the_docs_give_jyoti_is_in_its_help() {
    let commands = commands();
    let docs: Vec<(&str, String)> = DOCS.iter().map(|doc| (*doc, read(doc))).collect();
    let unknown = unknown_flags(&docs, &commands);
    assert!(unknown.is_empty(), "not in `--help`: {unknown:#?}");
}

#[test]
fn the_checkers_find_a_missing_file_and_a_flag_the_binary_lacks() {
    let text = "See `src/no-such-file.rs`, `startup.rs`, `nowhere.rs`, [this](docs/nowhere.md), \
                [that](docs/running.md#nowhere) and [those](docs/running.md#email); \
                not `/etc/default/jyoti`, `/bn/notice` or `src/db/<table>.rs`.\n\n\
                ```sh\nsudo ./jyoti --db x.db restore --trust-name --no-such-flag BACKUP\n\
                jyoti --mail-retry-base 1ms\ncargo test --no-such-flag\n```\n\n\
                `--backup-every 6h`, `--nowhere`\n";
    let found = paragraphs(text);
    assert_eq!(
        broken_links("README.md", text, &found[0]),
        ["link docs/nowhere.md", "link docs/running.md#nowhere"]
    );
    assert_eq!(
        missing_names(&found[0]),
        ["src/no-such-file.rs", "nowhere.rs"]
    );
    let commands = commands();
    assert_eq!(
        unknown_flags(&[("test", text.to_owned())], &commands),
        [
            "test: --no-such-flag for `jyoti restore`",
            "test: --nowhere for any command"
        ]
    );
    let layout = [
        "src/",
        "  startup.rs  the server; state.rs beside it",
        "  gone.rs  old",
    ]
    .map(str::to_owned);
    assert_eq!(missing_in_layout(&layout), ["src/gone.rs"]);
}

#[test]
fn the_readme_is_short_and_names_the_test_command_ci_runs() {
    let readme = read("README.md");
    let lines = readme.lines().count();
    assert!(lines <= 200, "{lines} lines");
    let ci = read(".ci/run");
    assert!(readme.contains("scripts/test") && ci.contains("scripts/test"));
    // The code host runs the same command on every push and pull request, and builds a release
    // only from a commit whose tests passed.
    let workflow = read(".github/workflows/ci.yml");
    for part in [
        "push:",
        "pull_request:",
        "workflow_call:",
        "run: scripts/test",
    ] {
        assert!(workflow.contains(part), "ci.yml has {part}");
    }
    let release = read(".github/workflows/release.yml");
    assert!(
        release.contains("uses: ./.github/workflows/ci.yml") && release.contains("needs: test")
    );
    for doc in &DOCS[1..] {
        assert!(readme.contains(doc), "the README links {doc}");
    }
}

/// What `scripts/test` says when run with only `tools` on its PATH (each a link in a scratch
/// folder to the one this machine has): it stops at its checks with status 1, building nothing.
fn test_command_refusal(tools: &[&str], args: &[&str]) -> String {
    let bin = tempfile::tempdir().unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    for tool in tools {
        let found = std::env::split_paths(&path)
            .map(|dir| dir.join(tool))
            .find(|candidate| candidate.is_file())
            .unwrap_or_else(|| panic!("{tool} is not on this machine's PATH"));
        std::os::unix::fs::symlink(found, bin.path().join(tool)).unwrap();
    }
    let out = Command::new("/bin/bash")
        .arg(root().join("scripts/test"))
        .args(args)
        .env_clear()
        .env("PATH", bin.path())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{said}");
    said
}

#[test]
fn the_test_command_says_which_tool_is_missing_and_how_to_get_it() {
    let said = test_command_refusal(&["dirname"], &[]);
    assert!(
        said.contains("test: Rust is missing: install it from rustup"),
        "{said}"
    );
    let said = test_command_refusal(&["dirname", "cargo"], &[]);
    assert!(
        said.contains("test: Node.js 20+ with npm is missing"),
        "{said}"
    );

    // Without the browser, the ACME test CA and Python, and told not to install: the one
    // command to run.
    let tools = ["dirname", "cargo", "node", "npm", "id", "grep"];
    let said = test_command_refusal(&tools, &["--no-setup"]);
    let line = said
        .lines()
        .find_map(|line| line.strip_prefix("test: missing: "))
        .unwrap_or_else(|| panic!("no missing line in {said:?}"));
    let (names, command) = line.split_once(". Run: ").unwrap();
    assert_eq!(command, format!("sudo apt-get install -y {names}"));
    for tool in ["chromium", "pebble", "systemd", "python3", "python3-venv"] {
        assert!(
            names.split(' ').any(|name| name == tool),
            "{tool} in {line}"
        );
    }
}

/// The `mod NAME;` lines of a Rust file.
fn declared_modules(file: &Path) -> BTreeSet<String> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| {
            let line = line
                .trim_start()
                .strip_prefix("pub ")
                .unwrap_or(line.trim_start());
            let name = line.strip_prefix("mod ")?.strip_suffix(';')?;
            Some(name.trim().to_owned())
        })
        .collect()
}

/// Every `.rs` file of a test suite's folder (`tests/api/`, `tests/cli/`, …) and of its module
/// folders is a module of the suite: a file no `mod` line names is never compiled, so its tests
/// would never run and nothing would say so.
#[test]
fn every_test_file_is_declared_as_a_module_of_its_suite() {
    fn check(folder: &Path, parent: &Path, missing: &mut Vec<String>) {
        let declared = declared_modules(parent);
        let mut entries: Vec<_> = std::fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            if path.is_dir() && path.join("mod.rs").exists() {
                if !declared.contains(&name) {
                    missing.push(format!(
                        "{} (no `mod {name};` in {})",
                        path.display(),
                        parent.display()
                    ));
                }
                check(&path, &path.join("mod.rs"), missing);
            } else if path.extension().is_some_and(|ext| ext == "rs")
                && !["main.rs", "mod.rs", "lib.rs"].contains(&&*name_with_ext(&path))
                && !declared.contains(&name)
            {
                missing.push(format!(
                    "{} (no `mod {name};` in {})",
                    path.display(),
                    parent.display()
                ));
            }
        }
    }
    fn name_with_ext(path: &Path) -> String {
        path.file_name().unwrap().to_string_lossy().into_owned()
    }
    let mut missing = Vec::new();
    let mut suites = 0;
    for entry in std::fs::read_dir("tests").unwrap() {
        let folder = entry.unwrap().path();
        let root = ["main.rs", "lib.rs"]
            .iter()
            .map(|file| folder.join(file))
            .find(|file| file.exists());
        if let Some(root) = root {
            suites += 1;
            check(&folder, &root, &mut missing);
        }
    }
    assert!(suites >= 4, "the suites were found ({suites})");
    assert!(
        missing.is_empty(),
        "test files that never run:\n{}",
        missing.join("\n")
    );
}

/// The comments of `text` (a Rust or JavaScript file): each `//` line's words, and the lines of
/// each `/* … */` block.
fn comments(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if in_block {
            found.push(trimmed.trim_start_matches('*').to_owned());
            in_block = !trimmed.contains("*/");
        } else if trimmed.starts_with("/*") {
            found.push(trimmed.trim_start_matches("/**").to_owned());
            in_block = !trimmed.contains("*/");
        } else if let Some(at) = line.find("// ").or_else(|| line.find("//!")) {
            found.push(line[at..].to_owned());
        }
    }
    found
}

/// The repository paths a comment names: words with a folder and a file ending
/// (`docs/running.md`, `frontend/src/app/loader-faces.js`, `tests/api/helpers.rs`).
fn named_paths(comment: &str) -> Vec<String> {
    comment
        .split(|c: char| c.is_whitespace() || "`()[],;:\"'".contains(c))
        .map(|word| word.trim_end_matches(['.', '?', '!']))
        .filter(|word| word.contains('/') && !word.contains("://") && !word.starts_with('/'))
        .filter(|word| {
            word.rsplit_once('.')
                .is_some_and(|(_, ext)| EXTENSIONS.contains(&ext) || ext == "css")
        })
        .filter(|word| !word.contains(['*', '{', '$', '<']))
        // A pattern, not a file: `src/i18n/LANG/AREA.js`.
        .filter(|word| {
            !word
                .split(['/', '-', '.'])
                .any(|part| part.len() >= 3 && part.chars().all(|c| c.is_ascii_uppercase()))
        })
        .map(str::to_owned)
        .collect()
}

/// Whether `named`, written in a comment of `file`, is a file of the repository: from its root,
/// from the file's own folder or the one above it (a catalog names its twin in the other
/// language's folder), or from the
/// folders code is read from (`src/`, `frontend/`, `frontend/src/`).
fn names_a_file(file: &Path, named: &str) -> bool {
    let own = file.parent().unwrap_or(Path::new(""));
    [
        root().to_path_buf(),
        root().join(own),
        root().join(own.parent().unwrap_or(Path::new(""))),
        root().join("src"),
        root().join("frontend"),
        root().join("frontend/src"),
    ]
    .iter()
    .any(|base| base.join(named).exists())
        || made_by_the_build(Path::new(named))
}

fn code_files(folder: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(root().join(folder)).unwrap() {
        let name = entry.unwrap().file_name();
        let path = folder.join(&name);
        if root().join(&path).is_dir() {
            if !["node_modules", "dist", "test-results", "migrations"]
                .contains(&&*name.to_string_lossy())
            {
                code_files(&path, found);
            }
        } else if path
            .extension()
            .is_some_and(|ext| ["rs", "js", "jsx", "mjs"].contains(&&*ext.to_string_lossy()))
        {
            found.push(path);
        }
    }
}

#[test]
fn every_file_a_comment_names_exists() {
    let mut files = Vec::new();
    for folder in ["src", "tests", "frontend/src", "frontend/e2e", "scripts"] {
        if root().join(folder).exists() {
            code_files(Path::new(folder), &mut files);
        }
    }
    files.push(PathBuf::from("frontend/build.mjs"));
    let mut named = 0;
    let mut missing = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        for comment in comments(&text) {
            for path in named_paths(&comment) {
                named += 1;
                if !names_a_file(file, &path) {
                    missing.push(format!("{}: {path}", file.display()));
                }
            }
        }
    }
    assert!(named > 50, "the comments were read ({named} paths named)");
    assert!(
        missing.is_empty(),
        "comments name files that are not there:\n{}",
        missing.join("\n")
    );
}
