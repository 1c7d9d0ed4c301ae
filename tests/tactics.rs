//! Tactical suites under chess: the engine finds every forced mate of the
//! suite, at its exact distance, within a node budget.
//!
//! `tests/data/mates.tsv`: 52 positions (38 mates in 2, 14 in 3), each the
//! position 3 or 5 plies before the mate that ended a game of the lichess
//! excerpt in `tests/data/corpora` (CC0), kept when Stockfish 15.1 reports
//! exactly that mate for the side to move (`scripts/mate_suite.py` writes
//! the file).

use antichess::rules::{Position, Ruleset};
use antichess::search::{Engine, Limits, MATE};

/// Nodes the engine may spend on one position (the hardest of the suite
/// took 26,019 when this was written).
const BUDGET: u64 = 200_000;

#[test]
fn every_mate_in_two_and_three_is_found_at_its_distance() {
    let suite = include_str!("data/mates.tsv");
    let mut engine = Engine::new(16);
    let mut missed = Vec::new();
    let mut most = 0;
    for line in suite.lines() {
        let (fen, moves) = line.split_once('\t').expect("FEN, tab, mate distance");
        let moves: i32 = moves.parse().expect("a mate distance in moves");
        let pos = Position::from_fen(fen, Ruleset::CHESS).expect("a chess FEN");
        engine.clear();
        let limits = Limits {
            nodes: Some(BUDGET),
            ..Limits::default()
        };
        let report = engine.search(&pos, &limits, |_| {}).expect("a move");
        most = most.max(report.nodes);
        // Mate in N moves is mate on ply 2N - 1 from here.
        if report.score != MATE - (2 * moves - 1) {
            missed.push(format!("{fen}: mate in {moves}, found {report:?}"));
        }
        assert!(pos.legal_moves().contains(&report.best), "{fen}");
    }
    assert_eq!(suite.lines().count(), 52);
    assert!(
        missed.is_empty(),
        "{} missed:\n{}",
        missed.len(),
        missed.join("\n")
    );
    println!("most nodes on one position: {most}");
}
