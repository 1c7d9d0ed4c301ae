//! The alpha-beta search of one node: principal-variation search with a
//! transposition table, mate distance pruning, check, single-reply and
//! singular extensions (`singular.rs`), a static score corrected by the
//! correction history (`correction.rs`), reverse futility and null-move
//! pruning, internal iterative reduction, static exchange, late move and
//! futility pruning, and late move reductions. What differs between games
//! comes from the worker's [`super::policy::Policy`].

use arrayvec::ArrayVec;

use super::history::piece_square;
use super::movepick::{MovePicker, Picked};
use super::params::PARAMS;
use super::policy::LateQuiet;
use super::score::{INFINITY, score_from_tt, score_to_tt, terminal_score};
use super::singular::Singular;
use super::stack::NO_EVAL;
use super::stack::NO_MOVE;
use super::tt::Entry;
use super::{Bound, MATE, MATE_BOUND, MAX_PLY, Worker};
use crate::rules::chess::{Move, MoveList, Position, Role, Status};

/// What the pruning and the move loop know of a node.
struct Frame {
    /// The node's ply from the root.
    ply: usize,
    /// Its depth (less one after internal iterative reduction).
    depth: i32,
    /// The window's upper bound.
    beta: i32,
    /// The window is open (a principal-variation node).
    pv_node: bool,
    in_check: bool,
    /// The static score of a side with no capture to make, off the
    /// principal variation, below the root and out of check.
    static_eval: Option<i32>,
    /// The same before the correction history's correction (kept: the
    /// searches below may change that correction before the node learns).
    raw_eval: Option<i32>,
    /// The side to move stands better than two plies before.
    improving: bool,
    /// The hash move is a capture.
    tt_capture: bool,
    /// The hash move...
    tt_move: Option<Move>,
    /// ...and the plies its singular extension adds to its depth.
    tt_extension: i32,
}

/// Where a move stands in its node's loop.
#[derive(Clone, Copy)]
struct Late {
    /// Its index in the ordered moves.
    index: usize,
    /// How many moves the node has.
    count: usize,
    /// The best score before it.
    best_score: i32,
}

impl Worker {
    pub(super) fn negamax(
        &mut self,
        pos: &Position,
        mut depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.check_time();
        if self.stopped && ply > 0 {
            return 0;
        }
        if depth <= 0 {
            return self.horizon(pos, alpha, beta, ply);
        }
        self.tt.prefetch(pos.hash());
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if let Some(score) = self.decided(pos, &moves, depth, alpha, beta, ply) {
            return score;
        }
        let in_check = pos.is_check();
        // A singular extension's search of the node without its hash move
        // (extended already, if at all): no table, no pruning.
        let excluded = self.stack.at(ply).excluded;
        if excluded.is_none() && (in_check || moves.len() == 1) && self.may_extend(ply) {
            depth += 1;
        }

        let pv_node = beta - alpha > 1;
        let entry = match excluded {
            Some(m) => {
                moves.retain(|&mut other| other != m);
                None
            }
            None => match self.probe(pos, depth, alpha, beta, ply, pv_node) {
                Ok(score) => return score,
                Err(entry) => entry,
            },
        };
        let tt_move = entry.and_then(|e| e.best);
        let (static_eval, raw_eval, improving) =
            self.static_eval(pos, &moves, pv_node, in_check, ply);
        let mut node = Frame {
            ply,
            depth,
            beta,
            pv_node,
            in_check,
            static_eval,
            raw_eval,
            improving,
            tt_capture: tt_move.is_some_and(|m| m.is_capture()),
            tt_move,
            tt_extension: 0,
        };
        if excluded.is_none()
            && let Some(score) = self.prune(pos, &node)
        {
            return score;
        }
        // Internal iterative reduction: without a hash move the ordering
        // is poor and the node was not worth keeping: search it one ply
        // less.
        if tt_move.is_none() && excluded.is_none() && depth >= PARAMS.iir_depth {
            depth -= 1;
            node.depth = depth;
        }
        match self.singular(pos, &moves, entry, depth, beta, ply) {
            Singular::Cut(score) => return score,
            Singular::Extend(plies) => node.tt_extension = plies,
        }
        if ply == 0 && !self.excluded.is_empty() {
            moves.retain(|m| !self.excluded.contains(m));
        }
        let Some((best_score, best_move)) = self.search_moves(pos, &moves, tt_move, &node, alpha)
        else {
            return 0;
        };
        if (!self.stopped || ply > 0) && excluded.is_none() {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.learn_correction(pos, &node, best_score, best_move, bound);
            self.tt.store(
                pos.hash(),
                best_move,
                score_to_tt(best_score, ply),
                depth,
                bound,
            );
        }
        best_score
    }

    /// Whether a node at `ply` may still be extended: extensions stop at
    /// twice the root's depth, so that a line of them ends.
    pub(super) fn may_extend(&self, ply: usize) -> bool {
        (ply as i32) < 2 * self.root_depth
    }

    /// The node's score when it is decided before any move is searched:
    /// the game is over, the side to move passes, a draw by rule, the ply
    /// limit, or a window that no mate distance can reach. `depth` is the
    /// node's, for the search after a pass (at the horizon any depth of
    /// zero or less does).
    pub(super) fn decided(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        match pos.status_with(moves) {
            Status::Over(outcome) => return Some(terminal_score(outcome, pos.turn(), ply)),
            Status::Pass => {
                let here = self.stack.at_mut(ply);
                here.moved = NO_MOVE;
                here.eval = NO_EVAL;
                return Some(-self.negamax(&pos.pass(), depth - 1, -beta, -alpha, ply + 1));
            }
            Status::Ongoing => {}
        }
        if self.policy.rule_draws && ply > 0 && self.is_rule_draw(pos) {
            return Some(0);
        }
        if ply >= MAX_PLY {
            return Some((self.policy.evaluate)(pos));
        }
        // Mate distance pruning.
        let alpha_floor = alpha.max(-MATE + ply as i32);
        let beta_ceiling = beta.min(MATE - ply as i32 - 1);
        (alpha_floor >= beta_ceiling).then_some(alpha_floor)
    }

    /// The table's entry for the node: its score when it settles the node
    /// (off the principal variation, below the root, deep enough, its
    /// bound on the right side of the window), else the entry.
    fn probe(
        &self,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> Result<i32, Option<Entry>> {
        let entry = self.tt.probe(pos.hash());
        if let Some(e) = entry
            && !pv_node
            && ply > 0
            && e.depth >= depth
        {
            let score = score_from_tt(e.score, ply);
            match e.bound {
                Bound::Exact => return Ok(score),
                Bound::Lower if score >= beta => return Ok(score),
                Bound::Upper if score <= alpha => return Ok(score),
                _ => {}
            }
        }
        Err(entry)
    }

    /// What the node's search teaches the correction history (where the
    /// policy keeps one): the error of its static score, when its best
    /// move is quiet (a capture's gain is no error of the evaluation) and
    /// its bound says on which side of that score the truth lies.
    fn learn_correction(
        &mut self,
        pos: &Position,
        node: &Frame,
        best_score: i32,
        best_move: Option<Move>,
        bound: Bound,
    ) {
        let (Some(e), Some(raw)) = (node.static_eval, node.raw_eval) else {
            return;
        };
        if !self.policy.correction_history
            || best_move.is_some_and(|m| m.is_capture() || m.is_promotion())
            || best_score.abs() >= MATE_BOUND
            || (bound == Bound::Lower && best_score <= e)
            || (bound == Bound::Upper && best_score >= e)
        {
            return;
        }
        self.correction.learn(pos, node.depth, best_score - raw);
    }

    /// The static score `raw` of `pos` with the policy's correction
    /// ([`super::correction`]).
    pub(super) fn corrected(&self, pos: &Position, raw: i32) -> i32 {
        if self.policy.correction_history && raw.abs() < MATE_BOUND {
            raw + self.correction.of(pos)
        } else {
            raw
        }
    }

    /// The static score the pruning uses (kept in the stack), the same
    /// uncorrected, and whether the side to move is improving (taken as so
    /// where either score is missing): pruning is milder when it is.
    fn static_eval(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        pv_node: bool,
        in_check: bool,
        ply: usize,
    ) -> (Option<i32>, Option<i32>, bool) {
        let must_capture = self.policy.captures_forced && moves[0].is_capture();
        let static_eval = if !pv_node && ply > 0 && !in_check && !must_capture {
            Some((self.policy.evaluate)(pos))
        } else {
            None
        };
        let raw_eval = static_eval;
        let static_eval = static_eval.map(|raw| self.corrected(pos, raw));
        self.stack.at_mut(ply).eval = static_eval.unwrap_or(NO_EVAL);
        let before = ply.checked_sub(2).map(|p| self.stack.at(p).eval);
        let improving = match (static_eval, before) {
            (Some(now), Some(before)) if before != NO_EVAL => now > before,
            _ => true,
        };
        (static_eval, raw_eval, improving)
    }

    /// Reverse futility pruning and null-move pruning: the node's score
    /// when either cuts it off.
    fn prune(&mut self, pos: &Position, node: &Frame) -> Option<i32> {
        let (depth, beta, ply) = (node.depth, node.beta, node.ply);
        let e = node.static_eval?;
        // Reverse futility pruning. Its mirror image, razoring, is not
        // used: a quiet move that offers a piece swings the score too far
        // for a static score to stand for it (the lab notebook has the
        // matches).
        if depth <= PARAMS.rfp_depth
            && e - PARAMS.rfp_margin * depth >= beta
            && beta.abs() < MATE_BOUND
        {
            return Some(e);
        }
        // Null move: a side with no capture that would still be above beta
        // after passing its turn is assumed to have a move that is too.
        // Zugzwang is common when every capture is forced, so only a side
        // with a piece other than king and pawns tries it, and never twice
        // in one line.
        if e < beta
            || depth < PARAMS.null_min_depth
            || self.after_null
            || beta.abs() >= MATE_BOUND
            || !has_officers(pos)
        {
            return None;
        }
        let r = (self.policy.null_reduction)(depth, e - beta);
        self.after_null = true;
        let passed = pos.pass();
        let barrier = self.enter_null(&passed);
        self.stack.at_mut(ply).moved = NO_MOVE;
        let s = -self.negamax(&passed, depth - 1 - r, -beta, -beta + 1, ply + 1);
        self.leave_null(barrier);
        self.after_null = false;
        if self.stopped {
            return Some(0);
        }
        (s >= beta).then_some(if s >= MATE_BOUND { beta } else { s })
    }

    /// Searches the moves of a node in the staged picker's order: its best
    /// score and move, or `None` when the search stopped below the root.
    fn search_moves(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        tt_move: Option<Move>,
        node: &Frame,
        mut alpha: i32,
    ) -> Option<(i32, Option<Move>)> {
        let (depth, beta, ply) = (node.depth, node.beta, node.ply);
        let mut best_score = -INFINITY;
        let mut best_move = None;
        // The quiet moves searched so far (for the history malus).
        let mut tried = ArrayVec::<Move, 64>::new();
        // The captures searched so far (for the capture history's malus).
        let mut tried_captures = ArrayVec::<Move, 32>::new();
        let mut picker = MovePicker::new(self, moves, tt_move, ply);
        for i in 0.. {
            let Some(Picked { m, exchange_holds }) = picker.next(self, pos) else {
                break;
            };
            if ply == 0
                && let Some(observe) = &self.root_observer
            {
                observe(m, i + 1);
            }
            if self.policy.exchange_pruning
                && i > 0
                && !node.pv_node
                && !node.in_check
                && depth <= PARAMS.see_depth
                && best_score > -MATE_BOUND
                && exchange_holds != Some(true)
                && !pos.see_ge(m, -PARAMS.see_margin * depth)
            {
                continue;
            }
            self.stack.at_mut(ply).moved = piece_square(pos, m);
            let child = pos.play(m);
            self.enter(&child);
            let late = Late {
                index: i,
                count: moves.len(),
                best_score,
            };
            let score = self.search_move(&child, m, late, node, alpha);
            self.leave();
            let Some(score) = score else {
                continue;
            };
            if self.stopped && ply > 0 {
                return None;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if ply == 0 && !self.stopped {
                        self.root_best = Some(m);
                    }
                    if alpha >= beta {
                        if !m.is_capture() {
                            self.remember_cutoff(pos, m, &tried, depth, ply);
                        }
                        self.remember_capture_cutoff(pos, m, &tried_captures, depth);
                        break;
                    }
                }
            }
            if self.stopped {
                break;
            }
            // Past their capacity the malus goes to the first moves only.
            if m.is_capture() {
                let _ = tried_captures.try_push(m);
            } else {
                let _ = tried.try_push(m);
            }
        }
        Some((best_score, best_move))
    }

    /// Searches the move `m` to `child` (where it stands: `late`): late
    /// move pruning and futility pruning (near the horizon, futility by
    /// the depth once reduced; off the principal variation, where the
    /// policy prunes) and late move
    /// reduction (by the policy's reduction) for quiet moves after the
    /// first, then the principal-variation search's null window and
    /// re-searches. A move that leaves the opponent a capture (an offer, or
    /// a line opened to one of our pieces) starts a forced sequence: it is
    /// neither pruned nor reduced; whether it does is asked only of a move
    /// that could be.
    /// `None` when the move is pruned.
    fn search_move(
        &mut self,
        child: &Position,
        m: Move,
        late: Late,
        node: &Frame,
        alpha: i32,
    ) -> Option<i32> {
        let (depth, beta, ply) = (node.depth, node.beta, node.ply);
        let Late {
            index,
            count,
            best_score,
        } = late;
        let policy = self.policy;
        let late_quiet = index > 0 && !m.is_capture() && !node.in_check && count > 2;
        let prunable = late_quiet
            && policy.late_move_pruning
            && !node.pv_node
            && depth <= PARAMS.lmp_depth
            && index >= lmp_count(depth, node.improving)
            && best_score > -MATE_BOUND;
        let reducible = late_quiet
            && depth >= PARAMS.lmr_depth
            && index >= policy.reduce_from
            && !(policy.checks_unreduced && (child.is_check() || m.is_promotion()));
        let offer = (prunable || reducible) && child.capture_forced();
        if prunable && !offer {
            return None;
        }
        let reduction = if reducible && !offer {
            (policy.reduction)(&LateQuiet {
                depth,
                index,
                pv_node: node.pv_node,
                improving: node.improving,
                history: self.histories.butterfly(m),
                tt_capture: node.tt_capture,
            })
        } else {
            0
        };
        // Futility pruning looks at the depth the move would be searched
        // to once reduced.
        let reduced = depth - reduction;
        if late_quiet
            && policy.futility
            && !node.pv_node
            && reduced <= PARAMS.futility_depth
            && best_score > -MATE_BOUND
            && !m.is_promotion()
            && node.static_eval.is_some_and(|e| {
                e + PARAMS.futility_base + PARAMS.futility_margin * reduced <= alpha
            })
            && !child.is_check()
        {
            return None;
        }
        let new_depth = depth - 1
            + if node.tt_move == Some(m) {
                node.tt_extension
            } else {
                0
            };
        if index == 0 {
            return Some(-self.negamax(child, new_depth, -beta, -alpha, ply + 1));
        }
        let mut s = -self.negamax(child, new_depth - reduction, -alpha - 1, -alpha, ply + 1);
        if s > alpha && reduction > 0 {
            s = -self.negamax(child, new_depth, -alpha - 1, -alpha, ply + 1);
        }
        if s > alpha && s < beta {
            s = -self.negamax(child, new_depth, -beta, -alpha, ply + 1);
        }
        Some(s)
    }
}

/// Late move pruning: how many moves are searched at `depth` before the
/// quiet moves that offer nothing are left out (Stockfish's count).
fn lmp_count(depth: i32, improving: bool) -> usize {
    ((3 + depth * depth) / (2 - i32::from(improving))) as usize
}

/// Whether the side to move has a piece other than its king and pawns.
fn has_officers(pos: &Position) -> bool {
    let b = pos.board();
    (b.by_color(pos.turn()) & !b.by_role(Role::King) & !b.by_role(Role::Pawn)).any()
}
