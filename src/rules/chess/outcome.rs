//! The state of play in a position.

use crate::game::Outcome;

/// The state of play in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has legal moves.
    Ongoing,
    /// The side to move is stalemated under the 2007 rules and loses its turn;
    /// the opponent can move (or is checkmated) after the pass.
    Pass,
    /// The game is over.
    Over(Outcome),
}
