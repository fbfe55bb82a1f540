//! Files an admin downloads: the attachment headers, and a file sent in chunks read on the
//! blocking pool (never whole in memory).

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
