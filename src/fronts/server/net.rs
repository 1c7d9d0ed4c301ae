//! The connections: a task per client reads lines (bounded in length,
//! invalid bytes and telnet commands dropped) and hands them to the hub,
//! each with the moment it arrived; a writer sends what the hub queues.
//! A client that stops reading is let go by the hub (its queue full) or
//! by its writer (one write taking longer than the write timeout), and
//! either way its connection is closed at once and its slot freed, rather
//! than allowed to hold the server's memory and descriptors.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc};

use super::admission::Connections;
use super::rate::Bucket;
use crate::sys::telnet::Lines;

/// A connection's number, unique for the server's life.
pub type ConnId = u64;

/// The longest line a client may send; longer lines are cut and refused.
pub const MAX_LINE: usize = 1024;
/// Messages queued for a client before it counts as not reading.
pub const OUT_QUEUE: usize = 4096;
/// Bytes queued for a client before it counts as not reading (messages
/// of other players are dropped long before: this is its own game's lines
/// and its own commands' answers).
pub const OUT_BYTES: usize = 1 << 20;

/// In queued text, where the telnet command "the server will echo" goes
/// (the client stops echoing a password). Clients cannot send control
/// characters, so the marker cannot come from them.
pub const ECHO_OFF: &str = "\u{1}";
/// In queued text: "the server will not echo" (the client echoes again).
pub const ECHO_ON: &str = "\u{2}";

/// The bytes on the wire for queued text: the echo markers become telnet
/// commands.
fn wire(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            1 => out.extend([255, 251, 1]),
            2 => out.extend([255, 252, 1]),
            b => out.push(b),
        }
    }
    out
}

/// Queued text without the echo markers (for a client that is no
/// telnet).
pub fn plain(text: &str) -> String {
    text.chars()
        .filter(|c| !ECHO_OFF.contains(*c) && !ECHO_ON.contains(*c))
        .collect()
}

/// What reaches the hub.
#[derive(Debug)]
pub enum Event {
    /// A client connected; `out` takes what is sent to it.
    Connected {
        /// The connection.
        id: ConnId,
        /// Its address.
        peer: SocketAddr,
        /// Its outgoing queue.
        out: mpsc::Sender<Arc<str>>,
        /// The bytes queued and not yet written.
        backlog: Arc<AtomicUsize>,
        /// Told when the hub lets the client go for not reading: the
        /// connection closes without writing what is queued.
        kill: Arc<Notify>,
    },
    /// A line from a client (without its line end); `too_long` when it
    /// was cut at [`MAX_LINE`].
    Line {
        /// The connection.
        id: ConnId,
        /// The text.
        line: String,
        /// Whether the line was longer than allowed.
        too_long: bool,
        /// When it arrived (a move's time is counted to this moment, not
        /// to when the hub came to it).
        at: Instant,
    },
    /// A new account's password hashed away from the hub
    /// ([`super::register`]).
    Hashed {
        /// The connection that asked.
        id: ConnId,
        /// The name to register.
        name: String,
        /// The hash (`None`: it could not be made).
        hash: Option<String>,
    },
    /// A password checked away from the hub ([`super::password`]).
    Checked {
        /// The connection that typed it.
        id: ConnId,
        /// Its address.
        peer: std::net::IpAddr,
        /// The name it was for.
        name: String,
        /// Whether it matched.
        ok: bool,
    },
    /// The client closed the connection or it failed.
    Closed {
        /// The connection.
        id: ConnId,
    },
    /// A message from another server node ([`super::bus`]).
    Remote(super::bus::Remote),
    /// The server is stopping.
    Shutdown,
}

/// The next client of `listener`, its writes unbuffered. A failure to
/// accept (out of descriptors, say) waits a moment rather than spin.
pub async fn next_client(listener: &TcpListener) -> (TcpStream, SocketAddr) {
    loop {
        match listener.accept().await {
            Ok((stream, peer)) => {
                let _ = stream.set_nodelay(true);
                return (stream, peer);
            }
            Err(_) => tokio::time::sleep(std::time::Duration::from_millis(50)).await,
        }
    }
}

/// Accepts clients until the task is dropped.
pub async fn accept(
    listener: TcpListener,
    hub: mpsc::Sender<Event>,
    connections: Arc<Connections>,
) {
    loop {
        let (stream, peer) = next_client(&listener).await;
        let admitted = match connections.admit(peer.ip()) {
            Ok(admitted) => admitted,
            Err(refused) => {
                // Written at once if it fits the socket's buffer (it
                // does), never waited for: the descriptor goes now.
                let _ = stream.try_write(refused.text().as_bytes());
                continue;
            }
        };
        let hub = hub.clone();
        let write_timeout = connections.limits().write_timeout;
        tokio::spawn(async move {
            serve(stream, peer, admitted.id, hub, write_timeout).await;
            drop(admitted);
        });
    }
}

/// What a connection's writer takes from the hub.
pub struct Outgoing {
    /// The text queued for the client.
    pub queue: mpsc::Receiver<Arc<str>>,
    /// The bytes queued and not yet written.
    pub backlog: Arc<AtomicUsize>,
    /// Told when the client is let go for not reading.
    pub kill: Arc<Notify>,
}

impl Outgoing {
    /// The next text to write: `None` when the hub let the client go
    /// (at once when for not reading, else once the queue is written).
    pub async fn next(&mut self) -> Option<Arc<str>> {
        tokio::select! {
            text = self.queue.recv() => text,
            () = self.kill.notified() => None,
        }
    }

    /// `write` done within `timeout`, unless the client is let go
    /// meanwhile: whether it was; the text counted as written.
    pub async fn written<E>(
        &self,
        text: &str,
        timeout: std::time::Duration,
        write: impl std::future::Future<Output = Result<(), E>>,
    ) -> bool {
        let done = tokio::select! {
            r = tokio::time::timeout(timeout, write) => matches!(r, Ok(Ok(()))),
            () = self.kill.notified() => false,
        };
        self.backlog.fetch_sub(text.len(), Ordering::SeqCst);
        done
    }
}

/// Tells the hub of a new client: what its writer takes, or `None` when
/// the hub is gone.
pub async fn connected(
    hub: &mpsc::Sender<Event>,
    id: ConnId,
    peer: SocketAddr,
) -> Option<Outgoing> {
    let (out, queue) = mpsc::channel::<Arc<str>>(OUT_QUEUE);
    let backlog = Arc::new(AtomicUsize::new(0));
    let kill = Arc::new(Notify::new());
    let connected = Event::Connected {
        id,
        peer,
        out,
        backlog: Arc::clone(&backlog),
        kill: Arc::clone(&kill),
    };
    hub.send(connected).await.ok()?;
    Some(Outgoing {
        queue,
        backlog,
        kill,
    })
}

/// A client's incoming lines: split as telnet says, and passed to the
/// hub no faster than [`super::rate::LINES`] allows (a client sending
/// faster is read more slowly, its own connection holding the rest), so
/// that no client takes more than its share of the hub, which every
/// game's moves go through.
pub struct Incoming {
    lines: Lines,
    throttle: Bucket,
}

impl Default for Incoming {
    /// A new connection's.
    fn default() -> Incoming {
        Incoming {
            lines: Lines::new(MAX_LINE),
            throttle: Bucket::new(super::rate::LINES),
        }
    }
}

impl Incoming {
    /// Hands the lines in `bytes` to the hub; `false` when it is gone.
    pub async fn pass(&mut self, bytes: &[u8], id: ConnId, hub: &mpsc::Sender<Event>) -> bool {
        for &b in bytes {
            let Some((text, too_long)) = self.lines.push(b) else {
                continue;
            };
            if let Err(wait) = self.throttle.take(Instant::now()) {
                tokio::time::sleep(wait).await;
                let _ = self.throttle.take(Instant::now());
            }
            let event = Event::Line {
                id,
                line: text,
                too_long,
                at: Instant::now(),
            };
            if hub.send(event).await.is_err() {
                return false;
            }
        }
        true
    }
}

/// One client: lines to the hub, the hub's queue to the client.
async fn serve(
    stream: TcpStream,
    peer: SocketAddr,
    id: ConnId,
    hub: mpsc::Sender<Event>,
    write_timeout: std::time::Duration,
) {
    let (mut reader, mut writer) = stream.into_split();
    let Some(mut outgoing) = connected(&hub, id, peer).await else {
        return;
    };
    let lines = hub.clone();
    let reading = tokio::spawn(async move {
        read_lines(&mut reader, id, &lines).await;
        let _ = lines.send(Event::Closed { id }).await;
    });
    while let Some(text) = outgoing.next().await {
        let bytes = wire(&text);
        if !outgoing
            .written(&text, write_timeout, writer.write_all(&bytes))
            .await
        {
            break;
        }
    }
    // The hub let go of the client (or the client went): close, without
    // waiting on a client that does not read.
    let _ = tokio::time::timeout(write_timeout, writer.shutdown()).await;
    reading.abort();
    let _ = hub.send(Event::Closed { id }).await;
}

/// Reads lines until the end of the stream.
async fn read_lines(
    reader: &mut tokio::net::tcp::OwnedReadHalf,
    id: ConnId,
    hub: &mpsc::Sender<Event>,
) {
    let mut buf = [0u8; 4096];
    let mut incoming = Incoming::default();
    loop {
        let n = match reader.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        if !incoming.pass(&buf[..n], id, hub).await {
            return;
        }
    }
}
