//! `antichess perft`: move sequences counted for any game.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Result, anyhow};

use crate::game::{Counted, Setup};

/// Counts, prints the count last (and with `divide` each first move's
/// count before it, sorted), and the timing on standard error.
pub fn run(
    depth: u32,
    ruleset: &str,
    fen: Option<&str>,
    moves: Option<&str>,
    divide: bool,
) -> Result<ExitCode> {
    let start = Instant::now();
    let games = crate::games::builtin();
    let kind = games
        .kind(ruleset)
        .ok_or_else(|| anyhow!("unknown ruleset {ruleset:?}"))?;
    let counted = kind
        .perft(ruleset, Setup { fen, moves }, depth, divide)
        .map_err(anyhow::Error::msg)?;
    let nodes = match counted {
        Counted::Divided(mut lines) => {
            lines.sort();
            for (m, n) in &lines {
                println!("{m}: {n}");
            }
            lines.iter().map(|(_, n)| n).sum()
        }
        Counted::Total(nodes) => nodes,
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
