//! How this server runs, from the command line: where it listens, bcrypt cost, proxy trust, rate
//! limits, HTTPS, email, backups. A plain value: what changes while the server runs (the HTTPS
//! certificate, a backup's outcome) lives in `AppState`. (Not the club's site settings, nor the
//! server's stored `settings` such as its secret.)

use crate::mail::MailOptions;
use crate::offsite::OffsiteOptions;
use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::time::Duration;

/// Longest pause between two pieces of a request body, unless `Config::body_deadline` says
/// otherwise.
pub const BODY_IDLE: Duration = Duration::from_secs(10);

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
    pub mail: MailOptions,
    /// `--backup-dir` and its interval and count: backups taken while serving.
    pub backups: Option<BackupPlan>,
    /// How long a problem lasts before it is mailed to the admins (a day; shorter in tests).
    pub alert_after: Duration,
    /// `--payment-hold`: how long a change of the payment details waits before donors see it.
    pub payment_hold: Duration,
    /// What the payment hold counts by: the system's clock, which a test moves on.
    pub clock: crate::clock::Clock,
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
            body_deadline: BODY_IDLE,
            bcrypt_cost: 12,
            trust_proxy: false,
            rate_limit: true,
            https: None,
            mail: MailOptions::default(),
            backups: None,
            alert_after: Duration::from_secs(24 * 3600),
            payment_hold: Duration::from_secs(24 * 3600),
            clock: crate::clock::Clock::default(),
            bin_days: 30,
            offsite: None,
            site_url: None,
            allow_origins: Vec::new(),
            push_services: Vec::new(),
        }
    }
}
