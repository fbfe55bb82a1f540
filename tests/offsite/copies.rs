//! Off-site copies: uploads after a scheduled backup, encryption, keeping the newest N under the
//! prefix only, restoring the latest copy into an empty folder, a wrong passphrase, and the S3
//! server down then back.

use crate::process::free_port;
use crate::smtp;
use crate::support::*;
use std::time::Duration;

#[test]
fn each_scheduled_backup_goes_up_encrypted_and_only_the_newest_copies_under_the_prefix_stay() {
    let s3 = S3::start();
    for day in 1..=3 {
        s3.put(
            &format!("club/jyoti-2026-01-0{day}T0300Z.db.age"),
            b"an old copy",
        );
    }
    s3.put(
        "elsewhere/jyoti-2026-01-01T0300Z.db.age",
        b"not ours to delete",
    );
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jyoti.db");
    site_with_records(&db);
    let backups = dir.path().join("backups");
    let mut env = s3.env("club");
    env.push(("JYOTI_OFFSITE_KEEP".into(), "2".into()));
    let (server, address) = serve_with_backups(&db, &backups, &[], &env);
    server.wait_for(
        &format!("uploaded to {}", s3.describe("club")),
        Duration::from_secs(30),
    );
    let health = healthz(&address);
    assert_eq!(health["checks"]["offsite"]["state"], "ok", "{health}");

    let keys = s3.keys();
    let ours: Vec<&String> = keys.iter().filter(|k| k.starts_with("club/")).collect();
    assert_eq!(ours.len(), 2, "the newest two are kept: {keys:?}");
    assert_eq!(ours[0], "club/jyoti-2026-01-03T0300Z.db.age");
    let today = jiff::Timestamp::now()
        .strftime("club/jyoti-%Y-%m-%dT")
        .to_string();
    assert!(ours[1].starts_with(&today), "{keys:?}");
    assert!(keys.contains(&"elsewhere/jyoti-2026-01-01T0300Z.db.age".to_string()));

    let sealed = s3.get(ours[1]);
    assert!(
        !sealed.starts_with(b"SQLite format 3"),
        "never a plain copy"
    );
    assert!(sealed.starts_with(b"age-encryption.org/v1"));
    let opened = dir.path().join("opened.db");
    decrypt_elsewhere(&sealed, PASSPHRASE, &opened);
    assert_eq!(
        every_row(&opened),
        every_row(&backups.read_dir().unwrap().next().unwrap().unwrap().path())
    );
    drop(server);
}

#[test]
fn the_latest_copy_restores_into_an_empty_folder_with_every_record_and_photo() {
    let (s3, env, dir, db, uploaded) = a_site_copied_off_site();
    assert!(
        uploaded.contains(&format!("uploaded to {}", s3.describe("jyoti"))),
        "{uploaded}"
    );
    let left = files_besides(dir.path(), "site.db");
    assert!(left.is_empty(), "no plain copy is left behind: {left:?}");

    let listed = assert_ok(&jyoti(&["offsite", "list"], &env, ""));
    assert!(
        listed.contains(".db.age") && listed.contains("UTC"),
        "{listed}"
    );

    let new_machine = tempfile::tempdir().unwrap();
    let restored = new_machine.path().join("jyoti.db");
    let said = assert_ok(&restore_latest(&restored, &env));
    assert!(
        said.contains("restored") && said.contains("off-site copy"),
        "{said}"
    );
    // Every row as it was, and the restore itself in the activity log.
    let (noted, kept): (Vec<String>, Vec<String>) = every_row(&restored)
        .into_iter()
        .partition(|row| row.starts_with("audit_log:") && row.contains("database restored"));
    assert_eq!(kept, every_row(&db));
    assert_eq!(noted.len(), 1, "{noted:?}");
    let left = files_besides(new_machine.path(), "jyoti.db");
    assert!(
        left.is_empty(),
        "nothing else is left in the folder: {left:?}"
    );
}

#[test]
fn a_wrong_passphrase_says_so_and_replaces_nothing() {
    let (_s3, env, dir, db, _) = a_site_copied_off_site();
    let before = std::fs::read(&db).unwrap();
    let mut wrong = env.clone();
    wrong.retain(|(name, _)| name != "JYOTI_OFFSITE_PASSPHRASE");
    wrong.push((
        "JYOTI_OFFSITE_PASSPHRASE".into(),
        "not the club passphrase".into(),
    ));
    let refused = restore_latest(&db, &wrong);
    assert!(!refused.status.success());
    let text = said(&refused);
    assert!(
        text.contains("the passphrase does not open this copy"),
        "{text}"
    );
    assert_eq!(text.trim().lines().count(), 1, "one sentence: {text}");
    assert_eq!(
        std::fs::read(&db).unwrap(),
        before,
        "the database is as it was"
    );
    let left = files_besides(dir.path(), "site.db");
    assert!(left.is_empty(), "no download is left behind: {left:?}");
}

#[test]
fn an_upload_while_the_s3_server_is_down_goes_through_once_it_is_back() {
    let s3 = S3::start();
    // The bucket's address: nothing listens there until the command says it will retry, then
    // a relay to the S3 server does (at once, well within the retry's wait).
    let port = free_port();
    let env = bucket_env(port, &s3.bucket, "jyoti");
    let (_dir, db) = a_site();
    let mut relaying = false;
    let uploaded = jyoti_heard(
        &["backup", "--offsite", "--db", db.to_str().unwrap()],
        &env,
        |line| {
            if line.contains("trying once more") && !relaying {
                relay_to(port, s3.port);
                relaying = true;
            }
        },
    );
    let text = assert_ok(&uploaded);
    assert!(
        text.contains("trying once more"),
        "it said it would retry: {text}"
    );
    assert_eq!(s3.keys().len(), 1, "{:?}", s3.keys());
}

#[test]
fn copies_taken_within_a_minute_keep_names_of_their_own_and_the_newest_restores() {
    let (s3, mut env, _dir, db, _) = a_site_copied_off_site();
    env.push(("JYOTI_OFFSITE_KEEP".into(), "2".into()));
    let upload = || assert_ok(&backup_offsite(&db, &env));
    upload();
    // The last copy holds a message the others do not.
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute(
            "INSERT INTO contacts (name, email, telephone, rating, message)
             VALUES ('Last Writer', 'last@example.org', '+91 98765 43211', 4, 'The newest')",
            [],
        )
        .unwrap();
    upload();
    let keys = s3.keys();
    assert_eq!(keys.len(), 2, "three copies, the newest two kept: {keys:?}");
    assert!(keys
        .iter()
        .all(|key| key.starts_with("jyoti/jyoti-") && key.ends_with(".db.age")));

    let new_machine = tempfile::tempdir().unwrap();
    let restored = new_machine.path().join("jyoti.db");
    assert_ok(&restore_latest(&restored, &env));
    let conn = rusqlite::Connection::open(&restored).unwrap();
    let newest: i64 = conn
        .query_row(
            "SELECT count(*) FROM contacts WHERE name = 'Last Writer'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(newest, 1, "latest is the copy taken last");
}

#[test]
fn off_site_copies_failing_show_in_healthz_without_the_bucket_and_are_mailed_to_the_admins() {
    // Nothing listens where the bucket should be.
    let down = S3::at(free_port());
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jyoti.db");
    site_with_records(&db);
    let backups = dir.path().join("backups");
    let mail = smtp::SmtpServer::start();
    let url = mail.url();
    let flags = [
        "--smtp-url",
        &url,
        "--mail-from",
        "site@example.org",
        // Long enough for the first upload to fail (nothing listens: at once) even on a busy
        // machine, so what lasts is the failure, not "the first copy is under way".
        "--alert-after",
        "3s",
    ];
    let (server, address) = serve_with_backups(&db, &backups, &flags, &down.env("club"));
    let subject = "The Jyoti site needs attention: off-site copies failing for a day";
    let mails = mail.wait_until(Duration::from_secs(60), |mails| {
        mails.iter().any(|mail| mail.tells(subject))
    });
    let told: Vec<_> = mails.iter().filter(|mail| mail.tells(subject)).collect();
    assert_eq!(told.len(), 1, "{mails:?}");
    assert_eq!(told[0].to, ["admin@example.org"]);
    assert!(
        told[0]
            .body()
            .contains("Uploads of off-site copies have failed for"),
        "{}",
        told[0].body()
    );

    let health = healthz(&address);
    let offsite = &health["checks"]["offsite"];
    assert_eq!(offsite["state"], "fail", "{health}");
    let message = offsite["message"].as_str().unwrap();
    assert!(
        message.contains("Uploads of off-site copies have failed for"),
        "{message}"
    );
    assert!(
        message.contains("No off-site copy has been uploaded"),
        "{message}"
    );
    assert!(
        !message.contains(&down.bucket),
        "the public answer names no bucket: {message}"
    );
    drop(server);
}
