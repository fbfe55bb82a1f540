//! The gallery's images: every call is a builder in the API table.

use super::calls::Record;
use crate::db::gallery_images::GalleryImage;

impl Record for GalleryImage {
    const NOT_FOUND: &'static str = "Gallery image not found";
}
