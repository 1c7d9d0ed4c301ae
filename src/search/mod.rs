//! The computer player: iterative-deepening principal-variation alpha-beta
//! with aspiration windows, a quiescence search over forced capture
//! sequences, extensions for check and forced replies, and the pruning and
//! reductions described in `docs/engine.md`. This file is the search
//! itself; the rest, by the names a chess programmer expects:
//!
//! | file | what |
//! |---|---|
//! | `threads.rs` | [`Engine`]: state between moves, lazy SMP threads, stopping |
//! | `ordering.rs` | move ordering: hash move, captures, killers, history, continuation history |
//! | `proof.rs` | proof-number search: forced wins proved or refuted, beside the search where being mated wins |
//! | `eval.rs` | the antichess evaluation and its weights per ruleset |
//! | `eval_chess.rs` | the chess evaluation: material, tapered piece-square tables, mop-up |
//! | `tt.rs` | the transposition table |
//! | `score.rs` | score conventions: mate scores, table form, UCI text |
//! | `time.rs` | [`Limits`] and the time budget of a move |
//! | `bench.rs` | the fixed-depth benchmark and its node signature |

pub mod bench;
pub mod eval;
pub mod eval_chess;
mod ordering;
pub mod proof;
pub mod score;
mod threads;
pub mod time;
mod tt;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use shakmaty::Bitboard;

use crate::rules::{FIFTY_MOVE_PLIES, MateRule, Move, MoveKind, MoveList, Position, Role, Status};
use score::{INFINITY, score_from_tt, score_to_tt, terminal_score};
pub use score::{MATE, MATE_BOUND};
pub use threads::{ACCEPT_DRAW_AT, DRAW_DECISION_DEPTH, Engine, default_threads};
pub use time::Limits;
pub(crate) use tt::zeroed_slots;
pub use tt::{Bound, TranspositionTable, check_size as check_hash_size};

const MAX_PLY: usize = 128;
/// Capture plies the quiescence search follows before it evaluates.
const MAX_QUIESCENCE: usize = 16;
/// Reverse futility pruning: at this depth or less, a side with no capture
/// whose static score beats beta by `RFP_MARGIN` per ply is not searched
/// further.
const RFP_DEPTH: i32 = 6;
const RFP_MARGIN: i32 = 100;
/// Internal iterative reduction: a node this deep without a hash move is
/// searched one ply less.
const IIR_DEPTH: i32 = 4;

/// The deepest iteration.
pub const MAX_DEPTH: u32 = 64;

/// What a finished search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// The deepest ply the search reached (quiescence included).
    pub seldepth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Time taken.
    pub elapsed: Duration,
}

/// What is told of each root move as the main worker starts searching it:
/// the move and its number (from 1) in this iteration.
pub type RootObserver = Arc<dyn Fn(Move, usize) + Send + Sync>;

/// One search thread's own state.
struct Worker {
    tt: Arc<TranspositionTable>,
    /// Set when the main worker has finished (helpers stop).
    stop: Arc<AtomicBool>,
    /// Set from outside to end the search (the main worker stops).
    halt: Arc<AtomicBool>,
    /// 0 for the main worker (which watches the limits), 1 and up for
    /// helpers (which skip some depths, see [`threads::skips_depth`]).
    index: usize,
    history: Box<[[i32; 64]; 64]>,
    /// Continuation history: cutoffs of a quiet move (piece and
    /// destination) after the move one or two plies before it.
    continuation: Box<[[i32; ordering::PIECE_SQUARES]]>,
    /// The piece and destination of the move made at each ply of the
    /// current line ([`ordering::NO_MOVE`] for a pass or a null move).
    moved: [u16; MAX_PLY + 2],
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    nodes: u64,
    start: Instant,
    limits: Limits,
    stopped: bool,
    root_depth: i32,
    root_best: Option<Move>,
    /// Inside the search after a null move.
    after_null: bool,
    /// Root moves not to search (a proof search found them lost, or the
    /// caller left them out).
    excluded: Vec<Move>,
    /// The deepest ply reached in this search.
    seldepth: usize,
    /// Told of each root move as the main worker starts searching it.
    root_observer: Option<RootObserver>,
    /// The static score at each ply of the current line ([`NO_EVAL`] where
    /// none was taken), for the "improving" test.
    evals: [i32; MAX_PLY + 2],
    /// Chess: the repetition keys of the game's positions up to the root,
    /// then of the positions on the current search path.
    keys: Vec<u64>,
    /// How many of `keys` are the game's (the root's included).
    game_keys: usize,
    /// Repetitions are not looked for below this index of `keys` (a null
    /// move's position: nothing before it can repeat through it).
    null_barrier: usize,
}

impl Worker {
    fn new(tt: Arc<TranspositionTable>, halt: Arc<AtomicBool>, index: usize) -> Worker {
        Worker {
            tt,
            stop: Arc::new(AtomicBool::new(false)),
            halt,
            index,
            history: Box::new([[0; 64]; 64]),
            continuation: vec![[0; ordering::PIECE_SQUARES]; ordering::PIECE_SQUARES]
                .into_boxed_slice(),
            moved: [ordering::NO_MOVE; MAX_PLY + 2],
            killers: [[None; 2]; MAX_PLY + 1],
            nodes: 0,
            start: Instant::now(),
            limits: Limits::default(),
            stopped: false,
            root_depth: 0,
            root_best: None,
            after_null: false,
            excluded: Vec::new(),
            seldepth: 0,
            root_observer: None,
            evals: [NO_EVAL; MAX_PLY + 2],
            keys: Vec::new(),
            game_keys: 0,
            null_barrier: 0,
        }
    }

    /// Sets the game's repetition keys (first to the root's) for the next
    /// searches; empty when the game has no repetition rules or none known.
    fn set_game_keys(&mut self, keys: &[u64]) {
        self.keys.clear();
        self.keys.extend_from_slice(keys);
        self.game_keys = keys.len();
        self.null_barrier = 0;
    }

    /// Chess: whether the position is drawn by the fifty-move rule or by a
    /// repetition of a position of the game or of the search path (the
    /// last of `keys` is this position's own key).
    fn is_chess_draw(&self, pos: &Position) -> bool {
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

    /// Iterative deepening on this worker.
    fn iterate(
        &mut self,
        pos: &Position,
        limits: &Limits,
        mut on_iteration: impl FnMut(&Report),
    ) -> Option<Report> {
        self.start = Instant::now();
        self.limits = *limits;
        self.nodes = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.killers = [[None; 2]; MAX_PLY + 1];
        self.age_histories();

        let mut moves = pos.legal_moves();
        if pos.status_with(&moves) != Status::Ongoing {
            return None;
        }
        if moves.iter().any(|m| !self.excluded.contains(m)) {
            moves.retain(|m| !self.excluded.contains(m));
        } else {
            self.excluded.clear();
        }
        self.keys.truncate(self.game_keys);
        if pos.ruleset().fide_draws && self.keys.last() != Some(&pos.hash()) {
            self.keys.clear();
            self.keys.push(pos.hash());
            self.game_keys = 1;
        }
        self.null_barrier = 0;
        let first = *moves.first()?;
        let mut report = Report {
            best: first,
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: vec![first],
            elapsed: Duration::ZERO,
        };
        if moves.len() == 1 && limits.depth.is_none() {
            report.elapsed = self.start.elapsed();
            return Some(report);
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut score = 0;
        // Recent changes of best move, halved each iteration: with the
        // score's fall, how unsettled the search is (`Limits::soft_limit`).
        let mut changes = 0.0;
        for depth in 1..=max_depth {
            if threads::skips_depth(self.index, depth) {
                continue;
            }
            self.root_depth = depth as i32;
            self.root_best = None;
            let s = self.aspiration(pos, depth as i32, score);
            if self.stopped && depth > 1 {
                // A move that beat the previous best in the unfinished
                // iteration (searched to the end) is played instead.
                if let Some(best) = self.root_best
                    && best != report.best
                {
                    report.best = best;
                    report.pv = vec![best];
                }
                break;
            }
            let fall = if depth > 1 { score - s } else { 0 };
            score = s;
            let best = self.root_best.unwrap_or(report.best);
            changes /= 2.0;
            if depth > 1 && best != report.best {
                changes += 1.0;
            }
            let mut pv = vec![best];
            pv.extend(self.principal_variation(&pos.play(best), depth as usize - 1));
            report.best = best;
            report.score = score;
            report.depth = depth;
            report.seldepth = self.seldepth as u32;
            report.pv = pv;
            report.nodes = self.nodes;
            report.elapsed = self.start.elapsed();
            on_iteration(&report);
            if score.abs() >= MATE_BOUND && depth as i32 > MATE - score.abs() + 1 {
                break;
            }
            if let Some(soft) = limits.soft_limit(changes, fall)
                && self.start.elapsed() >= soft
            {
                break;
            }
            if self.stopped {
                break;
            }
        }
        report.nodes = self.nodes;
        report.elapsed = self.start.elapsed();
        Some(report)
    }

    /// Searches with a window around the previous score, widening on
    /// failure: 40 either way at first, 80 where being mated wins.
    fn aspiration(&mut self, pos: &Position, depth: i32, previous: i32) -> i32 {
        if depth < 4 || previous.abs() >= MATE_BOUND {
            return self.negamax(pos, depth, -INFINITY, INFINITY, 0);
        }
        let mut delta = if mated_wins(pos) { 80 } else { 40 };
        let (mut alpha, mut beta) = (previous - delta, previous + delta);
        loop {
            let score = self.negamax(pos, depth, alpha, beta, 0);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (alpha - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (beta + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 3;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    fn principal_variation(&self, pos: &Position, max: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut p = *pos;
        while pv.len() < max {
            let Some(m) = self.tt.probe(p.hash()).and_then(|e| e.best) else {
                break;
            };
            if !p.legal_moves().contains(&m) {
                break;
            }
            pv.push(m);
            p = p.play(m);
            if p.status() == Status::Pass {
                break;
            }
        }
        pv
    }

    fn negamax(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.check_time();
        if self.stopped && ply > 0 {
            return 0;
        }
        if depth > 0 {
            self.tt.prefetch(pos.hash());
        }
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        match pos.status_with(&moves) {
            Status::Over(outcome) => return terminal_score(outcome, pos.turn(), ply),
            Status::Pass => {
                self.moved[ply] = ordering::NO_MOVE;
                self.evals[ply] = NO_EVAL;
                return -self.negamax(&pos.pass(), depth - 1, -beta, -alpha, ply + 1);
            }
            Status::Ongoing => {}
        }
        let chess = pos.ruleset().fide_draws;
        if chess && ply > 0 && self.is_chess_draw(pos) {
            return 0;
        }
        if ply >= MAX_PLY {
            return evaluate(pos);
        }
        // Mate distance pruning.
        let alpha_floor = alpha.max(-MATE + ply as i32);
        let beta_ceiling = beta.min(MATE - ply as i32 - 1);
        if alpha_floor >= beta_ceiling {
            return alpha_floor;
        }
        let in_check = pos.is_check();
        if (in_check || moves.len() == 1) && (ply as i32) < 2 * self.root_depth && depth > 0 {
            depth += 1;
        }
        if depth <= 0 {
            return if chess {
                self.quiescence_chess(pos, alpha, beta, ply, 0)
            } else {
                self.quiescence(pos, &mut moves, alpha, beta, ply, 0)
            };
        }

        let pv_node = beta - alpha > 1;
        let entry = self.tt.probe(pos.hash());
        if let Some(e) = entry
            && !pv_node
            && ply > 0
            && e.depth >= depth
        {
            let score = score_from_tt(e.score, ply);
            match e.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
        }
        let tt_move = entry.and_then(|e| e.best);
        // The static score of a side with no capture, for the pruning
        // below (which leaves the principal variation alone).
        let must_capture = pos.ruleset().forced_capture && moves[0].is_capture();
        let static_eval = if !pv_node && ply > 0 && !in_check && !must_capture {
            Some(evaluate(pos))
        } else {
            None
        };
        // Whether the side to move stands better than two plies before
        // (taken as so where either score is missing): pruning is milder
        // when it does.
        self.evals[ply] = static_eval.unwrap_or(NO_EVAL);
        let improving = match (static_eval, ply.checked_sub(2).map(|p| self.evals[p])) {
            (Some(now), Some(before)) if before != NO_EVAL => now > before,
            _ => true,
        };

        // Reverse futility pruning. Its mirror image, razoring, is not
        // used: a quiet move that offers a piece swings the score too far
        // for a static score to stand for it (docs/engine.md has the
        // matches).
        if let Some(e) = static_eval
            && depth <= RFP_DEPTH
            && e - RFP_MARGIN * depth >= beta
            && beta.abs() < MATE_BOUND
        {
            return e;
        }

        // Null move: a side with no capture that would still be above beta
        // after passing its turn is assumed to have a move that is too.
        // Zugzwang is common when every capture is forced, so only a side
        // with a piece other than king and pawns tries it, and never twice
        // in one line.
        // (A static score exists only off the principal variation, below
        // the root, out of check and without a capture.)
        if static_eval.is_some_and(|e| e >= beta)
            && depth >= 3
            && !self.after_null
            && beta.abs() < MATE_BOUND
            && has_officers(pos)
        {
            let r = 2 + depth / 4;
            self.after_null = true;
            let passed = pos.pass();
            let barrier = self.null_barrier;
            if chess {
                self.keys.push(passed.hash());
                self.null_barrier = self.keys.len() - 1;
            }
            self.moved[ply] = ordering::NO_MOVE;
            let s = -self.negamax(&passed, depth - 1 - r, -beta, -beta + 1, ply + 1);
            if chess {
                self.keys.pop();
                self.null_barrier = barrier;
            }
            self.after_null = false;
            if self.stopped {
                return 0;
            }
            if s >= beta {
                return if s >= MATE_BOUND { beta } else { s };
            }
        }
        // Internal iterative reduction: without a hash move the ordering
        // is poor and the node was not worth keeping: search it one ply
        // less.
        if tt_move.is_none() && depth >= IIR_DEPTH {
            depth -= 1;
        }
        self.order(pos, &mut moves, tt_move, ply);
        if ply == 0 && !self.excluded.is_empty() {
            moves.retain(|m| !self.excluded.contains(m));
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        // The quiet moves searched so far (for the history malus).
        let mut tried = ArrayVec::<Move, 64>::new();
        for (i, &m) in moves.iter().enumerate() {
            if ply == 0
                && let Some(observe) = &self.root_observer
            {
                observe(m, i + 1);
            }
            self.moved[ply] = ordering::piece_square(pos, m);
            let child = pos.play(m);
            if chess {
                self.keys.push(child.hash());
            }
            // Late move pruning (near the horizon, off the principal
            // variation, antichess only) and late move reduction (logarithmic
            // in depth and move number) for quiet moves after the first. A
            // move that leaves the opponent a capture (an offer, or a line
            // opened to one of our pieces) starts a forced sequence: it is
            // neither pruned nor reduced. Whether it does is asked only of
            // a move that could be.
            let late_quiet = i > 0 && !m.is_capture() && !in_check && moves.len() > 2;
            let prunable = late_quiet
                && !chess
                && !pv_node
                && depth <= LMP_DEPTH
                && i >= lmp_count(depth, improving)
                && best_score > -MATE_BOUND;
            let reducible = late_quiet
                && depth >= 3
                && (i >= 4 || (!chess && i >= 2))
                && !(chess && (child.is_check() || m.is_promotion()));
            let offer = (prunable || reducible) && child.capture_forced();
            if prunable && !offer {
                continue;
            }
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let reduction = if reducible && !offer {
                    if chess {
                        chess_reduction(depth, i, pv_node)
                    } else {
                        let history = self.history[m.from() as usize][m.to() as usize];
                        antichess_reduction(depth, i, pv_node, improving, history)
                    }
                } else {
                    0
                };
                let mut s =
                    -self.negamax(&child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
                if s > alpha && reduction > 0 {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                }
                s
            };
            if chess {
                self.keys.pop();
            }
            if self.stopped && ply > 0 {
                return 0;
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
                        break;
                    }
                }
            }
            if self.stopped {
                break;
            }
            if !m.is_capture() {
                // Past 64 the malus goes to the first 64 only.
                let _ = tried.try_push(m);
            }
        }
        if !self.stopped || ply > 0 {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
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

    fn quiescence(
        &mut self,
        pos: &Position,
        moves: &mut MoveList,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.seldepth = self.seldepth.max(ply);
        // Captures are compulsory: only a side with no capture may "stand pat".
        if !moves[0].is_capture() || qply >= MAX_QUIESCENCE || ply >= MAX_PLY {
            return evaluate(pos);
        }
        let mut best = -INFINITY;
        self.order(pos, moves, None, ply);
        for &m in moves.iter() {
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
                        _ => self.quiescence(
                            &passed,
                            &mut passed_moves,
                            alpha,
                            beta,
                            ply + 2,
                            qply + 2,
                        ),
                    }
                }
                Status::Ongoing => {
                    -self.quiescence(&child, &mut child_moves, -beta, -alpha, ply + 1, qply + 1)
                }
            };
            if raise(score, &mut best, &mut alpha, beta) {
                break;
            }
        }
        best
    }
}

impl Worker {
    /// Quiescence under chess: the side to move may stand pat on its static
    /// score unless in check; captures and queen promotions are searched
    /// (every evasion when in check).
    fn quiescence_chess(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.is_check();
        if qply >= MAX_QUIESCENCE || ply >= MAX_PLY {
            return evaluate(pos);
        }
        let mut best = -INFINITY;
        let mut moves = if in_check {
            let evasions = pos.legal_moves();
            if evasions.is_empty() {
                return -(MATE - ply as i32);
            }
            evasions
        } else {
            let stand = evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            let mut tactical = pos.captures();
            if (pos.ours(Role::Pawn) & Bitboard::from_rank(promotion_rank(pos.turn()))).any() {
                tactical.extend(
                    pos.legal_moves()
                        .into_iter()
                        .filter(|m| m.kind() == MoveKind::Promotion),
                );
            }
            tactical.retain(|m| m.promotion().is_none_or(|r| r == Role::Queen));
            tactical
        };
        self.order(pos, &mut moves, None, ply);
        for &m in moves.iter() {
            // Delta pruning: a capture that cannot lift the score to alpha
            // even with a margin is not searched.
            if !in_check && m.promotion().is_none() {
                let victim = pos.board().role_at(m.to()).map_or(100, piece_value);
                if best + victim + DELTA_MARGIN < alpha {
                    continue;
                }
            }
            let child = pos.play(m);
            self.nodes += 1;
            self.check_time();
            if self.stopped {
                return 0;
            }
            let score = -self.quiescence_chess(&child, -beta, -alpha, ply + 1, qply + 1);
            if raise(score, &mut best, &mut alpha, beta) {
                break;
            }
        }
        best
    }
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

/// Late move reduction under chess: logarithmic in depth and move number
/// (as most chess engines reduce), one ply less on the principal variation,
/// and never into the quiescence search at once.
fn chess_reduction(depth: i32, index: usize, pv_node: bool) -> i32 {
    let r = (f64::from(depth).ln() * (index as f64).ln() / 2.0) as i32 - i32::from(pv_node);
    r.clamp(1, (depth - 2).max(1))
}

/// Late move reduction under antichess, for a quiet move that leaves the
/// opponent no capture: logarithmic in depth and move number (about as
/// Stockfish reduces), one more where the side is not improving or off the
/// principal variation, one less for a move with a history of cutoffs,
/// and never into the quiescence search at once.
fn antichess_reduction(
    depth: i32,
    index: usize,
    pv_node: bool,
    improving: bool,
    history: i32,
) -> i32 {
    let base = f64::from(depth).ln() * ((index + 1) as f64).ln();
    let r = (0.47 * base + 0.5) as i32 + i32::from(!improving && base > 1.9) + i32::from(!pv_node)
        - i32::from(history > 4096);
    r.clamp(1, (depth - 2).max(1))
}

/// Late move pruning: at this depth or less.
const LMP_DEPTH: i32 = 6;

/// Late move pruning: how many moves are searched at `depth` before the
/// quiet moves that offer nothing are left out (Stockfish's count).
fn lmp_count(depth: i32, improving: bool) -> usize {
    ((3 + depth * depth) / (2 - i32::from(improving))) as usize
}

/// No static score taken at a ply.
const NO_EVAL: i32 = i32::MIN;

/// Delta pruning's margin (centipawns).
const DELTA_MARGIN: i32 = 200;

/// A rough value of a piece, for pruning decisions.
fn piece_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 325,
        Role::Rook => 500,
        Role::Queen => 950,
        Role::King => 0,
    }
}

/// The rank a side's pawns promote from (the seventh, seen from its side).
fn promotion_rank(color: shakmaty::Color) -> shakmaty::Rank {
    match color {
        shakmaty::Color::White => shakmaty::Rank::Seventh,
        shakmaty::Color::Black => shakmaty::Rank::Second,
    }
}

/// The static evaluation of the position's ruleset, for the side to move.
fn evaluate(pos: &Position) -> i32 {
    if pos.ruleset().fide_draws {
        eval_chess::evaluate(pos)
    } else {
        eval::evaluate(pos)
    }
}

/// Whether `pos` is played under a ruleset where being mated wins (the
/// 2004 rules): the search orders and widens differently there.
fn mated_wins(pos: &Position) -> bool {
    pos.ruleset().mate == MateRule::MatedWins
}

/// Whether the side to move has a piece other than its king and pawns.
fn has_officers(pos: &Position) -> bool {
    let b = pos.board();
    (b.by_color(pos.turn()) & !b.by_role(Role::King) & !b.by_role(Role::Pawn)).any()
}
