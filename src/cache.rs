//! A value built from the database and kept until a write says it is stale.

use crate::error::ApiError;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

pub struct Cached<T> {
    slot: RwLock<Option<(u64, Arc<T>)>>,
    /// Raised by every write, so a value built from older data is never kept over newer.
    generation: AtomicU64,
}

impl<T> Default for Cached<T> {
    fn default() -> Self {
        Cached {
            slot: RwLock::new(None),
            generation: AtomicU64::new(0),
        }
    }
}

impl<T> Cached<T> {
    /// The cached value, or a freshly built one (kept unless a write came in meanwhile).
    pub async fn get<F, Fut>(&self, build: F) -> Result<Arc<T>, ApiError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, ApiError>>,
    {
        let generation = self.generation.load(Ordering::Acquire);
        if let Some((built, value)) = self.slot.read().map_err(ApiError::internal)?.as_ref() {
            if *built == generation {
                return Ok(value.clone());
            }
        }
        let value = Arc::new(build().await?);
        let mut slot = self.slot.write().map_err(ApiError::internal)?;
        if self.generation.load(Ordering::Acquire) == generation {
            *slot = Some((generation, value.clone()));
        }
        Ok(value)
    }

    /// Call after every write to what the value is built from.
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }
}
