//! `spawn_app()`: the real app on a temp database, served on a free port of 127.0.0.1.

pub use crate::support::{Request, Response};
use actix_web::web;
use jyoti::config::Config;
use jyoti::db;
use jyoti::state::AppState;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::mpsc;
use tempfile::TempDir;

pub struct TestApp {
    pub addr: SocketAddr,
    pub state: web::Data<AppState>,
    pub dir: TempDir,
}

/// bcrypt's lowest cost our settings allow, so tests do not spend minutes hashing.
pub const TEST_BCRYPT_COST: u32 = 10;

pub fn spawn_app() -> TestApp {
    spawn_app_with(Config {
        bcrypt_cost: TEST_BCRYPT_COST,
        ..Config::default()
    })
}

pub fn spawn_app_with(config: Config) -> TestApp {
    let dir = tempfile::tempdir().expect("a temp dir");
    let pool = db::open(&dir.path().join("jyoti.db")).expect("open the test database");
    let state = jyoti::startup::state(pool, config).expect("build the app state");
    let (tx, rx) = mpsc::channel();
    let server_state = state.clone();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let server =
                actix_web::HttpServer::new(move || jyoti::startup::app(server_state.clone()))
                    .workers(1)
                    .bind(("127.0.0.1", 0))
                    .expect("bind a free port");
            tx.send(server.addrs()[0]).expect("report the address");
            server.run().await
        })
    });
    let addr = rx.recv().expect("the server started");
    TestApp { addr, state, dir }
}

impl TestApp {
    pub fn get(&self, path: &str) -> Request {
        Request::new(self.addr, "GET", path)
    }
    pub fn post(&self, path: &str) -> Request {
        Request::new(self.addr, "POST", path)
    }
    pub fn patch(&self, path: &str) -> Request {
        Request::new(self.addr, "PATCH", path)
    }
    pub fn delete(&self, path: &str) -> Request {
        Request::new(self.addr, "DELETE", path)
    }
    pub fn request(&self, method: &str, path: &str) -> Request {
        Request::new(self.addr, method, path)
    }

    /// Registers a visitor and returns `(id, token)`.
    pub fn register(&self, email: &str) -> (i64, String) {
        let response = self
            .post("/api/auth/register")
            .json(&json!({
                "firstname": "Test", "lastname": "Visitor", "department": "CSE", "year": "2",
                "email": email, "password": "long enough password"
            }))
            .send();
        assert_eq!(
            response.status,
            201,
            "register {email}: {}",
            response.text()
        );
        let body = response.json();
        (
            body["userId"].as_i64().expect("userId"),
            body["token"].as_str().expect("token").to_owned(),
        )
    }

    /// Registers a user, makes them admin straight in the database, and returns `(id, token)`.
    pub fn admin(&self, email: &str) -> (i64, String) {
        let (id, token) = self.register(email);
        let conn = self.state.pool.get().expect("a connection");
        conn.execute("UPDATE users SET is_admin = 1 WHERE id = ?1", [id])
            .expect("promote");
        (id, token)
    }

    pub fn login(&self, email: &str, password: &str) -> Response {
        self.post("/api/auth/login")
            .json(&json!({ "email": email, "password": password }))
            .send()
    }

    pub fn create_notice(&self, token: &str, body: Value) -> Value {
        let response = self
            .post("/api/admin/service")
            .bearer(token)
            .json(&body)
            .send();
        assert_eq!(response.status, 201, "create notice: {}", response.text());
        response.json()
    }

    pub fn create_certificate(&self, token: &str, name: &str, number: i64) -> Value {
        let response = self
            .post("/api/admin/post_certificate")
            .bearer(token)
            .json(&json!({ "name": name, "certinumber": number }))
            .send();
        assert_eq!(
            response.status,
            201,
            "create certificate: {}",
            response.text()
        );
        response.json()
    }

    pub fn send_contact(&self, body: Value) -> Response {
        self.post("/api/form/contact").json(&body).send()
    }
}

pub fn contact(message: &str) -> Value {
    json!({
        "name": "A Visitor", "email": "visitor@example.org", "telephone": "+91 98765 43210",
        "subject": "5star", "message": message
    })
}
