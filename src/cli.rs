//! Command-line definitions: `jyoti [serve]` and the maintenance commands.

use crate::config::{AcmeOptions, BackupPlan, Config, HttpsOptions};
use crate::domain::SmtpServer;
use crate::mail::MailOptions;
use crate::offsite::OffsiteOptions;
use clap::{Args, Parser, Subcommand};
use std::net::IpAddr;
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "jyoti",
    version = crate::build_info::LONG_VERSION,
    about = "The Jyoti website: web server, React app and SQLite database in one program."
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Read variables from this file as systemd reads EnvironmentFile= (default:
    /// /etc/default/jyoti when it exists); variables already set win. Taken before the rest of
    /// the command line is read, so it may stand anywhere.
    #[arg(long, value_name = "FILE")]
    pub env_file: Option<PathBuf>,
    /// Options of `serve`, which runs when no command is given.
    #[command(flatten)]
    pub serve: ServeArgs,
}

// Parsed once at start: the size of `Serve` costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the site (the default).
    Serve(ServeArgs),
    /// Create an admin account, or make an existing user admin. Reads the password from stdin.
    CreateAdmin(CreateAdminArgs),
    /// Set a new password for an account (e.g. a forgotten admin password). Reads it from stdin.
    ResetPassword(AccountArgs),
    /// Write a consistent copy of the database to OUT, also while the server runs.
    Backup(BackupArgs),
    /// Replace the database with a backup (the server must be stopped); the old file is kept beside it.
    Restore(RestoreArgs),
    /// The encrypted off-site copies: `jyoti offsite list`.
    #[command(subcommand)]
    Offsite(OffsiteCommand),
    /// Make a new session-signing secret (the server must be stopped): everyone is signed out.
    RotateSecret(DbArg),
    /// Second factors: `jyoti second-factor remove --email ADDRESS` for an admin who lost theirs.
    #[command(subcommand)]
    SecondFactor(SecondFactorCommand),
}

#[derive(Debug, Subcommand)]
pub enum SecondFactorCommand {
    /// Remove an account's second factors (authenticator app, passkeys, recovery codes), e.g.
    /// for the last admin whose phone is lost; every admin and the account's owner are alerted.
    Remove(SecondFactorArgs),
}

#[derive(Debug, Clone, Args)]
pub struct SecondFactorArgs {
    /// Email address of the account.
    #[arg(long)]
    pub email: String,
    #[command(flatten)]
    pub db: DbArg,
}

#[derive(Debug, Clone, Args)]
#[command(group(clap::ArgGroup::new("where").required(true).multiple(true).args(["out", "offsite"])))]
pub struct BackupArgs {
    /// The backup file to write; it must not exist yet.
    pub out: Option<PathBuf>,
    /// Also (or only) upload an encrypted copy to the off-site bucket (JYOTI_OFFSITE).
    #[arg(long)]
    pub offsite: bool,
    #[command(flatten)]
    pub target: OffsiteTarget,
    #[command(flatten)]
    pub db: DbArg,
}

#[derive(Debug, Clone, Args)]
#[command(group(clap::ArgGroup::new("from").required(true).args(["backup", "offsite"])))]
pub struct RestoreArgs {
    /// The backup file to restore.
    pub backup: Option<PathBuf>,
    /// Restore an off-site copy instead: `latest`, or a name that `jyoti offsite list` shows.
    #[arg(long, value_name = "latest|NAME")]
    pub offsite: Option<String>,
    /// Restore an off-site copy whose name disagrees with the time sealed inside it (or that
    /// has none: made by an older jyoti).
    #[arg(long)]
    pub trust_name: bool,
    /// Download an off-site copy even when it is more than four times the largest other copy.
    #[arg(long)]
    pub any_size: bool,
    #[command(flatten)]
    pub target: OffsiteTarget,
    #[command(flatten)]
    pub db: DbArg,
}

/// The off-site bucket of the commands; the keys and the passphrase come from the environment
/// only (`JYOTI_OFFSITE_KEY_ID`, `JYOTI_OFFSITE_SECRET`, `JYOTI_OFFSITE_PASSPHRASE`).
#[derive(Debug, Clone, Args)]
pub struct OffsiteTarget {
    /// The bucket and folder of the off-site copies.
    #[arg(
        long = "offsite-url",
        env = "JYOTI_OFFSITE",
        value_name = "s3://BUCKET/PREFIX"
    )]
    pub url: Option<String>,
    /// How many off-site copies to keep; older ones are deleted.
    #[arg(long = "offsite-keep", env = "JYOTI_OFFSITE_KEEP", default_value_t = crate::offsite::DEFAULT_KEEP, value_parser = clap::value_parser!(u32).range(1..))]
    pub keep: u32,
}

impl OffsiteTarget {
    /// The target these name, with the environment's keys and passphrase.
    pub fn options(&self) -> Result<Option<crate::offsite::OffsiteOptions>, String> {
        crate::offsite::OffsiteOptions::parse(self.url.as_deref(), self.keep as usize, &|name| {
            std::env::var(name).ok()
        })
    }
}

#[derive(Debug, Subcommand)]
pub enum OffsiteCommand {
    /// List the copies in the bucket, oldest first: time and size.
    List(OffsiteListArgs),
    /// Print the recovery kit: the six values a new machine needs (bucket, endpoint, region,
    /// key, secret, passphrase) and the one command that restores from them, for the club's
    /// password manager.
    Kit(OffsiteListArgs),
}

#[derive(Debug, Clone, Args)]
pub struct OffsiteListArgs {
    #[command(flatten)]
    pub target: OffsiteTarget,
}

#[derive(Debug, Clone, Args)]
pub struct DbArg {
    /// SQLite database file (the server creates it when missing; the commands do not, but for
    /// `create-admin --create`).
    #[arg(long, env = "JYOTI_DB", default_value = "./jyoti.db")]
    pub db: PathBuf,
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "JYOTI_BIND", default_value = "0.0.0.0")]
    pub bind: IpAddr,
    /// Port to listen on [default: 8080; with --domain, the HTTPS port, default 443]; 0 picks a
    /// free one (the first log line names it).
    #[arg(long, env = "JYOTI_PORT")]
    pub port: Option<u16>,
    #[command(flatten)]
    pub db: DbArg,
    /// Take the client address from X-Forwarded-For (only behind your own reverse proxy).
    #[arg(long, env = "JYOTI_TRUST_PROXY")]
    pub trust_proxy: bool,
    /// Turn the per-address rate limits off (benchmarks and load tests from one address).
    #[arg(long, env = "JYOTI_NO_RATE_LIMIT")]
    pub no_rate_limit: bool,
    /// bcrypt cost for new password hashes.
    #[arg(long, env = "JYOTI_BCRYPT_COST", default_value_t = 12, value_parser = clap::value_parser!(u32).range(10..=16))]
    pub bcrypt_cost: u32,
    /// Write a backup into this folder every --backup-every while serving.
    #[arg(long, env = "JYOTI_BACKUP_DIR")]
    pub backup_dir: Option<PathBuf>,
    /// How often the scheduled backup runs, e.g. 24h, 6h, 30m.
    #[arg(long, env = "JYOTI_BACKUP_EVERY", default_value = "24h", value_parser = parse_interval)]
    pub backup_every: std::time::Duration,
    /// Serve HTTPS for this domain name with a certificate from Let's Encrypt, got and renewed
    /// automatically (repeatable; the first is the main name). Needs ports 80 and 443.
    #[arg(long = "domain", env = "JYOTI_DOMAIN", value_delimiter = ',', value_parser = crate::https::parse_domain)]
    pub domains: Vec<String>,
    /// With --domain: the plain-HTTP port, which redirects to https and answers the CA's checks.
    #[arg(long, env = "JYOTI_HTTP_PORT", default_value_t = 80)]
    pub http_port: u16,
    /// With --domain: the address the CA sends expiry warnings to.
    #[arg(long, env = "JYOTI_ACME_EMAIL", value_parser = parse_email)]
    pub acme_email: Option<String>,
    /// With --domain: the ACME directory of the CA.
    #[arg(long, env = "JYOTI_ACME_DIRECTORY", default_value = crate::https::acme::LETS_ENCRYPT)]
    pub acme_directory: String,
    /// With --domain: trust only this PEM root for the CA's own HTTPS (a test CA such as Pebble).
    #[arg(long, env = "JYOTI_ACME_CA_ROOT")]
    pub acme_ca_root: Option<PathBuf>,
    /// Send email through this server: smtp://USER:PASSWORD@HOST:587 (STARTTLS), smtps://…
    /// (TLS, port 465) or smtp://HOST:2525?tls=none (a plain local relay). Wins over the admin
    /// area's email settings.
    #[arg(
        long,
        env = "JYOTI_SMTP_URL",
        value_name = "URL",
        hide_env_values = true
    )]
    pub smtp_url: Option<String>,
    /// The address the site's email comes from. Wins over the admin area's email settings.
    #[arg(long, env = "JYOTI_MAIL_FROM", value_name = "ADDRESS", value_parser = parse_mail_from)]
    pub mail_from: Option<crate::domain::Email>,
    /// For tests: the wait after a first failed mail delivery (later waits are 4x longer each).
    #[arg(long, env = "JYOTI_MAIL_RETRY_BASE", default_value = "30s", value_parser = parse_short_interval, hide = true)]
    pub mail_retry_base: std::time::Duration,
    /// Also mail every alert (payment details, roles, email settings, problems that last) to
    /// this address, which nobody can change from the admin area (repeatable; in
    /// /etc/default/jyoti: JYOTI_ALERT_TO=a@example.org,b@example.org).
    #[arg(long = "alert-to", env = "JYOTI_ALERT_TO", value_name = "ADDRESS", value_delimiter = ',', value_parser = parse_mail_from)]
    pub alert_to: Vec<crate::domain::Email>,
    /// Also send notices to subscriptions of this push service (a URL prefix such as
    /// https://push.example.org/; plain http:// only on a loopback address), beyond Google's,
    /// Mozilla's, Apple's and Microsoft's (repeatable).
    #[arg(long = "push-service", env = "JYOTI_PUSH_SERVICE", value_name = "URL", value_delimiter = ',', value_parser = parse_push_service)]
    pub push_services: Vec<String>,
    /// The most mails other than alerts sent in a day (contact messages, invitations, reset
    /// links, thank-yous): the rest wait for the next day, so alerts never find the mail
    /// plan's daily quota spent.
    #[arg(long, env = "JYOTI_MAIL_PER_DAY", value_name = "COUNT", default_value_t = crate::mail::DEFAULT_PER_DAY)]
    pub mail_per_day: u32,
    /// Days a deleted record waits in the bin, restorable, before it is erased for good.
    #[arg(
        long,
        env = "JYOTI_BIN_DAYS",
        value_name = "DAYS",
        default_value_t = 30
    )]
    pub bin_days: u32,
    /// The site's time zone: times in alerts, mail and the admin screens are written in it.
    #[arg(long, env = "JYOTI_TIME_ZONE", value_name = "ZONE", default_value = crate::words::DEFAULT_ZONE)]
    pub time_zone: String,
    /// How long a change of the payment details (UPI ID, payee, bank account) waits before the
    /// Support page shows it, while every admin is alerted and any can cancel it: 24h, 30m, or
    /// 0 to apply at once.
    #[arg(long, env = "JYOTI_PAYMENT_HOLD", default_value = "24h", value_parser = parse_hold)]
    pub payment_hold: std::time::Duration,
    /// For tests: alerts that follow a mailed one within this long go together at its end.
    #[arg(long, env = "JYOTI_ALERT_WINDOW", default_value = "60s", value_parser = parse_short_interval, hide = true)]
    pub alert_window: std::time::Duration,
    /// For tests: how long a problem of /healthz lasts before it is mailed to the admins.
    #[arg(long, env = "JYOTI_ALERT_AFTER", default_value = "24h", value_parser = parse_short_interval, hide = true)]
    pub alert_after: std::time::Duration,
    /// Upload an encrypted copy of each scheduled backup to this S3-compatible bucket and folder
    /// (keys and passphrase from JYOTI_OFFSITE_KEY_ID, JYOTI_OFFSITE_SECRET,
    /// JYOTI_OFFSITE_PASSPHRASE; JYOTI_OFFSITE_ENDPOINT and JYOTI_OFFSITE_REGION for providers
    /// other than AWS).
    #[arg(
        long = "offsite",
        env = "JYOTI_OFFSITE",
        value_name = "s3://BUCKET/PREFIX"
    )]
    pub offsite: Option<String>,
    /// How many off-site copies to keep; older ones are deleted.
    #[arg(long, env = "JYOTI_OFFSITE_KEEP", default_value_t = crate::offsite::DEFAULT_KEEP, value_parser = clap::value_parser!(u32).range(1..))]
    pub offsite_keep: u32,
    /// The site's public address (https://jyoti.example.org) behind a reverse proxy, for links in
    /// email, previews, the sitemap and QR codes; --domain sets it by itself. Wins over the one
    /// stored in the admin area.
    #[arg(long, env = "JYOTI_SITE_URL", value_name = "URL", value_parser = parse_site_url)]
    pub site_url: Option<String>,
    /// Let a frontend served from this origin (https://jyoti.example.org) call the API from the
    /// browser: CORS for that origin only (repeatable; none by default).
    #[arg(long = "allow-origin", env = "JYOTI_ALLOW_ORIGIN", value_name = "URL", value_delimiter = ',', value_parser = parse_origin)]
    pub allow_origins: Vec<String>,
    /// How many scheduled backups to keep; older ones are deleted.
    #[arg(long, env = "JYOTI_BACKUP_KEEP", default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..))]
    pub backup_keep: u32,
}

fn parse_site_url(text: &str) -> Result<String, String> {
    crate::domain::SiteAddress::parse(text)
        .map(|address| address.as_str().to_owned())
        .map_err(|why| format!("`{text}` {why}"))
}

/// A web origin: http or https, a host, maybe a port, and nothing after (`https://a.example`).
fn parse_origin(text: &str) -> Result<String, String> {
    let refused = || {
        format!("`{text}` is not an origin such as https://jyoti.example.org (scheme, host and port only)")
    };
    let url = url::Url::parse(text.trim()).map_err(|_| refused())?;
    let bare = url.path() == "/" && url.query().is_none() && url.fragment().is_none();
    if !matches!(url.scheme(), "http" | "https")
        || url.host().is_none()
        || !bare
        || !url.username().is_empty()
    {
        return Err(refused());
    }
    Ok(url.origin().ascii_serialization())
}

fn parse_email(text: &str) -> Result<String, String> {
    text.parse::<email_address::EmailAddress>()
        .map(|_| text.to_string())
        .map_err(|_| format!("`{text}` is not an email address"))
}

fn parse_mail_from(text: &str) -> Result<crate::domain::Email, String> {
    crate::domain::Email::parse(Some(text.to_owned()))
        .map_err(|_| format!("`{text}` is not an email address"))
}

/// The payment hold: `0`, or a duration such as `24h` or `90s`.
fn parse_hold(text: &str) -> Result<std::time::Duration, String> {
    match text.trim() {
        "0" => Ok(std::time::Duration::ZERO),
        other => parse_short_interval(other),
    }
}

/// A duration such as `30s` or `200ms`, at least a millisecond.
fn parse_short_interval(text: &str) -> Result<std::time::Duration, String> {
    let parsed: jiff::SignedDuration = text
        .parse()
        .map_err(|_| format!("`{text}` is not a duration such as 30s or 200ms"))?;
    std::time::Duration::try_from(parsed)
        .ok()
        .filter(|d| *d >= std::time::Duration::from_millis(1))
        .ok_or_else(|| "the wait must be at least 1ms".to_string())
}

fn parse_interval(text: &str) -> Result<std::time::Duration, String> {
    let parsed: jiff::SignedDuration = text
        .parse()
        .map_err(|_| format!("`{text}` is not a duration such as 24h or 30m"))?;
    let duration = std::time::Duration::try_from(parsed)
        .map_err(|_| "the interval must be positive".to_string())?;
    if duration < std::time::Duration::from_secs(1) {
        return Err("the interval must be at least 1s".into());
    }
    Ok(duration)
}

#[derive(Debug, Clone, Args)]
pub struct AccountArgs {
    /// Email address of the account.
    #[arg(long)]
    pub email: String,
    #[command(flatten)]
    pub db: DbArg,
    /// bcrypt cost of the new password hash: the server's own (JYOTI_BCRYPT_COST), so that no
    /// login takes longer for the accounts made here.
    #[arg(long, env = "JYOTI_BCRYPT_COST", default_value_t = 12, value_parser = clap::value_parser!(u32).range(10..=16))]
    pub bcrypt_cost: u32,
}

#[derive(Debug, Clone, Args)]
pub struct CreateAdminArgs {
    #[command(flatten)]
    pub account: AccountArgs,
    /// Make a new database when there is none at --db (without it, a mistyped path is refused).
    #[arg(long)]
    pub create: bool,
}

/// A push service's URL prefix: HTTPS, or plain HTTP on a loopback address (a test's own).
fn parse_push_service(text: &str) -> Result<String, String> {
    let url = url::Url::parse(text.trim()).map_err(|e| format!("not a URL: {e}"))?;
    let loopback = match url.host() {
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        Some(url::Host::Domain(name)) => name == "localhost",
        None => false,
    };
    match url.scheme() {
        "https" => Ok(url.to_string()),
        "http" if loopback => Ok(url.to_string()),
        _ => Err("must be https://, or http:// on a loopback address".into()),
    }
}

impl ServeArgs {
    /// The configuration `jyoti serve` runs with, from its command line (and the off-site
    /// keys from the environment).
    pub fn config(&self) -> Result<Config, String> {
        let args = self;
        let https = (!args.domains.is_empty()).then(|| HttpsOptions {
            domains: args.domains.clone(),
            acme: AcmeOptions {
                directory: args.acme_directory.clone(),
                email: args.acme_email.clone(),
                ca_root: args.acme_ca_root.clone(),
            },
        });
        let port = match &https {
            None => args.port.unwrap_or(8080),
            Some(_) => args.port.unwrap_or(443),
        };
        Ok(Config {
            bind: args.bind,
            port,
            http_port: args.http_port,
            bcrypt_cost: args.bcrypt_cost,
            trust_proxy: args.trust_proxy,
            rate_limit: !args.no_rate_limit,
            https,
            mail: mail_options(args)?,
            backups: args.backup_dir.clone().map(|dir| BackupPlan {
                dir,
                every: args.backup_every,
                keep: args.backup_keep as usize,
            }),
            alert_after: args.alert_after,
            payment_hold: args.payment_hold,
            bin_days: args.bin_days,
            push_services: args.push_services.clone(),
            offsite: OffsiteOptions::parse(
                args.offsite.as_deref(),
                args.offsite_keep as usize,
                &|name| std::env::var(name).ok(),
            )?,
            site_url: args.site_url.clone(),
            allow_origins: args.allow_origins.clone(),
            ..Config::default()
        })
    }
}

/// The email options of the command line; a bad `--smtp-url` stops the start with why (but never
/// repeats the URL, which may hold a password).
fn mail_options(args: &ServeArgs) -> Result<MailOptions, String> {
    let server = args
        .smtp_url
        .as_deref()
        .filter(|url| !url.trim().is_empty())
        .map(SmtpServer::parse_url)
        .transpose()
        .map_err(|why| format!("--smtp-url (or JYOTI_SMTP_URL) is not usable: {why}"))?;
    Ok(MailOptions {
        server,
        from: args.mail_from.clone(),
        retry_base: args.mail_retry_base,
        alert_to: args
            .alert_to
            .iter()
            .map(|email| email.as_str().to_owned())
            .collect(),
        alert_window: args.alert_window,
        per_day: args.mail_per_day,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_allowed_origin_is_a_scheme_a_host_and_a_port_only() {
        assert_eq!(
            parse_origin("https://Front.Jyoti.example/").unwrap(),
            "https://front.jyoti.example"
        );
        assert_eq!(
            parse_origin("http://localhost:5173").unwrap(),
            "http://localhost:5173"
        );
        for refused in [
            "front.jyoti.example",
            "https://front.jyoti.example/app",
            "https://front.jyoti.example/?a=1",
            "ftp://front.jyoti.example",
            "https://user@front.jyoti.example",
            "*",
        ] {
            assert!(parse_origin(refused).is_err(), "{refused}");
        }
    }
}
