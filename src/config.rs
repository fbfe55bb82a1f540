//! How this server runs, from the command line: where it listens, bcrypt cost, proxy trust, rate
//! limits, HTTPS, email, backups. A plain value: what changes while the server runs (the HTTPS
//! certificate, a backup's outcome) lives in `AppState`. (Not the club's site settings, nor the
//! server's stored `settings` such as its secret.)

use crate::cli::ServeArgs;
use crate::domain::SmtpServer;
use crate::mail::MailOptions;
use crate::offsite::OffsiteOptions;
use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::time::Duration;

/// The running server's options with their defaults (docs/running.md, "Command line"); `serve`
/// fills them from the command line, tests from what they test.
pub struct Config {
    /// The address to listen on.
    pub bind: IpAddr,
    /// The port: plain HTTP's, or with `https` HTTPS's. 0 picks a free one (tests).
    pub port: u16,
    /// With `https`: the plain port for redirects and ACME challenges.
    pub http_port: u16,
    /// Worker threads; 0 for one per core.
    pub workers: usize,
    /// How long a client gets for its request head, and an idle connection stays open.
    pub timeouts: Timeouts,
    /// Longest pause between two pieces of a request body (10 s; shorter in tests).
    pub body_deadline: Duration,
    pub bcrypt_cost: u32,
    pub trust_proxy: bool,
    pub rate_limit: bool,
    /// Set with `--domain`: this server speaks HTTPS itself for these names.
    pub https: Option<HttpsOptions>,
    /// `--smtp-url`, `--mail-from`: they win over the admin area's email settings.
    pub mail: crate::mail::MailOptions,
    /// `--backup-dir` and its interval and count: backups taken while serving.
    pub backups: Option<BackupPlan>,
    /// How long a problem lasts before it is mailed to the admins (a day; shorter in tests).
    pub alert_after: Duration,
    /// `--payment-hold`: how long a change of the payment details waits before donors see it.
    pub payment_hold: Duration,
    /// `--bin-days`: how long a deleted record waits in the bin before it is erased for good.
    pub bin_days: u32,
    /// `--offsite`: where encrypted copies of the scheduled backups go.
    pub offsite: Option<OffsiteOptions>,
    /// `--site-url`: the site's public address behind a proxy (`--domain` gives one too).
    pub site_url: Option<String>,
    /// `--allow-origin`: the origins whose pages may call the API (CORS); none by default.
    pub allow_origins: Vec<String>,
    /// `--push-service`: URL prefixes of push services beyond the known ones.
    pub push_services: Vec<String>,
}

/// The time limits of every connection, on either port.
#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    /// To send the request head.
    pub request_head: Duration,
    /// An idle kept-alive connection is closed after this long.
    pub keep_alive: Duration,
    /// To close a connection once the answer is out.
    pub disconnect: Duration,
}

/// HTTPS by the server itself (`--domain`): the names, and the CA to get certificates from.
#[derive(Debug, Clone)]
pub struct HttpsOptions {
    /// The names the certificate covers, as given (lowercase); the first is the canonical one.
    pub domains: Vec<String>,
    pub acme: AcmeOptions,
}

/// The ACME CA and account.
#[derive(Debug, Clone)]
pub struct AcmeOptions {
    pub directory: String,
    /// Contact address for the CA's expiry warnings.
    pub email: Option<String>,
    /// Trust only this root for the CA's own HTTPS (a test CA such as Pebble).
    pub ca_root: Option<PathBuf>,
}

/// Where and how often `serve` writes backups, and how many it keeps.
#[derive(Debug, Clone)]
pub struct BackupPlan {
    pub dir: PathBuf,
    pub every: Duration,
    pub keep: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
            http_port: 0,
            workers: 0,
            timeouts: Timeouts {
                request_head: Duration::from_secs(10),
                keep_alive: Duration::from_secs(10),
                disconnect: Duration::from_secs(2),
            },
            body_deadline: crate::slow_clients::BODY_IDLE,
            bcrypt_cost: 12,
            trust_proxy: false,
            rate_limit: true,
            https: None,
            mail: crate::mail::MailOptions::default(),
            backups: None,
            alert_after: Duration::from_secs(24 * 3600),
            payment_hold: Duration::from_secs(24 * 3600),
            bin_days: 30,
            offsite: None,
            site_url: None,
            allow_origins: Vec::new(),
            push_services: Vec::new(),
        }
    }
}

impl Config {
    /// The configuration `jyoti serve` runs with, from its command line (and the off-site
    /// keys from the environment).
    pub fn from_args(args: &ServeArgs) -> Result<Config, String> {
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
