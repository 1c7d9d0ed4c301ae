//! The client's terminal: where typed lines come from and where the
//! server's lines, boards and clocks go.
//!
//! At a terminal (a person, not `--bot`) a line editor reads what is typed,
//! with history and Tab completion of the current game's moves and the
//! commands, on a thread of its own; everything shown goes through the
//! editor, above the line being typed, which stays as it was. While a game
//! is going on, a clock line just above the prompt is redrawn each second
//! (the side to move's clock running); anything else shown pushes it up
//! and a new one follows. From a pipe, lines are read plainly (each at most
//! [`crate::sys::input::MAX_LINE`] bytes) and nothing is redrawn: a script gets
//! the same bytes every time.

use std::cell::{Cell, RefCell};
use std::io::{self, IsTerminal, Write};
use std::sync::mpsc::Sender;

use rustyline::{Editor, ExternalPrinter};

use super::link::Event;
use crate::sys::completion::{self, Completions, Words};
use crate::sys::input::{self, InputLine};

/// The line editor's prompt.
const PROMPT: &str = "% ";

/// Moves the cursor to the line above and clears it.
const OVER_LAST_LINE: &str = "\x1b[1A\r\x1b[2K";

/// Where lines are shown (by the client's loop, on one thread; the line
/// editor reads on its own).
pub struct Console {
    /// The line editor's printer, at a terminal.
    printer: Option<RefCell<Box<dyn ExternalPrinter>>>,
    /// The words Tab completes.
    words: Words,
    /// The last line shown is the clock line.
    clock_shown: Cell<bool>,
}

impl Console {
    /// Starts reading typed lines into `events` (`Event::Typed`, then
    /// `Event::EndOfInput`): with a line editor when `interactive` and
    /// standard input and output are terminals.
    pub fn open(events: Sender<Event>, interactive: bool, commands: &[&str]) -> Console {
        let (helper, words) = Completions::new(commands);
        let terminal = interactive && io::stdin().is_terminal() && io::stdout().is_terminal();
        if terminal && let Ok(mut editor) = Editor::new() {
            editor.set_helper(Some(helper));
            if let Ok(printer) = editor.create_external_printer() {
                std::thread::spawn(move || edit(editor, events));
                return Console {
                    printer: Some(RefCell::new(Box::new(printer))),
                    words,
                    clock_shown: Cell::new(false),
                };
            }
        }
        std::thread::spawn(move || {
            for line in input::lines(io::stdin().lock()) {
                let line = match line {
                    InputLine::Text(text) => text,
                    InputLine::TooLong => {
                        show_plain(&format!(
                            "A line of more than {} bytes is not sent.",
                            input::MAX_LINE
                        ));
                        continue;
                    }
                };
                if events.send(Event::Typed(line)).is_err() {
                    return;
                }
            }
            let _ = events.send(Event::EndOfInput);
        });
        Console {
            printer: None,
            words,
            clock_shown: Cell::new(false),
        }
    }

    /// Shows `text` (one or more lines).
    pub fn show(&self, text: &str) {
        self.clock_shown.set(false);
        self.print(text.to_string());
    }

    /// A line was typed: the clock line is no longer the last one.
    pub fn typed(&self) {
        self.clock_shown.set(false);
    }

    /// Redraws the clock line (at a terminal only): over the last one when
    /// nothing was shown since.
    pub fn tick(&self, clocks: &str) {
        if self.printer.is_none() {
            return;
        }
        let over = self.clock_shown.replace(true);
        self.print(if over {
            format!("{OVER_LAST_LINE}{clocks}")
        } else {
            clocks.to_string()
        });
    }

    /// Whether a person types at a line editor.
    pub fn is_terminal(&self) -> bool {
        self.printer.is_some()
    }

    /// Offers `words` (the moves of the moment) to Tab completion.
    pub fn offer(&self, words: Vec<String>) {
        completion::offer(&self.words, words);
    }

    fn print(&self, text: String) {
        match &self.printer {
            Some(printer) => {
                let _ = printer.borrow_mut().print(text);
            }
            None => show_plain(&text),
        }
    }
}

/// A line on standard output.
fn show_plain(text: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// Reads lines at the line editor until the end of input (Ctrl-D) or
/// Ctrl-C; lines pasted together are sent one by one.
fn edit(
    mut editor: Editor<Completions, rustyline::history::DefaultHistory>,
    events: Sender<Event>,
) {
    while let Ok(text) = editor.readline(PROMPT) {
        for line in text.split(['\n', '\r']).filter(|l| !l.trim().is_empty()) {
            let _ = editor.add_history_entry(line);
            if events.send(Event::Typed(line.to_string())).is_err() {
                return;
            }
        }
    }
    let _ = events.send(Event::EndOfInput);
}
