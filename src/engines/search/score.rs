//! Score conventions: centipawn-like evaluation units, and mate scores
//! counted in plies from the root (a win in `n` plies scores `MATE - n`),
//! shifted to and from the transposition table's node-relative form, and
//! written for UCI.

use crate::rules::chess::{Color, Outcome};

/// The score of a won game at the root; a win in `n` plies scores
/// `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores above this are wins in a known number of plies.
pub const MATE_BOUND: i32 = MATE - 1_000;
pub(super) const INFINITY: i32 = MATE + 1;

/// The score of a finished game for the side to move, `ply` plies from the
/// root: quicker wins and slower losses score better.
pub(super) fn terminal_score(outcome: Outcome, turn: Color, ply: usize) -> i32 {
    match outcome.winner {
        None => 0,
        Some(w) if w == turn => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

/// A score as the table stores it: mates counted from this node.
pub(super) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A score from the table, mates counted from the root again.
pub(super) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The UCI form of a score for the side to move: `mate N` (N moves, not
/// plies; negative when losing) for a won or lost game, `cp N` otherwise.
///
/// ```
/// use antichess::engines::search::score::{uci_text, MATE};
/// assert_eq!(uci_text(MATE - 1), "mate 1");
/// assert_eq!(uci_text(-(MATE - 2)), "mate -1");
/// assert_eq!(uci_text(-35), "cp -35");
/// ```
pub fn uci_text(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        format!("mate -{}", (MATE + score + 1) / 2)
    } else {
        format!("cp {score}")
    }
}
