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
    let mut found = Vec::new();
    let (mut key, mut value) = (String::new(), String::new());
    // Where trailing blanks of the key and of an unquoted value begin, if they do.
    let (mut key_blank, mut value_blank): (Option<usize>, Option<usize>) = (None, None);
    let mut state = State::PreKey;
    let blank = |c: char| matches!(c, ' ' | '\t' | '\n' | '\r');
    let newline = |c: char| matches!(c, '\n' | '\r');
    let mut push = |key: &mut String, value: &mut String, key_blank: Option<usize>| {
        if let Some(at) = key_blank {
            key.truncate(at);
        }
        found.push((std::mem::take(key), std::mem::take(value)));
    };
    for c in text.chars() {
        state = match state {
            State::PreKey if c == '#' || c == ';' => State::Comment,
            State::PreKey if blank(c) => State::PreKey,
            State::PreKey => {
                key.clear();
                key.push(c);
                key_blank = None;
                State::Key
            }
            State::Key if newline(c) => {
                key.clear();
                State::PreKey
            }
            State::Key if c == '=' => {
                value.clear();
                value_blank = None;
                State::PreValue
            }
            State::Key => {
                if !blank(c) {
                    key_blank = None;
                } else if key_blank.is_none() {
                    key_blank = Some(key.len());
                }
                key.push(c);
                State::Key
            }
            State::PreValue if newline(c) => {
                push(&mut key, &mut value, key_blank);
                State::PreKey
            }
            State::PreValue if c == '\'' => State::Single,
            State::PreValue if c == '"' => State::Double,
            State::PreValue if c == '\\' => State::ValueEscape,
            State::PreValue if blank(c) => State::PreValue,
            State::PreValue => {
                value.push(c);
                State::Value
            }
            State::Value if newline(c) => {
                if let Some(at) = value_blank {
                    value.truncate(at);
                }
                push(&mut key, &mut value, key_blank);
                State::PreKey
            }
            State::Value if c == '\\' => {
                value_blank = None;
                State::ValueEscape
            }
            State::Value => {
                if !blank(c) {
                    value_blank = None;
                } else if value_blank.is_none() {
                    value_blank = Some(value.len());
                }
                value.push(c);
                State::Value
            }
            State::ValueEscape => {
                if !newline(c) {
                    value.push(c);
                }
                State::Value
            }
            State::Single if c == '\'' => State::PreValue,
            State::Single => {
                value.push(c);
                State::Single
            }
            State::Double if c == '"' => State::PreValue,
            State::Double if c == '\\' => State::DoubleEscape,
            State::Double => {
                value.push(c);
                State::Double
            }
            State::DoubleEscape => {
                if matches!(c, '"' | '\\' | '`' | '$') {
                    value.push(c);
                } else if c != '\n' {
                    value.push('\\');
                    value.push(c);
                }
                State::Double
            }
            State::Comment if c == '\\' => State::CommentEscape,
            State::Comment if newline(c) => State::PreKey,
            State::Comment => State::Comment,
            State::CommentEscape if newline(c) => State::PreKey,
            State::CommentEscape => State::Comment,
        };
    }
    match state {
        State::Value => {
            if let Some(at) = value_blank {
                value.truncate(at);
            }
            push(&mut key, &mut value, key_blank);
        }
        State::PreValue
        | State::ValueEscape
        | State::Single
        | State::Double
        | State::DoubleEscape => push(&mut key, &mut value, key_blank),
        _ => {}
    }
    // systemd drops assignments whose name is not a valid variable name.
    found.retain(|(key, _)| {
        key.chars().next().is_some_and(|c| !c.is_ascii_digit())
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    });
    found
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
