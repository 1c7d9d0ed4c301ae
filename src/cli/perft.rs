//! `antichess perft`: move sequences counted for either game.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};

use crate::connect::{self, moves::cell_text, moves::play_sequence};
use crate::rules::{self, Position};
use crate::variant::Variant;

/// The start position, as an example of a FEN.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

/// Counts, prints the count last (and with `divide` each first move's
/// count before it, sorted), and the timing on standard error.
pub fn run(
    depth: u32,
    variant: Variant,
    fen: Option<&str>,
    moves: Option<&str>,
    divide: bool,
) -> Result<ExitCode> {
    let start = Instant::now();
    let (split, nodes): (Option<Vec<(String, u64)>>, u64) = match variant {
        Variant::Antichess(ruleset) => {
            if moves.is_some() {
                bail!(
                    "--moves is for Connect N rulesets; give a chess or antichess position with --fen"
                );
            }
            let pos = match fen {
                Some(fen) => Position::from_fen(fen, ruleset).with_context(|| {
                    format!(
                        "--fen {fen:?} is not a position: give the six FEN fields, as in {START_FEN:?}"
                    )
                })?,
                None => Position::new(ruleset),
            };
            if divide {
                let split = rules::divide(&pos, depth)
                    .into_iter()
                    .map(|(m, n)| {
                        let text = m.map_or_else(
                            || "pass".to_string(),
                            |m| rules::notation::protocol(m, ruleset),
                        );
                        (text, n)
                    })
                    .collect();
                (Some(split), 0)
            } else {
                (None, rules::perft(&pos, depth))
            }
        }
        Variant::Connect(shape) => {
            if fen.is_some() {
                bail!("--fen is for antichess rulesets; give a Connect N position with --moves");
            }
            let pos = play_sequence(shape, moves.unwrap_or("-"))
                .map_err(|e| anyhow::anyhow!("--moves: {e}"))?;
            if divide {
                let split = connect::divide(&pos, depth)
                    .into_iter()
                    .map(|(c, n)| (cell_text(c, pos.landing_row(c).unwrap_or(0)), n))
                    .collect();
                (Some(split), 0)
            } else {
                (None, connect::perft(&pos, depth))
            }
        }
    };
    let nodes = match split {
        Some(mut lines) => {
            lines.sort();
            for (m, n) in &lines {
                println!("{m}: {n}");
            }
            lines.iter().map(|(_, n)| n).sum()
        }
        None => nodes,
    };
    let elapsed = start.elapsed();
    eprintln!(
        "{} nodes in {:.3} s ({:.1} Mnps)",
        nodes,
        elapsed.as_secs_f64(),
        nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6
    );
    println!("{nodes}");
    Ok(ExitCode::SUCCESS)
}
