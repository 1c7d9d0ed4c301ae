//! Singular extensions: a hash move stored deep enough as a lower bound,
//! where every other move, searched to about half the depth, stays under
//! its score less a margin, is the node's only good move and is searched
//! a ply deeper. Where another move also reaches beta the node cuts off
//! at once (multi-cut); where the hash move alone did but others come
//! near, it is searched a ply shallower.

use super::params::PARAMS;
use super::score::score_from_tt;
use super::tt::Entry;
use super::{Bound, MATE_BOUND, Worker};
use crate::rules::chess::{MoveList, Position};

/// What the test of the hash move says.
pub(super) enum Singular {
    /// The plies to add to the hash move's depth (one, none, or minus one).
    Extend(i32),
    /// The node's score: another move reaches beta too.
    Cut(i32),
}

impl Worker {
    /// Tests the node's hash move (`entry`, the node's table entry; none
    /// in the search that leaves a move out) for singularity, where the
    /// policy asks for it and the entry can tell.
    pub(super) fn singular(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        entry: Option<Entry>,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Singular {
        let Some(e) = entry else {
            return Singular::Extend(0);
        };
        let tt_score = score_from_tt(e.score, ply);
        let Some(tt_move) = e.best else {
            return Singular::Extend(0);
        };
        if !self.policy.singular_extensions
            || ply == 0
            || depth < PARAMS.singular_depth
            || e.bound == Bound::Upper
            || e.depth < depth - PARAMS.singular_tt_depth
            || tt_score.abs() >= MATE_BOUND
            || !self.may_extend(ply)
            || moves.len() < 2
            || !moves.contains(&tt_move)
        {
            return Singular::Extend(0);
        }
        let singular_beta = tt_score - PARAMS.singular_margin * depth;
        self.stack.at_mut(ply).excluded = Some(tt_move);
        let s = self.negamax(pos, (depth - 1) / 2, singular_beta - 1, singular_beta, ply);
        self.stack.at_mut(ply).excluded = None;
        if s < singular_beta {
            Singular::Extend(1)
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else if tt_score >= beta {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        }
    }
}
