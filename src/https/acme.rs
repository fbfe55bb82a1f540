//! Getting a certificate from an ACME CA (Let's Encrypt by default) with HTTP-01 challenges,
//! answered by the plain-HTTP listener. The account is created once per CA and kept in the
//! database.

use super::Site;
use crate::db::{self, Pool};
use instant_acme::{
    Account, AccountCredentials, AuthorizationStatus, ChallengeType, Identifier, NewAccount,
    NewOrder, OrderStatus, RetryPolicy,
};
use std::time::Duration;

/// Let's Encrypt's production directory.
pub const LETS_ENCRYPT: &str = "https://acme-v02.api.letsencrypt.org/directory";

/// The CA and account (`--acme-directory`, `--acme-email`, `--acme-ca-root`).
pub use crate::config::AcmeOptions as Options;

/// How long the CA gets to validate the challenges and then to issue.
fn patience() -> RetryPolicy {
    RetryPolicy::new()
        .initial_delay(Duration::from_millis(500))
        .backoff(1.5)
        .timeout(Duration::from_secs(180))
}

/// Orders, proves and downloads a certificate for every name of `site`.
pub async fn obtain(
    site: &Site,
    pool: &Pool,
    options: &Options,
) -> Result<db::tls::StoredCertificate, String> {
    let account = account(pool, options).await?;
    let identifiers: Vec<Identifier> = site
        .domains
        .iter()
        .map(|name| Identifier::Dns(name.clone()))
        .collect();
    let mut order = account
        .new_order(&NewOrder::new(&identifiers))
        .await
        .map_err(|e| format!("the CA refused the order: {e}"))?;

    let mut authorizations = order.authorizations();
    while let Some(authorization) = authorizations.next().await {
        let mut authorization =
            authorization.map_err(|e| format!("cannot read an authorization: {e}"))?;
        match authorization.status {
            AuthorizationStatus::Pending => {}
            AuthorizationStatus::Valid => continue,
            status => return Err(format!("an authorization is {status:?}")),
        }
        let mut challenge = authorization
            .challenge(ChallengeType::Http01)
            .ok_or("the CA offers no http-01 challenge")?;
        site.set_challenge(
            challenge.token.clone(),
            challenge.key_authorization().as_str().to_owned(),
        );
        challenge
            .set_ready()
            .await
            .map_err(|e| format!("the CA did not accept the challenge: {e}"))?;
    }

    let status = order
        .poll_ready(&patience())
        .await
        .map_err(|e| format!("waiting for the CA to check port 80: {e}"))?;
    if status != OrderStatus::Ready {
        let why = order
            .state()
            .error
            .as_ref()
            .map_or_else(|| format!("{status:?}"), |problem| problem.to_string());
        return Err(format!(
            "the CA could not reach this server on port 80 for {}: {why} \
             (check that the names point at this server and port 80 is open)",
            site.domains.join(", ")
        ));
    }
    let key_pem = order
        .finalize()
        .await
        .map_err(|e| format!("the CA refused to finalize the order: {e}"))?;
    let chain_pem = order
        .poll_certificate(&patience())
        .await
        .map_err(|e| format!("the CA did not issue the certificate: {e}"))?;
    site.clear_challenges();
    let (not_before, not_after) = validity(&chain_pem)?;
    Ok(db::tls::StoredCertificate {
        chain_pem,
        key_pem,
        not_before,
        not_after,
    })
}

/// Our account at the CA: the stored one, or a new one (stored before it is used).
async fn account(pool: &Pool, options: &Options) -> Result<Account, String> {
    let builder = || match &options.ca_root {
        Some(root) => Account::builder_with_root(root).map_err(|e| {
            format!(
                "cannot use {} as the CA's root certificate: {e}",
                root.display()
            )
        }),
        None => Account::builder().map_err(|e| format!("cannot set up the ACME client: {e}")),
    };
    let directory = options.directory.clone();
    let stored = db::run(pool, move |conn| Ok(db::tls::account(conn, &directory)?))
        .await
        .map_err(|e| format!("cannot read the ACME account: {e}"))?;
    if let Some(stored) = stored {
        let credentials: AccountCredentials = serde_json::from_str(&stored)
            .map_err(|e| format!("the stored ACME account is unreadable: {e}"))?;
        return builder()?
            .from_credentials(credentials)
            .await
            .map_err(|e| format!("cannot reach the CA at {}: {e}", options.directory));
    }
    let contact = options
        .email
        .as_ref()
        .map(|email| format!("mailto:{email}"));
    let contacts: Vec<&str> = contact.iter().map(String::as_str).collect();
    let (account, credentials) = builder()?
        .create(
            &NewAccount {
                contact: &contacts,
                terms_of_service_agreed: true,
                only_return_existing: false,
            },
            options.directory.clone(),
            None,
        )
        .await
        .map_err(|e| {
            format!(
                "cannot open an account at the CA {}: {e}",
                options.directory
            )
        })?;
    let serialised = serde_json::to_string(&credentials)
        .map_err(|e| format!("cannot keep the ACME account: {e}"))?;
    let directory = options.directory.clone();
    db::run(pool, move |conn| {
        Ok(db::tls::save_account(conn, &directory, &serialised)?)
    })
    .await
    .map_err(|e| format!("cannot store the ACME account: {e}"))?;
    log::info!("opened an account at the CA {}", options.directory);
    Ok(account)
}

/// The validity (not before, not after; Unix seconds) of the first certificate in a PEM chain.
pub fn validity(chain_pem: &str) -> Result<(i64, i64), String> {
    use rustls::pki_types::pem::PemObject;
    let first = rustls::pki_types::CertificateDer::pem_slice_iter(chain_pem.as_bytes())
        .next()
        .ok_or("the CA sent no certificate")?
        .map_err(|e| format!("the CA's certificate is not PEM: {e}"))?;
    let (_, parsed) = x509_parser::parse_x509_certificate(&first)
        .map_err(|e| format!("the CA's certificate cannot be read: {e}"))?;
    let validity = parsed.validity();
    Ok((
        validity.not_before.timestamp(),
        validity.not_after.timestamp(),
    ))
}
