//! A certificate from pebble over HTTP-01, served with a redirect and HSTS, kept across a
//! restart; the CA out of reach, and a domain that cannot have a certificate.

use super::*;

#[test]
fn a_certificate_from_an_acme_ca_serves_the_site_over_https_with_a_redirect_and_hsts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jyoti.db");
    let (https_port, http_port) = (free_port(), free_port());
    let pebble = start_pebble(dir.path(), http_port);

    let server = serve_https(&db, https_port, http_port, Some(&pebble));
    let first = server.wait_for("listening on", Duration::from_secs(20));
    assert_eq!(
        first,
        format!("listening on https://127.0.0.1:{https_port} and http://127.0.0.1:{http_port}")
    );
    server.wait_for(
        "certificate for jyoti.test, www.jyoti.test obtained",
        Duration::from_secs(90),
    );

    let root = pebble_root(&pebble);
    for name in NAMES {
        let (head, body) = https_get(https_port, name, "/", std::slice::from_ref(&root));
        assert!(head.starts_with("http/1.1 200"), "{name}: {head}");
        assert!(
            head.contains("strict-transport-security: max-age=31536000"),
            "{head}"
        );
        assert!(body.contains("<div id=\"root\">"), "the app's page: {body}");
    }
    let (head, body) = https_get(
        https_port,
        "jyoti.test",
        "/healthz",
        std::slice::from_ref(&root),
    );
    assert!(head.starts_with("http/1.1 200"), "{head}");
    let health: serde_json::Value = serde_json::from_str(body.trim()).expect("JSON");
    assert_eq!(health["status"], "ok", "{body}");
    // The certificate's days left, as its check reports them.
    let https = &health["checks"]["https"];
    assert_eq!(https["state"], "ok", "{body}");
    assert!(
        https["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("The HTTPS certificate is valid for ")
                && m.ends_with(" more days.")),
        "{body}"
    );

    // Plain HTTP goes to https, on one of our names only, keeping path and query.
    let (head, _) = http_get(http_port, "www.jyoti.test", "GET", "/notice?page=2");
    assert!(head.starts_with("http/1.1 301"), "{head}");
    assert!(
        head.contains(&format!(
            "location: https://www.jyoti.test:{https_port}/notice?page=2"
        )),
        "{head}"
    );
    let (head, _) = http_get(http_port, "attacker.example", "POST", "/api/auth/login");
    assert!(head.starts_with("http/1.1 308"), "{head}");
    assert!(
        head.contains(&format!(
            "location: https://jyoti.test:{https_port}/api/auth/login"
        )),
        "{head}"
    );
    assert!(
        !head.contains("strict-transport-security"),
        "HSTS only over https: {head}"
    );
    let (head, _) = http_get(
        http_port,
        "jyoti.test",
        "GET",
        "/.well-known/acme-challenge/unknown",
    );
    assert!(head.starts_with("http/1.1 404"), "{head}");

    // The account and the certificate are in the database, so a backup holds them.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (domains, chain): (String, String) = conn
        .query_row(
            "SELECT domains, chain_pem FROM tls_certificates",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap();
    assert_eq!(domains, "jyoti.test,www.jyoti.test");
    assert!(
        chain.matches("BEGIN CERTIFICATE").count() >= 2,
        "leaf and intermediate"
    );
    let accounts: i64 = conn
        .query_row(
            "SELECT count(*) FROM acme_accounts WHERE directory = ?1",
            [&pebble.directory],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(accounts, 1);

    // With a third of its life left, a restart serves it and renews it with the same account.
    drop(server);
    let day = 86_400;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    conn.execute(
        "UPDATE tls_certificates SET not_before = ?1, not_after = ?2",
        [now - 80 * day, now + 10 * day],
    )
    .unwrap();
    let server = serve_https(&db, https_port, http_port, Some(&pebble));
    let log = server.wait_for_all("obtained; valid until", Duration::from_secs(90));
    assert!(
        log.iter()
            .any(|l| l.contains("serving the stored certificate")),
        "{log:?}"
    );
    assert!(
        !log.iter().any(|l| l.contains("opened an account")),
        "{log:?}"
    );
    let renewed: String = conn
        .query_row("SELECT chain_pem FROM tls_certificates", [], |row| {
            row.get(0)
        })
        .unwrap();
    assert_ne!(renewed, chain, "a new certificate is stored");
    drop(conn);

    // Restarted with the CA gone, it serves the stored certificate at once.
    drop(server);
    drop(pebble);
    let server = serve_https(&db, https_port, http_port, None);
    server.wait_for("serving the stored certificate", Duration::from_secs(20));
    let (head, _) = https_get(https_port, "jyoti.test", "/", &[root]);
    assert!(head.starts_with("http/1.1 200"), "{head}");
}

#[test]
fn while_the_ca_cannot_be_reached_the_site_redirects_and_the_log_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jyoti.db");
    let (https_port, http_port) = (free_port(), free_port());
    let server = serve_https(&db, https_port, http_port, None);
    server.wait_for("listening on https://", Duration::from_secs(20));
    let line = server.wait_for("could not get a certificate", Duration::from_secs(30));
    assert!(line.contains("trying again in 1 minute"), "{line}");
    let (head, _) = http_get(http_port, "jyoti.test", "GET", "/");
    assert!(head.starts_with("http/1.1 301"), "{head}");
}

#[test]
fn a_domain_that_cannot_have_a_certificate_is_refused_with_a_reason() {
    for (bad, why) in [
        ("*.example.org", "wildcards cannot be used"),
        ("203.0.113.7", "is an IP address"),
    ] {
        let out = Command::new(BIN)
            .args(["serve", "--domain", bad, "--db", "/nonexistent/j.db"])
            .output()
            .unwrap();
        assert!(!out.status.success());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(why), "{bad}: {stderr}");
    }
}
