//! Which commit a source tree is: shared by `build.rs` (which names it in the binary) and the
//! command-line tests (which check the binary names the one checked out).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The commit checked out at `root` (12 hex digits), with the files whose change moves it,
/// when `root` is a git work tree of its own (not, say, an unpacked source archive inside some
/// other repository).
pub struct CheckedOut {
    pub commit: String,
    /// HEAD, its reflog, and the branch HEAD names (loose and packed).
    pub moved_by: Vec<PathBuf>,
}

pub fn checked_out(root: &Path) -> Option<CheckedOut> {
    let git = |args: &[&str]| -> Option<String> {
        let output = Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .ok()?;
        let text = String::from_utf8(output.stdout).ok()?;
        (output.status.success() && !text.trim().is_empty()).then(|| text.trim().to_owned())
    };
    let top = PathBuf::from(git(&["rev-parse", "--show-toplevel"])?);
    if top.canonicalize().ok()? != root.canonicalize().ok()? {
        return None;
    }
    // In a linked work tree `.git` is a file: HEAD is in its own git dir, branches in the common one.
    let git_dir = root.join(git(&["rev-parse", "--git-dir"])?);
    let common_dir = root.join(git(&["rev-parse", "--git-common-dir"])?);
    let head = git_dir.join("HEAD");
    // Every commit, checkout and reset appends to HEAD's reflog, also when the branch is packed.
    let mut moved_by = vec![head.clone(), git_dir.join("logs/HEAD")];
    if let Some(branch) = std::fs::read_to_string(&head).ok().and_then(|text| {
        text.strip_prefix("ref: ")
            .map(|name| name.trim().to_owned())
    }) {
        moved_by.push(common_dir.join(branch));
        moved_by.push(common_dir.join("packed-refs"));
    }
    Some(CheckedOut {
        commit: git(&["rev-parse", "--short=12", "HEAD"])?,
        moved_by,
    })
}

/// The commit a build names: `JYOTI_BUILD_COMMIT` when set (a release built from an archive),
/// else the one checked out at `root`.
pub fn build_commit(from_environment: Option<&str>, root: &Path) -> Option<String> {
    match from_environment.map(str::trim) {
        Some(commit) if !commit.is_empty() => Some(commit.to_owned()),
        _ => checked_out(root).map(|tree| tree.commit),
    }
}
