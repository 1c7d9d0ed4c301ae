//! The page in a real browser: Debian's Chromium, headless, driven through
//! its WebDriver (`chromedriver`), against a server the test starts. Two
//! browsers play Kriegspiel to mate by drag and drop (each page shows only
//! its own pieces; an illegal attempt is refused; a guess token is placed;
//! the zone is drawn; the whole board at the end), and a chess game (the
//! legal destinations shown, check shown); a Connect 4 disc is dropped.
//! Screenshots of each game go to `target/browser/`.
//!
//! Without `chromedriver` on the PATH the tests say so and pass, unless
//! `ANTICHESS_BROWSER_TESTS=required` (as `.ci/run` sets it), where they
//! fail.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::server::Server;
use serde_json::{Value, json};

/// A WebDriver element's key in JSON.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// `chromedriver`, on a port of its own.
struct Driver {
    child: Child,
    port: u16,
    /// The temporary directory of the driver and its browsers (Chromium
    /// leaves folders behind in it), removed after them.
    _scratch: tempfile::TempDir,
}

impl Driver {
    /// Starts it; `None` (the test then passes, saying why) when it is not
    /// installed and not required.
    fn start() -> Option<Driver> {
        let required = std::env::var("ANTICHESS_BROWSER_TESTS").as_deref() == Ok("required");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap();
        let scratch = tempfile::tempdir().unwrap();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .env("TMPDIR", scratch.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn();
        let mut child = match child {
            Ok(c) => c,
            Err(e) if !required => {
                eprintln!("skipped: chromedriver cannot be run ({e})");
                return None;
            }
            Err(e) => panic!("chromedriver cannot be run: {e}"),
        };
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        while !line.contains("started successfully") {
            line.clear();
            if out.read_line(&mut line).unwrap() == 0 {
                panic!("chromedriver did not start");
            }
        }
        std::thread::spawn(move || {
            let mut sink = String::new();
            let _ = out.read_to_string(&mut sink);
        });
        Some(Driver {
            child,
            port,
            _scratch: scratch,
        })
    }

    /// One WebDriver call: its `value`.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let body = read_answer(&mut stream);
        let value: Value =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{method} {path}: {e}: {body}"));
        let value = value["value"].clone();
        assert!(value.get("error").is_none(), "{method} {path}: {value}");
        value
    }

    /// A headless browser window.
    fn browser(&self) -> Browser<'_> {
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": "/usr/bin/chromium",
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                         "--disable-background-networking", "--disable-component-update",
                         "--disable-sync", "--window-size=1100,900"],
            },
        }}});
        let session = self.call("POST", "/session", Some(capabilities));
        Browser {
            driver: self,
            session: session["sessionId"].as_str().unwrap().to_string(),
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer's body: by its length, or its chunks, or to the end.
fn read_answer(stream: &mut TcpStream) -> String {
    let mut reader = BufReader::new(stream);
    let mut length = None;
    let mut chunked = false;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let line = line.trim_end().to_ascii_lowercase();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("content-length:") {
            length = n.trim().parse::<usize>().ok();
        }
        chunked |= line == "transfer-encoding: chunked";
    }
    let mut body = Vec::new();
    if let Some(n) = length {
        body.resize(n, 0);
        reader.read_exact(&mut body).unwrap();
    } else {
        reader.read_to_end(&mut body).unwrap();
    }
    let body = String::from_utf8_lossy(&body).into_owned();
    if chunked { unchunk(&body) } else { body }
}

fn unchunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.push_str(&after[..size]);
        rest = &after[size + 2..];
    }
    out
}

/// One browser window at the page.
struct Browser<'a> {
    driver: &'a Driver,
    session: String,
}

impl Browser<'_> {
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        self.driver.call(method, &path, body)
    }

    /// Runs `script` (a function body) in the page: what it returns.
    fn run(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    /// Waits (up to 15 s) until `script` returns true.
    fn wait(&self, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(15);
        while self.run(script) != json!(true) {
            assert!(
                Instant::now() < deadline,
                "waited for `{script}`; the console says:\n{}",
                self.console()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn element(&self, css: &str) -> String {
        let found = self.call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        found[ELEMENT].as_str().unwrap().to_string()
    }

    fn click(&self, css: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    /// Types `line` into the command box and sends it.
    fn say(&self, line: &str) {
        let id = self.element("#typed");
        self.call(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({"text": format!("{line}\n")})),
        );
    }

    /// The console's lines (it is folded away: not rendered text).
    fn console(&self) -> String {
        let script = "return [...document.getElementById('console').children].map((e) => e.textContent).join('\\n')";
        self.run(script).as_str().unwrap_or_default().to_string()
    }

    fn text(&self, css: &str) -> String {
        let script = format!("return document.querySelector('{css}').innerText");
        self.run(&script).as_str().unwrap_or_default().to_string()
    }

    /// Opens the page and enters as a guest: the handle.
    fn enter(&self, page: &str) -> String {
        self.call(
            "POST",
            "/url",
            Some(json!({"url": format!("http://{page}/")})),
        );
        self.click("#login button");
        self.wait("return document.getElementById('me').innerText.startsWith('Guest')");
        self.text("#me")
    }

    /// The centre of `square` on the board, in the window's pixels.
    fn square(&self, square: &str) -> (i64, i64) {
        let script = format!(
            "const r = document.querySelector('#board cg-container').getBoundingClientRect();
             const white = !document.getElementById('board').classList.contains('orientation-black');
             const file = '{square}'.charCodeAt(0) - 97, rank = Number('{square}'[1]) - 1;
             const x = white ? file : 7 - file, y = white ? 7 - rank : rank;
             return [Math.round(r.left + (x + 0.5) * r.width / 8), Math.round(r.top + (y + 0.5) * r.height / 8)];"
        );
        let at = self.run(&script);
        (at[0].as_i64().unwrap(), at[1].as_i64().unwrap())
    }

    /// Drags the piece on `from` to `to`, as a mouse would.
    fn drag(&self, from: &str, to: &str) {
        let (a, b) = (self.square(from), self.square(to));
        let middle = ((a.0 + b.0) / 2, (a.1 + b.1) / 2);
        self.mouse(&[
            mouse_to(a, 0),
            json!({"type": "pointerDown", "button": 0}),
            mouse_to(middle, 150),
            mouse_to(b, 150),
            json!({"type": "pointerUp", "button": 0}),
        ]);
    }

    /// Clicks `square` on the board.
    fn click_square(&self, square: &str) {
        self.mouse(&[
            mouse_to(self.square(square), 0),
            json!({"type": "pointerDown", "button": 0}),
            json!({"type": "pointerUp", "button": 0}),
        ]);
    }

    /// The mouse does `steps`, then lets go of everything.
    fn mouse(&self, steps: &[Value]) {
        let actions = json!({"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": steps,
        }]});
        self.call("POST", "/actions", Some(actions));
        self.call("DELETE", "/actions", None);
    }

    /// The pieces drawn on the board, by colour.
    fn pieces(&self, color: &str) -> i64 {
        let script =
            format!("return document.querySelectorAll('#board piece.{color}:not(.ghost)').length");
        self.run(&script).as_i64().unwrap()
    }

    /// Saves a screenshot as `target/browser/NAME.png`.
    fn screenshot(&self, name: &str) {
        let data = self.call("GET", "/screenshot", None);
        let bytes = base64_decode(data.as_str().unwrap());
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/browser");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{name}.png")), bytes).unwrap();
    }
}

impl Drop for Browser<'_> {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.session);
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.driver.call("DELETE", &path, None)
        }));
    }
}

/// A mouse move to `at` (the window's pixels) taking `ms`.
fn mouse_to(at: (i64, i64), ms: u64) -> Value {
    json!({"type": "pointerMove", "duration": ms, "origin": "viewport", "x": at.0, "y": at.1})
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let clean: Vec<u8> = text.bytes().filter(|&c| c != b'=' && c != b'\n').collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &c)| n | u32::from(value(c)) << (18 - 6 * i));
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len() - 1]);
    }
    out
}

/// The WebDriver and a server with its page (and the folder of its
/// database); `None` when there is no WebDriver to run.
fn start() -> Option<(Driver, tempfile::TempDir, Server, String)> {
    start_with(&[])
}

/// [`start`], the server with `flags` too.
fn start_with(flags: &[&str]) -> Option<(Driver, tempfile::TempDir, Server, String)> {
    let driver = Driver::start()?;
    let dir = tempfile::tempdir().unwrap();
    let mut all = vec!["--http", "127.0.0.1:0"];
    all.extend_from_slice(flags);
    let server = Server::start_with(&dir.path().join("s.db"), "127.0.0.1:0", &all);
    let page = server.page.clone().unwrap();
    Some((driver, dir, server, page))
}

/// Two windows in a game of `kind` (the first White): after `play 1`.
fn game<'a>(driver: &'a Driver, page: &str, kind: &str) -> (Browser<'a>, Browser<'a>) {
    let white = driver.browser();
    let black = driver.browser();
    white.enter(page);
    black.enter(page);
    white.say(&format!("seek 5 0 {kind} white"));
    // The seek appears in the other's list of open seeks, with Play.
    black.wait("return document.querySelector('#seeks li button')?.textContent === 'Play'");
    black.click("#seeks li button");
    for side in [&white, &black] {
        side.wait("return document.getElementById('names').innerText.includes('vs.')");
    }
    (white, black)
}

#[test]
fn two_browsers_play_kriegspiel_to_mate() {
    let Some((driver, _dir, _server, page)) = start() else {
        return;
    };
    let (white, black) = game(&driver, &page, "wild/16");
    white.wait("return document.querySelectorAll('#board piece:not(.ghost)').length == 16");
    black.wait("return document.querySelectorAll('#board piece:not(.ghost)').length == 16");
    assert_eq!((white.pieces("white"), white.pieces("black")), (16, 0));
    assert_eq!((black.pieces("black"), black.pieces("white")), (16, 0));
    // A watcher sees no piece until the end.
    let watcher = driver.browser();
    watcher.enter(&page);
    // Before a game: no clocks and no game buttons.
    let hidden = "return ['clock-white', 'clock-black', 'game-buttons'].every((id) => document.getElementById(id).hidden)";
    assert_eq!(watcher.run(hidden), json!(true));
    watcher.say("observe 1");
    watcher.wait("return document.getElementById('names').innerText.includes('vs.')");
    // Watching: clocks, but nothing to resign or offer.
    assert_eq!(watcher.run("return document.getElementById('clock-white').hidden || !document.getElementById('resign').hidden"), json!(false));
    assert_eq!(
        white.run("return document.getElementById('resign').hidden"),
        json!(false)
    );
    white.drag("f2", "f3");
    black.wait("return document.getElementById('result').innerText == 'Your move.'");
    assert_eq!(black.pieces("white"), 0);
    black.drag("e7", "e5");
    white.wait("return document.getElementById('result').innerText == 'Your move.'");
    assert_eq!(white.pieces("black"), 0);
    watcher.wait("return document.querySelectorAll('#announcements li').length >= 2");
    assert_eq!(watcher.pieces("white") + watcher.pieces("black"), 0);
    // A guess token by hand, and the zone of control.
    white.click("#token-piece");
    white.click_square("e5");
    white.wait("return document.querySelectorAll('#board svg text').length >= 1");
    white.click("#zone");
    white.screenshot("kriegspiel-white");
    white.drag("g2", "g4");
    black.wait("return document.getElementById('result').innerText == 'Your move.'");
    // An attempt the umpire refuses.
    black.say("d8d6");
    black.wait("return document.getElementById('toast').innerText.startsWith('Illegal move')");
    black.screenshot("kriegspiel-black");
    black.drag("d8", "h4");
    for side in [&white, &black] {
        side.wait("return document.getElementById('result').innerText.startsWith('0-1')");
        // The whole board at the end.
        side.wait("return document.querySelectorAll('#board piece.white:not(.ghost)').length == 16 && document.querySelectorAll('#board piece.black:not(.ghost)').length == 16");
    }
    watcher.wait("return document.querySelectorAll('#board piece:not(.ghost)').length == 32");
    white.screenshot("kriegspiel-end");
    let log = white.text("#announcements");
    assert!(log.contains("Checkmate"), "{log}");
}

#[test]
fn a_chess_game_by_drag_and_drop_with_destinations_and_check() {
    let Some((driver, _dir, _server, page)) = start() else {
        return;
    };
    let (white, black) = game(&driver, &page, "chess");
    white.wait("return document.querySelectorAll('#board piece:not(.ghost)').length == 32");
    // A piece picked up shows where it may go.
    white.click_square("g1");
    white.wait("return document.querySelectorAll('#board square.move-dest').length == 2");
    white.click_square("g1");
    for (side, from, to) in [
        (&white, "e2", "e4"),
        (&black, "e7", "e5"),
        (&white, "f1", "c4"),
        (&black, "b8", "c6"),
        (&white, "d1", "h5"),
        (&black, "g8", "f6"),
    ] {
        side.wait("return document.getElementById('result').innerText == 'Your move.'");
        side.drag(from, to);
    }
    white.wait("return document.getElementById('result').innerText == 'Your move.'");
    white.drag("h5", "f7");
    for side in [&white, &black] {
        side.wait("return document.getElementById('result').innerText.startsWith('1-0')");
        side.wait("return document.querySelector('#board square.check') !== null");
        // The end in words.
        side.wait("return !document.getElementById('end').hidden");
        // Over: no Resign, Draw or Abort; the PGN to download.
        assert_eq!(
            side.run("return ['resign', 'draw', 'abort'].every((id) => document.getElementById(id).hidden) && !document.getElementById('pgn').hidden"),
            json!(true)
        );
    }
    assert_eq!(white.text("#end-text"), "You won by checkmate.");
    assert_eq!(black.text("#end-text"), "You lost by checkmate.");
    black.screenshot("chess-mate");
    black.click("#end-close");
    black.wait("return document.getElementById('end').hidden");
    // At a phone's width the page fits without scrolling sideways.
    black.call(
        "POST",
        "/window/rect",
        Some(json!({"width": 390, "height": 844})),
    );
    black.wait(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth",
    );
    // Each file letter stands under its own file (Black's view: h to a),
    // and the board is centred.
    let misplaced = black.run(
        "const board = document.querySelector('#board cg-board').getBoundingClientRect();
         const width = board.width / 8;
         return [...document.querySelectorAll('#board coords.files coord')].filter((c) => {
           const r = c.getBoundingClientRect();
           const column = 7 - (c.textContent.toLowerCase().charCodeAt(0) - 97);
           const middle = r.left + r.width / 2;
           return middle < board.left + column * width || middle > board.left + (column + 1) * width;
         }).map((c) => c.textContent).join(' ');",
    );
    assert_eq!(misplaced, json!(""), "letters not under their files");
    let margins = black.run(
        "const b = document.querySelector('#board').getBoundingClientRect();
         return Math.abs(b.left - (document.documentElement.clientWidth - b.right));",
    );
    assert!(
        margins.as_f64().unwrap() <= 2.0,
        "off centre by {margins} px"
    );
    // The opponent's clock (White's, above Black's board) stays in view
    // when the page is scrolled down to the buttons.
    black.run("window.scrollTo(0, document.body.scrollHeight); return true");
    black.wait("return window.scrollY > 0");
    let seen = black.run(
        "const r = document.getElementById('clock-white').getBoundingClientRect();
         return r.top >= 0 && r.bottom <= window.innerHeight;",
    );
    assert_eq!(seen, json!(true), "the opponent's clock scrolled away");
    black.run("window.scrollTo(0, 0); return true");
    black.screenshot("chess-phone");
}

#[test]
fn connect_four_and_antichess_are_drawn() {
    let Some((driver, _dir, _server, page)) = start() else {
        return;
    };
    let (white, black) = game(&driver, &page, "connect-4-7-6");
    white.wait("return document.querySelectorAll('#connect .cell').length == 42");
    // The sides are named by their discs, each player told its own; no
    // Flip for a grid.
    let names = white.text("#names");
    assert!(
        names.contains("(Red) vs.") && names.contains("(Yellow)"),
        "{names}"
    );
    assert!(names.ends_with("You play Red."), "{names}");
    assert!(black.text("#names").ends_with("You play Yellow."));
    white.wait("return document.getElementById('clock-white').innerText.startsWith('Red ')");
    assert_eq!(
        white.run("return document.getElementById('flip').hidden"),
        json!(true)
    );
    white.click("#connect button.drop:nth-of-type(4)");
    black.wait("return document.querySelectorAll('#connect .cell.white').length == 1");
    black.click("#connect button.drop:nth-of-type(4)");
    white.wait("return document.querySelectorAll('#connect .cell.black').length == 1");
    white.screenshot("connect-four");
    white.say("resign");
    black.wait("return document.getElementById('result').innerText.startsWith('0-1')");
    drop((white, black));
    let (white, black) = game(&driver, &page, "6170-spring-2007");
    white.wait("return document.querySelectorAll('#board piece:not(.ghost)').length == 32");
    assert!(white.text("#names").ends_with("You play White."));
    assert_eq!(
        white.run("return document.getElementById('flip').hidden"),
        json!(false)
    );
    white.drag("e2", "e3");
    black.wait("return document.getElementById('result').innerText == 'Your move.'");
    black.drag("b7", "b5");
    white.wait("return document.getElementById('result').innerText == 'Your move.'");
    // The capture is forced: the bishop is the only piece with somewhere
    // to go.
    white.click_square("a2");
    white.wait("return document.querySelectorAll('#board square.move-dest').length == 0");
    white.click_square("f1");
    white.wait("return document.querySelectorAll('#board square.move-dest').length == 1");
    white.screenshot("antichess");
}

#[test]
fn a_promotion_asks_which_piece_a_premove_plays_and_the_pgn_is_saved() {
    let Some((driver, _dir, _server, page)) = start() else {
        return;
    };
    let (white, black) = game(&driver, &page, "chess");
    white.wait("return document.querySelectorAll('#board piece:not(.ghost)').length == 32");
    let your_move = "return document.getElementById('result').innerText == 'Your move.'";
    for (side, text) in [
        (&white, "e2e4"),
        (&black, "d7d5"),
        (&white, "e4d5"),
        (&black, "c7c6"),
        (&white, "d5c6"),
    ] {
        side.wait(your_move);
        side.say(text);
    }
    // While Black thinks, White sets a premove; it is played at once
    // after Black's move.
    black.wait(your_move);
    white.drag("c6", "b7");
    white.wait("return document.querySelectorAll('#board square.current-premove').length == 2");
    black.say("g8f6");
    black.wait("return [...document.querySelectorAll('#board piece.white.pawn')].some(p => p.cgKey == 'b7')");
    black.say("b8d7");
    white.wait(your_move);
    // A pawn reaching the last rank: the page asks which piece.
    white.drag("b7", "a8");
    white.wait("return !document.getElementById('promotion').hidden");
    let choices = white.text("#promotion");
    assert!(
        choices.contains("Queen") && choices.contains("Knight"),
        "{choices}"
    );
    white.run(
        "[...document.querySelectorAll('#promotion button')].find(b => b.innerText == 'Knight').click()",
    );
    white.wait("return [...document.querySelectorAll('#board piece.white.knight')].some(p => p.cgKey == 'a8')");
    black.say("resign");
    white.wait("return document.getElementById('result').innerText.startsWith('1-0')");
    white.click("#pgn");
    white.wait("return document.getElementById('console').textContent.includes('5. bxa8=N')");
    let console = white.console();
    assert!(console.contains("[Result \"1-0\"]"), "{console}");
}

#[test]
fn a_registered_player_enters_after_a_wrong_password() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    common::server::add_user(&dir.path().join("s.db"), "Alice", "wonderland");
    let server = Server::start_with(
        &dir.path().join("s.db"),
        "127.0.0.1:0",
        &["--http", "127.0.0.1:0"],
    );
    let window = driver.browser();
    let page = server.page.clone().unwrap();
    window.call(
        "POST",
        "/url",
        Some(json!({"url": format!("http://{page}/")})),
    );
    let fill = |css: &str, text: &str| {
        let id = window.element(css);
        window.call("POST", &format!("/element/{id}/clear"), Some(json!({})));
        window.call(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({"text": text})),
        );
    };
    fill("#name", "Alice");
    fill("#password", "not her password");
    window.click("#login button");
    window.wait("return document.getElementById('toast').innerText == 'The password was refused.'");
    // Nothing more is sent until the person answers.
    std::thread::sleep(Duration::from_millis(500));
    let refused = window.console().matches("Invalid password").count();
    assert_eq!(refused, 1);
    fill("#password", "wonderland");
    window.click("#login button");
    window.wait("return document.getElementById('me').innerText == 'Alice'");
    // The password is never in the page's address.
    let url = window.call("GET", "/url", None);
    assert!(!url.as_str().unwrap().contains("wonderland"), "{url}");
}

/// Kriegspiel's automatic tokens, as the server places them (the
/// terminal's): after 1. e4 d5 ("1 pawn try") White sees one mark on each
/// of the 10 squares a try may take on, each 10 %, and no arrows; after
/// exd5 ("Pawn at d5 captured") Black sees a token of 100 % where its pawn
/// was taken, and White's try marks are gone. A legend says what they are.
#[test]
fn kriegspiel_marks_pawn_tries_and_captures_as_the_terminal_does() {
    let Some((driver, _dir, _server, page)) = start() else {
        return;
    };
    let (white, black) = game(&driver, &page, "wild/16");
    white.wait("return document.querySelectorAll('#board piece:not(.ghost)').length == 16");
    assert_eq!(
        white.run("return document.getElementById('tokens-legend').hidden"),
        json!(false)
    );
    white.drag("e2", "e4");
    black.wait("return document.getElementById('result').innerText == 'Your move.'");
    // Black's clock ticks on both pages while Black thinks; White's stands.
    for side in [&white, &black] {
        let before = side.text("#clock-black");
        side.wait(&format!(
            "return document.getElementById('clock-black').innerText != {before:?}"
        ));
        let (earlier, later) = (clock_ms(&before), clock_ms(&side.text("#clock-black")));
        assert!(later < earlier, "{before} then {later} ms");
        assert!(side.text("#clock-white").starts_with("White 4:5"));
    }
    black.drag("d7", "d5");
    white.wait("return document.getElementById('result').innerText == 'Your move.'");
    white.wait("return document.querySelectorAll('#board svg text').length == 10");
    let labels = white.run(
        "return [...document.querySelectorAll('#board svg text')].map((t) => t.textContent).join(' ')",
    );
    assert_eq!(labels, json!(["10"; 10].join(" ")));
    assert_eq!(
        white.run("return document.querySelectorAll('#board svg line').length"),
        json!(0),
        "no arrows"
    );
    // The move list: its own move, the other's hidden, and what the
    // umpire said of each.
    white.wait(&format!("{PLIES} == 'e4 ?'"));
    let said = white.text("#moves");
    assert!(said.contains("1 pawn try"), "{said}");
    white.screenshot("kriegspiel-pawn-tries");
    white.drag("e4", "d5");
    black.wait(
        "return document.getElementById('announcements').innerText.includes('Pawn at d5 captured')",
    );
    black.wait("return document.querySelectorAll('#board svg text').length == 1");
    assert_eq!(
        black.run("return document.querySelector('#board svg text').textContent"),
        json!("100")
    );
    black.screenshot("kriegspiel-auto-token");
    white.wait("return document.querySelectorAll('#board svg text').length == 0");
}

/// The zone button marks what the terminal's `zone` marks: the squares
/// none of the player's pieces guards (at the start, 42 of them), with a
/// legend naming the unguarded pieces (the rooks).
#[test]
fn kriegspiels_zone_marks_the_unguarded_squares_with_a_legend() {
    let Some((driver, _dir, _server, page)) = start() else {
        return;
    };
    let (white, _black) = game(&driver, &page, "wild/16");
    white.wait("return document.querySelectorAll('#board piece:not(.ghost)').length == 16");
    assert_eq!(
        white.run("return document.getElementById('zone-legend').hidden"),
        json!(true)
    );
    white.click("#zone");
    white.wait("return !document.getElementById('zone-legend').hidden");
    let legend = white.text("#zone-legend");
    assert!(legend.contains("Unguarded pieces: Ra1, Rh1."), "{legend}");
    white.wait("return document.querySelectorAll('#board svg circle').length == 42");
    white.screenshot("kriegspiel-zone");
    white.click("#zone");
    white.wait("return document.querySelectorAll('#board svg circle').length == 0");
}

/// Offers are buttons: a draw offered with the Draw button is accepted
/// with Accept; after the game, Rematch challenges the opponent again,
/// colours reversed, and its Accept starts the game.
#[test]
fn offers_and_the_rematch_are_buttons() {
    let Some((driver, _dir, _server, page)) = start() else {
        return;
    };
    let (white, black) = game(&driver, &page, "chess");
    white.wait("return document.getElementById('result').innerText == 'Your move.'");
    assert_eq!(
        black.run("return document.getElementById('offer').hidden"),
        json!(true)
    );
    white.click("#draw");
    black.wait("return !document.getElementById('offer').hidden");
    let text = black.text("#offer-text");
    assert!(text.ends_with("offers a draw."), "{text}");
    black.screenshot("offer-draw");
    black.click("#offer-accept");
    for side in [&white, &black] {
        side.wait("return document.getElementById('result').innerText.startsWith('1/2-1/2')");
        side.wait("return !document.getElementById('rematch').hidden");
    }
    assert_eq!(
        black.run("return document.getElementById('offer').hidden"),
        json!(true)
    );
    white.wait("return !document.getElementById('end').hidden");
    assert_eq!(white.text("#end-text"), "Draw by agreement.");
    let first = white.text("#names");
    // Rematch from the end's own buttons.
    white.click("#end-rematch");
    black.wait("return document.getElementById('offer-text').innerText.startsWith('Challenge:')");
    black.click("#offer-accept");
    for side in [&white, &black] {
        side.wait(&format!(
            "return document.getElementById('names').innerText != {first:?} && document.getElementById('result').innerText != ''"
        ));
    }
    assert_eq!(
        white.run("return document.getElementById('end').hidden"),
        json!(true)
    );
    // Colours reversed: the one who was Black now plays White.
    assert!(
        black.text("#names").ends_with("You play White."),
        "{}",
        black.text("#names")
    );
}

/// A clock's text (`Black 4:59`, `Black 59.9`) in milliseconds.
fn clock_ms(text: &str) -> u64 {
    let time = text.rsplit(' ').next().unwrap();
    match time.split_once(':') {
        Some((m, s)) => (m.parse::<u64>().unwrap() * 60 + s.parse::<u64>().unwrap()) * 1000,
        None => (time.parse::<f64>().unwrap() * 1000.0) as u64,
    }
}

/// The labels of the move list's plies, space-separated.
const PLIES: &str = "return [...document.querySelectorAll('#moves .ply')].map((b) => b.firstChild.textContent).join(' ')";

/// Waits until the piece on `square`, as chessground draws it once its
/// animation is over, is `piece` (`white pawn`; `None`: no piece).
fn wait_piece(browser: &Browser<'_>, square: &str, piece: Option<&str>) {
    let expected = piece.map_or("null".to_string(), |p| format!("'{p}'"));
    browser.wait(&format!(
        "return ([...document.querySelectorAll('#board piece:not(.ghost)')].find((p) => p.cgKey === '{square}')?.className.split(' ').slice(0, 2).join(' ') ?? null) === {expected}"
    ));
}

/// Before a game a board in the starting position, no clocks and no game
/// buttons; in a game the move list in SAN, stepped through by clicking a
/// move, the arrow keys, Home and End; sounds for a move and a capture,
/// silenced by the switch.
#[test]
fn the_move_list_steps_through_the_game_and_moves_sound() {
    let Some((driver, _dir, _server, page)) = start() else {
        return;
    };
    let idle = driver.browser();
    idle.enter(&page);
    idle.wait("return document.querySelectorAll('#board piece:not(.ghost)').length == 32");
    assert_eq!(
        idle.run("return ['clock-white', 'clock-black', 'game-buttons', 'history'].every((id) => document.getElementById(id).hidden)"),
        json!(true)
    );
    assert!(idle.text("#names").starts_with("No game yet"));
    idle.screenshot("before-a-game");
    drop(idle);
    let (white, black) = game(&driver, &page, "chess");
    for (side, from, to) in [
        (&white, "e2", "e4"),
        (&black, "d7", "d5"),
        (&white, "e4", "d5"),
    ] {
        side.wait("return document.getElementById('result').innerText == 'Your move.'");
        side.drag(from, to);
    }
    black.wait(&format!("{PLIES}.startsWith('e4 d5 exd5')"));
    black.wait("return document.body.dataset.sound == 'capture'");
    let sounds = black.run("return Number(document.body.dataset.sounds)");
    assert_eq!(sounds, json!(3), "a sound a move");
    // Back to the first move: e4 played, d5 not yet.
    black.click("#moves .ply[data-ply='1']");
    black.wait("return document.getElementById('result').innerText.startsWith('Move 1 of 3')");
    wait_piece(&black, "e4", Some("white pawn"));
    wait_piece(&black, "d5", None);
    wait_piece(&black, "d7", Some("black pawn"));
    black.screenshot("move-list");
    // The arrows step; End is the game as it stands.
    black.run("document.activeElement.blur(); return true");
    let key = |k: &str| {
        black.call(
            "POST",
            "/actions",
            Some(
                json!({"actions": [{"type": "key", "id": "keys", "actions": [
                {"type": "keyDown", "value": k}, {"type": "keyUp", "value": k}]}]}),
            ),
        );
    };
    key("\u{E014}"); // ArrowRight
    black.wait("return document.getElementById('result').innerText.startsWith('Move 2 of 3')");
    wait_piece(&black, "d5", Some("black pawn"));
    key("\u{E012}"); // ArrowLeft
    key("\u{E012}");
    black.wait("return document.getElementById('result').innerText.startsWith('Move 0 of 3')");
    wait_piece(&black, "e4", None);
    key("\u{E010}"); // End
    black.wait("return document.getElementById('result').innerText == 'Your move.'");
    wait_piece(&black, "d5", Some("white pawn"));
    // The switch off: moves are silent.
    black.click("#sound");
    black.drag("d8", "d5");
    white.wait(&format!("{PLIES}.startsWith('e4 d5 exd5 Qxd5')"));
    black.wait(&format!("{PLIES}.startsWith('e4 d5 exd5 Qxd5')"));
    assert_eq!(
        black.run("return Number(document.body.dataset.sounds)"),
        json!(3)
    );
    assert_eq!(
        white.run("return Number(document.body.dataset.sounds)"),
        json!(4)
    );
}

/// The lobby is live: a seek appears in the others' list (Play) and the
/// seeker's own (Cancel), goes when cancelled; a game taken from it is
/// listed for a third player, who watches it with Watch; who is online is
/// listed.
#[test]
fn the_lobby_lists_seeks_games_and_players_as_they_change() {
    let Some((driver, _dir, _server, page)) = start() else {
        return;
    };
    let (a, b) = (driver.browser(), driver.browser());
    let a_name = a.enter(&page);
    let b_name = b.enter(&page);
    a.wait(&format!(
        "return document.getElementById('players').innerText.includes('{b_name}')"
    ));
    b.wait(&format!(
        "return document.getElementById('players').innerText.includes('{a_name}')"
    ));
    assert_eq!(
        b.run("return document.getElementById('seeks-none').hidden"),
        json!(false)
    );
    a.click("#seek button[type=submit]");
    b.wait("return document.querySelector('#seeks li button')?.textContent === 'Play'");
    a.wait("return document.querySelector('#seeks li button')?.textContent === 'Cancel'");
    let ad = b.text("#seeks li");
    assert!(ad.starts_with(&format!("{a_name}: blitz, 5+0")), "{ad}");
    b.screenshot("lobby-seek");
    a.click("#seeks li button");
    b.wait("return document.querySelectorAll('#seeks li').length == 0");
    assert_eq!(
        b.run("return document.getElementById('seeks-none').hidden"),
        json!(false)
    );
    a.click("#seek button[type=submit]");
    b.wait("return document.querySelector('#seeks li button')?.textContent === 'Play'");
    b.click("#seeks li button");
    for side in [&a, &b] {
        side.wait("return document.getElementById('names').innerText.includes('vs.')");
        side.wait("return document.querySelectorAll('#seeks li').length == 0");
    }
    let c = driver.browser();
    let c_name = c.enter(&page);
    a.wait(&format!(
        "return document.getElementById('players').innerText.includes('{c_name}')"
    ));
    c.wait("return document.querySelector('#games-list li button')?.textContent === 'Watch'");
    let listed = c.text("#games-list li");
    assert!(
        listed.contains(&a_name) && listed.contains(&b_name),
        "{listed}"
    );
    c.screenshot("lobby-games");
    c.click("#games-list li button");
    c.wait("return document.getElementById('names').innerText.includes('vs.')");
    assert!(!c.text("#names").contains("You play"));
    // The game's end takes it off the list.
    a.say("resign");
    c.wait("return document.querySelectorAll('#games-list li').length == 0");
    drop(c);
    // The watcher leaves: it is gone from the others' list.
    a.wait(&format!(
        "return !document.getElementById('players').innerText.includes('{c_name}')"
    ));
}

/// Connect N: the winning four marked, the moves listed as columns.
#[test]
fn connect_four_marks_the_winning_four() {
    let Some((driver, _dir, _server, page)) = start() else {
        return;
    };
    let (white, black) = game(&driver, &page, "connect-4-7-6");
    white.wait("return document.querySelectorAll('#connect .cell').length == 42");
    for (i, column) in [1, 2, 1, 2, 1, 2, 1].into_iter().enumerate() {
        let side = if i % 2 == 0 { &white } else { &black };
        side.wait("return document.getElementById('result').innerText == 'Your move.'");
        side.click(&format!("#connect button.drop:nth-of-type({column})"));
    }
    for side in [&white, &black] {
        side.wait("return document.querySelectorAll('#connect .cell.win').length == 4");
    }
    let win = white.run(
        "return [...document.querySelectorAll('#connect .cell.win')].map((c) => c.dataset.cell).sort().join(' ')",
    );
    assert_eq!(win, json!("a1 a2 a3 a4"));
    assert_eq!(white.text("#end-text"), "You won with a line.");
    assert_eq!(white.run(PLIES), json!("a b a b a b a"));
    white.screenshot("connect-four-won");
}

/// With `--open-registration`, Create account makes the name an account:
/// the next visit enters with its password.
#[test]
fn an_account_is_created_from_the_page() {
    let Some((driver, _dir, _server, page)) = start_with(&["--open-registration"]) else {
        return;
    };
    let window = driver.browser();
    window.call(
        "POST",
        "/url",
        Some(json!({"url": format!("http://{page}/")})),
    );
    window.run("document.getElementById('name').value = 'Vera'; document.getElementById('password').value = 'secret1'; return true");
    window.click("#create");
    window.wait("return document.getElementById('toast').innerText.startsWith('Account created')");
    assert_eq!(window.text("#me"), "Vera");
    drop(window);
    let again = driver.browser();
    again.call(
        "POST",
        "/url",
        Some(json!({"url": format!("http://{page}/")})),
    );
    again.run("document.getElementById('name').value = 'Vera'; document.getElementById('password').value = 'secret1'; return true");
    again.click("#login button[type=submit]");
    again.wait("return document.getElementById('me').innerText == 'Vera'");
    assert!(!again.console().contains("is not a registered name"));
}
