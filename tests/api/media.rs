//! Photo uploads: formats, refusals, variants, serving, and deletion of photos still in use.

use crate::helpers::{spawn_app, TestApp};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use serde_json::json;
use std::io::Cursor;

fn picture(width: u32, height: u32, format: ImageFormat) -> Vec<u8> {
    let image = RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x % 256) as u8, (y % 256) as u8, 128])
    });
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(image)
        .write_to(&mut out, format)
        .unwrap();
    out.into_inner()
}

fn multipart(fields: &[(&str, &str, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "----jyoti-test-boundary-7d3f";
    let mut body = Vec::new();
    for (name, filename, data) in fields {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        if filename.is_empty() {
            body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(),
            );
        } else {
            body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                    .as_bytes(),
            );
        }
        body.extend_from_slice(data);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

fn upload(app: &TestApp, token: &str, filename: &str, data: &[u8]) -> crate::helpers::Response {
    let (content_type, body) = multipart(&[
        ("file", filename, data),
        ("alt", "", b"Children at the evening class"),
    ]);
    app.post("/api/admin/media")
        .bearer(token)
        .raw_body(&content_type, body)
        .send()
}

#[test]
fn jpeg_png_and_webp_uploads_become_webp_variants_served_immutable() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    for (format, name) in [
        (ImageFormat::Jpeg, "a.jpg"),
        (ImageFormat::Png, "b.png"),
        (ImageFormat::WebP, "c.webp"),
    ] {
        let response = upload(&app, &admin, name, &picture(1200, 800, format));
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
        let served = app.get(photo["src"].as_str().unwrap()).send();
        assert_eq!(served.status, 200);
        assert_eq!(served.header("content-type"), Some("image/webp"));
        assert_eq!(
            served.header("cache-control"),
            Some("public, max-age=31536000, immutable")
        );
        assert!(served.body.starts_with(b"RIFF") && &served.body[8..12] == b"WEBP");
        let etag = served.header("etag").unwrap().to_owned();
        assert_eq!(
            app.get(photo["src"].as_str().unwrap())
                .header("If-None-Match", &etag)
                .send()
                .status,
            304
        );
    }
    let list = app.get("/api/admin/media").bearer(&admin).send().json();
    assert_eq!(list.as_array().unwrap().len(), 3);
    assert_eq!(list[0]["alt"], "Children at the evening class");
}

#[test]
fn a_text_file_named_like_a_photo_is_refused() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let response = upload(
        &app,
        &admin,
        "holiday.jpg",
        b"this is not a photo, only text in a .jpg file",
    );
    assert_eq!(response.status, 400);
    assert!(response.json()["errors"]["file"]
        .as_str()
        .unwrap()
        .contains("not a JPEG, PNG or WebP"));
    let gif = [b"GIF89a\x01\x00\x01\x00\x80\x00\x00".as_slice(), &[0; 32]].concat();
    assert_eq!(
        upload(&app, &admin, "x.gif", &gif).status,
        400,
        "GIF is not among the formats taken"
    );
}

#[test]
fn a_file_over_ten_megabytes_is_refused() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let mut big = picture(64, 64, ImageFormat::Png);
    big.resize(10 * 1024 * 1024 + 1, 0);
    let response = upload(&app, &admin, "big.png", &big);
    assert_eq!(response.status, 400);
    assert!(response.json()["errors"]["file"]
        .as_str()
        .unwrap()
        .contains("10 MB"));
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
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let response = upload(&app, &admin, "bomb.png", &decompression_bomb());
    assert_eq!(response.status, 400, "{}", response.text());
    assert!(response.json()["errors"]["file"].is_string());
}

#[test]
fn an_upload_without_a_file_or_with_unknown_fields_is_400() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let (content_type, body) = multipart(&[("alt", "", b"only alt")]);
    assert_eq!(
        app.post("/api/admin/media")
            .bearer(&admin)
            .raw_body(&content_type, body)
            .send()
            .status,
        400
    );
    let (content_type, body) = multipart(&[("other", "", b"x")]);
    assert_eq!(
        app.post("/api/admin/media")
            .bearer(&admin)
            .raw_body(&content_type, body)
            .send()
            .status,
        400
    );
}

#[test]
fn a_photo_in_use_cannot_be_deleted_and_says_where_it_is_used() {
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let id = upload(&app, &admin, "p.png", &picture(800, 600, ImageFormat::Png)).json()["_id"]
        .as_i64()
        .unwrap();
    let image = app
        .post("/api/admin/gallery")
        .bearer(&admin)
        .json(&json!({"caption": "With photo", "photoId": id}))
        .send();
    assert_eq!(image.status, 201);
    let patch = app
        .patch("/api/admin/settings")
        .bearer(&admin)
        .json(&json!({"supportPhoto": id}))
        .send();
    assert_eq!(patch.status, 200, "{}", patch.text());
    let content = app.get("/api/content").send().json();
    assert_eq!(content["gallery"][6]["photo"]["photoId"], id);
    assert_eq!(content["settings"]["supportPhoto"]["photoId"], id);

    let refused = app
        .delete(&format!("/api/admin/media/{id}"))
        .bearer(&admin)
        .send();
    assert_eq!(refused.status, 409);
    let message = refused.json()["message"].as_str().unwrap().to_owned();
    assert!(
        message.contains("Gallery: With photo") && message.contains("Support page photo"),
        "{message}"
    );

    let image_id = image.json()["_id"].as_i64().unwrap();
    app.delete(&format!("/api/admin/gallery/{image_id}"))
        .bearer(&admin)
        .send();
    app.patch("/api/admin/settings").bearer(&admin).json(&json!({"supportPhoto": upload(&app, &admin, "q.png", &picture(500, 400, ImageFormat::Png)).json()["_id"]})).send();
    assert_eq!(
        app.delete(&format!("/api/admin/media/{id}"))
            .bearer(&admin)
            .send()
            .status,
        200
    );
    assert_eq!(
        app.get(content["gallery"][6]["photo"]["src"].as_str().unwrap())
            .send()
            .status,
        404
    );
}

#[test]
fn unknown_media_urls_are_404() {
    let app = spawn_app();
    for path in [
        "/media/1-0123456789abcdef-480.webp",
        "/media/x.webp",
        "/media/1-zz-480.webp",
        "/media/1-0123456789abcdef-480.png",
    ] {
        assert_eq!(app.get(path).send().status, 404, "{path}");
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
    let app = spawn_app();
    let (_, admin) = app.admin("admin@example.org");
    let response = upload(&app, &admin, "phone.jpg", &rotated_jpeg(400, 200));
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
