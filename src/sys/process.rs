//! A program run as a child process, line by line: lines in, lines out
//! with a timeout, killed and reaped when dropped. The referee runs TextUI
//! programs so; the TextUI's `--uci-engine` adapter runs UCI engines so.
//!
//! The command line is split into words here, as a POSIX shell splits
//! them (single and double quotes and backslashes honoured), and run
//! without a shell: `$(...)`, `;`, `|`, `*` and `$VAR` are passed on as
//! they are written, never interpreted. The program runs in a process
//! group of its own, so that the terminal's Ctrl-C reaches the referee
//! and not the players, and the whole group (with any child the program
//! started) is killed when the program is dropped.
//!
//! What the program writes is bounded: a line of standard output longer
//! than [`LINE_MAX`] bytes is a fault ([`Fault::LineTooLong`]) and is not
//! kept, at most [`QUEUE`] lines wait to be read (the program then blocks
//! on its pipe), and its standard error is read as it comes (so it never
//! blocks on a full pipe) with only its last line's first 240 bytes kept,
//! to say why a program that crashed or hung did so.

use crate::sys::input::InputLine;
use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

/// Longest line of standard output taken, in bytes (the protocols' lines
/// are far shorter): a longer one is a fault.
pub const LINE_MAX: usize = 64 * 1024;

/// Lines of output that may wait unread; past them the program blocks on
/// its pipe until they are read.
pub const QUEUE: usize = 256;

/// How often a wait for an answer looks at the interrupt flag.
const POLL: Duration = Duration::from_millis(50);

/// Why a child's answer could not be had, in words by its `Display`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// No answer within this time.
    Timeout(Duration),
    /// The program ended, or closed its output.
    Ended(Exit),
    /// It wrote a line longer than [`LINE_MAX`].
    LineTooLong,
    /// The wait was interrupted (Ctrl-C, or a match decided).
    Interrupted,
}

/// How a program's output ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this status.
    Status(i32),
    /// A signal killed it.
    Signal(i32),
    /// It closed its output but had not exited (or not yet).
    ClosedOutput,
    /// It was never started, or is gone after an earlier fault.
    NotRunning,
}

impl Fault {
    /// Whether the program crashed or left (rather than being slow, too
    /// wordy or interrupted).
    pub fn is_crash(&self) -> bool {
        matches!(self, Fault::Ended(_))
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Timeout(t) => write!(f, "gave no answer within {}", seconds(*t)),
            Fault::Ended(e) => e.fmt(f),
            Fault::LineTooLong => write!(f, "wrote a line longer than {LINE_MAX} bytes"),
            Fault::Interrupted => f.write_str("was interrupted"),
        }
    }
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exit::Status(code) => write!(f, "exited with status {code}"),
            Exit::Signal(n) => write!(f, "crashed (signal {n})"),
            Exit::ClosedOutput => f.write_str("closed its output"),
            Exit::NotRunning => f.write_str("is not running"),
        }
    }
}

/// A duration as people say it: `10 s`, `2.5 s`, `300 ms`.
fn seconds(t: Duration) -> String {
    let ms = t.as_millis();
    if ms < 1000 {
        format!("{ms} ms")
    } else if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", t.as_secs_f64())
    }
}

/// Splits a command line into words as a POSIX shell does (quotes and
/// backslashes honoured, nothing expanded): the program and its
/// arguments.
pub fn split_command(command: &str) -> io::Result<Vec<String>> {
    let words = shell_words::split(command)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, format!("{command:?}: {e}")))?;
    if words.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the command is empty",
        ));
    }
    Ok(words)
}

/// A running program.
pub struct ChildProgram {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<InputLine>,
    errors: Arc<ErrorTail>,
    interrupt: Option<Arc<AtomicBool>>,
    /// Set once the output has ended or broken: every later read fails so.
    fault: Option<Fault>,
}

/// Longest standard error line kept, in bytes; the rest of a longer line
/// is dropped (a program may print anything there, binary included).
const ERROR_LINE_MAX: usize = 240;

/// How long a program that failed is given for its last lines on
/// standard error to arrive (they may still be on their way when its
/// output has closed), and to exit.
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

/// Reads standard output line by line into `lines`, each line at most
/// [`LINE_MAX`] bytes (a longer one ends the reading), invalid UTF-8
/// replaced, a carriage return before the newline dropped.
fn read_lines(stdout: ChildStdout, lines: SyncSender<InputLine>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    let limit = (LINE_MAX + 2) as u64;
    loop {
        line.clear();
        let n = match (&mut reader).take(limit).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        let complete = line.last() == Some(&b'\n');
        if complete {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        if line.len() > LINE_MAX || (!complete && n as u64 == limit) {
            let _ = lines.send(InputLine::TooLong);
            return;
        }
        let text = String::from_utf8_lossy(&line).into_owned();
        if lines.send(InputLine::Text(text)).is_err() {
            return;
        }
    }
}

/// A line a program wrote, quoted for a report: at most its first 80
/// characters, then `...` and how long it was.
pub fn quote(line: &str) -> String {
    const SHOWN: usize = 80;
    match line.char_indices().nth(SHOWN) {
        None => format!("{line:?}"),
        Some((cut, _)) => format!("{:?}... ({} bytes)", &line[..cut], line.len()),
    }
}

impl ChildProgram {
    /// Starts `command` (split into words, run without a shell) in a
    /// process group of its own. An error says why it could not start
    /// (not found, not executable, an unclosed quote, empty).
    pub fn spawn(command: &str) -> io::Result<ChildProgram> {
        let words = split_command(command)?;
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|e| io::Error::new(e.kind(), format!("cannot run {:?}: {e}", words[0])))?;
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
        let (tx, lines) = mpsc::sync_channel(QUEUE);
        thread::spawn(move || read_lines(stdout, tx));
        Ok(ChildProgram {
            child,
            stdin,
            lines,
            errors,
            interrupt: None,
            fault: None,
        })
    }

    /// Makes every wait for an answer end with [`Fault::Interrupted`] soon
    /// after `flag` is set.
    pub fn watch(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// The last line the program wrote on its standard error, if any. A
    /// program that exited may still have lines on their way: this waits
    /// up to `wait` for its standard error to end.
    pub fn last_error(&self, wait: Duration) -> Option<String> {
        self.errors.last(wait)
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        if let Some(fault) = &self.fault {
            return Err(fault.clone());
        }
        let sent = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        sent.map_err(|_| self.ended())
    }

    /// How the program ended, once its output has: its exit status or
    /// signal if it exits within [`LAST_WORDS_WAIT`]. Every later read
    /// fails the same way.
    fn ended(&mut self) -> Fault {
        let deadline = Instant::now() + LAST_WORDS_WAIT;
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => break None,
            }
        };
        let fault = Fault::Ended(status.map_or(Exit::ClosedOutput, ending));
        self.fault = Some(fault.clone());
        fault
    }

    /// The next line of output, waiting at most `timeout`.
    pub fn recv(&mut self, timeout: Duration) -> Result<String, Fault> {
        if let Some(fault) = &self.fault {
            return Err(fault.clone());
        }
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let slice = if self.interrupt.is_some() {
                left.min(POLL)
            } else {
                left
            };
            match self.lines.recv_timeout(slice) {
                Ok(InputLine::Text(line)) => return Ok(line),
                Ok(InputLine::TooLong) => {
                    self.fault = Some(Fault::LineTooLong);
                    return Err(Fault::LineTooLong);
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.ended()),
                Err(RecvTimeoutError::Timeout) => {
                    if self
                        .interrupt
                        .as_ref()
                        .is_some_and(|f| f.load(Ordering::Relaxed))
                    {
                        return Err(Fault::Interrupted);
                    }
                    if Instant::now() >= deadline {
                        return Err(Fault::Timeout(timeout));
                    }
                }
            }
        }
    }

    /// A line the program printed that nobody has read yet, if any (an
    /// answer out of turn), without waiting; a line too long is a fault.
    pub fn unread(&mut self) -> Result<Option<String>, Fault> {
        match self.lines.try_recv() {
            Ok(InputLine::Text(line)) => Ok(Some(line)),
            Ok(InputLine::TooLong) => {
                self.fault = Some(Fault::LineTooLong);
                Err(Fault::LineTooLong)
            }
            Err(_) => Ok(None),
        }
    }

    /// Sends a line and waits for one answer.
    pub fn ask(&mut self, line: &str, timeout: Duration) -> Result<String, Fault> {
        self.send(line)?;
        self.recv(timeout)
    }
}

/// How an exit status reads.
fn ending(status: ExitStatus) -> Exit {
    match (status.code(), status.signal()) {
        (Some(code), _) => Exit::Status(code),
        (None, Some(signal)) => Exit::Signal(signal),
        (None, None) => Exit::ClosedOutput,
    }
}

impl Drop for ChildProgram {
    /// Kills the program's whole process group (its own children too) and
    /// reaps the program.
    fn drop(&mut self) {
        if let Ok(pid) = i32::try_from(self.child.id()) {
            let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
        }
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
        let fault = p.recv(WAIT).unwrap_err();
        assert_eq!(fault.to_string(), "exited with status 3");
        assert_eq!(p.last_error(WAIT).as_deref(), Some("last words"));
        // Every later read says the same.
        assert_eq!(p.ask("x", WAIT), Err(fault));
    }

    #[test]
    fn a_signal_is_named() {
        let mut p = ChildProgram::spawn("sh -c 'kill -SEGV $$'").unwrap();
        assert_eq!(p.recv(WAIT).unwrap_err().to_string(), "crashed (signal 11)");
    }

    #[test]
    fn a_silent_program_has_no_last_words() {
        let mut p = ChildProgram::spawn("sh -c 'exit 0'").unwrap();
        assert!(p.recv(WAIT).unwrap_err().is_crash());
        assert_eq!(p.last_error(WAIT), None);
    }

    #[test]
    fn a_hang_is_said_in_seconds() {
        let mut p = ChildProgram::spawn("sleep 5").unwrap();
        let fault = p.recv(Duration::from_millis(1500)).unwrap_err();
        assert_eq!(fault.to_string(), "gave no answer within 1.5 s");
    }

    #[test]
    fn a_program_that_cannot_run_is_an_error_at_once() {
        let e = ChildProgram::spawn("no-such-program-here --flag")
            .err()
            .unwrap();
        assert!(e.to_string().contains("no-such-program-here"), "{e}");
        assert!(ChildProgram::spawn("  ").is_err());
        assert!(ChildProgram::spawn("echo 'unclosed").is_err());
    }

    /// The command is split into words and run without a shell: nothing
    /// in it is expanded or run.
    #[test]
    fn no_shell_reads_the_command() {
        let mut p = ChildProgram::spawn(r#"printf '%s|%s|%s\n' "$(echo ran)" 'a b' \*"#).unwrap();
        assert_eq!(p.recv(WAIT).as_deref(), Ok("$(echo ran)|a b|*"));
    }

    /// A line over the limit is a fault, not a buffer that grows; lines
    /// read before it are still had, and a carriage return is dropped.
    #[test]
    fn a_line_too_long_is_a_fault() {
        let mut p = ChildProgram::spawn(&format!(
            "sh -c 'printf \"ok\\r\\n\"; printf \"%*s\" {} \"\" | tr \" \" x; echo; sleep 5'",
            LINE_MAX + 1
        ))
        .unwrap();
        assert_eq!(p.recv(WAIT).as_deref(), Ok("ok"));
        assert_eq!(p.recv(WAIT), Err(Fault::LineTooLong));
        // Exactly the limit is a line.
        let mut p = ChildProgram::spawn(&format!(
            "sh -c 'printf \"%*s\" {LINE_MAX} \"\" | tr \" \" x; echo; sleep 5'"
        ))
        .unwrap();
        assert_eq!(p.recv(WAIT).map(|l| l.len()), Ok(LINE_MAX));
    }

    #[test]
    fn a_long_line_is_quoted_by_its_start() {
        assert_eq!(quote("e2-e4"), "\"e2-e4\"");
        let long = "y".repeat(1000);
        assert_eq!(quote(&long), format!("{:?}... (1000 bytes)", &long[..80]));
    }

    /// Whether process `pid` is gone (or a zombie waiting for its reaper).
    fn gone(pid: &str) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => true,
            Ok(stat) => stat
                .rsplit(')')
                .next()
                .is_some_and(|rest| rest.trim_start().starts_with('Z')),
        }
    }

    /// A child the program started itself is killed with it.
    #[test]
    fn the_programs_own_children_end_with_it() {
        let mut p = ChildProgram::spawn("sh -c 'sleep 1005 & echo $!; exec cat'").unwrap();
        let pid = p.recv(WAIT).unwrap();
        assert!(!gone(&pid));
        drop(p);
        let started = Instant::now();
        while !gone(&pid) && started.elapsed() < WAIT {
            thread::sleep(Duration::from_millis(10));
        }
        assert!(gone(&pid), "sleep {pid} outlived its program");
    }

    #[test]
    fn an_interrupt_ends_the_wait() {
        let flag = Arc::new(AtomicBool::new(false));
        let mut p = ChildProgram::spawn("sleep 30").unwrap();
        p.watch(Arc::clone(&flag));
        let setter = {
            let flag = Arc::clone(&flag);
            thread::spawn(move || {
                thread::sleep(Duration::from_millis(100));
                flag.store(true, Ordering::Relaxed);
            })
        };
        let started = Instant::now();
        assert_eq!(p.recv(Duration::from_secs(30)), Err(Fault::Interrupted));
        assert!(started.elapsed() < Duration::from_secs(5));
        setter.join().unwrap();
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
