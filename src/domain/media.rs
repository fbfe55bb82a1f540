//! A change to an uploaded photo: its description and its focal point.

use super::text::*;
use super::Checker;
use crate::error::ApiError;
use serde::{Deserialize, Serialize};

/// Where a photo is anchored when a frame of another shape crops it: percentages of its width
/// (`x`) and height (`y`) from the top left; `{50, 50}` is the middle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Focus {
    pub x: u8,
    pub y: u8,
}

impl Focus {
    pub const MIDDLE: Focus = Focus { x: 50, y: 50 };

    /// Both numbers whole percentages from 0 to 100.
    fn parse(request: FocusRequest) -> Result<Focus, String> {
        let percent = |value: f64| {
            (value.fract() == 0.0 && (0.0..=100.0).contains(&value)).then_some(value as u8)
        };
        match (percent(request.x), percent(request.y)) {
            (Some(x), Some(y)) => Ok(Focus { x, y }),
            _ => Err(
                "must be {\"x\": 0–100, \"y\": 0–100}, whole percentages from the top left".into(),
            ),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FocusRequest {
    x: f64,
    y: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MediaRequest {
    alt: Option<String>,
    focus: Option<serde_json::Value>,
}

/// The fields of a photo an admin changes; those left out stay as they are.
pub struct MediaChange {
    pub alt: Option<String>,
    pub focus: Option<Focus>,
}

impl MediaChange {
    pub fn parse(request: MediaRequest) -> Result<MediaChange, ApiError> {
        let mut check = Checker::default();
        let alt = match request.alt {
            None => Some(None),
            alt => check.check("alt", line(alt, 200, false)).map(Some),
        };
        let focus = match request.focus {
            None => Some(None),
            Some(value) => check
                .check(
                    "focus",
                    serde_json::from_value(value)
                        .map_err(|_| "must be {\"x\": 0–100, \"y\": 0–100}".to_string())
                        .and_then(Focus::parse),
                )
                .map(Some),
        };
        check.finish(|| {
            Some(MediaChange {
                alt: alt?,
                focus: focus?,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(body: serde_json::Value) -> Result<MediaChange, ApiError> {
        MediaChange::parse(serde_json::from_value(body).unwrap())
    }

    #[test]
    fn a_focal_point_is_two_whole_percentages() {
        let parsed = change(serde_json::json!({ "focus": { "x": 0, "y": 100 } })).unwrap();
        assert_eq!(parsed.focus, Some(Focus { x: 0, y: 100 }));
        assert!(parsed.alt.is_none());
        for bad in [
            serde_json::json!({ "x": 101, "y": 50 }),
            serde_json::json!({ "x": -1, "y": 50 }),
            serde_json::json!({ "x": 12.5, "y": 50 }),
            serde_json::json!({ "x": 50 }),
            serde_json::json!("50% 50%"),
        ] {
            assert!(change(serde_json::json!({ "focus": bad })).is_err());
        }
    }
}
