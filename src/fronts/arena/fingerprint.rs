//! What a program's command runs, as a hash: workers that play a match
//! on other machines must run the same programs as the coordinator
//! meant. The hash covers the program the command's first word names
//! (found on `PATH` as the system would find it) and every later word
//! that names a file (a script, a network, an opening book), in order,
//! with their names as written; it is SHA-256, shown as its first 16
//! bytes in hexadecimal.

use std::io::Read;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::sys::process::split_command;

/// Bytes read from a file at a time.
const CHUNK: usize = 1 << 16;

/// The hash of what `command` runs; an error says which file could not
/// be read.
pub fn fingerprint(command: &str) -> Result<String, String> {
    let words = split_command(command).map_err(|e| e.to_string())?;
    let mut hash = Sha256::new();
    for (i, word) in words.iter().enumerate() {
        let file = if i == 0 {
            executable(word)
        } else {
            Some(PathBuf::from(word)).filter(|p| p.is_file())
        };
        hash.update(word.as_bytes());
        hash.update([0]);
        if let Some(path) = file {
            feed(&mut hash, &path).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let digest = hash.finalize();
    Ok(digest[..16].iter().map(|b| format!("{b:02x}")).collect())
}

/// The file the system runs for `word`: itself when it has a slash, else
/// the first of that name on `PATH`.
fn executable(word: &str) -> Option<PathBuf> {
    if word.contains('/') {
        return Some(PathBuf::from(word)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(word))
        .find(|p| p.is_file())
}

fn feed(hash: &mut Sha256, path: &Path) -> std::io::Result<()> {
    let mut file = std::fs::File::open(path)?;
    let mut buffer = vec![0; CHUNK];
    loop {
        let n = file.read(&mut buffer)?;
        if n == 0 {
            return Ok(());
        }
        hash.update(&buffer[..n]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_follows_the_files_a_command_names() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("engine.sh");
        std::fs::write(&script, "echo one\n").unwrap();
        let command = format!("sh {}", script.display());
        let before = fingerprint(&command).unwrap();
        assert_eq!(before.len(), 32);
        assert_eq!(fingerprint(&command).unwrap(), before);
        std::fs::write(&script, "echo two\n").unwrap();
        assert_ne!(fingerprint(&command).unwrap(), before);
        assert_ne!(
            fingerprint("sh -c true").unwrap(),
            fingerprint("sh -c false").unwrap()
        );
    }
}
