//! Tab completion at a terminal's line editor: the words on offer (legal
//! moves, commands) are shared, so whoever knows the game can change them
//! while a line is being typed on another thread.

use std::sync::{Arc, Mutex};

use rustyline::completion::{Completer, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

/// The words offered for completion, shared with the line editor.
pub type Words = Arc<Mutex<Vec<String>>>;

/// The line editor's helper: completes the word before the cursor from
/// the moves of the moment, then the fixed commands.
pub struct Completions {
    moves: Words,
    commands: Vec<String>,
}

impl Completions {
    /// Completions of `commands`, and of the moves put in the returned
    /// [`Words`].
    pub fn new(commands: &[&str]) -> (Completions, Words) {
        let moves = Words::default();
        let helper = Completions {
            moves: Arc::clone(&moves),
            commands: commands.iter().map(|c| c.to_string()).collect(),
        };
        (helper, moves)
    }
}

/// Sets the words on offer.
pub fn offer(words: &Words, now: Vec<String>) {
    if let Ok(mut w) = words.lock() {
        *w = now;
    }
}

impl Helper for Completions {}
impl Highlighter for Completions {}
impl Validator for Completions {}
impl Hinter for Completions {
    type Hint = String;
}

impl Completer for Completions {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos].rfind(' ').map_or(0, |i| i + 1);
        let word = &line[start..pos];
        let moves = self.moves.lock().map(|m| m.clone()).unwrap_or_default();
        let candidates = moves
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

#[cfg(test)]
mod tests {
    use super::*;
    use rustyline::history::DefaultHistory;

    #[test]
    fn completes_the_moves_of_the_moment_then_the_commands() {
        let (helper, moves) = Completions::new(&["hint", "help"]);
        let history = DefaultHistory::new();
        let context = Context::new(&history);
        offer(&moves, vec!["e2e4".into(), "e2e3".into(), "h2h3".into()]);
        let (start, found) = helper.complete("go e2", 5, &context).unwrap();
        assert_eq!(start, 3);
        let found: Vec<_> = found.iter().map(|p| p.replacement.as_str()).collect();
        assert_eq!(found, ["e2e4", "e2e3"]);
        offer(&moves, vec!["h7h6".into()]);
        let (_, found) = helper.complete("h", 1, &context).unwrap();
        let found: Vec<_> = found.iter().map(|p| p.replacement.as_str()).collect();
        assert_eq!(found, ["h7h6", "hint", "help"]);
    }
}
