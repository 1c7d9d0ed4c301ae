//! `antichess trace`: the rules' view of every ply of a game.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

use super::flags::parse_board_ruleset;
use crate::rules::chess::{Position, Ruleset};
use crate::sys::safe_read::{ReadError, read_bounded};

/// How moves are written.
#[derive(Clone, Copy, clap::ValueEnum)]
pub(super) enum NotationArg {
    Uci,
    Dash,
}

/// The options of `antichess trace` (its description is on its
/// subcommand).
#[derive(clap::Args)]
pub(super) struct TraceArgs {
    /// Ruleset name (chess or an antichess ruleset).
    #[arg(long, default_value = "chess", value_parser = parse_board_ruleset)]
    pub(super) ruleset: Ruleset,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    pub(super) fen: Option<String>,
    /// How moves are written: uci (e7e8q) or dash (e7-e8=Q).
    #[arg(long, value_enum, default_value = "uci")]
    pub(super) notation: NotationArg,
    /// One JSON object per ply instead of text blocks.
    #[arg(long)]
    pub(super) json: bool,
    /// Also read moves from this file (separated by white space; - is
    /// standard input).
    #[arg(long, value_name = "FILE")]
    pub(super) moves_file: Option<PathBuf>,
    /// Moves, each in UCI, the TextUI's form or SAN.
    pub(super) moves: Vec<String>,
}

/// Runs `antichess trace`.
pub(super) fn run(args: TraceArgs) -> Result<ExitCode> {
    let TraceArgs {
        ruleset,
        fen,
        notation,
        json,
        moves_file,
        mut moves,
    } = args;
    let start = match fen {
        Some(fen) => Position::from_fen_allowing_opposite_check(&fen, ruleset)
            .with_context(|| format!("--fen {fen:?} is not a position"))?,
        None => Position::new(ruleset),
    };
    if let Some(path) = moves_file {
        // A game's moves: 64 MB is far more than any game.
        const LIMIT: u64 = 64 << 20;
        let name = path.display();
        let bytes = if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(
                &mut std::io::Read::take(std::io::stdin().lock(), LIMIT + 1),
                &mut bytes,
            )
            .with_context(|| format!("cannot read the moves in {name}"))?;
            if bytes.len() as u64 > LIMIT {
                anyhow::bail!("the moves in {name} are over 64 MB");
            }
            bytes
        } else {
            read_bounded(&path, LIMIT).map_err(|e| match e {
                ReadError::Open(e) | ReadError::Read(e) => {
                    anyhow::Error::new(e).context(format!("cannot read the moves in {name}"))
                }
                ReadError::NotRegularFile => {
                    anyhow::anyhow!("{name}: not a regular file")
                }
                ReadError::TooLarge(_) => {
                    anyhow::anyhow!("the moves in {name} are over 64 MB")
                }
            })?
        };
        let text = String::from_utf8_lossy(&bytes);
        moves.extend(text.split_whitespace().map(String::from));
    }
    let notation = match notation {
        NotationArg::Uci => crate::fronts::trace::Notation::Uci,
        NotationArg::Dash => crate::fronts::trace::Notation::Dash,
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let played = crate::fronts::trace::run(start, &moves, notation, json, &mut out)?;
    out.flush()?;
    Ok(if played {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
