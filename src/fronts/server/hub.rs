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
use crate::sys::rng::Xorshift;

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

/// The games a session plays and watches: changed by the hub alone, as
/// it seats and closes games and takes watchers, so that a game's players
/// and watchers and their sessions always agree.
#[derive(Debug, Default)]
pub struct Seating {
    playing: Option<u32>,
    observing: std::collections::BTreeSet<u32>,
}

impl Seating {
    /// The game it plays.
    pub fn playing(&self) -> Option<u32> {
        self.playing
    }

    /// The games it watches, by number.
    pub fn observing(&self) -> impl Iterator<Item = u32> + '_ {
        self.observing.iter().copied()
    }
}

/// The seek numbers: 1 to 999, as FICS has them.
const SEEK_NUMBERS: u32 = 999;

/// The server's state.
pub struct Hub {
    /// The games the server plays.
    pub games: Registry,
    /// The database.
    pub db: Db,
    /// Connected clients.
    sessions: BTreeMap<ConnId, Session>,
    /// Logged-in handles, lower-cased, to their connection: exactly the
    /// sessions logged in ([`Hub::log_in`], [`Hub::disconnect`]).
    handles: HashMap<String, ConnId>,
    /// Open seeks, each number once; every change told to those who
    /// asked ([`Hub::post_seek`], [`Hub::withdraw_seeks`]).
    seeks: Vec<Seek>,
    /// Open challenges, one from a player to another at most
    /// ([`Hub::put_offer`]).
    offers: Vec<Offer>,
    /// Games in progress, by number; a game's players' sessions say they
    /// play it, its watchers' that they watch it ([`Hub::seat_table`],
    /// [`Hub::close_table`], [`Hub::observe`], [`Hub::unobserve`]).
    tables: BTreeMap<u32, Table>,
    /// Colours, guest names and seek numbers.
    pub rng: Xorshift,
    /// The next seek's number.
    next_seek: u32,
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
    /// When this node next reads which nodes are alive (none for a
    /// database of its own): [`super::relay::check_nodes`].
    pub alive_due: Option<Instant>,
    /// The other live nodes, as last read: where notices go.
    pub peers: Vec<String>,
}

impl Hub {
    /// A hub over `db`, playing the games of `games`, drawing a game at
    /// `max_plies` (0: never).
    pub fn new(games: Registry, db: Db, seed: u64, max_plies: usize) -> Hub {
        let shared = db.is_shared();
        let mut hub = Hub {
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
            alive_due: None,
            peers: Vec::new(),
        };
        if shared {
            hub.alive_due = Some(Instant::now());
        }
        hub
    }

    /// A client connected.
    pub fn connect(&mut self, id: ConnId, session: Session) {
        self.sessions.insert(id, session);
    }

    /// A stand-in for a player of another node, logged in here under its
    /// handle (not a presence of this node: [`super::relay`]).
    pub fn connect_stand_in(&mut self, id: ConnId, session: Session) {
        self.handles.insert(session.handle.to_lowercase(), id);
        self.sessions.insert(id, session);
    }

    /// A client is gone: its session, and its handle freed (on every
    /// node).
    pub fn disconnect(&mut self, id: ConnId) -> Option<Session> {
        let session = self.sessions.remove(&id)?;
        if let Stage::Guest(name) = &session.stage
            && let Err(e) = self.db.absent(name)
        {
            eprintln!("server: database: {e}");
        }
        if session.is_in() && self.find(&session.handle) == Some(id) {
            self.handles.remove(&session.handle.to_lowercase());
            if session.home.is_some() {
                return Some(session);
            }
            if let Err(e) = self.db.absent(&session.handle) {
                eprintln!("server: database: {e}");
            }
        }
        Some(session)
    }

    /// Every connected client.
    pub fn sessions(&self) -> impl Iterator<Item = (ConnId, &Session)> {
        self.sessions.iter().map(|(&id, s)| (id, s))
    }

    /// Every connected client, to change (its handle stays as it is).
    pub fn sessions_mut(&mut self) -> impl Iterator<Item = (ConnId, &mut Session)> {
        self.sessions.iter_mut().map(|(&id, s)| (id, s))
    }

    /// Game `number` in progress.
    pub fn table(&self, number: u32) -> Option<&Table> {
        self.tables.get(&number)
    }

    /// Game `number` in progress, to change (its players and watchers
    /// stay as they are).
    pub fn table_mut(&mut self, number: u32) -> Option<&mut Table> {
        self.tables.get_mut(&number)
    }

    /// The games in progress, by number.
    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.tables.values()
    }

    /// The smallest number no game in progress has, here or on another
    /// node sharing the database (taken there at once).
    pub fn free_table_number(&self) -> u32 {
        let taken = self.db.listed_numbers("game").unwrap_or_default();
        (1..)
            .find(|n| {
                !self.tables.contains_key(n)
                    && !taken.contains(n)
                    && self.db.list("game", *n, "").unwrap_or(true)
            })
            .unwrap_or(1)
    }

    /// Seats a game: its players online are told they play it.
    pub fn seat_table(&mut self, table: Table) {
        let number = table.number;
        let line = format!(
            "{number:3} {:<17} {:<17} [{}]",
            table.players.white,
            table.players.black,
            table.terms.describe(&self.games)
        );
        if let Err(e) = self.db.list("game", number, &line) {
            eprintln!("server: database: {e}");
        }
        for handle in table.players.iter() {
            if let Some(s) = self.find(handle).and_then(|c| self.sessions.get_mut(&c)) {
                s.seating.playing = Some(number);
            }
        }
        self.tables.insert(number, table);
    }

    /// A player of game `number` came back on connection `id`.
    pub fn rejoin_table(&mut self, number: u32, id: ConnId) {
        if self.tables.contains_key(&number)
            && let Some(s) = self.sessions.get_mut(&id)
        {
            s.seating.playing = Some(number);
        }
    }

    /// Removes a game that ended or was adjourned from its players and
    /// watchers.
    pub fn close_table(&mut self, number: u32) -> Option<Table> {
        let table = self.tables.remove(&number)?;
        if let Err(e) = self.db.unlist("game", number) {
            eprintln!("server: database: {e}");
        }
        for handle in table.players.iter() {
            if let Some(s) = self.find(handle).and_then(|c| self.sessions.get_mut(&c))
                && s.seating.playing == Some(number)
            {
                s.seating.playing = None;
            }
        }
        for conn in &table.observers {
            if let Some(s) = self.sessions.get_mut(conn) {
                s.seating.observing.remove(&number);
            }
        }
        Some(table)
    }

    /// `id` watches game `number`: `false` when there is no such game.
    pub fn observe(&mut self, number: u32, id: ConnId) -> bool {
        let (Some(table), Some(s)) = (self.tables.get_mut(&number), self.sessions.get_mut(&id))
        else {
            return false;
        };
        table.observers.insert(id);
        s.seating.observing.insert(number);
        true
    }

    /// `id` no longer watches game `number`.
    pub fn unobserve(&mut self, number: u32, id: ConnId) {
        if let Some(t) = self.tables.get_mut(&number) {
            t.observers.remove(&id);
        }
        if let Some(s) = self.sessions.get_mut(&id) {
            s.seating.observing.remove(&number);
        }
    }

    /// The open seeks.
    pub fn seeks(&self) -> &[Seek] {
        &self.seeks
    }

    /// Posts a seek under the next free number (never one an open seek
    /// has, so `play N` reaches the seek its ad named), told to those who
    /// asked; `None` when every number is taken.
    pub fn post_seek(
        &mut self,
        owner: &str,
        terms: super::terms::Terms,
        color: Option<crate::rules::chess::Color>,
    ) -> Option<u32> {
        let taken = self.db.listed_numbers("seek").unwrap_or_default();
        let number = (0..SEEK_NUMBERS).find_map(|_| {
            let number = self.next_seek;
            self.next_seek = self.next_seek % SEEK_NUMBERS + 1;
            (self.seeks.iter().all(|s| s.number != number)
                && !taken.contains(&number)
                && self.db.list("seek", number, "").unwrap_or(true))
            .then_some(number)
        })?;
        let seek = Seek {
            number,
            owner: owner.to_string(),
            terms,
            color,
        };
        // Listed for the other nodes: its `sought` line, and its `<s>`.
        let line = format!(
            "{}\n{}",
            super::seek::sought_line(self, &seek),
            super::notices::seek_line(self, &seek)
        );
        if let Err(e) = self.db.list("seek", number, &line) {
            eprintln!("server: database: {e}");
        }
        super::notices::seek_posted(self, &seek);
        self.seeks.push(seek);
        Some(number)
    }

    /// Withdraws the seeks `gone` picks, told to those who asked; the
    /// seeks withdrawn.
    pub fn withdraw_seeks(&mut self, gone: impl Fn(&Seek) -> bool) -> Vec<Seek> {
        let (gone, kept): (Vec<Seek>, Vec<Seek>) =
            std::mem::take(&mut self.seeks).into_iter().partition(gone);
        self.seeks = kept;
        let numbers: Vec<u32> = gone.iter().map(|s| s.number).collect();
        for &number in &numbers {
            if let Err(e) = self.db.unlist("seek", number) {
                eprintln!("server: database: {e}");
            }
        }
        super::notices::seeks_removed(self, &numbers);
        gone
    }

    /// The open challenges.
    pub fn offers(&self) -> &[Offer] {
        &self.offers
    }

    /// Puts up a challenge, replacing one from the same player to the
    /// same player.
    pub fn put_offer(&mut self, offer: Offer) {
        self.offers
            .retain(|o| !(o.from == offer.from && o.to == offer.to));
        self.offers.push(offer);
    }

    /// Takes down the first challenge `which` picks.
    pub fn take_offer(&mut self, which: impl Fn(&Offer) -> bool) -> Option<Offer> {
        let i = self.offers.iter().position(which)?;
        Some(self.offers.remove(i))
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
        // On the other nodes: seen in `who`, and a session of the same
        // name elsewhere ended, as one here would be.
        let shown = self.session(id).map(Session::shown).unwrap_or_default();
        match self.db.present(handle, &shown) {
            Ok(Some(node)) => super::relay::send(
                self,
                &node,
                super::bus::Kind::Kick,
                handle,
                "\nYou are logged in from somewhere else: this session ends.",
            ),
            Ok(None) => {}
            Err(e) => eprintln!("server: database: {e}"),
        }
    }

    /// Forgets the seeks and challenges of `handle` (it started a game, or
    /// left); the owner of a seek is told which went, the other side of a
    /// challenge that it is withdrawn.
    pub fn forget(&mut self, handle: &str) {
        let gone = self.withdraw_seeks(|s| s.owner == handle);
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
