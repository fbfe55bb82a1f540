//! Photo uploads: read the admin's form, decode for real (with limits against decompression
//! bombs), apply the EXIF orientation, drop all metadata, and make resized WebP variants once.

use crate::db::media::Variant;
use crate::domain::line;
use crate::error::ApiError;
use actix_multipart::Multipart;
use futures_util::StreamExt;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use sha2::{Digest, Sha256};
use std::io::Cursor;

/// Largest upload accepted.
pub const MAX_UPLOAD: usize = 10 * 1024 * 1024;
/// Widths made for `srcset`; a smaller photo also keeps its own width.
const WIDTHS: [u32; 3] = [480, 960, 1600];
/// Past this many pixels a photo is refused before it is decoded (a 10 MB file can claim far more).
const MAX_PIXELS: u64 = 50_000_000;
const WEBP_QUALITY: f32 = 80.0;

/// Largest value of a text field of the upload form.
const MAX_FIELD: usize = 1024;

/// A photo as uploaded: the file's bytes and its description.
pub struct Upload {
    pub file: Vec<u8>,
    pub alt: String,
}

impl Upload {
    /// Reads the form (`file`, and optionally `alt`) with limits on every field's size.
    pub async fn read(mut form: Multipart) -> Result<Upload, ApiError> {
        let invalid = |e| ApiError::BadRequest(format!("Invalid upload: {e}"));
        let mut file: Option<Vec<u8>> = None;
        let mut alt = String::new();
        while let Some(field) = form.next().await {
            let mut field = field.map_err(invalid)?;
            let name = field.name().unwrap_or_default().to_owned();
            let limit = if name == "file" {
                MAX_UPLOAD
            } else {
                MAX_FIELD
            };
            let mut data = Vec::new();
            while let Some(chunk) = field.next().await {
                let chunk = chunk.map_err(invalid)?;
                if data.len() + chunk.len() > limit {
                    return Err(if name == "file" {
                        ApiError::field("file", "Photos can be 10 MB at most")
                    } else {
                        ApiError::PayloadTooLarge
                    });
                }
                data.extend_from_slice(&chunk);
            }
            match name.as_str() {
                "file" => file = Some(data),
                "alt" => {
                    alt = line(
                        Some(String::from_utf8_lossy(&data).into_owned()),
                        200,
                        false,
                    )
                    .map_err(|why| ApiError::field("alt", why))?
                }
                other => {
                    return Err(ApiError::BadRequest(format!(
                        "Unknown form field `{other}`"
                    )))
                }
            }
        }
        let file = file
            .filter(|f| !f.is_empty())
            .ok_or_else(|| ApiError::field("file", "choose a photo to upload"))?;
        Ok(Upload { file, alt })
    }

    /// Decodes and resizes on the blocking pool; a refused photo is a `file` field error.
    pub async fn process(self) -> Result<(Processed, String), ApiError> {
        let processed = actix_web::web::block(move || process(&self.file))
            .await?
            .map_err(|why| ApiError::field("file", why))?;
        Ok((processed, self.alt))
    }
}

pub struct Processed {
    pub hash: String,
    /// Smallest first.
    pub variants: Vec<Variant>,
}

/// Turns an uploaded file into WebP variants, or says in one sentence why it cannot.
pub fn process(bytes: &[u8]) -> Result<Processed, String> {
    let format = image::guess_format(bytes).map_err(|_| not_an_image())?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP
    ) {
        return Err(not_an_image());
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(20_000);
    limits.max_image_height = Some(20_000);
    limits.max_alloc = Some(512 * 1024 * 1024);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|e| unreadable(&e))?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(format!(
            "the photo is {width}×{height} pixels; at most 50 megapixels are accepted"
        ));
    }
    let orientation = decoder.orientation().map_err(|e| unreadable(&e))?;
    let mut photo = DynamicImage::from_decoder(decoder).map_err(|e| unreadable(&e))?;
    photo.apply_orientation(orientation);

    let full = photo.width();
    let mut widths: Vec<u32> = WIDTHS.iter().copied().filter(|w| *w < full).collect();
    if full <= *WIDTHS.last().unwrap_or(&full) {
        widths.push(full);
    }
    let variants = widths
        .into_iter()
        .map(|width| {
            let sized = if width == full {
                photo.clone()
            } else {
                let height = ((u64::from(photo.height()) * u64::from(width)) / u64::from(full))
                    .max(1) as u32;
                photo.resize_exact(width, height, image::imageops::FilterType::CatmullRom)
            };
            encode(&sized)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let hash = crate::conditional::hex(&Sha256::digest(bytes)[..8]);
    Ok(Processed { hash, variants })
}

fn encode(photo: &DynamicImage) -> Result<Variant, String> {
    let rgba = photo.to_rgba8();
    let (width, height) = rgba.dimensions();
    let encoded = webp::Encoder::from_rgba(rgba.as_raw(), width, height).encode(WEBP_QUALITY);
    Ok(Variant {
        width,
        height,
        data: encoded.to_vec(),
    })
}

fn not_an_image() -> String {
    "the file is not a JPEG, PNG or WebP photo".into()
}

fn unreadable(err: &image::ImageError) -> String {
    match err {
        image::ImageError::Limits(_) => "the photo is too large to process".into(),
        _ => format!("the photo cannot be read ({err})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        DynamicImage::new_rgb8(width, height)
            .write_to(&mut out, ImageFormat::Png)
            .unwrap();
        out.into_inner()
    }

    #[test]
    fn a_large_photo_gets_three_webp_variants_smallest_first() {
        let processed = process(&png(2000, 1000)).unwrap();
        let sizes: Vec<(u32, u32)> = processed
            .variants
            .iter()
            .map(|v| (v.width, v.height))
            .collect();
        assert_eq!(sizes, [(480, 240), (960, 480), (1600, 800)]);
        assert!(processed
            .variants
            .iter()
            .all(|v| v.data.starts_with(b"RIFF") && &v.data[8..12] == b"WEBP"));
        assert_eq!(processed.hash.len(), 16);
    }

    #[test]
    fn a_small_photo_keeps_its_own_width() {
        let processed = process(&png(300, 200)).unwrap();
        let sizes: Vec<u32> = processed.variants.iter().map(|v| v.width).collect();
        assert_eq!(sizes, [300]);
    }

    #[test]
    fn text_and_other_formats_are_refused() {
        assert!(process(b"just some text pretending to be a photo").is_err());
        let mut encoded = Cursor::new(Vec::new());
        DynamicImage::new_rgb8(4, 4)
            .write_to(&mut encoded, ImageFormat::Png)
            .unwrap();
        let mut bytes = encoded.into_inner();
        bytes.truncate(bytes.len() / 2);
        assert!(process(&bytes).is_err(), "a truncated file");
    }
}
