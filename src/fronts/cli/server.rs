//! `antichess server`: the game server, and `server add-user` to make a
//! registered account (the password from the terminal, or the first line
//! of standard input when it is not one).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};

use super::flags;
use crate::fronts::server::{self, Limits, ServerOptions};

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
    /// The database: an SQLite file [default:
    /// $XDG_DATA_HOME/antichess/server.db, or
    /// ~/.local/share/antichess/server.db], or a PostgreSQL database
    /// (postgres://USER:PASSWORD@HOST/DB) that several server nodes share:
    /// accounts, ratings and stored games are then every node's, and the
    /// games of a node that stops answering (killed, cut off) are
    /// adjourned after 10 s, every move kept, to be resumed on any node.
    #[arg(long, value_name = "FILE|URL", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    db: Option<String>,
}

impl DbArg {
    fn store(&self) -> server::Store {
        match &self.db {
            Some(url) if crate::sys::database_url::is_postgres(url) => server::Store::Shared {
                url: url.clone(),
                node: format!(
                    "{}-{}",
                    nix::unistd::gethostname()
                        .ok()
                        .and_then(|h| h.into_string().ok())
                        .unwrap_or_else(|| "node".into()),
                    std::process::id()
                ),
            },
            Some(path) => server::Store::File(PathBuf::from(path)),
            None => server::Store::File(server::default_db_path()),
        }
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
    #[arg(long, value_name = "ADDR:PORT", default_value = crate::fronts::fics::DEFAULT_LISTEN)]
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
    /// The most game connections (telnet and the page's WebSockets) at
    /// once; more are told the server is full. Lowered to fit the open
    /// files the system allows (the server says so when it starts).
    #[arg(long, value_name = "N", default_value_t = Limits::default().connections,
          value_parser = clap::builder::TypedValueParser::map(clap::value_parser!(u32).range(1..), |n| n as usize))]
    max_connections: usize,
    /// The most game connections from one address; more are told to
    /// close one first.
    #[arg(long, value_name = "N", default_value_t = Limits::default().per_address,
          value_parser = clap::builder::TypedValueParser::map(clap::value_parser!(u32).range(1..), |n| n as usize))]
    max_per_address: usize,
    /// The most HTTP connections (--http) not upgraded to a WebSocket;
    /// more are answered 503. Counted apart, so that they never take the
    /// game port's connections.
    #[arg(long, value_name = "N", default_value_t = Limits::default().http,
          value_parser = clap::builder::TypedValueParser::map(clap::value_parser!(u32).range(1..), |n| n as usize))]
    max_http: usize,
    /// A client whose one write takes longer than this (it stopped
    /// reading) is disconnected. Durations take a unit: 30s, 5m, 1h,
    /// 1500ms (a bare number is milliseconds).
    #[arg(long, value_name = "TIME", default_value = "30s", value_parser = flags::parse_duration)]
    write_timeout: Duration,
    /// A logged-in client that sends nothing for this long, and plays no
    /// game, is logged out; 0 for never.
    #[arg(long, value_name = "TIME", default_value = "60m", value_parser = flags::parse_duration)]
    idle_timeout: Duration,
    /// How long a game waits for a guest who lost its connection to log
    /// in again (same name, same address) before the guest forfeits; its
    /// clock runs meanwhile. 0: it forfeits at once. (A game between
    /// registered players is adjourned instead.)
    #[arg(long, value_name = "TIME", default_value = "60s", value_parser = flags::parse_duration)]
    grace: Duration,
    /// One more origin the page's WebSocket may come from, as the
    /// browser writes it (https://chess.example.org); may be repeated.
    /// The --http address's own origin (and localhost's, on a loopback
    /// or all-addresses bind) is always allowed; any other is refused
    /// (a page elsewhere cannot play through a visitor's browser).
    #[arg(long, value_name = "ORIGIN")]
    allow_origin: Vec<String>,
    /// Let guests register the names they logged in with, by
    /// `register PASSWORD` (the page's Create account): the same name rules
    /// and Argon2id hashes as add-user, five at once, then one a minute
    /// for the whole server.
    #[arg(long)]
    open_registration: bool,
    /// Let WebSocket clients that send no Origin header in (programs,
    /// not browsers: every browser sends one).
    #[arg(long)]
    allow_no_origin: bool,
}

pub(super) fn run(args: ServerArgs) -> Result<ExitCode> {
    match args.action {
        Some(Action::AddUser { name, db }) => add_user(&name, &db.store()),
        None => {
            server::run(ServerOptions {
                listen: args.listen,
                db: args.db.store(),
                max_plies: args.max_plies,
                http: args.http,
                limits: Limits {
                    connections: args.max_connections,
                    per_address: args.max_per_address,
                    http: args.max_http,
                    write_timeout: args.write_timeout.max(Duration::from_millis(100)),
                    idle: (!args.idle_timeout.is_zero()).then_some(args.idle_timeout),
                    grace: args.grace,
                },
                allow_origins: args.allow_origin,
                allow_no_origin: args.allow_no_origin,
                open_registration: args.open_registration,
            })
            .map_err(anyhow::Error::msg)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn add_user(name: &str, store: &server::Store) -> Result<ExitCode> {
    if !server::registrable(name) {
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
    let db = store
        .open()
        .map_err(|e| anyhow::anyhow!("cannot open the database {e}"))?;
    db.set_user(name, &hash)
        .with_context(|| format!("cannot store the user in {}", store.shown()))?;
    println!("{name} registered in {}.", store.shown());
    Ok(ExitCode::SUCCESS)
}
