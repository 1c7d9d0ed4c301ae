//! A program run as a child process, line by line: lines in, lines out
//! with a timeout, killed and reaped when dropped. The referee runs TextUI
//! programs so; the TextUI's `--uci-engine` adapter runs UCI engines so.
//! What the program writes on its standard error is read as it comes (so
//! it never blocks on a full pipe) and its last line is kept, to say why
//! a program that crashed or hung did so.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStderr, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Why a child's answer could not be had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// No answer in time.
    Timeout,
    /// The program exited or closed its output.
    Crashed,
}

/// A running program.
pub struct ChildProgram {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    errors: Arc<ErrorTail>,
}

/// Longest standard error line kept, in bytes; the rest of a longer line
/// is dropped (a program may print anything there, binary included).
const ERROR_LINE_MAX: usize = 240;

/// How long a program that failed is given for its last lines on
/// standard error to arrive (they may still be on their way when its
/// output has closed).
pub const LAST_WORDS_WAIT: Duration = Duration::from_millis(300);

/// What a failure message ends with to quote a program's last line on
/// standard error: ` (its standard error: "...")`, or nothing.
pub fn quote_last_words(line: Option<&str>) -> String {
    line.map(|l| format!(" (its standard error: {l:?})"))
        .unwrap_or_default()
}

/// What the reader of a program's standard error has seen so far.
#[derive(Default)]
struct Tail {
    /// The last non-blank line.
    last: Option<String>,
    /// Whether the output has ended.
    ended: bool,
}

/// The last non-blank line a program wrote on its standard error, and
/// whether that output has ended.
#[derive(Default)]
struct ErrorTail {
    state: Mutex<Tail>,
    ended: Condvar,
}

impl ErrorTail {
    /// Reads `stderr` to its end, keeping its last non-blank line.
    fn read_from(&self, mut stderr: ChildStderr) {
        let mut line = Vec::new();
        let mut chunk = [0u8; 4096];
        loop {
            let n = match stderr.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            for &byte in &chunk[..n] {
                if byte == b'\n' {
                    self.keep(&line);
                    line.clear();
                } else if line.len() < ERROR_LINE_MAX {
                    line.push(byte);
                }
            }
        }
        self.keep(&line);
        self.state.lock().unwrap_or_else(|e| e.into_inner()).ended = true;
        self.ended.notify_all();
    }

    fn keep(&self, line: &[u8]) {
        let text: String = String::from_utf8_lossy(line)
            .chars()
            .filter(|c| !c.is_control())
            .collect();
        let text = text.trim();
        if !text.is_empty() {
            self.state.lock().unwrap_or_else(|e| e.into_inner()).last = Some(text.to_string());
        }
    }

    /// The last line, waiting up to `wait` for the output to end first.
    fn last(&self, wait: Duration) -> Option<String> {
        let deadline = Instant::now() + wait;
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while !state.ended {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            state = match self.ended.wait_timeout(state, left) {
                Ok((s, _)) => s,
                Err(e) => e.into_inner().0,
            };
        }
        state.last.clone()
    }
}

impl ChildProgram {
    /// Starts `command` through `sh -c "exec ..."`, so the program itself
    /// (not a shell around it) is the child that is killed and reaped.
    pub fn spawn(command: &str) -> io::Result<ChildProgram> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout"))?;
        let errors = Arc::new(ErrorTail::default());
        if let Some(stderr) = child.stderr.take() {
            let errors = Arc::clone(&errors);
            thread::spawn(move || errors.read_from(stderr));
        }
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(ChildProgram {
            child,
            stdin,
            lines,
            errors,
        })
    }

    /// The last line the program wrote on its standard error, if any. A
    /// program that exited may still have lines on their way: this waits
    /// up to `wait` for its standard error to end.
    pub fn last_error(&self, wait: Duration) -> Option<String> {
        self.errors.last(wait)
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| Fault::Crashed)
    }

    /// The next line of output, waiting at most `timeout`.
    pub fn recv(&mut self, timeout: Duration) -> Result<String, Fault> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Ok(line.trim_end_matches('\r').to_string()),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Fault::Crashed),
        }
    }

    /// A line the program printed that nobody has read yet, if any (an
    /// answer out of turn), without waiting.
    pub fn unread(&mut self) -> Option<String> {
        self.lines.try_recv().ok()
    }

    /// Sends a line and waits for one answer.
    pub fn ask(&mut self, line: &str, timeout: Duration) -> Result<String, Fault> {
        self.send(line)?;
        self.recv(timeout)
    }
}

impl Drop for ChildProgram {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WAIT: Duration = Duration::from_secs(5);

    #[test]
    fn a_crash_keeps_its_last_line_on_standard_error() {
        let mut p = ChildProgram::spawn(
            "sh -c 'echo first >&2; echo \"  last words \" >&2; echo >&2; exit 3'",
        )
        .unwrap();
        assert_eq!(p.recv(WAIT), Err(Fault::Crashed));
        assert_eq!(p.last_error(WAIT).as_deref(), Some("last words"));
    }

    #[test]
    fn a_silent_program_has_no_last_words() {
        let mut p = ChildProgram::spawn("sh -c 'exit 0'").unwrap();
        assert_eq!(p.recv(WAIT), Err(Fault::Crashed));
        assert_eq!(p.last_error(WAIT), None);
    }

    /// More than a pipe holds goes to standard error before the answer:
    /// it is drained as it comes, and only the start of the long line is
    /// kept.
    #[test]
    fn a_flood_on_standard_error_neither_blocks_nor_grows() {
        let mut p = ChildProgram::spawn(
            "sh -c 'printf \"%*s\" 200000 \"\" | tr \" \" x >&2; printf \"\\001\\n\" >&2; echo done; sleep 5'",
        )
        .unwrap();
        assert_eq!(p.recv(WAIT).as_deref(), Ok("done"));
        // The control character's line is blank once cleaned: the long
        // line stays the last (once the reader has caught up).
        let started = Instant::now();
        let long = "x".repeat(ERROR_LINE_MAX);
        while p.last_error(Duration::ZERO).as_ref() != Some(&long) && started.elapsed() < WAIT {
            thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(p.last_error(Duration::ZERO), Some(long));
    }
}
