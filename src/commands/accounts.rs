//! The account commands: create-admin, reset-password (the password typed at a hidden prompt
//! or piped in) and rotate-secret.

use super::{database_error, existing, on_database, record};
use crate::audit;
use crate::cli::{AccountArgs, CreateAdminArgs, DbArg, SecondFactorCommand};
use crate::db;
use crate::db::audit::{Change, CHANGED};
use crate::domain::{Email, NewUser, Password, Role};
use rusqlite::Connection;
use std::io::{BufRead, IsTerminal, Read};

/// Alerts every admin (and the server's `--alert-to`) to the role a command gave `user`, who
/// had the role `was` (`None`: a new account).
fn role_alert(conn: &Connection, user: &db::users::User, was: Option<Role>) -> Result<(), String> {
    let by = "A server command (create-admin)";
    let alert = crate::alerts::Alert::role_changed(by, "", user, was, user.role);
    crate::alerts::raise(conn, &alert, None)
        .map(|_| ())
        .map_err(database_error)
}

/// The account's email as typed on the command line.
fn email_of(args: &AccountArgs) -> Result<Email, String> {
    Email::parse(Some(args.email.clone())).map_err(|why| format!("the email {why}"))
}

fn hash(password: &Password, cost: u32) -> Result<String, String> {
    bcrypt::hash(password.expose(), cost).map_err(|e| format!("cannot hash the password: {e}"))
}

/// Creates an admin, or makes an existing user admin. The password comes from stdin so it never
/// shows in the shell history or the process list.
pub fn create_admin(args: CreateAdminArgs) -> Result<(), String> {
    let CreateAdminArgs { account, create } = args;
    let email = email_of(&account)?;
    let shown = account.db.db.display().to_string();
    if !create {
        existing(&account.db.db, ", or add --create to make a new one")?;
    }
    let password = read_password(Password::parse_length)?;
    let password_hash = hash(&password, account.bcrypt_cost)?;
    on_database(&account.db.db, move |conn| {
        // Whoever registered this email first must not keep a way in: the typed password
        // replaces theirs and their sessions end.
        let before = db::users::find_by_email(conn, &email).map_err(database_error)?;
        // The first admin of a site is no news to anyone; every later one is alerted.
        let had_admin = db::users::any_admin(conn).map_err(database_error)?;
        if let Some(user) =
            db::users::promote(conn, &email, &password_hash).map_err(database_error)?
        {
            let mut changes = vec![Change {
                field: "password".into(),
                old: String::new(),
                new: CHANGED.into(),
            }];
            let was = before.filter(|b| b.role != user.role).map(|b| b.role);
            if let Some(was) = was {
                changes.insert(
                    0,
                    Change {
                        field: "role".into(),
                        old: was.to_string(),
                        new: user.role.to_string(),
                    },
                );
            }
            let target = format!("user {} \"{}\"", user.id, user.email);
            if had_admin && was.is_some() {
                role_alert(conn, &user, was)?;
            }
            record(
                conn,
                &audit::by_command("made admin (create-admin)", &target, changes),
            )?;
            println!(
                "{} already had an account in {shown}: it is now an admin with the password you typed, and its sessions are signed out",
                user.email
            );
            return Ok(());
        }
        let user = NewUser {
            firstname: "Admin".into(),
            lastname: String::new(),
            department: String::new(),
            year: String::new(),
            email,
            password,
        };
        let user =
            db::users::insert(conn, &user, &password_hash, Role::Admin).map_err(database_error)?;
        let target = format!("user {} \"{}\"", user.id, user.email);
        let role = vec![Change {
            field: "role".into(),
            old: String::new(),
            new: user.role.to_string(),
        }];
        if had_admin {
            role_alert(conn, &user, None)?;
        }
        record(
            conn,
            &audit::by_command("admin created (create-admin)", &target, role),
        )?;
        println!("created admin {} in {shown}", user.email);
        Ok(())
    })
}

/// Sets a new password and signs every session of that account out.
pub fn reset_password(args: AccountArgs) -> Result<(), String> {
    let email = email_of(&args)?;
    existing(&args.db.db, "")?;
    let user = on_database(&args.db.db, |conn| {
        db::users::find_by_email(conn, &email)
            .map_err(database_error)?
            .ok_or_else(|| format!("no account has the email {}", email.as_str()))
    })?;
    let password = read_password(Password::parse)?;
    let password_hash = hash(&password, args.bcrypt_cost)?;
    on_database(&args.db.db, |conn| {
        db::users::set_password(conn, user.id, &password_hash).map_err(database_error)?;
        let target = format!("user {} \"{}\"", user.id, user.email);
        let password = vec![Change {
            field: "password".into(),
            old: String::new(),
            new: CHANGED.into(),
        }];
        record(
            conn,
            &audit::by_command("password reset (reset-password)", &target, password),
        )
    })?;
    println!(
        "the password of {} is changed and their sessions are signed out",
        user.email
    );
    Ok(())
}

/// Removes an account's second factors (the last admin's lost phone), alerted and logged as a
/// server command. The running server sees it at the account's next sign-in.
pub fn second_factor(command: SecondFactorCommand) -> Result<(), String> {
    let SecondFactorCommand::Remove(args) = command;
    let email = Email::parse(Some(args.email.clone())).map_err(|why| format!("the email {why}"))?;
    existing(&args.db.db, "")?;
    let removed = on_database(&args.db.db, |conn| {
        let user = db::users::find_by_email(conn, &email)
            .map_err(database_error)?
            .ok_or_else(|| format!("no account has the email {}", email.as_str()))?;
        if !db::second_factors::remove_all(conn, user.id).map_err(database_error)? {
            return Ok(None);
        }
        let by = "A server command (second-factor remove)";
        let alert = crate::mail::security::factors_removed(&user, by, "");
        crate::alerts::raise(conn, &alert, None).map_err(database_error)?;
        let target = format!("user {} \"{}\"", user.id, user.email);
        let what = audit::by_command(
            "second factor removed (second-factor remove)",
            &target,
            Vec::new(),
        );
        record(conn, &what)?;
        Ok(Some(user))
    })?;
    match removed {
        Some(user) => println!(
            "the second factors of {} are removed: they sign in with their password alone until they add one again",
            user.email
        ),
        None => println!("{} has no second factor: nothing to remove", email.as_str()),
    }
    Ok(())
}

/// A new session secret; the running server would keep signing with the old one, so it must be stopped.
pub fn rotate_secret(args: DbArg) -> Result<(), String> {
    existing(&args.db, "")?;
    let _lock = db::backup::ServerLock::acquire(&args.db)?;
    on_database(&args.db, |conn| {
        crate::auth::jwt::rotate_secret(conn)?;
        let what = audit::by_command("session secret rotated (rotate-secret)", "", Vec::new());
        record(conn, &what)
    })?;
    println!("a new session secret is stored: everyone is signed out once the server starts again");
    if std::env::var_os("JYOTI_JWT_SECRET").is_some() {
        println!(
            "note: JYOTI_JWT_SECRET is set here and overrides the stored secret; change it too"
        );
    }
    Ok(())
}

/// The password, checked by `parse`: typed twice at a hidden prompt when stdin is a terminal,
/// otherwise the first line of stdin (for scripts: `echo '…' | jyoti create-admin …`).
fn read_password(
    parse: fn(Option<String>) -> Result<Password, String>,
) -> Result<Password, String> {
    if std::io::stdin().is_terminal() {
        let typed = prompt_hidden("Password (8 to 72 characters, not shown): ")?;
        let password = parse(Some(typed.clone())).map_err(|why| format!("the password {why}"))?;
        if prompt_hidden("The same password again: ")? != typed {
            return Err("the two passwords differ; nothing was changed".into());
        }
        return Ok(password);
    }
    let mut input = String::new();
    std::io::stdin()
        .take(4096)
        .read_to_string(&mut input)
        .map_err(|e| format!("cannot read the password from stdin: {e}"))?;
    let password = input.lines().next().unwrap_or_default().to_owned();
    if password.is_empty() {
        return Err(
            "give the password on stdin, e.g. `echo 'a long password' | jyoti … --email …`".into(),
        );
    }
    parse(Some(password)).map_err(|why| format!("the password {why}"))
}

/// Shows `prompt` on stderr and reads one line from the terminal on stdin without echoing it.
/// The echo goes off before the prompt shows, so nothing typed as soon as it appears is echoed.
fn prompt_hidden(prompt: &str) -> Result<String, String> {
    let mut line = String::new();
    {
        let _hidden = EchoOff::on_stdin()?;
        eprint!("{prompt}");
        std::io::stdin()
            .lock()
            .take(4096)
            .read_line(&mut line)
            .map_err(|e| format!("cannot read the password: {e}"))?;
    }
    eprintln!();
    Ok(line.trim_end_matches(['\r', '\n']).to_owned())
}

/// The terminal on stdin with its echo off, until dropped.
struct EchoOff(libc::termios);

impl EchoOff {
    fn on_stdin() -> Result<EchoOff, String> {
        // SAFETY: termios is plain data; tcgetattr fills it for fd 0, which is a terminal here.
        let mut settings: libc::termios = unsafe { std::mem::zeroed() };
        if unsafe { libc::tcgetattr(libc::STDIN_FILENO, &mut settings) } != 0 {
            return Err("cannot turn off the terminal's echo".into());
        }
        let saved = settings;
        settings.c_lflag &= !libc::ECHO;
        // SAFETY: sets fd 0's attributes from a termios that tcgetattr filled.
        if unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &settings) } != 0 {
            return Err("cannot turn off the terminal's echo".into());
        }
        Ok(EchoOff(saved))
    }
}

impl Drop for EchoOff {
    fn drop(&mut self) {
        // SAFETY: restores the attributes saved from fd 0.
        unsafe {
            libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &self.0);
        }
    }
}
