//! Builds the application (state, middleware, routes) and runs the HTTP server.

use crate::assets::Assets;
use crate::auth::jwt::{self, JwtKeys};
use crate::cache::Cached;
use crate::cli::ServeArgs;
use crate::conditional::Encoded;
use crate::config::{AcmeOptions, Config};
use crate::db::kept_orders::KeptOrders;
use crate::db::{self, Pool, Table};
use crate::https::listener::{self, Handshakes};
use crate::https::Site;
use crate::mail::Mailer;
use crate::rate_limit::Limits;
use crate::routes;
use crate::state::AppState;
use actix_service::IntoServiceFactory;
use actix_web::body::MessageBody;
use actix_web::dev::{AppConfig, ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::{DefaultHeaders, Logger};
use actix_web::{web, App, HttpServer};
use std::io::Write;
use std::sync::Arc;

/// Only our own scripts run (no inline script); inline styles stay allowed for the carousel library.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'";

/// Everything a handler needs, from an open pool.
pub fn state(pool: Pool, config: Config) -> Result<web::Data<AppState>, String> {
    let conn = pool
        .get()
        .map_err(|e| format!("cannot use the database: {e}"))?;
    let secret = jwt::load_secret(&conn)?;
    let database = conn
        .path()
        .map(std::path::PathBuf::from)
        .unwrap_or_default();
    drop(conn);
    let https = config
        .https
        .as_ref()
        .map(|options| Arc::new(Site::new(options.domains.clone(), config.port)));
    // The off-site target's HTTP client lives with the state; the configuration holds its
    // options only.
    let offsite = config
        .offsite
        .clone()
        .map(crate::offsite::Offsite::new)
        .transpose()?
        .map(Arc::new);
    let health = crate::health::Health::new(
        database,
        config.backups.as_ref(),
        offsite,
        https.clone(),
        Some(pool.clone()),
    );
    // Links in emails point at the main --domain (else --site-url), never at whatever Host a
    // request named.
    let site_address = https
        .as_ref()
        .and_then(|site| {
            let domain = site.domains.first()?;
            Some(match site.https_port {
                443 => format!("https://{domain}"),
                port => format!("https://{domain}:{port}"),
            })
        })
        .or_else(|| config.site_url.clone());
    let mail = Mailer::start(pool.clone(), config.mail.clone(), site_address);
    if let Ok(conn) = pool.get() {
        mail.remember(&conn);
        // The VAPID key of web push is made at first start, and so is in every backup after.
        if let Err(err) = crate::push::vapid_key(&conn) {
            log::warn!("the web push key is not made yet: {err:?}");
        }
    }
    Ok(web::Data::new(AppState {
        mail,
        jwt: JwtKeys::from_secret(&secret),
        limits: Limits::new(config.rate_limit),
        assets: Assets::load()?,
        content: Cached::new(crate::content::published),
        upi_qr: Cached::new(crate::donations::upi_qr),
        previews: crate::previews::Previews::new(),
        notice_list: Cached::new(|conn| Encoded::json(&db::notices::list(conn)?)),
        certificate_names: Cached::new(|conn| db::certificates::holders(conn)),
        kept_orders: [
            Table::Users,
            Table::Contacts,
            Table::Notices,
            Table::Certificates,
            Table::AuditLog,
        ]
        .into_iter()
        .map(|table| Arc::new(KeptOrders::new(pool.clone(), table)))
        .collect(),
        health,
        https,
        config,
        pool,
        second_steps: Default::default(),
        releasing: Default::default(),
    }))
}

/// The whole app: routes, security headers and the request log. Tests build the same one.
pub fn app(
    state: web::Data<AppState>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let site = state.https.clone();
    let origins = state.config.allow_origins.clone();
    let hashed = state.assets.hashed_paths();
    App::new()
        .app_data(state)
        // What `https::guard` redirects to, and the challenges it answers.
        .configure(|cfg| {
            if let Some(site) = site {
                cfg.app_data(web::Data::from(site));
            }
        })
        .configure(|cfg| routes::configure(cfg, &origins))
        .wrap(actix_web::middleware::from_fn(crate::auth::private_answers))
        .wrap(actix_web::middleware::from_fn(crate::slow_clients::guard))
        .wrap(
            DefaultHeaders::new()
                .add(("X-Content-Type-Options", "nosniff"))
                .add(("X-Frame-Options", "DENY"))
                .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
                .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY)),
        )
        .wrap(actix_web::middleware::from_fn(crate::https::guard))
        // The client's address as the rate limits see it: behind a trusted proxy, the one the
        // proxy forwarded, not the proxy's own.
        .wrap(request_log(&hashed))
}

/// Makes admins' held writes when their hold is over (see `held_writes`), through the API itself
/// on this thread's runtime: the same routes and checks a client's call meets.
fn release_held_writes(state: web::Data<AppState>) {
    let origins = state.config.allow_origins.clone();
    actix_web::rt::spawn(async move {
        let api = App::new()
            .app_data(state.clone())
            .configure(|cfg| routes::configure(cfg, &origins));
        match api.into_factory().new_service(AppConfig::default()).await {
            Ok(api) => crate::held_writes::release(state, api).await,
            Err(()) => log::error!("held writes cannot be made: the API would not start"),
        }
    });
}

/// One line per request: the client, the request line, the status, the bytes sent and the time
/// taken; not for the hashed files in `hashed`, fetched by every page that is logged.
fn request_log(hashed: &[String]) -> Logger {
    let logger = Logger::new("%{client}xi \"%{request}xi\" %s %b %Dms")
        .custom_request_replace("client", |req| {
            crate::access::client_ip(req.request())
                .map_or_else(|_| "-".to_string(), |ip| ip.to_string())
        })
        .custom_request_replace("request", |req| request_line(req.request()));
    hashed
        .iter()
        .fold(logger, |logger, path| logger.exclude(path.as_str()))
}

/// The request line as the log shows it: the value of a `token` in the query (an old reset
/// link's secret) is left out, so the log never holds a way into an account. A name is
/// compared as decoded (`%74oken` too), as the page that reads the token decodes it.
fn request_line(req: &actix_web::HttpRequest) -> String {
    let query = req.query_string();
    let shown = match query.is_empty() {
        true => String::new(),
        false => {
            let parts: Vec<&str> = query
                .split('&')
                .map(|part| {
                    let name = url::form_urlencoded::parse(part.as_bytes()).next();
                    match name {
                        Some((name, _)) if name == "token" => "token=…",
                        _ => part,
                    }
                })
                .collect();
            format!("?{}", parts.join("&"))
        }
    };
    format!("{} {}{shown} {:?}", req.method(), req.path(), req.version())
}

/// The HTTP server of `jyoti serve`, and of the tests: the app on its listeners (the plain port,
/// and with `--domain` the HTTPS port as a server of its own), with the connection time limits.
pub struct Application {
    state: web::Data<AppState>,
    plain: actix_web::dev::Server,
    secure: Option<actix_web::dev::Server>,
    port: u16,
    http_port: Option<u16>,
}

impl Application {
    /// Builds the state on `pool` and binds the listeners (port 0: a free one). Runs inside an
    /// actix system; [`Application::run_until_stopped`] then serves.
    pub fn build(config: Config, pool: Pool) -> Result<Application, String> {
        let state = state(pool, config)?;
        // Like the mail sender: what a write left to do later is done by the app itself.
        crate::alerts::delivery::start(state.pool.clone(), state.mail.clone());
        crate::payment_hold::start(
            state.pool.clone(),
            state.mail.clone(),
            state.config.clock.clone(),
        );
        crate::workers::empty_bin(state.pool.clone(), state.config.bin_days);
        release_held_writes(state.clone());
        let config = &state.config;
        let timeouts = config.timeouts;
        let app_state = state.clone();
        let server = HttpServer::new(move || app(app_state.clone()))
            .client_request_timeout(timeouts.request_head)
            .keep_alive(timeouts.keep_alive)
            .client_disconnect_timeout(timeouts.disconnect)
            .shutdown_timeout(10);
        let server = match config.workers {
            0 => server,
            workers => server.workers(workers),
        };
        let Some(site) = state.https.clone() else {
            let server = server
                .bind((config.bind, config.port))
                .map_err(|err| bind_error(config, config.port, "--port", err))?;
            let port = server.addrs()[0].port();
            return Ok(Application {
                plain: server.run(),
                secure: None,
                port,
                http_port: None,
                state,
            });
        };
        let listener = std::net::TcpListener::bind((config.bind, config.port))
            .map_err(|err| bind_error(config, config.port, "--port", err))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        let tls = site.server_config()?;
        let handshakes = Arc::new(Handshakes::default());
        let tls_state = state.clone();
        // The HTTPS port is a server of its own: actix-web's binding runs handshakes through
        // actix-tls, whose cap on unfinished ones makes the accept loop wait once it is full.
        let secure = actix_server::Server::build();
        let secure = match config.workers {
            0 => secure,
            workers => secure.workers(workers),
        };
        let secure = secure
            .listen("https", listener, move || {
                listener::service(
                    app(tls_state.clone()),
                    tls.clone(),
                    local,
                    handshakes.clone(),
                    &timeouts,
                )
            })
            .map_err(|err| bind_error(config, config.port, "--port", err))?
            .shutdown_timeout(10)
            .run();
        let server = server
            .bind((config.bind, config.http_port))
            .map_err(|err| bind_error(config, config.http_port, "--http-port", err))?;
        let http_port = server.addrs()[0].port();
        Ok(Application {
            plain: server.run(),
            secure: Some(secure),
            port: local.port(),
            http_port: Some(http_port),
            state,
        })
    }

    pub fn state(&self) -> &web::Data<AppState> {
        &self.state
    }

    /// What stops the servers from another thread (each API test's app stops with the test).
    pub fn handles(&self) -> Vec<actix_web::dev::ServerHandle> {
        std::iter::once(&self.plain)
            .chain(&self.secure)
            .map(|server| server.handle())
            .collect()
    }

    /// The port the app answers on: plain HTTP's, or HTTPS's with `--domain`.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// "listening on http://ADDRESS:PORT" (both ports with `--domain`): the log's first line.
    pub fn listening(&self) -> String {
        let bind = self.state.config.bind;
        let at = |port| std::net::SocketAddr::new(bind, port);
        match self.http_port {
            None => format!("listening on http://{}", at(self.port)),
            Some(plain) => format!(
                "listening on https://{} and http://{}",
                at(self.port),
                at(plain)
            ),
        }
    }

    /// Serves until SIGINT/SIGTERM (or the servers are stopped), each port finishing the
    /// requests in flight.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        match self.secure {
            None => self.plain.await,
            Some(secure) => futures_util::future::try_join(self.plain, secure)
                .await
                .map(|_| ()),
        }
    }
}

/// `jyoti serve`: open the database, bind, say where, serve until SIGINT/SIGTERM, then drain.
pub fn serve(args: ServeArgs) -> Result<(), String> {
    init_logging();
    let config = args.config()?;
    let zone = crate::words::time_zone(&args.time_zone)
        .map_err(|why| format!("--time-zone (or JYOTI_TIME_ZONE): {why}"))?;
    crate::words::set_site_zone(zone, &args.time_zone);
    let (pool, mut notes) = db::open_noting(&args.db.db)?;
    // Files an older build (or a hand) left readable by all are made private now.
    notes.extend(crate::files::make_private(
        &args.db.db,
        args.backup_dir.as_deref(),
    ));
    let _lock = crate::db::backup::ServerLock::acquire(&args.db.db)?;
    // What a command stopped half-way left beside the database (a plain copy on its way to the
    // bucket among them) goes before anything else.
    crate::scratch::remove_stale(&args.db.db, args.backup_dir.as_deref());
    let database = args.db.db.clone();
    let stopped_pool = pool.clone();
    actix_web::rt::System::new().block_on(async move {
        crate::slow_clients::raise_open_file_limit();
        let application = Application::build(config, pool)?;
        // The first line of the log; tests and scripts read the port from it.
        say_once(&application.listening());
        log::info!("{}", crate::build_info::DESCRIPTION);
        notes.iter().for_each(|note| log::info!("{note}"));
        start_background_work(application.state(), &database)?;
        application
            .run_until_stopped()
            .await
            .map_err(|err| format!("the server stopped with an error: {err}"))
    })?;
    // Threads of their own (mail, backups) keep connections open to the end, so SQLite's own
    // checkpoint at the last close never comes: fold the write-ahead log in now, so the .db file
    // alone holds everything.
    match db::checkpoint(&stopped_pool) {
        Ok(()) => log::info!("stopped; the database file holds every change"),
        Err(err) => log::warn!("stopped, but the write-ahead log could not be folded into the database: {err}; copy the -wal file with it"),
    }
    Ok(())
}

/// What a serving server does besides answering: scheduled backups and their off-site copies,
/// the HTTPS certificate, the alert mails; and the warning when there is no admin yet.
fn start_background_work(
    state: &web::Data<AppState>,
    database: &std::path::Path,
) -> Result<(), String> {
    if let (Some(plan), Some(status)) = (&state.config.backups, state.health.backups()) {
        std::fs::create_dir_all(&plan.dir).map_err(|e| {
            format!(
                "cannot create the backup folder {}: {e}",
                plan.dir.display()
            )
        })?;
        crate::backups::schedule(
            database.to_path_buf(),
            plan.keep,
            status.clone(),
            state.health.offsite().cloned(),
        );
        log::info!(
            "backing up into {} every {}, keeping {}",
            plan.dir.display(),
            crate::words::in_words(plan.every),
            plan.keep
        );
    }
    match (&state.config.offsite, &state.config.backups) {
        (Some(offsite), Some(_)) => log::info!(
            "uploading an encrypted copy of each backup to {}, keeping {}",
            offsite.describe(),
            offsite.keep
        ),
        (Some(_), None) => log::warn!(
            "--offsite uploads the scheduled backups, and there are none: add --backup-dir"
        ),
        _ => {}
    }
    let has_admin = state
        .pool
        .get()
        .ok()
        .and_then(|conn| db::users::any_admin(&conn).ok())
        .unwrap_or(true);
    if !has_admin {
        log::warn!(
            "no admin account yet: create one with `jyoti create-admin --email YOU@EXAMPLE.ORG --db {}` (it asks for the password)",
            database.display()
        );
    }
    if let (Some(site), Some(options)) = (&state.https, &state.config.https) {
        start_certificates(site.clone(), &state.pool, &options.acme)?;
    }
    crate::alerts::start_lasting(state.clone(), state.config.alert_after);
    Ok(())
}

/// Serves the stored certificate at once if there is a valid one, and keeps one obtained and
/// renewed in the background.
fn start_certificates(site: Arc<Site>, pool: &db::Pool, acme: &AcmeOptions) -> Result<(), String> {
    // The ACME client's own HTTPS uses the process's default TLS provider: ring, as the server.
    let _ = rustls::crypto::ring::default_provider().install_default();
    if crate::https::load_stored(&site, pool)? {
        log::info!(
            "serving the stored certificate for {}",
            site.domains.join(", ")
        );
    } else {
        log::info!(
            "no certificate for {} yet: HTTPS answers once the CA has issued one",
            site.domains.join(", ")
        );
    }
    actix_web::rt::spawn(crate::https::keep_certified(
        site,
        pool.clone(),
        acme.clone(),
    ));
    Ok(())
}

/// Prints `line` on stdout, where scripts read it, and logs it on stderr, unless both go to the
/// same place (a terminal, the journal): then it appears once.
fn say_once(line: &str) {
    println!("{line}");
    let _ = std::io::stdout().flush();
    if !stdout_is_stderr() {
        eprintln!("{line}");
    }
}

fn stdout_is_stderr() -> bool {
    use std::os::unix::fs::MetadataExt;
    let identity = |fd: &str| {
        std::fs::metadata(fd)
            .ok()
            .map(|meta| (meta.dev(), meta.ino(), meta.rdev()))
    };
    match (identity("/dev/stdout"), identity("/dev/stderr")) {
        (Some(out), Some(err)) => out == err,
        _ => false,
    }
}

fn bind_error(config: &Config, port: u16, flag: &str, err: std::io::Error) -> String {
    match err.kind() {
        std::io::ErrorKind::AddrInUse => {
            format!(
                "port {port} is already in use on {}; stop the other program or choose another {flag}",
                config.bind
            )
        }
        std::io::ErrorKind::PermissionDenied => {
            format!("not allowed to listen on port {port} (ports below 1024 need extra rights, e.g. AmbientCapabilities=CAP_NET_BIND_SERVICE in the systemd unit); choose another {flag}")
        }
        _ => format!("cannot listen on {}:{port}: {err}", config.bind),
    }
}

/// One line per event on stderr: `RUST_LOG` overrides the default of `info`.
pub fn init_logging() {
    let _ = env_logger::Builder::from_env(
        env_logger::Env::default().default_filter_or("info,actix_server=warn"),
    )
    .format(|out, record| {
        writeln!(
            out,
            "{} {} {}",
            out.timestamp_seconds(),
            record.level(),
            record.args()
        )
    })
    .target(env_logger::Target::Stderr)
    .try_init();
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn the_request_log_leaves_out_a_reset_links_secret() {
        let secret = "ab".repeat(32);
        let req = TestRequest::get()
            .uri(&format!("/reset-password?utm=mail&token={secret}"))
            .to_http_request();
        let line = request_line(&req);
        assert_eq!(line, "GET /reset-password?utm=mail&token=… HTTP/1.1");
        assert!(!line.contains(&secret));
        let encoded = TestRequest::get()
            .uri(&format!("/reset-password?%74oken={secret}&token"))
            .to_http_request();
        assert_eq!(
            request_line(&encoded),
            "GET /reset-password?token=…&token=… HTTP/1.1"
        );
        let plain = TestRequest::get()
            .uri("/api/admin/users?page=2")
            .to_http_request();
        assert_eq!(request_line(&plain), "GET /api/admin/users?page=2 HTTP/1.1");
    }
}
