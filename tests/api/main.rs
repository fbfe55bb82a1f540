//! API and HTTP integration tests: the real app on a temp database, over a real socket. A file per
//! resource of `src/routes`, then the files about the whole server.

use jyoti_test_support as support;

mod helpers;

mod activity;
mod alarm;
mod alerts;
mod audit;
mod auth;
mod backup;
mod bin;
mod cards;
mod certificates;
mod contacts;
mod content;
mod cross_origin;
mod feedback;
mod followers;
mod gallery_images;
mod gifts;
mod held_writes;
mod history;
mod invitations;
mod languages;
mod mail;
mod media;
mod members;
mod notices;
mod passkeys;
mod payment_hold;
mod previews;
mod push;
mod rosters;
mod second_factor;
mod site_settings;
mod spa;
mod translations;
mod users;

mod access;
mod database;
mod faults;
mod fuzz;
mod limits;
mod slow_clients;
mod trail;
mod upgrade;
