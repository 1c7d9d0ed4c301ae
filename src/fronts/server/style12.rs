//! Boards as the chess servers send them to programs: the `<12>` line
//! (FICS's style 12, as xboard's `ParseBoard12` reads it), built from what
//! the viewer may see of the game ([`crate::game::Diagram`]).

use super::table::Table;
use crate::game::{Diagram, Viewer};
use crate::rules::chess::{Color, Role};

/// The viewer's relation to the game, as style 12 numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// Playing, and to move.
    MyMove,
    /// Playing, the opponent to move.
    TheirMove,
    /// Watching a game being played.
    Observing,
}

impl Relation {
    fn code(self) -> i32 {
        match self {
            Relation::MyMove => 1,
            Relation::TheirMove => -1,
            Relation::Observing => 0,
        }
    }
}

/// The material a side shows on the board (pawn 1, knight and bishop 3,
/// rook 5, queen 9).
fn strength(diagram: &Diagram, color: Color) -> u32 {
    [
        (Role::Pawn, 1),
        (Role::Knight, 3),
        (Role::Bishop, 3),
        (Role::Rook, 5),
        (Role::Queen, 9),
    ]
    .iter()
    .map(|&(role, value)| diagram.board.by_piece(color, role).count() as u32 * value)
    .sum()
}

/// `m:ss` or, in milliseconds mode, `m:ss.mmm`.
fn elapsed(ms: i64, millis: bool) -> String {
    let ms = ms.max(0);
    if millis {
        format!("{}:{:02}.{:03}", ms / 60_000, (ms / 1000) % 60, ms % 1000)
    } else {
        format!("{}:{:02}", ms / 60_000, (ms / 1000) % 60)
    }
}

/// The `<12>` line for `viewer` of `table`, or `None` when the game is
/// not on a chess board. `millis`: times in milliseconds (`iset ms 1`).
pub fn line(table: &Table, viewer: Viewer, relation: Relation, millis: bool) -> Option<String> {
    let d = table.game.diagram(viewer)?;
    let clock = |c: Color| {
        let ms = table.game.clock(c).remaining().unwrap_or(0).max(0);
        if millis { ms } else { ms / 1000 }
    };
    let castle = |i: usize| u8::from(d.castling[i]);
    let (verbose, pretty) = match &d.last {
        Some(last) => (last.verbose.clone(), last.pretty.clone()),
        None => ("none".to_string(), "none".to_string()),
    };
    let took = if d.last.is_some() { table.last_ms } else { 0 };
    let ticking = table.game.outcome().is_none()
        && table.game.clock(d.turn).remaining().is_some()
        && table.game.plies() > 0;
    Some(format!(
        "<12> {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} ({}) {} {} {} 0",
        d.ranks(),
        if d.turn == Color::White { 'W' } else { 'B' },
        d.double_push_file.map_or(-1, i32::from),
        castle(0),
        castle(1),
        castle(2),
        castle(3),
        d.irreversible,
        table.number,
        table.players.white,
        table.players.black,
        relation.code(),
        table.terms.initial_ms / 60_000,
        table.terms.increment_ms / 1000,
        strength(&d, Color::White),
        strength(&d, Color::Black),
        clock(Color::White),
        clock(Color::Black),
        d.fullmoves,
        verbose,
        elapsed(took, millis),
        pretty,
        u8::from(viewer == Viewer::Side(Color::Black)),
        u8::from(ticking),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elapsed_times() {
        assert_eq!(elapsed(0, false), "0:00");
        assert_eq!(elapsed(65_432, false), "1:05");
        assert_eq!(elapsed(65_432, true), "1:05.432");
    }
}
