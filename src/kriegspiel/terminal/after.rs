//! What comes after a Kriegspiel game at the terminal: the player's log,
//! the game as PGN for `save`, and the questions between games.

use std::path::Path;

use super::{AfterGame, HELP_AFTER, HotSeat, say};
use crate::arena::TimeControl;
use crate::kriegspiel::ending_words;
use crate::kriegspiel::umpire::Attempt;
use crate::pgn;
use crate::rules::Color;
use crate::safe_write::write_atomic;

impl HotSeat {
    pub(super) fn print_log(&mut self, color: Color) {
        say(&self.seat(color).known.log_text());
    }

    /// The game as PGN, for `save FILE`.
    pub(super) fn pgn(&self) -> String {
        let name = |c: Color| {
            if self.seats.get(c).human {
                "human".to_string()
            } else {
                format!("computer ({})", self.options.strategy.name())
            }
        };
        let tags = [
            ("Event", "antichess kriegspiel".to_string()),
            ("Site", "local".to_string()),
            ("Date", pgn::today()),
            ("Round", "1".to_string()),
            ("White", name(Color::White)),
            ("Black", name(Color::Black)),
            (
                "TimeControl",
                TimeControl::sudden_death(self.options.clock_ms).to_string(),
            ),
            (
                "Termination",
                self.game
                    .outcome()
                    .map_or(String::new(), |o| ending_words(o, self.game.turn())),
            ),
            ("PlyCount", self.game.plies().len().to_string()),
        ];
        self.game.pgn(&tags)
    }

    /// After the game: board, flip, log, save, new, help, quit.
    pub(super) fn between_games(&mut self) -> AfterGame {
        self.reveal();
        say("Type save FILE, new or quit.");
        loop {
            let Some(line) = self.input.read("> ", &[]) else {
                return AfterGame::Quit;
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&first) = words.first() else {
                continue;
            };
            match first {
                "board" => self.reveal(),
                "flip" => {
                    self.reveal_flipped = !self.reveal_flipped;
                    self.reveal();
                }
                "log" => self.print_log(self.last_human),
                "save" if words.len() == 2 => {
                    let path = words[1];
                    match write_atomic(Path::new(path), self.pgn().as_bytes()) {
                        Ok(()) => say(&format!("Saved to {path}.")),
                        Err(e) => say(&format!("Could not save {path}: {e}")),
                    }
                }
                "save" => say("Usage: save FILE"),
                "new" => {
                    say("New game.");
                    return AfterGame::NewGame;
                }
                "help" | "?" => say(HELP_AFTER),
                "quit" => return AfterGame::Quit,
                _ if Attempt::read_typed(first).is_some() => {
                    say("The game is over. Type save FILE, new or quit.");
                }
                other => say(&format!(
                    "Unknown command \"{other}\". Type save FILE, new or quit."
                )),
            }
        }
    }
}
