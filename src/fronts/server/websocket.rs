//! The page's connection: a WebSocket that speaks the server's own line
//! protocol. Each text message from the browser is one or more lines, read
//! exactly as a telnet client's bytes are (bounded, control bytes
//! dropped); each chunk the hub queues for it goes out as one text
//! message, the echo markers left out (the page hides a password field by
//! itself). It is a session like any other: the same login, commands,
//! games and rules; the hub cannot tell it from telnet.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::{Role, WebSocketConfig};

use super::net::{self, ConnId, Event};

/// The largest message or frame a browser may send: a few lines.
const MAX_MESSAGE: usize = 16 * 1024;

/// How often the server pings a quiet page (a connection that died
/// without a close is found within two of these).
const PING_EVERY: Duration = Duration::from_secs(30);

/// The WebSocket over `stream`, once the handshake's answer is sent.
pub async fn open(stream: TcpStream) -> WebSocketStream<TcpStream> {
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE))
        .max_frame_size(Some(MAX_MESSAGE));
    WebSocketStream::from_raw_socket(stream, Role::Server, Some(config)).await
}

/// One page: its lines to the hub, the hub's queue to it.
pub async fn serve(
    ws: WebSocketStream<TcpStream>,
    peer: SocketAddr,
    id: ConnId,
    hub: mpsc::Sender<Event>,
    write_timeout: Duration,
) {
    let Some(mut outgoing) = net::connected(&hub, id, peer).await else {
        return;
    };
    let (mut sink, mut stream) = ws.split();
    let lines = hub.clone();
    let reading = tokio::spawn(async move {
        let mut incoming = net::Incoming::default();
        while let Some(Ok(message)) = stream.next().await {
            let text = match message {
                Message::Text(text) => text,
                // A ping's pong is queued by the library and written by
                // its next read.
                Message::Close(_) | Message::Binary(_) => break,
                _ => continue,
            };
            let mut bytes = text.as_bytes().to_vec();
            if !bytes.ends_with(b"\n") {
                bytes.push(b'\n');
            }
            if !incoming.pass(&bytes, id, &lines).await {
                break;
            }
        }
        let _ = lines.send(Event::Closed { id }).await;
    });
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    loop {
        let sent = tokio::select! {
            text = outgoing.next() => match text {
                Some(text) => {
                    let message = Message::text(net::plain(&text));
                    outgoing.written(&text, write_timeout, sink.send(message)).await
                }
                None => break,
            },
            _ = ping.tick() => {
                let ping = sink.send(Message::Ping(Vec::new().into()));
                matches!(tokio::time::timeout(write_timeout, ping).await, Ok(Ok(())))
            }
        };
        if !sent {
            break;
        }
    }
    let _ = tokio::time::timeout(write_timeout, sink.close()).await;
    reading.abort();
    let _ = hub.send(Event::Closed { id }).await;
}
