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
        let command = kit
            .lines()
            .find_map(|line| line.split("sudo ./jyoti ").nth(1))
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

#[test]
fn the_recovery_in_docs_running_md_brings_the_site_back_from_the_kit_alone() {
    let block = documented_recovery();
    assert_eq!(
        block.lines().last(),
        Some("systemctl enable --now jyoti"),
        "the service starts after the restore: {block}"
    );
    let s3 = S3::start();
    for (n, passphrase) in ODD.iter().enumerate() {
        let prefix = format!("guide{n}");
        let mut env = s3.env(&prefix);
        env.retain(|(name, _)| name != "JYOTI_OFFSITE_PASSPHRASE");
        env.push(("JYOTI_OFFSITE_PASSPHRASE".into(), (*passphrase).to_owned()));
        let (_dir, db) = a_site();
        assert_ok(&backup_offsite(&db, &env));
        let kit = assert_ok(&jyoti(&["offsite", "kit"], &env, ""));

        // The new machine: the program's folder, the folder of step 2, the file of step 3.
        let machine = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(BIN, machine.path().join("jyoti")).unwrap();
        std::fs::write(machine.path().join("jyoti-recovery.env"), &kit).unwrap();
        let var = machine.path().join("var-lib-jyoti");
        std::fs::create_dir(&var).unwrap();
        let etc = machine.path().join("etc-default-jyoti");
        std::fs::write(&etc, "JYOTI_DOMAIN=jyoti.example.org\n").unwrap();
        let restored = var.join("jyoti.db");
        let script = block
            .replace("/var/lib/jyoti/jyoti.db", restored.to_str().unwrap())
            .replace("/etc/default/jyoti", etc.to_str().unwrap())
            .replace("systemctl enable --now jyoti", "true");
        let done = Command::new("sh")
            .args(["-e", "-c", &script])
            .current_dir(machine.path())
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        restored_whole(&done, &restored, &db, passphrase);
        assert!(!machine.path().join("jyoti-recovery.env").exists());
        let kept_env = std::fs::read_to_string(&etc).unwrap();
        assert_eq!(
            jyoti_env_value(&kept_env, "JYOTI_OFFSITE_PASSPHRASE").as_deref(),
            Some(*passphrase),
            "the service reads the passphrase as the kit had it"
        );
    }
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
