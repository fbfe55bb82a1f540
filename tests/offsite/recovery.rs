//! Recovery on the worst day: the service and the commands read `/etc/default/jyoti` alike (as
//! systemd reads it), whatever the passphrase holds, and the recovery kit alone brings the site
//! back on an empty machine.

use crate::support::*;
use std::path::Path;
use std::process::{Command, Stdio};

/// Passphrases a club might choose, each with something a shell would mangle.
const ODD: [&str; 5] = [
    "night school lamp by the river",
    "Jyoti$2026-lamp$HOME-and-more",
    "hash # inside, and ; too, ok",
    "it's \"quoted\" twice over here",
    "back\\slash and \\n and `tick`",
];

/// `jyoti args` in `dir` with nothing of this environment but PATH: a new machine.
fn on_a_new_machine(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// The newest copy under `prefix`, as stored.
fn newest_copy(s3: &S3, prefix: &str) -> Vec<u8> {
    let key = s3
        .keys()
        .into_iter()
        .filter(|key| key.starts_with(&format!("{prefix}/")))
        .max()
        .expect("a copy");
    s3.get(&key)
}

#[test]
fn the_recovery_kit_alone_restores_on_an_empty_machine_whatever_the_passphrase() {
    let s3 = S3::start();
    for (n, passphrase) in ODD.iter().enumerate() {
        let prefix = format!("odd{n}");
        let mut env = s3.env(&prefix);
        env.retain(|(name, _)| name != "JYOTI_OFFSITE_PASSPHRASE");
        // What systemd hands the service: the passphrase exactly as written between the quotes.
        env.push(("JYOTI_OFFSITE_PASSPHRASE".into(), (*passphrase).to_owned()));
        env.push(("JYOTI_OFFSITE_REGION".into(), "eu-central-003".into()));
        let (dir, db) = a_site();
        assert_ok(&backup_offsite(&db, &env));
        // The copy opens with the passphrase as typed, by another program.
        let plain = dir.path().join("opened.db");
        decrypt_elsewhere(&newest_copy(&s3, &prefix), passphrase, &plain);

        let kit = assert_ok(&jyoti(&["offsite", "kit"], &env, ""));
        let six = [
            "JYOTI_OFFSITE",
            "JYOTI_OFFSITE_ENDPOINT",
            "JYOTI_OFFSITE_REGION",
            "JYOTI_OFFSITE_KEY_ID",
            "JYOTI_OFFSITE_SECRET",
            "JYOTI_OFFSITE_PASSPHRASE",
        ];
        for (name, value) in env.iter().filter(|(name, _)| six.contains(&name.as_str())) {
            assert!(
                kit.lines()
                    .any(|line| line.starts_with(&format!("{name}="))),
                "the kit holds {name}: {kit}"
            );
            assert_eq!(
                jyoti_env_value(&kit, name).as_deref(),
                Some(value.as_str()),
                "{name} reads back"
            );
        }
        let machine = tempfile::tempdir().unwrap();
        std::fs::write(machine.path().join("jyoti-recovery.env"), &kit).unwrap();
        // The command the kit names, as it names it (with a folder of this test for the database).
        assert!(!kit.contains("sudo"), "Debian has no sudo: {kit}");
        let command = kit
            .lines()
            .find_map(|line| line.strip_prefix("#   jyoti --env-file"))
            .map(|rest| format!("--env-file{rest}"))
            .expect("the kit names its command");
        let restored = machine.path().join("jyoti.db");
        let command = command.replace("/var/lib/jyoti/jyoti.db", restored.to_str().unwrap());
        let args: Vec<&str> = command.split_whitespace().collect();
        let done = on_a_new_machine(machine.path(), &args);
        restored_whole(&done, &restored, &db, passphrase);
    }
}

#[test]
fn an_environment_file_written_as_deploy_jyoti_env_says_is_read_as_systemd_reads_it() {
    let s3 = S3::start();
    let env = s3.env("file");
    let value = |name: &str| {
        env.iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.clone())
            .unwrap()
    };
    // Single quotes keep every character but a single quote; double quotes escape \ " ` $.
    let passphrase = "Jyoti$2026 #night \"lamp\" \\ ok";
    let written = format!(
        "# /etc/default/jyoti\nJYOTI_OFFSITE={}\nJYOTI_OFFSITE_ENDPOINT={}\n\
         JYOTI_OFFSITE_KEY_ID=test-key\nJYOTI_OFFSITE_SECRET=test-secret\n\
         JYOTI_OFFSITE_PASSPHRASE='{passphrase}'\nJYOTI_OFFSITE_RETRY_BASE=300ms\n",
        value("JYOTI_OFFSITE"),
        value("JYOTI_OFFSITE_ENDPOINT"),
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("jyoti.env");
    std::fs::write(&file, written).unwrap();
    let db = dir.path().join("site.db");
    site_with_records(&db);
    let args = [
        "--env-file",
        file.to_str().unwrap(),
        "backup",
        "--offsite",
        "--db",
        db.to_str().unwrap(),
    ];
    let done = on_a_new_machine(dir.path(), &args);
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    decrypt_elsewhere(
        &newest_copy(&s3, "file"),
        passphrase,
        &dir.path().join("o.db"),
    );

    // A variable the environment sets already wins over the file, as for the service.
    let mut env = s3.env("file");
    env.retain(|(name, _)| name != "JYOTI_OFFSITE_PASSPHRASE");
    env.push((
        "JYOTI_OFFSITE_PASSPHRASE".into(),
        "not what the file says".into(),
    ));
    let listed = jyoti(
        &[
            "--env-file",
            file.to_str().unwrap(),
            "restore",
            "--offsite",
            "latest",
            "--db",
            dir.path().join("other.db").to_str().unwrap(),
        ],
        &env,
        "",
    );
    assert!(!listed.status.success());
    assert!(
        said(&listed).contains("the passphrase does not open this copy"),
        "{}",
        said(&listed)
    );
    // A named file that is not there stops the command.
    let missing = on_a_new_machine(
        dir.path(),
        &["--env-file", "nowhere.env", "offsite", "list"],
    );
    assert!(!missing.status.success());
    assert!(
        String::from_utf8_lossy(&missing.stderr).contains("cannot read the --env-file nowhere.env")
    );
}

/// The value of `name` in an environment file's `text`, as jyoti (and systemd) reads it.
fn jyoti_env_value(text: &str, name: &str) -> Option<String> {
    jyoti::env_file::parse(text)
        .into_iter()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value)
}

/// The shell block under `### Recover on a new machine` in docs/running.md.
fn documented_recovery() -> String {
    let guide =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/running.md")).unwrap();
    let section = guide
        .split("\n### Recover on a new machine\n")
        .nth(1)
        .expect("docs/running.md has the recovery section");
    let section = section.split("\n### ").next().unwrap();
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("the recovery section has one shell block");
    block.to_owned()
}

/// The recipe of a kit: its header's commands, without the comment marks.
fn recipe_of(kit: &str) -> String {
    let lines: Vec<&str> = kit
        .lines()
        .filter_map(|line| line.strip_prefix("#   "))
        .collect();
    lines.join("\n")
}

/// Runs `recipe` on the "new machine" `machine` as a shell would, each place of the system
/// moved into the machine's folder: the program's folder holds `jyoti` and `deploy/`, the
/// folder of the data is owned, as root, by `nobody` (the system user the test does not make),
/// and systemd is left out (the test starts the service itself).
fn run_recipe(machine: &Path, recipe: &str) -> std::process::Output {
    std::os::unix::fs::symlink(BIN, machine.join("jyoti")).unwrap();
    std::os::unix::fs::symlink(
        concat!(env!("CARGO_MANIFEST_DIR"), "/deploy"),
        machine.join("deploy"),
    )
    .unwrap();
    let root = unsafe { libc::geteuid() } == 0;
    let owner = if root { "-o nobody -g nogroup" } else { "" };
    let at = |name: &str| machine.join(name).to_str().unwrap().to_owned();
    let script = recipe
        .replace("/usr/local/bin/jyoti", &at("bin/jyoti"))
        .replace("useradd ", "true ")
        .replace("-o jyoti -g jyoti", owner)
        .replace("/var/lib/jyoti", &at("var-lib-jyoti"))
        .replace("/etc/default/jyoti", &at("etc-default-jyoti"))
        .replace("/etc/systemd/system/jyoti.service", &at("jyoti.service"))
        .replace("systemctl ", "true ");
    std::fs::create_dir(machine.join("bin")).unwrap();
    Command::new("sh")
        .args(["-e", "-c", &script])
        .current_dir(machine)
        .env_clear()
        .env(
            "PATH",
            format!(
                "{}:{}",
                at("bin"),
                std::env::var("PATH").unwrap_or_default()
            ),
        )
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn the_recovery_in_docs_running_md_is_the_kits_recipe_and_brings_the_site_back() {
    let block = documented_recovery();
    assert!(!block.contains("sudo"), "Debian has no sudo: {block}");
    let s3 = S3::start();
    for (n, passphrase) in ODD.iter().enumerate() {
        let prefix = format!("guide{n}");
        let mut env = s3.env(&prefix);
        env.retain(|(name, _)| name != "JYOTI_OFFSITE_PASSPHRASE");
        env.push(("JYOTI_OFFSITE_PASSPHRASE".into(), (*passphrase).to_owned()));
        env.push(("JYOTI_DOMAIN".into(), "jyoti.example.org".into()));
        let (_dir, db) = a_site();
        assert_ok(&backup_offsite(&db, &env));
        let kit = assert_ok(&jyoti(&["offsite", "kit"], &env, ""));
        assert_eq!(recipe_of(&kit), block, "the guide says what the kit says");

        let machine = tempfile::tempdir().unwrap();
        std::fs::write(machine.path().join("jyoti-recovery.env"), &kit).unwrap();
        std::fs::create_dir(machine.path().join("var-lib-jyoti")).unwrap();
        let done = run_recipe(machine.path(), &block);
        let restored = machine.path().join("var-lib-jyoti/jyoti.db");
        restored_whole(&done, &restored, &db, passphrase);
        assert!(!machine.path().join("jyoti-recovery.env").exists());
        let kept_env = std::fs::read_to_string(machine.path().join("etc-default-jyoti")).unwrap();
        assert_eq!(
            jyoti_env_value(&kept_env, "JYOTI_OFFSITE_PASSPHRASE").as_deref(),
            Some(*passphrase),
            "the service reads the passphrase as the kit had it"
        );
        let unit = std::fs::read_to_string(machine.path().join("jyoti.service")).unwrap();
        assert!(
            unit.contains("EnvironmentFile=/etc/default/jyoti"),
            "{unit}"
        );
        if unsafe { libc::geteuid() } == 0 {
            use std::os::unix::fs::MetadataExt;
            for file in ["var-lib-jyoti", "var-lib-jyoti/jyoti.db"] {
                let owner = std::fs::metadata(machine.path().join(file)).unwrap().uid();
                assert_eq!(
                    owner, 65534,
                    "{file} belongs to the service's user, not root"
                );
            }
        }
    }
}

/// The site the kit brings back mails as before: the kit holds the mail server, the sender and
/// the `--alert-to` addresses; a server started without them says so, since the database
/// remembers them.
#[test]
fn a_site_rebuilt_from_the_kit_mails_its_watchers_again_and_one_without_them_says_so() {
    let s3 = S3::start();
    let smtp = crate::smtp::SmtpServer::start();
    let mut env = s3.env("mailing");
    env.extend([
        ("JYOTI_SMTP_URL".to_owned(), smtp.url()),
        (
            "JYOTI_MAIL_FROM".to_owned(),
            "school@example.org".to_owned(),
        ),
        (
            "JYOTI_ALERT_TO".to_owned(),
            "treasurer@example.org,advisor@example.org".to_owned(),
        ),
        ("JYOTI_PAYMENT_HOLD".to_owned(), "2h".to_owned()),
    ]);
    let (dir, db) = a_site();
    // The site ran with its mail once: its database remembers.
    let (server, address) = serve_with_backups(&db, &dir.path().join("b"), &[], &env);
    assert_eq!(healthz(&address)["checks"]["mail"]["state"], "ok");
    drop(server);
    assert_ok(&backup_offsite(&db, &env));
    let kit = assert_ok(&jyoti(&["offsite", "kit"], &env, ""));
    for name in [
        "JYOTI_SMTP_URL",
        "JYOTI_MAIL_FROM",
        "JYOTI_ALERT_TO",
        "JYOTI_PAYMENT_HOLD",
    ] {
        let value = env.iter().find(|(key, _)| key == name).unwrap().1.clone();
        assert_eq!(jyoti_env_value(&kit, name), Some(value), "{name} in {kit}");
    }

    let machine = tempfile::tempdir().unwrap();
    std::fs::write(machine.path().join("jyoti-recovery.env"), &kit).unwrap();
    std::fs::create_dir(machine.path().join("var-lib-jyoti")).unwrap();
    let done = run_recipe(machine.path(), &recipe_of(&kit));
    let restored = machine.path().join("var-lib-jyoti/jyoti.db");
    restored_whole(&done, &restored, &db, "the kit");
    let etc = machine.path().join("etc-default-jyoti");
    let (_server, address) = spawn_from_file(&restored, &etc);
    let health = healthz(&address);
    assert_eq!(health["checks"]["mail"]["state"], "ok", "{health}");
    let token = login(&address);
    let alerts = get_json(&address, "/api/admin/alerts", &token);
    assert_eq!(alerts["alsoTo"], 2, "{alerts}");
    // And it mails them: the site's first real UPI ID is alerted to the admin and both watchers.
    let before = smtp.mails().len();
    let changed = ureq::patch(&format!("http://{address}/api/admin/settings"))
        .header("Authorization", &format!("Bearer {token}"))
        .header("Content-Type", "application/json")
        .send(r#"{"upiId": "jyoti.rebuilt@sbi"}"#)
        .unwrap();
    assert_eq!(changed.status(), 200);
    let mails = smtp.wait_for(before + 3, std::time::Duration::from_secs(20));
    let mut told: Vec<String> = mails[before..]
        .iter()
        .filter(|mail| mail.body().contains("jyoti.rebuilt@sbi"))
        .map(|mail| mail.to[0].clone())
        .collect();
    told.sort();
    assert_eq!(
        told,
        [
            "admin@example.org",
            "advisor@example.org",
            "treasurer@example.org"
        ]
    );
    drop(_server);

    // Started without the environment file's mail: it says what it lacks.
    let offsite_only: String = kit
        .lines()
        .filter(|line| line.starts_with("JYOTI_OFFSITE"))
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(&etc, offsite_only).unwrap();
    let (_server, address) = spawn_from_file(&restored, &etc);
    let health = healthz(&address);
    let said = health["checks"]["mail"]["message"]
        .as_str()
        .unwrap_or_default();
    assert_eq!(health["checks"]["mail"]["state"], "warn", "{health}");
    assert!(
        said.contains("2 --alert-to address(es)") && said.contains("JYOTI_SMTP_URL"),
        "{said}"
    );
}

/// `jyoti --env-file file` serving the database `db`, as the service would; its address.
fn spawn_from_file(db: &Path, file: &Path) -> (crate::process::Running, String) {
    let server = crate::process::spawn(
        Command::new(BIN)
            .arg("--env-file")
            .arg(file)
            .args(["--bind", "127.0.0.1", "--port", "0", "--db"])
            .arg(db)
            .env_remove("JYOTI_DOMAIN"),
    );
    let first = server.wait_for("listening on http://", std::time::Duration::from_secs(30));
    let address = first.rsplit("http://").next().unwrap().trim().to_owned();
    (server, address)
}

/// The token of the admin the site was made with (see `site_with_records`).
fn login(address: &str) -> String {
    let body = r#"{"email": "admin@example.org", "password": "a long password"}"#;
    let text = ureq::post(&format!("http://{address}/api/auth/login"))
        .header("Content-Type", "application/json")
        .send(body)
        .unwrap()
        .into_body()
        .read_to_string()
        .unwrap();
    let answer: serde_json::Value = serde_json::from_str(&text).unwrap();
    answer["token"].as_str().unwrap().to_owned()
}

fn get_json(address: &str, path: &str, token: &str) -> serde_json::Value {
    let text = ureq::get(&format!("http://{address}{path}"))
        .header("Authorization", &format!("Bearer {token}"))
        .call()
        .unwrap()
        .into_body()
        .read_to_string()
        .unwrap();
    serde_json::from_str(&text).unwrap()
}

/// `done` succeeded and `restored` holds every record of `db` (besides the restore's own log
/// entry), `passphrase` naming the case in a failure.
fn restored_whole(
    done: &std::process::Output,
    restored: &std::path::Path,
    db: &std::path::Path,
    passphrase: &str,
) {
    assert!(
        done.status.success(),
        "{passphrase}: {}{}",
        String::from_utf8_lossy(&done.stdout),
        String::from_utf8_lossy(&done.stderr)
    );
    let (_, kept): (Vec<String>, Vec<String>) = every_row(restored)
        .into_iter()
        .partition(|row| row.starts_with("audit_log:") && row.contains("database restored"));
    assert_eq!(kept, every_row(db), "{passphrase}: every record back");
}
