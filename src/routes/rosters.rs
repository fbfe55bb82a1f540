//! Rosters (the team pages `/team` and `/team{slug}`): every call is a builder in the API table.

use super::calls::record;
use crate::db::rosters::Roster;

record!(Roster, "Team not found");
