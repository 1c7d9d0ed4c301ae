//! Running a match between two programs from the command line: the
//! progress bar, a line per game, Ctrl-C, the SPRT and the final table,
//! for both referees.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};

use crate::arena::{self, MatchConfig};

pub(super) fn referee(config: MatchConfig, sprt: Option<arena::Sprt>) -> Result<ExitCode> {
    arena::check_programs([&config.first, &config.second]).map_err(anyhow::Error::msg)?;
    prepare_out(config.out_dir.as_deref())?;
    run_match(
        &config.first,
        &config.second,
        config.games,
        sprt,
        |interrupt, on_game| arena::play_match(&config, interrupt, on_game),
    )
}

/// Creates the folder for a match's records.
pub(super) fn prepare_out(dir: Option<&std::path::Path>) -> Result<()> {
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir).with_context(|| {
            format!(
                "cannot create the --out folder {}: give a folder you may write to",
                dir.display()
            )
        })?;
    }
    Ok(())
}

/// Runs a match between two programs (`play` plays it, calling back after
/// each game): a progress bar and one line per game on standard error,
/// Ctrl-C to stop, an optional SPRT, and the final table on standard
/// output.
pub(super) fn run_match(
    first: &str,
    second: &str,
    games: u32,
    sprt: Option<arena::Sprt>,
    play: impl FnOnce(&Arc<AtomicBool>, &mut dyn FnMut(u32, &arena::GameRecord)) -> arena::MatchResult,
) -> Result<ExitCode> {
    let interrupt = Arc::new(AtomicBool::new(false));
    {
        let flag = Arc::clone(&interrupt);
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    }
    let total = u64::from(games.div_ceil(2) * 2);
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut running = arena::Tally::default();
    let mut decided = None;
    let stop = Arc::clone(&interrupt);
    let mut on_game = |i: u32, record: &arena::GameRecord| {
        let first_color = if record.first_white { "white" } else { "black" };
        let verdict = match record.outcome.winner {
            None => {
                running.draws += 1;
                "draw"
            }
            Some(c) if c.is_white() == record.first_white => {
                running.wins += 1;
                "first wins"
            }
            Some(_) => {
                running.losses += 1;
                "second wins"
            }
        };
        let attempts = record
            .attempts
            .map_or(String::new(), |n| format!(", {n} attempts"));
        bar.suspend(|| {
            eprintln!(
                "game {:3}: first {first_color:5} {verdict:11} {} ({} plies{attempts})",
                i + 1,
                record.termination,
                record.plies
            );
        });
        let mut message = format!(
            "first +{} ={} -{}  {:.1}%  Elo {}",
            running.wins,
            running.draws,
            running.losses,
            running.score() * 100.0,
            running.elo_text()
        );
        if let Some(test) = sprt {
            let verdict = test.verdict(&running);
            let (lower, upper) = arena::Sprt::bounds();
            let llr = match verdict {
                arena::Verdict::Continue(l) | arena::Verdict::H0(l) | arena::Verdict::H1(l) => l,
            };
            message.push_str(&format!("  LLR {llr:.2} ({lower:.2}, {upper:.2})"));
            if !matches!(verdict, arena::Verdict::Continue(_)) && decided.is_none() {
                decided = Some(verdict);
                stop.store(true, Ordering::Relaxed);
            }
        }
        bar.set_message(message);
        bar.inc(1);
    };
    let result = play(&interrupt, &mut on_game);
    bar.finish_and_clear();
    print!("{}", arena::report_table(first, second, &result));
    if let Some(test) = sprt {
        let (elo0, elo1) = (test.elo0, test.elo1);
        match decided {
            Some(arena::Verdict::H1(llr)) => println!(
                "SPRT ({elo0}, {elo1}): H1 accepted, LLR {llr:.2}: the first program is stronger by about {elo1} Elo or more"
            ),
            Some(arena::Verdict::H0(llr)) => println!(
                "SPRT ({elo0}, {elo1}): H0 accepted, LLR {llr:.2}: the first program is not stronger by more than about {elo0} Elo"
            ),
            _ => println!(
                "SPRT ({elo0}, {elo1}): no decision, LLR {:.2}",
                test.llr(&result.tally)
            ),
        }
        if decided.is_some() {
            return Ok(ExitCode::SUCCESS);
        }
    }
    if result.interrupted {
        eprintln!("antichess: interrupted; finished games are kept");
        return Ok(ExitCode::from(130));
    }
    Ok(ExitCode::SUCCESS)
}
