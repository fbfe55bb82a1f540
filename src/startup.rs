//! Builds the application (state, middleware, routes) and runs the HTTP server.

use crate::assets::Assets;
use crate::auth::jwt::{self, JwtKeys};
use crate::cache::Cached;
use crate::cli::ServeArgs;
use crate::conditional::Encoded;
use crate::config::Config;
use crate::content::{self, Published};
use crate::db::{self, Pool, Table};
use crate::rate_limit::Limits;
use crate::routes;
use crate::state::AppState;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::{DefaultHeaders, Logger};
use actix_web::{web, App, HttpServer};
use std::io::Write;
use std::time::Duration;

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
    drop(conn);
    Ok(web::Data::new(AppState {
        jwt: JwtKeys::from_secret(&secret),
        limits: Limits::new(config.rate_limit),
        assets: Assets::load(),
        content: Cached::new(content::TABLES, Published::build),
        notice_list: Cached::new(&[Table::Notices], |conn| {
            Encoded::json(&db::notices::list(conn)?)
        }),
        certificate_names: Cached::new(&[Table::Certificates], |conn| {
            db::certificates::names(conn)
        }),
        totals: vec![
            (Table::Users, Cached::new(&[Table::Users], db::users::count)),
            (
                Table::Contacts,
                Cached::new(&[Table::Contacts], db::contacts::count),
            ),
            (
                Table::Notices,
                Cached::new(&[Table::Notices], db::notices::count),
            ),
            (
                Table::Certificates,
                Cached::new(&[Table::Certificates], db::certificates::count),
            ),
        ],
        config,
        pool,
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
    App::new()
        .app_data(state)
        .configure(routes::configure)
        .wrap(actix_web::middleware::from_fn(crate::slow_clients::guard))
        .wrap(
            DefaultHeaders::new()
                .add(("X-Content-Type-Options", "nosniff"))
                .add(("X-Frame-Options", "DENY"))
                .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
                .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY)),
        )
        .wrap(Logger::new("%a \"%r\" %s %b %Dms"))
}

/// `jyoti serve`: open the database, bind, say where, serve until SIGINT/SIGTERM, then drain.
pub fn serve(args: ServeArgs) -> Result<(), String> {
    init_logging();
    let (pool, notes) = db::open_noting(&args.db.db)?;
    let _lock = crate::db::backup::ServerLock::acquire(&args.db.db)?;
    let config = Config {
        bcrypt_cost: args.bcrypt_cost,
        trust_proxy: args.trust_proxy,
        rate_limit: !args.no_rate_limit,
    };
    let state = state(pool, config)?;
    let has_admin = state
        .pool
        .get()
        .ok()
        .and_then(|conn| db::users::any_admin(&conn).ok())
        .unwrap_or(true);

    actix_web::rt::System::new().block_on(async move {
        let app_state = state.clone();
        crate::slow_clients::raise_open_file_limit();
        let server = HttpServer::new(move || app(app_state.clone()))
            // A client gets this long to send its request head, and an idle kept-alive
            // connection is closed after this long: stalled connections do not pile up.
            .client_request_timeout(Duration::from_secs(10))
            .keep_alive(Duration::from_secs(10))
            .client_disconnect_timeout(Duration::from_secs(2))
            .bind((args.bind, args.port))
            .map_err(|err| bind_error(&args, err))?;
        let addr = server.addrs().first().copied().ok_or("the server bound no address")?;
        // The first line of the log; tests and scripts read the port from it.
        let line = format!("listening on http://{addr}");
        println!("{line}");
        eprintln!("{line}");
        let _ = std::io::stdout().flush();
        log::info!("{}", crate::build_info::DESCRIPTION);
        notes.iter().for_each(|note| log::info!("{note}"));
        if let Some(dir) = &args.backup_dir {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create the backup folder {}: {e}", dir.display()))?;
            crate::db::backup::schedule(args.db.db.clone(), dir.clone(), args.backup_every, args.backup_keep as usize);
            log::info!("backing up into {} every {:?}, keeping {}", dir.display(), args.backup_every, args.backup_keep);
        }
        if !has_admin {
            log::warn!(
                "no admin account yet: create one with `jyoti create-admin --email YOU@EXAMPLE.ORG --db {}` (it asks for the password)",
                args.db.db.display()
            );
        }
        server
            .shutdown_timeout(10)
            .run()
            .await
            .map_err(|err| format!("the server stopped with an error: {err}"))
    })?;
    log::info!("stopped");
    Ok(())
}

fn bind_error(args: &ServeArgs, err: std::io::Error) -> String {
    match err.kind() {
        std::io::ErrorKind::AddrInUse => {
            format!(
                "port {} is already in use on {}; stop the other program or choose another --port",
                args.port, args.bind
            )
        }
        std::io::ErrorKind::PermissionDenied => {
            format!("not allowed to listen on port {} (ports below 1024 need extra rights); choose another --port", args.port)
        }
        _ => format!("cannot listen on {}:{}: {err}", args.bind, args.port),
    }
}

/// One line per event on stderr: `RUST_LOG` overrides the default of `info`.
fn init_logging() {
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
