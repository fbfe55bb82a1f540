//! `GET /api/admin/backup`: a consistent copy of the live database, streamed to an admin.

use crate::auth::AdminUser;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::body::SizedStream;
use actix_web::http::header;
use actix_web::web::{self, Bytes};
use actix_web::HttpResponse;
use std::fs::File;
use std::io::Read;

pub fn scope(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/admin/backup").route(web::get().to(download)));
}

const CHUNK: usize = 64 * 1024;

async fn download(_: AdminUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let pool = state.pool.clone();
    let (file, length) = web::block(move || -> Result<(File, u64), ApiError> {
        let conn = pool.get()?;
        let db_path = conn
            .path()
            .filter(|p| !p.is_empty())
            .ok_or_else(|| ApiError::internal("database has no file"))?;
        let copy = std::path::PathBuf::from(format!(
            "{db_path}.download-{}-{}",
            crate::db::backup::stamp(),
            std::process::id()
        ));
        crate::db::backup::copy(&conn, &copy).map_err(ApiError::Unavailable)?;
        let file = File::open(&copy).map_err(ApiError::internal)?;
        // The open handle keeps the data readable; the name goes at once so nothing is left behind.
        std::fs::remove_file(&copy).map_err(ApiError::internal)?;
        let length = file.metadata().map_err(ApiError::internal)?.len();
        Ok((file, length))
    })
    .await??;

    let chunks = futures_util::stream::unfold(Some(file), |file| async move {
        let mut file = file?;
        let read = web::block(move || {
            let mut buffer = vec![0; CHUNK];
            let n = file.read(&mut buffer)?;
            buffer.truncate(n);
            Ok::<_, std::io::Error>((file, buffer))
        })
        .await;
        match read {
            Ok(Ok((_, buffer))) if buffer.is_empty() => None,
            Ok(Ok((file, buffer))) => Some((Ok(Bytes::from(buffer)), Some(file))),
            Ok(Err(err)) => Some((Err(err), None)),
            Err(err) => Some((Err(std::io::Error::other(err)), None)),
        }
    });
    let filename = format!(
        "attachment; filename=\"jyoti-{}.db\"",
        crate::db::backup::stamp()
    );
    Ok(HttpResponse::Ok()
        .content_type("application/vnd.sqlite3")
        .insert_header((header::CONTENT_DISPOSITION, filename))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(SizedStream::new(length, chunks)))
}
