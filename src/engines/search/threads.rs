//! The engine: its state between moves, and its threads. With several
//! threads (lazy SMP) helper workers search the same position without
//! limits and share the transposition table, each skipping some depths so
//! that the threads spread over neighbouring depths instead of searching
//! the same tree in step; they stop when the main worker finishes. The
//! move played is the main worker's, or a helper's that completed a deeper
//! iteration with a score at least as good. Stopping: the main worker
//! watches the clock, the node limit and the halt flag; helpers watch the
//! main worker.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use super::policy::Policy;
use super::proof::{Proved, prove_until};
use super::{Limits, MATE, MAX_DEPTH, Report, RootObserver, TranspositionTable, Worker};
use crate::rules::chess::{Move, Position, Status};

/// The depth of the search that decides on a draw (an offer, a claim)
/// when no depth is set.
pub const DRAW_DECISION_DEPTH: u32 = 6;
/// The score (centipawns, for itself) at or below which the engine accepts
/// a draw offer.
pub const ACCEPT_DRAW_AT: i32 = -50;

/// The most threads [`default_threads`] gives.
const MAX_DEFAULT_THREADS: usize = 8;

/// The number of search threads when none is asked for: one per core the
/// system offers this process, at most [`MAX_DEFAULT_THREADS`] (one if
/// that cannot be known).
pub fn default_threads() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get().min(MAX_DEFAULT_THREADS))
}

/// Below this hard time limit the main worker searches alone.
const HELPERS_MIN_TIME: Duration = Duration::from_millis(20);

/// The search state kept between moves.
pub struct Engine {
    hash_mb: usize,
    tt: Arc<TranspositionTable>,
    workers: Vec<Worker>,
    halt: Arc<AtomicBool>,
    /// Root moves the caller leaves out of every search until changed.
    left_out: Vec<Move>,
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
            .map(|i| Worker::new(Arc::clone(&tt), Arc::clone(&halt), i))
            .collect();
        Engine {
            hash_mb,
            tt,
            workers,
            halt,
            left_out: Vec::new(),
        }
    }

    /// Leaves `moves` out of the root of every search from now on (UCI's
    /// `searchmoves` and the further lines of MultiPV); an empty list
    /// searches every move again. If every legal move is left out, all
    /// are searched.
    pub fn leave_out(&mut self, moves: &[Move]) {
        self.left_out.clear();
        self.left_out.extend_from_slice(moves);
    }

    /// Has `observe` told of each root move as the main thread starts
    /// searching it (UCI's `currmove`), or no more with `None`.
    pub fn observe_root(&mut self, observe: Option<RootObserver>) {
        if let Some(main) = self.workers.first_mut() {
            main.root_observer = observe;
        }
    }

    /// The transposition table (to ask how full it is while a search
    /// runs: UCI's `hashfull`).
    pub fn table(&self) -> Arc<TranspositionTable> {
        Arc::clone(&self.tt)
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

    /// Tells the engine the game's positions before the one it will search
    /// (their repetition keys, first to the current position's), so that
    /// under chess a repetition of one of them scores as a draw. Kept until
    /// the next call or [`Engine::clear`].
    pub fn set_game_keys(&mut self, keys: &[u64]) {
        for w in &mut self.workers {
            w.set_game_keys(keys);
        }
    }

    /// The score of `pos` for its side to move, by a search to `depth` plies
    /// without a time limit; `keys` are the game's repetition keys up to
    /// `pos` (see [`Engine::set_game_keys`]). A finished position scores 0.
    pub fn score_to_depth(&mut self, pos: &Position, keys: &[u64], depth: u32) -> i32 {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        self.set_game_keys(keys);
        self.search(pos, &limits, |_| {}).map_or(0, |r| r.score)
    }

    /// Whether the engine, as the side not to move in `pos`, accepts the
    /// draw its opponent offers: when a search to `depth` scores the
    /// position at [`ACCEPT_DRAW_AT`] or worse for the engine.
    pub fn accepts_draw(&mut self, pos: &Position, keys: &[u64], depth: u32) -> bool {
        -self.score_to_depth(pos, keys, depth) <= ACCEPT_DRAW_AT
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
    /// Where being mated wins and the search has a clock, proof-number
    /// searches ([`super::proof`]) go with it: a win proven before the
    /// search is played at once (reported at depth 1 with its mate score,
    /// the proof's longest line), and a move the search chooses after
    /// which a proof search finds the opponent's win is set aside and the
    /// search run again without it, up to three times. Each proof search
    /// has a tenth of the soft limit, and stops when the search is halted.
    ///
    /// ```
    /// use antichess::rules::chess::{Position, Ruleset};
    /// use antichess::engines::search::{Engine, Limits};
    /// let mut engine = Engine::new(1);
    /// let limits = Limits { depth: Some(3), ..Limits::default() };
    /// let report = engine.search(&Position::new(Ruleset::SPRING_2007), &limits, |_| {}).unwrap();
    /// assert_eq!(report.depth, 3);
    /// ```
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        mut on_iteration: impl FnMut(&Report),
    ) -> Option<Report> {
        // A restricted root goes without proofs (a proven win might be
        // among the moves left out).
        let plan = proof_plan(pos, limits).filter(|_| self.left_out.is_empty());
        let Some(plan) = plan else {
            let left_out = self.left_out.clone();
            return self.search_excluding(pos, limits, &left_out, &mut on_iteration);
        };
        let started = Instant::now();
        // Our own win first: a proven one is played at once.
        let halt = Arc::clone(&self.halt);
        let ours = prove_until(
            pos,
            pos.turn(),
            MAX_PROOF_NODES,
            Some(started + plan.win),
            Some(&halt),
        );
        if let Some(win) = ours.shortest_win() {
            let (best, length) = (win.mv, win.length.unwrap_or(1));
            let report = Report {
                best,
                score: MATE - length as i32,
                depth: 1,
                seldepth: length,
                nodes: ours.nodes as u64,
                pv: vec![best],
                elapsed: started.elapsed(),
            };
            on_iteration(&report);
            return Some(report);
        }
        // Then the search, and a proof search against the move it chose: a
        // move after which the opponent has a proven win is left out and
        // the search run again on what remains (a shorter one), a few
        // times at most; if every choice loses, the first is played.
        let mut excluded = Vec::new();
        let mut first: Option<Report> = None;
        let hard = limits.hard_time.unwrap_or_default();
        loop {
            let elapsed = started.elapsed();
            let (soft, hard_left) = match first {
                None => (
                    plan.soft.saturating_sub(elapsed),
                    hard.saturating_sub(elapsed),
                ),
                Some(_) => (plan.soft / 4, (hard / 4).min(hard.saturating_sub(elapsed))),
            };
            let this = Limits {
                soft_time: Some(soft),
                hard_time: Some(hard_left),
                ..*limits
            };
            let Some(report) = self.search_excluding(pos, &this, &excluded, &mut on_iteration)
            else {
                return first;
            };
            if first.is_none() {
                first = Some(report.clone());
            }
            if started.elapsed() + plan.verify > hard {
                return Some(report);
            }
            let proof = prove_until(
                &pos.play(report.best),
                !pos.turn(),
                MAX_PROOF_NODES,
                Some(Instant::now() + plan.verify),
                Some(&halt),
            );
            if proof.verdict != Proved::Won {
                return Some(report);
            }
            excluded.push(report.best);
            if excluded.len() >= MAX_EXCLUDED.min(plan.moves - 1) {
                return first;
            }
        }
    }

    /// [`Engine::search`] by alpha-beta alone, leaving out the root moves
    /// `excluded` (if that leaves any).
    fn search_excluding(
        &mut self,
        pos: &Position,
        limits: &Limits,
        excluded: &[Move],
        on_iteration: &mut impl FnMut(&Report),
    ) -> Option<Report> {
        self.tt.new_search();
        for w in &mut self.workers {
            w.excluded.clear();
            w.excluded.extend_from_slice(excluded);
        }
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
            let handles: Vec<_> = helpers
                .iter_mut()
                .map(|helper| {
                    let helper_limits = Limits {
                        depth: Some(MAX_DEPTH),
                        ..Limits::default()
                    };
                    scope.spawn(move || helper.iterate(pos, &helper_limits, |_| {}))
                })
                .collect();
            report = main.iterate(pos, limits, on_iteration);
            stop.store(true, Ordering::Relaxed);
            for handle in handles {
                // A helper that panicked passes its panic on, as the scope
                // would have.
                let helper = handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                if let (Some(best), Some(helper)) = (report.as_mut(), helper) {
                    prefer_deeper(best, helper);
                }
            }
        });
        if let Some(r) = report.as_mut() {
            r.nodes = self.workers.iter().map(|w| w.nodes).sum();
        }
        report
    }
}

/// The most nodes of a proof search's tree (about 20 bytes each).
const MAX_PROOF_NODES: usize = 2_000_000;

/// The most root moves left out because a proof search found them lost.
const MAX_EXCLUDED: usize = 3;

/// The time of the proof searches around a move's search.
struct ProofPlan {
    /// The soft limit of the search.
    soft: Duration,
    /// For the proof of our own win, before the search.
    win: Duration,
    /// For each proof search against the move the search chose.
    verify: Duration,
    /// The root's legal moves.
    moves: usize,
}

/// Whether proof searches go with the search of `pos`, and their time:
/// where being mated wins (the 2004 rules, where the matches measured
/// them; like every antichess ruleset they have no repetition rule, so a
/// proof is sound), with a time limit and no depth limit (a fixed-depth
/// search stays reproducible), and more than one legal move. Each proof
/// search gets a tenth of the soft limit.
fn proof_plan(pos: &Position, limits: &Limits) -> Option<ProofPlan> {
    let soft = limits.soft_time?;
    let hard = limits.hard_time?;
    if !Policy::of_position(pos).proof_search || limits.depth.is_some() || hard < HELPERS_MIN_TIME {
        return None;
    }
    let moves = pos.legal_moves();
    if moves.len() < 2 || pos.status_with(&moves) != Status::Ongoing {
        return None;
    }
    Some(ProofPlan {
        soft,
        win: soft / 10,
        verify: soft / 10,
        moves: moves.len(),
    })
}

/// Takes a helper's result in place of `best` when the helper completed a
/// deeper iteration and scores its move at least as well.
fn prefer_deeper(best: &mut Report, helper: Report) {
    if helper.depth > best.depth && helper.score >= best.score {
        let elapsed = best.elapsed;
        *best = Report { elapsed, ..helper };
    }
}

/// Whether helper `index` (0 is the main worker, which skips nothing)
/// skips iteration `depth`. The first helper searches the even depths and
/// the second the odd ones; later ones alternate runs of two to four
/// depths searched and skipped, each starting elsewhere, so that two
/// threads are seldom on the same iteration (the pattern of Stockfish's
/// lazy SMP).
pub(super) fn skips_depth(index: usize, depth: u32) -> bool {
    const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    if index == 0 || depth <= 1 {
        return false;
    }
    let i = (index - 1) % SIZE.len();
    ((depth + PHASE[i]) / SIZE[i]) % 2 == 1
}

impl Worker {
    /// Sets `stopped` when the search must end. The first iteration always
    /// completes (it takes well under a millisecond), unless halted from
    /// outside, so there is always a fully searched move.
    pub(super) fn check_time(&mut self) {
        if self.index != 0 {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{Move, Ruleset, Square};

    #[test]
    fn helpers_spread_over_the_depths() {
        // The main worker searches every depth.
        assert!((1..=MAX_DEPTH).all(|d| !skips_depth(0, d)));
        // Every worker searches depth 1 (it takes no time and gives a move).
        assert!((0..40).all(|i| !skips_depth(i, 1)));
        // The first helper takes every other depth, the second the others.
        let searched = |i| (2..=12).filter(move |&d| !skips_depth(i, d));
        assert_eq!(searched(1).collect::<Vec<_>>(), [2, 4, 6, 8, 10, 12]);
        assert_eq!(searched(2).collect::<Vec<_>>(), [3, 5, 7, 9, 11]);
        // Every helper skips at most four depths in a row.
        for i in 1..40 {
            let depths: Vec<u32> = (1..=40).filter(|&d| !skips_depth(i, d)).collect();
            assert!(
                depths.windows(2).all(|w| w[1] - w[0] <= 5),
                "{i}: {depths:?}"
            );
        }
    }

    fn report(depth: u32, score: i32, from: Square) -> Report {
        let pos = Position::new(Ruleset::SPRING_2007);
        let best: Move = *pos.legal_moves().iter().find(|m| m.from() == from).unwrap();
        Report {
            best,
            score,
            depth,
            seldepth: depth,
            nodes: 0,
            pv: vec![best],
            elapsed: Duration::from_millis(depth.into()),
        }
    }

    #[test]
    fn a_deeper_helper_with_a_score_as_good_is_preferred() {
        let main = report(9, 30, Square::E2);
        let mut best = main.clone();
        prefer_deeper(&mut best, report(10, 30, Square::D2));
        assert_eq!((best.best.from(), best.depth), (Square::D2, 10));
        assert_eq!(best.elapsed, main.elapsed);
        // Not when it scores worse, nor when it is not deeper.
        for helper in [report(10, 29, Square::D2), report(9, 90, Square::D2)] {
            let mut best = main.clone();
            prefer_deeper(&mut best, helper);
            assert_eq!(best, main);
        }
    }
}
