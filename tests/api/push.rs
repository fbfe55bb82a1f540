//! Notices on the phone over real sockets: a push service written here, on loopback, checks the
//! VAPID token (RFC 8292) and decrypts each push with the subscription's own keys (RFC 8291);
//! it answers 410 for a phone that is gone, which the server then drops; a subscription at any
//! other host is refused.

use crate::helpers::{assert_error, spawn_app_with, test_config, TestApp};
use data_encoding::BASE64URL_NOPAD as B64;
use ring::rand::SystemRandom;
use ring::{aead, agreement, hmac, signature};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::mpsc;
use std::time::Duration;

/// One push as the service received it.
struct Push {
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Push {
    fn header(&self, name: &str) -> &str {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {name} header"))
    }
}

/// A push service on loopback: answers 410 for paths holding "gone", else 201; sends each push
/// it got to the returned channel.
fn push_service() -> (String, mpsc::Receiver<Push>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}/push/", listener.local_addr().unwrap());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            let path = line.split_whitespace().nth(1).unwrap_or("").to_owned();
            let mut headers = Vec::new();
            loop {
                let mut header = String::new();
                reader.read_line(&mut header).unwrap();
                let header = header.trim_end();
                if header.is_empty() {
                    break;
                }
                let (name, value) = header.split_once(':').unwrap();
                headers.push((name.trim().to_owned(), value.trim().to_owned()));
            }
            let length: usize = headers
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
                .map(|(_, v)| v.parse().unwrap())
                .unwrap_or(0);
            let mut body = vec![0u8; length];
            reader.read_exact(&mut body).unwrap();
            let status = if path.contains("gone") {
                "410 Gone"
            } else {
                "201 Created"
            };
            let _ = write!(
                stream,
                "HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            );
            let _ = tx.send(Push {
                path,
                headers,
                body,
            });
        }
    });
    (base, rx)
}

/// A phone's keys: its ECDH key pair and auth secret, as `PushSubscription.toJSON()` gives them.
struct Phone {
    private: agreement::EphemeralPrivateKey,
    public: Vec<u8>,
    auth: [u8; 16],
}

impl Phone {
    fn new() -> Phone {
        let rng = SystemRandom::new();
        let private =
            agreement::EphemeralPrivateKey::generate(&agreement::ECDH_P256, &rng).unwrap();
        let public = private.compute_public_key().unwrap().as_ref().to_vec();
        let mut auth = [0u8; 16];
        getrandom::fill(&mut auth).unwrap();
        Phone {
            private,
            public,
            auth,
        }
    }

    fn subscription(&self, endpoint: &str, lang: &str) -> Value {
        json!({"endpoint": endpoint, "expirationTime": null, "lang": lang,
               "keys": {"p256dh": B64.encode(&self.public), "auth": B64.encode(&self.auth)}})
    }

    /// RFC 8291 read from the phone's side: the message the push carries.
    fn decrypt(self, body: &[u8]) -> Value {
        let mac = |key: &[u8], parts: &[&[u8]]| {
            let key = hmac::Key::new(hmac::HMAC_SHA256, key);
            let mut context = hmac::Context::with_key(&key);
            parts.iter().for_each(|part| context.update(part));
            context.sign().as_ref().to_vec()
        };
        let (salt, rest) = body.split_at(16);
        assert_eq!(
            u32::from_be_bytes(rest[..4].try_into().unwrap()),
            4096,
            "the record size"
        );
        let id_length = rest[4] as usize;
        let (sender, ciphertext) = rest[5..].split_at(id_length);
        let peer = agreement::UnparsedPublicKey::new(&agreement::ECDH_P256, sender);
        let shared = agreement::agree_ephemeral(self.private, &peer, |s| s.to_vec()).unwrap();
        let prk_key = mac(&self.auth, &[&shared]);
        let ikm = mac(&prk_key, &[b"WebPush: info\0", &self.public, sender, &[1]]);
        let prk = mac(salt, &[&ikm]);
        let cek = mac(&prk, &[b"Content-Encoding: aes128gcm\0", &[1]]);
        let nonce = mac(&prk, &[b"Content-Encoding: nonce\0", &[1]]);
        let key =
            aead::LessSafeKey::new(aead::UnboundKey::new(&aead::AES_128_GCM, &cek[..16]).unwrap());
        let mut record = ciphertext.to_vec();
        let plain = key
            .open_in_place(
                aead::Nonce::try_assume_unique_for_key(&nonce[..12]).unwrap(),
                aead::Aad::empty(),
                &mut record,
            )
            .expect("the push decrypts with the phone's keys");
        assert_eq!(plain.last(), Some(&2), "one last record");
        serde_json::from_slice(&plain[..plain.len() - 1]).unwrap()
    }
}

/// Checks a push's VAPID token against the server's public key: signed by it, for the
/// service's origin, not expired.
fn check_vapid(push: &Push, server_key: &str, origin: &str) {
    let authorization = push.header("Authorization");
    let rest = authorization
        .strip_prefix("vapid t=")
        .expect("a VAPID authorization");
    let (token, key) = rest.split_once(", k=").unwrap();
    assert_eq!(key, server_key);
    let (signed, signature) = token.rsplit_once('.').unwrap();
    let public = B64.decode(key.as_bytes()).unwrap();
    signature::UnparsedPublicKey::new(&signature::ECDSA_P256_SHA256_FIXED, &public)
        .verify(
            signed.as_bytes(),
            &B64.decode(signature.as_bytes()).unwrap(),
        )
        .expect("signed with the server's VAPID key");
    let claims: Value = serde_json::from_slice(
        &B64.decode(signed.split('.').nth(1).unwrap().as_bytes())
            .unwrap(),
    )
    .unwrap();
    assert_eq!(claims["aud"], origin);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let exp = claims["exp"].as_i64().unwrap();
    assert!(exp > now && exp <= now + 24 * 3600, "{claims}");
    assert!(
        claims["sub"].as_str().unwrap().starts_with("mailto:")
            || claims["sub"].as_str().unwrap().starts_with("https:")
    );
}

fn app_with_service(base: &str) -> (TestApp, String) {
    let mut config = test_config();
    config.push_services = vec![base.to_owned()];
    let app = spawn_app_with(config);
    let (_, admin) = app.admin("admin@example.org");
    (app, admin)
}

#[test]
fn a_new_notice_is_pushed_encrypted_with_vapid_and_a_gone_phone_is_dropped() {
    let (base, pushes) = push_service();
    let (app, admin) = app_with_service(&base);
    let key = app.get("/api/push/key").send().json()["publicKey"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        B64.decode(key.as_bytes()).unwrap().len(),
        65,
        "an uncompressed P-256 key"
    );
    let stored: String = app.query("SELECT value FROM settings WHERE key = 'vapidPrivateKey'");
    assert!(
        !stored.is_empty(),
        "kept in the database, and so in backups"
    );

    let (english, bengali, gone) = (Phone::new(), Phone::new(), Phone::new());
    for (phone, path, lang) in [
        (&english, "en-phone", "en"),
        (&bengali, "bn-phone", "bn"),
        (&gone, "gone-phone", "en"),
    ] {
        let subscribed = app
            .post("/api/push/subscriptions")
            .json(&phone.subscription(&format!("{base}{path}"), lang))
            .send();
        assert_eq!(subscribed.status, 201, "{}", subscribed.text());
    }
    let notice = app.create_notice(&admin, json!({"title": "Exam results are out"}));
    let id = notice["_id"].as_i64().unwrap();
    let mut got: Vec<Push> = (0..3)
        .map(|_| {
            pushes
                .recv_timeout(Duration::from_secs(15))
                .expect("a push")
        })
        .collect();
    got.sort_by(|a, b| a.path.cmp(&b.path));
    let origin = base.trim_end_matches("/push/");
    for push in &got {
        check_vapid(push, &key, origin);
        assert_eq!(push.header("TTL"), "86400");
        assert_eq!(push.header("Content-Encoding"), "aes128gcm");
    }
    let [bn_push, en_push, _gone_push] = <[Push; 3]>::try_from(got).ok().unwrap();
    let message = english.decrypt(&en_push.body);
    assert_eq!(message["title"], "Exam results are out");
    assert!(
        message["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/notice/{id}")),
        "{message}"
    );
    let message = bengali.decrypt(&bn_push.body);
    assert!(
        message["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/bn/notice/{id}")),
        "{message}"
    );
    // The 410 dropped the gone phone's subscription; the others stay.
    let left = app.eventually(|| {
        let count: i64 = app.query("SELECT count(*) FROM push_subscriptions");
        (count == 2).then_some(count)
    });
    assert_eq!(left, 2);
    // A notice not told to followers is pushed to nobody.
    app.create_notice(&admin, json!({"title": "Quiet", "tellFollowers": false}));
    assert!(pushes.recv_timeout(Duration::from_millis(1500)).is_err());
    // Unsubscribing.
    let out = app
        .delete("/api/push/subscriptions")
        .json(&json!({"endpoint": format!("{base}en-phone")}))
        .send();
    assert_eq!(out.status, 200);
    assert_eq!(
        app.query::<i64>("SELECT count(*) FROM push_subscriptions"),
        1
    );
}

#[test]
fn a_subscription_anywhere_but_a_known_push_service_is_refused() {
    let (base, _pushes) = push_service();
    let (app, _) = app_with_service(&base);
    let phone = Phone::new();
    for endpoint in [
        "https://evil.example/push/abc",
        "http://127.0.0.1:1/push/abc",
        "http://169.254.169.254/latest/meta-data/",
        "https://fcm.googleapis.com.evil.example/fcm/send/x",
        "http://fcm.googleapis.com/fcm/send/x",
        "file:///etc/passwd",
    ] {
        let refused = app
            .post("/api/push/subscriptions")
            .json(&phone.subscription(endpoint, "en"))
            .send();
        assert_error(&refused, 400, endpoint);
        assert!(refused.json()["errors"]["endpoint"].is_string());
    }
    assert_eq!(
        app.query::<i64>("SELECT count(*) FROM push_subscriptions"),
        0
    );
    let known = app
        .post("/api/push/subscriptions")
        .json(&phone.subscription("https://fcm.googleapis.com/fcm/send/abc", "en"))
        .send();
    assert_eq!(known.status, 201, "{}", known.text());
    let bad_keys = app
        .post("/api/push/subscriptions")
        .json(&json!({"endpoint": "https://fcm.googleapis.com/fcm/send/x", "keys": {"p256dh": "AAAA", "auth": "AAAA"}}))
        .send();
    assert_error(&bad_keys, 400, "short keys");
}
