//! `antichess connect [HOST:PORT] [--user NAME]`: the server at the
//! terminal.

use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::Args;

use super::flags::ComputerArgs;
use crate::fronts::client::{self, BotOptions, ConnectOptions};
use crate::game::view::Style;

/// The options of `antichess connect`.
#[derive(Args)]
pub(super) struct ConnectArgs {
    /// The server: a name or an address, with its port (5000 when not
    /// given).
    #[arg(default_value = crate::fronts::fics::DEFAULT_LISTEN, value_name = "HOST[:PORT]")]
    addr: String,
    /// Log in as this registered player (the password is asked at the
    /// terminal, or read from the first line of standard input); a guest
    /// without it.
    #[arg(long, value_name = "NAME")]
    user: Option<String>,
    /// Play as a computer player: answer seeks and challenges for the
    /// games it takes, game after game, until stopped.
    #[arg(long)]
    bot: bool,
    /// With --bot: the games it takes, as seeks name them (chess,
    /// kriegspiel or wild/16, suicide2007, connect-4-7-6, ...), separated
    /// by commas [default: every game].
    #[arg(long, value_name = "LIST", value_delimiter = ',', requires = "bot")]
    games: Vec<String>,
    /// With --bot: post this seek (`3 0 chess`) whenever free, instead of
    /// answering others' seeks. (A person types `seek 3 0 chess` at the
    /// prompt instead.)
    #[arg(long, value_name = "TERMS")]
    seek: Option<String>,
    /// With --bot: play the games of full information with this TextUI
    /// program (a command line, run without a shell), given each position
    /// as a game file and asked GetNextMove; Kriegspiel with the built-in
    /// player.
    #[arg(long, value_name = "CMD", requires = "bot")]
    textui_engine: Option<String>,
    /// With --bot: leave after this many games.
    #[arg(long, value_name = "N", requires = "bot")]
    max_games: Option<u32>,
    #[command(flatten)]
    computer: ComputerArgs,
}

pub(super) fn run(args: ConnectArgs) -> Result<ExitCode> {
    if args.seek.is_some() && !args.bot {
        bail!(
            "--seek posts seeks for a computer player: add --bot (to seek as a person, connect and type `seek 3 0 chess` at the prompt)"
        );
    }
    let account = match args.user {
        Some(name) => Some((name, super::password::read(false)?)),
        None => None,
    };
    let games = crate::games::builtin();
    let mut rulesets = Vec::new();
    for word in &args.games {
        match games.variant(&word.to_ascii_lowercase()) {
            Some(ruleset) => rulesets.push(ruleset),
            None => bail!(
                "--games: no game is called \"{word}\" (the server's names: {})",
                games.server_names_text()
            ),
        }
    }
    let bot = args.bot.then(|| BotOptions {
        games: rulesets,
        engine: args.computer.options(),
        textui: args.textui_engine,
        seek: args.seek,
        max_games: args.max_games,
    });
    let ran = client::run(ConnectOptions {
        addr: args.addr,
        account,
        fancy: Style::detect().fancy && bot.is_none(),
        bot,
    });
    // A server that cannot be reached fails the command (status 1); a
    // usage error is 2, as everywhere.
    if let Err(e) = ran {
        eprintln!("antichess: {e}");
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}
