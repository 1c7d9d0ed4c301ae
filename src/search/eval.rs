//! Static evaluation for 6.170 Antichess, from the side to move's view.
//!
//! The quiescence search follows every forced capture, so this is only
//! called when the side to move has no capture. Four terms:
//!
//! - **Material.** Both sides want to shed their pieces, so every piece one
//!   keeps counts against one, with small differences by kind: a queen is
//!   the easiest piece to give away, a rook the hardest.
//! - **Mobility.** Moves of the pieces other than the king: a side with
//!   choices is not forced, and can pick the capture or the offer it likes.
//! - **Offers.** Empty squares one of our pieces can step to where the
//!   opponent attacks it: each is a way to force the opponent to capture
//!   (counted up to four).
//! - **King room.** Squares the king can step to safely. Under the 2007
//!   rules a boxed-in king is mated and loses; under the 2004 rules being
//!   mated wins, so the sign turns.
//! - **Pending capture.** The opponent, to move next, can already take one
//!   of our pieces: whatever we play (unless it undoes that), the opponent
//!   must take something next move.
//!
//! Measured in self-play (100 games, 2 s per side, referee with random
//! openings): the three activity terms (weights 10, 40, 20) against the
//! plain material count scored 85% (+301 +/- 102 Elo); doubling them to
//! 20, 80, 40 scored 67% against that (+123 +/- 72); doubling again gave
//! nothing more (52%, +14 +/- 68). An earlier term rewarding own pieces the
//! opponent attacks scored 42.5% (-53 +/- 110) and was dropped. The
//! pending-capture bonus (150) scored 60% (+70 +/- 69); at 300, 53%.

use crate::rules::{Bitboard, Color, MateRule, Piece, Position, Role, Square};
use shakmaty::attacks;

/// The cost of keeping each kind of piece (pawn, knight, bishop, rook,
/// queen); the king is never captured.
const ROLE_COST: [(Role, i32); 5] = [
    (Role::Pawn, 100),
    (Role::Knight, 100),
    (Role::Bishop, 105),
    (Role::Rook, 110),
    (Role::Queen, 95),
];

/// A small bonus for having the move.
const TEMPO: i32 = 5;
/// Per move of a piece other than the king.
const MOBILITY: i32 = 20;
/// Per square where a piece can be offered (up to [`MAX_OFFERS`]).
const OFFER: i32 = 80;
const MAX_OFFERS: u32 = 4;
/// Per safe square next to the king (up to three).
const KING_ROOM: i32 = 40;
/// When the opponent already has a capture of one of our pieces.
const PENDING: i32 = 150;

/// The side to move's score: positive is good for it.
///
/// ```
/// use antichess::rules::{Position, Ruleset};
/// use antichess::search::eval::evaluate;
/// // Black has given away a pawn: good for Black, bad for White to move.
/// let pos = Position::from_fen("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", Ruleset::SPRING_2007).unwrap();
/// assert!(evaluate(&pos) < 0);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.turn();
    let them = us.other();
    let material = cost(pos, them) - cost(pos, us);
    let a = Activity::of(pos, us);
    let b = Activity::of(pos, them);
    let king_sign = match pos.ruleset().mate {
        MateRule::MaterWins => 1,
        MateRule::MatedWins => -1,
    };
    let king_room =
        |a: &Activity, other: &Activity| (a.king_moves & !other.attacked).count() as i32;
    material
        + MOBILITY * (a.mobility - b.mobility)
        + OFFER * (offers(&a, &b) - offers(&b, &a))
        + king_sign * KING_ROOM * (king_room(&a, &b).min(3) - king_room(&b, &a).min(3))
        + pending(pos, &b)
        + TEMPO
}

/// The bonus of the side to move when the opponent (whose reach is
/// `them`) can already take one of its pieces.
fn pending(pos: &Position, them: &Activity) -> i32 {
    PENDING * (them.attacked & pos.board().by_color(pos.turn())).any() as i32
}

/// Squares where `a` can offer a piece to `b`.
fn offers(a: &Activity, b: &Activity) -> i32 {
    (a.offers & b.attacked).count().min(MAX_OFFERS as usize) as i32
}

/// What one side's pieces reach.
struct Activity {
    /// Every square attacked.
    attacked: Bitboard,
    /// Empty squares a piece other than the king can move to.
    offers: Bitboard,
    /// Squares the kings can step to (not yet checked for attacks).
    king_moves: Bitboard,
    /// Moves of the pieces other than the king (pseudo-legal).
    mobility: i32,
}

impl Activity {
    fn of(pos: &Position, color: Color) -> Activity {
        let board = pos.board();
        let occupied = board.occupied();
        let own = board.by_color(color);
        let empty = !occupied;
        let mut attacked = Bitboard::EMPTY;
        let mut offers = Bitboard::EMPTY;
        let mut mobility = 0;
        for &(role, _) in &ROLE_COST {
            for sq in board.by_piece(color, role) {
                let att = attacks::attacks(sq, Piece { color, role }, occupied);
                attacked |= att;
                let quiet = if role == Role::Pawn {
                    pawn_push(color, sq) & empty
                } else {
                    att & empty
                };
                offers |= quiet;
                mobility += (quiet.count() + (att & board.by_color(color.other())).count()) as i32;
            }
        }
        let mut king_moves = Bitboard::EMPTY;
        for k in board.by_piece(color, Role::King) {
            let att = attacks::king_attacks(k);
            attacked |= att;
            king_moves |= att & !own;
        }
        Activity {
            attacked,
            offers,
            king_moves,
            mobility,
        }
    }
}

/// The square in front of a pawn (off the board: none).
fn pawn_push(color: Color, sq: Square) -> Bitboard {
    let b = Bitboard::from_square(sq);
    match color {
        Color::White => b.shift(8),
        Color::Black => b.shift(-8),
    }
}

fn cost(pos: &Position, color: Color) -> i32 {
    ROLE_COST
        .iter()
        .map(|&(role, c)| pos.board().by_piece(color, role).count() as i32 * c)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    fn pos(fen: &str, ruleset: Ruleset) -> Position {
        Position::from_fen(fen, ruleset).unwrap()
    }

    #[test]
    fn offers_are_quiet_steps_into_attacked_squares() {
        // The knight on b1 can step to a3, c3 or d2; the pawn on d4 attacks
        // c3 (and e3, where no white piece can go).
        let p = pos("7k/8/8/8/3p4/8/8/1N5K w - - 0 1", Ruleset::SPRING_2007);
        let white = Activity::of(&p, Color::White);
        let black = Activity::of(&p, Color::Black);
        assert_eq!(offers(&white, &black), 1);
        // The pawn's only step, d3, is not attacked by the knight.
        assert_eq!(offers(&black, &white), 0);
        assert_eq!(white.mobility, 3);
        assert_eq!(black.mobility, 1);
    }

    #[test]
    fn king_room_counts_for_the_mater_and_against_the_mated() {
        // White's king has room; the rook on g1 boxes Black's king in.
        let fen = "7k/8/8/8/8/8/8/K5R1 w - - 0 1";
        let mater = evaluate(&pos(fen, Ruleset::SPRING_2007));
        let mated = evaluate(&pos(fen, Ruleset::SPRING_2004));
        // a1 king: a2, b1, b2 safe (3); h8 king: g8 and g7 attacked by the
        // rook, h7 safe (1). The term is +2 * 40 under 2007 and -2 * 40
        // under 2004.
        assert_eq!(mater - mated, 2 * 2 * KING_ROOM);
    }

    #[test]
    fn a_capture_already_open_to_the_opponent_counts_for_us() {
        // White to move; Black's rook on a8 attacks the White knight on a2,
        // not the one on b1.
        let pending_for = |fen| {
            let p = pos(fen, Ruleset::SPRING_2007);
            pending(&p, &Activity::of(&p, Color::Black))
        };
        assert_eq!(pending_for("r6k/8/8/8/8/8/N7/7K w - - 0 1"), PENDING);
        assert_eq!(pending_for("r6k/8/8/8/8/8/8/1N5K w - - 0 1"), 0);
    }

    #[test]
    fn material_is_a_cost() {
        let fewer = evaluate(&pos("7k/p7/8/8/8/8/8/K7 w - - 0 1", Ruleset::SPRING_2007));
        let more = evaluate(&pos("7k/8/8/8/8/8/P7/K7 w - - 0 1", Ruleset::SPRING_2007));
        assert!(fewer > more, "{fewer} {more}");
    }
}
