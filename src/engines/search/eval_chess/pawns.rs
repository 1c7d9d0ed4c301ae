//! The pawns' own features: their material and squares, and their
//! structure (passed, doubled, isolated, supported and backward pawns and
//! pawns side by side). They depend on the pawns alone, so that their
//! score can be kept by the pawns (`pawn_cache.rs`).

use shakmaty::{Bitboard, Color, File, Role, Square};

use super::features::{
    BACKWARD, DOUBLED, ISOLATED, MATERIAL, PASSED, PHALANX, SQUARES, SUPPORTED, folded,
};
use super::{Signed, Sink};
use crate::rules::chess::{Board, pawn_attacks};

/// Counts both sides' pawns' own features into `sink` (White's less
/// Black's).
pub fn count(board: &Board, sink: &mut impl Sink) {
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let sink = &mut Signed(sink, sign);
        let pawns = board.by_piece(color, Role::Pawn);
        for sq in pawns {
            let own_side = match color {
                Color::White => sq,
                Color::Black => sq.flip_vertical(),
            };
            sink.add(SQUARES + folded(own_side as usize), 1);
            sink.add(MATERIAL, 1);
        }
        structure(board, color, pawn_attacks(pawns, color), sink);
    }
}

/// The file `file` and those beside it.
pub fn file_and_neighbours(file: File) -> Bitboard {
    let f = file as i32;
    (f - 1..=f + 1)
        .filter(|f| (0..8).contains(f))
        .fold(Bitboard::EMPTY, |bb, f| {
            bb | Bitboard::from_file(File::new(f as u32))
        })
}

/// `color`'s passed pawns: those with no enemy pawn in front of them on
/// their file or the files beside.
pub fn passed(board: &Board, color: Color) -> Bitboard {
    let theirs = board.by_piece(color.other(), Role::Pawn);
    board
        .by_piece(color, Role::Pawn)
        .into_iter()
        .filter(|&sq| (theirs & file_and_neighbours(sq.file()) & ahead_of(color, sq)).is_empty())
        .collect()
}

/// The files beside `file` (one or two).
pub fn files_beside(file: File) -> Bitboard {
    file_and_neighbours(file) & !Bitboard::from_file(file)
}

/// The square in front of `color`'s pawn on `sq`, if any.
pub fn stop(color: Color, sq: Square) -> Option<Square> {
    sq.offset(if color == Color::White { 8 } else { -8 })
}

/// The rank of `sq` counted from `color`'s side (0 to 7).
pub fn relative_rank(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.rank() as usize,
        Color::Black => 7 - sq.rank() as usize,
    }
}

/// Counts `color`'s pawn structure into `sink`; `defended` is what its
/// pawns attack.
fn structure(board: &Board, color: Color, defended: Bitboard, sink: &mut impl Sink) {
    let ours = board.by_piece(color, Role::Pawn);
    let theirs = board.by_piece(color.other(), Role::Pawn);
    let attacked = pawn_attacks(theirs, color.other());
    let west = (ours & !Bitboard::from_file(File::A)).shift(-1);
    let east = (ours & !Bitboard::from_file(File::H)).shift(1);
    let side_by_side = west | east;
    let passed = passed(board, color);
    for sq in ours {
        let file = Bitboard::from_file(sq.file());
        let neighbours = files_beside(sq.file());
        let ahead = ahead_of(color, sq);
        if passed.contains(sq) {
            sink.add(PASSED + relative_rank(color, sq), 1);
        }
        if (ours & file & ahead).any() {
            sink.add(DOUBLED, 1);
        }
        if (ours & neighbours).is_empty() {
            sink.add(ISOLATED, 1);
        }
        if defended.contains(sq) {
            sink.add(SUPPORTED, 1);
        }
        if side_by_side.contains(sq) {
            sink.add(PHALANX, 1);
        }
        let unsupported = (ours & neighbours & !ahead).is_empty();
        if unsupported && stop(color, sq).is_some_and(|stop| attacked.contains(stop)) {
            sink.add(BACKWARD, 1);
        }
    }
}

/// The ranks in front of `sq` from `color`'s side.
pub fn ahead_of(color: Color, sq: Square) -> Bitboard {
    let rank = sq.rank() as u32;
    Bitboard(match color {
        Color::White => u64::MAX.checked_shl(8 * (rank + 1)).unwrap_or(0),
        Color::Black => (1u64 << (8 * rank)) - 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_has_neighbours_on_both_sides_but_at_the_edge() {
        assert_eq!(file_and_neighbours(File::A).count(), 16);
        assert_eq!(file_and_neighbours(File::E).count(), 24);
    }

    #[test]
    fn the_ranks_ahead_of_a_pawn_are_those_towards_the_other_side() {
        assert_eq!(ahead_of(Color::White, Square::E2).count(), 48);
        assert!(ahead_of(Color::White, Square::E8).is_empty());
        assert_eq!(ahead_of(Color::Black, Square::E7).count(), 48);
        assert!(ahead_of(Color::Black, Square::A1).is_empty());
        assert!(ahead_of(Color::White, Square::E2).contains(Square::A3));
        assert!(!ahead_of(Color::Black, Square::E2).contains(Square::A2));
    }
}
