//! The copies' commands: backup (to a file, or encrypted to the off-site bucket), restore (from
//! a file, or from a trusted off-site copy) and offsite (list the copies, print the recovery kit).

use super::{on_database, record};
use crate::audit;
use crate::cli::{BackupArgs, OffsiteCommand, RestoreArgs};
use crate::db;
use crate::offsite::{BucketCopy, Offsite, OffsiteOptions};
use crate::scratch::Scratch;
use rusqlite::Connection;
use std::path::Path;
use std::time::Duration;

/// The off-site target of a command that asked for one. Its retries are logged on stderr.
fn offsite_options(target: &crate::cli::OffsiteTarget) -> Result<OffsiteOptions, String> {
    crate::startup::init_logging();
    target.options()?.ok_or_else(|| {
        "no off-site bucket is set: set JYOTI_OFFSITE=s3://BUCKET/PREFIX (and its keys and passphrase) or give --offsite-url".into()
    })
}

/// [`offsite_options`] with its client, each request given the by-hand deadline (a command
/// waits for no bucket longer than `backup --offsite` does).
fn offsite_target(target: &crate::cli::OffsiteTarget) -> Result<Offsite, String> {
    let mut options = offsite_options(target)?;
    if std::env::var_os("JYOTI_OFFSITE_DEADLINE").is_none() {
        options.deadline = BY_HAND_DEADLINE;
    }
    Offsite::new(options)
}

/// A bucket's refusal or silence said so that a volunteer knows what to check: which bucket,
/// at which endpoint, and what to look at.
fn bucket_failed(offsite: &Offsite, err: String) -> String {
    format!(
        "the bucket {} at {} cannot be read: {err}. Check JYOTI_OFFSITE_ENDPOINT (and that this \
         machine reaches it), JYOTI_OFFSITE_REGION, and the key ID and secret.",
        offsite.describe(),
        offsite.endpoint()
    )
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
        .then(|| offsite_options(&args.target))
        .transpose()?
        .map(|mut options| {
            if std::env::var_os("JYOTI_OFFSITE_DEADLINE").is_none() {
                options.deadline = BY_HAND_DEADLINE;
            }
            options.show_progress = true;
            Offsite::new(options)
        })
        .transpose()?;
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
    // The copy is written beside `out` first, with its journal: plain too, and as much ours.
    let _copying = [".partial", ".partial-journal"]
        .map(|suffix| Scratch::new(format!("{}{suffix}", out.display()).into()));
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
    let copies = offsite.list().map_err(|err| bucket_failed(&offsite, err))?;
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

/// The recovery on a new machine, as the kit's header and docs/running.md ("Recover on a new
/// machine") both say it, word for word (a test compares them): as root, in the folder of the
/// program, with the kit saved there. `{unit}`: the service file the site ran with.
pub const RECOVERY: &str = "install -m 755 jyoti /usr/local/bin/jyoti
useradd --system --home-dir /var/lib/jyoti --shell /usr/sbin/nologin jyoti
install -d -o jyoti -g jyoti -m 700 /var/lib/jyoti
jyoti --env-file jyoti-recovery.env restore --offsite latest --db /var/lib/jyoti/jyoti.db
install -m 600 jyoti-recovery.env /etc/default/jyoti
rm jyoti-recovery.env
install -m 644 deploy/{unit} /etc/systemd/system/jyoti.service
systemctl daemon-reload
systemctl enable --now jyoti";

/// The variables of the off-site copies, which come first in the kit.
const OFFSITE_VARIABLES: [&str; 6] = [
    "JYOTI_OFFSITE",
    "JYOTI_OFFSITE_ENDPOINT",
    "JYOTI_OFFSITE_REGION",
    "JYOTI_OFFSITE_KEY_ID",
    "JYOTI_OFFSITE_SECRET",
    "JYOTI_OFFSITE_PASSPHRASE",
];

/// `jyoti offsite kit`: what must be kept off the server to recover on a new machine, as an
/// environment file (quoted as systemd and `--env-file` read it) with the recipe that uses it:
/// the off-site lines, then every other setting of the server's environment (mail, alert
/// addresses, domain, hold, schedules), so the new machine is the same site, mailing as before.
fn recovery_kit(target: &crate::cli::OffsiteTarget) -> Result<(), String> {
    // The same checks as an upload: a kit that cannot open the bucket is no kit.
    offsite_target(target)?;
    let url = target.url.clone().unwrap_or_default();
    let value = |name: &str| std::env::var(name).unwrap_or_default();
    let unit = if value("JYOTI_DOMAIN").is_empty() {
        "jyoti-behind-proxy.service"
    } else {
        "jyoti.service"
    };
    let recipe: String = RECOVERY
        .replace("{unit}", unit)
        .lines()
        .map(|line| format!("#   {line}\n"))
        .collect();
    let mut kit = format!(
        "# The Jyoti recovery kit. Keep it in the club's password manager, not only on the\n\
         # server: with these lines alone a new machine gets the site back, mail and all.\n\
         # Save them as {KIT_FILE} in the folder of the jyoti program (the release's\n\
         # folder, with deploy/ in it), then run there, as root (log in as root, or run\n\
         # su - first):\n{recipe}"
    );
    kit.push_str(&format!("JYOTI_OFFSITE={}\n", crate::env_file::quote(&url)));
    let settings = OFFSITE_VARIABLES[1..]
        .iter()
        .map(|name| (*name).to_owned())
        .chain(server_variables());
    for name in settings {
        // An unset one (AWS needs no endpoint) stays unset on the new machine too.
        let value = value(&name);
        if !value.is_empty() {
            kit.push_str(&format!("{name}={}\n", crate::env_file::quote(&value)));
        }
    }
    print!("{kit}");
    Ok(())
}

/// The variables the server reads (`jyoti serve`), as the command line names them, but for the
/// off-site ones and those only tests set.
fn server_variables() -> Vec<String> {
    use clap::CommandFactory;
    crate::cli::Cli::command()
        .get_arguments()
        .filter(|arg| !arg.is_hide_set())
        .filter_map(|arg| arg.get_env())
        .filter_map(|name| name.to_str())
        .filter(|name| !OFFSITE_VARIABLES.contains(name) && !name.starts_with("JYOTI_OFFSITE"))
        .map(str::to_owned)
        .chain(["JYOTI_JWT_SECRET".to_owned(), "RUST_LOG".to_owned()])
        .collect()
}

/// How far the time sealed in a copy may be from the time its name says (a copy is named for
/// the minute its backup was taken, a second later per clash; copies uploaded before that were
/// named when their upload started).
const NAME_AND_SEAL_AGREE: i64 = 15 * 60;

/// A copy this many times the largest other one is refused before downloading (`--any-size`).
const FAR_LARGER: u64 = 4;

/// Downloads and decrypts the copy `which` (`latest`: the newest whose name can be trusted)
/// into `out`, refusing a copy far larger than the others before downloading it and one whose
/// sealed time disagrees with its name after (unless told); drops any trigger or view the
/// schema does not define. Answers the copy's name.
fn download_trusted(
    offsite: &Offsite,
    which: &str,
    args: &RestoreArgs,
    out: &Path,
) -> Result<String, String> {
    let copies = offsite.list().map_err(|err| bucket_failed(offsite, err))?;
    if copies.is_empty() {
        return Err(format!("there is no copy in {}", offsite.describe()));
    }
    for copy in candidates(&copies, which, offsite)? {
        refuse_far_larger(&copies, copy, args.any_size)?;
        let _sealed = Scratch::new(crate::offsite::sealed_beside(out));
        offsite.download(&copy.name, out)?;
        let (agrees, taken) = sealed_time(out, copy);
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

/// The copies `which` may restore, the one to try first first: for `latest`, every copy newest
/// first but those named in the future (each said); else the one so named (a path's last part).
fn candidates<'a>(
    copies: &'a [BucketCopy],
    which: &str,
    offsite: &Offsite,
) -> Result<Vec<&'a BucketCopy>, String> {
    let now = jiff::Timestamp::now();
    Ok(match which {
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
    })
}

/// Refuses `copy` when it is more than [`FAR_LARGER`] times the largest other of `copies`,
/// unless told it is `any_size`.
fn refuse_far_larger(
    copies: &[BucketCopy],
    copy: &BucketCopy,
    any_size: bool,
) -> Result<(), String> {
    let largest_other = copies
        .iter()
        .filter(|other| other.name != copy.name)
        .map(|other| other.size)
        .max()
        .unwrap_or(0);
    if !any_size && largest_other > 0 && copy.size > FAR_LARGER * largest_other {
        return Err(format!(
            "{} is {} KB, more than {FAR_LARGER} times the largest other copy ({} KB): \
             not downloaded. If it is truly yours, give --any-size",
            copy.name,
            copy.size.div_ceil(1024),
            largest_other.div_ceil(1024)
        ));
    }
    Ok(())
}

/// Whether the time sealed in the downloaded `out` is within [`NAME_AND_SEAL_AGREE`] of the
/// time `copy`'s name says, and that sealed time in words.
fn sealed_time(out: &Path, copy: &BucketCopy) -> (bool, String) {
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
    (agrees, taken)
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
