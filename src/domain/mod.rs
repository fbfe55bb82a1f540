//! Parsed input: values that passed validation and so may reach SQL.
//!
//! Each type's inner value is private; the only way to get one is its `parse`.

mod content;
mod inputs;
mod values;

pub use content::*;
pub use inputs::*;
pub use values::*;

use crate::error::{ApiError, FieldErrors};

/// Collects every bad field of one request so the client learns all of them at once.
#[derive(Default)]
pub struct Checker {
    errors: FieldErrors,
}

impl Checker {
    /// Records the outcome of one field's parse; `None` when it was refused.
    pub fn check<T>(&mut self, field: &'static str, parsed: Result<T, String>) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(why) => {
                self.errors.insert(field.to_owned(), why);
                None
            }
        }
    }

    /// Hands back the built value, or every field error.
    pub fn finish<T>(self, build: impl FnOnce() -> Option<T>) -> Result<T, ApiError> {
        if self.errors.is_empty() {
            build().ok_or_else(|| ApiError::internal("a parsed field went missing"))
        } else {
            Err(ApiError::Validation(self.errors))
        }
    }
}
