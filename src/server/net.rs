//! The connections: a task per client reads lines (bounded in length,
//! invalid bytes and telnet commands dropped) and hands them to the hub;
//! a writer sends what the hub queues, and a client that stops reading
//! while its queue fills is disconnected rather than allowed to hold the
//! server's memory.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

use crate::telnet::Lines;

/// A connection's number, unique for the server's life.
pub type ConnId = u64;

/// The longest line a client may send; longer lines are cut and refused.
pub const MAX_LINE: usize = 1024;
/// Messages queued for a client before it counts as not reading.
pub const OUT_QUEUE: usize = 4096;
/// Bytes queued for a client before it counts as not reading.
pub const OUT_BYTES: usize = 4 << 20;
/// Connections served at once; more are told so and closed.
pub const MAX_CONNECTIONS: usize = 1000;

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
    },
    /// The client closed the connection or it failed.
    Closed {
        /// The connection.
        id: ConnId,
    },
    /// The server is stopping.
    Shutdown,
}

/// The connections of every listener (telnet, and the page's WebSocket):
/// their numbers and how many are open.
#[derive(Debug, Default)]
pub struct Connections {
    next: AtomicU64,
    live: AtomicUsize,
}

/// A connection admitted: counted as open until dropped.
#[derive(Debug)]
pub struct Admitted {
    /// Its number.
    pub id: ConnId,
    connections: Arc<Connections>,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.connections.live.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Connections {
    /// A number for a new connection, or `None` when
    /// [`MAX_CONNECTIONS`] are open.
    pub fn admit(self: &Arc<Self>) -> Option<Admitted> {
        if self.live.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            self.live.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(Admitted {
            id: self.next.fetch_add(1, Ordering::SeqCst) + 1,
            connections: Arc::clone(self),
        })
    }
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
        let Some(admitted) = connections.admit() else {
            tokio::spawn(async move {
                let mut stream = stream;
                let _ = stream
                    .write_all(b"The server is full; try again later.\n")
                    .await;
            });
            continue;
        };
        let hub = hub.clone();
        tokio::spawn(async move {
            serve(stream, peer, admitted.id, hub).await;
            drop(admitted);
        });
    }
}

/// Tells the hub of a new client: its queue and its backlog, or `None`
/// when the hub is gone.
pub async fn connected(
    hub: &mpsc::Sender<Event>,
    id: ConnId,
    peer: SocketAddr,
) -> Option<(mpsc::Receiver<Arc<str>>, Arc<AtomicUsize>)> {
    let (out, queue) = mpsc::channel::<Arc<str>>(OUT_QUEUE);
    let backlog = Arc::new(AtomicUsize::new(0));
    let connected = Event::Connected {
        id,
        peer,
        out,
        backlog: Arc::clone(&backlog),
    };
    hub.send(connected).await.ok()?;
    Some((queue, backlog))
}

/// Hands the lines in `bytes` to the hub; `false` when it is gone.
pub async fn send_lines(
    bytes: &[u8],
    lines: &mut Lines,
    id: ConnId,
    hub: &mpsc::Sender<Event>,
) -> bool {
    for &b in bytes {
        if let Some((text, too_long)) = lines.push(b) {
            let event = Event::Line {
                id,
                line: text,
                too_long,
            };
            if hub.send(event).await.is_err() {
                return false;
            }
        }
    }
    true
}

/// One client: lines to the hub, the hub's queue to the client.
async fn serve(stream: TcpStream, peer: SocketAddr, id: ConnId, hub: mpsc::Sender<Event>) {
    let (mut reader, mut writer) = stream.into_split();
    let Some((mut queue, backlog)) = connected(&hub, id, peer).await else {
        return;
    };
    let lines = hub.clone();
    let reading = tokio::spawn(async move {
        read_lines(&mut reader, id, &lines).await;
        let _ = lines.send(Event::Closed { id }).await;
    });
    while let Some(text) = queue.recv().await {
        if writer.write_all(&wire(&text)).await.is_err() {
            break;
        }
        backlog.fetch_sub(text.len(), Ordering::SeqCst);
    }
    // The hub let go of the client (or the client went): close.
    let _ = writer.shutdown().await;
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
    let mut line = Lines::new(MAX_LINE);
    loop {
        let n = match reader.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        if !send_lines(&buf[..n], &mut line, id, hub).await {
            return;
        }
    }
}
