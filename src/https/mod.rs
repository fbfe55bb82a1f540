//! Built-in HTTPS (`serve --domain`): the certificate the TLS listener presents, the plain-HTTP
//! side (ACME challenges and the redirect to https), HSTS, and keeping the certificate renewed.
//!
//! Certificates come from an ACME CA ([`acme`]) and are kept in the database, so a backup holds
//! them too; a restart serves the stored certificate at once and only asks the CA when it is
//! missing or a third of its lifetime remains.

pub mod acme;
pub mod listener;

use crate::db::{self, Pool};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{web, HttpResponse};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Browsers remember for a year that this site is HTTPS only.
const HSTS: &str = "max-age=31536000";

/// Where ACME CAs look for the HTTP-01 challenge answers.
const CHALLENGE_PATH: &str = "/.well-known/acme-challenge/";

/// The site's names and certificate, shared by the TLS listener, the HTTP side and renewals.
#[derive(Debug)]
pub struct Site {
    /// The names the certificate covers, as given (lowercase); the first is the canonical one.
    pub domains: Vec<String>,
    /// The port HTTPS listens on: redirects name it unless it is 443.
    pub https_port: u16,
    current: RwLock<Option<Arc<CertifiedKey>>>,
    /// When the current certificate was issued and stops being valid (Unix seconds).
    validity: Mutex<Option<(i64, i64)>>,
    /// HTTP-01 token → key authorization, while an order is being validated.
    challenges: Mutex<HashMap<String, String>>,
    /// Why the last try to get or install a certificate failed; cleared when one works.
    renewal_error: Mutex<Option<String>>,
}

impl Site {
    pub fn new(domains: Vec<String>, https_port: u16) -> Site {
        Site {
            domains,
            https_port,
            current: RwLock::new(None),
            validity: Mutex::new(None),
            challenges: Mutex::new(HashMap::new()),
            renewal_error: Mutex::new(None),
        }
    }

    /// Whole days the current certificate stays valid, if there is one.
    pub fn days_left(&self) -> Option<i64> {
        let (_, not_after) = (*held(&self.validity))?;
        Some((not_after - now()).max(0) / 86_400)
    }

    /// Why the last try to get or install a certificate failed, while no later one worked.
    pub fn renewal_error(&self) -> Option<String> {
        held(&self.renewal_error).clone()
    }

    /// The key the certificate is stored under: the names sorted, comma-separated.
    pub fn domains_key(&self) -> String {
        let mut names = self.domains.clone();
        names.sort();
        names.dedup();
        names.join(",")
    }

    /// The TLS settings of the HTTPS listener: this site's certificate, HTTP/1.1.
    pub fn server_config(self: &Arc<Self>) -> Result<rustls::ServerConfig, String> {
        let mut config = rustls::ServerConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("cannot set up TLS: {e}"))?
        .with_no_client_auth()
        .with_cert_resolver(Arc::new(Resolver(self.clone())));
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(config)
    }

    /// Starts presenting `stored` (parsed and checked first; on error nothing changes).
    pub fn install(&self, stored: &db::tls::StoredCertificate) -> Result<(), String> {
        let certs = CertificateDer::pem_slice_iter(stored.chain_pem.as_bytes())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("the certificate chain is not PEM: {e}"))?;
        if certs.is_empty() {
            return Err("the certificate chain is empty".into());
        }
        let key = PrivateKeyDer::from_pem_slice(stored.key_pem.as_bytes())
            .map_err(|e| format!("the certificate's key is not PEM: {e}"))?;
        let key = rustls::crypto::ring::sign::any_supported_type(&key)
            .map_err(|e| format!("the certificate's key cannot sign: {e}"))?;
        let certified = Arc::new(CertifiedKey::new(certs, key));
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some(certified);
        *held(&self.validity) = Some((stored.not_before, stored.not_after));
        Ok(())
    }

    /// How long until the certificate should be renewed: zero when there is none, or when
    /// less than a third of its lifetime is left (30 of Let's Encrypt's 90 days).
    pub fn renewal_due_in(&self) -> Duration {
        let Some((not_before, not_after)) = *held(&self.validity) else {
            return Duration::ZERO;
        };
        let renew_at = not_after - (not_after - not_before) / 3;
        Duration::from_secs(renew_at.saturating_sub(now()).max(0) as u64)
    }

    fn set_challenge(&self, token: String, key_authorization: String) {
        held(&self.challenges).insert(token, key_authorization);
    }

    fn clear_challenges(&self) {
        held(&self.challenges).clear();
    }

    fn challenge(&self, token: &str) -> Option<String> {
        held(&self.challenges).get(token).cloned()
    }

    /// The https address of `path_and_query` on the name the client asked for, when it is one
    /// of ours (never an address the client chose).
    fn secure_location(&self, host: &str, path_and_query: &str) -> String {
        let name = host_name(host);
        let name = self
            .domains
            .iter()
            .find(|domain| domain.eq_ignore_ascii_case(name))
            .unwrap_or(&self.domains[0]);
        match self.https_port {
            443 => format!("https://{name}{path_and_query}"),
            port => format!("https://{name}:{port}{path_and_query}"),
        }
    }
}

/// The value behind `lock`, also after a panic elsewhere (the values here stay consistent whatever
/// was interrupted: each is replaced whole).
fn held<T>(lock: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    lock.lock().unwrap_or_else(|e| e.into_inner())
}

/// The host part of a `Host` header (`name`, `name:port`, `[v6]:port`).
fn host_name(host: &str) -> &str {
    if host.starts_with('[') {
        return host.split(']').next().unwrap_or(host);
    }
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

#[derive(Debug)]
struct Resolver(Arc<Site>);

impl ResolvesServerCert for Resolver {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        self.0
            .current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Checks a `--domain` value: a DNS name an ACME CA can issue for over HTTP-01 (no wildcard,
/// no IP address), returned in lowercase.
pub fn parse_domain(text: &str) -> Result<String, String> {
    let name = text.trim().trim_end_matches('.').to_ascii_lowercase();
    let label_ok = |label: &str| {
        (1..=63).contains(&label.len())
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    if name.is_empty() || name.len() > 253 || !name.split('.').all(label_ok) {
        return Err(format!(
            "`{text}` is not a domain name such as jyoti.example.org (wildcards cannot be used)"
        ));
    }
    if name.parse::<std::net::IpAddr>().is_ok()
        || name
            .rsplit('.')
            .next()
            .is_some_and(|tld| tld.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(format!(
            "`{text}` is an IP address; certificates are for domain names such as jyoti.example.org"
        ));
    }
    Ok(name)
}

/// Middleware: on the plain-HTTP listener of an HTTPS site, answer ACME challenges and send
/// everything else to https; on the TLS listener, add HSTS. Without `--domain` it does nothing.
pub async fn guard(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let Some(site) = req.app_data::<web::Data<Site>>().cloned() else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    if req.conn_data::<listener::OverTls>().is_some() {
        let mut response = next.call(req).await?;
        response.headers_mut().insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
        return Ok(response.map_into_left_body());
    }
    let response = match req.path().strip_prefix(CHALLENGE_PATH) {
        Some(token) => match site.challenge(token) {
            Some(key_authorization) => HttpResponse::Ok()
                .content_type("application/octet-stream")
                .body(key_authorization),
            None => HttpResponse::NotFound()
                .content_type("text/plain; charset=utf-8")
                .body("no such challenge"),
        },
        None => {
            let host = req.connection_info().host().to_owned();
            let path = req
                .uri()
                .path_and_query()
                .map_or("/", |p| p.as_str())
                .to_owned();
            let location = site.secure_location(&host, &path);
            let mut redirect = if matches!(req.method().as_str(), "GET" | "HEAD") {
                HttpResponse::MovedPermanently()
            } else {
                HttpResponse::PermanentRedirect()
            };
            redirect
                .insert_header((header::LOCATION, location))
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .finish()
        }
    };
    Ok(req.into_response(response).map_into_right_body())
}

/// Serves the stored certificate for `site` if there is one and it is still valid.
/// Returns whether one was installed.
pub fn load_stored(site: &Site, pool: &Pool) -> Result<bool, String> {
    let conn = pool
        .get()
        .map_err(|e| format!("cannot use the database: {e}"))?;
    let stored = db::tls::certificate(&conn, &site.domains_key())
        .map_err(|e| format!("cannot read the stored certificate: {e}"))?;
    match stored {
        Some(stored) if stored.not_after > now() => {
            site.install(&stored)?;
            Ok(true)
        }
        _ => Ok(false),
    }
}

/// Keeps `site` served with a valid certificate for as long as the server runs: obtains one
/// when there is none, renews it when due, and after a failure tries again later (from a
/// minute up to six hours apart), saying each time what went wrong.
pub async fn keep_certified(site: Arc<Site>, pool: Pool, options: acme::Options) {
    let mut failures: u32 = 0;
    loop {
        let due_in = site.renewal_due_in();
        if !due_in.is_zero() {
            // Check again at least twice a day, so a changed clock or a revoked file is noticed.
            actix_web::rt::time::sleep(due_in.min(Duration::from_secs(12 * 3600))).await;
            continue;
        }
        log::info!(
            "asking {} for a certificate for {}",
            options.directory,
            site.domains.join(", ")
        );
        // A certificate that cannot be stored or used is a failure like one the CA refused:
        // asking again at once would spend the CA's rate limit in a loop.
        match renew(&site, &pool, &options).await {
            Ok(not_after) => {
                failures = 0;
                log::info!(
                    "certificate for {} obtained; valid until {}",
                    site.domains.join(", "),
                    jiff::Timestamp::from_second(not_after)
                        .map_or_else(|_| not_after.to_string(), |t| t.to_string())
                );
            }
            Err(err) => {
                site.clear_challenges();
                failures += 1;
                let wait = Duration::from_secs(60 << (failures - 1).min(9))
                    .min(Duration::from_secs(6 * 3600));
                log::error!(
                    "could not get a certificate for {}: {err}; trying again in {}",
                    site.domains.join(", "),
                    crate::words::in_words(wait)
                );
                *held(&site.renewal_error) = Some(err);
                actix_web::rt::time::sleep(wait).await;
            }
        }
    }
}

/// Obtains a certificate, starts presenting it and stores it; returns when it stops being
/// valid. A certificate that works but cannot be stored is served all the same (the error is
/// reported, and the next start asks the CA again).
async fn renew(site: &Site, pool: &Pool, options: &acme::Options) -> Result<i64, String> {
    let stored = acme::obtain(site, pool, options).await?;
    put_to_use(site, pool, &options.directory, stored).await
}

/// Starts presenting a new certificate, then stores it: an error when it cannot be used (the
/// caller backs off before asking the CA again), only a reported problem when it cannot be
/// stored.
async fn put_to_use(
    site: &Site,
    pool: &Pool,
    directory: &str,
    stored: db::tls::StoredCertificate,
) -> Result<i64, String> {
    site.install(&stored)
        .map_err(|err| format!("the new certificate cannot be used: {err}"))?;
    let saved = db::run(pool, {
        let key = site.domains_key();
        let directory = directory.to_owned();
        let stored = stored.clone();
        move |conn| Ok(db::tls::save_certificate(conn, &key, &directory, &stored)?)
    })
    .await;
    *held(&site.renewal_error) = saved.err().map(|err| {
        log::error!("the new certificate could not be stored: {err}");
        format!("the new certificate is served but could not be stored ({err})")
    });
    Ok(stored.not_after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domains_are_dns_names_in_lowercase() {
        assert_eq!(
            parse_domain("Jyoti.Example.org").unwrap(),
            "jyoti.example.org"
        );
        assert_eq!(parse_domain("example.org.").unwrap(), "example.org");
        for bad in [
            "",
            "*.example.org",
            "-a.example.org",
            "a..b",
            "203.0.113.7",
            "::1",
            "a b.org",
        ] {
            assert!(parse_domain(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn redirects_name_one_of_our_domains_and_a_port_other_than_443() {
        let site = Site::new(
            vec!["jyoti.example.org".into(), "www.jyoti.example.org".into()],
            443,
        );
        assert_eq!(
            site.secure_location("WWW.jyoti.example.org:80", "/notice?x=1"),
            "https://www.jyoti.example.org/notice?x=1"
        );
        assert_eq!(
            site.secure_location("evil.example", "/"),
            "https://jyoti.example.org/"
        );
        let site = Site::new(vec!["jyoti.example.org".into()], 8443);
        assert_eq!(
            site.secure_location("jyoti.example.org", "/a"),
            "https://jyoti.example.org:8443/a"
        );
    }

    #[test]
    fn a_certificate_is_due_for_renewal_with_a_third_of_its_life_left() {
        let site = Site::new(vec!["a.example".into()], 443);
        assert_eq!(site.renewal_due_in(), Duration::ZERO, "none yet");
        let day = 86_400;
        *site.validity.lock().unwrap() = Some((now() - 10 * day, now() + 80 * day));
        let due = site.renewal_due_in().as_secs() as i64;
        assert!((49 * day..=50 * day).contains(&due), "{due}");
        *site.validity.lock().unwrap() = Some((now() - 70 * day, now() + 20 * day));
        assert_eq!(site.renewal_due_in(), Duration::ZERO);
    }

    fn certificate(names: &[&str]) -> db::tls::StoredCertificate {
        let key = rcgen::KeyPair::generate().unwrap();
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let cert = rcgen::CertificateParams::new(names)
            .unwrap()
            .self_signed(&key)
            .unwrap();
        db::tls::StoredCertificate {
            chain_pem: cert.pem(),
            key_pem: key.serialize_pem(),
            not_before: now() - 86_400,
            not_after: now() + 90 * 86_400,
        }
    }

    #[actix_web::test]
    async fn a_certificate_that_cannot_be_used_is_an_error_to_back_off_from() {
        let dir = tempfile::tempdir().unwrap();
        let pool = db::open(&dir.path().join("t.db")).unwrap();
        let site = Site::new(vec!["jyoti.test".into()], 443);
        let mut broken = certificate(&["jyoti.test"]);
        broken.chain_pem = "not a certificate".into();
        assert!(put_to_use(&site, &pool, "ca", broken).await.is_err());
        assert_eq!(
            site.renewal_due_in(),
            Duration::ZERO,
            "still none: asked again later"
        );

        let good = certificate(&["jyoti.test"]);
        assert!(put_to_use(&site, &pool, "ca", good).await.is_ok());
        assert!(site.days_left().is_some_and(|days| days >= 89));
        assert_eq!(site.renewal_error(), None);
    }
}
