//! The TextUI: the line protocol of `textui.md` over standard input and
//! output. With a terminal, rustyline gives line editing, history and a
//! prompt; when piped, nothing but protocol answers is printed, flushed
//! after every command.

pub mod command;
mod computer;
mod session;
mod uci_player;

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

pub use session::{EngineOptions, Reply, Session, Style};
pub use uci_player::UciFailure;

/// Longest input line accepted; a longer one is an `Input error`.
pub const MAX_LINE: usize = 1 << 16;

/// Runs the TextUI on standard input and output until `QuitGame` or the end
/// of input. When the UCI engine of `--uci-engine` gives no move, piped
/// input ends the session with a failure (a referee then scores the engine's
/// failure as a crash, not a move by another engine); at a terminal the
/// reason is shown and the session goes on.
pub fn run(options: EngineOptions) -> ExitCode {
    let mut session = Session::new(options);
    let stdin = io::stdin();
    if stdin.is_terminal()
        && let Ok(mut editor) = rustyline::DefaultEditor::new()
    {
        return interactive(&mut session, &mut editor);
    }
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    let mut line = Vec::new();
    loop {
        match read_line(&mut input, &mut line) {
            Ok(None) => return ExitCode::SUCCESS,
            Ok(Some(too_long)) => {
                let reply = if too_long {
                    Reply {
                        text: "Input error\n".into(),
                        ..Reply::default()
                    }
                } else {
                    session.handle_line(&line)
                };
                if out
                    .write_all(reply.text.as_bytes())
                    .and_then(|()| out.flush())
                    .is_err()
                {
                    return ExitCode::SUCCESS;
                }
                if let Some(failure) = reply.failure {
                    eprintln!("antichess: {failure}: no move, the session ends");
                    return ExitCode::FAILURE;
                }
                if reply.quit {
                    return ExitCode::SUCCESS;
                }
            }
            Err(e) => {
                eprintln!("antichess: cannot read standard input: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
}

fn interactive(session: &mut Session, editor: &mut rustyline::DefaultEditor) -> ExitCode {
    loop {
        match editor.readline("antichess> ") {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                let reply = session.handle_line(line.as_bytes());
                print!("{}", reply.text);
                let _ = io::stdout().flush();
                if let Some(failure) = reply.failure {
                    eprintln!("antichess: {failure}: no move");
                }
                if reply.quit {
                    return ExitCode::SUCCESS;
                }
            }
            Err(rustyline::error::ReadlineError::Interrupted) => continue,
            Err(_) => return ExitCode::SUCCESS,
        }
    }
}

/// Reads one line into `buf` (without its line feed). Returns `None` at the
/// end of input, `Some(true)` when the line was longer than [`MAX_LINE`]
/// (the rest of it is skipped, never stored).
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<bool>> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        if buf.len() + part.len() > MAX_LINE {
            too_long = true;
            buf.clear();
        } else if !too_long {
            buf.extend_from_slice(part);
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            return Ok(Some(too_long));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_with_and_without_final_newline() {
        let mut input = io::Cursor::new(b"a\r\n\nlast".to_vec());
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"a\r");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"last");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), None);
    }

    #[test]
    fn overlong_lines_are_flagged_not_stored() {
        let mut data = vec![b'x'; MAX_LINE * 3];
        data.extend_from_slice(b"\nok\n");
        let mut input = io::BufReader::with_capacity(1000, io::Cursor::new(data));
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(true));
        assert!(buf.len() <= MAX_LINE);
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"ok");
    }
}
