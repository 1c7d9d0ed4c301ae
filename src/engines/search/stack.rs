//! What the search keeps for each ply of the line it is on: the move made
//! there (for the continuation history), the killer moves, and the static
//! score (for the "improving" test).

use crate::rules::chess::Move;

use super::MAX_PLY;

/// No move (a pass or a null move) in the line's moves.
pub const NO_MOVE: u16 = u16::MAX;

/// No static score taken at a ply.
pub const NO_EVAL: i32 = i32::MIN;

/// One ply of the current line.
#[derive(Clone, Copy, Debug)]
pub struct Ply {
    /// The piece and destination of the move made here
    /// ([`super::history::piece_square`]), or [`NO_MOVE`] for a pass or a
    /// null move.
    pub moved: u16,
    /// Quiet moves that cut off here, latest first.
    pub killers: [Option<Move>; 2],
    /// The static score here, or [`NO_EVAL`] where none was taken.
    pub eval: i32,
    /// The move a singular extension's search leaves out here.
    pub excluded: Option<Move>,
}

/// The plies of the current line, from the root.
pub struct Stack {
    plies: Box<[Ply; MAX_PLY + 2]>,
}

impl Stack {
    /// A stack with nothing learnt.
    pub fn new() -> Stack {
        Stack {
            plies: Box::new(
                [Ply {
                    moved: NO_MOVE,
                    killers: [None; 2],
                    eval: NO_EVAL,
                    excluded: None,
                }; MAX_PLY + 2],
            ),
        }
    }

    /// The ply `ply` (the last one past the deepest).
    pub fn at(&self, ply: usize) -> &Ply {
        &self.plies[ply.min(MAX_PLY + 1)]
    }

    /// The ply `ply`, to change.
    pub fn at_mut(&mut self, ply: usize) -> &mut Ply {
        &mut self.plies[ply.min(MAX_PLY + 1)]
    }

    /// The killers at `ply` (those of the deepest ply beyond it).
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.plies[ply.min(MAX_PLY)].killers
    }

    /// Makes `m` the first killer at `ply`.
    pub fn add_killer(&mut self, ply: usize, m: Move) {
        let killers = &mut self.plies[ply.min(MAX_PLY)].killers;
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
    }

    /// Forgets every killer (a new search).
    pub fn clear_killers(&mut self) {
        for p in self.plies.iter_mut() {
            p.killers = [None; 2];
        }
    }

    /// The moves one and two plies before `ply`, those that were moves
    /// (not a pass or a null move), as history indices.
    pub fn earlier_moves(&self, ply: usize) -> impl Iterator<Item = usize> + '_ {
        (1..=2)
            .filter_map(move |back| ply.checked_sub(back).map(|p| self.plies[p].moved))
            .filter(|&before| before != NO_MOVE)
            .map(usize::from)
    }
}
