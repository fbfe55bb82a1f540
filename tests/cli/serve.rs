//! The server: flags and their environment variables, the first log line, signals, a port in use, the
//! database's folder, one server per database, nothing answered lost, the request log, email.

use super::*;

#[test]
fn port_zero_picks_a_free_port_and_the_first_log_line_names_it() {
    let dir = temp_dir();
    let db = file(&dir, "j.db");
    let server = serve(&db, &[]);
    assert_ne!(server.addr.port(), 0);
    assert!(server
        .first_line
        .starts_with("listening on http://127.0.0.1:"));
    assert_eq!(
        server.request("GET", "/healthz").send().json()["status"],
        "ok"
    );
    assert!(Path::new(&db).exists(), "the database file was created");
}

#[test]
fn every_flag_can_come_from_its_environment_variable() {
    let dir = temp_dir();
    let db = file(&dir, "env.db");
    let server = start(
        &[],
        &[
            ("JYOTI_BIND", "127.0.0.1"),
            ("JYOTI_PORT", "0"),
            ("JYOTI_DB", &db),
            ("JYOTI_NO_RATE_LIMIT", "true"),
        ],
    );
    assert!(Path::new(&db).exists());
    for _ in 0..65 {
        let lookup = server.request("GET", "/api/certificate/get_certificate/1");
        assert_eq!(lookup.send().status, 404, "no rate limit");
    }
}

#[test]
fn the_content_document_names_the_time_zone_the_screens_write_times_in() {
    let dir = temp_dir();
    let db = file(&dir, "zone.db");
    let server = serve(&db, &[]);
    let content = server.request("GET", "/api/content").send().json();
    assert_eq!(content["timeZone"], "Asia/Kolkata", "the default");
    drop(server);
    let server = serve(&db, &["--time-zone", "Europe/London"]);
    let content = server.request("GET", "/api/content").send().json();
    assert_eq!(content["timeZone"], "Europe/London");
}

#[test]
fn the_serve_subcommand_takes_the_same_flags() {
    let dir = temp_dir();
    let db = file(&dir, "s.db");
    let flags = serve_flags(&db, "0");
    let server = start(&[&["serve"][..], &flags].concat(), &[]);
    assert_eq!(server.request("GET", "/healthz").send().status, 200);
}

#[test]
fn sigterm_drains_and_exits_zero_and_every_request_is_logged() {
    let dir = temp_dir();
    let mut server = serve(&file(&dir, "t.db"), &[]);
    server.request("GET", "/api/admin/servicelist").send();
    server.signal("-TERM");
    let status = server.child.wait().unwrap();
    assert!(status.success(), "exit status {status}");
    let log: Vec<String> = server.log.iter().collect();
    assert!(
        log.iter()
            .any(|l| l.contains("GET /api/admin/servicelist") && l.contains(" 200 ")),
        "{log:?}"
    );
}

#[test]
fn a_port_in_use_is_one_clear_sentence() {
    let holder = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = holder.local_addr().unwrap().port().to_string();
    let dir = temp_dir();
    assert_refused(
        &jyoti(&serve_flags(&file(&dir, "p.db"), &port)),
        "already in use",
    );
}

#[test]
fn a_database_in_a_missing_or_read_only_folder_is_one_clear_sentence() {
    let missing = jyoti(&["--port", "0", "--db", "/no/such/folder/j.db"]);
    assert_refused(&missing, "does not exist");

    let dir = temp_dir();
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    let mut perms = std::fs::metadata(&locked).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o500);
    std::fs::set_permissions(&locked, perms).unwrap();
    if std::fs::write(locked.join("probe"), "x").is_ok() {
        // Running as root: permissions do not stop us, so this case cannot be shown here.
        return;
    }
    let output = jyoti(&["--port", "0", "--db", &file(&dir, "locked/j.db")]);
    let stderr = assert_refused(&output, "cannot");
    assert!(stderr.starts_with("error: cannot"), "{stderr}");
}

#[test]
fn a_new_server_without_an_admin_says_how_to_create_one() {
    let dir = temp_dir();
    let server = serve(&file(&dir, "n.db"), &[]);
    let said = |line: &String| line.contains("jyoti create-admin --email");
    let lines: Vec<String> = (0..2)
        .map_while(|_| server.log.recv_timeout(Duration::from_secs(30)).ok())
        .collect();
    assert!(lines.iter().any(said), "{lines:?}");
}

#[test]
fn two_servers_cannot_share_one_database() {
    let dir = temp_dir();
    let db = file(&dir, "one.db");
    let _first = serve(&db, &[]);
    assert_refused(&jyoti(&serve_flags(&db, "0")), "stop it first");
}

#[test]
fn kill_9_loses_no_write_that_was_answered() {
    let dir = temp_dir();
    let db = file(&dir, "durable.db");
    let server = serve(&db, &["--no-rate-limit"]);
    let addr = server.addr;
    let writer = std::thread::spawn(move || {
        let mut answered = 0;
        for n in 0..100_000 {
            let outcome = std::panic::catch_unwind(|| contact(addr, n));
            match outcome {
                Ok(201) => answered += 1,
                _ => break,
            }
        }
        answered
    });
    std::thread::sleep(Duration::from_millis(700));
    server.signal("-KILL");
    let answered = writer.join().unwrap();
    drop(server);
    assert!(answered > 10, "the writer got going ({answered})");
    drop(serve(&db, &[]));
    let stored = count(&db, "contacts");
    assert!(
        stored >= answered as i64,
        "{answered} writes were answered 201 but only {stored} survived"
    );
}

#[test]
fn after_a_clean_stop_the_database_file_alone_holds_every_write() {
    let dir = temp_dir();
    let db = file(&dir, "alone.db");
    let mut server = serve(&db, &[]);
    for n in 0..5 {
        assert_eq!(server.contact(n), 201);
    }
    server.signal("-TERM");
    assert!(server.child.wait().unwrap().success());
    // What a volunteer copies off the machine: the .db file, without its -wal.
    let elsewhere = temp_dir();
    let copy = elsewhere.path().join("alone.db");
    std::fs::copy(&db, &copy).unwrap();
    assert_eq!(count(&copy, "contacts"), 5);
}

#[test]
fn the_listening_line_is_on_stdout_for_scripts_and_said_once_where_stdout_and_stderr_meet() {
    let dir = temp_dir();
    let db = file(&dir, "once.db");
    // stdout and stderr into one pipe, as in a terminal or the journal.
    let mut child = Command::new("sh")
        .args([
            "-c",
            "exec \"$0\" --bind 127.0.0.1 --port 0 --db \"$1\" 2>&1",
            BIN,
            &db,
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut seen = Vec::new();
    // The first-admin hint is logged after the listening line and the start-up notes.
    while let Some(Ok(line)) = lines.next() {
        let done = line.contains("no admin account yet");
        seen.push(line);
        if done {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        seen[0].starts_with("listening on http://127.0.0.1:"),
        "{seen:?}"
    );
    assert_eq!(
        seen.iter().filter(|l| l.contains("listening on")).count(),
        1,
        "{seen:?}"
    );

    // Apart, each says it once: scripts read stdout, the log keeps its first line.
    let mut child = Command::new(BIN)
        .args(["--bind", "127.0.0.1", "--port", "0", "--db", &db])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let first_out = BufReader::new(child.stdout.take().unwrap()).lines().next();
    let first_err = BufReader::new(child.stderr.take().unwrap()).lines().next();
    let _ = child.kill();
    let _ = child.wait();
    let (first_out, first_err) = (first_out.unwrap().unwrap(), first_err.unwrap().unwrap());
    assert!(
        first_out.starts_with("listening on http://127.0.0.1:"),
        "{first_out}"
    );
    assert_eq!(first_out, first_err);
}

#[test]
fn the_request_log_leaves_out_the_apps_hashed_files_but_not_a_page_or_a_missing_file() {
    let dir = temp_dir();
    let mut server = serve(&file(&dir, "quiet.db"), &[]);
    let page = server.request("GET", "/gallery").send();
    assert_eq!(page.status, 200);
    let html = page.text();
    let script = html
        .split('"')
        .find(|part| part.starts_with("/assets/") && part.ends_with(".js"))
        .unwrap_or_else(|| panic!("no script in {html}"))
        .to_owned();
    assert_eq!(server.request("GET", &script).send().status, 200);
    assert_eq!(
        server.request("GET", "/assets/gone-1234.js").send().status,
        404
    );
    server.signal("-TERM");
    server.child.wait().unwrap();
    let log: Vec<String> = server.log.iter().collect();
    assert!(
        log.iter()
            .any(|l| l.contains("\"GET /gallery HTTP/1.1\" 200")),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|l| l.contains("\"GET /assets/gone-1234.js HTTP/1.1\" 404")),
        "{log:?}"
    );
    assert!(!log.iter().any(|l| l.contains(&script)), "{log:?}");
}

#[test]
fn an_old_reset_or_invitation_link_with_its_token_in_the_query_leaves_no_token_in_the_log() {
    let dir = temp_dir();
    let mut server = serve(&file(&dir, "tokens.db"), &[]);
    let secret = "5ec7e75ec7e75ec7".repeat(4);
    let moved = server
        .request("GET", &format!("/reset-password?token={secret}"))
        .send();
    assert_eq!(moved.status, 303);
    assert_eq!(
        moved.header("location"),
        Some(format!("/reset-password#token={secret}").as_str()),
        "the token moves to the fragment, which no log or Referer carries"
    );
    // A token in any other page's query is left out of the log too.
    let page = server
        .request("GET", &format!("/invitation?token={secret}"))
        .send();
    assert_eq!(page.status, 200);
    server.signal("-TERM");
    server.child.wait().unwrap();
    let log: Vec<String> = server.log.iter().collect();
    assert!(
        log.iter().any(|l| l.contains("GET /reset-password?token=")),
        "the request is logged: {log:?}"
    );
    assert!(
        !log.iter().any(|l| l.contains(&secret)),
        "no line holds the token: {log:?}"
    );
}

#[test]
fn the_request_log_names_the_address_a_trusted_proxy_forwarded() {
    let dir = temp_dir();
    for (flags, client) in [
        (&["--trust-proxy"][..], "203.0.113.9"),
        (&[][..], "127.0.0.1"),
    ] {
        let mut server = serve(&file(&dir, "proxy.db"), flags);
        let status = server
            .request("GET", "/healthz")
            .header("X-Forwarded-For", "198.51.100.1, 203.0.113.9")
            .send()
            .status;
        assert_eq!(status, 200);
        server.signal("-TERM");
        server.child.wait().unwrap();
        let log: Vec<String> = server.log.iter().collect();
        let line = log
            .iter()
            .find(|l| l.contains("GET /healthz"))
            .unwrap_or_else(|| panic!("{log:?}"));
        assert!(
            line.contains(&format!(" {client} \"GET /healthz")),
            "{line}"
        );
    }
}

#[test]
fn a_bad_smtp_url_or_sender_is_refused_without_repeating_the_password() {
    let dir = temp_dir();
    let db = file(&dir, "mail.db");
    for url in [
        "http://club:hunter22@mail.example.org",
        "smtps://club:hunter22@mail.example.org?tls=none",
    ] {
        let output = jyoti(&["--port", "0", "--db", &db, "--smtp-url", url]);
        let said = assert_refused(&output, "--smtp-url (or JYOTI_SMTP_URL) is not usable");
        assert!(
            !said.contains("hunter22"),
            "the password is not repeated: {said}"
        );
    }
    let output = run_with_env(
        &["--port", "0", "--db", &db],
        &[("JYOTI_SMTP_URL", "smtp://?x")],
    );
    assert_refused(&output, "JYOTI_SMTP_URL");
    let output = jyoti(&["--port", "0", "--db", &db, "--mail-from", "not an address"]);
    assert_refused(&output, "not an email address");
    let help = String::from_utf8_lossy(&jyoti(&["--help"]).stdout).into_owned();
    assert!(
        help.contains("--smtp-url") && help.contains("--mail-from"),
        "{help}"
    );
    assert!(
        !help.contains("retry-base"),
        "the test-only wait is not offered: {help}"
    );
}

#[test]
fn the_mail_server_and_sender_from_the_environment_carry_contact_mail_to_the_admins() {
    let smtp = support::smtp::SmtpServer::start();
    let dir = temp_dir();
    let db = file(&dir, "mail.db");
    assert_ok(&account(
        "create-admin",
        "admin@example.org",
        &db,
        "a long admin password\n",
    ));
    let url = smtp.url();
    let server = start(
        &serve_flags(&db, "0"),
        &[
            ("JYOTI_SMTP_URL", &url),
            ("JYOTI_MAIL_FROM", "school@example.org"),
        ],
    );
    assert_eq!(server.contact(1), 201);
    let mail = smtp.wait_for(1, Duration::from_secs(15)).remove(0);
    assert_eq!(
        (mail.from.as_str(), mail.to.as_slice()),
        ("school@example.org", &["admin@example.org".to_owned()][..])
    );
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("New message on the Jyoti site from Writer 1")
    );
}

#[test]
fn a_problem_that_lasts_is_mailed_to_each_admin_once_a_day() {
    let dir = temp_dir();
    let db = file(&dir, "alerting.db");
    let backups = file(&dir, "backups");
    std::fs::create_dir(&backups).unwrap();
    let frozen = support::Immutable::make(vec![backups.clone().into()]);
    let smtp = support::smtp::SmtpServer::start();
    let url = smtp.url();
    let server = start(
        &[
            &serve_flags(&db, "0")[..],
            &[
                "--backup-dir",
                &backups,
                "--backup-every",
                "1h",
                "--smtp-url",
                &url,
                "--mail-from",
                "site@example.org",
                "--alert-after",
                "2s",
                "--alert-window",
                "1s",
            ][..],
        ]
        .concat(),
        &[(
            "RUST_LOG",
            "info,actix_server=warn,jyoti::alerts::lasting=debug",
        )],
    );
    for admin in ["first@example.org", "second@example.org"] {
        assert_ok(&account(
            "create-admin",
            admin,
            &db,
            "a long enough password\n",
        ));
    }
    // The second admin's role is alerted too (a command gave it), and the test machine's own
    // disk may be nearly full, an alert that can share the problem's mail: only the mails that
    // tell the problem this test makes count here.
    let subject = "The Jyoti site needs attention: backups failing for a day";
    let problems = || {
        smtp.mails()
            .into_iter()
            .filter(|mail| mail.tells(subject))
            .collect::<Vec<_>>()
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while problems().len() < 2 && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    let mails = problems();
    // Four more checks (two seconds' worth) while the problem lasts: none raises it again.
    let checks = std::iter::from_fn(|| server.log.recv_timeout(Duration::from_secs(10)).ok())
        .filter(|line| line.contains("checked for lasting problems"))
        .take(4)
        .count();
    assert_eq!(checks, 4, "the checks go on");
    let raised: i64 = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row(
            "SELECT count(*) FROM alerts WHERE subject = ?1",
            [subject],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(raised, 1, "once a day, not at every check");
    drop(frozen);
    assert_eq!(problems().len(), 2);
    let mut to: Vec<String> = mails.iter().flat_map(|mail| mail.to.clone()).collect();
    to.sort();
    assert_eq!(to, ["first@example.org", "second@example.org"]);
    for mail in &mails {
        assert_eq!(mail.to.len(), 1, "no admin sees another's address");
        assert!(mail.body().contains("backup"), "{}", mail.body());
    }
    drop(server);
}

#[test]
fn a_role_given_by_create_admin_while_the_server_runs_is_mailed_to_every_admin() {
    let smtp = support::smtp::SmtpServer::start();
    let dir = temp_dir();
    let db = file(&dir, "roles.db");
    assert_ok(&account(
        "create-admin",
        "first@example.org",
        &db,
        "a long enough password\n",
    ));
    let url = smtp.url();
    let server = serve(
        &db,
        &["--smtp-url", &url, "--mail-from", "site@example.org"],
    );
    assert_ok(&account(
        "create-admin",
        "second@example.org",
        &db,
        "another long password\n",
    ));
    let mails = smtp.wait_for(2, Duration::from_secs(30));
    let mut to: Vec<String> = mails.iter().flat_map(|mail| mail.to.clone()).collect();
    to.sort();
    assert_eq!(
        to,
        ["first@example.org", "second@example.org"],
        "one mail to each admin"
    );
    // The first admin is no news: had it been alerted, that mail would have come first (and
    // the second admin's would wait out the minute after it).
    for mail in &mails {
        assert_eq!(
            mail.header("Subject").as_deref(),
            Some("Jyoti site: the role of Admin <second@example.org> changed")
        );
    }
    let mail = mails[0].clone();
    let body = mail.body();
    assert!(
        body.contains("A server command (create-admin) changed"),
        "{body}"
    );
    assert!(body.contains("role: (empty) → admin"), "{body}");
    drop(server);
}

/// A database that cannot be written, with nothing held: the payment hold's worker only reads
/// until a change is due, so it logs nothing, where it logged an ERROR every second.
#[test]
fn a_read_only_database_with_nothing_held_gets_no_false_errors() {
    let dir = temp_dir();
    let db = file(&dir, "frozen.db");
    let server = serve(&db, &[]);
    let files: Vec<std::path::PathBuf> = ["", "-wal", "-shm"]
        .iter()
        .map(|end| std::path::PathBuf::from(format!("{db}{end}")))
        .filter(|path| path.exists())
        .collect();
    let _frozen = support::Immutable::make(files);
    let until = std::time::Instant::now() + Duration::from_secs(4);
    let mut lines = Vec::new();
    while let Some(left) = until.checked_duration_since(std::time::Instant::now()) {
        if let Ok(line) = server.log.recv_timeout(left) {
            lines.push(line);
        }
    }
    let false_alarms: Vec<&String> = lines
        .iter()
        .filter(|line| line.contains("payment") && line.contains("ERROR"))
        .collect();
    assert!(false_alarms.is_empty(), "{false_alarms:#?}");
}
