//! `antichess kriegspiel`: the game at the terminal, and its umpire,
//! referee and player as programs.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Args, Subcommand};

use super::flags::SeedArg;
use super::{MatchArgs, SeatArgs};
use crate::fronts::arena::{self, MatchConfig};
use crate::game::{self, EngineOptions};
use crate::games::kriegspiel::referee::KriegspielReferee;
use crate::games::kriegspiel::{KRIEGSPIEL, Record, Strategy, filter, protocol};
use crate::rules::chess::{Position, Ruleset};

/// The computer player's strategy.
#[derive(Clone, Copy, clap::ValueEnum)]
pub(super) enum StrategyArg {
    /// A belief of sampled boards, searched with the engine.
    Search,
    /// Simple ordering rules.
    Heuristic,
    /// A seeded random order (a baseline).
    Random,
}

impl StrategyArg {
    fn strategy(self) -> Strategy {
        match self {
            StrategyArg::Search => Strategy::Search,
            StrategyArg::Heuristic => Strategy::Heuristic,
            StrategyArg::Random => Strategy::Random,
        }
    }

    /// The same choice as the computer player's options name it (the
    /// engine, the first rules, chance).
    fn computer(self) -> game::Strategy {
        match self {
            StrategyArg::Search => game::Strategy::Engine,
            StrategyArg::Heuristic => game::Strategy::First,
            StrategyArg::Random => game::Strategy::Random,
        }
    }
}

#[derive(Subcommand)]
pub(super) enum Action {
    /// The umpire between two programs that speak the player protocol;
    /// prints a table with the score, an Elo difference and its 95% margin,
    /// and forfeits by reason.
    Referee {
        #[command(flatten)]
        programs: MatchArgs,
        #[command(flatten)]
        seed: SeedArg,
        /// Folder for the games (PGN).
        #[arg(long, value_name = "DIR")]
        out: Option<std::path::PathBuf>,
        /// Plies after which an unfinished game is a draw.
        #[arg(long, value_name = "N", default_value_t = 1000)]
        max_plies: usize,
        /// Attempts allowed in one turn (more is a forfeit).
        #[arg(long, value_name = "N", default_value_t = 1000)]
        max_attempts: usize,
    },
    /// The built-in computer player on the player protocol (for the
    /// referee).
    Player {
        /// How it chooses its attempts.
        #[arg(long, value_enum, default_value_t = StrategyArg::Search)]
        player: StrategyArg,
        #[command(flatten)]
        seed: SeedArg,
    },
    /// The umpire alone, as a line filter: one attempt per input line
    /// (e2e4, e7e8n), one announcement line out.
    Umpire {
        /// Start from this chess position instead of the standard one.
        #[arg(long)]
        fen: Option<String>,
    },
}

/// The options of `antichess kriegspiel` itself: a game at the terminal.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub(super) struct KriegspielArgs {
    #[command(subcommand)]
    action: Option<Action>,
    #[command(flatten)]
    seats: SeatArgs,
    /// How the computer chooses its attempts.
    #[arg(long, value_enum, default_value_t = StrategyArg::Search)]
    player: StrategyArg,
    #[command(flatten)]
    seed: SeedArg,
}

pub(super) fn run(args: KriegspielArgs) -> Result<ExitCode> {
    match args.action {
        Some(Action::Umpire { fen }) => umpire(fen.as_deref()),
        Some(Action::Player { player, seed }) => {
            let mut out = io::stdout().lock();
            match protocol::run(
                player.strategy(),
                seed.or(0),
                &mut io::stdin().lock(),
                &mut out,
            ) {
                Ok(()) => Ok(ExitCode::SUCCESS),
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
                Err(e) => Err(e).context("cannot read or answer the referee"),
            }
        }
        Some(Action::Referee {
            programs:
                MatchArgs {
                    white,
                    black,
                    games,
                    clock,
                },
            seed,
            out,
            max_plies,
            max_attempts,
        }) => {
            let config = MatchConfig {
                first: white,
                second: black,
                games,
                clock_ms: clock,
                second_clock_ms: None,
                increment_ms: 0,
                period_moves: None,
                ruleset: KRIEGSPIEL.to_string(),
                games_known: crate::games::builtin(),
                opening_plies: 0,
                // Game i (from 1) is given seed S + i - 1.
                seed: seed.or(1),
                out_dir: out,
                max_plies,
                concurrency: 1,
                suite: None,
                skip: Default::default(),
                names: None,
            };
            let referee = KriegspielReferee { max_attempts };
            crate::fronts::arena::check_programs([&config.first, &config.second])
                .map_err(anyhow::Error::msg)?;
            super::prepare_out(config.out_dir.as_deref())?;
            super::run_match(
                &config.first,
                &config.second,
                config.games,
                None,
                |stop, on_game| arena::play_match_with(&config, &referee, stop, on_game),
            )
        }
        None => Ok(crate::fronts::play::run(crate::fronts::play::PlayOptions {
            ruleset: KRIEGSPIEL.to_string(),
            players: args.seats.players(),
            clock_ms: args.seats.clock,
            engine: EngineOptions {
                strategy: args.player.computer(),
                seed: args.seed.or(1),
                ..EngineOptions::default()
            },
        })),
    }
}

fn umpire(fen: Option<&str>) -> Result<ExitCode> {
    let start = match fen {
        Some(fen) => Position::from_fen(fen, Ruleset::CHESS)?,
        None => Position::new(Ruleset::CHESS),
    };
    let mut out = io::stdout().lock();
    match filter::run(
        Record::from_position(start),
        &mut io::stdin().lock(),
        &mut out,
    ) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => {
            let _ = out.flush();
            Err(e).context("cannot read the attempts or write the answers")
        }
    }
}
