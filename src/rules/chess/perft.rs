//! Perft: counting move sequences, the standard test of a move generator.

use super::moves::Move;
use super::outcome::Status;
use super::position::Position;

/// The number of move sequences of length `depth` from `pos`. A finished game
/// has no moves; a 2007 stalemate pass counts as the node's only move. Under
/// chess the draw rules are ignored (standard perft): only a position without
/// legal moves is a leaf, so the published counts apply.
///
/// ```
/// use antichess::rules::chess::{Position, Ruleset, perft};
/// assert_eq!(perft(&Position::new(Ruleset::SPRING_2007), 3), 8067);
/// assert_eq!(perft(&Position::new(Ruleset::CHESS), 3), 8902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.ruleset().fide_draws {
        // The last ply is counted, not played (bulk counting).
        return if depth == 1 {
            pos.count_legal_moves() as u64
        } else {
            let moves = pos.legal_moves();
            moves.iter().map(|&m| perft(&pos.play(m), depth - 1)).sum()
        };
    }
    let moves = pos.legal_moves();
    match pos.status_with(&moves) {
        Status::Over(_) => 0,
        Status::Pass => perft(&pos.pass(), depth - 1),
        Status::Ongoing if depth == 1 => moves.len() as u64,
        Status::Ongoing => moves.iter().map(|&m| perft(&pos.play(m), depth - 1)).sum(),
    }
}

/// Perft split by root move: each legal root move (or `None` for a pass) with
/// its count at `depth - 1`.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Option<Move>, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = pos.legal_moves();
    let status = if pos.ruleset().fide_draws {
        Status::Ongoing
    } else {
        pos.status_with(&moves)
    };
    match status {
        Status::Over(_) => Vec::new(),
        Status::Pass => vec![(None, perft(&pos.pass(), depth - 1))],
        Status::Ongoing => moves
            .iter()
            .map(|&m| (Some(m), perft(&pos.play(m), depth - 1)))
            .collect(),
    }
}
