//! `antichess server`: a game server for every game of the registry,
//! speaking the FICS protocol as xboard and telnet speak it.
//!
//! One process: connections are served by tokio (`net.rs`), and one hub
//! (`hub.rs`) owns all state on a thread of its own, taking events one at
//! a time: logging in (`login.rs`), commands (`commands.rs`, each defined
//! once), seeks and challenges (`seek.rs`, terms in `terms.rs`), games
//! (`play.rs`, `table.rs`, `requests.rs`, `resume.rs`, result lines in
//! `result.rs`),
//! boards for programs (`style12.rs`), talk and watching (`talk.rs`),
//! lists (`info.rs`), ratings (`rating.rs`, `glicko.rs`), passwords
//! (`password.rs`) and the database (`db.rs`). Games are reached only
//! through the registry; what a viewer may see (Kriegspiel's hidden
//! pieces) is the game's to say, through its view and diagram.

mod admission;
mod bus;
mod commands;
pub mod db;
mod events;
pub mod glicko;
mod http;
mod hub;
mod info;
mod leave;
mod limits;
mod login;
mod movelist;
pub mod net;
mod notices;
mod offer;
mod page;
mod password;
mod play;
mod rate;
mod rating;
mod register;
mod relay;
mod requests;
mod result;
mod resume;
mod seek;
mod session;
mod sql;
mod style12;
mod table;
mod talk;
mod terms;
mod told;
mod websocket;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use tokio::sync::mpsc;

pub use db::{Db, DbError};
pub use limits::Limits;
pub use login::{registrable, valid_handle};
pub use password::{MAX_PASSWORD, hash as hash_password};

/// How the server is run.
#[derive(Clone, Debug)]
pub struct ServerOptions {
    /// Where to listen.
    pub listen: SocketAddr,
    /// The database.
    pub db: Store,
    /// Where to serve the page and its WebSocket, if anywhere.
    pub http: Option<SocketAddr>,
    /// A game still going after this many plies is drawn by the move
    /// limit (0: no limit).
    pub max_plies: usize,
    /// Connections, timeouts and grace.
    pub limits: Limits,
    /// More origins a page's WebSocket may come from (`--allow-origin`).
    pub allow_origins: Vec<String>,
    /// Whether a WebSocket without an `Origin` (no browser) is let in.
    pub allow_no_origin: bool,
    /// Whether guests may register their names (`register PASSWORD`).
    pub open_registration: bool,
}

/// Where the server keeps its accounts, ratings and games.
#[derive(Clone, Debug)]
pub enum Store {
    /// An SQLite file: one server alone.
    File(PathBuf),
    /// A PostgreSQL database (`postgres://...`) that several server
    /// nodes share, this one under `node`'s name.
    Shared {
        /// The database's address.
        url: String,
        /// This node's name (unique among the nodes).
        node: String,
    },
}

impl Store {
    /// Opens the database.
    pub fn open(&self) -> Result<Db, String> {
        match self {
            Store::File(path) => Db::open(path).map_err(|e| format!("{}: {e}", path.display())),
            Store::Shared { url, node } => Db::open_shared(url, node)
                .map_err(|e| format!("{}: {e}", crate::sys::database_url::shown(url))),
        }
    }

    /// The database as it may be shown (no password).
    pub fn shown(&self) -> String {
        match self {
            Store::File(path) => path.display().to_string(),
            Store::Shared { url, node } => {
                format!("{} (node {node})", crate::sys::database_url::shown(url))
            }
        }
    }
}

/// The server's move limit unless told otherwise: the referee's.
pub const DEFAULT_MAX_PLIES: usize = 1000;

/// The database's default path: `$XDG_DATA_HOME/antichess/server.db`,
/// else `~/.local/share/antichess/server.db`, else `antichess-server.db`
/// in the current folder.
pub fn default_db_path() -> PathBuf {
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".local/share"))
        });
    match data {
        Some(dir) => dir.join("antichess").join("server.db"),
        None => PathBuf::from("antichess-server.db"),
    }
}

/// Runs the server until Ctrl-C (or SIGTERM): games in progress are
/// adjourned and clients told before it stops. Prints the address it
/// listens on (`Listening on 127.0.0.1:5000`) once it does.
pub fn run(options: ServerOptions) -> Result<(), String> {
    let db = options.db.open()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start: {e}"))?;
    runtime.block_on(serve(options, db))
}

async fn serve(options: ServerOptions, db: Db) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(options.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", options.listen))?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("cannot listen: {e}"))?;
    let (events, receiver) = mpsc::channel(4096);
    if let Store::Shared { url, node } = &options.db {
        bus::listen(url.clone(), node.clone(), events.clone());
        db::keep_alive(url.clone(), node.clone());
    }
    // Standard output may be a pipe its reader closed: the server goes on.
    say(&format!("Listening on {address}"));
    say(&format!("Database: {}", options.db.shown()));
    let mut limits = options.limits.clone();
    let descriptors = limits::raise_descriptor_limit();
    if let Some(fitted) = limits.fit(descriptors) {
        say(&format!(
            "Open files are limited to {descriptors}: at most {} connections and {} HTTP connections.",
            fitted.connections, fitted.http
        ));
        limits = fitted;
    }
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    let mut hub = hub::Hub::new(crate::games::builtin(), db, seed, options.max_plies);
    hub.limits = limits.clone();
    hub.registration = options
        .open_registration
        .then(|| rate::Bucket::new(rate::REGISTRATIONS));
    hub.checker = Some(password::Checker::start(1, events.clone()));
    let hub_thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build();
        if let Ok(runtime) = runtime {
            runtime.block_on(events::run(hub, receiver));
        }
    });
    let connections = admission::Connections::new(limits);
    let page = match options.http {
        Some(addr) => {
            let http = tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|e| format!("cannot listen on {addr} for the page: {e}"))?;
            let address = http
                .local_addr()
                .map_err(|e| format!("cannot listen: {e}"))?;
            say(&format!("Page at http://{address}/"));
            let origins =
                http::Origins::new(address, &options.allow_origins, options.allow_no_origin);
            Some(tokio::spawn(http::accept(
                http,
                events.clone(),
                Arc::clone(&connections),
                Arc::new(origins),
            )))
        }
        None => None,
    };
    let accepting = tokio::spawn(net::accept(listener, events.clone(), connections));
    stopped().await;
    say("Stopping: games in progress are adjourned.");
    accepting.abort();
    if let Some(page) = page {
        page.abort();
    }
    let _ = events.send(net::Event::Shutdown).await;
    let _ = tokio::task::spawn_blocking(move || hub_thread.join()).await;
    // Let the writers send the last words.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    Ok(())
}

/// A line on standard output, if anyone reads it.
fn say(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Waits for Ctrl-C or SIGTERM.
async fn stopped() {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = async {
            match term.as_mut() {
                Some(t) => { t.recv().await; }
                None => std::future::pending::<()>().await,
            }
        } => {}
    }
}
