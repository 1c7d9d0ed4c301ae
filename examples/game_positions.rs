//! The positions of finished games (the referee's `--out` files), one line
//! each as `texel games` writes them, for an engine to label and
//! `examples/network.rs` to train on: games against another engine show
//! the network the positions that engine steers into.
//!
//! ```text
//! antichess referee --ruleset 6170-spring-2007 --games 1000 --clock 2000 --seed 600000 \
//!     --concurrency 2 --out games \
//!     --white "antichess --uci-engine ./fsf.sh --uci-variant ac2007" --black "antichess --threads 1"
//! cargo run --release --example game_positions -- games/*.xml > positions.txt
//! (cd fsf && python3 ../scripts/chess_labels.py ../positions.txt ./fsf.sh \
//!     --variant ac2007 --depth 9 --jobs 2) > labelled.txt
//! ```
//!
//! Each game file is replayed from the start position under its ruleset;
//! from ply 8 on (past the referee's random plies) every position where
//! no capture is forced (under chess, every position) gives a line: its FEN, the game's
//! result for White (1, 0.5 or 0), `-` where the score goes (no engine has
//! scored it yet: `examples/network.rs` passes such a line over until a
//! labeller puts a score there) and, for antichess, the ruleset's name.
//! Files that are not finished games are reported and passed over.

use std::io::Write;
use std::process::ExitCode;

#[path = "shared/replay.rs"]
mod replay;

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: game_positions GAME.xml...");
        return ExitCode::from(2);
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut games, mut lines) = (0, 0);
    for path in &paths {
        let (ruleset, positions) = match replay::quiet_positions(path) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("{path}: skipped: {e}");
                continue;
            }
        };
        let name = if ruleset.is_chess() {
            String::new()
        } else {
            format!(";{}", ruleset.name())
        };
        for (pos, result) in &positions {
            let white = if pos.turn().is_white() {
                *result
            } else {
                1.0 - result
            };
            if writeln!(out, "{};{white};-{name}", pos.to_fen()).is_err() {
                return ExitCode::FAILURE;
            }
        }
        games += 1;
        lines += positions.len();
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    eprintln!("{games} games, {lines} positions");
    ExitCode::SUCCESS
}
