//! The server's HTTP port (`--http`): the page (`page.rs`) and, at `/ws`,
//! the WebSocket the page plays through (`websocket.rs`). Only `GET` and
//! `HEAD`; one request a connection; a request head of at most 8 KiB read
//! within 10 s. A WebSocket must come from an allowed origin ([`Origins`]:
//! the page's own address, and those the keeper names), so that a page
//! elsewhere, even one whose name was made to point here (DNS
//! rebinding), cannot drive a visitor's browser into the server; once
//! upgraded, the connection counts against the server's limits like a
//! telnet one.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;

use super::admission::Connections;
use super::net::Event;
use super::page;

/// The longest request head read.
const MAX_HEAD: usize = 8 * 1024;
/// The most headers a request may have.
const MAX_HEADERS: usize = 32;
/// How long a client has to send its request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a client has to take its answer.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

/// The answer when every HTTP slot is taken.
const BUSY: &[u8] =
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";

/// What the page may load and connect to: itself only.
const SECURITY_HEADERS: &str = "Content-Security-Policy: default-src 'self'; \
    img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; \
    frame-ancestors 'none'; base-uri 'none'; form-action 'none'\r\n\
    X-Content-Type-Options: nosniff\r\n\
    Referrer-Policy: no-referrer\r\n\
    Cache-Control: no-cache\r\n";

/// The origins a WebSocket may come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origins {
    /// Each as `scheme://host[:port]`, lower-cased.
    allowed: Vec<String>,
    /// Whether a request without an `Origin` header (no browser sends
    /// one without it) is let in.
    missing: bool,
}

impl Origins {
    /// The origins of the page served at `page` (its address; on a
    /// loopback or unspecified address also `localhost` and the other
    /// loopback spelling), and `more` (`--allow-origin`); `missing` lets
    /// clients that send no origin in.
    pub fn new(page: SocketAddr, more: &[String], missing: bool) -> Origins {
        let port = page.port();
        let mut allowed = Vec::new();
        let ip = page.ip();
        if !ip.is_unspecified() {
            allowed.push(format!("http://{page}"));
        }
        if ip.is_loopback() || ip.is_unspecified() {
            allowed.push(format!("http://localhost:{port}"));
            allowed.push(format!("http://127.0.0.1:{port}"));
            allowed.push(format!("http://[::1]:{port}"));
        }
        allowed.extend(more.iter().map(|o| normal_origin(o)));
        allowed.dedup();
        Origins { allowed, missing }
    }

    /// Whether a WebSocket with this `Origin` header (or none) is let in.
    fn allows(&self, origin: Option<&str>) -> bool {
        match origin {
            Some(o) => self.allowed.iter().any(|a| *a == normal_origin(o)),
            None => self.missing,
        }
    }
}

/// An origin as compared: lower-cased, without a trailing `/`.
fn normal_origin(origin: &str) -> String {
    origin.trim().trim_end_matches('/').to_ascii_lowercase()
}

/// Accepts HTTP clients until the task is dropped.
pub async fn accept(
    listener: TcpListener,
    hub: mpsc::Sender<Event>,
    connections: Arc<Connections>,
    origins: Arc<Origins>,
) {
    loop {
        let (stream, peer) = super::net::next_client(&listener).await;
        // Counted apart from the game's connections, so that idle HTTP
        // connections cannot take the descriptors the game port needs.
        let Some(slot) = connections.admit_http() else {
            let _ = stream.try_write(BUSY);
            continue;
        };
        let hub = hub.clone();
        let connections = Arc::clone(&connections);
        let origins = Arc::clone(&origins);
        tokio::spawn(async move {
            handle(stream, peer, hub, connections, &origins, slot).await;
        });
    }
}

/// A request as far as the server cares.
#[derive(Debug, PartialEq, Eq)]
struct Request {
    head_only: bool,
    path: String,
    /// `Sec-WebSocket-Key` of a valid upgrade request.
    websocket_key: Option<String>,
    /// The `Origin` header.
    origin: Option<String>,
}

/// Why a request is refused.
#[derive(Debug, PartialEq, Eq)]
enum Refusal {
    BadRequest,
    MethodNotAllowed,
    HeadTooLarge,
}

impl Refusal {
    fn status(&self) -> &'static str {
        match self {
            Refusal::BadRequest => "400 Bad Request",
            Refusal::MethodNotAllowed => "405 Method Not Allowed",
            Refusal::HeadTooLarge => "431 Request Header Fields Too Large",
        }
    }
}

/// Parses a complete request head.
fn parse(head: &[u8]) -> Result<Request, Refusal> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    match request.parse(head) {
        Ok(httparse::Status::Complete(_)) => {}
        Err(httparse::Error::TooManyHeaders) => return Err(Refusal::HeadTooLarge),
        _ => return Err(Refusal::BadRequest),
    }
    let head_only = match request.method {
        Some("GET") => false,
        Some("HEAD") => true,
        _ => return Err(Refusal::MethodNotAllowed),
    };
    let path = request.path.ok_or(Refusal::BadRequest)?;
    let path = path.split(['?', '#']).next().unwrap_or("/").to_string();
    let header = |name: &str| {
        request
            .headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .and_then(|h| std::str::from_utf8(h.value).ok())
            .map(str::trim)
    };
    let has_token = |name: &str, token: &str| {
        header(name).is_some_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
    };
    let websocket_key = (has_token("upgrade", "websocket")
        && has_token("connection", "upgrade")
        && header("sec-websocket-version") == Some("13"))
    .then(|| header("sec-websocket-key").map(str::to_string))
    .flatten();
    Ok(Request {
        head_only,
        path,
        websocket_key,
        origin: header("origin").map(str::to_string),
    })
}

/// Reads the request head: `None` when the client is too slow, closes,
/// or sends more than [`MAX_HEAD`] without ending it.
async fn read_head(stream: &mut TcpStream) -> Option<Result<Vec<u8>, Refusal>> {
    let mut head = Vec::with_capacity(1024);
    let mut buf = [0u8; 1024];
    let reading = async {
        loop {
            let n = stream.read(&mut buf).await.ok()?;
            if n == 0 {
                return None;
            }
            head.extend_from_slice(&buf[..n]);
            if let Some(end) = head.windows(4).position(|w| w == b"\r\n\r\n") {
                if end + 4 > MAX_HEAD {
                    return Some(Err(Refusal::HeadTooLarge));
                }
                head.truncate(end + 4);
                return Some(Ok(std::mem::take(&mut head)));
            }
            if head.len() > MAX_HEAD {
                return Some(Err(Refusal::HeadTooLarge));
            }
        }
    };
    tokio::time::timeout(HEAD_TIMEOUT, reading).await.ok()?
}

/// Writes an answer and closes, within [`ANSWER_TIMEOUT`] (a client that
/// does not read gives its slot back then).
async fn respond(stream: &mut TcpStream, status: &str, kind: &str, body: &[u8], head_only: bool) {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n{SECURITY_HEADERS}Connection: close\r\n\r\n",
        body.len()
    );
    let answer = async {
        stream.write_all(head.as_bytes()).await?;
        if !head_only {
            stream.write_all(body).await?;
        }
        stream.shutdown().await
    };
    let _ = tokio::time::timeout(ANSWER_TIMEOUT, answer).await;
}

async fn refuse(stream: &mut TcpStream, status: &str) {
    let body = format!("{status}\n");
    respond(
        stream,
        status,
        "text/plain; charset=utf-8",
        body.as_bytes(),
        false,
    )
    .await;
}

/// One HTTP connection: a file of the page, or the WebSocket.
async fn handle(
    mut stream: TcpStream,
    peer: SocketAddr,
    hub: mpsc::Sender<Event>,
    connections: Arc<Connections>,
    origins: &Origins,
    slot: super::admission::HttpSlot,
) {
    let request = match read_head(&mut stream).await {
        None => return,
        Some(Err(refusal)) => return refuse(&mut stream, refusal.status()).await,
        Some(Ok(head)) => match parse(&head) {
            Ok(request) => request,
            Err(refusal) => return refuse(&mut stream, refusal.status()).await,
        },
    };
    if request.path == "/ws" {
        let Some(key) = &request.websocket_key else {
            return refuse(&mut stream, "400 Bad Request").await;
        };
        if !origins.allows(request.origin.as_deref()) {
            return refuse(&mut stream, "403 Forbidden").await;
        }
        let key = key.clone();
        // Once upgraded it is a game connection, counted as one.
        drop(slot);
        return websocket(stream, peer, &key, hub, connections).await;
    }
    match page::file(&request.path) {
        Some((kind, body)) => respond(&mut stream, "200 OK", kind, body, request.head_only).await,
        None => refuse(&mut stream, "404 Not Found").await,
    }
}

/// The upgrade to the page's WebSocket, then the session.
async fn websocket(
    mut stream: TcpStream,
    peer: SocketAddr,
    key: &str,
    hub: mpsc::Sender<Event>,
    connections: Arc<Connections>,
) {
    let Ok(admitted) = connections.admit(peer.ip()) else {
        return refuse(&mut stream, "503 Service Unavailable").await;
    };
    let answer = format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {}\r\n\r\n",
        derive_accept_key(key.as_bytes())
    );
    if stream.write_all(answer.as_bytes()).await.is_err() {
        return;
    }
    let ws = super::websocket::open(stream).await;
    let write_timeout = connections.limits().write_timeout;
    super::websocket::serve(ws, peer, admitted.id, hub, write_timeout).await;
    drop(admitted);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_websocket_upgrade_and_its_origin() {
        let head = b"GET /ws?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUpgrade: websocket\r\n\
            Connection: keep-alive, Upgrade\r\nSec-WebSocket-Version: 13\r\n\
            Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: http://127.0.0.1:8080\r\n\r\n";
        let request = parse(head).unwrap();
        assert_eq!(request.path, "/ws");
        assert_eq!(
            request.websocket_key.as_deref(),
            Some("dGhlIHNhbXBsZSBub25jZQ==")
        );
        assert_eq!(request.origin.as_deref(), Some("http://127.0.0.1:8080"));
        assert_eq!(
            derive_accept_key(b"dGhlIHNhbXBsZSBub25jZQ=="),
            "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
    }

    #[test]
    fn origins_are_the_pages_own_and_those_named() {
        let page: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        let origins = Origins::new(page, &["https://Chess.Example/".into()], false);
        for good in [
            "http://127.0.0.1:8080",
            "http://localhost:8080/",
            "https://chess.example",
        ] {
            assert!(origins.allows(Some(good)), "{good}");
        }
        // A rebinding page has the right Host but its own Origin.
        for bad in [
            "http://evil.example:8080",
            "http://127.0.0.1:8081",
            "null",
            "http://chess.example",
        ] {
            assert!(!origins.allows(Some(bad)), "{bad}");
        }
        assert!(!origins.allows(None));
        assert!(Origins::new(page, &[], true).allows(None));
        let any: SocketAddr = "0.0.0.0:80".parse().unwrap();
        assert!(!Origins::new(any, &[], false).allows(Some("http://0.0.0.0:80")));
    }

    #[test]
    fn refuses_other_methods_and_garbage() {
        assert_eq!(
            parse(b"POST / HTTP/1.1\r\nHost: a\r\n\r\n"),
            Err(Refusal::MethodNotAllowed)
        );
        assert_eq!(parse(b"\x00\x01\x02\r\n\r\n"), Err(Refusal::BadRequest));
        let many: String = (0..40).map(|i| format!("X-{i}: y\r\n")).collect();
        let head = format!("GET / HTTP/1.1\r\n{many}\r\n");
        assert_eq!(parse(head.as_bytes()), Err(Refusal::HeadTooLarge));
        let plain = parse(b"HEAD /app.js HTTP/1.1\r\nHost: a\r\n\r\n").unwrap();
        assert!(plain.head_only && plain.websocket_key.is_none());
    }
}
