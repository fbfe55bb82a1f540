//! The Bengali versions of the public texts: every text with its English and its Bengali, and a
//! change of one. For admins and editors, as the texts themselves are — but the Bengali of what
//! donors read on the Support page is for admins alone and alerted to every admin, as its English
//! is (see `site_settings`).

use super::calls::message;
use super::site_settings::{for_donors, DONATIONS_ADMINS_ONLY};
use crate::access::{ClientIp, Json, Query, StaffUser};
use crate::alerts::{self, Alert};
use crate::db;
use crate::db::audit::{Change, Kind};
use crate::domain::{BengaliText, Role, TextKind, TextRequest, TextsQuery, TextsWanted};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

/// `{items: [{kind, record, field, place, english, bengali, max, multiline}], total, missing}`:
/// every text, or with `?missing=1` those with English and no Bengali yet, with `q` those whose
/// place, English or Bengali holds it (any case), and with `page` or
/// `size` one page of them (`page`, `size` then answered too). `missing` counts the texts
/// without Bengali in all.
pub(super) async fn list(
    staff: StaffUser,
    state: web::Data<AppState>,
    query: Query<TextsQuery>,
) -> Result<HttpResponse, ApiError> {
    let wanted = TextsWanted::parse(query.into_inner())?;
    let lang = wanted.lang.clone();
    let texts = db::run_as(&state.pool, staff.trail(), move |conn| {
        db::translations::texts(conn, &lang)
    })
    .await?;
    let lacking = |text: &db::translations::TextRow| {
        !text.english.trim().is_empty() && text.bengali.is_empty()
    };
    let missing = texts.iter().filter(|text| lacking(text)).count();
    let chosen: Vec<_> = texts
        .into_iter()
        .filter(|text| !wanted.missing_only || lacking(text))
        .filter(|text| {
            wanted.search.as_deref().is_none_or(|q| {
                [&text.place, &text.english, &text.bengali]
                    .iter()
                    .any(|words| words.to_lowercase().contains(q))
            })
        })
        .collect();
    let total = chosen.len();
    let Some((page, size)) = wanted.page else {
        return Ok(HttpResponse::Ok().json(json!({
            "lang": wanted.lang, "items": chosen, "total": total, "missing": missing,
        })));
    };
    let start = (page as usize - 1).saturating_mul(size as usize);
    let items: Vec<_> = chosen.into_iter().skip(start).take(size as usize).collect();
    Ok(HttpResponse::Ok().json(json!({
        "lang": wanted.lang, "items": items, "total": total, "missing": missing, "page": page,
        "size": size,
    })))
}

/// Stores one Bengali text (an empty one removes it, and the English shows again).
pub(super) async fn save(
    user: StaffUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: Json<TextRequest>,
) -> Result<HttpResponse, ApiError> {
    let text = BengaliText::parse(body.into_inner())?;
    let for_donors = text.kind == TextKind::Setting && for_donors(&text.record);
    if for_donors && user.0.role != Role::Admin {
        return Err(user.refuse(DONATIONS_ADMINS_ONLY));
    }
    let removed = text.text.is_empty();
    let mailer = state.mail.clone();
    let (actor, address) = (user.0.named(), ip.0.to_string());
    db::run_noted(&state.pool, user.trail(), move |conn, note| {
        // The record's Bengali is part of its state: kept in its history before it changes.
        let record = text.record.parse::<i64>().ok();
        if let Some((kind, id)) = text.kind.record_kind().zip(record) {
            db::history::keep(conn, kind, id, &actor)?;
        }
        if text.kind == TextKind::Setting {
            db::history::keep_settings(conn, &db::site_settings::all(conn)?, &actor)?;
        }
        let before = db::translations::set(conn, &text)?
            .ok_or(ApiError::NotFound("That text no longer exists"))?;
        let language = match text.lang.as_str() {
            "bn" => "বাংলা",
            other => other,
        };
        let change = Change {
            field: format!("{} ({language})", text.field),
            old: before,
            new: text.text.clone(),
        };
        if for_donors && change.old != change.new {
            let site = mailer.setup(conn)?.site_address;
            let alert = Alert::change(
                &actor,
                &address,
                "what donors read",
                std::slice::from_ref(&change),
            );
            alerts::raise(conn, &alert, site.as_deref())?;
        }
        note.action = Some("Bengali text changed".to_owned());
        note.target = Some(format!("{} {}", text.kind.as_str(), text.record));
        if for_donors {
            note.kind = Some(Kind::Payment);
        }
        note.changes.push(change);
        Ok(())
    })
    .await?;
    Ok(message(if removed {
        "Bengali text removed"
    } else {
        "Bengali text saved"
    }))
}
