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
use super::types::{
    Attempted, Checked, Choice, EngineFailure, LegalMove, Mark, Told, Typed, Viewer,
};
use super::view::Style;
use super::{Clock, Diagram, NotAMove};
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

    /// Reads a move as the TextUI takes it: the move, to play, when it is
    /// legal, `Ok(None)` when it is a move of this game that is not legal
    /// here, `Err(NotAMove)` when it is no move of this game at all.
    fn read_move(&self, text: &str) -> Result<Option<LegalMove>, NotAMove>;

    /// Every legal move's text, in `PrintAllMoves` order.
    fn legal_move_texts(&self) -> Vec<String>;

    /// Every legal move, in the move generator's order (random openings
    /// draw from it).
    fn legal_moves(&self) -> Vec<LegalMove>;

    /// Plays `m`, read by this game as it stands, after `ms` of thought
    /// (see [`Game::play`]): what everyone is told and the end. `None`,
    /// changing nothing, for a move read in another game or position.
    fn play_move(&mut self, m: &LegalMove, ms: i64) -> Option<Attempted>;

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
    ) -> Result<Option<Choice<LegalMove>>, EngineFailure>;

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

    /// The squares `viewer`'s helpers mark (see [`Plugin::marks`]).
    fn marks(&self, viewer: Viewer) -> Vec<Mark>;

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

    /// Reads a typed move (see [`Plugin::typed`]).
    fn typed(&self, text: &str) -> Typed<LegalMove>;

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
