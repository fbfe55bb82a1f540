//! A carousel card or gallery image: a caption and a photo.

use super::text::*;
use super::{photo_id, present, Checker};
use crate::error::ApiError;
use serde::Deserialize;

/// Home page carousels.
#[derive(Debug, Clone, Copy)]
pub enum Section {
    Works,
    Awards,
}

impl Section {
    pub fn parse(value: &str) -> Result<Section, String> {
        match value {
            "works" => Ok(Section::Works),
            "awards" => Ok(Section::Awards),
            _ => Err("must be works or awards".into()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Section::Works => "works",
            Section::Awards => "awards",
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PictureRequest {
    section: Option<String>,
    caption: Option<String>,
    #[serde(default, rename = "photoId", deserialize_with = "present")]
    photo_id: Option<Option<i64>>,
}

/// A carousel card or gallery image: a caption and a photo.
pub struct PictureInput {
    pub section: Option<Section>,
    pub caption: Option<String>,
    pub photo_id: Option<Option<i64>>,
}

impl PictureInput {
    /// A carousel card, which names its carousel.
    pub fn parse_card(request: PictureRequest, creating: bool) -> Result<PictureInput, ApiError> {
        PictureInput::parse(request, creating, true)
    }

    /// A gallery image, which has no carousel: the field is refused.
    pub fn parse_gallery_image(
        request: PictureRequest,
        creating: bool,
    ) -> Result<PictureInput, ApiError> {
        PictureInput::parse(request, creating, false)
    }

    fn parse(
        request: PictureRequest,
        creating: bool,
        with_section: bool,
    ) -> Result<PictureInput, ApiError> {
        let mut check = Checker::default();
        let section = match (request.section, with_section) {
            (None, true) if creating => check
                .check("section", Err("is required".to_string()))
                .map(Some),
            (None, _) => Some(None),
            (Some(_), false) => check.check(
                "section",
                Err("is not a field of a gallery image".to_string()),
            ),
            (Some(section), true) => check.check("section", Section::parse(&section)).map(Some),
        };
        let caption = match request.caption {
            None if !creating => Some(None),
            caption => check.check("caption", line(caption, 200, true)).map(Some),
        };
        let photo_id = check.check("photoId", photo_id(request.photo_id));
        check.finish(|| {
            Some(PictureInput {
                section: section?,
                caption: caption?,
                photo_id: photo_id?,
            })
        })
    }
}
