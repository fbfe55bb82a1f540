//! Files an admin downloads: the attachment headers, and bodies sent in chunks made on the
//! blocking pool (never whole in memory): an open file, or text written row by row.

use crate::error::ApiError;
use actix_web::body::SizedStream;
use actix_web::http::header;
use actix_web::web::{self, Bytes};
use actix_web::{HttpResponse, HttpResponseBuilder};
use std::fs::File;
use std::io::Read;

const CHUNK: usize = 64 * 1024;

/// 200 saved as `filename`, never cached on the way.
pub fn attachment(content_type: &str, filename: &str) -> HttpResponseBuilder {
    let mut response = HttpResponse::Ok();
    response
        .content_type(content_type)
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{filename}\""),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"));
    response
}

/// The rest of an open file as a body of known length.
pub fn file_body(
    file: File,
    length: u64,
) -> SizedStream<impl futures_util::Stream<Item = std::io::Result<Bytes>>> {
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
    SizedStream::new(length, chunks)
}

/// Text that `produce` writes piece by piece (its `write` says false once the client has gone),
/// sent in chunks as it is made, with a connection of `pool` for the producer.
pub fn produced<F>(
    pool: crate::db::Pool,
    produce: F,
) -> impl futures_util::Stream<Item = Result<Bytes, std::io::Error>>
where
    F: FnOnce(&rusqlite::Connection, &mut dyn FnMut(String) -> bool) -> Result<(), ApiError>
        + Send
        + 'static,
{
    let (sender, receiver) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(4);
    actix_web::rt::task::spawn_blocking(move || {
        let mut buffer = String::new();
        let send = |chunk: Result<Bytes, std::io::Error>| sender.blocking_send(chunk).is_ok();
        let produced = pool.get().map_err(ApiError::from).and_then(|conn| {
            produce(&conn, &mut |text| {
                buffer.push_str(&text);
                buffer.len() < CHUNK || send(Ok(Bytes::from(std::mem::take(&mut buffer))))
            })
        });
        match produced {
            Ok(()) if !buffer.is_empty() => {
                send(Ok(Bytes::from(buffer)));
            }
            Ok(()) => {}
            Err(err) => {
                log::error!("a download stopped: {err:?}");
                send(Err(std::io::Error::other(err.to_string())));
            }
        }
    });
    futures_util::stream::unfold(receiver, |mut receiver| async move {
        receiver.recv().await.map(|chunk| (chunk, receiver))
    })
}
