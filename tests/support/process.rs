//! Programs a test starts (the server, pebble, nginx): their output as lines, killed at the end.

use std::io::{BufRead, BufReader, Read};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A started program, killed when the test ends, pass or fail.
pub struct Running {
    child: Child,
    log: mpsc::Receiver<String>,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Running {
    /// Waits for a line (of stdout or stderr) containing `text`; panics with what came instead.
    pub fn wait_for(&self, text: &str, within: Duration) -> String {
        self.wait_for_all(text, within).pop().unwrap()
    }

    /// The lines up to and including the first that contains `text`.
    pub fn wait_for_all(&self, text: &str, within: Duration) -> Vec<String> {
        let deadline = Instant::now() + within;
        let mut seen = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.log.recv_timeout(left) {
                Ok(line) => {
                    let found = line.contains(text);
                    seen.push(line);
                    if found {
                        return seen;
                    }
                }
                Err(_) => break,
            }
        }
        panic!(
            "no line with `{text}`; the output was:\n{}",
            seen.join("\n")
        );
    }
}

/// Starts `command`, collecting its stdout and stderr lines.
pub fn spawn(command: &mut Command) -> Running {
    let program = command.get_program().to_string_lossy().into_owned();
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot start `{program}` ({e}); .ci/run installs what the tests need")
        });
    let (tx, log) = mpsc::channel();
    for stream in [
        Box::new(child.stdout.take().unwrap()) as Box<dyn Read + Send>,
        Box::new(child.stderr.take().unwrap()),
    ] {
        let tx = tx.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
    }
    Running { child, log }
}

/// A port of 127.0.0.1 that nothing listens on just now, chosen at random below the range the
/// system hands out for `bind(0)` and outgoing connections (32768 up, Linux's default): no other
/// test's listener or client can take it between a test choosing it and using it (a mail server
/// that is "down", then back on the same port).
pub fn free_port() -> u16 {
    use std::hash::{BuildHasher, Hasher};
    loop {
        // Each RandomState has keys of its own: a random number without a crate for it.
        let mut random = std::collections::hash_map::RandomState::new().build_hasher();
        random.write_u32(std::process::id());
        let port = 20_000 + (random.finish() % 12_000) as u16;
        if TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
}

/// Waits until something listens on `port` of 127.0.0.1.
pub fn wait_for_port(port: u16) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "nothing listens on port {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
}
