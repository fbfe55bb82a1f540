//! Email: the mail server (from `--smtp-url` or the admin area), the admin's email settings, the
//! site's public address for links, and the forgotten-password requests.

use super::text::*;
use super::values::*;
use super::Checker;
use crate::error::ApiError;
use percent_encoding::percent_decode_str;
use serde::{Deserialize, Serialize};

/// How the connection to the mail server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    /// Plain connection upgraded with STARTTLS, which must succeed (port 587).
    Starttls,
    /// TLS from the first byte (port 465).
    Tls,
    /// No encryption: only for a relay on the same machine or network.
    None,
}

impl Security {
    pub fn parse(text: &str) -> Result<Security, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "starttls" => Ok(Security::Starttls),
            "tls" => Ok(Security::Tls),
            "none" => Ok(Security::None),
            _ => Err("must be starttls, tls or none".into()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Security::Starttls => "starttls",
            Security::Tls => "tls",
            Security::None => "none",
        }
    }
}

/// A mail server and the account to send with.
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpServer {
    pub host: String,
    pub port: u16,
    pub security: Security,
    pub username: String,
    pub password: String,
}

impl std::fmt::Debug for SmtpServer {
    /// Never the password, not even in a log line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpServer")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("username", &self.username)
            .finish_non_exhaustive()
    }
}

impl SmtpServer {
    /// `smtp://user:pass@host:587` (STARTTLS), `smtps://user:pass@host` (TLS, port 465) or
    /// `smtp://host:2525?tls=none` (a plain relay, port 25 by default). The user and password
    /// are percent-decoded, so `%40` stands for `@`. A refusal never repeats the URL, which may
    /// hold a password.
    pub fn parse_url(text: &str) -> Result<SmtpServer, String> {
        let url = url::Url::parse(text.trim()).map_err(|err| {
            format!("it is not a URL such as smtp://user:password@host:587 ({err})")
        })?;
        let mut security = match url.scheme() {
            "smtp" => Security::Starttls,
            "smtps" => Security::Tls,
            other => {
                return Err(format!(
                    "the scheme `{other}` is not smtp:// (STARTTLS) or smtps:// (TLS)"
                ))
            }
        };
        for (name, value) in url.query_pairs() {
            match (name.as_ref(), value.as_ref(), security) {
                ("tls", "none", Security::Starttls) => security = Security::None,
                ("tls", "starttls", Security::Starttls) => {}
                ("tls", _, _) => {
                    return Err(format!(
                        "tls={value} is not possible here: smtp:// takes tls=starttls or tls=none, smtps:// none"
                    ))
                }
                _ => return Err(format!("`{name}` is not a setting of the SMTP URL (only tls=none)")),
            }
        }
        if !matches!(url.path(), "" | "/") || url.fragment().is_some() {
            return Err("the SMTP URL takes no path: smtp://user:password@host:port".into());
        }
        let host = match url.host() {
            Some(url::Host::Domain(name)) if !name.is_empty() => name.to_owned(),
            Some(url::Host::Ipv4(ip)) => ip.to_string(),
            Some(url::Host::Ipv6(ip)) => ip.to_string(),
            _ => {
                return Err(
                    "the SMTP URL names no mail server: smtp://user:password@HOST:port".into(),
                )
            }
        };
        let decode = |part: &str, what: &str| {
            percent_decode_str(part)
                .decode_utf8()
                .map(|text| text.into_owned())
                .map_err(|_| {
                    format!("the {what} in the SMTP URL is not valid percent-encoded UTF-8")
                })
        };
        let username = decode(url.username(), "user")?;
        let password = decode(url.password().unwrap_or_default(), "password")?;
        if username.is_empty() && !password.is_empty() {
            return Err("the SMTP URL has a password but no user".into());
        }
        let port = url.port().unwrap_or(match security {
            Security::Starttls => 587,
            Security::Tls => 465,
            Security::None => 25,
        });
        Ok(SmtpServer {
            host,
            port,
            security,
            username,
            password,
        })
    }
}

/// The site's public address, for links in emails: `http(s)://name[:port]` with no path (a
/// trailing `/` is dropped), so a link is always this address plus a path of ours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteAddress(String);

impl SiteAddress {
    pub fn parse(text: &str) -> Result<SiteAddress, String> {
        let refused = || {
            "must be the site's address such as https://jyoti.example.org, with no path".to_string()
        };
        let url = url::Url::parse(text.trim()).map_err(|_| refused())?;
        let plain = matches!(url.scheme(), "http" | "https")
            && url.host_str().is_some_and(|host| !host.is_empty())
            && url.username().is_empty()
            && url.password().is_none()
            && url.path() == "/"
            && url.query().is_none()
            && url.fragment().is_none();
        if !plain || text.trim().len() > 2048 {
            return Err(refused());
        }
        Ok(SiteAddress(url.as_str().trim_end_matches('/').to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The Email screen's form, as sent: every field optional (left out: unchanged).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MailSettingsRequest {
    host: Option<String>,
    port: Option<serde_json::Value>,
    security: Option<String>,
    username: Option<String>,
    password: Option<String>,
    sender: Option<String>,
    contact_to: Option<String>,
    site_address: Option<String>,
}

/// A change to the stored email settings; `None` leaves a value as it is. An empty host turns
/// email off; an empty password keeps the stored one (the browser never has it to send back).
#[derive(Debug, Default)]
pub struct MailSettingsPatch {
    pub host: Option<String>,
    pub port: Option<u16>,
    pub security: Option<Security>,
    pub username: Option<String>,
    pub password: Option<String>,
    pub sender: Option<String>,
    pub contact_to: Option<String>,
    pub site_address: Option<String>,
}

/// The fields of the mail server, which `--smtp-url` sets when given.
pub const SERVER_FIELDS: [&str; 5] = ["host", "port", "security", "username", "password"];

impl MailSettingsPatch {
    pub fn parse(request: MailSettingsRequest) -> Result<MailSettingsPatch, ApiError> {
        let mut check = Checker::default();
        let optional = |value: Option<String>, parse: fn(String) -> Result<String, String>| {
            value.map(parse).transpose()
        };
        let host = check.check(
            "host",
            optional(request.host, |host| {
                let host = line(Some(host), 253, false)?;
                if host.contains(|c: char| c.is_whitespace() || "/@?#".contains(c)) {
                    return Err("must be the mail server's name, such as smtp.example.org".into());
                }
                Ok(host)
            }),
        );
        let port = check.check(
            "port",
            match request.port {
                None => Ok(None),
                Some(value) => value
                    .as_u64()
                    .or_else(|| value.as_str().and_then(|text| text.trim().parse().ok()))
                    .and_then(|port| u16::try_from(port).ok())
                    .filter(|port| *port > 0)
                    .map(Some)
                    .ok_or_else(|| "must be a port number from 1 to 65535".to_string()),
            },
        );
        let security = check.check(
            "security",
            request.security.as_deref().map(Security::parse).transpose(),
        );
        let username = check.check(
            "username",
            optional(request.username, |u| line(Some(u), 254, false)),
        );
        let password = check.check(
            "password",
            match request.password {
                Some(password) if password.chars().count() > 256 => {
                    Err("must be at most 256 characters".to_string())
                }
                Some(password) if password.contains(['\r', '\n']) => {
                    Err("must be on one line".to_string())
                }
                Some(password) if password.is_empty() => Ok(None),
                password => Ok(password),
            },
        );
        let sender = check.check("sender", optional(request.sender, optional_email));
        let contact_to = check.check("contactTo", optional(request.contact_to, optional_email));
        let site_address = check.check(
            "siteAddress",
            optional(request.site_address, |text| match text.trim() {
                "" => Ok(String::new()),
                text => SiteAddress::parse(text).map(|a| a.as_str().to_owned()),
            }),
        );
        check.finish(|| {
            Some(MailSettingsPatch {
                host: host?,
                port: port?,
                security: security?,
                username: username?,
                password: password?,
                sender: sender?,
                contact_to: contact_to?,
                site_address: site_address?,
            })
        })
    }

    /// The fields of the mail server this change sets, by their JSON names.
    pub fn server_fields(&self) -> Vec<&'static str> {
        let set = [
            self.host.is_some(),
            self.port.is_some(),
            self.security.is_some(),
            self.username.is_some(),
            self.password.is_some(),
        ];
        SERVER_FIELDS
            .iter()
            .zip(set)
            .filter_map(|(name, set)| set.then_some(*name))
            .collect()
    }
}

/// An address, or empty for none.
fn optional_email(text: String) -> Result<String, String> {
    match text.trim() {
        "" => Ok(String::new()),
        _ => Email::parse(Some(text)).map(|email| email.as_str().to_owned()),
    }
}

/// `POST /api/admin/mail/test`: where to send a test email.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestMailRequest {
    to: Option<String>,
}

impl TestMailRequest {
    pub fn parse(self) -> Result<Email, ApiError> {
        Email::parse(self.to).map_err(|why| ApiError::field("to", why))
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForgotPasswordRequest {
    email: Option<String>,
}

impl ForgotPasswordRequest {
    pub fn parse(self) -> Result<Email, ApiError> {
        Email::parse(self.email).map_err(|why| ApiError::field("email", why))
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResetPasswordRequest {
    token: Option<String>,
    password: Option<String>,
}

/// What a reset link's page sends: the link's secret and the new password.
pub struct PasswordReset {
    /// `None` when the text cannot be one of our tokens (it is then no valid link either).
    pub token: Option<ResetToken>,
    pub password: Password,
}

impl PasswordReset {
    pub fn parse(request: ResetPasswordRequest) -> Result<PasswordReset, ApiError> {
        let mut check = Checker::default();
        let password = check.check("password", Password::parse(request.password));
        let token = request.token.as_deref().and_then(ResetToken::parse);
        check.finish(|| {
            Some(PasswordReset {
                token,
                password: password?,
            })
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfirmEmailRequest {
    token: Option<String>,
}

impl ConfirmEmailRequest {
    /// The link's secret; `None` when the text cannot be one (so no link works with it).
    pub fn parse(self) -> Option<ResetToken> {
        self.token.as_deref().and_then(ResetToken::parse)
    }
}

/// The secret of a reset link: 32 random bytes, written as 64 hex digits.
pub struct ResetToken(String);

impl ResetToken {
    pub fn generate() -> Result<ResetToken, ApiError> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(ApiError::internal)?;
        Ok(ResetToken(
            bytes.iter().map(|b| format!("{b:02x}")).collect(),
        ))
    }

    pub fn parse(text: &str) -> Option<ResetToken> {
        let text = text.trim();
        (text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| ResetToken(text.to_ascii_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the database keeps: the SHA-256 of the secret, in hex.
    pub fn hash(&self) -> String {
        use sha2::Digest;
        sha2::Sha256::digest(self.0.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_urls_name_the_security_port_and_decoded_account() {
        let starttls =
            SmtpServer::parse_url("smtp://club%40example.org:p%3Ass%20w@mail.example.org:587")
                .unwrap();
        assert_eq!(
            (starttls.host.as_str(), starttls.port, starttls.security),
            ("mail.example.org", 587, Security::Starttls)
        );
        assert_eq!(
            (starttls.username.as_str(), starttls.password.as_str()),
            ("club@example.org", "p:ss w")
        );
        let tls = SmtpServer::parse_url("smtps://u:p@mail.example.org").unwrap();
        assert_eq!((tls.port, tls.security), (465, Security::Tls));
        let relay = SmtpServer::parse_url("smtp://127.0.0.1:2525?tls=none").unwrap();
        assert_eq!(
            (relay.host.as_str(), relay.port, relay.security),
            ("127.0.0.1", 2525, Security::None)
        );
        assert!(relay.username.is_empty());
        for bad in [
            "mail.example.org",
            "http://mail.example.org",
            "smtp://",
            "smtps://h?tls=none",
            "smtp://h?tls=maybe",
            "smtp://h?mode=x",
            "smtp://h/inbox",
            "smtp://:secret@h",
        ] {
            assert!(SmtpServer::parse_url(bad).is_err(), "{bad}");
        }
        assert!(
            !format!("{starttls:?}").contains("p:ss"),
            "Debug shows no password"
        );
    }

    #[test]
    fn a_site_address_is_a_bare_http_or_https_origin() {
        assert_eq!(
            SiteAddress::parse("https://jyoti.example.org/")
                .unwrap()
                .as_str(),
            "https://jyoti.example.org"
        );
        assert_eq!(
            SiteAddress::parse("http://127.0.0.1:8080")
                .unwrap()
                .as_str(),
            "http://127.0.0.1:8080"
        );
        for bad in [
            "jyoti.example.org",
            "ftp://x.org",
            "https://x.org/admin",
            "https://x.org/?a=1",
            "javascript:alert(1)",
            "https://u:p@x.org",
        ] {
            assert!(SiteAddress::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_reset_token_is_64_hex_digits_and_is_stored_hashed() {
        let token = ResetToken::generate().unwrap();
        assert_eq!(token.as_str().len(), 64);
        let again = ResetToken::parse(token.as_str()).unwrap();
        assert_eq!(again.hash(), token.hash());
        assert_ne!(token.hash(), token.as_str());
        assert!(ResetToken::parse("abc").is_none());
        assert!(ResetToken::parse(&"g".repeat(64)).is_none());
    }
}
