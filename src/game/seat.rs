//! A player's seat away from the game itself: what one side (or an
//! onlooker) knows, built only from what it is told ([`Told`]), as a client
//! of the server knows a game. It draws that side's view, checks a typed
//! move as far as that side can, and lets the game's computer player
//! choose from that knowledge alone. In a game of full information a seat
//! is a copy of the game ([`Replica`]); a game of hidden information makes
//! its own ([`super::Plugin::seat`]).

use shakmaty::ByColor;

use super::any::{AnyEngine, AnyGame};
use super::options::EngineOptions;
use super::plugin::{EngineFailure, Typed, Viewer};
use super::view::Style;
use crate::rules::{Color, Outcome};

/// One thing a viewer is told of a game, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Told {
    /// `side` played a move: its text when the viewer may know it.
    Moved {
        /// Who moved.
        side: Color,
        /// The move's canonical text, or `None` when it is hidden.
        text: Option<String>,
    },
    /// What everyone hears of the last move (Kriegspiel's announcement).
    Heard(String),
    /// The viewer's own attempt, refused.
    Refused(String),
}

/// What a seat does when a move is typed.
pub type Checked = Typed<String>;

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

/// The seat of a game of full information: a copy of the game, each move
/// played on it as it is told.
pub struct Replica {
    game: Box<dyn AnyGame>,
    viewer: Viewer,
    engine: Option<AnyEngine>,
}

impl Replica {
    /// `viewer`'s seat at `game`, as it stands.
    pub fn new(game: Box<dyn AnyGame>, viewer: Viewer) -> Replica {
        Replica {
            game,
            viewer,
            engine: None,
        }
    }
}

impl Seat for Replica {
    fn viewer(&self) -> Viewer {
        self.viewer
    }

    fn told(&mut self, told: &Told) {
        if let Told::Moved {
            text: Some(text), ..
        } = told
        {
            self.game.play(text, 0);
        }
    }

    fn turn(&self) -> Color {
        self.game.turn()
    }

    fn ended(&mut self, outcome: Outcome) {
        if self.game.outcome().is_none() {
            self.game.adjudicate(outcome);
        }
    }

    fn view(&self, names: ByColor<&str>, clocks: ByColor<Option<i64>>, style: Style) -> String {
        let mut shown = self.game.clone();
        shown.restart_clocks(clocks.white.unwrap_or(0), clocks.black.unwrap_or(0));
        shown.view(self.viewer, names, style)
    }

    fn typed(&self, text: &str) -> Checked {
        self.game.typed(text)
    }

    fn command(&mut self, words: &[&str]) -> Option<String> {
        match words {
            ["moves"] => Some(self.game.moves_line()),
            ["moves", square] => self.game.piece_moves(square),
            _ => None,
        }
    }

    fn commands(&self) -> &'static [(&'static str, &'static str)] {
        &[("moves [SQ]", "the legal moves (of the piece on SQ)")]
    }

    fn choose(
        &mut self,
        options: &EngineOptions,
        remaining: Option<i64>,
    ) -> Result<Option<String>, EngineFailure> {
        if self.game.outcome().is_some() {
            return Ok(None);
        }
        let game = &self.game;
        let engine = self.engine.get_or_insert_with(|| game.engine(options));
        let choice = game.engine_move(engine, options, remaining, &mut |_, _| {})?;
        Ok(choice.map(|c| c.mv))
    }

    fn game(&self) -> Option<&dyn AnyGame> {
        Some(self.game.as_ref())
    }
}
