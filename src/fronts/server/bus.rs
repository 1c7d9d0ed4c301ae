//! What server nodes sharing a PostgreSQL database tell each other, by
//! its LISTEN/NOTIFY: each node listens on a channel of its own
//! ([`channel_of`]) and another node notifies it inside the transaction
//! of the batch that decided it, so a message is delivered only once
//! what it tells is committed. A message is a [`Remote`]: what to do,
//! for which of the node's players, and the text.
//!
//! The listener is a thread with a connection of its own; what it hears
//! reaches the hub as an event, in the order sent. A lost connection is
//! made again every second (messages sent meanwhile are lost: they are
//! talk and notices, never moves).

use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;
use tokio::sync::mpsc;

use super::net::Event;

/// The longest payload PostgreSQL carries, less room for the header.
pub const MAX_TEXT: usize = 7800;

/// A message from another node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Remote {
    /// What to do.
    pub kind: Kind,
    /// The node that sent it.
    pub from: String,
    /// The handle of the player (on this node) it is for.
    pub handle: String,
    /// The text.
    pub text: String,
}

/// What a message asks. A player whose game (or challenge, or watched
/// game) is on another node is *relayed* there ([`super::relay`]): its
/// home node, which holds its connection, passes its lines on, and the
/// node of the game, which holds a stand-in session for it, sends back
/// what that session is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Tell the player this text (talk from another node).
    Tell,
    /// The player logged in on another node: this session ends.
    Kick,
    /// To the home node: relay the player to the sender from now on.
    Relay,
    /// To the node of the game: the player may not be relayed (busy).
    Refused,
    /// To the node of the game: the player's settings (`Session::settings`).
    Settings,
    /// To the node of the game: a line the player typed.
    Line,
    /// To the home node: text for the player.
    Deliver,
    /// To the home node: the relay ends (nothing left there for it).
    Release,
    /// To the node of the game: the player's connection is gone.
    Gone,
    /// To the node of a player or a listing: run this line for a player
    /// of the sender (`observe NAME` for a player whose game is
    /// elsewhere, `play N`, `observe N`); the text is the player's
    /// handle, its settings and the line, a line each.
    Visit,
    /// To every other node: a notice (`<s>`, `{Game ...}`, `[NAME has
    /// connected.]`) for its players who asked for it; the handle is
    /// which notices ([`super::notices`]).
    Notice,
}

const KINDS: [(Kind, &str); 11] = [
    (Kind::Tell, "tell"),
    (Kind::Kick, "kick"),
    (Kind::Relay, "relay"),
    (Kind::Refused, "refused"),
    (Kind::Settings, "settings"),
    (Kind::Line, "line"),
    (Kind::Deliver, "deliver"),
    (Kind::Release, "release"),
    (Kind::Gone, "gone"),
    (Kind::Visit, "visit"),
    (Kind::Notice, "notice"),
];

impl Remote {
    /// The message as a payload: kind, sender, handle and text on lines.
    pub fn payload(&self) -> String {
        let kind = KINDS
            .iter()
            .find(|(k, _)| *k == self.kind)
            .map_or("tell", |(_, w)| w);
        let mut text = self.text.as_str();
        if text.len() > MAX_TEXT {
            let cut = (0..=MAX_TEXT).rev().find(|&i| text.is_char_boundary(i));
            text = &text[..cut.unwrap_or(0)];
        }
        format!("{kind}\n{}\n{}\n{text}", self.from, self.handle)
    }

    /// A payload read back (`None` when it is not one).
    pub fn read(payload: &str) -> Option<Remote> {
        let mut parts = payload.splitn(4, '\n');
        let word = parts.next()?;
        let kind = KINDS.iter().find(|(_, w)| *w == word)?.0;
        Some(Remote {
            kind,
            from: parts.next()?.to_string(),
            handle: parts.next()?.to_string(),
            text: parts.next().unwrap_or_default().to_string(),
        })
    }
}

/// The channel node `node` listens on: `antichess_` and its name in
/// lower-case letters, digits and `_`, at most 63 bytes.
pub fn channel_of(node: &str) -> String {
    let name: String = node
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    let mut channel = format!("antichess_{name}");
    channel.truncate(63);
    channel
}

/// Listens for node `node`'s messages on the database at `url`, each
/// sent to the hub, until the hub is gone. Returns once it listens (or
/// its first attempt failed), so that nothing sent to the node after is
/// lost.
pub fn listen(url: String, node: String, hub: mpsc::Sender<Event>) {
    let (listening, first) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let channel = channel_of(&node);
        loop {
            match postgres::Client::connect(&url, postgres::NoTls) {
                Ok(mut client) => {
                    let listened = client.batch_execute(&format!("LISTEN \"{channel}\""));
                    let _ = listening.send(());
                    if let Err(e) = listened {
                        eprintln!("server: database: cannot listen: {e}");
                    } else {
                        let mut heard = client.notifications();
                        let mut heard = heard.blocking_iter();
                        while let Ok(Some(note)) = heard.next() {
                            let Some(message) = Remote::read(note.payload()) else {
                                continue;
                            };
                            if hub.blocking_send(Event::Remote(message)).is_err() {
                                return;
                            }
                        }
                    }
                }
                Err(e) => {
                    let _ = listening.send(());
                    eprintln!("server: database: cannot listen: {e}");
                }
            }
            if hub.is_closed() {
                return;
            }
            std::thread::sleep(Duration::from_secs(1));
        }
    });
    let _ = first.recv();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_reads_back_and_channels_are_identifiers() {
        let m = Remote {
            kind: Kind::Tell,
            from: "node-1".into(),
            handle: "Alice".into(),
            text: "Bob tells you: two\nlines".into(),
        };
        assert_eq!(Remote::read(&m.payload()), Some(m));
        assert_eq!(Remote::read("shout\nn\nx\ny"), None);
        assert_eq!(channel_of("Lab-2.example-77"), "antichess_lab_2_example_77");
        assert_eq!(channel_of(&"x".repeat(100)).len(), 63);
    }
}
