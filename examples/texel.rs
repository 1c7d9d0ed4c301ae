//! Tuning the chess evaluation on game results (Texel's method).
//!
//! ```text
//! cargo run --release --example texel -- games 10000 20000 > positions.txt
//! cargo run --release --example texel -- fit positions.txt > weights.rs
//! cp weights.rs src/engines/search/eval_chess/weights.rs
//! ```
//!
//! `games N SEED [RULESET]` plays N games of chess (or of the antichess
//! RULESET, such as `6170-spring-2004`) against itself, two at a time
//! (each move a search to depth 5, or `TEXEL_DEPTH`, or of `TEXEL_NODES`
//! nodes, with the engine's own evaluation, 8 random plies first, game `i`
//! from seed SEED + `i`), and writes one line per quiet position, game by
//! game: its FEN, the game's result for White (1, 0.5 or 0) and the
//! search's score for White (centipawns), separated by `;`, and for an
//! antichess ruleset its name as a fourth field (for
//! `examples/network.rs`). A position is quiet when the side to move is
//! not in check and the search's move is neither a capture nor a
//! promotion (in antichess: the side to move has no capture); the random
//! plies are left out. A game ends by the rules (mate, stalemate,
//! insufficient material, depletion), by a threefold repetition or the
//! fifty-move rule (drawn, in antichess too), drawn at 400 plies, or won
//! for a side the search scores at 1,000 or more for 8 plies in a row (in
//! antichess: a proven win, once).
//!
//! `fit FILE [STEPS]` reads those lines and fits the evaluation's weights:
//! the scale that best turns the present weights' scores into the results
//! first, then each position's target is half its result and half its
//! search score read as a result by that scale (`TEXEL_LAMBDA` sets the
//! score's share; with `TEXEL_SCORE_SCALE=fit` the scores are read by a
//! scale of their own, fitted to the results: for scores another engine
//! gave, `scripts/chess_labels.py`), and every weight takes 3,000 steps
//! (or STEPS) of Adam's gradient descent on the mean squared error of the
//! logistic prediction, from the present weights, with a penalty of 1e-8
//! (`TEXEL_L2`) per centipawn squared on each weight's distance from
//! them. One block of 1,000 lines in ten is held out and its error
//! reported. The endgame sum enters each prediction scaled as the
//! evaluation scales it (the endgame scale of the side it favours). It
//! prints the Rust source of `src/engines/search/eval_chess/weights.rs`.

#[path = "shared/least.rs"]
mod shared;

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Mutex;

use antichess::engines::search::score::MATE_BOUND;
use antichess::engines::search::{Engine, Limits};
use antichess::rules::chess::{MoveList, Position, Ruleset, Status, occurrences};
use antichess::sys::rng::Xorshift;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["games", n, seed] => match (n.parse(), seed.parse()) {
            (Ok(n), Ok(seed)) => {
                games(n, seed, Ruleset::CHESS);
                ExitCode::SUCCESS
            }
            _ => usage(),
        },
        ["games", n, seed, ruleset] => {
            match (n.parse(), seed.parse(), Ruleset::from_name(ruleset)) {
                (Ok(n), Ok(seed), Some(ruleset)) => {
                    games(n, seed, ruleset);
                    ExitCode::SUCCESS
                }
                _ => usage(),
            }
        }
        ["fit", path] => fit::run(path, fit::ITERATIONS),
        ["fit", path, steps] => match steps.parse() {
            Ok(steps) => fit::run(path, steps),
            Err(_) => usage(),
        },
        _ => usage(),
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: texel games N SEED [RULESET] | texel fit FILE [STEPS]");
    ExitCode::from(2)
}

/// Search depth of each move of the games (`TEXEL_DEPTH` sets another).
const DEPTH: u32 = 5;

/// The search of each move: `TEXEL_NODES` nodes when set, else to
/// `TEXEL_DEPTH` (a whole number from 1), or [`DEPTH`].
fn limits() -> Limits {
    match setting("TEXEL_NODES").filter(|&n| n >= 1) {
        Some(nodes) => Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        None => Limits {
            depth: Some(setting("TEXEL_DEPTH").filter(|&d| d >= 1).unwrap_or(DEPTH)),
            ..Limits::default()
        },
    }
}

/// The environment variable `name` read as a `T`, when set and readable.
fn setting<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// Random plies at the start of each game.
const RANDOM_PLIES: usize = 8;
/// A game still going at this ply is drawn.
const MAX_PLIES: usize = 400;
/// A side the search scores at this or more...
const DECISIVE: i32 = 1000;
/// ...for this many plies in a row wins.
const DECISIVE_PLIES: usize = 8;

/// Plays `n` games on two threads and prints their quiet positions, game
/// by game in order (a game that finishes early waits for those before
/// it), so that the same arguments write the same file.
fn games(n: u64, seed: u64, ruleset: Ruleset) {
    let limits = limits();
    let tail = if ruleset.is_chess() {
        String::new()
    } else {
        format!(";{}", ruleset.name())
    };
    let next = Mutex::new(0u64);
    // The finished games not yet written, by number, and the next to write.
    let done = Mutex::new((BTreeMap::new(), 1u64));
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                let mut engine = Engine::new(16);
                loop {
                    let game = {
                        let mut next = next.lock().unwrap();
                        if *next >= n {
                            break;
                        }
                        *next += 1;
                        *next
                    };
                    let (positions, white) = play_one(&mut engine, &limits, seed + game, ruleset);
                    let mut text = String::new();
                    for (fen, score) in positions {
                        text.push_str(&format!("{fen};{white};{score}{tail}\n"));
                    }
                    let mut guard = done.lock().unwrap();
                    let (waiting, next_out) = &mut *guard;
                    waiting.insert(game, text);
                    let mut out = std::io::stdout().lock();
                    while let Some(text) = waiting.remove(next_out) {
                        let _ = out.write_all(text.as_bytes());
                        if next_out.is_multiple_of(100) {
                            eprintln!("{next_out} games");
                        }
                        *next_out += 1;
                    }
                    let _ = out.flush();
                }
            });
        }
    });
}

/// One game, each move searched within `limits`: its quiet positions'
/// FENs with the search's score of each for White, and the result for
/// White.
fn play_one(
    engine: &mut Engine,
    limits: &Limits,
    seed: u64,
    ruleset: Ruleset,
) -> (Vec<(String, i32)>, f64) {
    let chess = ruleset.is_chess();
    // How sure a score must be, for how many plies, to end the game.
    let (decisive_score, decisive_plies) = if chess {
        (DECISIVE, DECISIVE_PLIES)
    } else {
        (MATE_BOUND, 1)
    };
    let mut rng = Xorshift::new(seed);
    let mut pos = Position::new(ruleset);
    let mut keys = vec![pos.hash()];
    let mut fens = Vec::new();
    let mut decisive: (usize, i32) = (0, 0);
    engine.clear();
    for ply in 0..MAX_PLIES {
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        match pos.status_with(&moves) {
            Status::Over(o) => return (fens, o.winner.map_or(0.5, |w| white_score(w.is_white()))),
            _ if occurrences(&keys) >= 3 || pos.halfmoves() >= 100 => return (fens, 0.5),
            Status::Pass => {
                pos = pos.pass();
                keys.push(pos.hash());
                continue;
            }
            _ => {}
        }
        let m = if ply < RANDOM_PLIES {
            moves[rng.below(moves.len())]
        } else {
            engine.set_game_keys(&keys);
            let report = engine.search(&pos, limits, |_| {}).expect("a legal move");
            let white = if pos.turn().is_white() {
                report.score
            } else {
                -report.score
            };
            let sign = white.signum();
            if white.abs() >= decisive_score && sign == decisive.1 {
                decisive.0 += 1;
            } else {
                decisive = (usize::from(white.abs() >= decisive_score), sign);
            }
            if decisive.0 >= decisive_plies {
                return (fens, white_score(sign > 0));
            }
            let quiet = if chess {
                !report.best.is_capture() && !report.best.is_promotion()
            } else {
                !moves.iter().any(|m| m.is_capture())
            };
            if !pos.is_check() && quiet {
                fens.push((pos.to_fen(), white));
            }
            report.best
        };
        pos = pos.play(m);
        keys.push(pos.hash());
    }
    (fens, 0.5)
}

fn white_score(white_won: bool) -> f64 {
    if white_won { 1.0 } else { 0.0 }
}

/// Texel's method: the weights fitted to the results.
mod fit {
    use super::*;
    use antichess::engines::search::eval_chess::features::{COUNT, GROUPS};
    use antichess::engines::search::eval_chess::scale::{NORMAL, scaled_side};
    use antichess::engines::search::eval_chess::{
        FULL_PHASE, Sink, WEIGHTS, endgame_scales, features, mop_up,
    };

    /// Gradient steps of the fit.
    pub const ITERATIONS: usize = 3000;
    /// Adam's step size (centipawns) and decay rates.
    const RATE: f64 = 1.0;
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    /// The share of the search's score in each position's target (the
    /// rest is the game's result).
    const SCORE_SHARE: f64 = 0.5;
    /// The penalty on each weight's squared distance from where the fit
    /// started (per centipawn squared), which keeps the rarely seen
    /// features from wandering.
    const PENALTY: f64 = 1e-8;
    /// One block of lines in this many is held out of the fit, to measure
    /// it on games it did not see (a block is a thousand lines, a dozen
    /// games or so: a game's positions are alike, and holding out single
    /// positions would measure the fit on the games it saw).
    const HOLD_OUT: usize = 10;
    const BLOCK: usize = 1000;

    /// The positions' features, flat: each position's nonzero counts.
    #[derive(Default)]
    struct Data {
        /// Where each position's counts start in `features` (one more
        /// entry than positions).
        starts: Vec<usize>,
        features: Vec<(u16, i16)>,
        /// The phase over [`FULL_PHASE`].
        phase: Vec<f64>,
        /// The share of the endgame sum that stands where it favours White,
        /// then where it favours Black (the endgame scale).
        scale: Vec<[f64; 2]>,
        /// The mop-up term (not fitted), for White.
        fixed: Vec<f64>,
        /// The result for White (blended with the search's score once
        /// the scale is known: [`Data::blend`]).
        result: Vec<f64>,
        /// The search's score for White, where the line gives it.
        score: Vec<Option<f64>>,
    }

    struct Sparse(Vec<(u16, i16)>);

    impl Sink for Sparse {
        fn add(&mut self, feature: usize, count: i32) {
            if count == 0 {
                return;
            }
            match self.0.iter_mut().find(|(f, _)| usize::from(*f) == feature) {
                Some(entry) => entry.1 += count as i16,
                None => self.0.push((feature as u16, count as i16)),
            }
        }
    }

    impl Data {
        fn push(&mut self, pos: &Position, result: f64, score: Option<f64>) {
            if self.starts.is_empty() {
                self.starts.push(0);
            }
            let mut sparse = Sparse(Vec::new());
            let phase = features(pos, &mut sparse);
            sparse.0.retain(|e| e.1 != 0);
            self.features.extend(sparse.0);
            self.starts.push(self.features.len());
            self.phase.push(f64::from(phase) / f64::from(FULL_PHASE));
            self.scale
                .push(endgame_scales(pos).map(|s| f64::from(s) / f64::from(NORMAL)));
            self.fixed.push(f64::from(mop_up(pos)));
            self.result.push(result);
            self.score.push(score);
        }

        /// Blends the search's score (`share` of it, as a result by the
        /// scale `k`) into each result.
        fn blend(&mut self, k: f64, share: f64) {
            for (r, s) in self.result.iter_mut().zip(&self.score) {
                if let Some(s) = s {
                    *r = (1.0 - share) * *r + share * sigmoid(k * s);
                }
            }
        }

        fn len(&self) -> usize {
            self.result.len()
        }

        /// Position `i`'s evaluation for White under `w`, and the share
        /// of the endgame sum that stands (the endgame scale of the side
        /// it favours).
        fn eval(&self, i: usize, w: &[(f64, f64)]) -> (f64, f64) {
            let (mut mg, mut eg) = (0.0, 0.0);
            for &(f, c) in &self.features[self.starts[i]..self.starts[i + 1]] {
                let (m, e) = w[usize::from(f)];
                mg += m * f64::from(c);
                eg += e * f64::from(c);
            }
            let p = self.phase[i];
            let [white, black] = self.scale[i];
            let scale = scaled_side(eg > 0.0, p >= 1.0).map_or(1.0, |c| c.fold_wb(white, black));
            (mg * p + eg * scale * (1.0 - p) + self.fixed[i], scale)
        }

        /// The mean squared error of the results predicted by the lines'
        /// scores alone, scale `k` (lines without a score left out).
        fn score_loss(&self, k: f64) -> f64 {
            let pairs = self.result.iter().zip(&self.score);
            let (total, n) = pairs
                .filter_map(|(r, s)| s.map(|s| (r - sigmoid(k * s)).powi(2)))
                .fold((0.0, 0usize), |(t, n), e| (t + e, n + 1));
            total / n.max(1) as f64
        }

        /// The mean squared error of the predicted results, scale `k`.
        fn loss(&self, w: &[(f64, f64)], k: f64) -> f64 {
            let total: f64 = (0..self.len())
                .map(|i| (self.result[i] - sigmoid(k * self.eval(i, w).0)).powi(2))
                .sum();
            total / self.len() as f64
        }

        /// The loss's gradient for each weight (middlegame, endgame), over
        /// the positions `range`.
        fn gradient(
            &self,
            w: &[(f64, f64)],
            k: f64,
            range: std::ops::Range<usize>,
        ) -> Vec<(f64, f64)> {
            let mut g = vec![(0.0, 0.0); COUNT];
            for i in range {
                let (eval, scale) = self.eval(i, w);
                let s = sigmoid(k * eval);
                let d = -2.0 * (self.result[i] - s) * s * (1.0 - s) * k;
                let p = self.phase[i];
                for &(f, c) in &self.features[self.starts[i]..self.starts[i + 1]] {
                    let e = &mut g[usize::from(f)];
                    e.0 += d * f64::from(c) * p;
                    e.1 += d * f64::from(c) * (1.0 - p) * scale;
                }
            }
            g
        }
    }

    fn sigmoid(x: f64) -> f64 {
        1.0 / (1.0 + (-x).exp())
    }

    pub fn run(path: &str, iterations: usize) -> ExitCode {
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let (mut train, mut test) = (Data::default(), Data::default());
        for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
            let Ok(line) = line else { break };
            let fields: Vec<&str> = line.split(';').collect();
            let (Some(Ok(pos)), Some(Ok(result)), score) = (
                fields
                    .first()
                    .map(|f| Position::from_fen(f, Ruleset::CHESS)),
                fields.get(1).map(|r| r.parse()),
                fields.get(2).and_then(|s| s.parse().ok()),
            ) else {
                eprintln!("{path}:{}: not a position, a result and a score", n + 1);
                continue;
            };
            if (n / BLOCK).is_multiple_of(HOLD_OUT) {
                test.push(&pos, result, score);
            } else {
                train.push(&pos, result, score);
            }
        }
        let mut w: Vec<(f64, f64)> = WEIGHTS
            .iter()
            .map(|&(m, e)| (f64::from(m), f64::from(e)))
            .collect();
        let k = fit_scale(&train, &w);
        eprintln!(
            "{} positions to fit, {} held out; scale {k:.6}; loss {:.6}, held out {:.6}",
            train.len(),
            test.len(),
            train.loss(&w, k),
            test.loss(&w, k)
        );
        let share: f64 = setting("TEXEL_LAMBDA").unwrap_or(SCORE_SHARE);
        // Scores of another engine (`TEXEL_SCORE_SCALE=fit`) are read as
        // results by their own scale, fitted to the results.
        let score_k = match std::env::var("TEXEL_SCORE_SCALE").as_deref() {
            Ok("fit") => {
                let score_k = fit_score_scale(&train);
                eprintln!(
                    "the scores' own scale {score_k:.6}: loss {:.6}",
                    train.score_loss(score_k)
                );
                score_k
            }
            _ => k,
        };
        train.blend(score_k, share);
        test.blend(score_k, share);
        eprintln!(
            "targets with {share} of the search's score: loss {:.6}, held out {:.6}",
            train.loss(&w, k),
            test.loss(&w, k)
        );
        let start = w.clone();
        let penalty: f64 = setting("TEXEL_L2").unwrap_or(PENALTY);
        let (mut m, mut v) = (vec![(0.0, 0.0); COUNT], vec![(0.0, 0.0); COUNT]);
        for t in 1..=iterations {
            let g = parallel_gradient(&train, &w, k);
            for f in 0..COUNT {
                let n = train.len() as f64;
                let pull = (
                    2.0 * penalty * (w[f].0 - start[f].0),
                    2.0 * penalty * (w[f].1 - start[f].1),
                );
                let (mf, vf, wf) = (&mut m[f], &mut v[f], &mut w[f]);
                adam(g[f].0 / n + pull.0, (&mut mf.0, &mut vf.0, &mut wf.0), t);
                adam(g[f].1 / n + pull.1, (&mut mf.1, &mut vf.1, &mut wf.1), t);
            }
            if t % 250 == 0 {
                eprintln!(
                    "{t}: loss {:.6}, held out {:.6}",
                    train.loss(&w, k),
                    test.loss(&w, k)
                );
            }
        }
        print!("{}", source(&w, iterations, train.len(), test.loss(&w, k)));
        ExitCode::SUCCESS
    }

    /// One step of Adam for one weight: its gradient `g`, its moments and
    /// itself, at step `t`.
    fn adam(g: f64, (m, v, w): (&mut f64, &mut f64, &mut f64), t: usize) {
        *m = BETA1 * *m + (1.0 - BETA1) * g;
        *v = BETA2 * *v + (1.0 - BETA2) * g * g;
        let m_hat = *m / (1.0 - BETA1.powi(t as i32));
        let v_hat = *v / (1.0 - BETA2.powi(t as i32));
        *w -= RATE * m_hat / (v_hat.sqrt() + 1e-8);
    }

    /// The scale that best predicts the results from the weights `w`.
    fn fit_scale(data: &Data, w: &[(f64, f64)]) -> f64 {
        least(|k| data.loss(w, k))
    }

    /// The scale that best predicts the results from the lines' scores
    /// alone: how another engine's centipawns read as results.
    fn fit_score_scale(data: &Data) -> f64 {
        least(|k| data.score_loss(k))
    }

    /// The scale in 0.0005..0.02 where `loss` is least (golden-section
    /// search).
    fn least(loss: impl Fn(f64) -> f64) -> f64 {
        super::shared::least(loss, 0.0005, 0.02, 40)
    }

    /// The gradient over all positions, on two threads.
    fn parallel_gradient(data: &Data, w: &[(f64, f64)], k: f64) -> Vec<(f64, f64)> {
        let half = data.len() / 2;
        let (first, second) = std::thread::scope(|s| {
            let first = s.spawn(|| data.gradient(w, k, 0..half));
            let second = data.gradient(w, k, half..data.len());
            (first.join().expect("the gradient thread"), second)
        });
        first
            .iter()
            .zip(&second)
            .map(|(a, b)| (a.0 + b.0, a.1 + b.1))
            .collect()
    }

    /// The Rust source of `weights.rs` for the weights `w`.
    fn source(w: &[(f64, f64)], steps: usize, positions: usize, held_out_loss: f64) -> String {
        let mut s = format!(
            "//! The chess evaluation's weights: for each feature of `features.rs`, its\n\
             //! middlegame and endgame value in centipawns. Written by\n\
             //! `cargo run --release --example texel -- fit` (Texel's method, {steps}\n\
             //! steps over {positions} positions; mean squared error {held_out_loss:.5} on the\n\
             //! positions held out): do not edit by hand.\n\n\
             use super::features::COUNT;\n\n\
             /// Each feature's weight, middlegame and endgame.\n\
             #[rustfmt::skip]\n\
             pub const WEIGHTS: [(i16, i16); COUNT] = [\n"
        );
        for (g, &(name, start)) in GROUPS.iter().enumerate() {
            let end = GROUPS.get(g + 1).map_or(COUNT, |next| next.1);
            s.push_str(&format!("    // {name}\n"));
            let per = if name.ends_with("squares") { 4 } else { 8 };
            for row in w[start..end].chunks(per) {
                let cells: Vec<String> = row
                    .iter()
                    .map(|(m, e)| format!("({}, {}),", m.round() as i16, e.round() as i16))
                    .collect();
                s.push_str(&format!("    {}\n", cells.join(" ")));
            }
        }
        s.push_str("];\n");
        s
    }
}
