//! A program run as a child process, line by line: lines in, lines out
//! with a timeout, killed and reaped when dropped. The referee runs TextUI
//! programs so; the TextUI's `--uci-engine` adapter runs UCI engines so.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

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
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout"))?;
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
        })
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
