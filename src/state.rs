//! What every handler can reach: the pool, the signing keys, the limits and the settings.

use crate::assets::Assets;
use crate::auth::jwt::JwtKeys;
use crate::cache::Cached;
use crate::content::Content;
use crate::db::Pool;
use crate::rate_limit::Limits;

/// Settings with defaults (DESIGN §5); `serve` fills them from the command line.
#[derive(Debug, Clone)]
pub struct Settings {
    pub bcrypt_cost: u32,
    pub trust_proxy: bool,
    pub rate_limit: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            bcrypt_cost: 12,
            trust_proxy: false,
            rate_limit: true,
        }
    }
}

pub struct AppState {
    pub pool: Pool,
    pub jwt: JwtKeys,
    pub limits: Limits,
    pub settings: Settings,
    pub assets: Assets,
    pub content: Content,
    /// The public notice list, serialised: the busiest API read, rebuilt after notice writes.
    pub notice_list: Cached<crate::encoded::Encoded>,
    /// Certificate number → holder's name, for lookups; rebuilt after certificate writes.
    pub certificate_names: Cached<std::collections::HashMap<i64, String>>,
}
