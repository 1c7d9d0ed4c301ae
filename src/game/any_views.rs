//! What a game of any kind shows: its board and help at the terminal,
//! each viewer's view and what it is told, its seats, the chess servers'
//! diagram and the squares its helpers mark.

use shakmaty::ByColor;

use super::Game;
use super::diagram::Diagram;
use super::plugin::Plugin;
use super::seat::Seat;
use super::types::{Mark, Told, Viewer};
use super::view::Style;

/// A game as people and viewers see it.
pub trait AnyViews {
    /// The first line of a session at the terminal.
    fn banner(&self) -> String;

    /// The help text at the terminal.
    fn help(&self) -> &'static str;

    /// The terminal's commands.
    fn commands(&self) -> &'static [&'static str];

    /// The board, whose turn, the clocks and the last move.
    fn render(&self, players: ByColor<&str>, style: Style) -> String;

    /// What `viewer` sees (see [`Plugin::view`]).
    fn view(&self, viewer: Viewer, players: ByColor<&str>, style: Style) -> String;

    /// What `viewer` may see as a chess board ([`Plugin::diagram`]).
    fn diagram(&self, viewer: Viewer) -> Option<Diagram>;

    /// A grid's columns and rows ([`Plugin::grid`]).
    fn grid(&self) -> Option<(u32, u32)>;

    /// Whether the players see different things (see [`Plugin::hidden`]).
    fn hidden(&self) -> bool;

    /// Who speaks what a game of hidden information tells its players
    /// ([`Plugin::announcer`]).
    fn announcer(&self) -> Option<&'static str>;

    /// What `viewer` is told of the moves from ply `from` on (see
    /// [`Plugin::told`]).
    fn told(&self, viewer: Viewer, from: usize) -> Vec<Told>;

    /// `viewer`'s seat at the game (see [`Plugin::seat`]).
    fn seat(&self, viewer: Viewer) -> Box<dyn Seat>;

    /// The squares `viewer`'s helpers mark (see [`Plugin::marks`]).
    fn marks(&self, viewer: Viewer) -> Vec<Mark>;

    /// The answer to `moves`.
    fn moves_line(&self) -> String;

    /// A legal move, given by its canonical text, as players write it.
    fn shown(&self, text: &str) -> String;

    /// What the players are told after a move besides the board.
    fn notes(&self) -> Vec<String>;

    /// `moves SQUARE`, where the game has it.
    fn piece_moves(&self, square: &str) -> Option<String>;

    /// The `GetStatus` line; `None` in games without draw claims and
    /// offers.
    fn status(&self) -> Option<String>;
}

impl<R: Plugin> AnyViews for Game<R> {
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

    fn view(&self, viewer: Viewer, players: ByColor<&str>, style: Style) -> String {
        R::view(self, viewer, players, style)
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

    fn told(&self, viewer: Viewer, from: usize) -> Vec<Told> {
        R::told(self, viewer, from)
    }

    fn seat(&self, viewer: Viewer) -> Box<dyn Seat> {
        R::seat(self, viewer)
    }

    fn marks(&self, viewer: Viewer) -> Vec<Mark> {
        R::marks(self, viewer)
    }

    fn moves_line(&self) -> String {
        R::moves_line(self)
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

    fn status(&self) -> Option<String> {
        R::status(self)
    }
}
