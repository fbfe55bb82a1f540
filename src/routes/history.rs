//! Each record's history (`/admin/history/{kind}/{id}`): its versions, newest first, with what
//! each change did field by field; and a restore of one, itself a change kept in history.

use super::calls::message;
use super::site_settings::{for_donors, DONATIONS_ADMINS_ONLY};
use crate::access::{ClientIp, Json, StaffUser};
use crate::alerts::{self, Alert};
use crate::db;
use crate::db::audit::Change;
use crate::domain::{BengaliText, BinKind, Role, TextKind};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

const NOT_FOUND: ApiError = ApiError::NotFound("No such record");

/// What a history path names.
enum Subject {
    /// A record of a kind that keeps a history.
    Record(BinKind, i64),
    /// One Bengali text of such a record (`translation/{id}`): its field.
    RecordBengali(BinKind, i64, String),
    /// The site settings, kept as one record: all of them (`settings/1`), or only the fields
    /// named (`setting/{key}`: the setting and its Bengali; a setting's `translation/{id}`).
    Settings(Option<Vec<String>>),
}

impl Subject {
    /// The fields the path is about, when it is about some only.
    fn only(&self) -> Option<Vec<String>> {
        match self {
            Subject::Record(..) => None,
            Subject::RecordBengali(_, _, field) => Some(vec![format!("bn.{field}")]),
            Subject::Settings(only) => only.clone(),
        }
    }
}

/// What `{kind}/{id}` names, for a reader of `role`.
async fn subject_of(
    state: &web::Data<AppState>,
    kind: &str,
    id: &str,
    role: Role,
) -> Result<Subject, ApiError> {
    let number = id.parse::<i64>().ok().filter(|id| *id > 0);
    match kind {
        db::history::SETTINGS if id == "1" => Ok(Subject::Settings(None)),
        "setting" if crate::domain::site_setting_keys().any(|key| key == id) => {
            Ok(Subject::Settings(Some(vec![
                id.to_owned(),
                format!("bn.{id}"),
            ])))
        }
        "translation" => {
            let number = number.ok_or(NOT_FOUND)?;
            let place = db::run(&state.pool, move |conn| {
                db::history::translation_place(conn, number)
            })
            .await?
            .ok_or(NOT_FOUND)?;
            let (text_kind, record, field) = place;
            if text_kind == "setting" {
                return Ok(Subject::Settings(Some(vec![format!("bn.{record}")])));
            }
            let owner = BinKind::ALL
                .into_iter()
                .find(|kind| kind.translation_kind() == Some(text_kind.as_str()))
                .filter(|kind| kind.has_history() && kind.for_role(role));
            let record = record.parse::<i64>().ok();
            owner
                .zip(record)
                .map(|(kind, record)| Subject::RecordBengali(kind, record, field))
                .ok_or(NOT_FOUND)
        }
        _ => BinKind::parse(kind)
            .filter(|kind| kind.has_history() && kind.for_role(role))
            .zip(number)
            .map(|(kind, id)| Subject::Record(kind, id))
            .ok_or(NOT_FOUND),
    }
}

/// `{items: [{version, at, by, changes: [{field, old, new}]}]}`, newest first; for a setting or
/// a Bengali text, the versions that changed it.
pub(super) async fn versions(
    user: StaffUser,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let subject = subject_of(&state, &path.0, &path.1, user.0.role).await?;
    let only = subject.only();
    let versions = db::run_as(&state.pool, user.trail(), move |conn| match subject {
        Subject::Settings(_) => db::history::settings_versions(conn).map(Some),
        Subject::Record(kind, id) | Subject::RecordBengali(kind, id, _) => {
            db::history::versions(conn, kind, id)
        }
    })
    .await?
    .ok_or(NOT_FOUND)?;
    Ok(versions_answer(versions, only.as_deref()))
}

/// The versions that changed something (of the fields `only` names, when given).
fn versions_answer(versions: Vec<db::history::Version>, only: Option<&[String]>) -> HttpResponse {
    let items: Vec<_> = versions
        .into_iter()
        .map(|mut version| {
            if let Some(only) = only {
                version
                    .changes
                    .retain(|change| only.contains(&change.field));
            }
            version
        })
        .filter(|version| !version.changes.is_empty())
        .collect();
    HttpResponse::Ok().json(json!({ "items": items }))
}

/// Writes the version back: `{msg}`. The site settings' version goes through the Settings
/// screen's own save (`PATCH /api/admin/settings`), with its rules: editors are refused the
/// donation details, and payment details wait out the payment hold, alerted.
pub(super) async fn restore(
    user: StaffUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, ApiError> {
    let version = path.2.parse::<i64>().map_err(|_| NOT_FOUND)?;
    let subject = subject_of(&state, &path.0, &path.1, user.0.role).await?;
    let (kind, id, field) = match subject {
        Subject::Settings(only) => return restore_settings(user, state, ip, version, only).await,
        Subject::Record(kind, id) => (kind, id, None),
        Subject::RecordBengali(kind, id, field) => (kind, id, Some(field)),
    };
    let by = user.0.named();
    let restored = db::run_noted(&state.pool, user.trail(), move |conn, note| {
        let restored = match &field {
            None => db::history::restore(conn, kind, id, version, &by)?,
            Some(field) => db::history::restore_bengali(conn, kind, id, version, field, &by)?,
        };
        if restored {
            note.action = Some(format!("{} restored to an earlier version", kind.noun()));
            note.target = Some(format!("{} {id}, version {version}", kind.as_str()));
        }
        Ok(restored)
    })
    .await?;
    if !restored {
        return Err(NOT_FOUND);
    }
    Ok(message("Version restored"))
}

/// Saves the settings that version `version` holds and the site does not, as the Settings
/// screen saves them; their Bengali texts as the Bengali screen does (the donation details'
/// refused to editors, alerted when an admin changes them).
async fn restore_settings(
    user: StaffUser,
    state: web::Data<AppState>,
    ip: ClientIp,
    version: i64,
    only: Option<Vec<String>>,
) -> Result<HttpResponse, ApiError> {
    let (body, bengali) = db::run_as(&state.pool, user.trail(), move |conn| {
        let Some(mut kept) = db::history::settings_version(conn, version)? else {
            return Ok(None);
        };
        let now = db::site_settings::all(conn)?;
        let mut now_bengali = db::history::settings_bengali(conn)?;
        if let Some(only) = &only {
            kept.retain(|key, _| only.contains(key));
            now_bengali.retain(|key, _| only.contains(key));
        }
        Ok(Some((
            settings_patch(&kept, &now),
            db::history::bengali_differences(&kept, &now_bengali),
        )))
    })
    .await?
    .ok_or(NOT_FOUND)?;
    let donors = body.keys().chain(bengali.iter().map(|(key, _)| key));
    if user.0.role != Role::Admin && donors.into_iter().any(|key| for_donors(key)) {
        return Err(user.refuse(DONATIONS_ADMINS_ONLY));
    }
    if body.is_empty() && bengali.is_empty() {
        return Ok(message("The settings are already as that version had them"));
    }
    if !bengali.is_empty() {
        let mailer = state.mail.clone();
        let (actor, address) = (user.0.named(), ip.0.to_string());
        db::run_noted(&state.pool, user.trail(), move |conn, note| {
            restore_settings_bengali(conn, note, &mailer, &bengali, &actor, &address)
        })
        .await?;
    }
    if body.is_empty() {
        return Ok(message("Version restored"));
    }
    super::site_settings::update(user, state, ip, Json(body)).await
}

/// Writes the settings' Bengali texts back (key, text; "" removes one), kept in history first;
/// a change of what donors read is alerted.
fn restore_settings_bengali(
    conn: &rusqlite::Connection,
    note: &mut crate::audit::Note,
    mailer: &crate::mail::Mailer,
    bengali: &[(String, String)],
    actor: &str,
    address: &str,
) -> Result<(), ApiError> {
    db::history::keep_settings(conn, &db::site_settings::all(conn)?, actor)?;
    let mut donor_facing = Vec::new();
    for (key, text) in bengali {
        let written = BengaliText {
            lang: "bn".to_owned(),
            kind: TextKind::Setting,
            record: key.clone(),
            field: key.clone(),
            text: text.clone(),
        };
        let Some(before) = db::translations::set(conn, &written)? else {
            continue;
        };
        let change = Change {
            field: format!("{key} (বাংলা)"),
            old: before,
            new: text.clone(),
        };
        if for_donors(key) {
            donor_facing.push(change.clone());
        }
        note.action = Some("settings restored to an earlier version".to_owned());
        note.changes.push(change);
    }
    if !donor_facing.is_empty() {
        let site = mailer.setup(conn)?.site_address;
        let alert = Alert::change(actor, address, "what donors read", &donor_facing);
        alerts::raise(conn, &alert, site.as_deref())?;
    }
    Ok(())
}

/// The settings `kept` holds that differ from those stored `now`, as the Settings screen sends
/// them: a photo as its id (`null` for its default), text as text.
fn settings_patch(
    kept: &serde_json::Map<String, serde_json::Value>,
    now: &std::collections::HashMap<String, String>,
) -> std::collections::BTreeMap<String, serde_json::Value> {
    let photos: std::collections::HashMap<_, _> = crate::domain::photo_settings().collect();
    kept.iter()
        .filter_map(|(key, value)| {
            let value = value.as_str()?;
            if key.starts_with("bn.") || now.get(key).map_or("", String::as_str) == value {
                return None;
            }
            let sent = match photos.get(key.as_str()) {
                None => serde_json::Value::String(value.to_owned()),
                Some(default) => match db::media::stored_reference(value) {
                    Some(id) => id.into(),
                    // Empty or a shipped drawing: the default, where there is one.
                    None if default.is_some() => serde_json::Value::Null,
                    None => return None,
                },
            };
            Some((key.clone(), sent))
        })
        .collect()
}
