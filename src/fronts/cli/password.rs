//! Passwords typed by a person: at a terminal with echo off, else the
//! first line of standard input (for scripts).

use std::io::{self, BufRead, IsTerminal, Write};

use anyhow::{Context, Result, bail};

/// The longest password read.
const MAX: usize = 256;

/// The password: asked at a terminal with echo off (twice when `confirm`,
/// both answers the same), else the first line of standard input.
pub fn read(confirm: bool) -> Result<String> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        let first = ask("Password: ")?;
        if confirm && ask("Again: ")? != first {
            bail!("the two passwords differ");
        }
        return Ok(first);
    }
    let mut line = String::new();
    io::Read::take(stdin.lock(), MAX as u64 + 2)
        .read_line(&mut line)
        .context("cannot read the password")?;
    Ok(line.trim_end_matches(['\n', '\r']).to_string())
}

/// Asks at the terminal with echo off.
fn ask(prompt: &str) -> Result<String> {
    use nix::sys::termios::{LocalFlags, SetArg, tcgetattr, tcsetattr};
    let stdin = io::stdin();
    let saved = tcgetattr(&stdin).ok();
    if let Some(t) = &saved {
        let mut quiet = t.clone();
        quiet.local_flags.remove(LocalFlags::ECHO);
        let _ = tcsetattr(&stdin, SetArg::TCSANOW, &quiet);
    }
    eprint!("{prompt}");
    let _ = io::stderr().flush();
    let mut line = String::new();
    let read = stdin.lock().read_line(&mut line);
    if let Some(t) = &saved {
        let _ = tcsetattr(&stdin, SetArg::TCSANOW, t);
    }
    eprintln!();
    read.context("cannot read the password")?;
    Ok(line.trim_end_matches(['\n', '\r']).to_string())
}
