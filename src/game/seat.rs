//! One viewer's knowledge of a game, away from the game: built from what
//! it is told, for `play`'s table, the client and the server's seat lines.

use shakmaty::ByColor;

use super::any::AnyGame;
use super::options::EngineOptions;
use super::types::{Checked, EngineFailure, Told, Viewer};
use super::view::Style;
use super::{Color, Outcome};

/// One viewer's knowledge of a game, and what it can do with it.
pub trait Seat: Send {
    /// Whose seat: a side, or an onlooker.
    fn viewer(&self) -> Viewer;

    /// Learns one thing.
    fn told(&mut self, told: &Told);

    /// The side to move, as far as the seat knows.
    fn turn(&self) -> Color;

    /// The game ended (by the rules or otherwise): `outcome`.
    fn ended(&mut self, outcome: Outcome);

    /// What the seat shows at the terminal, with these clocks (`None`:
    /// unlimited).
    fn view(&self, names: ByColor<&str>, clocks: ByColor<Option<i64>>, style: Style) -> String;

    /// A typed move, checked as far as this seat can: the text to send, or
    /// why it cannot be played, or not a move.
    fn typed(&self, text: &str) -> Checked;

    /// A command of the game's own at this seat (Kriegspiel's `zone`,
    /// `tokens`): its answer, or `None` when `words` is not one.
    fn command(&mut self, words: &[&str]) -> Option<String>;

    /// The names of those commands, with a line of help each.
    fn commands(&self) -> &'static [(&'static str, &'static str)];

    /// The moves this seat could type now, for completion: the legal
    /// moves when it sees the whole game.
    fn completions(&self) -> Vec<String> {
        match self.game() {
            Some(game) if game.outcome().is_none() => game.legal_move_texts(),
            _ => Vec::new(),
        }
    }

    /// The computer player's move for this seat, from what it knows;
    /// `Ok(None)` when it has none.
    fn choose(
        &mut self,
        options: &EngineOptions,
        remaining: Option<i64>,
    ) -> Result<Option<String>, EngineFailure>;

    /// The whole game, when this seat sees all of it.
    fn game(&self) -> Option<&dyn AnyGame>;
}
