//! `antichess server --http`: the page's files with their security
//! headers, refusals of what HTTP the server does not serve, and the
//! WebSocket as a session like telnet's: pages play chess with a telnet
//! client and Kriegspiel with each other, every byte each page receives
//! read, none carrying a piece of the other side before the end.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::server::Server;
use tungstenite::client::IntoClientRequest;
use tungstenite::{Message, WebSocket};

fn server(dir: &tempfile::TempDir) -> Server {
    Server::start_with(
        &dir.path().join("s.db"),
        "127.0.0.1:0",
        &["--http", "127.0.0.1:0"],
    )
}

/// One HTTP request on its own connection: the whole answer.
fn http(addr: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

#[test]
fn the_page_is_served_with_its_headers_and_nothing_else_is() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir);
    let page = server.page.clone().unwrap();
    let index = http(&page, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert!(index.starts_with("HTTP/1.1 200 OK\r\n"), "{index}");
    assert!(index.contains("Content-Type: text/html"), "{index}");
    assert!(index.contains("Content-Security-Policy: default-src 'self'"));
    assert!(index.contains("X-Content-Type-Options: nosniff"));
    assert!(index.contains("<script defer src=\"/app.js\"></script>"));
    let script = http(&page, "GET /app.js HTTP/1.1\r\nHost: x\r\n\r\n");
    assert!(script.contains("Content-Type: text/javascript"), "{script}");
    assert!(script.len() > 10_000);
    let style = http(&page, "HEAD /app.css HTTP/1.1\r\nHost: x\r\n\r\n");
    assert!(style.starts_with("HTTP/1.1 200 OK"), "{style}");
    assert!(style.ends_with("\r\n\r\n"), "HEAD has no body: {style}");
    for (request, status) in [
        ("GET /server.db HTTP/1.1\r\nHost: x\r\n\r\n", "404"),
        ("GET /../Cargo.toml HTTP/1.1\r\nHost: x\r\n\r\n", "404"),
        (
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
            "405",
        ),
        ("\u{1}\u{2}garbage\r\n\r\n", "400"),
        ("GET /ws HTTP/1.1\r\nHost: x\r\n\r\n", "400"),
        (
            "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Origin: http://evil.example\r\n\r\n",
            "403",
        ),
    ] {
        let answer = http(&page, request);
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status}")),
            "{request:?}: {answer}"
        );
    }
    // A head that never ends is cut at 8 KiB.
    let long = format!("GET / HTTP/1.1\r\nX: {}\r\n", "y".repeat(20_000));
    assert!(http(&page, &long).starts_with("HTTP/1.1 431"));
}

/// A page's session: the WebSocket, and every byte it received.
struct Page {
    ws: WebSocket<TcpStream>,
    seen: String,
    read: usize,
}

impl Page {
    fn open(addr: &str) -> Page {
        let stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(100)))
            .unwrap();
        // As a browser on the page: its origin is the page's own.
        let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
        request
            .headers_mut()
            .insert("Origin", format!("http://{addr}").parse().unwrap());
        let (ws, _) = tungstenite::client(request, stream).unwrap();
        Page {
            ws,
            seen: String::new(),
            read: 0,
        }
    }

    fn send(&mut self, line: &str) {
        self.ws.send(Message::text(format!("{line}\n"))).unwrap();
    }

    /// Waits (up to 15 s) for `pattern` after what was read; the text up
    /// to it.
    fn expect(&mut self, pattern: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            if let Some(i) = self.seen[self.read..].find(pattern) {
                let text = self.seen[self.read..self.read + i + pattern.len()].to_string();
                self.read += i + pattern.len();
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "waited for {pattern:?}; got {:?}",
                &self.seen[self.read..]
            );
            match self.ws.read() {
                Ok(Message::Text(text)) => self.seen.push_str(&text),
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => panic!("the WebSocket failed: {e}; read {:?}", self.seen),
            }
        }
    }

    /// Logs in as a guest: the handle.
    fn guest(addr: &str) -> (Page, String) {
        let mut page = Page::open(addr);
        page.expect("login: ");
        page.send("guest");
        let text = page.expect("\":\n");
        let name = text
            .rsplit("as \"")
            .next()
            .unwrap()
            .trim_end_matches("\":\n");
        let name = name.to_string();
        page.send("");
        page.expect("**** Starting FICS session as ");
        for set in ["set style 12", "iset ms 1", "iset seat 1"] {
            page.send(set);
        }
        page.expect("seat set.");
        (page, name)
    }
}

/// Two pages in a game of `terms` (`5 0 wild/16`): the first White, the
/// second Black, who challenged.
fn game(addr: &str, terms: &str) -> (Page, Page) {
    let (mut white, white_name) = Page::guest(addr);
    let (mut black, _) = Page::guest(addr);
    black.send(&format!("match {white_name} {terms} black"));
    white.expect("decline\"");
    white.send("accept");
    (white, black)
}

/// The ranks of every `<12>` board in `text`.
fn boards(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("<12> "))
        .map(|l| l.split(' ').take(8).collect::<Vec<_>>().join("/"))
        .collect()
}

#[test]
fn a_page_plays_chess_with_a_telnet_client() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir);
    let (mut page, page_name) = Page::guest(server.page.as_deref().unwrap());
    let (mut telnet, telnet_name) = server.guest();
    telnet.send(&format!("match {page_name} 5 0 black chess"));
    page.expect("decline\"");
    page.send("accept");
    let start = page.expect(" legal ");
    assert!(start.contains(&format!(
        "<s1> 1 start chess white {page_name} {telnet_name}"
    )));
    assert!(start.contains("<s1> 1 board chess\n"), "{start}");
    let legal = page.expect("\n");
    let board = page.expect("none (0:00.000) none");
    assert_eq!(
        boards(&board).last().unwrap(),
        "rnbqkbnr/pppppppp/--------/--------/--------/--------/PPPPPPPP/RNBQKBNR"
    );
    let moves: Vec<&str> = legal.split_whitespace().collect();
    assert_eq!(moves.len(), 20, "{legal}");
    assert!(
        moves.contains(&"e2-e4") && moves.contains(&"g1-f3"),
        "{legal}"
    );
    page.send("e2e4");
    telnet.expect("Last move: e4");
    telnet.send("e7e5");
    let after = page.expect(" legal ");
    assert!(after.contains("<s1> 1 moved black e7-e5"), "{after}");
    page.send("resign");
    let end = page.expect("<s1> 1 end 0-1 resignation");
    assert!(end.contains("<s1> 1 stored 1"), "{end}");
    page.send("smoves 1");
    page.expect("1. e4 e5 0-1");
}

#[test]
fn pages_play_kriegspiel_and_never_see_the_other_sides_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir);
    let addr = server.page.clone().unwrap();
    let (mut white, mut black) = game(&addr, "5 0 wild/16");
    let start = white.expect(" legal ");
    assert!(start.contains("<s1> 1 board chess hidden\n"), "{start}");
    // An attempt the umpire refuses is told to the mover alone.
    for (i, attempt) in ["f2f3", "e7e5", "g2g4"].into_iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        mover.send(attempt);
        other.expect(" legal ");
    }
    black.send("d8d6");
    black.expect("<s1> 1 refused d8d6");
    black.send("d8h4");
    white.expect("<s1> 1 end 0-1 checkmate");
    black.expect("<s1> 1 end 0-1 checkmate");
    for (page, theirs) in [(&white, 'a'..='z'), (&black, 'A'..='Z')] {
        // Everything before the boards of the game's end (after the
        // mating move, and with the result).
        let mut seen = boards(&page.seen);
        let last = seen.pop().unwrap();
        while seen.last() == Some(&last) {
            seen.pop();
        }
        assert!(seen.len() >= 3, "{seen:?}");
        for board in &seen {
            assert!(!board.contains(|c| theirs.contains(&c)), "{board}");
        }
        let before_end = page.seen.split("<s1> 1 attempts").next().unwrap();
        assert!(
            !before_end.contains("d8d6") || std::ptr::eq(page, &black),
            "a refused attempt reached the other side"
        );
        // The whole board at the end.
        assert_eq!(
            last,
            "rnb-kbnr/pppp-ppp/--------/----p---/------Pq/-----P--/PPPPP--P/RNBQKBNR"
        );
    }
}

/// The marks line after `pattern`: the line that starts there.
fn marks_line(page: &mut Page) -> String {
    page.expect("<s1> 1 marks");
    let rest = page.expect("\n");
    format!("<s1> 1 marks{}", rest.trim_end())
}

#[test]
fn kriegspiel_sides_are_told_their_automatic_tokens_and_nothing_more() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir);
    let addr = server.page.clone().unwrap();
    let (mut white, mut black) = game(&addr, "5 0 wild/16");
    // No tokens at the start.
    assert_eq!(marks_line(&mut white), "<s1> 1 marks");
    assert_eq!(marks_line(&mut black), "<s1> 1 marks");
    white.send("e2e4");
    assert_eq!(marks_line(&mut white), "<s1> 1 marks");
    assert_eq!(marks_line(&mut black), "<s1> 1 marks");
    black.send("d7d5");
    // "1 pawn try": a piece token on each square White's pawns attack
    // (a3-h3 from the second rank, d5 and f5 from e4), each
    // floor(100 * 1 / 10) = 10 % (the spec's event 1.4).
    let squares = ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "d5", "f5"];
    let expected: String = squares.iter().map(|s| format!(" {s} piece 10")).collect();
    assert_eq!(marks_line(&mut white), format!("<s1> 1 marks{expected}"));
    assert_eq!(marks_line(&mut black), "<s1> 1 marks");
    white.send("e4d5");
    // The capture: Black's token on d5 at full strength; White's pawn-try
    // tokens are gone with its turn.
    assert_eq!(marks_line(&mut black), "<s1> 1 marks d5 piece 100");
    assert_eq!(marks_line(&mut white), "<s1> 1 marks");
    // An onlooker is told none.
    let (mut watcher, _) = Page::guest(&addr);
    watcher.send("observe 1");
    let start = watcher.expect(" clock ");
    watcher.send("say");
    watcher.expect("fics% ");
    assert!(!watcher.seen.contains("marks"), "{start}");
}

#[test]
fn connect_four_marks_the_winning_line() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir);
    let addr = server.page.clone().unwrap();
    let (mut white, mut black) = game(&addr, "5 0 connect-4-7-6");
    white.expect(" legal ");
    for (i, column) in ["a", "b", "a", "b", "a", "b"].into_iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        mover.send(column);
        other.expect(" legal ");
    }
    white.send("a");
    let end = black.expect("<s1> 1 end 1-0 connected");
    assert!(
        end.contains("<s1> 1 marks a1 line 100 a2 line 100 a3 line 100 a4 line 100\n"),
        "{end}"
    );
    assert_eq!(end.matches(" marks").count(), 1, "{end}");
}
