//! Files a command writes on its way (the plain copy `backup --offsite` encrypts, the sealed
//! copy, a download): removed however the command ends — done, failed, or stopped by Ctrl-C,
//! SIGTERM or a closed terminal — so no unencrypted copy of the database is ever left behind.

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicPtr, Ordering};

/// How many files can wait for removal at once (a command makes two or three).
const SLOTS: usize = 8;

/// The files to remove if a signal ends the process, as C strings the handler can use without
/// allocating (unlink is safe to call in a signal handler; a lock or an allocation is not).
static PENDING: [AtomicPtr<libc::c_char>; SLOTS] =
    [const { AtomicPtr::new(std::ptr::null_mut()) }; SLOTS];

extern "C" fn remove_and_exit(signal: libc::c_int) {
    for slot in &PENDING {
        let path = slot.load(Ordering::Acquire);
        if !path.is_null() {
            // SAFETY: the pointer came from CString::into_raw and is never freed while set.
            unsafe {
                libc::unlink(path);
            }
        }
    }
    // SAFETY: _exit ends the process at once; it is safe in a signal handler.
    unsafe { libc::_exit(128 + signal) }
}

/// Makes Ctrl-C, SIGTERM and SIGHUP remove the pending files before the process ends.
fn handle_signals() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: the handler only calls unlink and _exit, both async-signal-safe.
            unsafe {
                libc::signal(signal, remove_and_exit as *const () as libc::sighandler_t);
            }
        }
    });
}

/// A file on the way: removed when dropped, or by the signal handler.
pub struct Scratch {
    path: PathBuf,
    slot: Option<usize>,
}

impl Scratch {
    /// Registers `path` (which need not exist yet) for removal.
    pub fn new(path: PathBuf) -> Scratch {
        handle_signals();
        let slot = CString::new(path.as_os_str().as_encoded_bytes())
            .ok()
            .and_then(|c_path| {
                let raw = c_path.into_raw();
                let free = PENDING.iter().position(|slot| {
                    slot.compare_exchange(
                        std::ptr::null_mut(),
                        raw,
                        Ordering::AcqRel,
                        Ordering::Acquire,
                    )
                    .is_ok()
                });
                if free.is_none() {
                    // SAFETY: `raw` came from into_raw just above and was not stored.
                    drop(unsafe { CString::from_raw(raw) });
                }
                free
            });
        Scratch { path, slot }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // It may never have been written, or be gone already.
        let _ = std::fs::remove_file(&self.path);
        if let Some(slot) = self.slot {
            let raw = PENDING[slot].swap(std::ptr::null_mut(), Ordering::AcqRel);
            if !raw.is_null() {
                // SAFETY: `raw` came from CString::into_raw in `new` and is freed once, here.
                drop(unsafe { CString::from_raw(raw) });
            }
        }
    }
}

/// Removes what commands stopped without a chance to clean up left beside the database `db`
/// (`DB.offsite-…`, `DB.download-…` and their `.age.partial`) and in `backups`
/// (`jyoti-….db.age.partial`), unless the process that made it still runs. Called at start.
pub fn remove_stale(db: &Path, backups: Option<&Path>) {
    let Some(name) = db.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let folder = crate::files::folder_of(db);
    let ours = |file: &str| {
        file.starts_with(&format!("{name}.offsite-"))
            || file.starts_with(&format!("{name}.download-"))
    };
    let mut stale = Vec::new();
    for (dir, matches) in [
        (Some(folder), &ours as &dyn Fn(&str) -> bool),
        (backups, &|file: &str| {
            file.starts_with("jyoti-") && file.ends_with(".db.age.partial")
        }),
    ] {
        let Some(entries) = dir.and_then(|dir| std::fs::read_dir(dir).ok()) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let file = entry.file_name().to_string_lossy().into_owned();
            if matches(&file) && !made_by_a_running_process(&file) {
                stale.push(entry.path());
            }
        }
    }
    for path in stale {
        match std::fs::remove_file(&path) {
            Ok(()) => log::warn!(
                "removed {}, left by a command that was stopped",
                path.display()
            ),
            Err(err) => log::warn!("cannot remove {}: {err}", path.display()),
        }
    }
}

/// Whether the name's process id (`…-PID`, `…-PID.age.partial`, `…-PID.partial` or
/// `…-PID.partial-journal`) is a running process.
fn made_by_a_running_process(file: &str) -> bool {
    let mut base = file;
    for suffix in ["-journal", ".partial", ".age"] {
        base = base.strip_suffix(suffix).unwrap_or(base);
    }
    base.rsplit('-')
        .next()
        .and_then(|pid| pid.parse::<u32>().ok())
        .is_some_and(|pid| pid != std::process::id() && Path::new(&format!("/proc/{pid}")).exists())
}
