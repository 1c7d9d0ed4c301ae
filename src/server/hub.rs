//! The hub: the one owner of the server's state (sessions, seeks and
//! challenges, games in progress, the database). It runs on a thread of
//! its own and takes events one at a time, so no state is shared between
//! threads and every change is committed before anyone is told of it.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::db::Db;
use super::net::{ConnId, Event};
use super::seek::{Offer, Seek};
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
        }
    }

    /// Takes events until the server stops and every client is told.
    ///
    /// Events come in batches: whatever is waiting (up to [`BATCH`]) is
    /// handled inside one database transaction, committed, and only then
    /// is anything sent (group commit: every move is on disk before anyone
    /// hears of it, at one disk sync per batch rather than per move).
    pub async fn run(mut self, mut events: mpsc::Receiver<Event>) {
        loop {
            let deadline = self.next_deadline();
            let event = match deadline {
                Some(at) => {
                    tokio::select! {
                        e = events.recv() => e,
                        () = tokio::time::sleep_until(at.into()) => {
                            self.db.begin();
                            self.tick();
                            self.db.commit();
                            self.flush();
                            continue;
                        }
                    }
                }
                None => events.recv().await,
            };
            let Some(event) = event else { return };
            let mut stop = matches!(event, Event::Shutdown);
            self.db.begin();
            self.handle(event);
            for _ in 1..BATCH {
                let Ok(event) = events.try_recv() else { break };
                stop |= matches!(event, Event::Shutdown);
                self.handle(event);
            }
            self.tick();
            self.db.commit();
            self.flush();
            if stop {
                return;
            }
        }
    }

    fn handle(&mut self, event: Event) {
        match event {
            Event::Connected {
                id,
                peer,
                out,
                backlog,
            } => {
                let mut session = Session::new(out, backlog, peer.ip());
                session.pending.push_str(super::login::GREETING);
                self.sessions.insert(id, session);
            }
            Event::Line { id, line, too_long } => {
                if too_long {
                    self.say(id, "Line too long: ignored.");
                } else {
                    self.line(id, line.trim());
                }
            }
            Event::Closed { id } => self.gone(id),
            Event::Shutdown => self.shutdown(),
        }
    }

    /// A line from a client, at whatever stage it is.
    fn line(&mut self, id: ConnId, line: &str) {
        let Some(session) = self.sessions.get(&id) else {
            return;
        };
        if session.is_in() {
            if let Some(s) = self.sessions.get_mut(&id) {
                s.answered = true;
            }
            super::commands::run(self, id, line);
        } else {
            super::login::line(self, id, line);
        }
    }

    /// The earliest time something happens on its own: a flag falls, a
    /// login times out.
    fn next_deadline(&self) -> Option<Instant> {
        let flags = self.tables.values().filter_map(Table::deadline);
        let logins = self
            .sessions
            .values()
            .filter(|s| !s.is_in())
            .map(|s| s.since + LOGIN_TIMEOUT);
        flags.chain(logins).min()
    }

    /// Decides what time decides: fallen flags, timed-out logins.
    fn tick(&mut self) {
        let now = Instant::now();
        let fallen: Vec<u32> = self
            .tables
            .iter()
            .filter(|(_, t)| t.deadline().is_some_and(|d| d <= now))
            .map(|(&n, _)| n)
            .collect();
        for number in fallen {
            super::play::flag(self, number);
        }
        let late: Vec<ConnId> = self
            .sessions
            .iter()
            .filter(|(_, s)| !s.is_in() && now >= s.since + LOGIN_TIMEOUT)
            .map(|(&id, _)| id)
            .collect();
        for id in late {
            self.say(id, "\nLogin timed out.");
            self.close(id);
        }
    }

    /// Queues `text` (a line or lines) for a client.
    pub fn say(&mut self, id: ConnId, text: &str) {
        if let Some(s) = self.sessions.get_mut(&id) {
            s.pending.push_str(text);
            s.pending.push('\n');
        }
    }

    /// Queues `text` without a line end (a prompt of the login).
    pub fn prompt(&mut self, id: ConnId, text: &str) {
        if let Some(s) = self.sessions.get_mut(&id) {
            s.pending.push_str(text);
        }
    }

    /// Sends what is queued, each logged-in client's text followed by the
    /// prompt. A client whose queue is full is not reading: it is let go.
    fn flush(&mut self) {
        let mut stuck = Vec::new();
        for (&id, session) in &mut self.sessions {
            let answered = std::mem::take(&mut session.answered) && session.is_in();
            if session.pending.is_empty() && !answered {
                continue;
            }
            let mut text = std::mem::take(&mut session.pending);
            if session.is_in() {
                if !text.is_empty() {
                    text.insert(0, '\n');
                }
                text.push_str(PROMPT);
            }
            if !session.send(text) {
                stuck.push(id);
            }
        }
        for id in stuck {
            self.gone(id);
        }
    }

    /// Lets a client go: what it had queued is sent, then the connection
    /// closes.
    pub fn close(&mut self, id: ConnId) {
        if let Some(session) = self.sessions.get_mut(&id) {
            let text = std::mem::take(&mut session.pending);
            if let Some(out) = session.out.take()
                && !text.is_empty()
            {
                let _ = out.try_send(Arc::from(text));
            }
        }
        self.gone(id);
    }

    /// A client is gone: its seeks and challenges are withdrawn, its game
    /// adjourned (between registered players) or forfeited.
    fn gone(&mut self, id: ConnId) {
        let Some(mut session) = self.sessions.remove(&id) else {
            return;
        };
        session.out = None;
        if !session.is_in() {
            return;
        }
        self.handles.remove(&session.handle.to_lowercase());
        super::seek::forget(self, &session.handle);
        for number in &session.observing {
            if let Some(t) = self.tables.get_mut(number) {
                t.observers.remove(&id);
            }
        }
        if let Some(number) = session.playing {
            // Put back so that the game's ending reaches nobody gone.
            super::play::disconnected(self, number, &session.handle);
        }
    }

    /// The server stops: games in progress are adjourned, every client
    /// is told and let go.
    fn shutdown(&mut self) {
        self.stopping = true;
        let numbers: Vec<u32> = self.tables.keys().copied().collect();
        for number in numbers {
            super::play::adjourn(self, number, "Game adjourned by the server shutting down");
        }
        let ids: Vec<ConnId> = self.sessions.keys().copied().collect();
        for id in ids {
            self.say(id, "\n    **** The server is shutting down. ****\n");
            self.close(id);
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
}
