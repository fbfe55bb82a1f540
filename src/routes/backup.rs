//! `GET /api/admin/backup`: a consistent copy of the live database, streamed to an admin.

use crate::access::AdminUser;
use crate::db;
use crate::download::{attachment, file_body};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};

pub(super) async fn download(
    staff: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (file, length) = db::run_noted(&state.pool, staff.trail(), |conn, note| {
        // A copy of every password hash and secret: who took one is worth knowing.
        note.always = true;
        db::backup::snapshot(conn)
    })
    .await?;
    let filename = format!("jyoti-{}.db", db::backup::stamp());
    Ok(attachment("application/vnd.sqlite3", &filename).body(file_body(file, length)))
}
