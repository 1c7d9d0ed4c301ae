//! The histories of moves that cut off: for quiet moves, by origin and
//! destination (the butterfly history), and by piece and destination after
//! the moves one and two plies before (the continuation history); for
//! captures, by piece, destination and the piece taken (the capture
//! history). Move ordering reads them; a cutoff rewards its move (and,
//! where the policy says, penalises the moves tried before it).

use crate::rules::chess::{Move, Position};

use super::params::PARAMS;
use super::stack::Stack;

/// The bound of each history entry, either way.
pub const HISTORY_BOUND: i32 = 1 << 20;
/// Piece kinds times squares: the size of a continuation history's rows.
pub const PIECE_SQUARES: usize = 6 * 64;

/// A move's piece kind and destination, as one index below
/// [`PIECE_SQUARES`].
pub fn piece_square(pos: &Position, m: Move) -> u16 {
    let role = pos.board().role_at(m.from()).map_or(0, |r| r as u16 - 1);
    role * 64 + m.to() as u16
}

/// How a cutoff's bonus (or a malus) moves a history entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update {
    /// Added, the entry kept within [`HISTORY_BOUND`] either way.
    Clamped,
    /// Added less the entry's own share of it (Stockfish's "gravity"):
    /// `entry += bonus - entry * |bonus| / bound`, the bonus first kept
    /// within the bound. An entry then stays within the bound, and what the
    /// latest cutoffs taught outweighs what older ones did.
    Gravity(i32),
}

/// The histories of one search thread.
pub struct Histories {
    butterfly: Box<[[i32; 64]; 64]>,
    continuation: Box<[[i32; PIECE_SQUARES]]>,
    capture: Box<[[i32; 6]; PIECE_SQUARES]>,
    /// How a bonus moves an entry: the policy's, set as each search starts.
    pub update: Update,
}

impl Histories {
    /// Histories with nothing learnt.
    pub fn new() -> Histories {
        Histories {
            butterfly: Box::new([[0; 64]; 64]),
            continuation: vec![[0; PIECE_SQUARES]; PIECE_SQUARES].into_boxed_slice(),
            capture: Box::new([[0; 6]; PIECE_SQUARES]),
            update: Update::Clamped,
        }
    }

    /// The butterfly history of `m`.
    pub fn butterfly(&self, m: Move) -> i32 {
        self.butterfly[m.from() as usize][m.to() as usize]
    }

    /// The continuation history of a quiet move (as [`piece_square`]) at
    /// `ply`: after the moves one and two plies before.
    pub fn continued(&self, stack: &Stack, ply: usize, this: u16) -> i32 {
        stack
            .earlier_moves(ply)
            .map(|before| self.continuation[before][this as usize])
            .sum()
    }

    /// Adds `bonus` (or a malus) to both histories of the quiet move `m`
    /// at `ply`.
    pub fn reward(&mut self, pos: &Position, stack: &Stack, m: Move, bonus: i32, ply: usize) {
        let update = self.update;
        update.apply(
            &mut self.butterfly[m.from() as usize][m.to() as usize],
            bonus,
        );
        let this = piece_square(pos, m) as usize;
        for before in stack.earlier_moves(ply) {
            update.apply(&mut self.continuation[before][this], bonus);
        }
    }

    /// The capture history of the capture `m`.
    pub fn capture(&self, pos: &Position, m: Move) -> i32 {
        self.capture[piece_square(pos, m) as usize][victim(pos, m)]
    }

    /// Adds `bonus` (or a malus) to the capture history of the capture
    /// `m`.
    pub fn reward_capture(&mut self, pos: &Position, m: Move, bonus: i32) {
        self.update.apply(
            &mut self.capture[piece_square(pos, m) as usize][victim(pos, m)],
            bonus,
        );
    }

    /// Ages the histories at the start of a search: what earlier searches
    /// learnt counts an eighth.
    pub fn age(&mut self) {
        let rows = self.butterfly.iter_mut().map(|row| &mut row[..]);
        let continuation = self.continuation.iter_mut().map(|row| &mut row[..]);
        let capture = self.capture.iter_mut().map(|row| &mut row[..]);
        for h in rows.chain(continuation).chain(capture).flatten() {
            *h /= PARAMS.history_aging;
        }
    }
}

/// The kind of piece a capture takes, as an index below 6 (a pawn for en
/// passant).
pub(super) fn victim(pos: &Position, m: Move) -> usize {
    pos.board().role_at(m.to()).map_or(0, |r| r as usize - 1)
}

impl Update {
    /// Adds a bonus (or a malus) to a history entry, as `self` says.
    pub fn apply(self, entry: &mut i32, bonus: i32) {
        match self {
            Update::Clamped => *entry = (*entry + bonus).clamp(-HISTORY_BOUND, HISTORY_BOUND),
            Update::Gravity(bound) => {
                let bonus = bonus.clamp(-bound, bound);
                let share = i64::from(*entry) * i64::from(bonus.abs()) / i64::from(bound);
                *entry += bonus - share as i32;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_keeps_an_entry_within_its_bound_and_favours_the_latest() {
        let gravity = Update::Gravity(1000);
        let mut entry = 0;
        for _ in 0..100 {
            gravity.apply(&mut entry, 400);
            assert!((0..=1000).contains(&entry));
        }
        assert!(entry > 990, "{entry}");
        // A malus now takes more off a high entry than a bonus adds to a
        // low one: 400 + 400 * 0.99 or so.
        let before = entry;
        gravity.apply(&mut entry, -400);
        assert!(before - entry > 790, "{before} {entry}");
        // Clamped, the entry only stops at the bound.
        let mut clamped = HISTORY_BOUND - 10;
        Update::Clamped.apply(&mut clamped, 400);
        assert_eq!(clamped, HISTORY_BOUND);
    }
}
