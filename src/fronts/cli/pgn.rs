//! `antichess pgn check | replay | format`: PGN files read with
//! diagnostics, replayed move by move, or written in export format.

use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use crate::game::view::Style;
use crate::games::chess::view;
use crate::rules::chess::wording;
use crate::rules::chess::{Position, Status, notation};
use crate::rules::pgn::{self, ReadGame, Severity};

/// What `pgn check` and `pgn format` found in a file.
#[derive(Default)]
struct Tally {
    games: usize,
    with_errors: usize,
    warnings: usize,
}

/// Reads every game of every file, handing each to `each`; prints the
/// diagnostics (warnings unless `quiet`) to `diag` as `file:line:col: ...`
/// and the summary line of each file to standard output. Exit status: 2 if
/// a file cannot be read, 1 if a game has an error (or, `strict`, a
/// warning), else 0.
fn each_game(
    files: &[std::path::PathBuf],
    quiet: bool,
    strict: bool,
    to_stderr: bool,
    summary: bool,
    mut each: impl FnMut(&ReadGame),
) -> ExitCode {
    let mut status = 0u8;
    let stdout = io::stdout();
    for path in files {
        let name = path.display().to_string();
        let reader = match pgn::open(path) {
            Ok(r) => r,
            Err(why) => {
                let _ = writeln!(stdout.lock(), "{name}: cannot read: {why}");
                status = 2;
                continue;
            }
        };
        let mut tally = Tally::default();
        for read in reader {
            let read = match read {
                Ok(r) => r,
                Err(e) => {
                    let _ = writeln!(stdout.lock(), "{name}: cannot read: {e}");
                    status = 2;
                    break;
                }
            };
            tally.games += 1;
            let print = |line: String| {
                if to_stderr {
                    eprintln!("{line}");
                } else {
                    let _ = writeln!(stdout.lock(), "{line}");
                }
            };
            for d in &read.diagnostics {
                if d.severity == Severity::Warning {
                    tally.warnings += 1;
                }
                if d.severity == Severity::Warning && quiet {
                    continue;
                }
                print(format!("{name}:{d}"));
            }
            // Past the first diagnostics of a game, only their number.
            let more = read.unreported;
            tally.warnings += more.warnings;
            let shown = if quiet {
                more.errors
            } else {
                more.errors + more.warnings
            };
            if let Some(last) = read.diagnostics.last().filter(|_| shown > 0) {
                let kind = if more.errors > 0 { "error" } else { "warning" };
                print(format!(
                    "{name}:{}:{}: {kind}: game {}: ... and {shown} more",
                    last.line, last.column, last.game
                ));
            }
            let warned = !read.diagnostics.is_empty() || more.warnings > 0;
            if read.has_error() || (strict && warned) {
                tally.with_errors += 1;
            }
            each(&read);
        }
        if tally.with_errors > 0 && status == 0 {
            status = 1;
        }
        if summary {
            let _ = writeln!(
                stdout.lock(),
                "{name}: games {}, with errors {}, warnings {}",
                tally.games,
                tally.with_errors,
                tally.warnings
            );
        }
    }
    ExitCode::from(status)
}

/// `pgn check`.
pub fn check(files: &[std::path::PathBuf], no_warnings: bool, strict: bool) -> ExitCode {
    each_game(files, no_warnings, strict, false, true, |_| {})
}

/// `pgn format`: every game without an error, in export format, to
/// standard output; diagnostics to standard error.
pub fn format(files: &[std::path::PathBuf]) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    let code = each_game(files, false, false, true, false, |read| {
        if !read.has_error() && out.write_all(pgn::write(&read.game).as_bytes()).is_err() {
            failed = true;
        }
    });
    if out.flush().is_err() || failed {
        return ExitCode::from(2);
    }
    code
}

/// `pgn replay`: the games (or game `only`), move by move.
pub fn replay(path: &Path, only: Option<usize>, delay: Option<u64>, board: bool) -> ExitCode {
    let name = path.display().to_string();
    let reader = match pgn::open(path) {
        Ok(r) => r,
        Err(why) => {
            println!("{name}: cannot read: {why}");
            return ExitCode::from(2);
        }
    };
    let delay =
        Duration::from_millis(delay.unwrap_or(if io::stdout().is_terminal() { 1000 } else { 0 }));
    let style = Style::detect();
    let mut stopped = false;
    for (index, read) in reader.enumerate() {
        let Ok(read) = read else {
            println!("{name}: cannot read");
            return ExitCode::from(2);
        };
        if only.is_some_and(|n| n != index + 1) {
            continue;
        }
        stopped |= replay_game(&name, index + 1, &read, delay, board.then_some(style));
    }
    ExitCode::from(u8::from(stopped))
}

/// The line that names game `number` of a replay: the players, then the
/// event, site and date where the tags give them.
fn heading(game: &pgn::PgnGame, number: usize) -> String {
    let tag = |n: &str| game.tag(n).unwrap_or("?").to_string();
    let mut heading = format!("Game {number}: {} - {}", tag("White"), tag("Black"));
    for extra in ["Event", "Site", "Date"] {
        if let Some(v) = game.tag(extra) {
            heading.push_str(&format!(", {v}"));
        }
    }
    heading
}

/// Replays one game; returns whether it stopped at an error.
fn replay_game(
    name: &str,
    number: usize,
    read: &ReadGame,
    delay: Duration,
    style: Option<Style>,
) -> bool {
    let game = &read.game;
    println!("{}", heading(game, number));
    let mut played = crate::game::Game::with_rules(game.start.ruleset().name(), game.start, 0, 0);
    // A Kriegspiel game is chess without repetition, fifty- or
    // seventy-five-move draws: it ends only by the umpire's endings.
    let kriegspiel = game
        .tag("Variant")
        .is_some_and(|v| v.eq_ignore_ascii_case("kriegspiel"));
    let ended = |played: &crate::game::Game<Position>| {
        if kriegspiel {
            let pos = played.position();
            crate::rules::chess::ending_without_draw_rules(pos, &pos.legal_moves())
        } else {
            played.outcome()
        }
    };
    let show = |played: &crate::game::Game<Position>| {
        if let Some(style) = style {
            print!("{}", view::board_text(played, style));
        }
    };
    show(&played);
    if let Some(c) = &game.comment {
        println!("  {{ {c} }}");
    }
    for node in &game.moves {
        std::thread::sleep(delay);
        if kriegspiel && played.outcome().is_some() {
            // A chess ending Kriegspiel does not have (repetition, the
            // seventy-five-move rule): go on from here as a fresh game.
            let here = *played.position();
            let fresh = here.with_counters(0, here.fullmoves());
            played = crate::game::Game::with_rules(fresh.ruleset().name(), fresh, 0, 0);
        }
        let pos: Position = *played.position();
        let san = notation::san(&pos, node.mv);
        let number = pos.fullmoves();
        let mut line = if pos.turn().is_white() {
            format!("{number}. {san}")
        } else {
            format!("{number}... {san}")
        };
        for nag in &node.nags {
            line.push_str(&format!(" ${nag}"));
        }
        println!("{line}");
        played.play(node.mv, 0);
        crate::rules::audit::log("Game", &played);
        show(&played);
        if let Some(c) = &node.comment {
            println!("  {{ {c} }}");
        }
        let after = played.position();
        if ended(&played).is_none() && after.is_check() {
            println!("Check.");
        }
        let claims = played.claims();
        if claims.any() && !kriegspiel {
            println!("Draw claimable: {claims}.");
        }
        if let Some(outcome) = ended(&played) {
            println!("{}", ending_line(outcome));
        }
    }
    crate::rules::audit::log("PgnGame", game);
    let stopped = match read.first_error() {
        Some(e) => {
            println!(
                "Replay stopped: {name}:{}:{}: {}",
                e.line, e.column, e.message
            );
            true
        }
        None => false,
    };
    let how = match ended(&played).or_else(|| match played.position().status() {
        _ if kriegspiel => None,
        Status::Over(o) => Some(o),
        _ => None,
    }) {
        Some(outcome) => pgn::ending_words(outcome).to_string(),
        None => "not decided on the board".to_string(),
    };
    println!("Result: {} ({how})", game.result);
    println!();
    stopped
}

/// The replay's line for an automatic ending.
fn ending_line(outcome: crate::rules::chess::Outcome) -> String {
    match outcome.winner {
        Some(w) => format!(
            "{}. {} wins.",
            capitalised(pgn::ending_words(outcome)),
            wording::side_name(w)
        ),
        None => format!("Draw: {}.", pgn::ending_words(outcome)),
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
