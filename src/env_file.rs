//! The environment file (`/etc/default/jyoti`) read exactly as systemd reads `EnvironmentFile=`,
//! so the service and the commands a volunteer types agree byte for byte on every value — a
//! passphrase with spaces, `$`, `#`, quotes or a backslash included. A shell's `. file` does
//! not: it expands `$`, splits at spaces and runs what follows.
//!
//! The rules (systemd's `load_env_file`): `KEY=VALUE` per line; lines starting with `#` or `;`
//! are comments; blanks around the key and before the value are dropped, and after an unquoted
//! value too; in an unquoted value a backslash takes the next character as it is (at a line's
//! end it joins the next line); `'…'` keeps everything as written; in `"…"` a backslash escapes
//! `"`, `\`, `` ` `` and `$` and is kept before any other character; nothing is ever expanded.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Where the service's environment file lives; the commands read it too when it is there.
pub const DEFAULT: &str = "/etc/default/jyoti";

#[derive(Clone, Copy, PartialEq)]
enum State {
    PreKey,
    Key,
    PreValue,
    Value,
    ValueEscape,
    Single,
    Double,
    DoubleEscape,
    Comment,
    CommentEscape,
}

/// The assignments of an environment file, in order (a later one for the same key wins).
pub fn parse(text: &str) -> Vec<(String, String)> {
    let mut reading = Reading::default();
    let mut state = State::PreKey;
    for c in text.chars() {
        state = reading.step(state, c);
    }
    match state {
        State::Value => reading.push_unquoted(),
        State::PreValue
        | State::ValueEscape
        | State::Single
        | State::Double
        | State::DoubleEscape => reading.push(),
        _ => {}
    }
    let mut found = reading.found;
    // systemd drops assignments whose name is not a valid variable name.
    found.retain(|(key, _)| {
        key.chars().next().is_some_and(|c| !c.is_ascii_digit())
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    });
    found
}

/// A blank: a space, a tab or a line end.
fn blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

/// A line end.
fn newline(c: char) -> bool {
    matches!(c, '\n' | '\r')
}

/// What [`parse`] has read so far: the assignments found, and the key and value being read.
#[derive(Default)]
struct Reading {
    found: Vec<(String, String)>,
    key: String,
    value: String,
    /// Where trailing blanks of the key and of an unquoted value begin, if they do.
    key_blank: Option<usize>,
    value_blank: Option<usize>,
}

impl Reading {
    /// Keeps the assignment read, its key without trailing blanks.
    fn push(&mut self) {
        if let Some(at) = self.key_blank {
            self.key.truncate(at);
        }
        let assignment = (
            std::mem::take(&mut self.key),
            std::mem::take(&mut self.value),
        );
        self.found.push(assignment);
    }

    /// Keeps the assignment read, its unquoted value without trailing blanks too.
    fn push_unquoted(&mut self) {
        if let Some(at) = self.value_blank {
            self.value.truncate(at);
        }
        self.push();
    }

    /// The state after `c`, read in `state`.
    fn step(&mut self, state: State, c: char) -> State {
        match state {
            State::PreKey | State::Key => self.in_key(state, c),
            State::PreValue | State::Value | State::ValueEscape => self.in_value(state, c),
            State::Single | State::Double | State::DoubleEscape => self.in_quotes(state, c),
            State::Comment | State::CommentEscape => in_comment(state, c),
        }
    }

    /// A character before or in the key.
    fn in_key(&mut self, state: State, c: char) -> State {
        match state {
            State::PreKey if c == '#' || c == ';' => State::Comment,
            State::PreKey if blank(c) => State::PreKey,
            State::PreKey => {
                self.key.clear();
                self.key.push(c);
                self.key_blank = None;
                State::Key
            }
            State::Key if newline(c) => {
                self.key.clear();
                State::PreKey
            }
            State::Key if c == '=' => {
                self.value.clear();
                self.value_blank = None;
                State::PreValue
            }
            // State::Key: the key goes on.
            _ => {
                if !blank(c) {
                    self.key_blank = None;
                } else if self.key_blank.is_none() {
                    self.key_blank = Some(self.key.len());
                }
                self.key.push(c);
                State::Key
            }
        }
    }

    /// A character after the `=`, outside quotes.
    fn in_value(&mut self, state: State, c: char) -> State {
        match state {
            State::PreValue if newline(c) => {
                self.push();
                State::PreKey
            }
            State::PreValue if c == '\'' => State::Single,
            State::PreValue if c == '"' => State::Double,
            State::PreValue if c == '\\' => State::ValueEscape,
            State::PreValue if blank(c) => State::PreValue,
            State::PreValue => {
                self.value.push(c);
                State::Value
            }
            State::Value if newline(c) => {
                self.push_unquoted();
                State::PreKey
            }
            State::Value if c == '\\' => {
                self.value_blank = None;
                State::ValueEscape
            }
            State::Value => {
                if !blank(c) {
                    self.value_blank = None;
                } else if self.value_blank.is_none() {
                    self.value_blank = Some(self.value.len());
                }
                self.value.push(c);
                State::Value
            }
            // State::ValueEscape: the character as it is; an escaped line end joins the lines.
            _ => {
                if !newline(c) {
                    self.value.push(c);
                }
                State::Value
            }
        }
    }

    /// A character inside `'…'` or `"…"`.
    fn in_quotes(&mut self, state: State, c: char) -> State {
        match state {
            State::Single if c == '\'' => State::PreValue,
            State::Single => {
                self.value.push(c);
                State::Single
            }
            State::Double if c == '"' => State::PreValue,
            State::Double if c == '\\' => State::DoubleEscape,
            State::Double => {
                self.value.push(c);
                State::Double
            }
            // State::DoubleEscape.
            _ => {
                if matches!(c, '"' | '\\' | '`' | '$') {
                    self.value.push(c);
                } else if c != '\n' {
                    self.value.push('\\');
                    self.value.push(c);
                }
                State::Double
            }
        }
    }
}

/// A character in a comment, which a backslash carries past the end of its line.
fn in_comment(state: State, c: char) -> State {
    match state {
        State::Comment if c == '\\' => State::CommentEscape,
        State::Comment if newline(c) => State::PreKey,
        State::Comment => State::Comment,
        State::CommentEscape if newline(c) => State::PreKey,
        // State::CommentEscape: the comment goes on.
        _ => State::Comment,
    }
}

/// `value` written so that [`parse`] (and systemd) read it back exactly: single quotes, or
/// double quotes with `"`, `\`, `` ` `` and `$` escaped when it holds a single quote.
pub fn quote(value: &str) -> String {
    if !value.contains('\'') && !value.contains('\n') && !value.contains('\r') {
        return format!("'{value}'");
    }
    let mut quoted = String::from("\"");
    for c in value.chars() {
        if matches!(c, '"' | '\\' | '`' | '$') {
            quoted.push('\\');
        }
        quoted.push(c);
    }
    quoted.push('"');
    quoted
}

/// The file `--env-file` names in `args` (and `args` without it), or `default` when it exists.
fn chosen(args: &[OsString], default: &Path) -> (Option<(PathBuf, bool)>, Vec<OsString>) {
    let mut rest = Vec::with_capacity(args.len());
    let mut named = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if named.is_none() && text == "--env-file" {
            named = args.next().map(PathBuf::from);
            continue;
        }
        if let Some(path) = text.strip_prefix("--env-file=").filter(|_| named.is_none()) {
            named = Some(PathBuf::from(path));
            continue;
        }
        rest.push(arg.clone());
    }
    let chosen = match named {
        Some(path) => Some((path, true)),
        None => default.exists().then(|| (default.to_path_buf(), false)),
    };
    (chosen, rest)
}

/// Sets each variable of the environment file (`--env-file FILE` anywhere in `args`, else the
/// default one when it exists) that the environment does not set already: what systemd gives
/// the service, the commands get too. Answers the arguments without `--env-file`, for the
/// command line's parser. Called first thing, before any other thread exists. A file named on
/// the command line that cannot be read is an error; the default one only a note.
pub fn load(args: &[OsString]) -> Result<Vec<OsString>, String> {
    let (chosen, rest) = chosen(args, Path::new(DEFAULT));
    let Some((path, named)) = chosen else {
        return Ok(rest);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) if named => {
            return Err(format!(
                "cannot read the --env-file {}: {err}",
                path.display()
            ))
        }
        Err(err) => {
            // The service, run as its own user, has the values from systemd already; the
            // account commands, run as that user too (`runuser -u jyoti -- jyoti create-admin`),
            // need none of the file.
            let given =
                std::env::vars_os().any(|(key, _)| key.to_string_lossy().starts_with("JYOTI_"));
            let accounts = rest.iter().any(|arg| {
                matches!(
                    arg.to_str(),
                    Some("create-admin" | "reset-password" | "rotate-secret")
                )
            });
            if !given && !accounts {
                eprintln!(
                    "note: {} is not read ({err}); run as its owner, or give --env-file",
                    path.display()
                );
            }
            return Ok(rest);
        }
    };
    for (key, value) in parse(&text) {
        if std::env::var_os(&key).is_none() {
            std::env::set_var(key, value);
        }
    }
    Ok(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_file_is_read_when_it_exists_and_env_file_names_another() {
        let dir = tempfile::tempdir().unwrap();
        let default = dir.path().join("jyoti");
        let args = |list: &[&str]| list.iter().map(OsString::from).collect::<Vec<_>>();
        let (none, rest) = chosen(&args(&["jyoti", "backup"]), &default);
        assert!(none.is_none());
        assert_eq!(rest, args(&["jyoti", "backup"]));
        std::fs::write(&default, "JYOTI_OFFSITE_PASSPHRASE='a b'\n").unwrap();
        let (found, _) = chosen(&args(&["jyoti", "backup"]), &default);
        assert_eq!(
            found,
            Some((default.clone(), false)),
            "the default, when it exists"
        );
        let (named, rest) = chosen(
            &args(&["jyoti", "--env-file", "/x/env", "backup"]),
            &default,
        );
        assert_eq!(named, Some((PathBuf::from("/x/env"), true)));
        assert_eq!(rest, args(&["jyoti", "backup"]));
        let (named, _) = chosen(&args(&["jyoti", "backup", "--env-file=/y"]), &default);
        assert_eq!(named, Some((PathBuf::from("/y"), true)));
    }

    #[test]
    fn the_quoting_examples_in_deploy_jyoti_env_read_as_they_say() {
        let header = include_str!("../deploy/jyoti.env");
        let examples: Vec<String> = header
            .lines()
            .map_while(|line| line.strip_prefix('#'))
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ")
            .split(": PASSPHRASE=")
            .skip(1)
            .map(|rest| {
                // The example runs to the end of its quotes.
                let quote = rest.chars().next().unwrap();
                let mut end = 1;
                let mut escaped = false;
                for (at, c) in rest.char_indices().skip(1) {
                    match c {
                        '\\' if quote == '"' && !escaped => escaped = true,
                        c if c == quote && !escaped => {
                            end = at + 1;
                            break;
                        }
                        _ => escaped = false,
                    }
                }
                one(&format!("PASSPHRASE={}", &rest[..end]))
            })
            .collect();
        assert_eq!(
            examples,
            ["Jyoti$2026 night #1 \"lamp\"", "it's $5 a \"lamp\""],
            "deploy/jyoti.env's examples"
        );
    }

    fn one(text: &str) -> String {
        let found = parse(text);
        assert_eq!(found.len(), 1, "{text:?}: {found:?}");
        found[0].1.clone()
    }

    #[test]
    fn values_are_read_as_systemd_reads_them() {
        let cases = [
            ("A=plain", "plain"),
            ("A = spaced out  ", "spaced out"),
            ("A=two words # not a comment", "two words # not a comment"),
            ("A=Jyoti$2026-lamp", "Jyoti$2026-lamp"),
            ("A='single $HOME \"q\" \\n'", "single $HOME \"q\" \\n"),
            ("A=\"dq \\\" \\\\ \\$ \\` \\n\"", "dq \" \\ $ ` \\n"),
            ("A=back\\ slash\\\\", "back slash\\"),
            ("A='glued'\"on\"", "gluedon"),
            ("A=line\\\ncontinued", "linecontinued"),
            ("A=", ""),
            ("A=  ", ""),
        ];
        for (text, value) in cases {
            assert_eq!(one(text), value, "{text:?}");
        }
    }

    #[test]
    fn comments_blank_lines_and_bad_names_are_skipped() {
        let text = "# a comment\n; another\n\n  KEY=1\nnot an assignment\n1BAD=2\nB-AD=3\nOK_2=4";
        let found = parse(text);
        assert_eq!(
            found,
            [("KEY".into(), "1".into()), ("OK_2".into(), "4".into())]
        );
    }

    #[test]
    fn a_quoted_value_reads_back_exactly() {
        for value in [
            "correct horse battery staple",
            "Jyoti$2026-night school #1",
            "it's \"quoted\" and back\\slashed",
            "`tick` $(not run) ; & | < >",
        ] {
            assert_eq!(one(&format!("P={}", quote(value))), value);
        }
    }
}
