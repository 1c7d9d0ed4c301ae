//! `antichess kriegspiel`: the game at the terminal, and its umpire,
//! referee and player as programs.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Args, Subcommand};

use crate::kriegspiel::{Game, filter};
use crate::rules::{Position, Ruleset};

#[derive(Subcommand)]
pub(super) enum Action {
    /// The umpire alone, as a line filter: one attempt per input line
    /// (e2e4, e7e8n), one announcement line out.
    Umpire {
        /// Start from this chess position instead of the standard one.
        #[arg(long)]
        fen: Option<String>,
    },
}

/// The options of `antichess kriegspiel` itself.
#[derive(Args)]
pub(super) struct KriegspielArgs {
    #[command(subcommand)]
    pub(super) action: Option<Action>,
}

pub(super) fn run(args: KriegspielArgs) -> Result<ExitCode> {
    match args.action {
        Some(Action::Umpire { fen }) => umpire(fen.as_deref()),
        None => anyhow::bail!("give a subcommand: umpire"),
    }
}

fn umpire(fen: Option<&str>) -> Result<ExitCode> {
    let start = match fen {
        Some(fen) => Position::from_fen(fen, Ruleset::CHESS)?,
        None => Position::new(Ruleset::CHESS),
    };
    let mut out = io::stdout().lock();
    match filter::run(
        Game::from_position(start),
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
