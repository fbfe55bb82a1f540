//! The free space of the database's disk, and the check that says when it is nearly full.

use super::Check;
use std::path::Path;

/// Below this share of the disk the disk is reported nearly full...
const LOW_DISK_PERCENT: u64 = 5;
/// ...but never with less free than this (a small disk)...
const LOW_DISK_AT_LEAST: u64 = 100 * 1024 * 1024;
/// ...nor with more than this (a large disk: 5 % of 250 GB is room for years of this site).
const LOW_DISK_AT_MOST: u64 = 1024 * 1024 * 1024;
/// Below this much, a write that needs room fails: the database cannot take writes.
pub(super) const FULL_DISK_BYTES: u64 = 1024 * 1024;

/// The disk check: full, nearly full, or how much is free.
pub(super) fn disk(space: Option<Space>) -> Check {
    let Some(space) = space else {
        return Check::warn("The free space of the database's disk cannot be read.");
    };
    let low_below =
        (space.total / 100 * LOW_DISK_PERCENT).clamp(LOW_DISK_AT_LEAST, LOW_DISK_AT_MOST);
    let low = space.free < low_below;
    let free = format!("{} free of {}", size(space.free), size(space.total));
    match space.free {
        free_bytes if free_bytes < FULL_DISK_BYTES => {
            Check::fail(format!("The disk is full ({free}): free space on the server."))
        }
        _ if low => Check::warn(format!(
            "The disk is nearly full ({free}): free space on the server (old backups, logs) before the site stops saving."
        )),
        _ => Check::ok(format!("{free}.")),
    }
}

/// A size as people read a disk's: "71 GB", "850 MB", "1.5 GB" (powers of 1024, as `df -h`).
fn size(bytes: u64) -> String {
    const MB: f64 = 1024.0 * 1024.0;
    let mb = bytes as f64 / MB;
    match mb {
        mb if mb >= 10.0 * 1024.0 => format!("{:.0} GB", mb / 1024.0),
        mb if mb >= 1024.0 => format!("{:.1} GB", mb / 1024.0),
        mb => format!("{mb:.0} MB"),
    }
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Space {
    pub(super) free: u64,
    pub(super) total: u64,
}

/// The space left to this user on the disk holding `folder`.
pub(super) fn free_space(folder: &Path) -> Option<Space> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(folder.as_os_str().as_bytes()).ok()?;
    // SAFETY: statvfs is plain data that the call fills for a NUL-terminated path.
    let mut stats: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(path.as_ptr(), &mut stats) } != 0 {
        return None;
    }
    let unit = stats.f_frsize as u64;
    Some(Space {
        free: stats.f_bavail as u64 * unit,
        total: stats.f_blocks as u64 * unit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::health::State;

    #[test]
    fn sizes_read_as_a_disk_tool_writes_them() {
        assert_eq!(size(75_980_000_000), "71 GB");
        assert_eq!(size(1_610_612_736), "1.5 GB");
        assert_eq!(size(850 * 1024 * 1024), "850 MB");
        let check = disk(Some(Space {
            free: 75_980_000_000,
            total: 283_700_000_000,
        }));
        assert_eq!(check.message, "71 GB free of 264 GB.");
    }

    #[test]
    fn a_disk_is_nearly_full_under_5_percent_within_100_mb_and_1_gb_and_full_under_a_megabyte() {
        let gb = 1_000_000_000;
        assert_eq!(
            disk(Some(Space {
                free: 50 * gb,
                total: 100 * gb
            }))
            .state,
            State::Ok
        );
        // 4 % of a large disk is still gigabytes: room for years of this site.
        assert_eq!(
            disk(Some(Space {
                free: 4 * gb,
                total: 100 * gb
            }))
            .state,
            State::Ok
        );
        assert_eq!(
            disk(Some(Space {
                free: gb / 2,
                total: 100 * gb
            }))
            .state,
            State::Warn
        );
        assert_eq!(
            disk(Some(Space {
                free: 800_000_000,
                total: 10 * gb
            }))
            .state,
            State::Ok
        );
        assert_eq!(
            disk(Some(Space {
                free: 400_000_000,
                total: 10 * gb
            }))
            .state,
            State::Warn
        );
        assert_eq!(
            disk(Some(Space {
                free: 90_000_000,
                total: gb
            }))
            .state,
            State::Warn
        );
        assert_eq!(
            disk(Some(Space {
                free: 1000,
                total: gb
            }))
            .state,
            State::Fail
        );
        assert_eq!(disk(None).state, State::Warn);
    }
}
