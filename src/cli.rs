//! The command line: no arguments runs the TextUI; subcommands do the rest.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::rules::{self, Position, Ruleset};

#[derive(Parser)]
#[command(
    name = "antichess",
    version,
    about = "MIT 6.170 Antichess: TextUI, rules and engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count move sequences of a given length (tests the move generator).
    Perft {
        /// Number of plies.
        depth: u32,
        /// Ruleset name.
        #[arg(long, default_value = Ruleset::DEFAULT_NAME, value_parser = parse_ruleset)]
        ruleset: Ruleset,
        /// Start from this FEN instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// List each root move's count first.
        #[arg(long)]
        divide: bool,
    },
}

fn parse_ruleset(name: &str) -> Result<Ruleset, String> {
    Ruleset::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Ruleset::NAMES.iter().map(|(n, _)| *n).collect();
        format!("unknown ruleset (known: {})", names.join(", "))
    })
}

/// Runs the program with the process's arguments.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => ExitCode::SUCCESS,
        Some(Command::Perft {
            depth,
            ruleset,
            fen,
            divide,
        }) => perft(depth, ruleset, fen.as_deref(), divide),
    }
}

fn perft(depth: u32, ruleset: Ruleset, fen: Option<&str>, divide: bool) -> ExitCode {
    let pos = match fen {
        Some(fen) => match Position::from_fen(fen, ruleset) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("antichess: {e}");
                return ExitCode::from(2);
            }
        },
        None => Position::new(ruleset),
    };
    let start = Instant::now();
    let nodes = if divide {
        let split = rules::divide(&pos, depth);
        let mut lines: Vec<(String, u64)> = split
            .iter()
            .map(|(m, n)| (m.map_or_else(|| "pass".to_string(), |m| m.to_string()), *n))
            .collect();
        lines.sort();
        for (m, n) in &lines {
            println!("{m}: {n}");
        }
        split.iter().map(|(_, n)| n).sum()
    } else {
        rules::perft(&pos, depth)
    };
    let elapsed = start.elapsed();
    eprintln!(
        "{} nodes in {:.3} s ({:.1} Mnps)",
        nodes,
        elapsed.as_secs_f64(),
        nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6
    );
    println!("{nodes}");
    ExitCode::SUCCESS
}
