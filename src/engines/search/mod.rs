//! The computer player: iterative-deepening principal-variation alpha-beta
//! with aspiration windows, a quiescence search over forced capture
//! sequences, extensions for check and forced replies, and the pruning and
//! reductions described in `docs/engine.md`. This file is the search
//! itself; the rest, by the names a chess programmer expects:
//!
//! | file | what |
//! |---|---|
//! | `threads.rs` | [`Engine`]: state between moves, lazy SMP threads, stopping |
//! | `policy.rs` | what the game asks of the search: its evaluation, quiescence, reductions, draws |
//! | `params.rs` | every tunable constant, in one struct |
//! | `quiescence.rs` | the quiescence searches: forced captures, or stand pat |
//! | `draws.rs` | draws by rule inside the search (repetitions, the fifty-move rule) |
//! | `stack.rs` | what is kept for each ply of the current line |
//! | `history.rs` | the butterfly, continuation and capture histories |
//! | `correction.rs` | the correction history: the static score's errors by pawn structure |
//! | `movepick.rs` | the staged move picker: hash move, good captures, killers, quiet moves, bad captures |
//! | `ordering.rs` | what orders moves: each one's stage and key, and what a cutoff teaches the histories |
//! | `proof.rs` | proof-number search: forced wins proved or refuted, beside the search where being mated wins |
//! | `eval.rs` | the antichess evaluation and its weights per ruleset |
//! | `eval_chess/` | the chess evaluation: weighted features fitted to game results, mop-up |
//! | `tt.rs` | the transposition table |
//! | `score.rs` | score conventions: mate scores, table form, UCI text |
//! | `time.rs` | [`Limits`] and the time budget of a move |
//! | `bench.rs` | the fixed-depth benchmark and its node signature |

pub mod bench;
mod correction;
mod draws;
pub mod eval;
pub mod eval_chess;
mod history;
mod movepick;
mod negamax;
pub mod network;
mod ordering;
pub mod params;
pub mod policy;
pub mod proof;
mod quiescence;
pub mod score;
mod singular;
mod stack;
mod threads;
pub mod time;
mod tt;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::rules::chess::{Move, Position, Status};
use correction::Correction;
use history::Histories;
use params::PARAMS;
use policy::Policy;
use score::INFINITY;
pub use score::{MATE, MATE_BOUND};
use stack::Stack;
pub use threads::{ACCEPT_DRAW_AT, DRAW_DECISION_DEPTH, Engine, default_threads};
pub use time::Limits;
pub(crate) use tt::zeroed_slots;
pub use tt::{Bound, TranspositionTable, check_size as check_hash_size};

const MAX_PLY: usize = 128;

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
    /// The game's policies for the position searched.
    policy: &'static Policy,
    histories: Histories,
    /// The static score's errors by pawn structure (where the policy
    /// corrects it).
    correction: Correction,
    /// The current line, ply by ply.
    stack: Stack,
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
    /// Where draws by rule hold: the repetition keys of the game's positions up to the root,
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
            policy: Policy::of(&crate::rules::chess::Ruleset::SPRING_2007),
            histories: Histories::new(),
            correction: Correction::new(),
            stack: Stack::new(),
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
            keys: Vec::new(),
            game_keys: 0,
            null_barrier: 0,
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
        self.seldepth = 0;
        self.stopped = false;
        self.policy = Policy::of_position(pos);
        self.stack.clear_killers();
        self.histories.age();
        self.histories.update = self.policy.history_update;

        let mut moves = pos.legal_moves();
        if pos.status_with(&moves) != Status::Ongoing {
            return None;
        }
        if moves.iter().any(|m| !self.excluded.contains(m)) {
            moves.retain(|m| !self.excluded.contains(m));
        } else {
            self.excluded.clear();
        }
        self.start_line(pos);
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
    /// failure (the policy's half-width either way at first).
    fn aspiration(&mut self, pos: &Position, depth: i32, previous: i32) -> i32 {
        if depth < PARAMS.aspiration_depth || previous.abs() >= MATE_BOUND {
            return self.negamax(pos, depth, -INFINITY, INFINITY, 0);
        }
        let mut delta = self.policy.aspiration;
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
            delta *= PARAMS.aspiration_growth;
            if delta > PARAMS.aspiration_full {
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
}
