//! Passkeys over real sockets, with a software authenticator written here (a P-256 key of ring,
//! its COSE key and attestation in CBOR): adding one, signing in after the password and without
//! it, a replayed or foreign answer refused, renaming and removing. The same ceremonies run in
//! Chromium's virtual authenticator in `frontend/e2e/passkeys.spec.js`.

use crate::helpers::{assert_error, spawn_app, token, Response, TestApp, PASSWORD};
use ciborium::Value as Cbor;
use data_encoding::BASE64URL_NOPAD as B64;
use ring::rand::SystemRandom;
use ring::signature::{EcdsaKeyPair, KeyPair, ECDSA_P256_SHA256_ASN1_SIGNING};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// The site's name as the browser opened it: a passkey is made for a name, not an address.
const HOST: &str = "localhost";

struct Authenticator {
    key: EcdsaKeyPair,
    rng: SystemRandom,
    id: Vec<u8>,
    counter: u32,
    /// The user handle the site gave the key at registration.
    user: Vec<u8>,
}

impl Authenticator {
    fn new() -> Authenticator {
        let rng = SystemRandom::new();
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, &rng).unwrap();
        let key = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, pkcs8.as_ref(), &rng)
            .unwrap();
        let mut id = vec![0u8; 32];
        getrandom::fill(&mut id).unwrap();
        Authenticator {
            key,
            rng,
            id,
            counter: 0,
            user: Vec::new(),
        }
    }

    fn client_data(kind: &str, challenge: &str, origin: &str) -> Vec<u8> {
        json!({"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": false})
            .to_string()
            .into_bytes()
    }

    fn head(&self, flags: u8) -> Vec<u8> {
        let mut data = Sha256::digest(HOST.as_bytes()).to_vec();
        data.push(flags);
        data.extend_from_slice(&self.counter.to_be_bytes());
        data
    }

    /// `navigator.credentials.create` as a browser answers it, from the site's options.
    fn create(&mut self, options: &Value, origin: &str) -> Value {
        let public = &options["publicKey"];
        assert_eq!(public["rp"]["id"], HOST);
        assert_eq!(public["attestation"], "none");
        self.user = B64
            .decode(public["user"]["id"].as_str().unwrap().as_bytes())
            .unwrap();
        let point = self.key.public_key().as_ref();
        let cose = Cbor::Map(vec![
            (Cbor::Integer(1.into()), Cbor::Integer(2.into())),
            (Cbor::Integer(3.into()), Cbor::Integer((-7).into())),
            (Cbor::Integer((-1).into()), Cbor::Integer(1.into())),
            (
                Cbor::Integer((-2).into()),
                Cbor::Bytes(point[1..33].to_vec()),
            ),
            (
                Cbor::Integer((-3).into()),
                Cbor::Bytes(point[33..].to_vec()),
            ),
        ]);
        let mut data = self.head(0x01 | 0x04 | 0x40);
        data.extend_from_slice(&[0u8; 16]);
        data.extend_from_slice(&(self.id.len() as u16).to_be_bytes());
        data.extend_from_slice(&self.id);
        ciborium::into_writer(&cose, &mut data).unwrap();
        let object = Cbor::Map(vec![
            (Cbor::Text("fmt".into()), Cbor::Text("none".into())),
            (Cbor::Text("attStmt".into()), Cbor::Map(vec![])),
            (Cbor::Text("authData".into()), Cbor::Bytes(data)),
        ]);
        let mut attestation = Vec::new();
        ciborium::into_writer(&object, &mut attestation).unwrap();
        let client = Self::client_data(
            "webauthn.create",
            public["challenge"].as_str().unwrap(),
            origin,
        );
        json!({
            "id": B64.encode(&self.id), "rawId": B64.encode(&self.id), "type": "public-key",
            "authenticatorAttachment": "platform", "clientExtensionResults": {},
            "response": {"clientDataJSON": B64.encode(&client), "attestationObject": B64.encode(&attestation),
                         "transports": ["internal"]},
        })
    }

    /// `navigator.credentials.get`: the next counter, signed for the options' challenge.
    fn get(&mut self, options: &Value, origin: &str, verified: bool) -> Value {
        let public = &options["publicKey"];
        self.counter += 1;
        let data = self.head(if verified { 0x05 } else { 0x01 });
        let client = Self::client_data(
            "webauthn.get",
            public["challenge"].as_str().unwrap(),
            origin,
        );
        let mut signed = data.clone();
        signed.extend_from_slice(&Sha256::digest(&client));
        let signature = self.key.sign(&self.rng, &signed).unwrap();
        json!({
            "id": B64.encode(&self.id), "rawId": B64.encode(&self.id), "type": "public-key",
            "response": {"clientDataJSON": B64.encode(&client), "authenticatorData": B64.encode(&data),
                         "signature": B64.encode(signature.as_ref()), "userHandle": B64.encode(&self.user)},
        })
    }
}

fn post(app: &TestApp, path: &str, token: Option<&str>, body: Value) -> Response {
    let mut request = app
        .post(path)
        .header("Host", &format!("{HOST}:{}", app.addr.port()));
    if let Some(token) = token {
        request = request.bearer(token);
    }
    request.json(&body).send()
}

fn origin(app: &TestApp) -> String {
    format!("http://{HOST}:{}", app.addr.port())
}

/// Adds a passkey named `name` to the account of `token`; the answer.
fn add(app: &TestApp, token: &str, key: &mut Authenticator, name: &str) -> Response {
    let options = post(
        app,
        "/api/auth/passkeys/register/options",
        Some(token),
        json!({}),
    );
    assert_eq!(options.status, 200, "{}", options.text());
    let options = options.json();
    let credential = key.create(&options, &origin(app));
    post(
        app,
        "/api/auth/passkeys/register",
        Some(token),
        json!({"challengeId": options["challengeId"], "name": name, "credential": credential}),
    )
}

/// Signs in with `key`: after the password when `ticket` is given, else on its own.
fn sign_in(
    app: &TestApp,
    key: &mut Authenticator,
    ticket: Option<&str>,
    verified: bool,
) -> Response {
    let asked = match ticket {
        Some(ticket) => json!({"ticket": ticket}),
        None => json!({}),
    };
    let options = post(app, "/api/auth/passkeys/sign-in/options", None, asked).json();
    let credential = key.get(&options, &origin(app), verified);
    let mut body = json!({"challengeId": options["challengeId"], "credential": credential});
    if let Some(ticket) = ticket {
        body["ticket"] = json!(ticket);
    }
    post(app, "/api/auth/passkeys/sign-in", None, body)
}

#[test]
fn a_passkey_is_added_then_signs_in_after_the_password_and_on_its_own() {
    let app = spawn_app();
    let (_, member) = app.register("member@example.org");
    let mut key = Authenticator::new();
    let added = add(&app, &member, &mut key, "Asha's phone");
    assert_eq!(added.status, 201, "{}", added.text());
    let body = added.json();
    assert_eq!(body["passkey"]["name"], "Asha's phone");
    assert!(body["passkey"]["lastUsedAt"].is_null());
    assert_eq!(
        body["recoveryCodes"].as_array().unwrap().len(),
        10,
        "the first factor brings codes"
    );
    assert!(!added
        .text()
        .contains(&B64.encode(key.key.public_key().as_ref())));

    let login = app.login("member@example.org", PASSWORD).json();
    assert_eq!(
        login["secondFactor"]["methods"],
        json!(["passkey", "recovery"])
    );
    let ticket = login["secondFactor"]["ticket"].as_str().unwrap().to_owned();
    let options = post(
        &app,
        "/api/auth/passkeys/sign-in/options",
        None,
        json!({"ticket": ticket}),
    )
    .json();
    assert_eq!(
        options["publicKey"]["allowCredentials"][0]["id"],
        B64.encode(&key.id)
    );
    let signed = sign_in(&app, &mut key, Some(&ticket), false);
    assert_eq!(signed.status, 200, "{}", signed.text());
    assert_eq!(app.me(&token(&signed.json())).status, 200);
    let used = post(
        &app,
        "/api/auth/passkeys/sign-in/options",
        None,
        json!({"ticket": ticket}),
    );
    assert_error(&used, 400, "a used ticket");

    // No address, no password: the authenticator must have verified its user.
    assert_error(
        &sign_in(&app, &mut key, None, false),
        401,
        "a passkey without its user verified",
    );
    let alone = sign_in(&app, &mut key, None, true);
    assert_eq!(alone.status, 200, "{}", alone.text());
    assert_eq!(
        alone.json()["userId"],
        app.me(&member).json()["userData"]["_id"]
    );
    let listed = app.get("/api/auth/passkeys").bearer(&member).send().json();
    assert!(listed["passkeys"][0]["lastUsedAt"].is_string(), "{listed}");
}

#[test]
fn a_replayed_copied_or_foreign_answer_signs_nobody_in() {
    let app = spawn_app();
    let (_, member) = app.register("member@example.org");
    let mut key = Authenticator::new();
    assert_eq!(add(&app, &member, &mut key, "Laptop").status, 201);
    // The same answer twice: the challenge is used up.
    let options = post(&app, "/api/auth/passkeys/sign-in/options", None, json!({})).json();
    let credential = key.get(&options, &origin(&app), true);
    let body = json!({"challengeId": options["challengeId"], "credential": credential});
    assert_eq!(
        post(&app, "/api/auth/passkeys/sign-in", None, body.clone()).status,
        200
    );
    assert_error(
        &post(&app, "/api/auth/passkeys/sign-in", None, body),
        400,
        "a replayed answer",
    );
    // A copy of the authenticator: its counter does not move on.
    key.counter -= 1;
    assert_error(
        &sign_in(&app, &mut key, None, true),
        401,
        "a cloned authenticator",
    );
    key.counter += 5;
    // Signed on another page (a phishing site relaying the challenge).
    let options = post(&app, "/api/auth/passkeys/sign-in/options", None, json!({})).json();
    let credential = key.get(&options, "https://jyoti-login.example", true);
    let body = json!({"challengeId": options["challengeId"], "credential": credential});
    assert_error(
        &post(&app, "/api/auth/passkeys/sign-in", None, body),
        401,
        "another origin",
    );
    // A key the site never registered.
    let mut stranger = Authenticator::new();
    assert_error(
        &sign_in(&app, &mut stranger, None, true),
        401,
        "an unknown key",
    );
    // Options by an IP address cannot make a passkey.
    let by_ip = app
        .post("/api/auth/passkeys/sign-in/options")
        .json(&json!({}))
        .send();
    assert_error(&by_ip, 400, "a site opened by its IP address");
}

#[test]
fn passkeys_are_listed_renamed_and_removed_by_their_owner_only() {
    let app = spawn_app();
    let (_, member) = app.register("member@example.org");
    let (_, other) = app.register("other@example.org");
    let mut key = Authenticator::new();
    let id = add(&app, &member, &mut key, "Phone").json()["passkey"]["id"]
        .as_i64()
        .unwrap();
    let mut second = Authenticator::new();
    let again = add(&app, &member, &mut second, "Tablet").json();
    assert_eq!(
        again["recoveryCodes"],
        json!([]),
        "codes come with the first factor only"
    );
    let path = format!("/api/auth/passkeys/{id}");
    let blank = app
        .patch(&path)
        .bearer(&member)
        .json(&json!({"name": "  "}))
        .send();
    assert_error(&blank, 400, "a blank name");
    assert_error(
        &app.patch(&path)
            .bearer(&other)
            .json(&json!({"name": "Mine"}))
            .send(),
        404,
        "another's",
    );
    assert_error(&app.delete(&path).bearer(&other).send(), 404, "another's");
    let renamed = app
        .patch(&path)
        .bearer(&member)
        .json(&json!({"name": "Old phone"}))
        .send();
    assert_eq!(renamed.json()["passkey"]["name"], "Old phone");
    assert_eq!(app.delete(&path).bearer(&member).send().status, 200);
    let names: Vec<Value> = app.get("/api/auth/passkeys").bearer(&member).send().json()["passkeys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].clone())
        .collect();
    assert_eq!(names, [json!("Tablet")]);
    // The removed key no longer signs in; with no factor left, the password alone does.
    assert_error(
        &sign_in(&app, &mut key, None, true),
        401,
        "a removed passkey",
    );
    let last = format!("/api/auth/passkeys/{}", again["passkey"]["id"]);
    assert_eq!(app.delete(&last).bearer(&member).send().status, 200);
    assert!(app.login("member@example.org", PASSWORD).json()["token"].is_string());
}
