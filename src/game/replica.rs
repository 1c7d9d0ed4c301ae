//! The seat of a game of full information: a copy of the game, told
//! every move.

use shakmaty::ByColor;

use super::any::AnyGame;
use super::computer::AnyEngine;
use super::options::EngineOptions;
use super::seat::Seat;
use super::types::{Checked, EngineFailure, Told, Typed, Viewer};
use super::view::Style;
use super::{Color, Outcome};

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
            // The server's text, read once here.
            if let Ok(Some(m)) = self.game.read_move(text) {
                self.game.play_move(&m, 0);
            }
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
        match self.game.typed(text) {
            Typed::Move(m) => Typed::Move(m.text),
            Typed::Illegal(why) => Typed::Illegal(why),
            Typed::Promotion(base) => Typed::Promotion(base),
            Typed::Unknown => Typed::Unknown,
        }
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
        let choice = game.computer(engine, options).choose(
            game.as_ref(),
            options,
            remaining,
            &mut |_, _| {},
        )?;
        Ok(choice.map(|c| c.mv.text))
    }

    fn game(&self) -> Option<&dyn AnyGame> {
        Some(self.game.as_ref())
    }
}
