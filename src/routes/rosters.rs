//! Rosters (the team pages `/team` and `/team{slug}`): most calls are builders in the API table;
//! here a new year's team copied from another, and the choice of the core team.

use super::calls::{record, PathId};
use crate::access::{Json, StaffUser};
use crate::db::{self, rosters::Roster};
use crate::domain::{CoreTeamChoice, CoreTeamRequest, RosterInput, RosterRequest};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

record!(Roster, "Team not found", Roster);

/// `POST /api/admin/rosters/{id}/copy {slug, title}`: a new roster with the members of roster
/// `id`; 201 `{_id, msg}`.
pub(super) async fn copy(
    staff: StaffUser,
    state: web::Data<AppState>,
    from: PathId<Roster>,
    body: Json<RosterRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = RosterInput::parse(body.into_inner(), true)?;
    let key = from.get();
    let id = db::run_noted(&state.pool, staff.trail(), move |conn, note| {
        let id = db::rosters::copy(conn, key, &input)?;
        if let Some(id) = id {
            note.created(id);
        }
        Ok(id)
    })
    .await?;
    let id = from.found(id)?;
    Ok(HttpResponse::Created().json(json!({ "_id": id, "msg": "Team Created" })))
}

/// `PUT /api/admin/rosters/core {id, formerSlug}`: `/team` shows roster `id`; the core team
/// until now moves to `/team{formerSlug}`.
pub(super) async fn make_core(
    staff: StaffUser,
    state: web::Data<AppState>,
    body: Json<CoreTeamRequest>,
) -> Result<HttpResponse, ApiError> {
    let choice = CoreTeamChoice::parse(body.into_inner())?;
    let id = choice.id;
    let found = db::run_noted(&state.pool, staff.trail(), move |conn, note| {
        note.created(id);
        db::rosters::make_core(conn, &choice)
    })
    .await?;
    if !found {
        return Err(ApiError::NotFound("Team not found"));
    }
    Ok(HttpResponse::Ok().json(json!({ "msg": "The core team is changed" })))
}
