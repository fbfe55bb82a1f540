//! `GET /healthz`: 200 when the database answers, 503 when it does not, for uptime checks and
//! service managers; the JSON also says which build is running.

use crate::build_info;
use crate::db;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/healthz").route(web::get().to(health)));
}

async fn health(state: web::Data<AppState>) -> HttpResponse {
    answer(db::run(&state.pool, |conn| db::ping(conn)).await)
}

/// `{"status":"ok","version":…,"commit":…,"built":…}`, or with `"status":"unavailable"` and a
/// `message`; the cause goes to the log only, as for every API error.
fn answer(ping: Result<(), ApiError>) -> HttpResponse {
    let mut response = match &ping {
        Ok(()) => HttpResponse::Ok(),
        Err(_) => HttpResponse::ServiceUnavailable(),
    };
    let mut body = json!({
        "status": if ping.is_ok() { "ok" } else { "unavailable" },
        "version": build_info::VERSION,
        "commit": build_info::COMMIT,
        "built": build_info::BUILT,
    });
    if let Err(err) = &ping {
        log::warn!("health check: the database does not answer: {err:?}");
        body["message"] = json!("The database does not answer right now");
    }
    response
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::to_bytes;

    async fn parts(ping: Result<(), ApiError>) -> (u16, String, serde_json::Value) {
        let response = answer(ping);
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

    #[actix_web::test]
    async fn a_database_that_does_not_answer_is_a_503_that_still_names_the_build() {
        let (status, cache, body) = parts(Err(ApiError::Unavailable("locked".into()))).await;
        assert_eq!(status, 503);
        assert_eq!(cache, "no-store");
        assert_eq!(body["status"], "unavailable");
        assert_eq!(body["version"], build_info::VERSION);
        assert_eq!(body["commit"], build_info::COMMIT);
        assert!(body["message"].as_str().unwrap().contains("database"));
        assert!(
            !body.to_string().contains("locked"),
            "the cause stays in the log"
        );
    }
}
