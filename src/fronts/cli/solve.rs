//! `antichess solve`: exact scores of Connect N positions, in Pascal Pons'
//! format so that published test files can be compared line by line.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use crate::games::connect::book::Book;
use crate::games::connect::{Shape, Solver, moves::play_sequence};
use crate::sys::input::{self, InputLine, MAX_LINE};

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
    /// Whether the opening book's wins bound the search.
    pub book: bool,
    /// Table size.
    pub hash_mb: usize,
}

/// Solves the positions given, or those on standard input. Exit status:
/// 2 if a line could not be solved, else 1 if a check failed, else 0.
pub fn run(options: &Options, positions: &[String]) -> ExitCode {
    // A line too long or not UTF-8 is kept as `None`, reported in turn.
    let lines: Box<dyn Iterator<Item = (usize, Option<String>)>> = if positions.is_empty() {
        Box::new(
            input::lines(io::stdin().lock())
                .map(InputLine::clean)
                .enumerate()
                .map(|(i, l)| (i + 1, l)),
        )
    } else {
        Box::new(
            positions
                .iter()
                .cloned()
                .enumerate()
                .map(|(i, l)| (i + 1, Some(l))),
        )
    };
    let mut solver = Solver::new(options.shape, options.hash_mb)
        .with_book(Book::for_shape(options.shape).filter(|_| options.book))
        .with_progress(Box::new(|min, max, nodes, elapsed| {
            let bounds = if min + 1 >= max {
                format!("score {min}")
            } else {
                format!("score between {min} and {max}")
            };
            eprintln!(
                "antichess: solving: {bounds}, {nodes} nodes, {:.1} s",
                elapsed.as_secs_f64()
            );
        }));
    let start = Instant::now();
    let (mut solved, mut bad_lines, mut mismatches) = (0, 0, 0);
    let mut out = io::stdout().lock();
    for (number, line) in lines {
        let Some(line) = line else {
            eprintln!(
                "antichess: line {number}: not a line of text (longer than {MAX_LINE} bytes, or not UTF-8)"
            );
            bad_lines += 1;
            continue;
        };
        let mut fields = line.split_whitespace();
        let Some(seq) = fields.next() else { continue };
        if seq.starts_with('#') {
            continue;
        }
        let fail = |why: String| eprintln!("antichess: line {number}: {why}");
        let (pos, expected) = match read_task(options, seq, fields.next()) {
            Ok(task) => task,
            Err(why) => {
                fail(why);
                bad_lines += 1;
                continue;
            }
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

/// A line's position (its move sequence `seq` played) and, with
/// `--check`, the score expected after it; or what is wrong.
fn read_task(
    options: &Options,
    seq: &str,
    expected: Option<&str>,
) -> Result<(crate::games::connect::Position, Option<i32>), String> {
    let pos = play_sequence(options.shape, seq).map_err(|e| format!("{seq}: {e}"))?;
    if pos.is_over() {
        return Err(format!("{seq}: the game is already over"));
    }
    if !options.check {
        return Ok((pos, None));
    }
    match expected.map(str::parse::<i32>) {
        Some(Ok(v)) => Ok((pos, Some(v))),
        _ => Err(format!("{seq}: no expected score after the moves")),
    }
}
