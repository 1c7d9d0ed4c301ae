//! What a client may ask to be told of the server as it changes, in
//! FICS's words: the seeks as `<s>`, `<sr>` and `<sc>` lines (`iset
//! seekinfo 1`), games starting and ending (`set gin 1`), players
//! arriving and leaving (`set pin 1`). The page keeps its lobby with them;
//! xboard draws its seek graph from the first.
//!
//! ```text
//! <sc>                                   (the list starts anew)
//! <s> N w=NAME ti=TT rt=RATING t=MIN i=INC r=r|u tp=TYPE c=W|B|? rr=0-9999 a=t f=f
//! <sr> N [N...]                          (these seeks are gone)
//! {Game N (WHITE vs. BLACK) Creating unrated blitz match.}
//! {Game N (WHITE vs. BLACK) WHITE resigns} 0-1
//! [NAME has connected.]
//! [NAME has disconnected.]
//! ```
//!
//! `ti` is FICS's titles in hexadecimal: 01 a guest, 02 a computer. `rt` is
//! the rating in the seek's type, `0P` for none. Each goes as talk does
//! ([`Hub::chat`]): a client that does not read loses them, not the server.
//!
//! With server nodes sharing a database, each notice also goes to the
//! other live nodes ([`super::bus::Kind::Notice`]), which tell their own
//! players who asked; a player is told by its home node only (never
//! through a stand-in of it on another node, [`super::relay`]).

use super::hub::Hub;
use super::net::ConnId;
use super::offer::Seek;
use crate::rules::chess::Color;

/// Which notices a session asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wanted {
    /// `<s>`, `<sr>`, `<sc>` lines (`iset seekinfo 1`).
    pub seeks: bool,
    /// Games starting and ending (`set gin 1`).
    pub games: bool,
    /// Players arriving and leaving (`set pin 1`).
    pub players: bool,
}

/// A kind of notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    Seeks,
    Games,
    Players,
}

const WHICH: [(Which, &str); 3] = [
    (Which::Seeks, "seeks"),
    (Which::Games, "games"),
    (Which::Players, "players"),
];

impl Which {
    fn word(self) -> &'static str {
        WHICH
            .iter()
            .find(|(w, _)| *w == self)
            .map_or("", |(_, s)| s)
    }

    fn wanted(self, wanted: &Wanted) -> bool {
        match self {
            Which::Seeks => wanted.seeks,
            Which::Games => wanted.games,
            Which::Players => wanted.players,
        }
    }
}

/// The sessions connected here that asked for `which` notices, but for
/// the handles `except`.
fn asking(hub: &Hub, which: Which, except: &[String]) -> Vec<ConnId> {
    hub.sessions()
        .filter(|(_, s)| {
            s.is_in()
                && s.home.is_none()
                && which.wanted(&s.notices)
                && !except.iter().any(|h| h.eq_ignore_ascii_case(&s.handle))
        })
        .map(|(id, _)| id)
        .collect()
}

/// Tells `line` to those here who asked for `which`, but for the handles
/// `except`, and sends it to the other nodes to do the same.
fn tell(hub: &mut Hub, which: Which, line: &str, except: &[String]) {
    for id in asking(hub, which, except) {
        hub.chat(id, line);
    }
    let text = format!("{}\n{line}", except.join(" "));
    for node in &hub.peers {
        super::relay::send(hub, node, super::bus::Kind::Notice, which.word(), &text);
    }
}

/// A notice from another node: `which` (its word), the handles not to
/// tell and the line.
pub fn heard(hub: &mut Hub, which: &str, text: &str) {
    let Some(&(which, _)) = WHICH.iter().find(|(_, w)| *w == which) else {
        return;
    };
    let Some((except, line)) = text.split_once('\n') else {
        return;
    };
    let except: Vec<String> = except.split_whitespace().map(str::to_string).collect();
    for id in asking(hub, which, &except) {
        hub.chat(id, line);
    }
}

/// `seek` as its `<s>` line.
pub fn seek_line(hub: &Hub, seek: &Seek) -> String {
    let (registered, computer) = match hub.find(&seek.owner).and_then(|id| hub.session(id)) {
        Some(s) => (s.registered, s.computer),
        None => (false, false),
    };
    let titles = u8::from(!registered) | (u8::from(computer) << 1);
    let kind = seek.terms.kind(&hub.games);
    let rating = super::rating::shown(hub, &seek.owner, &kind);
    let rating = if rating.bytes().all(|b| b.is_ascii_digit()) {
        rating
    } else {
        "0P".to_string()
    };
    let color = match seek.color {
        Some(Color::White) => 'W',
        Some(Color::Black) => 'B',
        None => '?',
    };
    format!(
        "<s> {} w={} ti={titles:02x} rt={rating} t={} i={} r={} tp={kind} c={color} rr=0-9999 a=t f=f",
        seek.number,
        seek.owner,
        seek.terms.initial_ms / 60_000,
        seek.terms.increment_ms / 1000,
        if seek.terms.rated { 'r' } else { 'u' },
    )
}

/// A seek was posted.
pub fn seek_posted(hub: &mut Hub, seek: &Seek) {
    let line = seek_line(hub, seek);
    tell(hub, Which::Seeks, &line, &[]);
}

/// Seeks `numbers` are gone (withdrawn, taken, or their owner left or
/// started a game).
pub fn seeks_removed(hub: &mut Hub, numbers: &[u32]) {
    if numbers.is_empty() {
        return;
    }
    let list: Vec<String> = numbers.iter().map(u32::to_string).collect();
    let line = format!("<sr> {}", list.join(" "));
    tell(hub, Which::Seeks, &line, &[]);
}

/// Every open seek of every node, after `<sc>`, to `id` (it just asked
/// for them).
pub fn seek_list(hub: &mut Hub, id: ConnId) {
    let mut lines = vec!["<sc>".to_string()];
    lines.extend(super::seek::every_seek(hub, seek_line, 1));
    hub.say(id, &lines.join("\n"));
}

/// A game started or ended, as its `{Game ...}` line: to those who asked,
/// but for `audience` (its players and watchers were told).
pub fn game(hub: &mut Hub, line: &str, audience: &[ConnId]) {
    let told: Vec<String> = audience.iter().map(|&id| hub.handle_of(id)).collect();
    tell(hub, Which::Games, line, &told);
}

/// `handle` logged in (`arrived`) or left.
pub fn player(hub: &mut Hub, handle: &str, arrived: bool) {
    let verb = if arrived { "connected" } else { "disconnected" };
    let line = format!("[{handle} has {verb}.]");
    tell(hub, Which::Players, &line, &[handle.to_string()]);
}
