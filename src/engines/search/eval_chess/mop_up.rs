//! Mop-up: when one side has nothing but its king and the other has mating
//! material, the stronger side drives the lone king to the edge and brings
//! its own king to it, so that K+Q v K and K+R v K are mated well within
//! the fifty-move rule. Set by hand, not fitted: the games the weights are
//! fitted to have too few such endings to teach it.

use shakmaty::{Bitboard, Color, Role, Square};

use crate::rules::chess::{Board, Position};

/// Per step of the lone king from the centre...
const MOP_UP_EDGE: i32 = 10;
/// ...and per step the kings are closer than the greatest distance.
const MOP_UP_CLOSE: i32 = 4;

/// The Manhattan distance to the centre: 0 to 6.
fn centre_manhattan(sq: Square) -> i32 {
    let (file, rank) = (sq.file() as i32, sq.rank() as i32);
    let df = if file < 4 { 3 - file } else { file - 4 };
    let dr = if rank < 4 { 3 - rank } else { rank - 4 };
    df + dr
}

/// For White: when one side has nothing but its king and the other has
/// mating material, a bonus to the stronger side for the lone king's
/// distance from the centre and for its own king's nearness.
pub fn mop_up(pos: &Position) -> i32 {
    let board = pos.board();
    for strong in [Color::White, Color::Black] {
        let weak = strong.other();
        let lone = board.by_color(weak) == board.by_piece(weak, Role::King);
        let heavy =
            (board.by_color(strong) & (board.rooks_and_queens() | board.by_role(Role::Pawn))).any();
        let (Some(weak_king), Some(strong_king)) = (
            board.by_piece(weak, Role::King).first(),
            board.by_piece(strong, Role::King).first(),
        ) else {
            continue;
        };
        if lone && (heavy || minor_mate(board.by_color(strong), board)) {
            let bonus = MOP_UP_EDGE * centre_manhattan(weak_king)
                + MOP_UP_CLOSE * (14 - king_distance(weak_king, strong_king));
            return if strong == Color::White {
                bonus
            } else {
                -bonus
            };
        }
    }
    0
}

/// Whether minor pieces alone can mate: two bishops or bishop and knight.
fn minor_mate(ours: Bitboard, board: &Board) -> bool {
    let bishops = (ours & board.by_role(Role::Bishop)).count();
    let knights = (ours & board.by_role(Role::Knight)).count();
    bishops >= 2 || (bishops >= 1 && knights >= 1)
}

/// The Manhattan distance between two squares.
fn king_distance(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32).abs() + (a.rank() as i32 - b.rank() as i32).abs()
}
