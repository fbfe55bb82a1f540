//! `spawn_app()`: the real app on a temp database, served on a free port of 127.0.0.1, plus the
//! fixtures and checks the API tests share.

pub use crate::support::{Request, Response};
use actix_web::dev::ServerHandle;
use actix_web::web;
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use jyoti::config::Config;
use jyoti::db;
use jyoti::state::AppState;
use serde_json::{json, Value};
use std::io::{Cursor, Read};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, OnceLock};
use tempfile::TempDir;

pub struct TestApp {
    pub addr: SocketAddr,
    pub state: web::Data<AppState>,
    pub dir: TempDir,
    /// Stops the servers when the test is done with the app.
    servers: Vec<ServerHandle>,
    thread: Option<std::thread::JoinHandle<std::io::Result<()>>>,
}

impl Drop for TestApp {
    /// Stops the app's servers and waits for them, so no test's server outlives it.
    fn drop(&mut self) {
        for server in &self.servers {
            // The command is sent at once; the thread's end below is what says it is done.
            drop(server.stop(false));
        }
        if let Some(thread) = self.thread.take() {
            let ended = thread.join();
            if !std::thread::panicking() {
                ended.expect("the server thread").expect("the server ran");
            }
        }
    }
}

/// bcrypt's lowest cost our settings allow, so tests do not spend minutes hashing.
const TEST_BCRYPT_COST: u32 = 10;

/// The password `register` and `admin` give every account.
pub const PASSWORD: &str = "long enough password";

pub fn spawn_app() -> TestApp {
    spawn_app_with(test_config())
}

/// A fresh app and the token of its one admin, `admin@example.org`.
pub fn spawn_app_with_admin() -> (TestApp, String) {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    (app, admin)
}

/// The settings of `spawn_app`: every default but the quick bcrypt cost.
pub fn test_config() -> Config {
    Config {
        bcrypt_cost: TEST_BCRYPT_COST,
        workers: 1,
        ..Config::default()
    }
}

/// An app whose command line sends email through the SMTP server at `url` from
/// `school@example.org`, and the token of its admin, `admin@example.org`.
pub fn spawn_app_mailing(url: &str) -> (TestApp, String) {
    let app = spawn_app_with(Config {
        mail: jyoti::mail::MailOptions {
            server: Some(jyoti::domain::SmtpServer::parse_url(url).expect("an SMTP URL")),
            from: Some(jyoti::domain::Email::parse(Some("school@example.org".into())).unwrap()),
            retry_base: std::time::Duration::from_secs(30),
            ..Default::default()
        },
        ..test_config()
    });
    let (_, admin) = app.admin("admin@example.org");
    (app, admin)
}

pub fn spawn_app_with(config: Config) -> TestApp {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("jyoti.db");
    std::fs::copy(template(), &path).expect("copy the migrated database");
    let pool = db::open(&path).expect("open the test database");
    serve_pool(dir, pool, config)
}

/// A migrated empty database that each app starts from a copy of: migrating costs more than
/// copying. Made once per build of this binary and shared by its processes (nextest runs each
/// test in one of its own), keyed by the binary, whose schema it is.
fn template() -> &'static Path {
    static TEMPLATE: OnceLock<PathBuf> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let exe = std::fs::metadata(std::env::current_exe().expect("this test binary"))
            .expect("this test binary's metadata");
        let built = exe.modified().expect("when this binary was built");
        let stamp = built.duration_since(std::time::UNIX_EPOCH).unwrap();
        let folder = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let prefix = "api-template-";
        let path = folder.join(format!("{prefix}{}-{}.db", stamp.as_nanos(), exe.len()));
        if !path.exists() {
            make_template(folder, &path);
            remove_older_templates(folder, prefix, &path);
        }
        path
    })
}

/// Migrates a database beside `path` (on one connection, as `db::open` does before it makes its
/// pool) and moves it there in one step (a rename), so a process never copies half a template.
/// Every change is in the main file: closing the only connection checkpoints the write-ahead log
/// and removes it, which is checked.
fn make_template(folder: &Path, path: &Path) {
    let making = tempfile::tempdir_in(folder).expect("a temp dir for the template");
    let file = making.path().join("jyoti.db");
    let mut conn = rusqlite::Connection::open(&file).expect("open the template");
    db::configure(&conn).expect("configure the template");
    db::migrations::migrate(&mut conn).expect("migrate the template");
    let (busy, _, _): (i64, i64, i64) = conn
        .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?))
        })
        .expect("checkpoint the template");
    assert_eq!(busy, 0, "nothing else holds the template open");
    conn.close().expect("close the template");
    let log = making.path().join("jyoti.db-wal");
    assert!(
        !log.exists(),
        "the template's log is gone once it is closed"
    );
    std::fs::rename(&file, path).expect("move the template into place");
}

/// Removes the templates of earlier builds (one file each).
fn remove_older_templates(folder: &Path, prefix: &str, current: &Path) {
    for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(prefix) && entry.path() != current {
            // Another process may have removed it first; either way it is gone.
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The app of `spawn_app` serving a database already opened as `pool`, whose file lives in `dir`.
pub fn spawn_app_on(dir: TempDir, pool: db::Pool) -> TestApp {
    serve_pool(dir, pool, test_config())
}

/// Serves the app as `jyoti serve` does (`startup::Application`), on a free port of 127.0.0.1.
fn serve_pool(dir: TempDir, pool: db::Pool, config: Config) -> TestApp {
    let (tx, rx) = mpsc::channel();
    let thread = std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let application =
                jyoti::startup::Application::build(config, pool).expect("build the application");
            let started = (
                application.port(),
                application.state().clone(),
                application.handles(),
            );
            tx.send(started).expect("report the port");
            application.run_until_stopped().await
        })
    });
    let (port, state, servers) = rx.recv().expect("the server started");
    TestApp {
        addr: SocketAddr::from(([127, 0, 0, 1], port)),
        state,
        dir,
        servers,
        thread: Some(thread),
    }
}

impl TestApp {
    /// The first `Some` that `check` answers, asked every 20 ms for up to 10 s (for what the
    /// server stores just after answering); a panic when it never comes.
    pub fn eventually<T>(&self, mut check: impl FnMut() -> Option<T>) -> T {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            if let Some(found) = check() {
                return found;
            }
            assert!(
                std::time::Instant::now() < until,
                "it never came within 10 s"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// Waits until every alert raised so far is mailed and the mail thread is idle: its own
    /// writes (an alert marked mailed, a mail marked sent, the day's count) then cannot land
    /// between two snapshots a test compares.
    pub fn settle_alerts(&self) {
        self.eventually(|| {
            let waiting: i64 = self.query("SELECT count(*) FROM alerts WHERE delivered_at IS NULL");
            (waiting == 0).then_some(())
        });
        assert!(
            self.state
                .mail
                .wait_idle(std::time::Duration::from_secs(20)),
            "the mail thread stayed busy for 20 s"
        );
    }

    pub fn get(&self, path: &str) -> Request {
        self.request("GET", path)
    }
    pub fn post(&self, path: &str) -> Request {
        self.request("POST", path)
    }
    pub fn put(&self, path: &str) -> Request {
        self.request("PUT", path)
    }
    pub fn patch(&self, path: &str) -> Request {
        self.request("PATCH", path)
    }
    pub fn delete(&self, path: &str) -> Request {
        self.request("DELETE", path)
    }
    pub fn request(&self, method: &str, path: &str) -> Request {
        Request::new(self.addr, method, path)
    }

    /// `POST /api/auth/register` with `body`, whatever the answer.
    pub fn register_with(&self, body: Value) -> Response {
        self.post("/api/auth/register").json(&body).send()
    }

    /// Registers a visitor and returns `(id, token)`.
    pub fn register(&self, email: &str) -> (i64, String) {
        let response = self.register_with(json!({
            "firstname": "Test", "lastname": "Visitor", "department": "CSE", "year": "2",
            "email": email, "password": PASSWORD
        }));
        assert_eq!(
            response.status,
            201,
            "register {email}: {}",
            response.text()
        );
        let body = response.json();
        (body["userId"].as_i64().expect("userId"), token(&body))
    }

    /// Registers a user, makes them admin straight in the database, and returns `(id, token)`.
    pub fn admin(&self, email: &str) -> (i64, String) {
        let (id, token) = self.register(email);
        let conn = self.state.pool.get().expect("a connection");
        conn.execute("UPDATE users SET role = 'admin' WHERE id = ?1", [id])
            .expect("promote");
        (id, token)
    }

    /// Registers a user, makes them an editor straight in the database, and returns `(id, token)`.
    pub fn editor(&self, email: &str) -> (i64, String) {
        let (id, token) = self.register(email);
        let conn = self.state.pool.get().expect("a connection");
        conn.execute("UPDATE users SET role = 'editor' WHERE id = ?1", [id])
            .expect("make editor");
        (id, token)
    }

    pub fn login(&self, email: &str, password: &str) -> Response {
        self.post("/api/auth/login")
            .json(&json!({ "email": email, "password": password }))
            .send()
    }

    /// `GET /api/auth/user` with `token`.
    pub fn me(&self, token: &str) -> Response {
        self.get("/api/auth/user").bearer(token).send()
    }

    /// POSTs `body` to `path` as `token`, expects 201 and returns the created record.
    pub fn create(&self, token: &str, path: &str, body: Value) -> Value {
        let response = self.post(path).bearer(token).json(&body).send();
        assert_eq!(response.status, 201, "POST {path}: {}", response.text());
        response.json()
    }

    pub fn create_notice(&self, token: &str, body: Value) -> Value {
        self.create(token, "/api/admin/service", body)
    }

    pub fn create_certificate(&self, token: &str, name: &str, number: i64) -> Value {
        let body = json!({ "name": name, "certinumber": number });
        self.create(token, "/api/admin/post_certificate", body)
    }

    pub fn send_contact(&self, body: Value) -> Response {
        self.post("/api/form/contact").json(&body).send()
    }

    /// Uploads `data` as the photo `filename` with an alt text, whatever the answer.
    pub fn upload(&self, token: &str, filename: &str, data: &[u8]) -> Response {
        let alt = b"Children at the evening class".as_slice();
        let (content_type, body) = multipart(&[("file", filename, data), ("alt", "", alt)]);
        self.post("/api/admin/media")
            .bearer(token)
            .raw_body(&content_type, body)
            .send()
    }

    /// Uploads a PNG photo and returns its id.
    pub fn upload_photo(&self, token: &str) -> i64 {
        let response = self.upload(token, "p.png", &picture(800, 600, ImageFormat::Png));
        assert_eq!(response.status, 201, "upload: {}", response.text());
        id(&response.json())
    }

    /// PATCHes `body` to `path` as `token`, whatever the answer.
    pub fn patch_json(&self, token: &str, path: &str, body: &Value) -> Response {
        self.patch(path).bearer(token).json(body).send()
    }

    /// [`TestApp::patch_json`], expecting 200.
    pub fn change(&self, token: &str, path: &str, body: &Value) -> Response {
        let response = self.patch_json(token, path, body);
        assert_eq!(
            response.status,
            200,
            "PATCH {path} {body}: {}",
            response.text()
        );
        response
    }

    /// `PATCH /api/admin/settings` with `body`, expecting 200.
    pub fn save_settings(&self, token: &str, body: Value) {
        self.change(token, "/api/admin/settings", &body);
    }

    /// The public content document.
    pub fn content(&self) -> Value {
        self.get("/api/content").send().json()
    }

    /// The one value `sql` selects, read straight from the database.
    pub fn query<T: rusqlite::types::FromSql>(&self, sql: &str) -> T {
        query(&self.state.pool.get().expect("a connection"), sql)
    }

    /// The subject of every alert stored, oldest first.
    pub fn alert_subjects(&self) -> Vec<String> {
        let conn = self.state.pool.get().expect("a connection");
        let mut stmt = conn
            .prepare("SELECT subject FROM alerts ORDER BY id")
            .unwrap();
        stmt.query_map([], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    }
}

/// The one value `sql` selects.
pub fn query<T: rusqlite::types::FromSql>(conn: &rusqlite::Connection, sql: &str) -> T {
    conn.query_row(sql, [], |row| row.get(0))
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
}

/// A contact message that passes every check.
pub fn contact(message: &str) -> Value {
    json!({
        "name": "A Visitor", "email": "visitor@example.org", "telephone": "+91 98765 43210",
        "subject": "5star", "message": message
    })
}

/// A record's `_id`.
pub fn id(record: &Value) -> i64 {
    record["_id"]
        .as_i64()
        .unwrap_or_else(|| panic!("an _id in {record}"))
}

/// The `_id` of every record in a list.
pub fn ids(list: &Value) -> Vec<i64> {
    array(list).iter().map(id).collect()
}

pub fn len(list: &Value) -> usize {
    array(list).len()
}

fn array(list: &Value) -> &Vec<Value> {
    list.as_array().unwrap_or_else(|| panic!("a list: {list}"))
}

/// The session token of a register, login or password-change answer.
pub fn token(body: &Value) -> String {
    body["token"].as_str().expect("a token").to_owned()
}

/// Deletes `path` as `token`: 200 the first time, 404 the second.
pub fn assert_deleted_once(app: &TestApp, token: &str, path: &str) {
    assert_eq!(app.delete(path).bearer(token).send().status, 200, "{path}");
    assert_eq!(
        app.delete(path).bearer(token).send().status,
        404,
        "{path} again"
    );
}

/// `request` with the JSON `body` is 400, and its `errors` names each of `fields`.
pub fn assert_fields_refused(request: Request, body: Value, fields: &[&str]) {
    let response = request.json(&body).send();
    assert_eq!(response.status, 400, "{body}: {}", response.text());
    let errors = &response.json()["errors"];
    for field in fields {
        assert!(
            errors[field].is_string(),
            "{field} named for {body}: {errors}"
        );
    }
}

/// An error answer: `status`, with a JSON `message` that says why.
pub fn assert_error(response: &Response, status: u16, what: &str) {
    assert_eq!(response.status, status, "{what}: {}", response.text());
    let message = &response.json()["message"];
    assert!(message.is_string(), "{what}: a message in {message}");
}

/// A fresh temp dir, and the path of a database file in it that does not exist yet.
pub fn temp_db() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("jyoti.db");
    (dir, path)
}

/// Opens the database at `path` as the server would, runs `sql` on it and closes it again.
pub fn open_and_execute(path: &Path, sql: &str) {
    let pool = db::open(path).expect("open the database");
    let conn = pool.get().expect("a connection");
    conn.execute_batch(sql)
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// `path` answers gzip to a client that takes it: same content, its own ETag, and 304 on it.
pub fn assert_gzipped(app: &TestApp, path: &str) {
    let plain = app.get(path).send();
    let zipped = app
        .get(path)
        .header("Accept-Encoding", "gzip, deflate, br")
        .send();
    assert_eq!(zipped.header("content-encoding"), Some("gzip"), "{path}");
    assert_eq!(zipped.header("vary"), Some("Accept-Encoding"));
    assert_ne!(
        zipped.header("etag"),
        plain.header("etag"),
        "each encoding has its own ETag"
    );
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(&zipped.body[..])
        .read_to_end(&mut unzipped)
        .unwrap();
    assert_eq!(unzipped, plain.body, "{path}");
    let etag = zipped.header("etag").unwrap();
    let again = app
        .get(path)
        .header("Accept-Encoding", "gzip")
        .header("If-None-Match", etag)
        .send();
    assert_eq!(again.status, 304);
}

/// A `width`×`height` picture encoded as `format`.
pub fn picture(width: u32, height: u32, format: ImageFormat) -> Vec<u8> {
    let image = RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x % 256) as u8, (y % 256) as u8, 128])
    });
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(image)
        .write_to(&mut out, format)
        .unwrap();
    out.into_inner()
}

/// A `multipart/form-data` body of `(name, filename, data)` fields (no filename: a text field),
/// and its content type.
pub fn multipart(fields: &[(&str, &str, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "----jyoti-test-boundary-7d3f";
    let mut body = Vec::new();
    for (name, filename, data) in fields {
        let disposition = match *filename {
            "" => format!("form-data; name=\"{name}\"\r\n"),
            _ => format!("form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n"),
        };
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: {disposition}\r\n").as_bytes(),
        );
        body.extend_from_slice(data);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}
