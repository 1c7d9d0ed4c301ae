//! Connect N move text: a cell (`d1`), a column letter (`d`), and move
//! sequences from the empty board in letters (`ddce`) or Pascal Pons'
//! digits (`4435`, 1 = a).

pub use crate::rules::file::{cell_text, parse_move};

use super::{Position, Shape};

/// Why a move sequence cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {index}: {why}")]
pub struct SeqError {
    /// The move, from 1.
    pub index: usize,
    /// What is wrong with it.
    pub why: String,
}

/// Plays a move sequence from the empty board: column letters (`ddce`) or
/// column digits 1 to 9 (`4435`, only when the board has at most 9
/// columns), not mixed; empty or `-` is the empty board. The last move may
/// end the game; a move after the end, a full or off-board column, or any
/// other character is an error.
///
/// ```
/// use antichess::games::connect::{moves::play_sequence, Shape};
/// let p = play_sequence(Shape::CONNECT_FOUR, "4435").unwrap();
/// assert_eq!(p, play_sequence(Shape::CONNECT_FOUR, "ddce").unwrap());
/// assert_eq!(p.moves(), 4);
/// let err = play_sequence(Shape::CONNECT_FOUR, "dh").unwrap_err();
/// assert_eq!(err.to_string(), "move 2: column h is not on this board (a to g)");
/// ```
pub fn play_sequence(shape: Shape, seq: &str) -> Result<Position, SeqError> {
    if seq == "-" || seq.is_empty() {
        return Ok(Position::new(shape));
    }
    play_rest(Position::new(shape), seq, 0)
}

/// Plays the moves of `seq` from index `from` on, where `pos` is the
/// position after the moves before it (so that sequences sharing a start
/// are read without playing it again). Errors as [`play_sequence`].
pub(crate) fn play_rest(mut pos: Position, seq: &str, from: usize) -> Result<Position, SeqError> {
    let shape = pos.shape();
    let digits = seq.as_bytes().first().is_some_and(u8::is_ascii_digit);
    let last = Shape::column_letter(shape.width - 1);
    for (i, b) in seq.bytes().enumerate().skip(from) {
        let err = |why: String| SeqError { index: i + 1, why };
        let column = match b {
            b'1'..=b'9' if digits && shape.width <= 9 => u32::from(b - b'1'),
            b'a'..=b'z' if !digits => u32::from(b - b'a'),
            _ => {
                return Err(err(format!(
                    "{:?} is not a column (use letters a to {last}{})",
                    char::from(b),
                    if shape.width <= 9 {
                        format!(" or digits 1 to {}", shape.width)
                    } else {
                        String::new()
                    }
                )));
            }
        };
        if column >= shape.width {
            return Err(err(format!(
                "column {} is not on this board (a to {last})",
                Shape::column_letter(column)
            )));
        }
        if pos.is_over() {
            return Err(err("the game is already over".to_string()));
        }
        if pos.landing_row(column).is_none() {
            return Err(err(format!(
                "column {} is full",
                Shape::column_letter(column)
            )));
        }
        pos = pos.play(column);
    }
    Ok(pos)
}
