//! `antichess bench`: a fixed-depth search over a fixed set of positions.
//! The total node count is a reproducible signature of the search; the
//! speed is reported in nodes per second.

use std::time::{Duration, Instant};

use super::{Engine, Limits};
use crate::rules::chess::{Position, Ruleset};

/// The bench positions: ruleset and FEN.
pub const POSITIONS: [(Ruleset, &str); 10] = [
    (
        Ruleset::SPRING_2007,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ),
    (
        Ruleset::SPRING_2004,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ),
    (
        Ruleset::SPRING_2007_ENCASTLE,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        Ruleset::SPRING_2007,
        "r1b1k3/p1p5/n3pn1p/1p5p/7N/2P3P1/P2KPP1P/RN5R w - - 0 13",
    ),
    (
        Ruleset::SPRING_2007,
        "r6r/p1k5/3pb1p1/p1p4p/P4P2/N4K2/2P3PP/R1B4R w - - 4 21",
    ),
    (
        Ruleset::SPRING_2007_ENCASTLE,
        "1nbqk1nr/r1pp1ppp/8/p7/5pP1/NP5B/P1PPP2P/R1BQK1NR w KQk - 1 8",
    ),
    (
        Ruleset::SPRING_2004,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 2 3",
    ),
    (
        Ruleset::SPRING_2007,
        "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR w - - 0 3",
    ),
    (
        Ruleset::SPRING_2004,
        "4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1",
    ),
    (Ruleset::SPRING_2007, "2k5/8/1p6/8/8/6P1/8/3K4 w - - 0 1"),
];

/// The default bench depth.
pub const DEFAULT_DEPTH: u32 = 10;

/// The result of a bench run.
#[derive(Clone, Copy, Debug)]
pub struct BenchResult {
    /// Nodes over all positions.
    pub nodes: u64,
    /// Search time (table allocation excluded).
    pub elapsed: Duration,
}

/// Searches every bench position to `depth` with a fresh engine each, of
/// `threads` threads.
pub fn run(
    depth: u32,
    hash_mb: usize,
    threads: usize,
    mut each: impl FnMut(usize, u64, Duration),
) -> BenchResult {
    let mut elapsed = Duration::ZERO;
    let mut nodes = 0;
    for (i, (ruleset, fen)) in POSITIONS.iter().enumerate() {
        let pos = Position::from_fen(fen, *ruleset).expect("bench FEN");
        let mut engine = Engine::with_threads(hash_mb, threads);
        let t = Instant::now();
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let n = engine.search(&pos, &limits, |_| {}).map_or(0, |r| r.nodes);
        nodes += n;
        elapsed += t.elapsed();
        each(i, n, t.elapsed());
    }
    BenchResult { nodes, elapsed }
}
