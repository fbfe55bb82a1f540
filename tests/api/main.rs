//! API and HTTP integration tests: the real app on a temp database, over a real socket.

#[path = "../support/mod.rs"]
mod support;

mod access;
mod account;
mod auth;
mod certificates;
mod contacts;
mod content;
mod database;
mod faults;
mod helpers;
mod limits;
mod media;
mod notices;
mod site_content;
mod static_files;
mod upgrade;
mod users;
