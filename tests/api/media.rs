//! `/api/admin/media` and `/media/*`: photo uploads, refusals, WebP variants, serving, and
//! deletion of photos still in use.

use crate::helpers::{id, len, multipart, picture, spawn_app, spawn_app_with_admin};
use image::ImageFormat;
use serde_json::json;

#[test]
fn jpeg_png_and_webp_uploads_become_webp_variants_served_immutable() {
    let (app, admin) = spawn_app_with_admin();
    for (format, name) in [
        (ImageFormat::Jpeg, "a.jpg"),
        (ImageFormat::Png, "b.png"),
        (ImageFormat::WebP, "c.webp"),
    ] {
        let response = app.upload(&admin, name, &picture(1200, 800, format));
        assert_eq!(response.status, 201, "{name}: {}", response.text());
        let photo = response.json()["photo"].clone();
        assert_eq!(photo["width"], 960);
        assert_eq!(photo["height"], 640);
        let srcset = photo["srcset"].as_str().unwrap();
        assert!(
            srcset.contains("-480.webp 480w")
                && srcset.contains("-960.webp 960w")
                && srcset.contains("-1200.webp 1200w"),
            "{srcset}"
        );
        let src = photo["src"].as_str().unwrap();
        let served = app.get(src).send();
        assert_eq!(served.status, 200);
        assert_eq!(served.header("content-type"), Some("image/webp"));
        assert_eq!(
            served.header("cache-control"),
            Some("public, max-age=31536000, immutable")
        );
        assert!(served.body.starts_with(b"RIFF") && &served.body[8..12] == b"WEBP");
        let etag = served.header("etag").unwrap();
        let again = app.get(src).header("If-None-Match", etag).send();
        assert_eq!(again.status, 304);
    }
    let list = app.get("/api/admin/media").bearer(&admin).send().json();
    assert_eq!(len(&list), 3);
    assert_eq!(list[0]["alt"], "Children at the evening class");
}

#[test]
fn a_text_file_named_like_a_photo_is_refused() {
    let (app, admin) = spawn_app_with_admin();
    let text = b"this is not a photo, only text in a .jpg file";
    let response = app.upload(&admin, "holiday.jpg", text);
    assert_eq!(response.status, 400);
    let reason = response.json()["errors"]["file"].clone();
    let reason = reason.as_str().unwrap();
    assert!(reason.contains("not a JPEG, PNG or WebP"), "{reason}");
    let gif = [b"GIF89a\x01\x00\x01\x00\x80\x00\x00".as_slice(), &[0; 32]].concat();
    assert_eq!(
        app.upload(&admin, "x.gif", &gif).status,
        400,
        "GIF is not among the formats taken"
    );
}

#[test]
fn a_phone_sized_photo_over_ten_megabytes_is_taken_and_one_over_32_is_refused() {
    let (app, admin) = spawn_app_with_admin();
    // Noise does not compress: 2,400 × 1,700 pixels make a PNG of about 12 MB.
    let mut noise = image::RgbImage::new(2400, 1700);
    let mut seed = 0x2545_f491_u32;
    for pixel in noise.pixels_mut() {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        *pixel = image::Rgb([seed as u8, (seed >> 8) as u8, (seed >> 16) as u8]);
    }
    let mut big = std::io::Cursor::new(Vec::new());
    noise.write_to(&mut big, ImageFormat::Png).unwrap();
    let big = big.into_inner();
    assert!(big.len() > 11 * 1024 * 1024, "{} bytes", big.len());
    let taken = app.upload(&admin, "phone.png", &big);
    assert_eq!(taken.status, 201, "{}", taken.text());

    let mut huge = picture(64, 64, ImageFormat::Png);
    huge.resize(32 * 1024 * 1024 + 1, 0);
    let response = app.upload(&admin, "huge.png", &huge);
    assert_eq!(response.status, 400);
    let reason = response.json()["errors"]["file"].clone();
    assert!(reason.as_str().unwrap().contains("32 MB"), "{reason}");
    let left: Vec<_> = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .starts_with(&format!("jyoti-upload-{}-", std::process::id()))
        })
        .collect();
    assert!(left.is_empty(), "no upload is left on disk: {left:?}");
}

/// A valid 1×1 PNG whose header claims 60000×60000 pixels: 3.6 gigapixels if decoded.
fn decompression_bomb() -> Vec<u8> {
    let mut png = picture(1, 1, ImageFormat::Png);
    // IHDR data starts at byte 16: width, height (big-endian), then 5 bytes; CRC over type + data.
    png[16..20].copy_from_slice(&60_000u32.to_be_bytes());
    png[20..24].copy_from_slice(&60_000u32.to_be_bytes());
    let crc = crc32(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    png
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for byte in data {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn a_decompression_bomb_is_refused_before_decoding() {
    let (app, admin) = spawn_app_with_admin();
    let response = app.upload(&admin, "bomb.png", &decompression_bomb());
    assert_eq!(response.status, 400, "{}", response.text());
    assert!(response.json()["errors"]["file"].is_string());
}

#[test]
fn an_upload_without_a_file_or_with_unknown_fields_is_400() {
    let (app, admin) = spawn_app_with_admin();
    for field in ["alt", "other"] {
        let (content_type, body) = multipart(&[(field, "", b"no file")]);
        let upload = app.post("/api/admin/media").bearer(&admin);
        assert_eq!(
            upload.raw_body(&content_type, body).send().status,
            400,
            "{field}"
        );
    }
}

#[test]
fn a_photo_in_use_cannot_be_deleted_and_says_where_it_is_used() {
    let (app, admin) = spawn_app_with_admin();
    let photo = app.upload_photo(&admin);
    let image = json!({"caption": "With photo", "photoId": photo});
    let image_id = id(&app.create(&admin, "/api/admin/gallery", image));
    let support_photo = |photo: i64| app.save_settings(&admin, json!({ "supportPhoto": photo }));
    support_photo(photo);
    let content = app.content();
    assert_eq!(content["gallery"][6]["photo"]["photoId"], photo);
    assert_eq!(content["settings"]["supportPhoto"]["photoId"], photo);

    let path = format!("/api/admin/media/{photo}");
    let refused = app.delete(&path).bearer(&admin).send();
    assert_eq!(refused.status, 409);
    let message = refused.json()["message"].as_str().unwrap().to_owned();
    assert!(
        message.contains("Gallery: With photo") && message.contains("Support page photo"),
        "{message}"
    );

    let gallery_path = format!("/api/admin/gallery/{image_id}");
    app.delete(&gallery_path).bearer(&admin).send();
    let other = app.upload(&admin, "q.png", &picture(500, 400, ImageFormat::Png));
    support_photo(id(&other.json()));
    assert_eq!(app.delete(&path).bearer(&admin).send().status, 200);
    let src = content["gallery"][6]["photo"]["src"].as_str().unwrap();
    assert_eq!(app.get(src).send().status, 404);
}

#[test]
fn a_photo_on_a_team_says_the_team_once() {
    let (app, admin) = spawn_app_with_admin();
    let photo = app.upload_photo(&admin);
    let roster = id(&app.create(
        &admin,
        "/api/admin/rosters",
        json!({"slug": "2k26", "title": "Team 2k26"}),
    ));
    let members = format!("/api/admin/rosters/{roster}/members");
    app.create(&admin, &members, json!({"name": "Rina", "photoId": photo}));
    let other = id(&app.create(
        &admin,
        "/api/admin/rosters",
        json!({"slug": "old", "title": "Founders"}),
    ));
    let founders = format!("/api/admin/rosters/{other}/members");
    app.create(
        &admin,
        &founders,
        json!({"name": "Tapas", "photoId": photo}),
    );

    let refused = app
        .delete(&format!("/api/admin/media/{photo}"))
        .bearer(&admin)
        .send();
    let message = refused.json()["message"].as_str().unwrap().to_owned();
    assert!(message.contains("Team 2k26: Rina"), "{message}");
    assert!(message.contains("Team Founders: Tapas"), "{message}");
    assert!(!message.contains("Team Team"), "{message}");
}

#[test]
fn unknown_media_urls_are_404() {
    let app = spawn_app();
    for (path, what) in [
        ("/media/1-0123456789abcdef-480.webp", "no such photo"),
        ("/media/x.webp", "not a variant's name"),
        ("/media/1-zz-480.webp", "not a hash"),
        ("/media/1-0123456789abcdef-480.png", "not WebP"),
    ] {
        assert_eq!(app.get(path).send().status, 404, "{path}: {what}");
    }
}

/// A JPEG carrying an EXIF orientation of 6 ("rotate 90° clockwise to display").
fn rotated_jpeg(width: u32, height: u32) -> Vec<u8> {
    let jpeg = picture(width, height, ImageFormat::Jpeg);
    let mut exif = b"Exif\0\0MM\0\x2a\0\0\0\x08".to_vec();
    exif.extend_from_slice(&[0, 1]); // one IFD entry
    exif.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]); // Orientation, SHORT, 1, value 6
    exif.extend_from_slice(&[0, 0, 0, 0]); // no next IFD
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((exif.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&exif);
    out.extend_from_slice(&jpeg[2..]);
    out
}

#[test]
fn the_exif_orientation_is_applied_and_no_metadata_is_kept() {
    let (app, admin) = spawn_app_with_admin();
    let response = app.upload(&admin, "phone.jpg", &rotated_jpeg(400, 200));
    assert_eq!(response.status, 201, "{}", response.text());
    let photo = response.json()["photo"].clone();
    assert_eq!(
        (photo["width"].as_u64(), photo["height"].as_u64()),
        (Some(200), Some(400)),
        "turned upright"
    );
    let served = app.get(photo["src"].as_str().unwrap()).send();
    assert!(
        !served.body.windows(4).any(|w| w == b"EXIF" || w == b"Exif"),
        "metadata stripped"
    );
}

/// The reason an upload of `data` is refused with 400.
fn refusal(app: &crate::helpers::TestApp, admin: &str, name: &str, data: &[u8]) -> String {
    let response = app.upload(admin, name, data);
    assert_eq!(response.status, 400, "{name}: {}", response.text());
    response.json()["errors"]["file"]
        .as_str()
        .expect("a reason for the file")
        .to_owned()
}

/// A PNG chunk: length, type, data, CRC over type and data.
fn chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
    let mut typed = kind.to_vec();
    typed.extend_from_slice(data);
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    out.extend_from_slice(&typed);
    out.extend_from_slice(&crc32(&typed).to_be_bytes());
    out
}

#[test]
fn a_cut_short_photo_is_refused_whatever_its_header_claims() {
    let (app, admin) = spawn_app_with_admin();
    let jpeg = picture(640, 480, ImageFormat::Jpeg);
    let why = refusal(&app, &admin, "half.jpg", &jpeg[..jpeg.len() / 2]);
    assert!(why.contains("cut short"), "{why}");
    let png = picture(640, 480, ImageFormat::Png);
    let why = refusal(&app, &admin, "half.png", &png[..png.len() - 20]);
    assert!(why.contains("cut short"), "{why}");
}

#[test]
fn photos_over_twenty_megapixels_or_too_narrow_for_webp_are_refused_with_a_reason() {
    let (app, admin) = spawn_app_with_admin();
    let mut huge = decompression_bomb();
    // 7071×7071 (50 megapixels), claimed by a tiny file.
    huge[16..20].copy_from_slice(&7071u32.to_be_bytes());
    huge[20..24].copy_from_slice(&7071u32.to_be_bytes());
    let crc = crc32(&huge[12..29]);
    huge[29..33].copy_from_slice(&crc.to_be_bytes());
    let why = refusal(&app, &admin, "huge.png", &huge);
    assert!(why.contains("megapixels"), "{why}");
    let why = refusal(
        &app,
        &admin,
        "narrow.png",
        &picture(480, 16_384, ImageFormat::Png),
    );
    assert!(why.contains("too tall and narrow"), "{why}");
}

#[test]
fn a_colour_profile_that_inflates_to_hundreds_of_megabytes_is_refused() {
    use std::io::Write;
    let (app, admin) = spawn_app_with_admin();
    let png = picture(8, 8, ImageFormat::Png);
    let mut profile = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..400 {
        profile.write_all(&zeros).unwrap();
    }
    let mut iccp = b"bomb\0\0".to_vec();
    iccp.extend_from_slice(&profile.finish().unwrap());
    // Signature and IHDR (8 + 25 bytes), then the profile, then the rest of the file.
    let mut bomb = png[..33].to_vec();
    bomb.extend_from_slice(&chunk(b"iCCP", &iccp));
    bomb.extend_from_slice(&png[33..]);
    assert!(
        bomb.len() < 1024 * 1024,
        "a small file: {} bytes",
        bomb.len()
    );
    let response = app.upload(&admin, "iccp.png", &bomb);
    assert_eq!(response.status, 400, "{}", response.text());
}

#[test]
fn an_admin_sets_a_photos_focal_point_and_description_and_pages_show_them() {
    let (app, admin) = spawn_app_with_admin();
    let photo = app.upload_photo(&admin);
    let image = json!({"caption": "Prize day", "photoId": photo});
    app.create(&admin, "/api/admin/gallery", image);
    let shown = || app.content()["gallery"][6]["photo"].clone();
    assert_eq!(
        shown()["focus"],
        json!({"x": 50, "y": 50}),
        "the middle at first"
    );

    let path = format!("/api/admin/media/{photo}");
    let change = json!({"focus": {"x": 30, "y": 0}, "alt": "Children on prize day"});
    let saved = app.change(&admin, &path, &change);
    assert_eq!(saved.json()["msg"], "Photo saved");
    assert_eq!(shown()["focus"], json!({"x": 30, "y": 0}));
    let listed = app.get("/api/admin/media").bearer(&admin).send().json();
    assert_eq!(listed[0]["alt"], "Children on prize day");
    assert_eq!(listed[0]["photo"]["focus"], json!({"x": 30, "y": 0}));

    let only_alt = json!({"alt": ""});
    app.patch_json(&admin, &path, &only_alt);
    assert_eq!(
        shown()["focus"],
        json!({"x": 30, "y": 0}),
        "a field left out stays"
    );

    for bad in [
        json!({"focus": {"x": 101, "y": 0}}),
        json!({"focus": {"x": 2.5, "y": 0}}),
        json!({"focus": "center"}),
        json!({"alt": "a\nb"}),
        json!({"hash": "0000000000000000"}),
    ] {
        let refused = app.patch_json(&admin, &path, &bad);
        assert_eq!(refused.status, 400, "{bad}: {}", refused.text());
    }
    let missing = app.patch_json(&admin, "/api/admin/media/99999", &json!({"alt": "x"}));
    assert_eq!(missing.status, 404);
    assert_eq!(missing.json()["message"], "Photo not found");
}

#[test]
fn the_header_logos_and_home_banner_take_an_uploaded_photo_or_go_back_to_the_default() {
    let (app, admin) = spawn_app_with_admin();
    let settings = || app.content()["settings"].clone();
    let fresh = settings();
    assert_eq!(fresh["clubLogo"]["src"], "/art/logo-jyoti.svg");
    assert_eq!(fresh["collegeLogo"]["src"], "/art/logo-jgec.svg");
    assert_eq!(
        fresh["heroPhoto"],
        json!(null),
        "no banner photo until one is chosen"
    );

    let photo = app.upload_photo(&admin);
    app.save_settings(
        &admin,
        json!({"clubLogo": photo, "collegeLogo": photo, "heroPhoto": photo}),
    );
    let chosen = settings();
    for key in ["clubLogo", "collegeLogo", "heroPhoto"] {
        assert_eq!(chosen[key]["photoId"], photo, "{key}");
    }
    let refused = app
        .delete(&format!("/api/admin/media/{photo}"))
        .bearer(&admin)
        .send();
    let message = refused.json()["message"].as_str().unwrap().to_owned();
    for place in [
        "Header: club logo",
        "Header: college emblem",
        "Home page banner",
    ] {
        assert!(message.contains(place), "{place} in {message}");
    }

    app.save_settings(
        &admin,
        json!({"clubLogo": null, "collegeLogo": null, "heroPhoto": null}),
    );
    let back = settings();
    assert_eq!(back["clubLogo"]["src"], "/art/logo-jyoti.svg");
    assert_eq!(back["collegeLogo"]["src"], "/art/logo-jgec.svg");
    assert_eq!(back["heroPhoto"], json!(null));
    let deleted = app
        .delete(&format!("/api/admin/media/{photo}"))
        .bearer(&admin)
        .send();
    assert_eq!(deleted.status, 200, "{}", deleted.text());

    for bad in [
        json!({"clubLogo": "/art/x.svg"}),
        json!({"heroPhoto": 99999}),
        json!({"supportPhoto": null}),
    ] {
        let refused = app.patch_json(&admin, "/api/admin/settings", &bad);
        assert_eq!(refused.status, 400, "{bad}: {}", refused.text());
    }
}

#[test]
fn a_photo_with_16_bit_channels_counts_its_real_decoded_size() {
    let (app, admin) = spawn_app_with_admin();
    // 3,700 × 3,700 pixels of 8 bytes: 110 MB decoded, past the 96 MB a photo may take,
    // though its pixel count is well within the limit.
    let image = image::ImageBuffer::<image::Rgba<u16>, _>::from_pixel(
        3700,
        3700,
        image::Rgba([1000, 2000, 3000, 65535]),
    );
    let mut png = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgba16(image)
        .write_to(&mut png, ImageFormat::Png)
        .unwrap();
    let response = app.upload(&admin, "deep.png", &png.into_inner());
    assert_eq!(response.status, 400, "{}", response.text());
    let why = response.json()["errors"]["file"].clone();
    assert!(why.as_str().unwrap_or_default().contains("8 bits"), "{why}");
}

#[test]
fn a_fifty_megapixel_phone_photo_is_taken_at_half_size_and_a_larger_one_refused() {
    let (app, admin) = spawn_app_with_admin();
    // A phone's main camera: 8160×6120, 49.9 megapixels, a baseline JPEG.
    let phone = picture(8160, 6120, ImageFormat::Jpeg);
    assert!(phone.len() < 10 * 1024 * 1024, "{} bytes", phone.len());
    let response = app.upload(&admin, "phone.jpg", &phone);
    assert_eq!(response.status, 201, "{}", response.text());
    let photo = &response.json()["photo"];
    assert!(
        photo["srcset"].as_str().unwrap().ends_with("1600w"),
        "{photo}"
    );
    assert_eq!(
        (photo["width"].as_u64(), photo["height"].as_u64()),
        (Some(960), Some(720)),
        "4:3 kept: {photo}"
    );
    let id = response.json()["_id"].as_i64().unwrap();
    let widths: Vec<i64> = {
        let conn = app.state.pool.get().unwrap();
        let mut stmt = conn
            .prepare("SELECT width FROM media_variants WHERE media_id = ?1 ORDER BY width")
            .unwrap();
        stmt.query_map([id], |row| row.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    assert_eq!(widths, [480, 960, 1600]);

    let why = refusal(
        &app,
        &admin,
        "larger.jpg",
        &picture(8400, 6300, ImageFormat::Jpeg),
    );
    assert!(why.contains("at most 52 megapixels"), "{why}");
}
