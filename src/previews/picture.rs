//! The 1200×630 preview picture that shared links show.

use super::IMAGE_SIZE;
use crate::conditional::Encoded;
use crate::db;
use crate::db::media::stored_reference;
use crate::error::ApiError;
use actix_web::http::header::HeaderValue;
use rusqlite::Connection;

/// The preview picture: the Home banner's photo, else the Support page's, else the first gallery
/// or card photo that is an upload, cropped to 1200×630 around its focal point as JPEG (not every
/// site that shows previews reads WebP); made once per change of those tables. Without an
/// uploaded photo, our artwork: the club's logo on the lamp's glow.
pub(super) fn preview_image(conn: &mut Connection) -> Result<Encoded, ApiError> {
    let settings = db::site_settings::all(conn)?;
    let setting = |key: &str| settings.get(key).and_then(|value| stored_reference(value));
    let candidates = setting("heroPhoto")
        .into_iter()
        .chain(setting("supportPhoto"))
        .chain(
            db::gallery_images::list(conn)?
                .into_iter()
                .filter_map(|i| i.photo_id),
        )
        .chain(
            db::cards::list(conn)?
                .into_iter()
                .filter_map(|c| c.picture.photo_id),
        );
    let media = db::media::all(conn)?;
    let (width, height) = IMAGE_SIZE;
    let mut picture = None;
    for photo in candidates.filter_map(|id| media.get(&id)) {
        if let Some(decoded) = largest_variant(conn, photo)? {
            picture = Some(
                crop_around(&decoded, width, height, photo.focus)
                    .resize_exact(width, height, image::imageops::FilterType::Triangle)
                    .to_rgb8(),
            );
            break;
        }
    }
    let picture = match picture {
        Some(picture) => picture,
        None => {
            let logo = match setting("clubLogo").and_then(|id| media.get(&id)) {
                Some(photo) => largest_variant(conn, photo)?,
                None => None,
            };
            artwork(width, height, logo)
        }
    };
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 85)
        .encode_image(&picture)
        .map_err(ApiError::internal)?;
    Ok(Encoded::plain(HeaderValue::from_static("image/jpeg"), jpeg))
}

/// An uploaded photo's largest variant, decoded; none if it is unreadable.
fn largest_variant(
    conn: &Connection,
    photo: &db::media::Media,
) -> Result<Option<image::DynamicImage>, ApiError> {
    let Some(&(largest, _)) = photo.sizes.iter().max() else {
        return Ok(None);
    };
    let Some(webp) = db::media::variant(conn, photo.id, &photo.hash, largest)? else {
        return Ok(None);
    };
    Ok(image::load_from_memory_with_format(&webp, image::ImageFormat::WebP).ok())
}

/// The largest part of `image` with the shape `width`×`height` that keeps the focal point where
/// it is in the photo, as far as the edges allow (as CSS `object-position` does for the pages).
fn crop_around(
    image: &image::DynamicImage,
    width: u32,
    height: u32,
    focus: crate::domain::Focus,
) -> image::DynamicImage {
    let (w, h) = (image.width() as u64, image.height() as u64);
    let (cw, ch) = if w * height as u64 > h * width as u64 {
        ((h * width as u64 / height as u64).max(1), h)
    } else {
        (w, (w * height as u64 / width as u64).max(1))
    };
    let x = (w - cw) * focus.x as u64 / 100;
    let y = (h - ch) * focus.y as u64 / 100;
    image.crop_imm(x as u32, y as u32, cw as u32, ch as u32)
}

/// Our built-in logo drawing, drawn once at 320×320 from its SVG.
const LOGO_DRAWING: &[u8] = include_bytes!("../seed/logo-jyoti.png");

/// Our artwork when there is no photo: the lamp's glow, from the site's orange to a warm dark,
/// with the club's logo (its upload, else our drawing) in the middle.
fn artwork(width: u32, height: u32, logo: Option<image::DynamicImage>) -> image::RgbImage {
    let (cx, cy) = (width as f32 * 0.5, height as f32 * 0.5);
    let reach = (width as f32).hypot(height as f32) * 0.55;
    let mut picture = image::RgbaImage::from_fn(width, height, |x, y| {
        let glow = 1.0 - ((x as f32 - cx).hypot(y as f32 - cy) / reach).min(1.0);
        let mix = |dark: f32, light: f32| (dark + (light - dark) * glow * glow) as u8;
        image::Rgba([mix(67.0, 251.0), mix(20.0, 146.0), mix(7.0, 60.0), 255])
    });
    let logo = logo.or_else(|| image::load_from_memory(LOGO_DRAWING).ok());
    if let Some(logo) = logo {
        let side = height * 11 / 20;
        let logo = logo.resize(side, side, image::imageops::FilterType::Triangle);
        let x = (width - logo.width()) / 2;
        let y = (height - logo.height()) / 2;
        image::imageops::overlay(&mut picture, &logo, x as i64, y as i64);
    }
    image::DynamicImage::ImageRgba8(picture).to_rgb8()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crop_keeps_the_focal_point_as_far_as_the_edges_allow() {
        // A tall photo: black above, white below; a wide frame from its bottom shows white.
        let tall = image::DynamicImage::ImageRgb8(image::RgbImage::from_fn(100, 400, |_, y| {
            image::Rgb(if y < 200 { [0, 0, 0] } else { [255, 255, 255] })
        }));
        let bottom = crop_around(&tall, 1200, 630, crate::domain::Focus { x: 50, y: 100 });
        assert_eq!((bottom.width(), bottom.height()), (100, 52));
        assert_eq!(bottom.to_rgb8().get_pixel(50, 0).0, [255, 255, 255]);
        let top = crop_around(&tall, 1200, 630, crate::domain::Focus { x: 50, y: 0 });
        assert_eq!(top.to_rgb8().get_pixel(50, 51).0, [0, 0, 0]);
    }

    #[test]
    fn the_artwork_has_our_logo_in_the_middle_of_the_glow() {
        let picture = artwork(1200, 630, None);
        assert_eq!(picture.dimensions(), (1200, 630));
        let nothing = image::DynamicImage::ImageRgba8(image::RgbaImage::new(10, 10));
        let glow = artwork(1200, 630, Some(nothing));
        let differs = |x0: u32, y0: u32| {
            let (mut differing, mut all) = (0, 0);
            for y in (y0..y0 + 200).step_by(4) {
                for x in (x0..x0 + 200).step_by(4) {
                    all += 1;
                    differing += usize::from(picture.get_pixel(x, y) != glow.get_pixel(x, y));
                }
            }
            differing * 100 / all
        };
        // The logo covers the middle and leaves the corners to the glow.
        assert!(differs(500, 215) > 80, "{}", differs(500, 215));
        assert_eq!(differs(0, 0), 0);
    }
}
