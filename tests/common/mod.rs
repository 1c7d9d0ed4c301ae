//! What several test files share: running the binary on an input.

#[allow(dead_code)] // Only the server's tests start one.
pub mod server;

#[allow(dead_code)] // Only the tests over PostgreSQL start a cluster.
pub mod postgres;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs the binary with `args` in the crate's folder, `input` on standard
/// input; its exit code, standard output and standard error.
#[allow(dead_code)] // Not every test file runs it in the crate's folder.
pub fn run_binary(args: &[&str], input: &str) -> (i32, String, String) {
    run_binary_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, input)
}

/// [`run_binary`] in the folder `dir`, with `NO_COLOR` set (plain output
/// whatever the terminal).
pub fn run_binary_in(dir: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_antichess"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The program may exit before reading everything.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Makes a named pipe at `path` (a special file for robustness tests,
/// always in a temporary folder).
#[allow(dead_code)] // Not every test file needs one.
pub fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success(), "mkfifo {}", path.display());
}

/// Runs the binary with `args` on `megabytes` MB of NUL bytes without a
/// line feed (what `/dev/zero` gives), then `tail`; its standard output.
/// The writer stops early if the program closes its input.
#[allow(dead_code)] // Not every test file feeds endless lines.
pub fn run_on_endless_line(args: &[&str], megabytes: usize, tail: &'static [u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_antichess"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let block = vec![0u8; 1 << 20];
        for _ in 0..megabytes {
            if stdin.write_all(&block).is_err() {
                return;
            }
        }
        let _ = stdin.write_all(tail);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// The numbers of the games a referee's log reports (`game N: ...`
/// lines), in order.
#[allow(dead_code)] // Only the match tests read a referee's log.
pub fn game_numbers(log: &str) -> Vec<u32> {
    let mut numbers: Vec<u32> = log
        .lines()
        .filter_map(|l| l.strip_prefix("game "))
        .map(|l| l.split(':').next().unwrap().trim().parse().unwrap())
        .collect();
    numbers.sort_unstable();
    numbers
}
