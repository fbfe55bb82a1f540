//! The house rules the code keeps, checked like code: the server's modules import one way (no
//! module reaches, directly or through others, a module that imports it back), and the rooms stay
//! small (files under `src/db/` at most 350 lines, functions at most 80), and no request state
//! rides on its task or thread.
//!
//! The import graph is the `use crate::` graph, read from the source: every `crate::` path is
//! followed to the module that defines its item. A facade's `pub use` (`db::run` is
//! `db::transactions::run`) is followed through; a module's own `super::` and `self::` paths stay
//! inside one room and are not counted; `#[cfg(test)]` modules are left out (a test may reach
//! anywhere).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module of the library: its child modules, the items it re-exports and what its code names.
#[derive(Default)]
struct Module {
    children: BTreeSet<String>,
    /// `pub use a::b::c as d;`: `d` → the absolute path of `c`.
    reexports: BTreeMap<String, Vec<String>>,
    /// Every path its code names, made absolute.
    paths: Vec<Vec<String>>,
}

fn src() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The module path of a file under src/ (`db/mod.rs` → `db`, `lib.rs` → the root).
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib") {
        parts.push(stem.to_owned());
    }
    parts
}

fn rust_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// The code of a file without its comments, its string literals' contents and its test module.
fn code_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            '"' => {
                out.push('"');
                let mut escaped = false;
                for c in chars.by_ref() {
                    if c == '"' && !escaped {
                        break;
                    }
                    escaped = c == '\\' && !escaped;
                }
                out.push('"');
            }
            // A char literal such as '{' (a lifetime's quote is kept as it is).
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                let mut it = rest.chars();
                match (it.next(), it.next(), it.next()) {
                    (Some('\\'), _, _) => {
                        for c in chars.by_ref() {
                            if c == '\'' {
                                break;
                            }
                        }
                        out.push_str("' '");
                    }
                    (Some(_), Some('\''), _) => {
                        chars.next();
                        chars.next();
                        out.push_str("' '");
                    }
                    _ => out.push('\''),
                }
            }
            _ => out.push(c),
        }
    }
    match out.find("#[cfg(test)]") {
        Some(at) => out[..at].to_owned(),
        None => out,
    }
}

fn ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths written at `text[at..]`: `a::b::{c, d::e}` gives `a::b::c` and `a::b::d::e`.
fn paths_at(text: &str) -> Vec<Vec<String>> {
    let mut prefix = Vec::new();
    let mut rest = text;
    loop {
        let end = rest.find(|c: char| !ident_char(c)).unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        prefix.push(rest[..end].to_owned());
        rest = &rest[end..];
        let Some(after) = rest.strip_prefix("::") else {
            return vec![prefix];
        };
        rest = after;
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut close = group.len();
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            close = i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let inner = &group[..close];
            let mut parts = Vec::new();
            let (mut depth, mut start) = (0, 0);
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        parts.push(&inner[start..i]);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            parts.push(&inner[start..]);
            return parts
                .into_iter()
                .map(str::trim)
                .filter(|part| !part.is_empty())
                .flat_map(|part| {
                    let part = part.split(" as ").next().unwrap().trim();
                    if part == "self" {
                        return vec![prefix.clone()];
                    }
                    paths_at(part)
                        .into_iter()
                        .map(|tail| [prefix.clone(), tail].concat())
                        .collect()
                })
                .collect();
        }
    }
    if prefix.is_empty() {
        Vec::new()
    } else {
        vec![prefix]
    }
}

/// `path` made absolute from `module`: `crate::` from the root, `super::` from the parent,
/// `self::` and a child's name from the module itself.
fn absolute(module: &[String], path: &[String]) -> Vec<String> {
    let mut base = module.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        _ => {
            while rest.first().is_some_and(|part| part == "super") {
                base.pop();
                rest = &rest[1..];
            }
        }
    }
    [base, rest.to_vec()].concat()
}

fn read_modules() -> BTreeMap<Vec<String>, Module> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut modules: BTreeMap<Vec<String>, Module> = BTreeMap::new();
    let mut codes = Vec::new();
    for file in files {
        let relative = file.strip_prefix(src()).unwrap().to_owned();
        // The binary's own crate, which reaches the library by its name.
        if relative == Path::new("main.rs") {
            continue;
        }
        let module = module_of(&relative);
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        modules.entry(module.clone()).or_default();
        if let Some((parent, name)) = module.split_last().map(|(n, p)| (p.to_vec(), n.clone())) {
            modules.entry(parent).or_default().children.insert(name);
        }
        codes.push((module, code));
    }
    for (module, code) in codes {
        let mut found = Vec::new();
        let mut reexports = BTreeMap::new();
        for statement in code.split(';') {
            let trimmed = statement.trim_start();
            let Some(used) = trimmed
                .strip_prefix("pub use ")
                .or_else(|| trimmed.strip_prefix("pub(crate) use "))
            else {
                continue;
            };
            for path in paths_at(used.trim()) {
                let name = used
                    .split(" as ")
                    .nth(1)
                    .filter(|_| !used.contains('{'))
                    .map(|alias| alias.trim().to_owned())
                    .unwrap_or_else(|| path.last().unwrap().clone());
                reexports.insert(name, absolute(&module, &path));
            }
        }
        for (at, _) in code.char_indices() {
            if at > 0 && {
                let before = code[..at].chars().next_back().unwrap();
                ident_char(before) || before == ':'
            } {
                continue;
            }
            let rest = &code[at..];
            let word_end = rest.find(|c: char| !ident_char(c)).unwrap_or(rest.len());
            let word = &rest[..word_end];
            let starts_path = word == "crate";
            if starts_path && rest[word_end..].starts_with("::") {
                found.extend(paths_at(rest).iter().map(|path| absolute(&module, path)));
            }
        }
        let entry = modules.get_mut(&module).unwrap();
        entry.paths = found;
        entry.reexports = reexports;
    }
    modules
}

/// The module that defines what `path` names: its deepest module, through any re-exports.
fn defining(modules: &BTreeMap<Vec<String>, Module>, path: &[String], hops: usize) -> Vec<String> {
    let mut at: Vec<String> = Vec::new();
    for (i, part) in path.iter().enumerate() {
        let module = &modules[&at];
        if module.children.contains(part) {
            at.push(part.clone());
            continue;
        }
        if let Some(target) = module.reexports.get(part) {
            if hops < 8 && target.as_slice() != &path[..=i] {
                let mut through = target.clone();
                through.extend_from_slice(&path[i + 1..]);
                return defining(modules, &through, hops + 1);
            }
        }
        break;
    }
    at
}

/// Which module imports which (each edge to a module other than itself).
fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = read_modules();
    let name = |path: &[String]| {
        if path.is_empty() {
            "crate".to_owned()
        } else {
            path.join("::")
        }
    };
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, module) in &modules {
        let edges = graph.entry(name(path)).or_default();
        for used in &module.paths {
            let target = defining(&modules, used, 0);
            // A module's own children are declared in it (`mod x;`): only a use of one counts,
            // and that is a path through it, which `defining` already followed.
            if target != *path {
                edges.insert(name(&target));
            }
        }
    }
    graph
}

/// The import loops of `graph`: its strongly connected parts of more than one module.
fn loops(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Tarjan's algorithm, kept simple for a graph of a hundred modules.
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, node: &'g str) {
            let n = self.index.len();
            self.index.insert(node, n);
            self.low.insert(node, n);
            self.stack.push(node);
            for next in self.graph.get(node).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.stack.contains(&next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut part = Vec::new();
                while let Some(top) = self.stack.pop() {
                    part.push(top.to_owned());
                    if top == node {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.found
}

/// One loop's imports, to say where to cut it.
fn describe(graph: &BTreeMap<String, BTreeSet<String>>, part: &[String]) -> String {
    part.iter()
        .map(|module| {
            let inside: Vec<&str> = graph[module]
                .iter()
                .filter(|target| part.contains(target))
                .map(String::as_str)
                .collect();
            format!("  {module} → {}", inside.join(", "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_servers_modules_import_one_way() {
    let graph = import_graph();
    assert!(
        graph.len() > 50,
        "the source was not read: {} modules",
        graph.len()
    );
    // The reader follows what it must: a facade's re-export and a child's path.
    assert!(graph["routes"].contains("access"), "{:?}", graph["routes"]);
    assert!(
        graph
            .values()
            .any(|edges| edges.contains("db::transactions")),
        "`db::run` is followed to where it is defined"
    );
    let found = loops(&graph);
    let said: Vec<String> = found
        .iter()
        .map(|part| format!("{} modules:\n{}", part.len(), describe(&graph, part)))
        .collect();
    assert!(
        found.is_empty(),
        "import loops in src/:\n{}",
        said.join("\n")
    );
}

#[test]
fn the_loop_finder_finds_a_loop() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a", "d"]),
        ("d", vec![]),
    ]
    .into_iter()
    .map(|(from, to)| (from.to_owned(), to.into_iter().map(str::to_owned).collect()))
    .collect();
    assert_eq!(loops(&graph), vec![vec!["a", "b", "c"]]);
    assert_eq!(
        paths_at("crate::db::{self, audit::{Entry, Kind}, Pool};"),
        vec![
            vec!["crate", "db"],
            vec!["crate", "db", "audit", "Entry"],
            vec!["crate", "db", "audit", "Kind"],
            vec!["crate", "db", "Pool"],
        ]
    );
}

#[test]
fn files_under_db_are_at_most_350_lines() {
    let mut files = Vec::new();
    rust_files(&src().join("db"), &mut files);
    let long: Vec<String> = files
        .iter()
        .filter(|file| {
            !file
                .components()
                .any(|part| part.as_os_str() == "migrations")
        })
        .filter_map(|file| {
            let lines = std::fs::read_to_string(file).unwrap().lines().count();
            (lines > 350).then(|| format!("{} ({lines} lines)", file.display()))
        })
        .collect();
    assert!(long.is_empty(), "split these: {long:?}");
}

/// The functions of `code` (comments and strings already blanked by [`code_of`]) longer than
/// `most` lines, from the `fn` line to the closing brace: `(name, line, length)`.
fn long_functions(code: &str, most: usize) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let mut words = line.split_whitespace().peekable();
        while words.peek().is_some_and(|word| {
            word.starts_with("pub") || ["async", "const", "unsafe", "extern"].contains(word)
        }) {
            words.next();
        }
        if words.next() != Some("fn") {
            continue;
        }
        let name: String = words
            .next()
            .unwrap_or_default()
            .chars()
            .take_while(|c| ident_char(*c))
            .collect();
        let (mut depth, mut opened) = (0i32, false);
        let mut end = None;
        'body: for (offset, body_line) in lines[at..].iter().enumerate() {
            for c in body_line.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    // A declaration without a body (a trait's).
                    ';' if !opened => break 'body,
                    _ => {}
                }
                if opened && depth == 0 {
                    end = Some(offset);
                    break 'body;
                }
            }
        }
        if let Some(length) = end.map(|offset| offset + 1) {
            if length > most {
                found.push((name, at + 1, length));
            }
        }
    }
    found
}

#[test]
fn no_function_in_src_is_over_80_lines() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut long = Vec::new();
    let mut functions = 0;
    for file in &files {
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        functions += long_functions(&code, 0).len();
        for (name, line, length) in long_functions(&code, 80) {
            let file = file.strip_prefix(src()).unwrap().display();
            long.push(format!("src/{file}:{line} {name} ({length} lines)"));
        }
    }
    assert!(functions > 500, "the functions were read ({functions})");
    assert!(long.is_empty(), "split these:\n{}", long.join("\n"));
}

#[test]
fn the_length_check_counts_a_body_and_skips_a_declaration() {
    let code =
        "trait T {\n    fn declared(&self);\n}\n\npub async fn short() {\n    let a = 1;\n}\n";
    assert_eq!(long_functions(code, 0), vec![("short".to_owned(), 5, 3)]);
}

#[test]
fn no_request_state_is_kept_on_the_task_or_the_thread() {
    // The activity-log trail is a value the access check hands to the handler, and the handler
    // to `db::run_as`; what the work notes is a value `audited` hands it. Nothing of a request
    // is kept on its task or thread for a lower layer to find. (`db/versions.rs` keeps which
    // tables the work on a pooled connection wrote, as SQLite's hook on that connection says.)
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let found: Vec<String> = files
        .iter()
        .filter(|file| {
            let code = code_of(&std::fs::read_to_string(file).unwrap());
            code.contains("task_local!")
                || (code.contains("thread_local!") && !file.ends_with("db/versions.rs"))
        })
        .map(|file| file.display().to_string())
        .collect();
    assert!(
        found.is_empty(),
        "state kept on a task or thread in {found:?}"
    );
}
