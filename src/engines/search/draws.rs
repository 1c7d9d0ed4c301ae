//! Draws by rule inside the search, where the policy has them (chess):
//! the fifty-move rule, and a repetition of a position of the game or of
//! the search path. The worker keeps the repetition keys of the game's
//! positions up to the root, then of the positions on the current path.

use super::Worker;
use crate::rules::chess::{FIFTY_MOVE_PLIES, Position};

impl Worker {
    /// Sets the game's repetition keys (first to the root's) for the next
    /// searches; empty when the game has no repetition rules or none known.
    pub(super) fn set_game_keys(&mut self, keys: &[u64]) {
        self.keys.clear();
        self.keys.extend_from_slice(keys);
        self.game_keys = keys.len();
        self.null_barrier = 0;
    }

    /// Starts the search path at the root `pos`: the game's keys, or the
    /// root's alone when they do not end with it.
    pub(super) fn start_line(&mut self, pos: &Position) {
        self.keys.truncate(self.game_keys);
        if self.policy.rule_draws && self.keys.last() != Some(&pos.hash()) {
            self.keys.clear();
            self.keys.push(pos.hash());
            self.game_keys = 1;
        }
        self.null_barrier = 0;
    }

    /// The path goes on to `child`.
    pub(super) fn enter(&mut self, child: &Position) {
        if self.policy.rule_draws {
            self.keys.push(child.hash());
        }
    }

    /// The path comes back from the position last entered.
    pub(super) fn leave(&mut self) {
        if self.policy.rule_draws {
            self.keys.pop();
        }
    }

    /// The path goes on to `passed` by a null move: nothing before it can
    /// repeat through it. Returns the barrier to restore.
    pub(super) fn enter_null(&mut self, passed: &Position) -> usize {
        let barrier = self.null_barrier;
        if self.policy.rule_draws {
            self.keys.push(passed.hash());
            self.null_barrier = self.keys.len() - 1;
        }
        barrier
    }

    /// The path comes back from a null move's position.
    pub(super) fn leave_null(&mut self, barrier: usize) {
        if self.policy.rule_draws {
            self.keys.pop();
            self.null_barrier = barrier;
        }
    }

    /// Whether the position is drawn by the fifty-move rule or by a
    /// repetition of a position of the game or of the search path (the
    /// last of the keys is this position's own key).
    pub(super) fn is_rule_draw(&self, pos: &Position) -> bool {
        if pos.halfmoves() >= FIFTY_MOVE_PLIES {
            return true;
        }
        let Some(last) = self.keys.len().checked_sub(1) else {
            return false;
        };
        let oldest = last
            .saturating_sub(pos.halfmoves() as usize)
            .max(self.null_barrier);
        let hash = pos.hash();
        let mut i = last;
        while i >= oldest + 2 {
            i -= 2;
            if self.keys[i] == hash {
                return true;
            }
        }
        false
    }
}
