//! Running a match between two programs from the command line: the
//! progress bar, a line per game, Ctrl-C, the SPRT and the final table,
//! for both referees.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};

use crate::fronts::arena::{self, MatchConfig};
use crate::rules::chess::Ruleset;

use super::flags::{MatchArgs, QueueArg, SeedArg, parse_elo, parse_variant_name};

/// The options of `antichess referee` (its description is on its
/// subcommand).
#[derive(clap::Args)]
pub(super) struct RefereeArgs {
    #[command(flatten)]
    pub(super) programs: MatchArgs,
    /// Ruleset name (chess, an antichess ruleset, or connect-N-W-H).
    #[arg(long, default_value = Ruleset::DEFAULT_NAME, value_parser = parse_variant_name)]
    pub(super) ruleset: String,
    /// Random plies before the programs take over.
    #[arg(long, value_name = "PLIES", default_value_t = 4)]
    pub(super) openings: u32,
    /// Folder for the games (game files and PGN).
    #[arg(long, value_name = "DIR")]
    pub(super) out: Option<PathBuf>,
    #[command(flatten)]
    pub(super) seed: SeedArg,
    /// Plies after which an unfinished game is a draw.
    #[arg(long, value_name = "N", default_value_t = 400)]
    pub(super) max_plies: usize,
    /// Stop as soon as a sequential probability ratio test decides
    /// between "the first program is ELO0 stronger" and "ELO1 stronger"
    /// (logistic Elo, 5% errors each way; -1000 <= ELO0 < ELO1 <= 1000);
    /// --games is then the most.
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_hyphen_values = true, value_parser = parse_elo)]
    pub(super) sprt: Option<Vec<f64>>,
    /// Games played at the same time, each pair of programs on its own
    /// (leave a core per program thinking: 1 on two cores).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub(super) concurrency: u32,
    /// Start from the positions of this file instead of random
    /// openings: EPD (one FEN per line) or PGN (each game's last
    /// position), each played with both colours (chess and antichess
    /// rulesets).
    #[arg(long, value_name = "FILE")]
    pub(super) openings_file: Option<PathBuf>,
    /// A time control instead of --clock, as tournament managers write
    /// it (seconds): 60, 10+0.1 (an increment after each move), 40/60+0.6
    /// (a minute for every forty moves); the referee keeps the clocks and
    /// sends both programs the game with their clocks (LoadGame) after
    /// each move when time is added.
    #[arg(long, value_name = "TC", conflicts_with = "clock", value_parser = arena::TimeControl::parse)]
    pub(super) tc: Option<arena::TimeControl>,
    /// Clock per side of the second program, for a match at time odds
    /// (both clocks limited; default: --clock): 5m, 90s, 1500ms (a bare
    /// number is milliseconds).
    #[arg(long, value_name = "TIME", value_parser = super::flags::parse_running_clock)]
    pub(super) second_clock: Option<i64>,
    #[command(flatten)]
    pub(super) queue: QueueArg,
}

/// `antichess referee`.
pub(super) fn run_command(args: RefereeArgs) -> Result<ExitCode> {
    let RefereeArgs {
        programs:
            MatchArgs {
                white,
                black,
                games,
                clock,
            },
        ruleset,
        openings,
        out,
        seed,
        max_plies,
        sprt,
        concurrency,
        openings_file,
        second_clock,
        tc,
        queue,
    } = args;
    if second_clock.is_some() && clock == 0 {
        anyhow::bail!("--second-clock needs a limited --clock (time odds)");
    }
    let suite = match openings_file {
        None => None,
        Some(path) => Some(
            crate::games::builtin()
                .read_suite(&path, &ruleset)
                .map_err(anyhow::Error::msg)?,
        ),
    };
    referee(
        MatchConfig {
            first: white,
            second: black,
            games,
            clock_ms: tc.map_or(clock, |tc| tc.base_ms),
            second_clock_ms: second_clock,
            increment_ms: tc.map_or(0, |tc| tc.increment_ms),
            period_moves: tc.and_then(|tc| tc.moves),
            ruleset,
            games_known: crate::games::builtin(),
            opening_plies: openings,
            seed: seed.or(1),
            out_dir: out,
            max_plies,
            concurrency: concurrency as usize,
            suite,
            skip: Default::default(),
            names: None,
        },
        match sprt.as_deref() {
            Some(&[elo0, elo1]) if elo0 < elo1 => Some(arena::Sprt { elo0, elo1 }),
            Some(_) => anyhow::bail!("--sprt ELO0 ELO1 needs ELO0 below ELO1"),
            None => None,
        },
        queue.db.as_deref(),
    )
}

/// Plays the match here, or by the workers of the queue at `db`.
pub(super) fn referee(
    config: MatchConfig,
    sprt: Option<arena::Sprt>,
    db: Option<&str>,
) -> Result<ExitCode> {
    arena::check_programs([&config.first, &config.second]).map_err(anyhow::Error::msg)?;
    prepare_out(config.out_dir.as_deref())?;
    if let Some(url) = db {
        let queued = arena::Queued::start(url, &config).map_err(anyhow::Error::msg)?;
        eprintln!(
            "antichess: match {} is queued at {}: workers play it (antichess worker --db URL)",
            queued.id(),
            arena::queue::shown(url)
        );
        return run_match(
            &config.first,
            &config.second,
            config.games,
            sprt,
            |interrupt, on_game| queued.play(&config, interrupt, on_game),
        );
    }
    run_match(
        &config.first,
        &config.second,
        config.games,
        sprt,
        |interrupt, on_game| {
            let referee = arena::referee(&config);
            arena::play_match_with(&config, referee.as_ref(), interrupt, on_game)
        },
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
        let counted = record
            .counted
            .as_ref()
            .map_or(String::new(), |words| format!(", {words}"));
        bar.suspend(|| {
            eprintln!(
                "game {:3}: first {first_color:5} {verdict:11} {} ({} plies{counted})",
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
                arena::Decision::Continue(l) | arena::Decision::H0(l) | arena::Decision::H1(l) => l,
            };
            message.push_str(&format!("  LLR {llr:.2} ({lower:.2}, {upper:.2})"));
            if !matches!(verdict, arena::Decision::Continue(_)) && decided.is_none() {
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
            Some(arena::Decision::H1(llr)) => println!(
                "SPRT ({elo0}, {elo1}): H1 accepted, LLR {llr:.2}: the first program is stronger by about {elo1} Elo or more"
            ),
            Some(arena::Decision::H0(llr)) => println!(
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
