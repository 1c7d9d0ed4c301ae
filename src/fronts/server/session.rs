//! A client's session: where it is in logging in, its handle, its
//! settings (board style, milliseconds), its game and the games it
//! watches, and what is waiting to be sent to it.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use tokio::sync::{Notify, mpsc};

use super::rate::{self, Bucket};

/// Where a client is in logging in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Asked for a name (`login:`).
    Name,
    /// A registered name was given: asked for its password.
    Password(String),
    /// The password typed for this name is being checked.
    Checking(String),
    /// A guest name was offered: waiting for Enter.
    Guest(String),
    /// Logged in.
    In,
}

/// One connected client.
pub struct Session {
    /// Its outgoing queue (closed when the hub lets the client go).
    pub out: Option<mpsc::Sender<Arc<str>>>,
    /// The bytes queued for it and not yet written.
    pub backlog: Arc<AtomicUsize>,
    /// Closes the connection at once (it is let go for not reading).
    pub kill: Arc<Notify>,
    /// Where it is in logging in.
    pub stage: Stage,
    /// Its handle, once logged in.
    pub handle: String,
    /// Whether the handle is a registered account.
    pub registered: bool,
    /// Boards as `<12>` lines (`style 12`), else drawn as text.
    pub style12: bool,
    /// Clocks in milliseconds on `<12>` lines (`iset ms 1`).
    pub ms: bool,
    /// What its seat may know, as `<s1>` lines (`iset seat 1`; see
    /// `told.rs`).
    pub seat: bool,
    /// When it connected (login times out) or logged in.
    pub since: Instant,
    /// When it last sent a line (it is logged out when idle too long).
    pub active: Instant,
    /// The games it plays and watches (the hub's to change).
    pub seating: super::hub::Seating,
    /// Text waiting to be sent.
    pub pending: String,
    /// A line was answered: the prompt is due even with nothing to say.
    pub answered: bool,
    /// Failed password attempts.
    pub failures: u32,
    /// Messages to it dropped (it did not read fast enough) and not yet
    /// told.
    pub dropped: usize,
    /// Its talk's rate limit.
    pub talk: Bucket,
    /// Its seeks' rate limit.
    pub seeks: Bucket,
    /// It says it is a computer player (`set computer 1`): `(C)` in
    /// `who` and `finger`.
    pub computer: bool,
    /// FICS block mode (`iset block 1`): each line starts with a number,
    /// and the answer comes wrapped with it and the command's code.
    pub block: bool,
    /// The notices it asked for (`iset seekinfo 1`, `set gin 1`, `set
    /// pin 1`).
    pub notices: super::notices::Wanted,
    /// Its last game's opponent, terms and its own colour (`rematch`).
    pub last_game: Option<(String, super::terms::Terms, crate::rules::chess::Color)>,
    /// The client's address.
    pub peer: std::net::IpAddr,
    /// A stand-in for a player of this node ([`super::relay`]).
    pub home: Option<String>,
    /// The node this player's lines go to while its game is there.
    pub relay_to: Option<String>,
}

impl Session {
    /// A client that just connected.
    pub fn new(
        out: mpsc::Sender<Arc<str>>,
        backlog: Arc<AtomicUsize>,
        kill: Arc<Notify>,
        peer: std::net::IpAddr,
    ) -> Session {
        Session {
            out: Some(out),
            backlog,
            kill,
            stage: Stage::Name,
            handle: String::new(),
            registered: false,
            style12: false,
            ms: false,
            seat: false,
            since: Instant::now(),
            active: Instant::now(),
            seating: Default::default(),
            pending: String::new(),
            answered: false,
            failures: 0,
            dropped: 0,
            talk: Bucket::new(rate::TALK),
            seeks: Bucket::new(rate::SEEKS),
            computer: false,
            block: false,
            notices: Default::default(),
            last_game: None,
            peer,
            home: None,
            relay_to: None,
        }
    }

    /// Queues `text` to be written; `false` when the client is not
    /// reading (its queue is full, or holds [`super::net::OUT_BYTES`]).
    pub fn send(&self, text: String) -> bool {
        let Some(out) = &self.out else {
            return true;
        };
        if self.backlog.load(Ordering::SeqCst) + text.len() > super::net::OUT_BYTES {
            return false;
        }
        let len = text.len();
        // Counted before it is queued: the writer takes it off once written.
        self.backlog.fetch_add(len, Ordering::SeqCst);
        if out.try_send(Arc::from(text)).is_err() {
            self.backlog.fetch_sub(len, Ordering::SeqCst);
            return false;
        }
        true
    }

    /// The bytes waiting for it: queued to its writer, and not yet
    /// sent by the hub.
    pub fn waiting(&self) -> usize {
        self.backlog.load(Ordering::SeqCst) + self.pending.len()
    }

    /// Its settings as another node takes them: `style12 ms seat block
    /// computer`, each 0 or 1.
    pub fn settings(&self) -> String {
        [self.style12, self.ms, self.seat, self.block, self.computer]
            .map(|b| if b { "1" } else { "0" })
            .join(" ")
    }

    /// Takes the settings of [`Session::settings`].
    pub fn apply_settings(&mut self, text: &str) {
        let flags: Vec<bool> = text.split(' ').map(|w| w == "1").collect();
        if let [style12, ms, seat, block, computer] = flags[..] {
            (self.style12, self.ms, self.seat, self.block, self.computer) =
                (style12, ms, seat, block, computer);
        }
    }

    /// Whether it is logged in.
    pub fn is_in(&self) -> bool {
        self.stage == Stage::In
    }

    /// The handle as `who` and `Creating` lines show it: a guest's with
    /// `(U)` ("unregistered"), a computer's with `(C)`.
    pub fn shown(&self) -> String {
        let mut shown = self.handle.clone();
        if !self.registered {
            shown.push_str("(U)");
        }
        if self.computer {
            shown.push_str("(C)");
        }
        shown
    }
}
