//! What `play` needs of a game: its board for people, how a typed move is
//! read and refused, its endings in words, and the engine's move.

use std::time::Duration;

use shakmaty::ByColor;

use super::view::Style;
use crate::game::{Game, Recorded};
use crate::rules::Outcome;

/// A typed line that is not a command, read as a move.
pub enum Typed<M> {
    /// A legal move.
    Move(M),
    /// A move that is not legal: the sentence that says why.
    Illegal(String),
    /// A promotion typed without its piece (chess): the move's text, to
    /// which `=Q`, `=R`, `=B` or `=N` is added once the player chooses.
    Promotion(String),
    /// Not a move of this game at all.
    Unknown,
}

/// The computer's choice: its move, the depth it reached, and what it
/// thinks of the position, in words for the player to move, when it can
/// say (`+0.35`, `a win in 3 moves`, `a draw`).
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// The depth of the search.
    pub depth: u32,
    /// The evaluation, for the side to move.
    pub eval: Option<String>,
}

/// How the computer thinks in `play`.
#[derive(Clone, Copy, Debug)]
pub struct Thinking {
    /// Fixed search depth.
    pub depth: Option<u32>,
    /// Fixed time per move.
    pub movetime: Option<Duration>,
    /// Table size.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
}

/// A game as `play` shows and plays it.
pub trait Seat: Recorded {
    /// The engines for this game, kept between moves.
    type Engine;

    /// Makes the engines.
    fn engine(game: &Game<Self>, thinking: &Thinking) -> Self::Engine;

    /// The first line of a session.
    fn banner(game: &Game<Self>) -> String;

    /// The help text.
    fn help(game: &Game<Self>) -> &'static str;

    /// The commands, for Tab completion (and whether `flip` is one).
    fn commands() -> &'static [&'static str];

    /// The board, whose turn, the clocks and the last move.
    fn render(game: &Game<Self>, players: ByColor<&str>, style: Style) -> String;

    /// Reads a typed move.
    fn typed(game: &Game<Self>, text: &str) -> Typed<Self::Move>;

    /// The answer to `moves`.
    fn moves_line(game: &Game<Self>) -> String;

    /// How the game ended, as a sentence.
    fn ending(game: &Game<Self>, outcome: Outcome) -> String;

    /// The engine's move within `remaining` on the clock; `progress`
    /// sees the search as it goes.
    fn engine_move(
        game: &Game<Self>,
        engine: &mut Self::Engine,
        thinking: &Thinking,
        remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Option<Choice<Self::Move>>;

    /// The flag that stops the engine's search early (Ctrl-C), if it has
    /// one.
    fn halt(_engine: &Self::Engine) -> Option<std::sync::Arc<std::sync::atomic::AtomicBool>> {
        None
    }

    /// A legal move as players of the game write it (SAN in chess).
    fn shown(game: &Game<Self>, m: Self::Move) -> String {
        game.move_text(m)
    }

    /// Forgets what the engines learnt.
    fn clear(engine: &mut Self::Engine);

    /// Audits the game after a move (`ANTICHESS_AUDIT=1`; see
    /// [`crate::audit`]), for games that have audits.
    fn audit(_game: &Game<Self>) {}

    /// What the players are told after a move besides the board: a check,
    /// a draw that can be claimed.
    fn notes(_game: &Game<Self>) -> Vec<String> {
        Vec::new()
    }

    /// `moves SQUARE`: the moves of the piece there, or why it has none;
    /// `None` when the game has no such command.
    fn piece_moves(_game: &Game<Self>, _square: &str) -> Option<String> {
        None
    }

    /// `claim`: claims a draw for the side to move and says what came of
    /// it; `None` when the game has no such command.
    fn claim(_game: &mut Game<Self>) -> Option<String> {
        None
    }

    /// `draw`: the side to move offers a draw. The opponent answers: the
    /// computer by its search, a person through `ask` (a question, answered
    /// with a line or nothing). `None` when the game has no such command.
    fn offer_draw(
        _game: &mut Game<Self>,
        _engine: &mut Self::Engine,
        _opponent_is_computer: bool,
        _ask: &mut dyn FnMut(&str) -> Option<String>,
    ) -> Option<String> {
        None
    }

    /// Before the computer moves: a draw it claims, with the sentence that
    /// says so, when it may claim one and its search finds nothing better.
    fn computer_claim(
        _game: &mut Game<Self>,
        _engine: &mut Self::Engine,
        _thinking: &Thinking,
    ) -> Option<String> {
        None
    }
}
