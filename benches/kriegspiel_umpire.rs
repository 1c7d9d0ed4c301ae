//! The Kriegspiel umpire's speed: every attempt of the 200 oracle games
//! (`tests/data/kriegspiel_random.tsv.gz`, 125,266 attempts, legal and
//! refused) judged against its position, timed per attempt.
//!
//! Run with `cargo bench --bench kriegspiel_umpire`.

use std::io::Read;
use std::time::Instant;

use antichess::games::kriegspiel::{Attempt, Verdict, judge};
use antichess::rules::chess::{Position, Ruleset};

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/kriegspiel_random.tsv.gz"
    );
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    // The positions and attempts, replayed once (not timed).
    let mut cases: Vec<(Position, Attempt)> = Vec::new();
    let mut pos = Position::new(Ruleset::CHESS);
    for line in text.lines() {
        if line.starts_with("# seed") {
            pos = Position::new(Ruleset::CHESS);
            continue;
        }
        let Some((attempt, answer)) = line.split_once('\t') else {
            continue;
        };
        let Ok(attempt) = attempt.parse::<Attempt>() else {
            continue;
        };
        if answer == "Game over" {
            continue;
        }
        cases.push((pos, attempt));
        if let Verdict::Legal { position, .. } = judge(&pos, attempt) {
            pos = position;
        }
    }
    let legal = cases
        .iter()
        .filter(|(p, a)| matches!(judge(p, *a), Verdict::Legal { .. }))
        .count();
    let rounds = 5;
    let mut best = f64::INFINITY;
    for _ in 0..rounds {
        let start = Instant::now();
        for (p, a) in &cases {
            std::hint::black_box(judge(std::hint::black_box(p), *a));
        }
        best = best.min(start.elapsed().as_secs_f64() / cases.len() as f64);
    }
    println!(
        "attempts {} (legal {legal}, refused {})",
        cases.len(),
        cases.len() - legal
    );
    println!(
        "judge: {:.3} us per attempt (best of {rounds} rounds)",
        best * 1e6
    );
}
