//! The gallery's images: every call is a builder in the API table.

use super::calls::record;
use crate::db::gallery_images::GalleryImage;

record!(GalleryImage, "Gallery image not found", Gallery);
