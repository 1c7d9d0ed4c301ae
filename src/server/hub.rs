//! The hub: the one owner of the server's state (sessions, seeks and
//! challenges, games in progress, the database), and what every handler
//! does with it (say, find, log in, forget a player's offers). It lives on
//! a thread of its own, taking events one at a time ([`super::events`]),
//! so no state is shared between threads and every change is committed
//! before anyone is told of it.

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

use super::db::Db;
use super::limits::Limits;
use super::net::ConnId;
use super::offer::{Offer, Seek};
use super::password::Checker;
use super::rate::Bucket;
use super::session::{Session, Stage};
use super::table::Table;
use crate::game::Registry;
use crate::rng::Xorshift;

/// The prompt after each answer, as FICS writes it.
pub const PROMPT: &str = "fics% ";
/// The most events handled in one transaction.
pub const BATCH: usize = 512;
/// A client that has not logged in after this long is let go.
pub const LOGIN_TIMEOUT: Duration = Duration::from_secs(120);
/// Bytes waiting for a client past which messages from other players
/// (talk, seek ads, notifications) are dropped for it, so that what its
/// own games and commands say is never crowded out: a slow reader is let
/// go only when those alone fill its queue.
pub const CHAT_BACKLOG: usize = 64 << 10;

/// The server's state.
pub struct Hub {
    /// The games the server plays.
    pub games: Registry,
    /// The database.
    pub db: Db,
    /// Connected clients.
    pub sessions: BTreeMap<ConnId, Session>,
    /// Logged-in handles, lower-cased, to their connection.
    pub handles: HashMap<String, ConnId>,
    /// Open seeks.
    pub seeks: Vec<Seek>,
    /// Open challenges.
    pub offers: Vec<Offer>,
    /// Games in progress, by number.
    pub tables: BTreeMap<u32, Table>,
    /// Colours, guest names and seek numbers.
    pub rng: Xorshift,
    /// The next seek's number.
    pub next_seek: u32,
    /// Whether the server is stopping.
    pub stopping: bool,
    /// Failed password attempts by address: how many, since when.
    pub login_failures: HashMap<std::net::IpAddr, (u32, Instant)>,
    /// A game still going after this many plies is drawn (0: no limit).
    pub max_plies: usize,
    /// Idle and grace times (and the rest of the server's limits).
    pub limits: Limits,
    /// Passwords checked away from the hub.
    pub checker: Option<Checker>,
    /// New accounts' rate limit, when guests may register
    /// (`--open-registration`); `None`: they may not.
    pub registration: Option<super::rate::Bucket>,
    /// Password checks in flight by address.
    pub checks: HashMap<std::net::IpAddr, usize>,
    /// The rate of password checks, the server's whole.
    pub check_rate: Bucket,
    /// When the line being handled arrived (a move's time ends there).
    pub arrived: Instant,
}

impl Hub {
    /// A hub over `db`, playing the games of `games`, drawing a game at
    /// `max_plies` (0: never).
    pub fn new(games: Registry, db: Db, seed: u64, max_plies: usize) -> Hub {
        Hub {
            games,
            db,
            sessions: BTreeMap::new(),
            handles: HashMap::new(),
            seeks: Vec::new(),
            offers: Vec::new(),
            tables: BTreeMap::new(),
            rng: Xorshift::new(seed),
            next_seek: 1,
            stopping: false,
            login_failures: HashMap::new(),
            max_plies,
            limits: Limits::default(),
            checker: None,
            registration: None,
            checks: HashMap::new(),
            check_rate: Bucket::new(super::rate::CHECKS),
            arrived: Instant::now(),
        }
    }

    /// Queues `text` (a line or lines) for a client.
    pub fn say(&mut self, id: ConnId, text: &str) {
        if let Some(s) = self.sessions.get_mut(&id) {
            s.pending.push_str(text);
            s.pending.push('\n');
        }
    }

    /// Queues `text` (a line or lines) from another player or the server
    /// at large (talk, seek ads, notifications) for a client: dropped,
    /// and counted, when more than [`CHAT_BACKLOG`] bytes already wait
    /// for it; the client is told how many were dropped with the next one
    /// it gets.
    pub fn chat(&mut self, id: ConnId, text: &str) {
        let Some(s) = self.sessions.get_mut(&id) else {
            return;
        };
        if s.waiting() > CHAT_BACKLOG {
            s.dropped += 1;
            return;
        }
        let dropped = std::mem::take(&mut s.dropped);
        if dropped > 0 {
            let plural = if dropped == 1 { "" } else { "s" };
            s.pending.push_str(&format!(
                "({dropped} message{plural} to you dropped: your connection did not keep up.)\n"
            ));
        }
        s.pending.push_str(text);
        s.pending.push('\n');
    }

    /// Queues `text` without a line end (a prompt of the login).
    pub fn prompt(&mut self, id: ConnId, text: &str) {
        if let Some(s) = self.sessions.get_mut(&id) {
            s.pending.push_str(text);
        }
    }

    /// The connection of a logged-in handle (any case).
    pub fn find(&self, handle: &str) -> Option<ConnId> {
        self.handles.get(&handle.to_lowercase()).copied()
    }

    /// The session of `id`, which must be connected.
    pub fn session(&self, id: ConnId) -> Option<&Session> {
        self.sessions.get(&id)
    }

    /// The session of `id`, to change.
    pub fn session_mut(&mut self, id: ConnId) -> Option<&mut Session> {
        self.sessions.get_mut(&id)
    }

    /// The handle of `id` (empty when gone).
    pub fn handle_of(&self, id: ConnId) -> String {
        self.sessions
            .get(&id)
            .map_or_else(String::new, |s| s.handle.clone())
    }

    /// Whether `handle` is a registered player: as its session says when
    /// it is on, else as the database does.
    pub fn is_registered(&self, handle: &str) -> bool {
        match self.find(handle).and_then(|id| self.session(id)) {
            Some(s) => s.registered,
            None => self.db.user(handle).ok().flatten().is_some(),
        }
    }

    /// Logs `id` in as `handle`.
    pub fn log_in(&mut self, id: ConnId, handle: &str, registered: bool) {
        if let Some(s) = self.sessions.get_mut(&id) {
            s.stage = Stage::In;
            s.handle = handle.to_string();
            s.registered = registered;
            s.since = Instant::now();
        }
        self.handles.insert(handle.to_lowercase(), id);
    }

    /// Forgets the seeks and challenges of `handle` (it started a game, or
    /// left); the owner of a seek is told which went, the other side of a
    /// challenge that it is withdrawn.
    pub fn forget(&mut self, handle: &str) {
        let (gone, kept): (Vec<Seek>, Vec<Seek>) = std::mem::take(&mut self.seeks)
            .into_iter()
            .partition(|s| s.owner == handle);
        self.seeks = kept;
        let numbers: Vec<u32> = gone.iter().map(|s| s.number).collect();
        super::notices::seeks_removed(self, &numbers);
        if let Some(owner) = self.find(handle) {
            for seek in gone {
                let text = format!("Your seek {} has been removed.", seek.number);
                self.say(owner, &text);
            }
        }
        let gone: Vec<Offer> = self
            .offers
            .iter()
            .filter(|o| o.from == handle || o.to == handle)
            .cloned()
            .collect();
        self.offers.retain(|o| o.from != handle && o.to != handle);
        for offer in gone {
            let (other, text) = if offer.from == handle {
                (&offer.to, format!("{handle} withdraws the match offer."))
            } else {
                (
                    &offer.from,
                    format!("{handle} is no longer available: your offer is withdrawn."),
                )
            };
            if let Some(them) = self.find(other) {
                self.say(them, &text);
            }
        }
    }
}
