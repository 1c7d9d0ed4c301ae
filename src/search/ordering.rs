//! Move ordering: the hash move, captures by most valuable victim then
//! least valuable attacker, killer moves, then the history of cutoffs.

use super::{MAX_PLY, Worker};
use crate::rules::{Move, MoveKind, MoveList, Position};

impl Worker {
    /// Orders moves: the hash move first; captures (a list holds only
    /// captures or only quiet moves) by most valuable victim, then least
    /// valuable attacker; quiet moves by killers, then history.
    pub(super) fn order(
        &self,
        pos: &Position,
        moves: &MoveList,
        tt_move: Option<Move>,
        ply: usize,
    ) -> MoveList {
        let killers = self.killers[ply.min(MAX_PLY)];
        let board = pos.board();
        let rank = |sq| board.role_at(sq).map_or(0, |r| r as i32);
        let key = |m: &Move| {
            if Some(*m) == tt_move {
                i32::MAX
            } else if m.is_capture() {
                let victim = if m.kind() == MoveKind::EnPassant {
                    1
                } else {
                    rank(m.to())
                };
                victim * 16 - rank(m.from())
            } else if killers.contains(&Some(*m)) {
                i32::MAX - 1
            } else {
                self.history[m.from() as usize][m.to() as usize]
            }
        };
        let mut list = moves.clone();
        list.sort_unstable_by_key(|m| std::cmp::Reverse(key(m)));
        list
    }

    pub(super) fn remember_cutoff(&mut self, m: Move, depth: i32, ply: usize) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
        let h = &mut self.history[m.from() as usize][m.to() as usize];
        *h = (*h + depth * depth).min(1 << 20);
    }
}
