//! Counting move sequences: a test of the move generator and of the win
//! detection together (a game that ends early contributes nothing).

use super::Position;

/// The number of move sequences of exactly `depth` plies from `pos`; a
/// sequence through a finished game (a line, or a full board) does not
/// count, so a finished position counts 0 for any depth but 0. The last
/// ply is counted in bulk.
///
/// ```
/// use antichess::games::connect::{perft, Position, Shape};
/// let start = Position::new(Shape::CONNECT_FOUR);
/// assert_eq!(perft(&start, 4), 2401);
/// assert_eq!(perft(&start, 7), 823_536);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth > 0 && pos.is_over() {
        return 0;
    }
    count(pos, depth)
}

fn count(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let playable = pos.playable();
    if depth == 1 {
        return u64::from(playable.count_ones());
    }
    let mut total = 0;
    let mut moves = playable;
    while moves != 0 {
        let cell = moves & moves.wrapping_neg();
        moves ^= cell;
        let next = pos.play_cell(cell);
        if !next.has_line(pos.turn()) {
            total += count(&next, depth - 1);
        }
    }
    total
}

/// [`perft`] split by the first move: the column and its count, left to
/// right.
pub fn divide(pos: &Position, depth: u32) -> Vec<(u32, u64)> {
    pos.legal_columns()
        .map(|c| {
            let next = pos.play(c);
            let count = if pos.is_over() {
                0
            } else if depth <= 1 {
                u64::from(depth == 1)
            } else if next.has_line(pos.turn()) {
                0
            } else {
                perft(&next, depth - 1)
            };
            (c, count)
        })
        .collect()
}
