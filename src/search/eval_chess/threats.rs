//! Threats: enemy pieces attacked by pawns, by minor pieces and by rooks,
//! or attacked and not defended; enemy pieces a pawn would attack after a
//! safe push; squares both sides fight for; and squares from which a
//! knight or a slider would attack the enemy queen.

use shakmaty::{Bitboard, Color, Rank, Role, attacks};

use super::features::{
    HANGING, MINOR_THREATS, PAWN_THREATS, PUSH_THREATS, QUEEN_REACH, RESTRICTED, ROOK_THREATS,
};
use super::{Attacks, Sink, pawns};
use crate::rules::Board;

/// Counts `color`'s threats into `sink`, given what each side attacks.
pub fn count(board: &Board, color: Color, ours: &Attacks, theirs: &Attacks, sink: &mut impl Sink) {
    let enemy = board.by_color(color.other());
    let targets = enemy & !board.by_role(Role::King);
    let pieces = targets & !board.by_role(Role::Pawn);
    sink.add(PAWN_THREATS, (ours.pawns & pieces).count() as i32);
    sink.add(
        MINOR_THREATS,
        (ours.minors & enemy & board.rooks_and_queens()).count() as i32,
    );
    sink.add(HANGING, (ours.all & targets & !theirs.all).count() as i32);
    sink.add(
        ROOK_THREATS,
        (ours.rooks & enemy & board.by_role(Role::Queen)).count() as i32,
    );
    let pushed = pawns::attacks(safe_pushes(board, color, ours, theirs), color);
    sink.add(PUSH_THREATS, (pushed & pieces).count() as i32);
    sink.add(
        RESTRICTED,
        (theirs.all & ours.all & !theirs.pawns).count() as i32,
    );
    queen_reach(board, color, ours, theirs, sink);
}

/// The squares `color`'s pawns can be pushed to (one step, or two from
/// their first rank) where no enemy pawn attacks them, and no enemy piece
/// either unless one of `color`'s defends them.
fn safe_pushes(board: &Board, color: Color, ours: &Attacks, theirs: &Attacks) -> Bitboard {
    let empty = !board.occupied();
    let (step, third) = match color {
        Color::White => (8, Rank::Third),
        Color::Black => (-8, Rank::Sixth),
    };
    let one = board.by_piece(color, Role::Pawn).shift(step) & empty;
    let two = (one & Bitboard::from_rank(third)).shift(step) & empty;
    (one | two) & !theirs.pawns & (ours.all | !theirs.all)
}

/// Where the enemy has exactly one queen: the squares, neither ours nor
/// attacked by an enemy pawn, from which one of `color`'s knights (the
/// first count) or bishops and rooks along their own lines (the second)
/// would attack it next move.
fn queen_reach(
    board: &Board,
    color: Color,
    ours: &Attacks,
    theirs: &Attacks,
    sink: &mut impl Sink,
) {
    let queens = board.by_piece(color.other(), Role::Queen);
    let Some(queen) = queens.single_square() else {
        return;
    };
    let safe = !board.by_color(color) & !theirs.pawns;
    let occupied = board.occupied();
    let (mut knights, mut sliders) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for &(kind, reach) in &ours.pieces {
        match kind {
            0 => knights |= reach & attacks::knight_attacks(queen),
            1 => sliders |= reach & attacks::bishop_attacks(queen, occupied),
            2 => sliders |= reach & attacks::rook_attacks(queen, occupied),
            _ => {}
        }
    }
    sink.add(QUEEN_REACH, (knights & safe).count() as i32);
    sink.add(QUEEN_REACH + 1, (sliders & safe).count() as i32);
}
