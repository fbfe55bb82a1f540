//! Maintenance commands run from a terminal: create-admin, reset-password, backup, restore,
//! rotate-secret.

use crate::audit;
use crate::cli::{AccountArgs, BackupArgs, CreateAdminArgs, DbArg, OffsiteCommand, RestoreArgs};
use crate::db;
use crate::db::audit::{Change, CHANGED};
use crate::domain::{Email, NewUser, Password};
use crate::error::ApiError;
use crate::scratch::Scratch;
use rusqlite::Connection;
use std::io::{BufRead, IsTerminal, Read};
use std::path::Path;
use std::time::Duration;

fn database_error(err: ApiError) -> String {
    format!("cannot update the database: {err:?}")
}

/// Refuses a database that is not there: a mistyped --db must not quietly make a new site.
/// `hint` ends the sentence with the way to make one, where the command has it.
fn existing(db: &Path, hint: &str) -> Result<(), String> {
    match db.is_file() {
        true => Ok(()),
        false => Err(format!(
            "there is no database at {}: check --db (a service keeps it in /var/lib/jyoti/jyoti.db){hint}",
            db.display()
        )),
    }
}

/// Runs `work` on the database at `path`, opened (and migrated, or made) as the server would.
/// Afterwards every file of the database belongs to its folder's owner, also when this ran as
/// root.
fn on_database<T>(
    path: &Path,
    work: impl FnOnce(&Connection) -> Result<T, String>,
) -> Result<T, String> {
    let result = (|| -> Result<T, String> {
        let pool = db::open(path)?;
        let mut conn = pool
            .get()
            .map_err(|e| format!("cannot use the database: {e}"))?;
        // The change and its activity-log entry (and alert) are stored both or neither.
        let tx = db::begin(&mut conn).map_err(|e| format!("cannot use the database: {e}"))?;
        let value = work(&tx)?;
        tx.commit()
            .map_err(|e| format!("cannot update the database: {e}"))?;
        Ok(value)
    })();
    let settled = crate::files::settle_database(path);
    let value = result?;
    settled?;
    Ok(value)
}

/// Stores a command's activity-log entry (in the command's transaction).
fn record(conn: &Connection, entry: &crate::db::audit::Entry) -> Result<(), String> {
    db::audit::record(conn, entry).map_err(database_error)
}

/// Alerts every admin (and the server's `--alert-to`) to a role a command gave.
fn role_alert(conn: &Connection, user: &db::users::User, roles: &[Change]) -> Result<(), String> {
    let what = format!("the role of {}", user.named());
    let alert = crate::alerts::Alert::change("A server command (create-admin)", "", &what, roles);
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
            if let Some(before) = before.filter(|b| b.role != user.role) {
                changes.insert(
                    0,
                    Change {
                        field: "role".into(),
                        old: before.role.to_string(),
                        new: user.role.to_string(),
                    },
                );
            }
            let target = format!("user {} \"{}\"", user.id, user.email);
            let roles: Vec<Change> = changes
                .iter()
                .filter(|c| c.field == "role")
                .cloned()
                .collect();
            if had_admin && !roles.is_empty() {
                role_alert(conn, &user, &roles)?;
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
        let user = db::users::insert(conn, &user, &password_hash, crate::domain::Role::Admin)
            .map_err(database_error)?;
        let target = format!("user {} \"{}\"", user.id, user.email);
        let role = vec![Change {
            field: "role".into(),
            old: String::new(),
            new: user.role.to_string(),
        }];
        if had_admin {
            role_alert(conn, &user, &role)?;
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

/// The off-site target of a command that asked for one. Its retries are logged on stderr.
fn offsite_target(target: &crate::cli::OffsiteTarget) -> Result<crate::offsite::Offsite, String> {
    crate::startup::init_logging();
    target.open()?.ok_or_else(|| {
        "no off-site bucket is set: set JYOTI_OFFSITE=s3://BUCKET/PREFIX (and its keys and passphrase) or give --offsite-url".into()
    })
}

/// A file beside the database for a step on the way (the database's folder is one the service
/// may write, and on the same disk).
fn scratch_beside(db: &Path, what: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(format!(
        "{}.{what}-{}-{}",
        db.display(),
        db::backup::stamp(),
        std::process::id()
    ))
}

/// The wait before the one quick retry of an upload made by hand.
const BY_HAND_RETRY: Duration = Duration::from_secs(2);

/// Each request's deadline by hand (unless JYOTI_OFFSITE_DEADLINE says otherwise): a bucket
/// that does not answer is said within about half a minute, not after minutes of silence.
const BY_HAND_DEADLINE: Duration = Duration::from_secs(10);

pub fn backup(args: BackupArgs) -> Result<(), String> {
    let offsite = args
        .offsite
        .then(|| offsite_target(&args.target))
        .transpose()?
        .map(|mut offsite| {
            if std::env::var_os("JYOTI_OFFSITE_DEADLINE").is_none() {
                offsite.deadline = BY_HAND_DEADLINE;
            }
            offsite.show_progress = true;
            offsite
        });
    // Only the encrypted copy is wanted: the plain one is a step on the way, removed however
    // the command ends, and so is the sealed one.
    let scratch = match &args.out {
        Some(_) => None,
        None => Some(Scratch::new(scratch_beside(&args.db.db, "offsite"))),
    };
    let out = match (&args.out, &scratch) {
        (Some(out), _) => out.clone(),
        (None, Some(scratch)) => scratch.path().to_path_buf(),
        (None, None) => unreachable!("a scratch file is made when there is no OUT"),
    };
    let _sealed = Scratch::new(crate::offsite::sealed_beside(&out));
    crate::db::backup::backup(&args.db.db, &out)?;
    if args.out.is_some() {
        println!(
            "backup of {} written to {}",
            args.db.db.display(),
            out.display()
        );
        crate::files::settle_file(&out)?;
    }
    if let Some(offsite) = offsite {
        eprintln!("uploading an encrypted copy to {}", offsite.describe());
        let name = offsite.upload(&out, &[BY_HAND_RETRY], |err, next| {
            if let Some(wait) = next {
                eprintln!(
                    "{err}; trying once more in {}",
                    crate::words::in_words(wait)
                );
                std::thread::sleep(wait);
            }
            true
        })?;
        println!("encrypted copy {name} uploaded to {}", offsite.describe());
    }
    Ok(())
}

/// `jyoti offsite list`: the copies, oldest first.
pub fn offsite(command: OffsiteCommand) -> Result<(), String> {
    let args = match command {
        OffsiteCommand::Kit(args) => return recovery_kit(&args.target),
        OffsiteCommand::List(args) => args,
    };
    let offsite = offsite_target(&args.target)?;
    let copies = offsite.list()?;
    if copies.is_empty() {
        println!("there is no copy in {}", offsite.describe());
    }
    for copy in copies {
        let taken = copy.taken().map_or_else(
            || "?".into(),
            |at| at.strftime("%Y-%m-%d %H:%M UTC").to_string(),
        );
        let future = if copy.in_the_future(jiff::Timestamp::now()) {
            "  (named in the future: not one of ours)"
        } else {
            ""
        };
        println!(
            "{}  {taken}  {} KB{future}",
            copy.name,
            copy.size.div_ceil(1024)
        );
    }
    Ok(())
}

/// The file name the recovery kit tells to save itself as.
pub const KIT_FILE: &str = "jyoti-recovery.env";

/// `jyoti offsite kit`: what must be kept off the server to recover on a new machine, as an
/// environment file (quoted as systemd and `--env-file` read it) with the command that uses it.
fn recovery_kit(target: &crate::cli::OffsiteTarget) -> Result<(), String> {
    // The same checks as an upload: a kit that cannot open the bucket is no kit.
    offsite_target(target)?;
    let url = target.url.clone().unwrap_or_default();
    let value = |name: &str| std::env::var(name).unwrap_or_default();
    let mut kit = format!(
        "# The Jyoti recovery kit. Keep it in the club's password manager, not only on the\n\
         # server: with these lines alone a new machine gets the site back.\n\
         #   1. Save them as {KIT_FILE} next to the jyoti program.\n\
         #   2. sudo mkdir -p /var/lib/jyoti\n\
         #   3. sudo ./jyoti --env-file {KIT_FILE} restore --offsite latest --db /var/lib/jyoti/jyoti.db\n\
         JYOTI_OFFSITE={}\n",
        crate::env_file::quote(&url)
    );
    for name in [
        "JYOTI_OFFSITE_ENDPOINT",
        "JYOTI_OFFSITE_REGION",
        "JYOTI_OFFSITE_KEY_ID",
        "JYOTI_OFFSITE_SECRET",
        "JYOTI_OFFSITE_PASSPHRASE",
    ] {
        // An unset one (AWS needs no endpoint) stays unset on the new machine too.
        let value = value(name);
        if !value.is_empty() {
            kit.push_str(&format!("{name}={}\n", crate::env_file::quote(&value)));
        }
    }
    print!("{kit}");
    Ok(())
}

/// How far the time sealed in a copy may be from the time its name says (the name is given
/// when the upload starts, the time when the backup was taken).
const NAME_AND_SEAL_AGREE: i64 = 15 * 60;

/// A copy this many times the largest other one is refused before downloading (`--any-size`).
const FAR_LARGER: u64 = 4;

/// Downloads and decrypts the copy `which` (`latest`: the newest whose name can be trusted)
/// into `out`, refusing a copy far larger than the others before downloading it and one whose
/// sealed time disagrees with its name after (unless told); drops any trigger or view the
/// schema does not define. Answers the copy's name.
fn download_trusted(
    offsite: &crate::offsite::Offsite,
    which: &str,
    args: &RestoreArgs,
    out: &Path,
) -> Result<String, String> {
    let copies = offsite.list()?;
    if copies.is_empty() {
        return Err(format!("there is no copy in {}", offsite.describe()));
    }
    let now = jiff::Timestamp::now();
    let candidates: Vec<&crate::offsite::BucketCopy> = match which {
        "latest" => copies
            .iter()
            .rev()
            .filter(|copy| {
                let future = copy.in_the_future(now);
                if future {
                    eprintln!("warning: skipping {}: its name is in the future", copy.name);
                }
                !future
            })
            .collect(),
        named => {
            let named = named.rsplit('/').next().unwrap_or(named);
            let copy = copies
                .iter()
                .find(|copy| copy.name == named)
                .ok_or_else(|| format!("there is no copy {named} in {}", offsite.describe()))?;
            vec![copy]
        }
    };
    for copy in candidates {
        let largest_other = copies
            .iter()
            .filter(|other| other.name != copy.name)
            .map(|other| other.size)
            .max()
            .unwrap_or(0);
        if !args.any_size && largest_other > 0 && copy.size > FAR_LARGER * largest_other {
            return Err(format!(
                "{} is {} KB, more than {FAR_LARGER} times the largest other copy ({} KB): \
                 not downloaded. If it is truly yours, give --any-size",
                copy.name,
                copy.size.div_ceil(1024),
                largest_other.div_ceil(1024)
            ));
        }
        let _sealed = Scratch::new(crate::offsite::sealed_beside(out));
        offsite.download(&copy.name, out)?;
        let sealed_at = db::backup::taken_at(out);
        let agrees = match (sealed_at, copy.taken()) {
            (Some(sealed), Some(named)) => {
                (sealed.as_second() - named.as_second()).abs() <= NAME_AND_SEAL_AGREE
            }
            _ => false,
        };
        let taken = sealed_at.map_or_else(
            || "at a time it does not say".to_owned(),
            |at| at.strftime("%-d %B %Y %H:%M UTC").to_string(),
        );
        if !agrees && !args.trust_name {
            let why = format!(
                "{} was taken {taken}, not when its name says: someone may have put an old \
                 copy back under a new name",
                copy.name
            );
            if which == "latest" {
                eprintln!("warning: skipping {why}");
                continue;
            }
            return Err(format!("{why}. To restore it anyway, give --trust-name"));
        }
        println!("{} was taken {taken}", copy.name);
        let mut schema = Connection::open_in_memory().map_err(|e| e.to_string())?;
        let version = db::backup::check(out)?;
        db::migrations::migrate_to(&mut schema, version)?;
        for dropped in db::backup::drop_foreign_code(out, &schema)? {
            eprintln!("warning: dropped the {dropped}, which no version of jyoti makes");
        }
        return Ok(copy.name.clone());
    }
    Err(format!(
        "no copy in {} can be trusted: each one's name disagrees with the time sealed in it \
         (see the warnings above; a name from `jyoti offsite list` with --trust-name restores one anyway)",
        offsite.describe()
    ))
}

pub fn restore(args: RestoreArgs) -> Result<(), String> {
    let (from, downloaded) = match (&args.backup, &args.offsite) {
        (Some(file), _) => (file.clone(), None),
        (None, which) => {
            let which = which.as_deref().unwrap_or("latest");
            let offsite = offsite_target(&args.target)?;
            if !crate::files::folder_of(&args.db.db).is_dir() {
                return Err(format!(
                    "the folder of {} does not exist: create it first",
                    args.db.db.display()
                ));
            }
            // The download and its decrypted copy are steps on the way, removed however the
            // command ends.
            let scratch = Scratch::new(scratch_beside(&args.db.db, "download"));
            let name = download_trusted(&offsite, which, &args, scratch.path())?;
            (scratch.path().to_path_buf(), Some((name, scratch)))
        }
    };
    let restored = crate::db::backup::restore(&from, &args.db.db);
    let downloaded = downloaded.map(|(name, scratch)| {
        // The decrypted download was a step on the way: the database now holds it.
        drop(scratch);
        name
    });
    let source = downloaded.map_or_else(
        || from.display().to_string(),
        |name| format!("the off-site copy {name}"),
    );
    if restored.is_ok() {
        // The restored database says so in its own activity log.
        let noted = on_database(&args.db.db, |conn| {
            let what = audit::by_command("database restored (restore)", &source, Vec::new());
            record(conn, &what)
        });
        if let Err(err) = noted {
            eprintln!("warning: the restore was not noted in the activity log: {err}");
        }
    }
    let settled = crate::files::settle_database(&args.db.db);
    let kept = restored?;
    println!("restored {} from {source}", args.db.db.display());
    if let Some(kept) = kept {
        println!("the replaced database is kept at {}", kept.display());
    }
    // A file left to root fails the command, once it has said what the restore did.
    settled
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
