//! Line input for `play`: a line editor with history and Tab completion of
//! legal moves and commands at a terminal, plain lines from a pipe (so a
//! session can be scripted).

use std::io::{self, BufRead, IsTerminal};

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Editor, Helper};

/// Legal moves for tab completion.
pub struct MoveCompleter {
    moves: Vec<String>,
    commands: Vec<String>,
}

impl Helper for MoveCompleter {}
impl Highlighter for MoveCompleter {}
impl Validator for MoveCompleter {}
impl Hinter for MoveCompleter {
    type Hint = String;
}

impl Completer for MoveCompleter {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos].rfind(' ').map_or(0, |i| i + 1);
        let word = &line[start..pos];
        let candidates = self
            .moves
            .iter()
            .chain(&self.commands)
            .filter(|c| c.starts_with(word))
            .map(|c| Pair {
                display: c.clone(),
                replacement: c.clone(),
            })
            .collect();
        Ok((start, candidates))
    }
}

/// Where `play` reads its lines.
pub enum Input {
    Terminal(Box<Editor<MoveCompleter, rustyline::history::DefaultHistory>>),
    Piped(io::StdinLock<'static>),
}

impl Input {
    /// A line editor when standard input is a terminal, plain lines
    /// otherwise; `commands` are completed besides the legal moves.
    pub fn open(commands: &[&str]) -> Input {
        if io::stdin().is_terminal() {
            let helper = MoveCompleter {
                moves: Vec::new(),
                commands: commands.iter().map(|c| c.to_string()).collect(),
            };
            if let Ok(mut editor) = Editor::new() {
                editor.set_helper(Some(helper));
                return Input::Terminal(Box::new(editor));
            }
        }
        Input::Piped(io::stdin().lock())
    }

    /// The next line (`None` at the end of input), offering `legal` for
    /// completion.
    pub fn read(&mut self, prompt: &str, legal: &[String]) -> Option<String> {
        match self {
            Input::Terminal(editor) => {
                if let Some(h) = editor.helper_mut() {
                    h.moves = legal.to_vec();
                }
                loop {
                    match editor.readline(prompt) {
                        Ok(line) => {
                            if !line.trim().is_empty() {
                                let _ = editor.add_history_entry(line.as_str());
                            }
                            return Some(line);
                        }
                        Err(ReadlineError::Interrupted) => continue,
                        Err(_) => return None,
                    }
                }
            }
            Input::Piped(stdin) => {
                let mut line = String::new();
                match stdin.read_line(&mut line) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => Some(line),
                }
            }
        }
    }
}
