//! The staged move picker: a node's legal moves handed out one at a time,
//! each stage keyed and sorted only when the search gets to it, so that a
//! node cut off by its hash move or a capture never keys its quiet moves.
//!
//! The stages, in order (keys from [`super::ordering`]):
//!
//! 1. the hash move, if it is one of the node's moves;
//! 2. captures worth making (by victim, capture history, attacker) and
//!    queen promotions;
//! 3. the killer moves, in the generator's order;
//! 4. the other quiet moves, by history (read when the stage starts, so
//!    with what the captures' searches have just taught) and, where the
//!    policy says, the threats they escape;
//! 5. the moves kept for last: captures that lose material by their static
//!    exchange (where the policy says), then under-promotions.
//!
//! Ties keep the generator's order.

use std::ops::Range;

use arrayvec::ArrayVec;

use super::Worker;
use super::ordering::{Band, MoveClass, Threats};
use crate::rules::chess::{MAX_MOVES, Move, Position};

/// Where the picker stands: the stage whose moves it hands out next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    HashMove,
    Captures,
    Killers,
    Quiets,
    Last,
    Done,
}

/// A move as the picker hands it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Picked {
    pub m: Move,
    /// What its static exchange is known to be where the picker asked it
    /// (a capture, where the policy keeps bad captures for last): `true`
    /// when it loses no material, `false` when it does; `None` when not
    /// asked.
    pub exchange_holds: Option<bool>,
}

/// The staged move picker of one node.
pub(super) struct MovePicker<'a> {
    moves: &'a [Move],
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    ply: usize,
    stage: Stage,
    /// The keyed moves, each packed as its key (sign bit flipped, so that
    /// unsigned order is signed order) above its place in `moves` (counted
    /// down, so that ties keep the generator's order): the captures worth
    /// making, then those kept for last, then the quiet moves. Each
    /// stage's part is sorted from the highest.
    keyed: ArrayVec<u64, MAX_MOVES>,
    /// The part of `keyed` being handed out.
    current: Range<usize>,
    /// The part of `keyed` kept for last.
    last: Range<usize>,
    /// Where the policy keeps bad captures for last (so that a capture's
    /// stage says how its exchange stands).
    bad_captures_last: bool,
}

/// What a bad capture's key is lowered by, below zero (every capture's
/// key is within `1 << 20` of zero).
const KEPT_FOR_LAST: i32 = -(1 << 24);

/// A key and a place in the move list as one integer (see
/// [`MovePicker::keyed`]).
fn pack(key: i32, index: usize) -> u64 {
    u64::from(key as u32 ^ (1 << 31)) << 32 | (MAX_MOVES - 1 - index) as u64
}

/// The place in the move list of a packed key.
fn index_of(packed: u64) -> usize {
    MAX_MOVES - 1 - (packed as u32) as usize
}

impl<'a> MovePicker<'a> {
    /// A picker of `moves` (the node's legal moves in the generator's
    /// order) at `ply`, the hash move `tt_move` first if it is one of them.
    pub(super) fn new(
        worker: &Worker,
        moves: &'a [Move],
        tt_move: Option<Move>,
        ply: usize,
    ) -> MovePicker<'a> {
        MovePicker {
            moves,
            tt_move,
            killers: worker.stack.killers(ply),
            ply,
            stage: Stage::HashMove,
            keyed: ArrayVec::new(),
            current: 0..0,
            last: 0..0,
            bad_captures_last: worker.policy.bad_captures_last,
        }
    }

    /// The next move, or `None` once every move was handed out.
    pub(super) fn next(&mut self, worker: &Worker, pos: &Position) -> Option<Picked> {
        loop {
            if let Some(i) = self.current.next() {
                let m = self.moves[index_of(self.keyed[i])];
                return Some(Picked {
                    m,
                    exchange_holds: self.exchange_holds(m),
                });
            }
            match self.stage {
                Stage::HashMove => {
                    self.stage = Stage::Captures;
                    if let Some(tt) = self.tt_move.filter(|m| self.moves.contains(m)) {
                        return Some(Picked {
                            m: tt,
                            exchange_holds: None,
                        });
                    }
                    self.tt_move = None;
                }
                Stage::Captures => {
                    self.stage = Stage::Killers;
                    self.key_captures(worker, pos);
                }
                Stage::Killers => {
                    self.stage = Stage::Quiets;
                    let start = self.keyed.len();
                    for (i, &m) in self.moves.iter().enumerate() {
                        if self.killers.contains(&Some(m)) && self.is_quiet(worker, m) {
                            self.keyed.push(pack(0, i));
                        }
                    }
                    self.current = start..self.keyed.len();
                }
                Stage::Quiets => {
                    self.stage = Stage::Last;
                    let start = self.keyed.len();
                    let threats = worker.policy.threat_escapes.then(|| Threats::of(pos));
                    for (i, &m) in self.moves.iter().enumerate() {
                        if self.is_quiet(worker, m) && !self.killers.contains(&Some(m)) {
                            let key = worker.quiet_key(pos, m, self.ply, threats.as_ref());
                            self.keyed.push(pack(key, i));
                        }
                    }
                    self.current = start..self.keyed.len();
                    sort(&mut self.keyed[self.current.clone()]);
                }
                Stage::Last => {
                    self.stage = Stage::Done;
                    self.current = self.last.clone();
                }
                Stage::Done => return None,
            }
        }
    }

    /// Keys the captures and queen promotions: those worth making to be
    /// handed out now, the bad captures and under-promotions kept for
    /// last (below zero: one sort orders both parts).
    fn key_captures(&mut self, worker: &Worker, pos: &Position) {
        for (i, &m) in self.moves.iter().enumerate() {
            if Some(m) == self.tt_move {
                continue;
            }
            let key = match worker.kind_of(m) {
                MoveClass::Capture => match worker.capture_key(pos, m) {
                    (Band::Good, key) => key,
                    (Band::Bad, key) => key + KEPT_FOR_LAST,
                },
                MoveClass::Promotion => 0,
                MoveClass::UnderPromotion => i32::MIN,
                MoveClass::Quiet => continue,
            };
            self.keyed.push(pack(key, i));
        }
        sort(&mut self.keyed);
        let worth_making = self.keyed.partition_point(|&p| p >= pack(0, MAX_MOVES - 1));
        self.current = 0..worth_making;
        self.last = worth_making..self.keyed.len();
    }

    /// Whether `m` belongs to the quiet stages (not the hash move).
    fn is_quiet(&self, worker: &Worker, m: Move) -> bool {
        Some(m) != self.tt_move && worker.kind_of(m) == MoveClass::Quiet
    }

    /// What the stage handing out `m` says of its static exchange.
    fn exchange_holds(&self, m: Move) -> Option<bool> {
        if !self.bad_captures_last || !m.is_capture() {
            return None;
        }
        match self.stage {
            // The captures worth making are handed out while the picker
            // stands at the killers.
            Stage::Killers => Some(true),
            Stage::Done if m.promotion().is_none() => Some(false),
            _ => None,
        }
    }
}

/// Sorts packed keys from the highest.
fn sort(keyed: &mut [u64]) {
    keyed.sort_unstable_by(|a, b| b.cmp(a));
}

/// Every move the picker hands out, in order.
#[cfg(test)]
pub(super) fn picked_all(
    worker: &Worker,
    pos: &Position,
    moves: &[Move],
    tt_move: Option<Move>,
    ply: usize,
) -> Vec<Move> {
    let mut picker = MovePicker::new(worker, moves, tt_move, ply);
    std::iter::from_fn(|| picker.next(worker, pos).map(|p| p.m)).collect()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engines::search::TranspositionTable;
    use crate::engines::search::policy::Policy;
    use crate::rules::chess::{Role, Ruleset, Square, notation};

    /// White can take the rook on h8 promoting, take the knight on d3
    /// with the knight (even) or the queen (the pawn on c4 takes back),
    /// take the pawn on c4 with the knight (the pawn on d5 takes back),
    /// promote on g8, and make quiet moves.
    const EVERY_STAGE: &str = "4k2r/6P1/8/3p4/2p5/3n4/1N6/5QK1 w - - 0 1";

    #[test]
    fn the_stages_come_in_order_with_what_their_exchanges_are() {
        let pos = Position::from_fen(EVERY_STAGE, Ruleset::CHESS).unwrap();
        let uci = |text| notation::find_uci(&pos, text).unwrap();
        let mut w = Worker::new(
            Arc::new(TranspositionTable::new(1)),
            Arc::new(AtomicBool::new(false)),
            0,
        );
        w.policy = Policy::of(&Ruleset::CHESS);
        w.stack.add_killer(3, uci("g1g2"));
        let moves = pos.legal_moves();
        let mut picker = MovePicker::new(&w, &moves, Some(uci("f1f7")), 3);
        let picked: Vec<Picked> = std::iter::from_fn(|| picker.next(&w, &pos)).collect();
        let texts: Vec<String> = picked.iter().map(|p| notation::uci(p.m)).collect();
        // Every move once.
        assert_eq!(picked.len(), moves.len());
        let mut sorted = texts.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), moves.len());
        // The hash move; the captures worth making, by victim; the queen
        // promotion; the killer.
        assert_eq!(texts[..5], ["f1f7", "g7h8q", "b2d3", "g7g8q", "g1g2"]);
        // Last: the captures that lose material, by victim; then the
        // under-promotions, in the generator's order.
        let under = moves
            .iter()
            .filter(|m| m.promotion().is_some_and(|r| r != Role::Queen))
            .count();
        assert_eq!(under, 6);
        let end = texts.len() - under;
        assert_eq!(texts[end - 2..end], ["f1d3", "b2c4"]);
        assert!(picked[end..].iter().all(|p| p.m.promotion().is_some()));
        // The quiet moves between, none of them a capture.
        assert!(picked[5..end - 2].iter().all(|p| !p.m.is_capture()));
        // What the picker learnt of each capture's exchange.
        for p in &picked {
            let expected = match notation::uci(p.m).as_str() {
                "g7h8q" | "b2d3" => Some(true),
                "f1d3" | "b2c4" => Some(false),
                _ => None,
            };
            assert_eq!(p.exchange_holds, expected, "{}", p.m);
            if let Some(holds) = p.exchange_holds {
                assert_eq!(holds, pos.see_ge(p.m, 0));
            }
        }
    }

    #[test]
    fn a_hash_move_that_is_not_a_move_of_the_node_is_left_out() {
        let pos = Position::from_fen(EVERY_STAGE, Ruleset::CHESS).unwrap();
        let w = Worker::new(
            Arc::new(TranspositionTable::new(1)),
            Arc::new(AtomicBool::new(false)),
            0,
        );
        let moves = pos.legal_moves();
        let stranger = notation::find_uci(&Position::new(Ruleset::CHESS), "e2e4").unwrap();
        let all = picked_all(&w, &pos, &moves, Some(stranger), 0);
        assert_eq!(all.len(), moves.len());
        assert!(!all.contains(&stranger));
    }

    #[test]
    fn under_chess_a_piece_attacked_by_a_lesser_one_moves_out_of_reach_first() {
        // Black's pawn on e5 attacks White's knight on d4 (and f4, no
        // knight's destination); the knight on b1 is attacked by nothing.
        // With no history yet, the knight's eight moves come first among
        // the quiet moves; under antichess, where nothing is moved up,
        // the generator's order stands.
        let pos =
            Position::from_fen("4k3/8/8/4p3/3N4/8/8/1N2K3 w - - 0 1", Ruleset::CHESS).unwrap();
        let mut w = Worker::new(
            Arc::new(TranspositionTable::new(1)),
            Arc::new(AtomicBool::new(false)),
            0,
        );
        let moves = pos.legal_moves();
        let knight_first = |w: &Worker| {
            let picked = picked_all(w, &pos, &moves, None, 0);
            picked[..8].iter().all(|m| m.from() == Square::D4)
        };
        w.policy = Policy::of(&Ruleset::CHESS);
        assert!(knight_first(&w));
        w.policy = Policy::of(&Ruleset::SPRING_2007);
        let generated_first = moves.iter().take(8).all(|m| m.from() == Square::D4);
        assert_eq!(knight_first(&w), generated_first);
        assert!(!generated_first, "the generator lists b1 first");
    }
}
