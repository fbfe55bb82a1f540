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
/// sent in chunks as it is made — gzipped on the way when `gzip` — with a connection of `pool`
/// for the producer. However long the text, the server holds one chunk of it at a time.
pub fn produced<F>(
    pool: crate::db::Pool,
    gzip: bool,
    produce: F,
) -> impl futures_util::Stream<Item = Result<Bytes, std::io::Error>>
where
    F: FnOnce(&rusqlite::Connection, &mut dyn FnMut(String) -> bool) -> Result<(), ApiError>
        + Send
        + 'static,
{
    let (sender, receiver) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(4);
    actix_web::rt::task::spawn_blocking(move || {
        let mut chunks = Chunks::new(gzip);
        let send = |chunk: Result<Bytes, std::io::Error>| sender.blocking_send(chunk).is_ok();
        let produced = pool.get().map_err(ApiError::from).and_then(|conn| {
            produce(&conn, &mut |text| match chunks.add(&text) {
                Some(chunk) => send(Ok(chunk)),
                None => true,
            })
        });
        let last = produced.and_then(|()| chunks.finish().map_err(ApiError::internal));
        match last {
            Ok(chunk) if chunk.is_empty() => {}
            Ok(chunk) => {
                send(Ok(chunk));
            }
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

/// Text gathered into chunks of about [`CHUNK`] bytes, gzipped or as it is.
enum Chunks {
    Plain(Vec<u8>),
    Gzip(flate2::write::GzEncoder<Vec<u8>>),
}

impl Chunks {
    fn new(gzip: bool) -> Chunks {
        match gzip {
            false => Chunks::Plain(Vec::with_capacity(CHUNK)),
            true => Chunks::Gzip(flate2::write::GzEncoder::new(
                Vec::with_capacity(CHUNK),
                flate2::Compression::fast(),
            )),
        }
    }

    /// Adds `text`; a whole chunk once there is one.
    fn add(&mut self, text: &str) -> Option<Bytes> {
        use std::io::Write;
        let buffer = match self {
            Chunks::Plain(buffer) => {
                buffer.extend_from_slice(text.as_bytes());
                buffer
            }
            Chunks::Gzip(encoder) => {
                // Writing into a Vec cannot fail.
                encoder.write_all(text.as_bytes()).ok()?;
                encoder.get_mut()
            }
        };
        (buffer.len() >= CHUNK).then(|| Bytes::from(std::mem::take(buffer)))
    }

    /// What is left (for gzip, with its end).
    fn finish(self) -> std::io::Result<Bytes> {
        match self {
            Chunks::Plain(buffer) => Ok(Bytes::from(buffer)),
            Chunks::Gzip(encoder) => encoder.finish().map(Bytes::from),
        }
    }
}

/// Every row that `each_row` hands over, as the spec's whole JSON array, written row by row onto
/// the response (gzipped when the client takes it): memory stays flat at any size.
pub fn json_array<T: serde::Serialize + 'static>(
    req: &actix_web::HttpRequest,
    pool: crate::db::Pool,
    each_row: crate::db::EachRow<T>,
) -> HttpResponse {
    let gzip = crate::conditional::accepts_gzip(req);
    let rows = produced(pool, gzip, move |conn, write| {
        let mut first = true;
        let mut going = write("[".to_owned());
        if going {
            each_row(conn, &mut |row| {
                let mut text = if first { String::new() } else { ",".to_owned() };
                first = false;
                match serde_json::to_string(&row) {
                    Ok(json) => text.push_str(&json),
                    Err(err) => {
                        log::error!("a row could not be written as JSON: {err}");
                        going = false;
                        return false;
                    }
                }
                going = write(text);
                going
            })?;
        }
        if going {
            write("]".to_owned());
        }
        Ok(())
    });
    let mut response = HttpResponse::Ok();
    response
        .content_type("application/json")
        .insert_header((header::VARY, "Accept-Encoding"));
    if gzip {
        response.insert_header((header::CONTENT_ENCODING, "gzip"));
    }
    response.streaming(rows)
}
