//! `antichess server`: the game server, and `server add-user` to make a
//! registered account (the password from the terminal, or the first line
//! of standard input when it is not one).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};

use crate::server::{self, Db, ServerOptions};

#[derive(Subcommand)]
enum Action {
    /// Registers a player (or changes a player's password). The password
    /// is read from the terminal without echo, or from the first line of
    /// standard input.
    AddUser {
        /// The handle: 3 to 17 letters.
        name: String,
        #[command(flatten)]
        db: DbArg,
    },
}

#[derive(Args)]
struct DbArg {
    /// The database file [default: $XDG_DATA_HOME/antichess/server.db, or
    /// ~/.local/share/antichess/server.db].
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
}

impl DbArg {
    fn path(&self) -> PathBuf {
        self.db.clone().unwrap_or_else(server::default_db_path)
    }
}

/// The options of `antichess server`.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub(super) struct ServerArgs {
    #[command(subcommand)]
    action: Option<Action>,
    /// The address to listen on; 0.0.0.0:5000 (all addresses) must be
    /// asked for.
    #[arg(long, value_name = "ADDR:PORT", default_value = server::DEFAULT_LISTEN)]
    listen: SocketAddr,
    #[command(flatten)]
    db: DbArg,
    /// Also serve the browser page, and the WebSocket it plays through, on
    /// this address (127.0.0.1:8080 when the flag is given alone).
    #[arg(long, value_name = "ADDR:PORT", num_args = 0..=1, default_missing_value = "127.0.0.1:8080")]
    http: Option<SocketAddr>,
    /// A game still going after this many plies (moves of either side;
    /// Kriegspiel's refused attempts are not counted) is drawn by the move
    /// limit; 0 for none. The 6.170 rules have no repetition or move-count
    /// rule, and such a game can otherwise run until a flag falls.
    #[arg(long, value_name = "N", default_value_t = server::DEFAULT_MAX_PLIES)]
    max_plies: usize,
}

pub(super) fn run(args: ServerArgs) -> Result<ExitCode> {
    match args.action {
        Some(Action::AddUser { name, db }) => add_user(&name, &db.path()),
        None => {
            server::run(ServerOptions {
                listen: args.listen,
                db: args.db.path(),
                max_plies: args.max_plies,
                http: args.http,
            })
            .map_err(anyhow::Error::msg)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn add_user(name: &str, path: &std::path::Path) -> Result<ExitCode> {
    if !server::valid_handle(name) || name.to_ascii_lowercase().starts_with("guest") {
        bail!("{name:?}: a handle is 3 to 17 letters, and does not begin with \"guest\"");
    }
    let password = super::password::read(true)?;
    if password.is_empty() {
        bail!("the password is empty");
    }
    if password.len() > server::MAX_PASSWORD {
        bail!("the password is longer than {} bytes", server::MAX_PASSWORD);
    }
    let hash = server::hash_password(&password).map_err(anyhow::Error::msg)?;
    let db = Db::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    db.set_user(name, &hash)
        .with_context(|| format!("cannot store the user in {}", path.display()))?;
    println!("{name} registered in {}.", path.display());
    Ok(ExitCode::SUCCESS)
}
