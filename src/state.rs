//! What every handler can reach: the pool, the signing keys, the limits, the configuration,
//! the embedded app and the caches built from the database.

use crate::assets::Assets;
use crate::auth::jwt::JwtKeys;
use crate::cache::Cached;
use crate::conditional::Encoded;
use crate::config::Config;
use crate::db::kept_orders::KeptOrders;
use crate::db::{Pool, Table};
use crate::error::ApiError;
use crate::rate_limit::Limits;
use std::collections::HashMap;
use std::sync::Arc;

pub struct AppState {
    pub pool: Pool,
    pub jwt: JwtKeys,
    pub limits: Limits,
    pub config: Config,
    /// Email: the settings that apply, and the outbox's sender.
    pub mail: std::sync::Arc<crate::mail::Mailer>,
    pub assets: Assets,
    /// The public content document (`/api/content`).
    pub content: Cached<Encoded>,
    /// The UPI payment QR code of the Support page, if a UPI ID is set.
    pub upi_qr: Cached<Option<Encoded>>,
    /// Link previews, sitemap, feed: what they are made from, the picture, the filled pages.
    pub previews: crate::previews::Previews,
    /// The public notice list, serialised: the busiest API read.
    pub notice_list: Cached<Encoded>,
    /// Certificate number → holder, event, dates and revocation, for lookups.
    pub certificate_names: Cached<HashMap<i64, crate::db::certificates::Holder>>,
    /// The long lists' ids in each order, for their unsearched pages and totals.
    pub kept_orders: Vec<Arc<KeptOrders>>,
    /// The checks of `/healthz` and the admin area's banner.
    pub health: crate::health::Health,
    /// With `--domain`: the certificate being served, renewed and checked.
    pub https: Option<Arc<crate::https::Site>>,
    /// Sign-in tickets and passkey challenges between their two calls.
    pub second_steps: crate::auth::second_step::SecondSteps,
    /// The held writes the server is making now.
    pub releasing: crate::db::held_writes::Releasing,
}

impl AppState {
    /// The state of the app answering `req` (for code outside a handler's extractors).
    pub fn of(req: &actix_web::HttpRequest) -> Result<actix_web::web::Data<AppState>, ApiError> {
        req.app_data::<actix_web::web::Data<AppState>>()
            .cloned()
            .ok_or_else(|| ApiError::internal("app state missing"))
    }

    /// The kept orders of `table`, if it is one of the long lists.
    pub fn kept_orders(&self, table: Table) -> Option<&Arc<KeptOrders>> {
        self.kept_orders.iter().find(|kept| kept.table() == table)
    }
}
