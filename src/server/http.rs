//! The server's HTTP port (`--http`): the page (`page.rs`) and, at `/ws`,
//! the WebSocket the page plays through (`websocket.rs`). Only `GET` and
//! `HEAD`; one request a connection; a request head of at most 8 KiB read
//! within 10 s. A WebSocket must come from the page's own origin (a page
//! elsewhere cannot drive a visitor's browser into the server), and the
//! connection counts against the server's limit like a telnet one.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;

use super::net::{Connections, Event};
use super::page;

/// The longest request head read.
const MAX_HEAD: usize = 8 * 1024;
/// The most headers a request may have.
const MAX_HEADERS: usize = 32;
/// How long a client has to send its request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// What the page may load and connect to: itself only.
const SECURITY_HEADERS: &str = "Content-Security-Policy: default-src 'self'; \
    img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; \
    frame-ancestors 'none'; base-uri 'none'; form-action 'none'\r\n\
    X-Content-Type-Options: nosniff\r\n\
    Referrer-Policy: no-referrer\r\n\
    Cache-Control: no-cache\r\n";

/// Accepts HTTP clients until the task is dropped.
pub async fn accept(
    listener: TcpListener,
    hub: mpsc::Sender<Event>,
    connections: Arc<Connections>,
) {
    loop {
        let (stream, peer) = super::net::next_client(&listener).await;
        let hub = hub.clone();
        let connections = Arc::clone(&connections);
        tokio::spawn(async move {
            handle(stream, peer, hub, connections).await;
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
    /// The `Origin` header's host, and the `Host` header.
    origin: Option<String>,
    host: Option<String>,
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
    let origin = header("origin").map(|o| {
        o.split_once("://")
            .map_or(o, |(_, rest)| rest)
            .trim_end_matches('/')
            .to_ascii_lowercase()
    });
    Ok(Request {
        head_only,
        path,
        websocket_key,
        origin,
        host: header("host").map(str::to_ascii_lowercase),
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

async fn respond(stream: &mut TcpStream, status: &str, kind: &str, body: &[u8], head_only: bool) {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n{SECURITY_HEADERS}Connection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes()).await;
    if !head_only {
        let _ = stream.write_all(body).await;
    }
    let _ = stream.shutdown().await;
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
        return websocket(stream, peer, request, hub, connections).await;
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
    request: Request,
    hub: mpsc::Sender<Event>,
    connections: Arc<Connections>,
) {
    let Some(key) = &request.websocket_key else {
        return refuse(&mut stream, "400 Bad Request").await;
    };
    if request.origin.is_some() && request.origin != request.host {
        return refuse(&mut stream, "403 Forbidden").await;
    }
    let Some(admitted) = connections.admit() else {
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
    super::websocket::serve(ws, peer, admitted.id, hub).await;
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
        assert_eq!(request.origin, request.host);
        assert_eq!(
            derive_accept_key(b"dGhlIHNhbXBsZSBub25jZQ=="),
            "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
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
