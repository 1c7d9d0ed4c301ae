//! The quiescence searches at the horizon, as the policy asks: every
//! forced capture followed (antichess), or standing pat with captures and
//! queen promotions searched (chess).

use shakmaty::Bitboard;

use super::movepick::{MovePicker, Picked};
use super::params::PARAMS;
use super::policy::Quiescence;
use super::score::{INFINITY, terminal_score};
use super::{MATE, MAX_PLY, Worker};
use crate::rules::chess::{MoveKind, MoveList, Position, Role, Status, piece_value};

impl Worker {
    /// A node at the horizon (depth zero or less), before its legal
    /// moves are generated: the quiescence search of the policy.
    /// Standing pat, the search generates its own moves and finds its own
    /// mates, so most nodes never generate every legal move; a stalemate
    /// is left to the static score, as deeper in the search, and a draw by
    /// rule is found first unless the side is mated. The forced-capture
    /// search needs the node's moves, and the node decided as any other
    /// first.
    pub(super) fn horizon(&mut self, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        match self.policy.quiescence {
            Quiescence::StandPat => {
                if self.policy.rule_draws
                    && ply > 0
                    && self.is_rule_draw(pos)
                    && !(pos.is_check() && pos.legal_moves().is_empty())
                {
                    return 0;
                }
                self.stand_pat(pos, alpha, beta, ply, 0)
            }
            Quiescence::ForcedCaptures => {
                let mut moves = MoveList::new();
                pos.legal_moves_into(&mut moves);
                match self.decided(pos, &moves, 0, alpha, beta, ply) {
                    Some(score) => score,
                    None => self.forced_captures(pos, &moves, alpha, beta, ply, 0),
                }
            }
        }
    }

    /// Captures are compulsory: only a side with no capture is evaluated
    /// ("stands pat"); every capture sequence is followed, to
    /// `max_quiescence` plies.
    fn forced_captures(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.seldepth = self.seldepth.max(ply);
        if !moves[0].is_capture() || qply >= PARAMS.max_quiescence || ply >= MAX_PLY {
            return (self.policy.evaluate)(pos);
        }
        let mut best = -INFINITY;
        let mut picker = MovePicker::new(self, moves, None, ply);
        while let Some(Picked { m, .. }) = picker.next(self, pos) {
            let child = pos.play(m);
            self.nodes += 1;
            self.check_time();
            if self.stopped {
                return 0;
            }
            let mut child_moves = MoveList::new();
            child.legal_moves_into(&mut child_moves);
            let score = match child.status_with(&child_moves) {
                Status::Over(o) => -terminal_score(o, child.turn(), ply + 1),
                Status::Pass => {
                    let passed = child.pass();
                    let mut passed_moves = MoveList::new();
                    passed.legal_moves_into(&mut passed_moves);
                    match passed.status_with(&passed_moves) {
                        Status::Over(o) => terminal_score(o, passed.turn(), ply + 2),
                        _ => self.forced_captures(
                            &passed,
                            &passed_moves,
                            alpha,
                            beta,
                            ply + 2,
                            qply + 2,
                        ),
                    }
                }
                Status::Ongoing => {
                    -self.forced_captures(&child, &child_moves, -beta, -alpha, ply + 1, qply + 1)
                }
            };
            if raise(score, &mut best, &mut alpha, beta) {
                break;
            }
        }
        best
    }

    /// The side to move may stand pat on its static score unless in check;
    /// captures and queen promotions are searched (every evasion when in
    /// check), a capture that cannot lift the score to alpha even with a
    /// margin left out (delta pruning), and one that loses material by its
    /// static exchange.
    fn stand_pat(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.is_check();
        if qply >= PARAMS.max_quiescence || ply >= MAX_PLY {
            return (self.policy.evaluate)(pos);
        }
        let mut best = -INFINITY;
        let mut moves = MoveList::new();
        if in_check {
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                return -(MATE - ply as i32);
            }
        } else {
            let stand = self.corrected(pos, (self.policy.evaluate)(pos));
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            tactical_moves(pos, &mut moves);
        }
        let mut picker = MovePicker::new(self, &moves, None, ply);
        while let Some(Picked { m, exchange_holds }) = picker.next(self, pos) {
            if !in_check && m.promotion().is_none() {
                let victim = pos.board().role_at(m.to()).map_or(100, piece_value);
                // Delta pruning, then captures that lose material by their
                // exchange (asked once: the picker may know).
                if best + victim + PARAMS.delta_margin < alpha
                    || !exchange_holds.unwrap_or_else(|| pos.see_ge(m, 0))
                {
                    continue;
                }
            }
            let child = pos.play(m);
            self.nodes += 1;
            self.check_time();
            if self.stopped {
                return 0;
            }
            let score = -self.stand_pat(&child, -beta, -alpha, ply + 1, qply + 1);
            if raise(score, &mut best, &mut alpha, beta) {
                break;
            }
        }
        best
    }
}

/// The captures and queen promotions of a side not in check, into
/// `tactical` (emptied first).
fn tactical_moves(pos: &Position, tactical: &mut MoveList) {
    pos.captures_into(tactical);
    if (pos.ours(Role::Pawn) & Bitboard::from_rank(promotion_rank(pos.turn()))).any() {
        tactical.extend(
            pos.legal_moves()
                .into_iter()
                .filter(|m| m.kind() == MoveKind::Promotion),
        );
    }
    tactical.retain(|m| m.promotion().is_none_or(|r| r == Role::Queen));
}

/// Takes a move's score into a node's best score and alpha; returns whether
/// it cuts off (reaches beta).
fn raise(score: i32, best: &mut i32, alpha: &mut i32, beta: i32) -> bool {
    if score > *best {
        *best = score;
        if score > *alpha {
            *alpha = score;
            return *alpha >= beta;
        }
    }
    false
}

/// The rank a side's pawns promote from (the seventh, seen from its side).
fn promotion_rank(color: shakmaty::Color) -> shakmaty::Rank {
    match color {
        shakmaty::Color::White => shakmaty::Rank::Seventh,
        shakmaty::Color::Black => shakmaty::Rank::Second,
    }
}
