//! What a game brings to the front ends besides its rules and its record:
//! its computer player, its board for people, how a typed move is read and
//! refused, its endings in words, and the commands only some games have
//! (draw claims and offers). A type that implements [`Plugin`] is a game
//! every front end can drive through [`super::AnyGame`].

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use shakmaty::ByColor;

use super::Outcome;
use super::diagram::Diagram;
use super::options::EngineOptions;
use super::replica::Replica;
use super::seat::Seat;
use super::types::{Attempted, Choice, EngineFailure, Mark, Told, Typed, Viewer};
use super::view::Style;
use crate::game::{Game, Recorded};

/// A game as the front ends play it.
pub trait Plugin: Recorded + Send + Sync + 'static {
    /// The game's computer player, kept between moves (its tables).
    type Engine: Send + 'static;

    /// Makes the computer player.
    fn engine(game: &Game<Self>, options: &EngineOptions) -> Self::Engine;

    /// The engine's move within `remaining` on the clock; `progress` sees
    /// the search as it goes (depth, nodes). `Ok(None)`: no move (the game
    /// is over).
    fn engine_move(
        game: &Game<Self>,
        engine: &mut Self::Engine,
        options: &EngineOptions,
        remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Result<Option<Choice<Self::Move>>, EngineFailure>;

    /// The flag that stops the engine's search early (Ctrl-C), if it has
    /// one.
    fn halt(_engine: &Self::Engine) -> Option<Arc<AtomicBool>> {
        None
    }

    /// Forgets what the engine learnt (a new game).
    fn clear(engine: &mut Self::Engine);

    /// The first line of a session at the terminal.
    fn banner(game: &Game<Self>) -> String;

    /// The help text at the terminal.
    fn help(game: &Game<Self>) -> &'static str;

    /// The terminal's commands, for Tab completion (`flip` among them when
    /// the board can be turned).
    fn commands() -> &'static [&'static str];

    /// The board, whose turn, the clocks and the last move.
    fn render(game: &Game<Self>, players: ByColor<&str>, style: Style) -> String;

    /// What `viewer` may see of the position as a chess board (the chess
    /// servers' style 12); `None` in games not played on one.
    fn diagram(_game: &Game<Self>, _viewer: Viewer) -> Option<Diagram> {
        None
    }

    /// The columns and rows of a game played by dropping into columns of
    /// a grid (Connect N), its moves the cells' texts (`d1`: column d,
    /// the bottom row); `None` otherwise.
    fn grid(_game: &Game<Self>) -> Option<(u32, u32)> {
        None
    }

    /// Whether the players see different things (Kriegspiel): a front end
    /// then shows each seat [`Plugin::view`] of its own side, plays moves
    /// through [`Plugin::attempt`], and lists no legal moves.
    fn hidden() -> bool {
        false
    }

    /// Who speaks what a game of hidden information tells its players
    /// (Kriegspiel's `Umpire`), for a terminal that prints it as
    /// `WHO: TEXT`; `None` prints the text alone.
    fn announcer() -> Option<&'static str> {
        None
    }

    /// What `viewer` sees: the board of [`Plugin::render`] in a game of
    /// full information.
    fn view(game: &Game<Self>, _viewer: Viewer, players: ByColor<&str>, style: Style) -> String {
        Self::render(game, players, style)
    }

    /// What `viewer` is told of the moves from ply `from` on, in order
    /// (every move, in a game of full information); a side to move also
    /// hears its refused attempts of this turn.
    fn told(game: &Game<Self>, _viewer: Viewer, from: usize) -> Vec<Told> {
        let pos = game.position();
        game.history()
            .iter()
            .skip(from)
            .map(|p| Told::Moved {
                side: p.side,
                text: Some(pos.move_text(p.mv)),
            })
            .collect()
    }

    /// `viewer`'s seat at the game as it stands, to be told the rest
    /// ([`Seat`]): a copy of the game in a game of full information.
    fn seat(game: &Game<Self>, viewer: Viewer) -> Box<dyn Seat> {
        Box::new(Replica::new(Box::new(game.clone()), viewer))
    }

    /// The squares `viewer`'s helpers mark on its board as the game
    /// stands ([`Mark`]); none unless the game has such helpers.
    fn marks(_game: &Game<Self>, _viewer: Viewer) -> Vec<Mark> {
        Vec::new()
    }

    /// Plays the legal move `m` that took `ms`: what everyone is told of
    /// it (nothing but the move, unless the game hides moves) and the end.
    fn played(game: &mut Game<Self>, m: Self::Move, ms: i64) -> Attempted {
        Attempted::Played {
            heard: None,
            outcome: game.play(m, ms),
        }
    }

    /// The side to move tries `text`, which is no legal move, after `ms`
    /// of thought: refused and noted ([`Game::refuse`]; a game of hidden
    /// information records its refused attempts).
    fn refused(game: &mut Game<Self>, text: &str, ms: i64) -> Attempted {
        Attempted::Refused {
            told: "Illegal move".to_string(),
            outcome: game.refuse(text, ms),
        }
    }

    /// Reads a typed move.
    fn typed(game: &Game<Self>, text: &str) -> Typed<Self::Move>;

    /// The answer to `moves`.
    fn moves_line(game: &Game<Self>) -> String;

    /// How the game ended, as a sentence.
    fn ending(game: &Game<Self>, outcome: Outcome) -> String {
        Self::describe(game, outcome)
    }

    /// A legal move as players of the game write it (SAN in chess).
    fn shown(game: &Game<Self>, m: Self::Move) -> String {
        game.move_text(m)
    }

    /// Audits the game after a move (`ANTICHESS_AUDIT=1`; see
    /// [`crate::rules::audit`]), for games that have audits.
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

    /// The TextUI's `GetStatus` line (whose turn, check, draws to claim, a
    /// standing offer); `None` in games without draw claims and offers,
    /// which then have none of the draw commands.
    fn status(_game: &Game<Self>) -> Option<String> {
        None
    }

    /// Whether the computer, as the side not to move, accepts a draw
    /// offered now.
    fn accepts_draw(
        _game: &Game<Self>,
        _engine: &mut Self::Engine,
        _options: &EngineOptions,
    ) -> bool {
        false
    }

    /// `claim` at the terminal: claims a draw for the side to move and
    /// says what came of it; `None` when the game has no such command.
    fn claim(_game: &mut Game<Self>) -> Option<String> {
        None
    }

    /// Before the computer moves at the terminal: a draw it claims, with
    /// the sentence that says so, when it may claim one and its search
    /// finds nothing better.
    fn computer_claim(
        _game: &mut Game<Self>,
        _engine: &mut Self::Engine,
        _options: &EngineOptions,
    ) -> Option<String> {
        None
    }
}
