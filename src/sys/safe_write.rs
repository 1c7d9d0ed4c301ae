//! The one way this program writes a file: safely and atomically.
//!
//! Every writer (the TextUI's `SaveGame`, `play`'s `save`, the referee's
//! records and its opening files) goes through [`write_atomic`]:
//!
//! * **Not a regular file: refused.** A path that exists and is a device,
//!   a pipe, a socket or a directory is left alone
//!   ([`WriteError::NotRegularFile`]).
//! * **Links are written through.** A symbolic link is followed (link to
//!   link too); the new content replaces the final target, and the link
//!   stays a link. A dangling link is refused
//!   ([`WriteError::DanglingLink`]).
//! * **Atomic.** The content goes to a temporary file in the target's own
//!   folder, is synced to disk, and is renamed over the target; the folder
//!   is synced after. Readers see the old file or the new one, never a
//!   part; on any error the target is untouched and the temporary file is
//!   removed.
//! * **Permissions and ownership kept.** Replacing a file keeps its mode
//!   (and its owner and group, where the process may set them); a new file
//!   gets the usual mode from the umask. A file the process may not write
//!   to is refused (`Permission denied`), as a plain write would be.
//!
//! A replaced file that had other hard links is replaced by a new file:
//! those links keep the old content, as with any atomic save.
//!
//! ```
//! use antichess::sys::safe_write::{write_atomic, WriteError};
//! let dir = std::env::temp_dir().join(format!("safe-write-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("game.xml");
//! write_atomic(&path, b"first").unwrap();
//! write_atomic(&path, b"second").unwrap();
//! assert_eq!(std::fs::read(&path).unwrap(), b"second");
//! // A folder is not a regular file: refused, and left as it is.
//! assert!(matches!(write_atomic(&dir, b"x"), Err(WriteError::NotRegularFile)));
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::ffi::OsString;
use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Why a file could not be written. Its `Display` is the reason as the
/// TextUI prints it after `Save failed: `.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The path names no file (it ends in `..`, or is a root).
    #[error("not a file name")]
    NotAFileName,
    /// The path (or the final target of its link) exists and is a device,
    /// a pipe, a socket or a directory.
    #[error("not a regular file")]
    NotRegularFile,
    /// The path is a symbolic link whose target does not exist.
    #[error("dangling symbolic link to {}", .0.display())]
    DanglingLink(PathBuf),
    /// Links lead to links more than [`MAX_LINKS`] times.
    #[error("too many levels of symbolic links")]
    LinkLoop,
    /// The system refused (no such folder, permission denied, disk full).
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// How many symbolic links are followed before giving up (as Linux does).
pub const MAX_LINKS: usize = 40;

/// Writes `contents` to `path` safely (see the module documentation).
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), WriteError> {
    if path.file_name().is_none() {
        return Err(WriteError::NotAFileName);
    }
    let (target, existing) = resolve(path)?;
    if let Some(meta) = &existing {
        if !meta.file_type().is_file() {
            return Err(WriteError::NotRegularFile);
        }
        // Refuse what a plain write would be refused. Opening for writing
        // without truncation changes nothing.
        OpenOptions::new().write(true).open(&target)?;
    }
    let name = target.file_name().ok_or(WriteError::NotAFileName)?;
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let (tmp, mut file) = create_temporary(&dir, name)?;
    let result = (|| {
        if let Some(meta) = &existing {
            keep_mode_and_owner(&file, meta)?;
        }
        file.write_all(contents)?;
        file.sync_all()?;
        // The path may have changed since it was looked at: never rename
        // over anything but a regular file.
        match fs::symlink_metadata(&target) {
            Ok(now) if !now.file_type().is_file() => return Err(WriteError::NotRegularFile),
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e.into()),
            _ => {}
        }
        fs::rename(&tmp, &target)?;
        Ok(())
    })();
    drop(file);
    match result {
        Ok(()) => {
            // The new directory entry is durable once the folder is synced.
            if let Ok(d) = File::open(&dir) {
                let _ = d.sync_all();
            }
            Ok(())
        }
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// Follows symbolic links from `path` to the file to write: its path, and
/// its metadata if it exists.
fn resolve(path: &Path) -> Result<(PathBuf, Option<Metadata>), WriteError> {
    let mut current = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&current)?;
                // A relative target is relative to the link's folder.
                current = match current.parent() {
                    Some(dir) => dir.join(target),
                    None => target,
                };
            }
            Ok(meta) => return Ok((current, Some(meta))),
            Err(e) if e.kind() == io::ErrorKind::NotFound && current != path => {
                return Err(WriteError::DanglingLink(current));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((current, None)),
            Err(e) => return Err(e.into()),
        }
    }
    Err(WriteError::LinkLoop)
}

/// A new, empty temporary file beside the target: `.NAME.PID.N.tmp`.
fn create_temporary(dir: &Path, name: &std::ffi::OsStr) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    loop {
        let mut tmp_name = OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(
            ".{}.{}.tmp",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let tmp = dir.join(tmp_name);
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            // A leftover of an earlier process with the same id: try the
            // next name.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Gives the temporary file the replaced file's mode, owner and group.
#[cfg(unix)]
fn keep_mode_and_owner(file: &File, old: &Metadata) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let new = file.metadata()?;
    if (new.uid(), new.gid()) != (old.uid(), old.gid()) {
        // Only a privileged process may give a file away; otherwise the
        // new file stays the writer's, as with any editor's save.
        let _ = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()));
    }
    // After the owner: changing the owner may clear set-id bits.
    file.set_permissions(old.permissions())
}

#[cfg(not(unix))]
fn keep_mode_and_owner(file: &File, old: &Metadata) -> io::Result<()> {
    file.set_permissions(old.permissions())
}
