//! Move ordering: the hash move, captures by most valuable victim then
//! least valuable attacker, killer moves, then the history of cutoffs (by
//! origin and destination) plus the continuation history (by piece and
//! destination, after the moves one and two plies before).

use super::{MAX_PLY, Worker};
use arrayvec::ArrayVec;

use crate::rules::{MAX_MOVES, Move, MoveKind, MoveList, Position, Role};

/// Where captures (and queen promotions) sort: above killers and every
/// history score, so that in a list of both (chess) they come first.
const CAPTURES: i32 = 1 << 24;
/// Where killer moves sort: above every history score.
const KILLERS: i32 = 1 << 23;

impl Worker {
    /// Orders moves: the hash move first; captures by most valuable victim,
    /// then least valuable attacker, and queen promotions; quiet moves by
    /// killers, then history; under-promotions last. (Under antichess a
    /// list holds only captures or only quiet moves.)
    pub(super) fn order(
        &self,
        pos: &Position,
        moves: &mut MoveList,
        tt_move: Option<Move>,
        ply: usize,
    ) {
        let killers = self.killers[ply.min(MAX_PLY)];
        let board = pos.board();
        let rank = |sq| board.role_at(sq).map_or(0, |r| r as i32);
        let key = |m: Move| {
            if Some(m) == tt_move {
                i32::MAX
            } else if m.promotion().is_some_and(|r| r != Role::Queen) {
                i32::MIN
            } else if m.is_capture() {
                let victim = if m.kind() == MoveKind::EnPassant {
                    1
                } else {
                    rank(m.to())
                };
                CAPTURES + victim * 16 - rank(m.from())
            } else if m.is_promotion() && !pos.ruleset().forced_capture {
                CAPTURES
            } else if killers.contains(&Some(m)) {
                KILLERS
            } else {
                self.history[m.from() as usize][m.to() as usize]
                    + self.continued(ply, piece_square(pos, m))
            }
        };
        // Each move's key is computed once and packed with the move into
        // one integer: the key (its sign bit flipped, so that unsigned
        // order is signed order) above the move's place in the list
        // (counted down, so that ties keep the generation order) above
        // the move's bits. Sorting the integers sorts the moves.
        let mut packed = ArrayVec::<u64, MAX_MOVES>::new();
        for (i, &m) in moves.iter().enumerate() {
            let key = u64::from(key(m) as u32 ^ (1 << 31));
            let place = (MAX_MOVES - 1 - i) as u64;
            packed.push(key << 32 | place << 16 | u64::from(m.to_bits()));
        }
        packed.sort_unstable_by(|a, b| b.cmp(a));
        for (slot, p) in moves.iter_mut().zip(&packed) {
            *slot = Move::from_bits(*p as u16).expect("the bits of a generated move");
        }
    }

    pub(super) fn remember_cutoff(&mut self, pos: &Position, m: Move, depth: i32, ply: usize) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
        let bonus = depth * depth;
        reward(&mut self.history[m.from() as usize][m.to() as usize], bonus);
        let this = piece_square(pos, m) as usize;
        for before in earlier_moves(&self.moved, ply) {
            reward(&mut self.continuation[before][this], bonus);
        }
    }

    /// The continuation history of a quiet move (as [`piece_square`]) at
    /// `ply`: after the moves one and two plies before.
    fn continued(&self, ply: usize, this: u16) -> i32 {
        earlier_moves(&self.moved, ply)
            .map(|before| self.continuation[before][this as usize])
            .sum()
    }

    /// Ages the histories at the start of a search: what earlier searches
    /// learnt counts an eighth.
    pub(super) fn age_histories(&mut self) {
        let rows = self.history.iter_mut().map(|row| &mut row[..]);
        let continuation = self.continuation.iter_mut().map(|row| &mut row[..]);
        for h in rows.chain(continuation).flatten() {
            *h /= 8;
        }
    }
}

/// The moves one and two plies before `ply` in the line `moved` (as
/// [`piece_square`]), those that were moves (not a pass or a null move).
fn earlier_moves(moved: &[u16], ply: usize) -> impl Iterator<Item = usize> + '_ {
    (1..=2)
        .filter_map(move |back| ply.checked_sub(back).map(|p| moved[p]))
        .filter(|&before| before != NO_MOVE)
        .map(usize::from)
}

/// Adds a cutoff's bonus to a history entry, up to a ceiling.
fn reward(entry: &mut i32, bonus: i32) {
    *entry = (*entry + bonus).min(1 << 20);
}

/// Piece kinds times squares: the size of a continuation history's rows.
pub(super) const PIECE_SQUARES: usize = 6 * 64;
/// No move (a pass or a null move) in [`Worker`]'s line of moves.
pub(super) const NO_MOVE: u16 = u16::MAX;

/// A move's piece kind and destination, as one index below
/// [`PIECE_SQUARES`].
pub(super) fn piece_square(pos: &Position, m: Move) -> u16 {
    let role = pos.board().role_at(m.from()).map_or(0, |r| r as u16 - 1);
    role * 64 + m.to() as u16
}
