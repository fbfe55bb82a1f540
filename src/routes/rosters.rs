//! Rosters (the team pages `/team` and `/team{slug}`): every call is a builder in the API table.

use super::calls::Record;
use crate::db::rosters::Roster;

impl Record for Roster {
    const NOT_FOUND: &'static str = "Team not found";
}
