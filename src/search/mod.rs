//! The computer player: iterative-deepening principal-variation alpha-beta
//! with a transposition table, killer and history move ordering, a
//! quiescence search over forced capture sequences, and extensions for
//! check and forced replies. With several threads (lazy SMP) helper workers
//! search the same position and share the transposition table; the main
//! worker's result is played.

pub mod bench;
pub mod eval;
pub mod time;
mod tt;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use crate::rules::{Color, Move, MoveList, Outcome, Position, Role, Status};
pub use tt::{Bound, TranspositionTable};

/// The score of a won game at the root; a win in `n` plies scores
/// `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores above this are wins in a known number of plies.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = MATE + 1;
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

/// What limits a search. Without a depth, time or node limit a search stops
/// at [`MAX_DEPTH`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Stop after completing this depth.
    pub depth: Option<u32>,
    /// No new iteration starts after this much time.
    pub soft_time: Option<Duration>,
    /// The search stops at this time, finished or not.
    pub hard_time: Option<Duration>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
}

impl Limits {
    /// The limits for one move of a game: a fixed depth if given (then, on
    /// an unlimited clock without a move time, no time limit at all, so the
    /// move is reproducible), and the time budget of the clock otherwise.
    pub fn for_move(
        depth: Option<u32>,
        remaining_ms: Option<i64>,
        movetime: Option<Duration>,
    ) -> Limits {
        let mut limits = Limits {
            depth,
            ..Limits::default()
        };
        if depth.is_none() || remaining_ms.is_some() || movetime.is_some() {
            let b = time::budget(remaining_ms, movetime);
            limits.soft_time = Some(b.soft);
            limits.hard_time = Some(b.hard);
        }
        limits
    }
}

/// Below this hard time limit the main worker searches alone.
const HELPERS_MIN_TIME: Duration = Duration::from_millis(20);

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
    /// Nodes visited.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Time taken.
    pub elapsed: Duration,
}

/// The search state kept between moves.
pub struct Engine {
    hash_mb: usize,
    tt: Arc<TranspositionTable>,
    workers: Vec<Worker>,
    halt: Arc<AtomicBool>,
}

/// One search thread's own state.
struct Worker {
    tt: Arc<TranspositionTable>,
    /// Set when the main worker has finished (helpers stop).
    stop: Arc<AtomicBool>,
    /// Set from outside to end the search (the main worker stops).
    halt: Arc<AtomicBool>,
    main: bool,
    history: Box<[[i32; 64]; 64]>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    nodes: u64,
    start: Instant,
    limits: Limits,
    stopped: bool,
    root_depth: i32,
    root_best: Option<Move>,
    /// Inside the search after a null move.
    after_null: bool,
}

impl Engine {
    /// An engine with one thread and a transposition table of `hash_mb` MB.
    pub fn new(hash_mb: usize) -> Engine {
        Engine::with_threads(hash_mb, 1)
    }

    /// An engine searching with `threads` threads (at least one).
    pub fn with_threads(hash_mb: usize, threads: usize) -> Engine {
        let tt = Arc::new(TranspositionTable::new(hash_mb));
        let halt = Arc::new(AtomicBool::new(false));
        let workers = (0..threads.max(1))
            .map(|i| Worker::new(Arc::clone(&tt), Arc::clone(&halt), i == 0))
            .collect();
        Engine {
            hash_mb,
            tt,
            workers,
            halt,
        }
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        let threads = self.workers.len();
        let halt = Arc::clone(&self.halt);
        *self = Engine::with_threads(self.hash_mb, threads);
        self.halt = Arc::clone(&halt);
        for w in &mut self.workers {
            w.halt = Arc::clone(&halt);
        }
    }

    /// A flag that ends a running search when set (its best move so far is
    /// returned). Whoever sets it clears it before the next search.
    pub fn halt_handle(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.halt)
    }

    /// Searches `pos` and returns the best move, or `None` when the game is
    /// over or the side to move must pass. `on_iteration` sees each
    /// completed depth.
    ///
    /// ```
    /// use antichess::rules::{Position, Ruleset};
    /// use antichess::search::{Engine, Limits};
    /// let mut engine = Engine::new(1);
    /// let limits = Limits { depth: Some(3), ..Limits::default() };
    /// let report = engine.search(&Position::new(Ruleset::SPRING_2007), &limits, |_| {}).unwrap();
    /// assert_eq!(report.depth, 3);
    /// ```
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        on_iteration: impl FnMut(&Report),
    ) -> Option<Report> {
        self.tt.new_search();
        let stop = Arc::new(AtomicBool::new(false));
        for w in &mut self.workers {
            w.stop = Arc::clone(&stop);
            w.nodes = 0;
        }
        let (main, helpers) = self.workers.split_first_mut()?;
        // Starting and joining helpers costs more than a move played on
        // almost no time is worth.
        let helpers = match limits.hard_time {
            Some(hard) if hard < HELPERS_MIN_TIME => &mut helpers[..0],
            _ => helpers,
        };
        let mut report = None;
        thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                let helper_limits = Limits {
                    depth: Some(MAX_DEPTH),
                    soft_time: None,
                    hard_time: None,
                    nodes: None,
                };
                scope.spawn(move || helper.iterate(pos, &helper_limits, |_| {}));
            }
            report = main.iterate(pos, limits, on_iteration);
            stop.store(true, Ordering::Relaxed);
        });
        if let Some(r) = report.as_mut() {
            r.nodes = self.workers.iter().map(|w| w.nodes).sum();
        }
        report
    }
}

impl Worker {
    fn new(tt: Arc<TranspositionTable>, halt: Arc<AtomicBool>, main: bool) -> Worker {
        Worker {
            tt,
            stop: Arc::new(AtomicBool::new(false)),
            halt,
            main,
            history: Box::new([[0; 64]; 64]),
            killers: [[None; 2]; MAX_PLY + 1],
            nodes: 0,
            start: Instant::now(),
            limits: Limits::default(),
            stopped: false,
            root_depth: 0,
            root_best: None,
            after_null: false,
        }
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
        self.stopped = false;
        self.killers = [[None; 2]; MAX_PLY + 1];
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }

        let moves = pos.legal_moves();
        if pos.status_with(&moves) != Status::Ongoing {
            return None;
        }
        let first = *moves.first()?;
        let mut report = Report {
            best: first,
            score: 0,
            depth: 0,
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
        for depth in 1..=max_depth {
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
            score = s;
            let best = self.root_best.unwrap_or(report.best);
            let mut pv = vec![best];
            pv.extend(self.principal_variation(&pos.play(best), depth as usize - 1));
            report.best = best;
            report.score = score;
            report.depth = depth;
            report.pv = pv;
            report.nodes = self.nodes;
            report.elapsed = self.start.elapsed();
            on_iteration(&report);
            if score.abs() >= MATE_BOUND && depth as i32 > MATE - score.abs() + 1 {
                break;
            }
            if let Some(soft) = limits.soft_time
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

    /// Searches with a window around the previous score, widening on failure.
    fn aspiration(&mut self, pos: &Position, depth: i32, previous: i32) -> i32 {
        if depth < 4 || previous.abs() >= MATE_BOUND {
            return self.negamax(pos, depth, -INFINITY, INFINITY, 0);
        }
        let mut delta = 40;
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

    /// Sets `stopped` when the search must end. The first iteration always
    /// completes (it takes well under a millisecond), unless halted from
    /// outside, so there is always a fully searched move.
    fn check_time(&mut self) {
        if !self.main {
            if self.nodes & 1023 == 0 && self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            return;
        }
        if let Some(n) = self.limits.nodes
            && self.nodes >= n
            && self.root_depth > 1
        {
            self.stopped = true;
        }
        if self.nodes & 255 == 0 {
            if self.halt.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if let Some(hard) = self.limits.hard_time
                && self.root_depth > 1
                && self.start.elapsed() >= hard
            {
                self.stopped = true;
            }
        }
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
        self.check_time();
        if self.stopped && ply > 0 {
            return 0;
        }
        let moves = pos.legal_moves();
        match pos.status_with(&moves) {
            Status::Over(outcome) => return terminal_score(outcome, pos.turn(), ply),
            Status::Pass => {
                return -self.negamax(&pos.pass(), depth - 1, -beta, -alpha, ply + 1);
            }
            Status::Ongoing => {}
        }
        if ply >= MAX_PLY {
            return eval::evaluate(pos);
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
            return self.quiescence(pos, &moves, alpha, beta, ply, 0);
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
        let static_eval = if !pv_node && ply > 0 && !in_check && !moves[0].is_capture() {
            Some(eval::evaluate(pos))
        } else {
            None
        };

        // Reverse futility pruning. Measured in self-play (200 games, 2 s
        // per side) against the search without it: 61.8% (margins 60 and
        // 150 against 100: 52.5% and 51.2%). Its mirror image, razoring
        // (a quiet side 300 per ply below alpha at depth 2 or less fails
        // low), scored 29.2%: a quiet move that offers a piece swings the
        // score too far for a static score to stand for it.
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
            let s = -self.negamax(&pos.pass(), depth - 1 - r, -beta, -beta + 1, ply + 1);
            self.after_null = false;
            if self.stopped {
                return 0;
            }
            if s >= beta {
                return if s >= MATE_BOUND { beta } else { s };
            }
        }
        // Without a hash move the ordering is poor and the node was not
        // worth keeping: search it one ply less. Self-play (200 games, 2 s
        // per side): 58% (+56 +/- 49).
        if tt_move.is_none() && depth >= IIR_DEPTH {
            depth -= 1;
        }
        let ordered = self.order(pos, &moves, tt_move, ply);

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for (i, &m) in ordered.iter().enumerate() {
            let child = pos.play(m);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Late move reduction for quiet moves far down the list.
                // Reductions growing with the logarithms of depth and move
                // number (as in Stockfish) scored 44.1% in self-play (200
                // games, 2 s), and pruning late quiet moves at depth 3 or
                // less 42%: in a race to shed pieces the late quiet move
                // is often the offer that forces the opponent.
                // A move that leaves the opponent a capture (an offer, or a
                // line opened to one of our pieces) starts a forced sequence
                // and is searched in full: 62.7% in self-play (+91 +/- 50,
                // 200 games, 2 s), though it searches 2.7 times the nodes
                // of the bench. With it, pruning late quiet moves other than
                // offers at depth 3 or less and logarithmic reductions for
                // the others scored 51.2% and 51.7%: not kept.
                let reduction = if depth >= 3
                    && i >= 4
                    && !m.is_capture()
                    && !in_check
                    && moves.len() > 2
                    && !child.capture_forced()
                {
                    1 + (i >= 12) as i32
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
                            self.remember_cutoff(m, depth, ply);
                        }
                        break;
                    }
                }
            }
            if self.stopped {
                break;
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
        moves: &MoveList,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        // Captures are compulsory: only a side with no capture may "stand pat".
        if !moves[0].is_capture() || qply >= MAX_QUIESCENCE || ply >= MAX_PLY {
            return eval::evaluate(pos);
        }
        let mut best = -INFINITY;
        let ordered = self.order(pos, moves, None, ply);
        for m in ordered {
            let child = pos.play(m);
            self.nodes += 1;
            self.check_time();
            if self.stopped {
                return 0;
            }
            let child_moves = child.legal_moves();
            let score = match child.status_with(&child_moves) {
                Status::Over(o) => -terminal_score(o, child.turn(), ply + 1),
                Status::Pass => {
                    let passed = child.pass();
                    let passed_moves = passed.legal_moves();
                    match passed.status_with(&passed_moves) {
                        Status::Over(o) => terminal_score(o, passed.turn(), ply + 2),
                        _ => {
                            self.quiescence(&passed, &passed_moves, alpha, beta, ply + 2, qply + 2)
                        }
                    }
                }
                Status::Ongoing => {
                    -self.quiescence(&child, &child_moves, -beta, -alpha, ply + 1, qply + 1)
                }
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Orders moves: the hash move first; captures (a list holds only
    /// captures or only quiet moves) by most valuable victim, then least
    /// valuable attacker; quiet moves by killers, then history.
    fn order(
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
                let victim = if m.kind() == crate::rules::MoveKind::EnPassant {
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

    fn remember_cutoff(&mut self, m: Move, depth: i32, ply: usize) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
        let h = &mut self.history[m.from() as usize][m.to() as usize];
        *h = (*h + depth * depth).min(1 << 20);
    }
}

/// Whether the side to move has a piece other than its king and pawns.
fn has_officers(pos: &Position) -> bool {
    let b = pos.board();
    (b.by_color(pos.turn()) & !b.by_role(Role::King) & !b.by_role(Role::Pawn)).any()
}

/// The score of a finished game for the side to move, `ply` plies from the
/// root: quicker wins and slower losses score better.
fn terminal_score(outcome: Outcome, turn: Color, ply: usize) -> i32 {
    match outcome.winner {
        None => 0,
        Some(w) if w == turn => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
