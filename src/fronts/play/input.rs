//! Line input for `play`: a line editor with history and Tab completion of
//! legal moves and commands at a terminal, plain lines from a pipe (so a
//! session can be scripted).

use std::collections::VecDeque;
use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use rustyline::ExternalPrinter;

use rustyline::Editor;
use rustyline::error::ReadlineError;

use crate::sys::completion::{self, Completions, Words};

/// Where `play` reads its lines.
pub enum Input {
    /// A line editor, and the lines of a paste past the first, each taken
    /// in turn as if typed.
    Terminal(
        Box<Editor<Completions, rustyline::history::DefaultHistory>>,
        VecDeque<String>,
        Words,
    ),
    Piped(io::StdinLock<'static>),
}

impl Input {
    /// A line editor when standard input is a terminal, plain lines
    /// otherwise; `commands` are completed besides the legal moves.
    pub fn open(commands: &[&str]) -> Input {
        if io::stdin().is_terminal() {
            let (helper, moves) = Completions::new(commands);
            if let Ok(mut editor) = Editor::new() {
                editor.set_helper(Some(helper));
                return Input::Terminal(Box::new(editor), VecDeque::new(), moves);
            }
        }
        Input::Piped(io::stdin().lock())
    }

    /// Whether the lines come from a person at a terminal.
    pub fn is_terminal(&self) -> bool {
        matches!(self, Input::Terminal(..))
    }

    /// [`Input::read`] on a clock: at a terminal, `alarm` (a time and a
    /// message) is printed above the prompt as soon as that time has
    /// passed with no line typed (a flag fall is seen when it happens,
    /// not at the next line).
    pub fn read_on_clock(
        &mut self,
        prompt: &str,
        legal: &[String],
        alarm: Option<(Duration, String)>,
    ) -> Option<String> {
        let (Input::Terminal(editor, pasted, _), Some((after, message))) = (&mut *self, alarm)
        else {
            return self.read(prompt, legal);
        };
        if !pasted.is_empty() {
            return self.read(prompt, legal);
        }
        let Ok(mut printer) = editor.create_external_printer() else {
            return self.read(prompt, legal);
        };
        let answered = Arc::new(AtomicBool::new(false));
        let watch = Arc::clone(&answered);
        thread::spawn(move || {
            let at = Instant::now() + after;
            while Instant::now() < at {
                if watch.load(Ordering::Relaxed) {
                    return;
                }
                thread::sleep(Duration::from_millis(20));
            }
            if !watch.load(Ordering::Relaxed) {
                let _ = printer.print(message);
            }
        });
        let line = self.read(prompt, legal);
        answered.store(true, Ordering::Relaxed);
        line
    }

    /// The next line (`None` at the end of input), offering `legal` for
    /// completion. Lines pasted together (the editor takes a paste whole)
    /// are handed out one at a time, each shown after the prompt.
    pub fn read(&mut self, prompt: &str, legal: &[String]) -> Option<String> {
        match self {
            Input::Terminal(editor, pasted, moves) => {
                if let Some(line) = pasted.pop_front() {
                    let mut out = io::stdout().lock();
                    let _ = writeln!(out, "{prompt}{line}");
                    let _ = out.flush();
                    return Some(line);
                }
                completion::offer(moves, legal.to_vec());
                loop {
                    match editor.readline(prompt) {
                        Ok(text) => {
                            let mut lines = text
                                .split(['\n', '\r'])
                                .filter(|l| !l.trim().is_empty())
                                .map(str::to_string);
                            let first = lines.next().unwrap_or_default();
                            pasted.extend(lines);
                            for line in std::iter::once(&first).chain(pasted.iter()) {
                                let _ = editor.add_history_entry(line.as_str());
                            }
                            return Some(first);
                        }
                        Err(ReadlineError::Interrupted) => continue,
                        Err(_) => return None,
                    }
                }
            }
            Input::Piped(stdin) => {
                let mut line = Vec::new();
                match crate::sys::input::read_line(stdin, &mut line) {
                    Ok(None) | Err(_) => None,
                    Ok(Some(false)) => Some(String::from_utf8_lossy(&line).into_owned()),
                    Ok(Some(true)) => {
                        println!(
                            "A line of more than {} bytes is ignored.",
                            crate::sys::input::MAX_LINE
                        );
                        Some(String::new())
                    }
                }
            }
        }
    }

    /// Asks which piece a pawn becomes: `Q`, `R`, `B` or `N`, or `None` when
    /// the player gives no answer (the move is then not played).
    pub fn ask_promotion(&mut self) -> Option<char> {
        loop {
            let answer = self.read(
                "Promote to queen (q), rook (r), bishop (b) or knight (n)? ",
                &[],
            )?;
            let piece = match answer.trim().to_ascii_lowercase().as_str() {
                "" => return None,
                "q" | "queen" => 'Q',
                "r" | "rook" => 'R',
                "b" | "bishop" => 'B',
                "n" | "knight" => 'N',
                _ => continue,
            };
            return Some(piece);
        }
    }
}
