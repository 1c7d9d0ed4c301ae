//! Hunting a king the player cannot see, once the opponent has nothing
//! but its king and pawns. Each board of the belief is judged by what a
//! mating player wants: a mate, never a stalemate or a lost piece, as
//! little room for the king as possible (the squares it can reach without
//! crossing an attacked square), few king moves, checks (each tells where
//! the king is), the king on the edge, the own king close, the pawns
//! taken, and material (pawns promoting).

use shakmaty::attacks;

use super::super::announcement::Ending;
use super::super::umpire::ending;
use crate::rules::chess::{Bitboard, Color, Position, Role, Square, piece_value};

/// A mate on one board.
pub const MATE: i32 = 20_000;

/// A draw on one board (stalemate, or the last piece taken): worse than
/// anything else, so that a move risking it on one board in fifty is not
/// played while another is safe.
pub const DRAW: i32 = 100_000;

/// A check given (it is announced with its line).
const CHECK: i32 = 60;

/// A piece the king can take.
const HANGING: i32 = 3_000;

/// The squares a king on `from` can reach through `free` squares.
fn room(from: Square, free: Bitboard) -> Bitboard {
    let mut region = Bitboard::from_square(from);
    loop {
        let mut grown = region;
        for sq in region {
            grown |= attacks::king_attacks(sq) & free;
        }
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Chebyshev distance between squares.
fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// How far a square is from the centre: 0 on d4-e5, 3 on the edge.
fn from_centre(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df.max(dr)
}

/// The hunter's value of `pos`, where the hunted side is to move.
pub fn value(pos: &Position, hunter: Color) -> i32 {
    let moves = pos.legal_moves();
    match ending(pos, &moves) {
        Some(Ending::Checkmate(_)) => return MATE,
        Some(_) => return -DRAW,
        None => {}
    }
    let board = pos.board();
    let hunted = hunter.other();
    let Some(king) = board.by_piece(hunted, Role::King).first() else {
        return 0;
    };
    let mut value = 0;
    for m in &moves {
        if m.is_capture() {
            if pos.play(*m).is_insufficient_material() {
                return -DRAW;
            }
            value -= HANGING;
        }
    }
    // Squares the hunter attacks, seeing through the king (it cannot hide
    // behind itself).
    let occupied = board.occupied() & !Bitboard::from_square(king);
    let mut attacked = Bitboard::EMPTY;
    for sq in board.by_color(hunter) {
        if let Some(piece) = board.piece_at(sq) {
            attacked |= attacks::attacks(sq, piece, occupied);
        }
    }
    let free = !attacked & !board.by_color(hunter);
    value -= 8 * room(king, free).count() as i32;
    // A check tells where the king is, and drives it.
    if pos.is_check() {
        value += CHECK;
    }
    let king_moves = moves.iter().filter(|m| m.from() == king).count();
    value -= 20 * king_moves as i32;
    value -= 100 * board.by_piece(hunted, Role::Pawn).count() as i32;
    value += 10 * from_centre(king);
    // Material, and pawns on their way to a queen: more to mate with.
    for sq in board.by_color(hunter) {
        value += match board.role_at(sq) {
            Some(Role::Pawn) => {
                let rank = sq.rank() as i32;
                let advance = if hunter.is_white() {
                    rank - 1
                } else {
                    6 - rank
                };
                piece_value(Role::Pawn) + 10 * advance * advance
            }
            Some(role) => piece_value(role),
            None => 0,
        };
    }
    if let Some(own) = board.by_piece(hunter, Role::King).first() {
        value -= 30 * distance(own, king);
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::Ruleset;

    fn at(fen: &str) -> i32 {
        value(
            &Position::from_fen(fen, Ruleset::CHESS).unwrap(),
            Color::White,
        )
    }

    #[test]
    fn less_room_is_better_and_endings_dominate() {
        // The rook on the sixth rank boxes the king in; on the first it
        // leaves it the whole board above.
        let promoted = at("4k3/8/8/8/8/8/8/Q3K3 b - - 0 1");
        let pawn = at("4k3/8/8/8/8/8/P7/4K3 b - - 0 1");
        assert!(promoted > pawn + 500, "{promoted} {pawn}");
        let boxed = at("4k3/8/R7/8/8/8/8/4K3 b - - 0 1");
        let free = at("4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
        assert!(boxed > free, "{boxed} {free}");
        assert_eq!(at("4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1"), MATE);
        assert_eq!(at("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"), -DRAW);
        // A queen next to the king, undefended: it will be taken.
        assert_eq!(at("k7/1Q6/8/8/8/8/8/7K b - - 0 1"), -DRAW);
    }
}
