//! What a passed pawn is worth beyond the pawns' own count: how free its
//! way is and how near the kings are. These depend on the pieces and the
//! kings, so they are counted with them, not kept by the pawns.

use shakmaty::{Bitboard, Color, Role, Square};

use super::Sink;
use super::features::PASSED_EXTRAS;
use super::pawns::{ahead_of, relative_rank, stop};
use crate::rules::chess::Board;

/// The farthest a king's distance counts.
const MAX_DISTANCE: u32 = 5;

/// Counts the extras of `color`'s passed pawns `passed` into `sink`;
/// `enemy_attacks` is what the other side attacks.
pub fn count(
    board: &Board,
    color: Color,
    passed: Bitboard,
    enemy_attacks: Bitboard,
    sink: &mut impl Sink,
) {
    let ours = board.by_piece(color, Role::King).first();
    let theirs = board.by_piece(color.other(), Role::King).first();
    let occupied = board.occupied();
    for sq in passed {
        // The fourth rank from the side counts 1, the seventh 4.
        let weight = relative_rank(color, sq) as i32 - 2;
        if weight <= 0 {
            continue;
        }
        let Some(stop) = stop(color, sq) else {
            continue;
        };
        if !occupied.contains(stop) {
            sink.add(PASSED_EXTRAS, weight);
        }
        let way = Bitboard::from_file(sq.file()) & ahead_of(color, sq);
        if (way & (occupied | enemy_attacks)).is_empty() {
            sink.add(PASSED_EXTRAS + 1, weight);
        }
        for (king, feature) in [(theirs, PASSED_EXTRAS + 2), (ours, PASSED_EXTRAS + 3)] {
            if let Some(king) = king {
                sink.add(feature, weight * distance(king, stop) as i32);
            }
        }
    }
}

/// The king's distance between two squares, up to [`MAX_DISTANCE`].
fn distance(a: Square, b: Square) -> u32 {
    a.distance(b).min(MAX_DISTANCE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{Position, Ruleset};

    struct Counts([i32; 4]);

    impl Sink for Counts {
        fn add(&mut self, feature: usize, count: i32) {
            self.0[feature - PASSED_EXTRAS] += count;
        }
    }

    fn extras(fen: &str, color: Color, enemy_attacks: Bitboard) -> [i32; 4] {
        let pos = Position::from_fen(fen, Ruleset::CHESS).unwrap();
        let mut c = Counts([0; 4]);
        let passed = crate::engines::search::eval_chess::pawns::passed(pos.board(), color);
        count(pos.board(), color, passed, enemy_attacks, &mut c);
        c.0
    }

    #[test]
    fn a_passed_pawn_counts_its_way_and_the_kings_by_its_rank() {
        // White's pawn on e6 (weight 3): e7 empty, the way free; Black's
        // king on a8 is 4 from e7 and White's on e1 is 5 (6, capped).
        let fen = "k7/8/4P3/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(extras(fen, Color::White, Bitboard::EMPTY), [3, 3, 12, 15]);
        // With e8 attacked the way is no longer safe.
        let e8 = Bitboard::from(Square::E8);
        assert_eq!(extras(fen, Color::White, e8), [3, 0, 12, 15]);
        // Black's pawn on d3 (its sixth rank, weight 3) in front of White's
        // king on d2: blocked, and the king stands on its stop square.
        let fen = "k7/8/8/8/8/3p4/3K4/8 b - - 0 1";
        assert_eq!(extras(fen, Color::Black, Bitboard::EMPTY), [0, 0, 0, 3 * 5]);
        // A pawn on its third rank counts nothing.
        let fen = "k7/8/8/8/8/4P3/8/4K3 w - - 0 1";
        assert_eq!(extras(fen, Color::White, Bitboard::EMPTY), [0; 4]);
    }
}
