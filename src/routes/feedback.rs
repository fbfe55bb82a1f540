//! The feedback form's answers: sent by anyone, read and deleted by admins.

use super::calls::record;
use crate::access::{ClientIp, Json};
use crate::db::{self, feedback::Feedback};
use crate::domain::{FeedbackRequest, NewFeedback};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

record!(Feedback, "Feedback not found", Feedback);

pub(super) async fn create(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<FeedbackRequest>,
) -> Result<HttpResponse, ApiError> {
    let (_counted, feedback) = state
        .limits
        .feedback
        .reserve_parsed(ip.0, || NewFeedback::parse(body.into_inner()))?;
    let feedback = db::run(&state.pool, move |conn| {
        db::feedback::insert(conn, &feedback)
    })
    .await?;
    Ok(HttpResponse::Created().json(feedback))
}
