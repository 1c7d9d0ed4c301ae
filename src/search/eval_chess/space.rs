//! Space: the squares of the four central files on a side's second to
//! fourth rank that no enemy pawn attacks and no pawn of its own stands
//! on, those behind its own pawns counted twice, scaled by how many
//! pieces it has to use them.

use shakmaty::{Bitboard, Color, File, Rank, Role};

use super::features::SPACE;
use super::{Attacks, Sink};
use crate::rules::Board;

/// Counts `color`'s space into `sink`: the safe squares (see the module)
/// times the side's pieces and pawns, in sixteenths.
pub fn count(board: &Board, color: Color, theirs: &Attacks, sink: &mut impl Sink) {
    let files = [File::C, File::D, File::E, File::F]
        .into_iter()
        .fold(Bitboard::EMPTY, |b, f| b | Bitboard::from_file(f));
    let ranks = match color {
        Color::White => [Rank::Second, Rank::Third, Rank::Fourth],
        Color::Black => [Rank::Seventh, Rank::Sixth, Rank::Fifth],
    }
    .into_iter()
    .fold(Bitboard::EMPTY, |b, r| b | Bitboard::from_rank(r));
    let own_pawns = board.by_piece(color, Role::Pawn);
    let safe = files & ranks & !own_pawns & !theirs.pawns;
    let step = match color {
        Color::White => -8,
        Color::Black => 8,
    };
    let one = own_pawns.shift(step);
    let behind = one | one.shift(step) | one.shift(2 * step);
    let squares = (safe.count() + (safe & behind).count()) as i32;
    sink.add(SPACE, squares * board.by_color(color).count() as i32 / 16);
}
