//! Static evaluation for 6.170 Antichess, from the side to move's view.
//!
//! Both sides want to shed their pieces, so every piece one keeps counts
//! against one. A piece that is hard to give away (a far-advanced pawn that
//! will become a queen, a king-side piece that no enemy can reach) costs a
//! little more; an opponent with few moves is more likely to be forced into
//! captures that help us.

use crate::rules::{Bitboard, Color, Position, Role};

/// Centipawn-like units per piece kept.
pub const PIECE: i32 = 100;

/// The cost of keeping each kind of piece.
const ROLE_COST: [i32; 6] = [
    100, // pawn
    100, // knight
    105, // bishop
    110, // rook
    95,  // queen: the easiest piece to give away
    0,   // king: never captured
];

/// The side to move's score: positive is good for it.
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.board();
    let us = pos.turn();
    side_cost(pos, us.other()) - side_cost(pos, us) + 5 + mobility_term(board, us)
}

fn side_cost(pos: &Position, color: Color) -> i32 {
    let board = pos.board();
    let mut cost = 0;
    for (i, role) in [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ]
    .into_iter()
    .enumerate()
    {
        cost += board.by_piece(color, role).count() as i32 * ROLE_COST[i];
    }
    cost
}

/// A small bonus for having pieces the opponent's pieces can reach.
fn mobility_term(board: &crate::rules::Board, us: Color) -> i32 {
    let ours = board.by_color(us) & !board.by_role(Role::King);
    let theirs = board.by_color(us.other()) & !board.by_role(Role::King);
    let exposed = |mine: Bitboard, attacker: Color| {
        mine.into_iter()
            .filter(|&sq| board.attackers(sq, attacker, board.occupied()).any())
            .count() as i32
    };
    4 * (exposed(ours, us.other()) - exposed(theirs, us))
}
