//! Photo uploads: read the admin's form, decode for real (with limits against decompression
//! bombs), apply the EXIF orientation, drop all metadata, and make resized WebP variants once.

use crate::db::media::Variant;
use crate::domain::line;
use crate::error::ApiError;
use crate::workers::Workers;
use actix_multipart::Multipart;
use futures_util::StreamExt;
use image::metadata::Orientation;
use image::{DynamicImage, GenericImageView, ImageDecoder, ImageFormat, ImageReader, Limits};
use sha2::{Digest, Sha256};
use std::io::Cursor;

/// Largest upload accepted.
pub const MAX_UPLOAD: usize = 32 * 1024 * 1024;
/// Widths made for `srcset`; a smaller photo also keeps its own width.
const WIDTHS: [u32; 3] = [480, 960, 1600];
/// Past this many pixels a photo is refused before it is decoded (a 10 MB file can claim far
/// more); a 20-megapixel phone photo still fits.
const MAX_PIXELS: u64 = 20_000_000;
/// A JPEG from a phone's main camera (48-50 megapixels, 8160×6120) is decoded at half its size
/// up to this many pixels: it is only ever shown at 1600 pixels wide.
const MAX_JPEG_PIXELS: u64 = 52_000_000;
/// The most the decoder may allocate: a 20-megapixel photo with transparency, not more.
const MAX_DECODED: u64 = 96 * 1024 * 1024;
/// Longest side the decoder accepts.
const MAX_SIDE: u32 = 20_000;
/// Largest a PNG's colour profile or text may inflate to (real profiles are a few KB).
const MAX_PNG_EXTRA: u64 = 4 * 1024 * 1024;
/// Longest side a WebP file can have.
const MAX_WEBP_SIDE: u32 = 16_383;
const WEBP_QUALITY: f32 = 80.0;

/// How long an upload waits for the photo before it to be processed.
const WAIT_FOR_TURN: std::time::Duration = std::time::Duration::from_secs(30);

/// The refusal of a file past [`MAX_UPLOAD`].
const TOO_LARGE: &str = "Photos can be 32 MB at most";

/// Largest value of a text field of the upload form.
const MAX_FIELD: usize = 1024;

/// A photo as uploaded: the file (on disk while it waits its turn) and its description.
pub struct Upload {
    pub file: Spooled,
    pub alt: String,
}

/// An uploaded file written to disk as it arrives, so that photos of up to [`MAX_UPLOAD`]
/// waiting side by side hold no memory; removed when dropped.
pub struct Spooled {
    path: std::path::PathBuf,
    len: usize,
}

impl Spooled {
    fn create() -> Result<(Spooled, std::fs::File), ApiError> {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("jyoti-upload-{}-{n}", std::process::id()));
        let file = std::fs::File::create(&path).map_err(|err| {
            ApiError::Unavailable(format!("cannot write the upload {}: {err}", path.display()))
        })?;
        Ok((Spooled { path, len: 0 }, file))
    }

    /// The file's bytes, mapped when its turn to be decoded has come (no heap copy of up to
    /// [`MAX_UPLOAD`] beside the decoded photo).
    fn read(&self) -> Result<memmap2::Mmap, String> {
        let cannot = |err: std::io::Error| format!("the upload could not be read back: {err}");
        let file = std::fs::File::open(&self.path).map_err(cannot)?;
        // SAFETY: the file is this upload's own, named for this process and never written
        // again once spooled; nothing changes it while it is mapped.
        unsafe { memmap2::Mmap::map(&file) }.map_err(cannot)
    }
}

impl Drop for Spooled {
    fn drop(&mut self) {
        // Gone already when the temp folder was cleared; nothing else holds it.
        let _ = std::fs::remove_file(&self.path);
    }
}

impl Upload {
    /// Reads the form (`file`, and optionally `alt`) with limits on every field's size.
    pub async fn read(mut form: Multipart) -> Result<Upload, ApiError> {
        use std::io::Write;
        let invalid = |e| ApiError::BadRequest(format!("Invalid upload: {e}"));
        let mut file: Option<Spooled> = None;
        let mut alt = String::new();
        while let Some(field) = form.next().await {
            let mut field = field.map_err(invalid)?;
            let name = field.name().unwrap_or_default().to_owned();
            if name == "file" {
                // Written to disk chunk by chunk: a photo's bytes are never all in memory while
                // they arrive.
                let (mut spooled, mut out) = Spooled::create()?;
                while let Some(chunk) = field.next().await {
                    let chunk = chunk.map_err(invalid)?;
                    if spooled.len + chunk.len() > MAX_UPLOAD {
                        return Err(ApiError::field("file", TOO_LARGE));
                    }
                    out.write_all(&chunk).map_err(|err| {
                        ApiError::Unavailable(format!("cannot write the upload: {err}"))
                    })?;
                    spooled.len += chunk.len();
                }
                file = Some(spooled);
                continue;
            }
            let mut data = Vec::new();
            while let Some(chunk) = field.next().await {
                let chunk = chunk.map_err(invalid)?;
                if data.len() + chunk.len() > MAX_FIELD {
                    return Err(ApiError::PayloadTooLarge);
                }
                data.extend_from_slice(&chunk);
            }
            match name.as_str() {
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
            .filter(|f| f.len > 0)
            .ok_or_else(|| ApiError::field("file", "choose a photo to upload"))?;
        Ok(Upload { file, alt })
    }

    /// Decodes and resizes on the blocking pool, one photo at a time (each may take up to
    /// [`MAX_DECODED`] of memory); a refused photo is a `file` field error.
    pub async fn process(self) -> Result<(Processed, String), ApiError> {
        static DECODING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);
        let _turn = actix_web::rt::time::timeout(WAIT_FOR_TURN, DECODING.acquire())
            .await
            .map_err(|_| ApiError::Busy(WAIT_FOR_TURN.as_secs()))?
            .map_err(ApiError::internal)?;
        static PHOTOS: std::sync::OnceLock<Workers> = std::sync::OnceLock::new();
        let processed = PHOTOS
            .get_or_init(|| Workers::start("photos", 1))
            .run(move || {
                let processed = self.file.read().and_then(|bytes| process(&bytes));
                give_memory_back();
                processed
            })
            .await?
            .map_err(|why| ApiError::field("file", why))?;
        Ok((processed, self.alt))
    }
}

pub struct Processed {
    pub hash: String,
    /// Smallest first.
    pub variants: Vec<Variant>,
    /// The UPI IDs that UPI QR codes in the photo pay (`upi://pay?pa=…`).
    pub upi: Vec<String>,
}

/// Turns an uploaded file into WebP variants, or says in one sentence why it cannot. Memory
/// stays bounded: the decoder may allocate at most [`MAX_DECODED`], the variants are made from
/// the decoded photo without a full-size copy, and only the small variants are turned upright.
pub fn process(bytes: &[u8]) -> Result<Processed, String> {
    let format = checked_format(bytes)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODED);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|e| unreadable(&e))?;
    let (width, height) = decoder.dimensions();
    let halved = if needs_halving(format, width, height)? {
        Some(halved_jpeg(bytes)?)
    } else {
        None
    };
    // A large JPEG is decoded at half size: the sizes below are of that.
    let (width, height) = halved.as_ref().map_or((width, height), |(_, size)| *size);
    // The decoded photo's real size in its own format: 16-bit channels take twice the bytes of
    // 8-bit ones, which the pixel count alone does not show (the decoder's own limit is not
    // applied to every buffer it makes).
    if halved.is_none() && decoder.total_bytes() > MAX_DECODED {
        return Err(format!(
            "the photo is {width}×{height} pixels of {} bytes each: too large to process; save it with 8 bits per channel",
            decoder.color_type().bytes_per_pixel()
        ));
    }
    let orientation = decoder.orientation().map_err(|e| unreadable(&e))?;
    let turned = matches!(
        orientation,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    );
    let sizes = upright_sizes(width, height, turned)?;
    let photo = match halved {
        Some((jpeg, _)) => decode_halved(jpeg)?,
        None => DynamicImage::from_decoder(decoder).map_err(|e| unreadable(&e))?,
    };
    let mut sized = resized(photo, &sizes, turned)?;
    // Read at the middle size (960 px, or the photo's own when smaller): enough for a QR code
    // that fills a fifth of the photo, and quick.
    let upi = sized
        .iter()
        .find(|variant| variant.width().max(variant.height()) >= WIDTHS[1])
        .or(sized.last())
        .map(|variant| upi_in_qr_codes(&variant.to_luma8()))
        .unwrap_or_default();
    let variants = sized
        .iter_mut()
        .map(|variant| {
            variant.apply_orientation(orientation);
            encode(variant)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let hash = crate::conditional::hex(&Sha256::digest(bytes)[..8]);
    Ok(Processed {
        hash,
        variants,
        upi,
    })
}

/// The format of an uploaded file, when it is a whole JPEG, PNG or WebP whose extras are small
/// enough to read; else why not.
fn checked_format(bytes: &[u8]) -> Result<ImageFormat, String> {
    let format = image::guess_format(bytes).map_err(|_| not_an_image())?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP
    ) {
        return Err(not_an_image());
    }
    if !is_complete(bytes, format) {
        return Err("the file is cut short: upload the whole photo again".into());
    }
    if format == ImageFormat::Png && !png_extras_are_small(bytes) {
        return Err("the photo carries a colour profile or text far too large to read".into());
    }
    Ok(format)
}

/// Whether a photo of `width`×`height` pixels is decoded at half size (a JPEG past
/// [`MAX_PIXELS`], up to [`MAX_JPEG_PIXELS`]); the refusal of one too large for either.
fn needs_halving(format: ImageFormat, width: u32, height: u32) -> Result<bool, String> {
    let pixels = u64::from(width) * u64::from(height);
    match pixels {
        _ if pixels <= MAX_PIXELS => Ok(false),
        _ if format == ImageFormat::Jpeg && pixels <= MAX_JPEG_PIXELS => Ok(true),
        _ => {
            let most = if format == ImageFormat::Jpeg {
                MAX_JPEG_PIXELS
            } else {
                MAX_PIXELS
            };
            Err(format!(
                "the photo is {width}×{height} pixels; at most {} megapixels are accepted",
                most / 1_000_000
            ))
        }
    }
}

/// The sizes of the variants, as the photo will be seen (upright: `turned` says it is stored
/// on its side), smallest first; refused when one is too tall for WebP.
fn upright_sizes(width: u32, height: u32, turned: bool) -> Result<Vec<(u32, u32)>, String> {
    let (upright_width, upright_height) = if turned {
        (height, width)
    } else {
        (width, height)
    };
    let sizes: Vec<(u32, u32)> = WIDTHS
        .iter()
        .copied()
        .filter(|w| *w < upright_width)
        .chain((upright_width <= WIDTHS[WIDTHS.len() - 1]).then_some(upright_width))
        .map(|w| {
            let h = (u64::from(upright_height) * u64::from(w) / u64::from(upright_width)).max(1);
            (w, u32::try_from(h).unwrap_or(u32::MAX))
        })
        .collect();
    if sizes.iter().any(|(_, h)| *h > MAX_WEBP_SIDE) {
        return Err(format!(
            "the photo is {upright_width}×{upright_height} pixels: too tall and narrow for a web page"
        ));
    }
    Ok(sizes)
}

/// `photo` at each of the upright `sizes`, still as stored (on its side when `turned`).
fn resized(
    photo: DynamicImage,
    sizes: &[(u32, u32)],
    turned: bool,
) -> Result<Vec<DynamicImage>, String> {
    let mut photo = Some(photo);
    // Every size is made before anything is encoded, so the full photo is gone by then; a photo
    // small enough to be kept whole is the last size and is moved, not copied.
    let mut sized = Vec::with_capacity(sizes.len());
    for &(w, h) in sizes {
        let (stored_w, stored_h) = if turned { (h, w) } else { (w, h) };
        let full = photo.as_ref().ok_or("the photo went missing")?;
        if (stored_w, stored_h) == full.dimensions() {
            sized.extend(photo.take());
        } else {
            sized.push(full.thumbnail_exact(stored_w, stored_h));
        }
    }
    Ok(sized)
}

/// The UPI IDs the UPI QR codes in `photo` pay: the `pa` of each `upi://pay?…` code.
fn upi_in_qr_codes(photo: &image::GrayImage) -> Vec<String> {
    let (width, height) = (photo.width() as usize, photo.height() as usize);
    let mut prepared = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| {
        photo.get_pixel(x as u32, y as u32).0[0]
    });
    prepared
        .detect_grids()
        .iter()
        .filter_map(|grid| grid.decode().ok())
        .filter_map(|(_, text)| {
            let query = text
                .strip_prefix("upi://")
                .or_else(|| text.strip_prefix("UPI://"))?
                .split_once('?')?
                .1;
            query
                .split('&')
                .find_map(|pair| pair.strip_prefix("pa="))
                .map(|id| id.replace("%40", "@"))
        })
        .collect()
}

/// A large JPEG's decoder, set to decode at half size.
type HalvedJpeg<'a> = jpeg_decoder::Decoder<Cursor<&'a [u8]>>;

/// A JPEG too large to decode whole, ready to decode at half its width and height, and that size.
/// Only a baseline JPEG (what cameras write): a progressive one keeps every coefficient of the
/// full-size photo while it decodes.
fn halved_jpeg(bytes: &[u8]) -> Result<(HalvedJpeg<'_>, (u32, u32)), String> {
    let mut jpeg = jpeg_decoder::Decoder::new(Cursor::new(bytes));
    jpeg.set_max_decoding_buffer_size(MAX_DECODED as usize);
    jpeg.read_info().map_err(|e| unreadable_jpeg(&e))?;
    let info = jpeg
        .info()
        .ok_or_else(|| unreadable_jpeg(&"it has no header"))?;
    if info.coding_process != jpeg_decoder::CodingProcess::DctSequential {
        return Err(format!(
            "the photo is {}×{} pixels and saved as a progressive JPEG; at most {} megapixels are accepted in that form (save it as a standard JPEG)",
            info.width,
            info.height,
            MAX_PIXELS / 1_000_000
        ));
    }
    let (width, height) = jpeg
        .scale(info.width.div_ceil(2), info.height.div_ceil(2))
        .map_err(|e| unreadable_jpeg(&e))?;
    Ok((jpeg, (u32::from(width), u32::from(height))))
}

/// Decodes a [`halved_jpeg`].
fn decode_halved(mut jpeg: HalvedJpeg<'_>) -> Result<DynamicImage, String> {
    let pixels = jpeg.decode().map_err(|e| unreadable_jpeg(&e))?;
    let info = jpeg
        .info()
        .ok_or_else(|| unreadable_jpeg(&"it has no header"))?;
    let (width, height) = (u32::from(info.width), u32::from(info.height));
    let image = match info.pixel_format {
        jpeg_decoder::PixelFormat::RGB24 => {
            image::RgbImage::from_raw(width, height, pixels).map(DynamicImage::ImageRgb8)
        }
        jpeg_decoder::PixelFormat::L8 => {
            image::GrayImage::from_raw(width, height, pixels).map(DynamicImage::ImageLuma8)
        }
        jpeg_decoder::PixelFormat::CMYK32 => {
            let rgb = pixels
                .chunks_exact(4)
                .flat_map(|cmyk| {
                    let k = u16::from(cmyk[3]);
                    [0, 1, 2].map(|i| ((u16::from(cmyk[i]) * k) / 255) as u8)
                })
                .collect();
            image::RgbImage::from_raw(width, height, rgb).map(DynamicImage::ImageRgb8)
        }
        jpeg_decoder::PixelFormat::L16 => None,
    };
    image.ok_or_else(|| unreadable_jpeg(&"its pixels are of an unexpected kind"))
}

/// Hands the freed decode buffers back to the system, so a photo's peak does not stay resident.
fn give_memory_back() {
    #[cfg(target_env = "gnu")]
    // SAFETY: malloc_trim only releases free memory of the allocator.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Whether the file reaches its format's end marker: a cut-short upload would otherwise decode
/// as a grey photo (and a header alone can claim any size).
fn is_complete(bytes: &[u8], format: ImageFormat) -> bool {
    let find_last = |marker: &[u8]| bytes.windows(marker.len()).rposition(|w| w == marker);
    match format {
        // The end-of-image marker after the last start-of-scan (markers cannot occur inside
        // the compressed data, and an embedded thumbnail's scan comes before the photo's).
        ImageFormat::Jpeg => match (find_last(&[0xFF, 0xDA]), find_last(&[0xFF, 0xD9])) {
            (Some(scan), Some(end)) => end > scan,
            _ => false,
        },
        ImageFormat::Png => find_last(b"IEND").is_some(),
        ImageFormat::WebP => bytes.get(4..8).is_some_and(|size| {
            let size = u32::from_le_bytes([size[0], size[1], size[2], size[3]]) as usize;
            size.saturating_add(8) <= bytes.len()
        }),
        _ => false,
    }
}

/// The compressed extras of a PNG (colour profile, text) inflate to at most [`MAX_PNG_EXTRA`]
/// each: the decoder would inflate them whole, whatever their size, before any limit applies.
fn png_extras_are_small(bytes: &[u8]) -> bool {
    use std::io::Read;
    let mut rest = bytes.get(8..).unwrap_or_default();
    while rest.len() >= 12 {
        let length = u32::from_be_bytes([rest[0], rest[1], rest[2], rest[3]]) as usize;
        let kind = &rest[4..8];
        let Some(data) = rest.get(8..8 + length) else {
            return true;
        };
        // iCCP and zTXt: a name, a NUL, a method byte, then zlib data; iTXt compresses too.
        let compressed = match kind {
            b"iCCP" | b"zTXt" => data
                .iter()
                .position(|b| *b == 0)
                .and_then(|nul| data.get(nul + 2..)),
            b"iTXt" => {
                // keyword NUL, flag, method, language NUL, translated keyword NUL, text
                let nul = |from: usize| {
                    data.get(from..)?
                        .iter()
                        .position(|b| *b == 0)
                        .map(|at| from + at)
                };
                let keyword = nul(0);
                let compressed_flag = keyword.and_then(|at| data.get(at + 1).copied());
                let language = keyword.and_then(|at| nul(at + 3));
                let translated = language.and_then(|at| nul(at + 1));
                match (compressed_flag, translated) {
                    (Some(1), Some(at)) => data.get(at + 1..),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(compressed) = compressed {
            let mut inflated = flate2::read::ZlibDecoder::new(compressed).take(MAX_PNG_EXTRA + 1);
            if std::io::copy(&mut inflated, &mut std::io::sink()).unwrap_or(0) > MAX_PNG_EXTRA {
                return false;
            }
        }
        rest = rest.get(12 + length..).unwrap_or_default();
    }
    true
}

fn encode(photo: &DynamicImage) -> Result<Variant, String> {
    let rgba = photo.to_rgba8();
    let (width, height) = rgba.dimensions();
    // The encoder asserts on sizes it cannot take; a refusal must never become a crash.
    let encoded = std::panic::catch_unwind(|| {
        webp::Encoder::from_rgba(rgba.as_raw(), width, height)
            .encode(WEBP_QUALITY)
            .to_vec()
    })
    .map_err(|_| format!("a {width}×{height} photo cannot be stored as WebP"))?;
    Ok(Variant {
        width,
        height,
        data: encoded,
    })
}

fn not_an_image() -> String {
    "the file is not a JPEG, PNG or WebP photo".into()
}

/// Why the large-JPEG decoder could not read a photo.
fn unreadable_jpeg(err: &dyn std::fmt::Display) -> String {
    format!("the photo cannot be read ({err})")
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
