//! The TextUI: the line protocol of `textui.md` over standard input and
//! output. With a terminal, rustyline gives line editing, history and a
//! prompt; when piped, nothing but protocol answers is printed, flushed
//! after every command.

pub mod command;
mod session;

use std::io::{self, IsTerminal, Write};

use crate::sys::input::read_line;
use std::process::ExitCode;

pub use session::{Dialog, Reply};

use crate::game::{EngineOptions, Registry};

/// Runs the TextUI on standard input and output until `QuitGame` or the end
/// of input. When the UCI engine of `--uci-engine` gives no move, piped
/// input ends the session with a failure (a referee then scores the engine's
/// failure as a crash, not a move by another engine); at a terminal the
/// reason is shown and the session goes on.
pub fn run(options: EngineOptions) -> ExitCode {
    run_with(crate::games::builtin(), options)
}

/// Runs the TextUI for the games of `games` (see [`run`]).
pub fn run_with(games: Registry, options: EngineOptions) -> ExitCode {
    let mut session = Dialog::with_games(games, options);
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
        // A line over [`crate::sys::input::MAX_LINE`] is an `Input error`.
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

fn interactive(session: &mut Dialog, editor: &mut rustyline::DefaultEditor) -> ExitCode {
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
