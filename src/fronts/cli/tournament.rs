//! `antichess tournament`: the command line of [`crate::fronts::tournament`].

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};

use super::flags::{QueueArg, SeedArg};
use crate::fronts::arena;
use crate::fronts::tournament::state::{Format, Settings, State};
use crate::fronts::tournament::{self, Run, Stop};
use crate::rules::chess::Ruleset;

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    RoundRobin,
    Gauntlet,
    Knockout,
}

/// Many programs in a round robin, a gauntlet or a seeded knockout; each
/// pairing a mini-match the referee plays; resumable.
#[derive(Args)]
pub struct TournamentArgs {
    /// A program, NAME=CMD (a TextUI program; NAME=uci:CMD runs a UCI
    /// engine through this program's --uci-engine adapter; NAME=CMD under
    /// kriegspiel speaks the Kriegspiel player protocol). At least two; in
    /// a knockout the first named is the top seed, in a gauntlet the one
    /// who meets all the others. Commands are split into words as a shell
    /// splits them and run without a shell.
    #[arg(long = "program", value_name = "NAME=CMD")]
    programs: Vec<String>,
    /// How the programs meet.
    #[arg(long, value_enum, default_value = "round-robin")]
    format: FormatArg,
    /// Games per pairing (rounded up to pairs: each opening with both
    /// colours).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    games: u32,
    /// Times the round robin or gauntlet is played.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    rounds: u32,
    /// Ruleset name (chess, an antichess ruleset, connect-N-W-H, or
    /// kriegspiel).
    #[arg(long, default_value = Ruleset::DEFAULT_NAME)]
    ruleset: String,
    /// Clock per side (0: unlimited): 5m, 90s, 1500ms (a bare number is
    /// milliseconds).
    #[arg(long, value_name = "TIME", default_value = "10s", value_parser = super::flags::parse_clock)]
    clock: i64,
    /// A time control instead of --clock (seconds): 60, 10+0.1, 40/60+0.6.
    #[arg(long, value_name = "TC", conflicts_with = "clock", value_parser = arena::TimeControl::parse)]
    tc: Option<arena::TimeControl>,
    /// Random opening plies (each opening played with both colours).
    #[arg(long, value_name = "PLIES", default_value_t = 4)]
    openings: u32,
    /// Play from the positions of this file instead of random openings:
    /// EPD (one FEN per line) or PGN (each game's last position), each
    /// with both colours (chess and antichess rulesets).
    #[arg(long, value_name = "FILE")]
    openings_file: Option<PathBuf>,
    #[command(flatten)]
    seed: SeedArg,
    /// Plies after which an unfinished game is a draw.
    #[arg(long, value_name = "N", default_value_t = 400)]
    max_plies: usize,
    /// Games played at the same time within a pairing.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: u32,
    /// Go on past a program that crashes or fails to start (it loses that
    /// game and is started again for the next); without it the tournament
    /// stops, to be resumed.
    #[arg(long)]
    recover: bool,
    /// Folder for every game (a folder per pairing), the whole tournament
    /// in one PGN, the tables, and the state to resume from.
    #[arg(long, value_name = "DIR", required_unless_present = "resume")]
    out: Option<PathBuf>,
    /// Resume the tournament saved in this state file (DIR/tournament.state).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["programs", "out"])]
    resume: Option<PathBuf>,
    #[command(flatten)]
    queue: QueueArg,
}

/// A name fit for a folder and a table: letters, digits, `-`, `_`, `.`.
fn good_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 40
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// The settings the arguments ask for, checked.
fn settings(args: &TournamentArgs) -> Result<Settings> {
    let exe = std::env::current_exe().context("cannot find this program's own path")?;
    let mut programs = Vec::new();
    for text in &args.programs {
        let Some((name, command)) = text.split_once('=') else {
            bail!("--program {text:?}: not NAME=CMD");
        };
        if !good_name(name) {
            bail!("--program {name:?}: a name is up to 40 letters, digits, '-', '_' or '.'");
        }
        if programs.iter().any(|(n, _): &(String, String)| n == name) {
            bail!("--program {name}: named twice");
        }
        let command = match command.strip_prefix("uci:") {
            Some(engine) => format!(
                "{} --uci-engine {}",
                shell_quote(&exe.to_string_lossy()),
                shell_quote(engine)
            ),
            None => command.to_string(),
        };
        programs.push((name.to_string(), command));
    }
    if programs.len() < 2 {
        bail!("a tournament needs at least two --program NAME=CMD");
    }
    let games = crate::games::builtin();
    if games.kind(&args.ruleset).is_none() {
        bail!(
            "--ruleset {}: unknown (known: {})",
            args.ruleset,
            games.known_names()
        );
    }
    for (name, command) in &programs {
        arena::check_program(&format!("--program {name}"), command).map_err(anyhow::Error::msg)?;
    }
    Ok(Settings {
        format: match args.format {
            FormatArg::RoundRobin => Format::RoundRobin,
            FormatArg::Gauntlet => Format::Gauntlet,
            FormatArg::Knockout => Format::Knockout,
        },
        ruleset: args.ruleset.clone(),
        games: args.games,
        rounds: args.rounds,
        clock_ms: args.tc.map_or(args.clock, |tc| tc.base_ms),
        increment_ms: args.tc.map_or(0, |tc| tc.increment_ms),
        period_moves: args.tc.and_then(|tc| tc.moves),
        openings: args.openings,
        openings_file: match &args.openings_file {
            None => None,
            Some(path) => {
                // Read now, to refuse a bad suite before any game; kept by
                // its full path, to be read again on resume.
                games
                    .read_suite(path, &args.ruleset)
                    .map_err(anyhow::Error::msg)?;
                let full = std::fs::canonicalize(path)
                    .with_context(|| format!("cannot find {}", path.display()))?;
                Some(full.to_string_lossy().into_owned())
            }
        },
        seed: args.seed.or(1),
        max_plies: args.max_plies,
        recover: args.recover,
        programs,
    })
}

/// A word quoted for a command line that is split as a shell splits it.
fn shell_quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

/// Runs `antichess tournament`: per-game lines on standard error, the
/// tables on standard output and in the output folder.
pub fn run(args: TournamentArgs) -> Result<ExitCode> {
    let (state, state_path) = match &args.resume {
        Some(path) => (State::load(path).map_err(anyhow::Error::msg)?, path.clone()),
        None => {
            let out = args.out.clone().context("--out DIR is needed")?;
            let path = tournament::state_path(&out);
            if path.exists() {
                bail!(
                    "{} holds a tournament already: resume it with --resume {}",
                    out.display(),
                    path.display()
                );
            }
            std::fs::create_dir_all(&out)
                .with_context(|| format!("cannot create the --out folder {}", out.display()))?;
            let state = State {
                settings: settings(&args)?,
                games: Default::default(),
            };
            state
                .save(&path)
                .with_context(|| format!("cannot save {}", path.display()))?;
            (state, path)
        }
    };
    let out_dir = state_path
        .parent()
        .map_or_else(|| PathBuf::from("."), PathBuf::from);
    let interrupt = Arc::new(AtomicBool::new(false));
    {
        let flag = Arc::clone(&interrupt);
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    }
    let mut report = |line: &str| eprintln!("{line}");
    let mut run = Run::new(
        state,
        state_path.clone(),
        out_dir,
        args.concurrency as usize,
        interrupt,
        &mut report,
    )
    .map_err(anyhow::Error::msg)?;
    run.queue = args.queue.db.clone();
    let ending = run.play();
    print!("{}", run.tables());
    if let Err(e) = run.write_tables() {
        eprintln!("antichess: cannot write the tables: {e}");
    }
    let resume = format!("resume with --resume {}", state_path.display());
    Ok(match ending {
        Stop::Finished => ExitCode::SUCCESS,
        Stop::Interrupted => {
            eprintln!("antichess: interrupted; the finished games are kept: {resume}");
            ExitCode::from(130)
        }
        Stop::Stopped(why) => {
            eprintln!("antichess: stopped: {why} (--recover goes on past it); {resume}");
            ExitCode::FAILURE
        }
    })
}
