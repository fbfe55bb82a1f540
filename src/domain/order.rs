//! A new order for a list whose order admins set.

use crate::error::ApiError;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderRequest {
    ids: Vec<i64>,
}

/// A new order for a whole list: every id of the list exactly once.
pub struct Order(Vec<i64>);

impl Order {
    pub fn parse(request: OrderRequest) -> Result<Order, ApiError> {
        let mut seen = std::collections::HashSet::new();
        if request.ids.len() > 1000 || !request.ids.iter().all(|id| *id > 0 && seen.insert(*id)) {
            return Err(ApiError::field("ids", "must list each item's id once"));
        }
        Ok(Order(request.ids))
    }

    pub fn ids(&self) -> &[i64] {
        &self.0
    }
}
