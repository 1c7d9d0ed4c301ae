//! The evaluation's terms over the positions of finished games, as CSV for
//! `scripts/fit_weights.py`.
//!
//! ```text
//! antichess referee --out games ...        # finished games, with gameOver
//! cargo run --release --example eval_terms -- games/*.xml > terms.csv
//! python3 scripts/fit_weights.py terms.csv
//! ```
//!
//! Each game file's history is replayed from the start position under the
//! file's ruleset. From ply 8 on, every position where the side to move has
//! no capture (where the evaluation is meant to stand) gives a row: the
//! game's result for the side to move (1, 0.5 or 0), the terms of
//! `antichess::engines::search::eval::Terms`, and the score the hand-set weights
//! give them (`hand`, which fixes the scale of the fit).
//!
//! With `--fen` first, each row starts with the position's FEN, for
//! `scripts/engine_labels.py`, which asks a UCI engine to score every
//! position and blends its verdict into the result column:
//!
//! ```text
//! cargo run --release --example eval_terms -- --fen games/*.xml > fens.csv
//! python3 scripts/engine_labels.py fens.csv './fsf.sh' ac2004 > terms.csv
//! ```

use std::process::ExitCode;

use antichess::engines::search::eval::{Terms, Weights};

#[path = "shared/replay.rs"]
mod replay;

fn main() -> ExitCode {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    let with_fen = paths.first().is_some_and(|a| a == "--fen");
    if with_fen {
        paths.remove(0);
    }
    if paths.is_empty() {
        eprintln!("usage: eval_terms [--fen] GAME.xml...");
        return ExitCode::from(2);
    }
    println!(
        "{}result,pawns,knights,bishops,rooks,queens,mobility,offers,king_room,pending,hand",
        if with_fen { "fen," } else { "" }
    );
    let (mut games, mut rows) = (0, 0);
    for path in &paths {
        let positions = match replay::quiet_positions(path) {
            Ok((_, positions)) => positions,
            Err(e) => {
                eprintln!("{path}: skipped: {e}");
                continue;
            }
        };
        let lines: Vec<String> = positions
            .iter()
            .map(|(pos, result)| {
                let t = Terms::of(pos);
                let [p, n, b, r, q] = t.pieces;
                let fen = if with_fen {
                    format!("{},", pos.to_fen())
                } else {
                    String::new()
                };
                format!(
                    "{fen}{result},{p},{n},{b},{r},{q},{},{},{},{},{}",
                    t.mobility,
                    t.offers,
                    t.king_room,
                    t.pending,
                    t.score(&Weights::HAND)
                )
            })
            .collect();
        if !lines.is_empty() {
            games += 1;
            rows += lines.len();
            println!("{}", lines.join("\n"));
        }
    }
    eprintln!("{games} games, {rows} positions");
    ExitCode::SUCCESS
}
