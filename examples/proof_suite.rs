//! Runs the proof-number search on a suite of forced wins (a TSV file whose
//! first column is a FEN, as `docs/suites/mates-2004.tsv`): for each
//! position, whether the side to move's win is proven within the node cap,
//! the nodes and the time.
//!
//!     cargo run --release --example proof_suite -- docs/suites/mates-2004.tsv 6170-spring-2004 1000000

use std::process::ExitCode;
use std::time::Instant;

use antichess::engines::search::proof::{Proved, prove};
use antichess::rules::chess::{Position, Ruleset};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, file, ruleset, cap] = &args[..] else {
        eprintln!("usage: proof_suite SUITE.tsv RULESET MAX_NODES");
        return ExitCode::from(2);
    };
    let Some(ruleset) = Ruleset::from_name(ruleset) else {
        eprintln!("unknown ruleset {ruleset}");
        return ExitCode::from(2);
    };
    let Ok(cap) = cap.parse::<usize>() else {
        eprintln!("MAX_NODES is not a number: {cap}");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::from(2);
        }
    };
    let (mut won, mut total, mut seconds) = (0, 0, 0.0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line.split('\t').next().unwrap_or_default();
        let pos = match Position::from_fen(fen, ruleset) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("{fen}: {e}");
                continue;
            }
        };
        if pos.legal_moves().len() < 2 {
            continue;
        }
        let start = Instant::now();
        let proof = prove(&pos, pos.turn(), cap, None);
        let elapsed = start.elapsed().as_secs_f64();
        total += 1;
        seconds += elapsed;
        if proof.verdict == Proved::Won {
            won += 1;
        }
        let win = proof.shortest_win();
        let length = win.and_then(|w| w.length);
        let best = win.map_or("-".to_string(), |w| w.mv.to_string().replace('-', ""));
        println!(
            "{:?}\t{}\t{:.3}s\t{:?}\t{}\t{}",
            proof.verdict, proof.nodes, elapsed, length, best, fen
        );
    }
    println!("won {won} of {total}, {seconds:.1} s in all");
    ExitCode::SUCCESS
}
