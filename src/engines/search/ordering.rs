//! What orders moves: each move's kind, which decides its stage in the
//! staged move picker ([`super::movepick`]), and its key within the stage;
//! and what a cutoff teaches the histories the keys read.
//!
//! Captures sort by most valuable victim, then (where the policy says,
//! chess) the capture history, then least valuable attacker; where the
//! policy says (chess), those that lose material by their static exchange
//! are kept for last. Quiet moves sort by the history of cutoffs (by
//! origin and destination) plus the continuation history (by piece and
//! destination, after the moves one and two plies before); where the
//! policy says (chess), a move that takes a piece out of a lesser enemy
//! piece's reach to a square none reaches sorts higher ([`Threats`]).
//!
//! Where being mated wins, two more things (measured together, see
//! `docs/engine.md`, "Offers first, a history malus and a wider window"):
//! a quiet move that offers its piece comes before the other quiet moves
//! (after the killers), and the quiet moves searched before a cutoff lose
//! what the cutoff's move gains.

use shakmaty::{Bitboard, attacks};

use super::Worker;
use super::history::{self, piece_square};
use super::params::PARAMS;

use crate::rules::chess::{Move, Position, Role, pawn_attacks};

/// What each step of the victim's value adds to a capture's key: the
/// victim decides first, then the capture history (within
/// [`CAPTURE_HISTORY_SPREAD`]), then the least valuable attacker. Every
/// capture's key is above zero, a queen promotion's.
const VICTIM: i32 = 1 << 16;
/// See [`VICTIM`].
const CAPTURE_HISTORY_SPREAD: i32 = (1 << 15) - 8;
/// What an offer adds to its history score where offers come first. A
/// move's history score sums three entries, each within
/// the bound: the offers sort above the other quiet moves unless
/// an offer's own history is far below zero (each entry is within
/// [`super::history::HISTORY_BOUND`]).
const OFFERS: i32 = 1 << 22;

/// Where the enemy's lesser pieces reach, for the quiet moves that take a
/// threatened piece out of reach (where the policy says): the squares
/// its pawns attack, then its pawns, knights and bishops, then those
/// and its rooks.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Threats {
    by_pawns: Bitboard,
    by_minors: Bitboard,
    by_rooks: Bitboard,
}

impl Threats {
    /// What the side not to move threatens in `pos`.
    pub(super) fn of(pos: &Position) -> Threats {
        let board = pos.board();
        let them = pos.turn().other();
        let occupied = board.occupied();
        let by_pawns = pawn_attacks(board.by_piece(them, Role::Pawn), them);
        let mut by_minors = by_pawns;
        for sq in board.by_piece(them, Role::Knight) {
            by_minors |= attacks::knight_attacks(sq);
        }
        for sq in board.by_piece(them, Role::Bishop) {
            by_minors |= attacks::bishop_attacks(sq, occupied);
        }
        let mut by_rooks = by_minors;
        for sq in board.by_piece(them, Role::Rook) {
            by_rooks |= attacks::rook_attacks(sq, occupied);
        }
        Threats {
            by_pawns,
            by_minors,
            by_rooks,
        }
    }

    /// What the quiet move `m` of a piece of kind `role` adds to its key:
    /// [`PARAMS.escape`](super::params::Params::escape) when it leaves a
    /// square a lesser enemy piece reaches for one none reaches.
    fn escape(&self, role: Role, m: Move) -> i32 {
        let (reach, bonus) = match role {
            Role::Queen => (self.by_rooks, PARAMS.escape[2]),
            Role::Rook => (self.by_minors, PARAMS.escape[1]),
            Role::Knight | Role::Bishop => (self.by_pawns, PARAMS.escape[0]),
            Role::Pawn | Role::King => return 0,
        };
        if reach.contains(m.from()) && !reach.contains(m.to()) {
            bonus
        } else {
            0
        }
    }
}

/// What a move is to the order: its kind decides its stage
/// ([`super::movepick`]), and within the stage its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MoveClass {
    /// A capture, keyed by [`Worker::capture_key`].
    Capture,
    /// A queen promotion that takes nothing, where captures are not
    /// forced: with the captures, below every one of them (key 0).
    Promotion,
    /// A quiet move (a killer, or keyed by [`Worker::quiet_key`]), and
    /// where captures are forced a queen promotion that takes nothing.
    Quiet,
    /// A promotion to anything but a queen, capture or not: last of all,
    /// in the generator's order.
    UnderPromotion,
}

/// Where a capture sorts: above the killers and every quiet move, or
/// (where the policy says) below them all, since its static exchange
/// loses material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Band {
    Good,
    Bad,
}

impl Worker {
    /// The kind of `m` under the worker's policy.
    pub(super) fn kind_of(&self, m: Move) -> MoveClass {
        if m.promotion().is_some_and(|r| r != Role::Queen) {
            MoveClass::UnderPromotion
        } else if m.is_capture() {
            MoveClass::Capture
        } else if m.is_promotion() && !self.policy.captures_forced {
            MoveClass::Promotion
        } else {
            MoveClass::Quiet
        }
    }

    /// A capture's band and key within it: most valuable victim first,
    /// then (where the policy says) the capture history, then least
    /// valuable attacker. Its static exchange is asked only of a capture
    /// whose victim is worth less than its attacker, where the policy puts
    /// bad captures last.
    pub(super) fn capture_key(&self, pos: &Position, m: Move) -> (Band, i32) {
        let board = pos.board();
        // Both as roles rank, from 1 (a pawn; en passant's too) to 6.
        let victim = history::victim(pos, m) as i32 + 1;
        let attacker = board.role_at(m.from()).map_or(0, |r| r as i32);
        let band = if self.policy.bad_captures_last && victim < attacker && !pos.see_ge(m, 0) {
            Band::Bad
        } else {
            Band::Good
        };
        let history = if self.policy.capture_history {
            let h = self.histories.capture(pos, m);
            h.clamp(-CAPTURE_HISTORY_SPREAD, CAPTURE_HISTORY_SPREAD)
        } else {
            0
        };
        (band, victim * VICTIM + history - attacker)
    }

    /// A quiet move's key at `ply`: its butterfly and continuation
    /// histories, and where being mated wins, [`OFFERS`] more for a move
    /// whose destination the opponent attacks once the piece has left
    /// its square; with `threats` (where the policy says), what taking a
    /// threatened piece out of reach adds ([`Threats`]).
    pub(super) fn quiet_key(
        &self,
        pos: &Position,
        m: Move,
        ply: usize,
        threats: Option<&Threats>,
    ) -> i32 {
        let escape = match (threats, pos.board().role_at(m.from())) {
            (Some(t), Some(role)) => t.escape(role, m),
            _ => 0,
        };
        let offer = if self.policy.offers_first {
            let board = pos.board();
            let them = pos.turn().other();
            let attacked = board
                .attackers(m.to(), them, board.occupied().without(m.from()))
                .any();
            if attacked { OFFERS } else { 0 }
        } else {
            0
        };
        self.histories.butterfly(m)
            + self
                .histories
                .continued(&self.stack, ply, piece_square(pos, m))
            + offer
            + escape
    }

    /// Remembers the quiet move `m` that cut off at `ply`: a killer, and a
    /// bonus of depth squared in the histories. Where the policy says,
    /// the quiet moves searched before it (`tried`) lose as much.
    pub(super) fn remember_cutoff(
        &mut self,
        pos: &Position,
        m: Move,
        tried: &[Move],
        depth: i32,
        ply: usize,
    ) {
        self.stack.add_killer(ply, m);
        let bonus = depth * depth;
        self.histories.reward(pos, &self.stack, m, bonus, ply);
        if self.policy.history_malus {
            for &failed in tried {
                self.histories.reward(pos, &self.stack, failed, -bonus, ply);
            }
        }
    }

    /// Where the policy keeps a capture history: rewards the move `m` that
    /// cut off, if a capture, by depth squared, and lowers as much the
    /// captures searched before it (`tried`).
    pub(super) fn remember_capture_cutoff(
        &mut self,
        pos: &Position,
        m: Move,
        tried: &[Move],
        depth: i32,
    ) {
        if !self.policy.capture_history {
            return;
        }
        let bonus = depth * depth;
        if m.is_capture() {
            self.histories.reward_capture(pos, m, bonus);
        }
        for &failed in tried {
            self.histories.reward_capture(pos, failed, -bonus);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engines::search::TranspositionTable;
    use crate::engines::search::history::{HISTORY_BOUND, Update};
    use crate::engines::search::movepick::picked_all;
    use crate::engines::search::policy::Policy;
    use crate::rules::chess::{MoveKind, Ruleset, Square};

    fn worker(ruleset: Ruleset) -> Worker {
        let tt = Arc::new(TranspositionTable::new(1));
        let mut w = Worker::new(tt, Arc::new(AtomicBool::new(false)), 0);
        w.policy = Policy::of(&ruleset);
        w
    }

    /// White has no capture; only the knight's step to c4, where the
    /// pawn on d5 takes it, offers a piece.
    const ONE_OFFER: &str = "4k3/8/8/3p4/8/8/1N6/4K3 w - - 0 1";

    /// The moves of `pos` in the order the staged picker hands them out.
    fn order(w: &Worker, pos: &Position) -> Vec<Move> {
        picked_all(w, pos, &pos.legal_moves(), None, 0)
    }

    fn ordered(ruleset: Ruleset) -> (Position, Vec<Move>) {
        let pos = Position::from_fen(ONE_OFFER, ruleset).unwrap();
        let moves = order(&worker(ruleset), &pos);
        (pos, moves)
    }

    #[test]
    fn where_being_mated_wins_an_offer_comes_first_among_quiet_moves() {
        let offer = Move::new(Square::B2, Square::C4, MoveKind::Quiet);
        let (pos, moves) = ordered(Ruleset::SPRING_2004);
        assert!(!moves[0].is_capture() && moves.len() > 2);
        assert_eq!(moves[0], offer);
        // Elsewhere the histories alone decide (all zero here): the
        // generator's order stays.
        let (pos_2007, moves_2007) = ordered(Ruleset::SPRING_2007);
        assert_eq!(moves_2007, pos_2007.legal_moves().to_vec());
        assert_ne!(moves_2007[0], offer);
        // A killer still comes before the offer.
        let mut w = worker(Ruleset::SPRING_2004);
        let killer = Move::new(Square::E1, Square::F2, MoveKind::Quiet);
        w.stack.add_killer(0, killer);
        assert_eq!(&order(&w, &pos)[..2], &[killer, offer]);
    }

    #[test]
    fn the_capture_history_orders_captures_of_the_same_piece() {
        // The knight, the bishop and the rook can each take the knight on
        // d5; the bishop can take the pawn on a6.
        let fen = "4k3/8/p7/3n4/2B5/2N5/8/K2R4 w - - 0 1";
        let pos = Position::from_fen(fen, Ruleset::CHESS).unwrap();
        let take = |from| Move::new(from, Square::D5, MoveKind::Capture);
        let (knight, bishop, rook) = (take(Square::C3), take(Square::C4), take(Square::D1));
        let captures = |w: &Worker| {
            order(w, &pos)
                .into_iter()
                .filter(|m| m.is_capture())
                .collect::<Vec<_>>()
        };
        // Untaught: the least valuable attacker first.
        let mut w = worker(Ruleset::CHESS);
        assert_eq!(&captures(&w)[..3], &[knight, bishop, rook]);
        // A cutoff of the rook after the knight was tried puts the rook
        // first and the knight last; the knight on d5, worth more than the
        // pawn, is still taken before it.
        w.remember_capture_cutoff(&pos, rook, &[knight], 4);
        assert_eq!(w.histories.capture(&pos, rook), 16);
        assert_eq!(w.histories.capture(&pos, knight), -16);
        let after = captures(&w);
        assert_eq!(&after[..3], &[rook, bishop, knight]);
        assert_eq!(after[3].to(), Square::A6);
        // Antichess keeps one too.
        let mut w = worker(Ruleset::SPRING_2007);
        w.remember_capture_cutoff(&pos, rook, &[knight], 4);
        assert!(w.histories.capture(&pos, rook) > 0);
        assert!(w.histories.capture(&pos, knight) < 0);
    }

    #[test]
    fn under_antichess_a_cutoff_lowers_the_quiet_moves_tried_before_it() {
        let tried = [
            Move::new(Square::E1, Square::D1, MoveKind::Quiet),
            Move::new(Square::E1, Square::E2, MoveKind::Quiet),
        ];
        let cut = Move::new(Square::B2, Square::D3, MoveKind::Quiet);
        for ruleset in [Ruleset::SPRING_2004, Ruleset::SPRING_2007] {
            let pos = Position::from_fen(ONE_OFFER, ruleset).unwrap();
            let mut w = worker(ruleset);
            w.remember_cutoff(&pos, cut, &tried, 3, 0);
            assert_eq!(w.histories.butterfly(cut), 9);
            for m in tried {
                assert_eq!(w.histories.butterfly(m), -9);
            }
            assert_eq!(w.stack.killers(0)[0], Some(cut));
        }
        // The entries stay within their bounds.
        let mut entry = 0;
        for _ in 0..10 {
            Update::Clamped.apply(&mut entry, -(HISTORY_BOUND / 4));
        }
        assert_eq!(entry, -HISTORY_BOUND);
    }
}
