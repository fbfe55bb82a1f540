//! `GET /healthz`: every check of the running site with its state and a sentence (database,
//! disk, backups, off-site copies, mail, HTTPS); 200 while the database takes writes, 503 when it
//! does not, for uptime monitors, service managers and the admin area's banner. The JSON also says
//! which build is running.

use crate::build_info;
use crate::health::Report;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/healthz").route(web::get().to(health)))
        .service(web::resource(crate::health::GUIDE_PATH).route(web::get().to(guide)));
}

/// The volunteer's guide, which the dashboard links for what is off (backups, off-site copies,
/// HTTPS, email): a volunteer without the repository at hand reads it here.
async fn guide() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(crate::health::GUIDE)
}

async fn health(state: web::Data<AppState>) -> HttpResponse {
    let checked = web::block(move || state.health.report(&state.pool, &state.mail)).await;
    match checked {
        Ok(report) => answer(&report),
        Err(err) => {
            log::error!("health check: {err}");
            HttpResponse::InternalServerError()
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .json(
                    json!({ "status": "unavailable", "message": "The health check itself failed" }),
                )
        }
    }
}

/// `{"status":"ok"|"unavailable","version":…,"commit":…,"built":…,"checks":{"database":{"state",
/// "message"},…}}`; `status` follows the database alone, as the HTTP status does.
fn answer(report: &Report) -> HttpResponse {
    let mut response = match report.writable() {
        true => HttpResponse::Ok(),
        false => HttpResponse::ServiceUnavailable(),
    };
    let mut body = json!({
        "status": if report.writable() { "ok" } else { "unavailable" },
        "version": build_info::VERSION,
        "commit": build_info::COMMIT,
        "built": build_info::BUILT,
        "checks": report,
    });
    if !report.writable() {
        body["message"] = json!(report.database.message);
    }
    response
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::health::{Check, State};
    use actix_web::body::to_bytes;

    fn check(state: State) -> Check {
        Check::new(state, format!("{state:?}"))
    }

    async fn parts(report: Report) -> (u16, String, serde_json::Value) {
        let response = answer(&report);
        let status = response.status().as_u16();
        let cache = response
            .headers()
            .get(header::CACHE_CONTROL)
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        let body = to_bytes(response.into_body()).await.unwrap();
        (status, cache, serde_json::from_slice(&body).unwrap())
    }

    fn report(database: State, others: State) -> Report {
        Report {
            database: check(database),
            disk: check(others),
            backups: check(others),
            offsite: check(others),
            mail: check(others),
            https: check(others),
        }
    }

    #[actix_web::test]
    async fn a_database_that_takes_no_writes_is_a_503_that_still_names_the_build() {
        let (status, cache, body) = parts(report(State::Fail, State::Ok)).await;
        assert_eq!(status, 503);
        assert_eq!(cache, "no-store");
        assert_eq!(body["status"], "unavailable");
        assert_eq!(body["version"], build_info::VERSION);
        assert_eq!(body["commit"], build_info::COMMIT);
        assert_eq!(body["checks"]["database"]["state"], "fail");
        assert_eq!(body["message"], "Fail");
    }

    #[actix_web::test]
    async fn other_problems_are_named_but_keep_the_200_of_a_site_that_saves() {
        let (status, _, body) = parts(report(State::Ok, State::Warn)).await;
        assert_eq!(status, 200);
        assert_eq!(body["status"], "ok");
        for name in crate::health::CHECKS {
            let expected = if name == "database" { "ok" } else { "warn" };
            assert_eq!(body["checks"][name]["state"], expected, "{name}");
        }
    }
}
