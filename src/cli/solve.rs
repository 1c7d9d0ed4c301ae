//! `antichess solve`: exact scores of Connect N positions, in Pascal Pons'
//! format so that published test files can be compared line by line.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use crate::connect::{Shape, Solver, moves::play_sequence};

/// How to solve.
pub struct Options {
    /// The ruleset.
    pub shape: Shape,
    /// Only the sign of each score.
    pub weak: bool,
    /// The score of each column.
    pub analyze: bool,
    /// Lines hold the expected score after the moves.
    pub check: bool,
    /// Table size.
    pub hash_mb: usize,
}

/// Solves the positions given, or those on standard input. Exit status:
/// 2 if a line could not be solved, else 1 if a check failed, else 0.
pub fn run(options: &Options, positions: &[String]) -> ExitCode {
    let lines: Box<dyn Iterator<Item = (usize, String)>> = if positions.is_empty() {
        Box::new(
            io::stdin()
                .lock()
                .lines()
                .map_while(Result::ok)
                .enumerate()
                .map(|(i, l)| (i + 1, l)),
        )
    } else {
        Box::new(
            positions
                .iter()
                .cloned()
                .enumerate()
                .map(|(i, l)| (i + 1, l)),
        )
    };
    let mut solver = Solver::new(options.shape, options.hash_mb);
    let start = Instant::now();
    let (mut solved, mut bad_lines, mut mismatches) = (0, 0, 0);
    let mut out = io::stdout().lock();
    for (number, line) in lines {
        let mut fields = line.split_whitespace();
        let Some(seq) = fields.next() else { continue };
        if seq.starts_with('#') {
            continue;
        }
        let fail = |why: String| eprintln!("antichess: line {number}: {why}");
        let pos = match play_sequence(options.shape, seq) {
            Ok(p) => p,
            Err(e) => {
                fail(format!("{seq}: {e}"));
                bad_lines += 1;
                continue;
            }
        };
        if pos.is_over() {
            fail(format!("{seq}: the game is already over"));
            bad_lines += 1;
            continue;
        }
        let expected = if options.check {
            match fields.next().map(str::parse::<i32>) {
                Some(Ok(v)) => Some(v),
                _ => {
                    fail(format!("{seq}: no expected score after the moves"));
                    bad_lines += 1;
                    continue;
                }
            }
        } else {
            None
        };
        solved += 1;
        let text = if options.analyze {
            let scores: Vec<String> = solver
                .analyze(&pos, options.weak)
                .into_iter()
                .map(|s| s.map_or_else(|| "-".to_string(), |s| s.to_string()))
                .collect();
            format!("{seq} {}", scores.join(" "))
        } else {
            let score = if options.weak {
                solver.solve_weak(&pos)
            } else {
                solver.solve(&pos)
            };
            if let Some(e) = expected
                && e != score
            {
                fail(format!("{seq}: expected {e}, got {score}"));
                mismatches += 1;
            }
            format!("{seq} {score}")
        };
        if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
    eprintln!(
        "{solved} positions, {} nodes, {:.3} s",
        solver.nodes(),
        start.elapsed().as_secs_f64()
    );
    if bad_lines > 0 {
        ExitCode::from(2)
    } else if mismatches > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
