//! A game of any kind behind one object: what the front ends (the TextUI,
//! `play`, the referee, and the server) hold. [`AnyGame`] is the game's
//! state: its moves (read once into a [`LegalMove`] the same game plays),
//! its clocks, its result and draws, and the computer player it makes.
//! What it writes down is [`AnyRecord`], what it shows [`AnyViews`], what
//! a viewer knows of it away from it a [`super::Seat`], and its computer
//! player a [`Computer`]; no front end names a game's own types.

use std::any::Any;
use std::fmt;

use super::any_record::AnyRecord;
use super::any_views::AnyViews;
use super::computer::{AnyEngine, Computer};
use super::options::EngineOptions;
use super::types::{Attempted, LegalMove, Typed};
use super::{Clock, NotAMove};
use super::{Color, Outcome};

/// A game in progress or finished, of whatever kind: [`super::Game`] of
/// any [`super::Plugin`].
pub trait AnyGame: AnyRecord + AnyViews + fmt::Debug + Send + Sync {
    /// A copy of the game.
    fn boxed_clone(&self) -> Box<dyn AnyGame>;

    /// The game itself, to reach its own type (tests, audits).
    fn as_any(&self) -> &dyn Any;

    /// The game itself, to change it as its own type (its computer player).
    fn as_any_mut(&mut self) -> &mut dyn Any;

    /// The ruleset name, as given.
    fn ruleset_name(&self) -> &str;

    /// The side to move.
    fn turn(&self) -> Color;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// A side's clock.
    fn clock(&self, color: Color) -> &Clock;

    /// How many moves have been played.
    fn plies(&self) -> usize;

    /// Reads a move as the TextUI takes it: the move, to play, when it is
    /// legal, `Ok(None)` when it is a move of this game that is not legal
    /// here, `Err(NotAMove)` when it is no move of this game at all.
    fn read_move(&self, text: &str) -> Result<Option<LegalMove>, NotAMove>;

    /// Reads a typed move (see [`Plugin::typed`]).
    fn typed(&self, text: &str) -> Typed<LegalMove>;

    /// Every legal move's text, in `PrintAllMoves` order.
    fn legal_move_texts(&self) -> Vec<String>;

    /// Every legal move, in the move generator's order (random openings
    /// draw from it).
    fn legal_moves(&self) -> Vec<LegalMove>;

    /// Plays `m`, read by this game as it stands, after `ms` of thought
    /// (see [`Game::play`]): what everyone is told and the end. `None`,
    /// changing nothing, for a move read in another game or position.
    fn play_move(&mut self, m: &LegalMove, ms: i64) -> Option<Attempted>;

    /// The side to move tried `text`, no legal move (see
    /// [`Plugin::refused`]).
    fn refuse_attempt(&mut self, text: &str, ms: i64) -> Attempted;

    /// The side to move tries `text` (a stored or sent attempt, read once
    /// here): played when legal, else refused.
    fn attempt(&mut self, text: &str, ms: i64) -> Result<Attempted, NotAMove> {
        match self.read_move(text)? {
            Some(m) => Ok(self
                .play_move(&m, ms)
                .expect("a move read in this position plays in it")),
            None => Ok(self.refuse_attempt(text, ms)),
        }
    }

    /// Takes `ms` off the side to move's clock (see [`Game::charge`]).
    fn charge(&mut self, ms: i64) -> Option<Outcome>;

    /// Adds `ms` to a limited clock.
    fn credit(&mut self, color: Color, ms: i64);

    /// Sets both clocks as at the start of a game.
    fn restart_clocks(&mut self, white_ms: i64, black_ms: i64);

    /// When `file` is this game with other clocks (the same game file once
    /// both games' clocks are taken off), takes its clocks and the times
    /// kept with its moves and answers true; otherwise changes nothing.
    /// The game keeps what a file cannot say: every earlier position (for
    /// repetitions) and the move counters.
    fn take_clocks(&mut self, file: &dyn AnyGame) -> bool;

    /// Ends the game with a result decided outside the rules.
    fn adjudicate(&mut self, outcome: Outcome);

    /// Ends the game by a draw that could be claimed now, if there is one.
    fn claimable_draw(&mut self) -> Option<Outcome>;

    /// `claim` at the terminal, where the game has it.
    fn claim(&mut self) -> Option<String>;

    /// The side whose draw offer stands, if one does.
    fn draw_offer(&self) -> Option<Color>;

    /// `side` offers a draw (see [`Game::offer_draw`]).
    fn offer_draw(&mut self, side: Color);

    /// Accepts the standing draw offer (see [`Game::accept_draw`]).
    fn accept_draw(&mut self) -> Option<Outcome>;

    /// Makes the game's computer player.
    fn engine(&self, options: &EngineOptions) -> AnyEngine;

    /// `engine` when it plays this game, else this game's own computer
    /// player put in its place: the one to ask for a move.
    fn computer<'e>(
        &self,
        engine: &'e mut AnyEngine,
        options: &EngineOptions,
    ) -> &'e mut dyn Computer {
        if !engine.plays(self.as_any()) {
            *engine = self.engine(options);
        }
        &mut **engine
    }
}
