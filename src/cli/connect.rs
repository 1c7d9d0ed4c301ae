//! `antichess connect [HOST:PORT] [--user NAME]`: the server at the
//! terminal.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::client::{self, ConnectOptions};
use crate::game::view::Style;

/// The options of `antichess connect`.
#[derive(Args)]
pub(super) struct ConnectArgs {
    /// The server.
    #[arg(default_value = crate::server::DEFAULT_LISTEN, value_name = "HOST:PORT")]
    addr: String,
    /// Log in as this registered player (the password is asked at the
    /// terminal, or read from the first line of standard input); a guest
    /// without it.
    #[arg(long, value_name = "NAME")]
    user: Option<String>,
}

pub(super) fn run(args: ConnectArgs) -> Result<ExitCode> {
    let account = match args.user {
        Some(name) => Some((name, super::password::read(false)?)),
        None => None,
    };
    client::run(ConnectOptions {
        addr: args.addr,
        account,
        fancy: Style::detect().fancy,
    });
    Ok(ExitCode::SUCCESS)
}
