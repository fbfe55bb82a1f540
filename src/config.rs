//! How this server runs, from the command line: bcrypt cost, proxy trust, rate limits, HTTPS, email.
//! (Not the club's site settings, nor the server's stored `settings` such as its secret.)

/// The running server's options with their defaults (DESIGN §5); `serve` fills them from the command line.
pub struct Config {
    pub bcrypt_cost: u32,
    pub trust_proxy: bool,
    pub rate_limit: bool,
    /// Set with `--domain`: this server speaks HTTPS itself for these names.
    pub https: Option<std::sync::Arc<crate::https::Site>>,
    /// `--smtp-url`, `--mail-from`: they win over the admin area's email settings.
    pub mail: crate::mail::MailOptions,
    /// `--backup-dir` and its interval and count: backups taken while serving.
    pub backups: Option<BackupPlan>,
    /// How long a problem lasts before it is mailed to the admins (a day; shorter in tests).
    pub alert_after: std::time::Duration,
    /// `--offsite`: where encrypted copies of the scheduled backups go.
    pub offsite: Option<std::sync::Arc<crate::offsite::Offsite>>,
}

/// Where and how often `serve` writes backups, and how many it keeps.
#[derive(Debug, Clone)]
pub struct BackupPlan {
    pub dir: std::path::PathBuf,
    pub every: std::time::Duration,
    pub keep: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            bcrypt_cost: 12,
            trust_proxy: false,
            rate_limit: true,
            https: None,
            mail: crate::mail::MailOptions::default(),
            backups: None,
            alert_after: std::time::Duration::from_secs(24 * 3600),
            offsite: None,
        }
    }
}
