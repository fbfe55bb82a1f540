//! The feedback form's answers: sent by anyone, read and deleted by admins.

use super::calls::Record;
use crate::auth::extractors::ClientIp;
use crate::db::{self, feedback::Feedback};
use crate::domain::{FeedbackRequest, NewFeedback};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

impl Record for Feedback {
    const NOT_FOUND: &'static str = "Feedback not found";
}

pub(super) async fn create(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: web::Json<FeedbackRequest>,
) -> Result<HttpResponse, ApiError> {
    let attempt = state.limits.feedback.reserve(ip.0)?;
    let feedback = NewFeedback::parse(body.into_inner()).inspect_err(|_| attempt.give_back())?;
    let feedback = db::run(&state.pool, move |conn| {
        db::feedback::insert(conn, &feedback)
    })
    .await?;
    Ok(HttpResponse::Created().json(feedback))
}
