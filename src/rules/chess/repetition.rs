//! Repetitions of a position, for the games that count them (chess): how
//! often the current position has occurred, the counts that matter, and
//! the ending a position has by itself (fivefold repetition among them).

use super::{MoveList, Outcome, Position, Reason, Status};
pub use crate::game::{FIVEFOLD, THREEFOLD, occurrences};

/// The ending a position reached through `keys` (its game's repetition
/// keys, the position's own last) has by itself: the position's own
/// ending, then, under chess, fivefold repetition. A 2007 stalemate pass
/// is no ending.
pub fn automatic_ending(pos: &Position, keys: &[u64]) -> Option<Outcome> {
    match pos.status() {
        Status::Over(outcome) => Some(outcome),
        _ if pos.ruleset().fide_draws && occurrences(keys) >= FIVEFOLD => {
            Some(Outcome::draw(Reason::FivefoldRepetition))
        }
        _ => None,
    }
}

/// The ending of a chess position by itself, without any draw rule
/// (repetitions, the fifty- and seventy-five-move rules), given its legal
/// moves: checkmate, then stalemate, then insufficient material. A game
/// of Kriegspiel ends only so.
pub fn ending_without_draw_rules(pos: &Position, moves: &MoveList) -> Option<Outcome> {
    if moves.is_empty() {
        Some(if pos.is_check() {
            Outcome::win(pos.turn().other(), Reason::Checkmate)
        } else {
            Outcome::draw(Reason::Stalemate)
        })
    } else if pos.is_insufficient_material() {
        Some(Outcome::draw(Reason::InsufficientMaterial))
    } else {
        None
    }
}
