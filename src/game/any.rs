//! A game of any kind behind one object: what the front ends (the TextUI,
//! `play`, the referee, and the server) hold. Moves cross this seam as
//! their canonical text (the text [`super::Rules::move_text`] writes,
//! which [`super::Rules::read_move`] reads back), so no front end names a game's move
//! type; the computer player travels as an opaque box the game made.

use std::any::Any;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use shakmaty::ByColor;

use super::options::EngineOptions;
use super::plugin::{Attempted, Choice, EngineFailure, Plugin, Typed, Viewer};
use super::seat::{Seat, Told};
use super::view::Style;
use super::{Clock, Diagram, Game, NotAMove};
use crate::rules::{Color, Outcome};

/// A game's computer player, as the game made it ([`AnyGame::engine`]).
pub type AnyEngine = Box<dyn Any + Send>;

/// A game in progress or finished, of whatever kind: [`Game`] of any
/// [`Plugin`], with its moves as text.
pub trait AnyGame: fmt::Debug + Send + Sync {
    /// A copy of the game.
    fn boxed_clone(&self) -> Box<dyn AnyGame>;

    /// The game itself, to reach its own type (tests, audits).
    fn as_any(&self) -> &dyn Any;

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

    /// Reads a move as the TextUI takes it: its canonical text when it is
    /// legal, `Ok(None)` when it is a move of this game that is not legal
    /// here, `Err(NotAMove)` when it is no move of this game at all.
    fn read_move(&self, text: &str) -> Result<Option<String>, NotAMove>;

    /// Every legal move's text, in `PrintAllMoves` order.
    fn legal_move_texts(&self) -> Vec<String>;

    /// Every legal move's text, in the move generator's order (random
    /// openings draw from it).
    fn generated_moves(&self) -> Vec<String>;

    /// Plays the legal move `text` that took `ms` (see [`Game::play`]);
    /// text that is not a legal move changes nothing.
    fn play(&mut self, text: &str, ms: i64) -> Option<Outcome>;

    /// Takes `ms` off the side to move's clock (see [`Game::charge`]).
    fn charge(&mut self, ms: i64) -> Option<Outcome>;

    /// Adds `ms` to a limited clock.
    fn credit(&mut self, color: Color, ms: i64);

    /// Sets both clocks as at the start of a game.
    fn restart_clocks(&mut self, white_ms: i64, black_ms: i64);

    /// Ends the game with a result decided outside the rules.
    fn adjudicate(&mut self, outcome: Outcome);

    /// The game file, exactly as `SaveGame` and `PrintBoard` write it.
    fn to_xml(&self) -> String;

    /// The protocol's result line.
    fn result_line(&self, outcome: Outcome) -> String;

    /// Why the game ended, as the referee's log and records say it.
    fn describe(&self, outcome: Outcome) -> String;

    /// Ends the game by a draw that could be claimed now, if there is one.
    fn claimable_draw(&mut self) -> Option<Outcome>;

    /// The game as PGN with these tags, for a game PGN can hold.
    fn pgn(&self, tags: &[(&str, String)]) -> Option<String>;

    /// Whether PGN's standard describes the game (see
    /// [`super::Recorded::pgn_standard`]).
    fn pgn_standard(&self) -> bool;

    /// Checks the game's invariants after a move, where it has audits.
    fn audit(&self);

    /// The side whose draw offer stands, if one does.
    fn draw_offer(&self) -> Option<Color>;

    /// `side` offers a draw (see [`Game::offer_draw`]).
    fn offer_draw(&mut self, side: Color);

    /// Accepts the standing draw offer (see [`Game::accept_draw`]).
    fn accept_draw(&mut self) -> Option<Outcome>;

    /// The `GetStatus` line; `None` in games without draw claims and
    /// offers.
    fn status(&self) -> Option<String>;

    /// Makes the game's computer player.
    fn engine(&self, options: &EngineOptions) -> AnyEngine;

    /// The engine's move (see [`Plugin::engine_move`]); an engine made for
    /// another game is replaced by this game's.
    fn engine_move(
        &self,
        engine: &mut AnyEngine,
        options: &EngineOptions,
        remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Result<Option<Choice<String>>, EngineFailure>;

    /// The flag that stops the engine's search early, if it has one.
    fn halt(&self, engine: &AnyEngine) -> Option<Arc<AtomicBool>>;

    /// Forgets what the engine learnt.
    fn clear(&self, engine: &mut AnyEngine);

    /// Whether the computer, as the side not to move, accepts a draw now.
    fn accepts_draw(&self, engine: &mut AnyEngine, options: &EngineOptions) -> bool;

    /// The first line of a session at the terminal.
    fn banner(&self) -> String;

    /// The help text at the terminal.
    fn help(&self) -> &'static str;

    /// The terminal's commands.
    fn commands(&self) -> &'static [&'static str];

    /// The board, whose turn, the clocks and the last move.
    fn render(&self, players: ByColor<&str>, style: Style) -> String;

    /// What `viewer` may see as a chess board ([`Plugin::diagram`]).
    fn diagram(&self, viewer: Viewer) -> Option<Diagram>;

    /// A grid's columns and rows ([`Plugin::grid`]).
    fn grid(&self) -> Option<(u32, u32)>;

    /// Whether the players see different things (see [`Plugin::hidden`]).
    fn hidden(&self) -> bool;

    /// Who speaks what a game of hidden information tells its players
    /// ([`Plugin::announcer`]).
    fn announcer(&self) -> Option<&'static str>;

    /// What `viewer` sees (see [`Plugin::view`]).
    fn view(&self, viewer: Viewer, players: ByColor<&str>, style: Style) -> String;

    /// What `viewer` is told of the moves from ply `from` on (see
    /// [`Plugin::told`]).
    fn told(&self, viewer: Viewer, from: usize) -> Vec<Told>;

    /// `viewer`'s seat at the game (see [`Plugin::seat`]).
    fn seat(&self, viewer: Viewer) -> Box<dyn Seat>;

    /// The side to move tries the move `text` (see [`Plugin::attempt`]).
    fn attempt(&mut self, text: &str, ms: i64) -> Result<Attempted, NotAMove>;

    /// Reads a typed move (a legal move as its canonical text).
    fn typed(&self, text: &str) -> Typed<String>;

    /// The answer to `moves`.
    fn moves_line(&self) -> String;

    /// How the game ended, as a sentence.
    fn ending(&self, outcome: Outcome) -> String;

    /// A legal move, given by its canonical text, as players write it.
    fn shown(&self, text: &str) -> String;

    /// What the players are told after a move besides the board.
    fn notes(&self) -> Vec<String>;

    /// `moves SQUARE`, where the game has it.
    fn piece_moves(&self, square: &str) -> Option<String>;

    /// `claim` at the terminal, where the game has it.
    fn claim(&mut self) -> Option<String>;

    /// A draw the computer claims before it moves, where it may.
    fn computer_claim(&mut self, engine: &mut AnyEngine, options: &EngineOptions)
    -> Option<String>;
}

/// A game as the object front ends hold.
pub fn boxed<R: Plugin>(game: Game<R>) -> Box<dyn AnyGame> {
    Box::new(game)
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Box<dyn AnyGame> {
        self.boxed_clone()
    }
}

/// The engine in `engine` if it is this game's, else a new one in its
/// place.
fn own_engine<'e, R: Plugin>(
    game: &Game<R>,
    engine: &'e mut AnyEngine,
    options: &EngineOptions,
) -> &'e mut R::Engine {
    if !engine.is::<R::Engine>() {
        *engine = Box::new(R::engine(game, options));
    }
    engine
        .downcast_mut::<R::Engine>()
        .expect("the engine was just made for this game")
}

impl<R: Plugin> AnyGame for Game<R> {
    fn boxed_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn ruleset_name(&self) -> &str {
        Game::ruleset_name(self)
    }

    fn turn(&self) -> Color {
        Game::turn(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn clock(&self, color: Color) -> &Clock {
        Game::clock(self, color)
    }

    fn plies(&self) -> usize {
        self.history().len()
    }

    fn read_move(&self, text: &str) -> Result<Option<String>, NotAMove> {
        Game::read_move(self, text).map(|m| m.map(|m| self.move_text(m)))
    }

    fn legal_move_texts(&self) -> Vec<String> {
        Game::legal_move_texts(self)
    }

    fn generated_moves(&self) -> Vec<String> {
        let pos = self.position();
        pos.moves().into_iter().map(|m| pos.move_text(m)).collect()
    }

    fn play(&mut self, text: &str, ms: i64) -> Option<Outcome> {
        match Game::read_move(self, text) {
            Ok(Some(m)) => Game::play(self, m, ms),
            _ => Game::outcome(self),
        }
    }

    fn charge(&mut self, ms: i64) -> Option<Outcome> {
        Game::charge(self, ms)
    }

    fn credit(&mut self, color: Color, ms: i64) {
        Game::credit(self, color, ms);
    }

    fn restart_clocks(&mut self, white_ms: i64, black_ms: i64) {
        Game::restart_clocks(self, white_ms, black_ms);
    }

    fn adjudicate(&mut self, outcome: Outcome) {
        Game::adjudicate(self, outcome);
    }

    fn to_xml(&self) -> String {
        R::to_xml(self)
    }

    fn result_line(&self, outcome: Outcome) -> String {
        R::result_line(self, outcome)
    }

    fn describe(&self, outcome: Outcome) -> String {
        R::describe(self, outcome)
    }

    fn claimable_draw(&mut self) -> Option<Outcome> {
        R::claimable_draw(self)
    }

    fn pgn(&self, tags: &[(&str, String)]) -> Option<String> {
        R::pgn(self, tags)
    }

    fn pgn_standard(&self) -> bool {
        R::pgn_standard(self)
    }

    fn audit(&self) {
        R::audit(self);
    }

    fn draw_offer(&self) -> Option<Color> {
        Game::draw_offer(self)
    }

    fn offer_draw(&mut self, side: Color) {
        Game::offer_draw(self, side);
    }

    fn accept_draw(&mut self) -> Option<Outcome> {
        Game::accept_draw(self)
    }

    fn status(&self) -> Option<String> {
        R::status(self)
    }

    fn engine(&self, options: &EngineOptions) -> AnyEngine {
        Box::new(R::engine(self, options))
    }

    fn engine_move(
        &self,
        engine: &mut AnyEngine,
        options: &EngineOptions,
        remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Result<Option<Choice<String>>, EngineFailure> {
        let engine = own_engine(self, engine, options);
        let choice = R::engine_move(self, engine, options, remaining, progress)?;
        Ok(choice.map(|c| Choice {
            mv: self.move_text(c.mv),
            depth: c.depth,
            eval: c.eval,
        }))
    }

    fn halt(&self, engine: &AnyEngine) -> Option<Arc<AtomicBool>> {
        engine.downcast_ref::<R::Engine>().and_then(R::halt)
    }

    fn clear(&self, engine: &mut AnyEngine) {
        if let Some(engine) = engine.downcast_mut::<R::Engine>() {
            R::clear(engine);
        }
    }

    fn accepts_draw(&self, engine: &mut AnyEngine, options: &EngineOptions) -> bool {
        let engine = own_engine(self, engine, options);
        R::accepts_draw(self, engine, options)
    }

    fn banner(&self) -> String {
        R::banner(self)
    }

    fn help(&self) -> &'static str {
        R::help(self)
    }

    fn commands(&self) -> &'static [&'static str] {
        R::commands()
    }

    fn render(&self, players: ByColor<&str>, style: Style) -> String {
        R::render(self, players, style)
    }

    fn diagram(&self, viewer: Viewer) -> Option<Diagram> {
        R::diagram(self, viewer)
    }

    fn grid(&self) -> Option<(u32, u32)> {
        R::grid(self)
    }

    fn hidden(&self) -> bool {
        R::hidden()
    }

    fn announcer(&self) -> Option<&'static str> {
        R::announcer()
    }

    fn view(&self, viewer: Viewer, players: ByColor<&str>, style: Style) -> String {
        R::view(self, viewer, players, style)
    }

    fn told(&self, viewer: Viewer, from: usize) -> Vec<Told> {
        R::told(self, viewer, from)
    }

    fn seat(&self, viewer: Viewer) -> Box<dyn Seat> {
        R::seat(self, viewer)
    }

    fn attempt(&mut self, text: &str, ms: i64) -> Result<Attempted, NotAMove> {
        R::attempt(self, text, ms)
    }

    fn typed(&self, text: &str) -> Typed<String> {
        match R::typed(self, text) {
            Typed::Move(m) => Typed::Move(self.move_text(m)),
            Typed::Illegal(why) => Typed::Illegal(why),
            Typed::Promotion(base) => Typed::Promotion(base),
            Typed::Unknown => Typed::Unknown,
        }
    }

    fn moves_line(&self) -> String {
        R::moves_line(self)
    }

    fn ending(&self, outcome: Outcome) -> String {
        R::ending(self, outcome)
    }

    fn shown(&self, text: &str) -> String {
        match Game::read_move(self, text) {
            Ok(Some(m)) => R::shown(self, m),
            _ => text.to_string(),
        }
    }

    fn notes(&self) -> Vec<String> {
        R::notes(self)
    }

    fn piece_moves(&self, square: &str) -> Option<String> {
        R::piece_moves(self, square)
    }

    fn claim(&mut self) -> Option<String> {
        R::claim(self)
    }

    fn computer_claim(
        &mut self,
        engine: &mut AnyEngine,
        options: &EngineOptions,
    ) -> Option<String> {
        let engine = own_engine(self, engine, options);
        R::computer_claim(self, engine, options)
    }
}
