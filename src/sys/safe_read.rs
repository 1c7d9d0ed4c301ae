//! The one way this program reads a whole file named by a user: only a
//! regular file (through links), and never more than a bound, so that a
//! pipe, a device or a huge file cannot leave it waiting or filling memory.
//! Game files, opening suites and Connect Four books are read so; each
//! caller words the error for its own kind of file.
//!
//! ```
//! use antichess::sys::safe_read::{read_bounded, ReadError};
//! let dir = std::env::temp_dir();
//! assert!(matches!(read_bounded(&dir, 1 << 20), Err(ReadError::NotRegularFile)));
//! ```

use std::io::Read;
use std::path::Path;

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    /// It could not be found or opened.
    Open(std::io::Error),
    /// It is a directory, pipe, socket or device.
    NotRegularFile,
    /// Reading it failed part way.
    Read(std::io::Error),
    /// It holds more than the bound allowed (the bound, in bytes).
    TooLarge(u64),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Open(e) => write!(f, "cannot open: {e}"),
            ReadError::NotRegularFile => f.write_str("not a regular file"),
            ReadError::Read(e) => write!(f, "cannot read: {e}"),
            ReadError::TooLarge(limit) => write!(f, "larger than {limit} bytes"),
        }
    }
}

/// Game files larger than this are refused (a game of ten thousand moves
/// is about 600 KB).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The bytes of the regular file at `path`, if it holds at most `limit`
/// of them. The bound is kept while reading, so a file that grows after it
/// was looked at is refused all the same.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let meta = std::fs::metadata(path).map_err(ReadError::Open)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegularFile);
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge(limit));
    }
    let file = std::fs::File::open(path).map_err(ReadError::Open)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Read)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge(limit));
    }
    Ok(bytes)
}
