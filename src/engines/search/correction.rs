//! The correction history: how far the searches of positions with the
//! same pawns, for the same side to move, have found the static score
//! wrong, kept as a moving average and added to the static score where the
//! policy says. An evaluation that misjudges a pawn structure (a blocked
//! centre, a weak king's cover) misjudges it in every position with those
//! pawns, and the search's own results teach it by how much.

use super::params::PARAMS;
use crate::rules::chess::Position;

/// Entries for each side to move (a power of two): 16,384 of 4 bytes.
const ENTRIES: usize = 1 << 14;
/// An entry is kept in 1/`GRAIN` centipawns.
const GRAIN: i32 = 256;
/// The weights of an update are out of this (`PARAMS.correction_weight`
/// the most any one update weighs).
const WEIGHT_SCALE: i32 = 256;

/// The correction history of one search thread.
pub struct Correction {
    table: Box<[[i32; ENTRIES]; 2]>,
}

impl Correction {
    /// A history with nothing learnt.
    pub fn new() -> Correction {
        Correction {
            table: Box::new([[0; ENTRIES]; 2]),
        }
    }

    /// The correction, in centipawns, for the static score of `pos`.
    pub fn of(&self, pos: &Position) -> i32 {
        self.table[pos.turn() as usize][slot(pos)] / GRAIN
    }

    /// Moves the entry of `pos` towards `error` (the search's score to
    /// `depth` less the uncorrected static score, at most
    /// `PARAMS.correction_most` either way), the more the deeper the
    /// search: `(depth + 1)^2` of [`WEIGHT_SCALE`], at most
    /// `PARAMS.correction_weight`.
    pub fn learn(&mut self, pos: &Position, depth: i32, error: i32) {
        let entry = &mut self.table[pos.turn() as usize][slot(pos)];
        let weight = (depth * depth + 2 * depth + 1).min(PARAMS.correction_weight);
        let most = PARAMS.correction_most;
        let target = error.clamp(-most, most) * GRAIN;
        let mixed = (i64::from(*entry) * i64::from(WEIGHT_SCALE - weight)
            + i64::from(target) * i64::from(weight))
            / i64::from(WEIGHT_SCALE);
        *entry = mixed as i32;
    }
}

/// Where the pawns of `pos` lie in the table: the top bits of its pawn
/// key.
fn slot(pos: &Position) -> usize {
    (pos.board().pawn_key() >> (64 - ENTRIES.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::Ruleset;

    #[test]
    fn a_correction_follows_the_errors_within_its_bound() {
        let chess = |fen| Position::from_fen(fen, Ruleset::CHESS).unwrap();
        let mut c = Correction::new();
        let pos = chess("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(c.of(&pos), 0);
        // Deep searches that keep finding the score 40 cp too low.
        for _ in 0..20 {
            c.learn(&pos, 12, 40);
        }
        assert_eq!(c.of(&pos), 39);
        // The same pawns with the other side to move learnt nothing.
        let white = chess("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(c.of(&white), 0);
        // An error past the bound counts as the bound; a shallow search
        // moves the entry less than a deep one.
        for _ in 0..50 {
            c.learn(&pos, 12, -500);
        }
        assert_eq!(c.of(&pos), -63);
        c.learn(&pos, 1, 0);
        assert_eq!(c.of(&pos), -62);
    }
}
