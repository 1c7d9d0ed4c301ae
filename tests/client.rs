//! `antichess connect` against a server started by the test: it logs in,
//! passes commands on, draws each game with the game's own view from what
//! its seat is told (Kriegspiel: its own pieces, tokens, the zone, the
//! reveal), checks typed moves before sending them, saves the game as PGN,
//! shows the result; it plays a `--bot`; and when the server goes away it
//! says so, connects again, logs in and resumes the adjourned game.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::server::{Server, alice_and_bob};

/// `antichess connect` with its input piped and its output collected.
struct Connect {
    child: Child,
    input: ChildStdin,
    output: Arc<Mutex<String>>,
    seen: usize,
}

impl Connect {
    fn start(addr: &str, user: Option<&str>) -> Connect {
        let mut args = vec!["connect", addr];
        if let Some(u) = user {
            args.extend(["--user", u]);
        }
        Connect::with(&args)
    }

    fn with(args: &[&str]) -> Connect {
        let mut child = Command::new(env!("CARGO_BIN_EXE_antichess"))
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&output);
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let mut s = sink.lock().unwrap();
                s.push_str(&line);
                s.push('\n');
            }
        });
        Connect {
            child,
            input,
            output,
            seen: 0,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
    }

    /// Waits (up to 15 s) for `pattern` after what was seen; the text up
    /// to it.
    fn expect(&mut self, pattern: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            {
                let out = self.output.lock().unwrap();
                if let Some(i) = out[self.seen..].find(pattern) {
                    let text = out[self.seen..self.seen + i + pattern.len()].to_string();
                    self.seen += i + pattern.len();
                    return text;
                }
                assert!(
                    Instant::now() < deadline,
                    "waited for {pattern:?}; got {:?}",
                    &out[self.seen..]
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Connect {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_guest_plays_a_game_at_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("s.db"));
    let (mut black, black_name) = server.guest();
    let mut me = Connect::start(&server.addr, None);
    let started = me.expect("**** Starting FICS session as ");
    assert!(started.contains("Logging you in as \"Guest"), "{started}");
    me.expect("****");
    me.send(&format!("match {black_name} 5 0 white"));
    black.expect("decline\"");
    black.send("accept");
    me.expect("Creating unrated blitz match.}");
    let first = me.expect("Clocks: White 5:00, Black 5:00.");
    assert!(first.contains(" 8 r n b q k b n r 8"), "{first}");
    assert!(first.contains(" 1 R N B Q K B N R 1"), "{first}");
    assert!(first.contains("White to move (Guest"), "{first}");
    for (mine, theirs) in [("e4", "e5"), ("Bc4", "Nc6"), ("Qh5", "Nf6")] {
        me.send(mine);
        black.expect(&format!("Last move: {mine}"));
        black.send(theirs);
        me.expect(&format!("Last move: {theirs}"));
    }
    // A wrong move is answered by the game here, with its reason, and
    // never reaches the server.
    me.send("Qh8");
    let said = me.expect("Qh8");
    me.send("moves h5");
    let moves = me.expect("h5-f7");
    assert!(!moves.contains("Illegal move (Qh8)"), "{said}{moves}");
    me.send("Qxf7");
    let end = me.expect("No ratings adjustment done.");
    assert!(end.contains(" 7 p p p p . Q p p 7"), "{end}");
    assert!(end.contains("Last move: Qxf7#"), "{end}");
    assert!(end.contains("checkmated} 1-0"), "{end}");
    let pgn = dir.path().join("game.pgn");
    me.send(&format!("save {}", pgn.display()));
    me.expect("Saved to ");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        text.contains("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"),
        "{text}"
    );
    me.send("quit");
    me.expect("Logging you out.");
    let status = me.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn a_dropped_connection_is_reported_and_the_game_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s.db");
    alice_and_bob(&db);
    // A port known in advance, for the server to come back on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let listen = format!("127.0.0.1:{port}");
    let mut server = Server::start_at(&db, &listen);
    let mut alice = Connect::start(&listen, Some("Alice"));
    alice.send("wonderland");
    alice.expect("**** Starting FICS session as Alice ****");
    let mut bob = server.user("Bob", "builder");
    alice.send("match Bob 5 0 white");
    bob.expect("decline\"");
    bob.send("accept");
    alice.expect("White to move (Alice).");
    alice.send("d4");
    bob.expect("Last move: d4");
    bob.send("Nf6");
    alice.expect("Last move: Nf6");
    server.kill();
    alice.expect("Connection to the server lost.");
    alice.expect("Connecting again in 1 s.");
    let mut server = Server::start_at(&db, &listen);
    alice.expect("**** Starting FICS session as Alice ****");
    let mut bob = server.user("Bob", "builder");
    bob.expect("resume your adjourned game");
    bob.send("accept");
    let resumed = alice.expect("White to move (Alice).");
    assert!(
        resumed.contains("Continuing unrated blitz match.}"),
        "{resumed}"
    );
    assert!(resumed.contains(" 6 . . . . . n . . 6"), "{resumed}");
    alice.send("c4");
    bob.expect("Last move: c4");
    server.stop();
}

#[test]
fn a_client_plays_a_bot() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(&dir.path().join("s.db"));
    let mut bot = Connect::with(&[
        "connect",
        &server.addr,
        "--bot",
        "--games",
        "chess",
        "--max-games",
        "1",
        "--movetime",
        "20",
        "--threads",
        "1",
    ]);
    bot.expect("ads displayed.");
    let mut me = Connect::start(&server.addr, None);
    me.expect("**** Starting FICS session as ");
    // A bot says it is a computer: (C) after its name.
    me.send("who");
    me.expect("(U)(C)");
    me.send("seek 5 0 chess white");
    me.expect("Creating unrated blitz match.}");
    me.expect("White to move (Guest");
    me.send("e4");
    me.expect("Black to move (");
    let reply = me.expect("White to move (Guest");
    assert!(reply.contains(" 4 . . . . P . . . 4"), "{reply}");
    me.send("resign");
    let end = me.expect("resigns} 0-1");
    assert!(
        end.contains("Game over") || end.contains("Last move:"),
        "{end}"
    );
    let pgn = dir.path().join("bot.pgn");
    me.send(&format!("save {}", pgn.display()));
    me.expect("Saved to ");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("1. e4 "), "{text}");
    assert!(text.contains("0-1"), "{text}");
    // The bot leaves after its one game.
    bot.expect("Logging you out.");
    assert!(bot.child.wait().unwrap().success());
    server.stop();
}

/// The rows of the boards in `text` (` 4 . . . . P . . . 4`), without
/// their numbers.
fn rows(text: &str) -> String {
    text.lines()
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| l.len() == 19 && l.as_bytes()[1].is_ascii_digit())
        .map(|l| &l[3..18])
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn two_clients_play_kriegspiel_each_seeing_its_own_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(&dir.path().join("s.db"));
    let mut white = Connect::start(&server.addr, None);
    white.expect("**** Starting FICS session as ");
    let mut black = Connect::start(&server.addr, None);
    black.expect("**** Starting FICS session as ");
    white.send("seek 5 0 wild/16 white");
    let ad = black.expect("to respond)");
    let number = ad
        .rsplit("\"play ")
        .next()
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    black.send(&format!("play {number}"));
    let mine = white.expect("Lost: pawns 0, pieces 0.");
    assert!(mine.contains(" 8 . . . . . . . . 8"), "{mine}");
    assert!(mine.contains(" 1 R N B Q K B N R 1"), "{mine}");
    let theirs = black.expect("Lost: pawns 0, pieces 0.");
    // Black's view has Black at the bottom.
    assert!(theirs.contains(" 8 r n b k q b n r 8"), "{theirs}");
    assert!(theirs.contains(" 1 . . . . . . . . 1"), "{theirs}");
    // An attempt impossible whatever the hidden pieces is answered here.
    white.send("e1e3");
    white.expect("Impossible: ");
    white.send("e2e4");
    let heard = black.expect("Lost: pawns 0, pieces 0.");
    assert!(heard.contains("Umpire: Black's move"), "{heard}");
    assert!(
        !rows(&heard).contains(|c: char| c.is_ascii_uppercase()),
        "{heard}"
    );
    // Tokens by hand and the zone of control.
    black.send("token piece e4");
    black.expect("e4 piece 100% manual");
    black.send("zone");
    black.expect("Unguarded pieces: ");
    black.send("e7e5");
    let view = white.expect("Umpire: White's move");
    let view = view.rsplit("Game 1: Guest").next().unwrap();
    assert!(view.contains(" 4 . . . . P . . . 4"), "{view}");
    assert!(
        !rows(view).contains(|c: char| "pnbrqk".contains(c)),
        "{view}"
    );
    white.send("save k.pgn");
    white.expect("once it is over");
    white.send("resign");
    // The end shows the umpire's whole board to both.
    for (side, pawns) in [
        (&mut white, [" 5 . . . . p . . . 5", " 4 . . . . P . . . 4"]),
        (&mut black, [" 5 . . . p . . . . 5", " 4 . . . P . . . . 4"]),
    ] {
        let end = side.expect("resigns} 0-1");
        let reveal = end.split("The umpire's board:").nth(1).unwrap_or_default();
        for row in pawns {
            assert!(reveal.contains(row), "{end}");
        }
    }
    let pgn = dir.path().join("k.pgn");
    black.send(&format!("save {}", pgn.display()));
    black.expect("Saved to ");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Variant \"Kriegspiel\"]"), "{text}");
    assert!(text.contains("1. e4 {"), "{text}");
    server.stop();
}

#[test]
fn a_textui_program_plays_through_a_bot() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(&dir.path().join("s.db"));
    let program = format!(
        "{} --movetime 10 --threads 1",
        env!("CARGO_BIN_EXE_antichess")
    );
    let mut seeker = Connect::with(&[
        "connect",
        &server.addr,
        "--bot",
        "--seek",
        "1 0 6170-spring-2007",
        "--max-games",
        "1",
        "--textui-engine",
        &program,
    ]);
    seeker.expect("Your seek has been posted");
    let mut answerer = Connect::with(&[
        "connect",
        &server.addr,
        "--bot",
        "--max-games",
        "1",
        "--movetime",
        "10",
        "--threads",
        "1",
    ]);
    for bot in [&mut seeker, &mut answerer] {
        let game = bot.expect("Logging you out.");
        assert!(
            game.contains("Creating unrated 6170-spring-2007 match.}"),
            "{game}"
        );
        assert!(
            game.contains("} 1-0") || game.contains("} 0-1") || game.contains("} 1/2-1/2"),
            "{game}"
        );
        assert!(!game.contains("Resigning:"), "{game}");
        assert!(bot.child.wait().unwrap().success());
    }
    server.stop();
}

/// `antichess connect` in a pseudo-terminal, as a person runs it.
fn pty_client(addr: &str) -> expectrl::session::OsSession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_antichess"));
    cmd.args(["connect", addr])
        .env("TERM", "xterm-256color")
        .env("NO_COLOR", "1");
    let mut session = expectrl::Session::spawn(cmd).expect("spawn in a pty");
    session.set_expect_timeout(Some(Duration::from_secs(20)));
    session
}

/// What a pseudo-terminal showed up to `pattern`.
fn pty_expect(p: &mut expectrl::session::OsSession, pattern: &str) -> String {
    use expectrl::Expect;
    let found = p
        .expect(pattern)
        .unwrap_or_else(|e| panic!("waited for {pattern:?}: {e}"));
    String::from_utf8_lossy(found.before()).into_owned() + pattern
}

#[test]
fn two_terminals_play_kriegspiel_to_mate_with_a_watcher() {
    use expectrl::Expect;
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(&dir.path().join("s.db"));
    let mut white = pty_client(&server.addr);
    pty_expect(&mut white, "**** Starting FICS session as ");
    let mut black = pty_client(&server.addr);
    pty_expect(&mut black, "**** Starting FICS session as ");
    white.send_line("seek 5 0 wild/16 white").unwrap();
    pty_expect(&mut white, "Your seek has been posted");
    pty_expect(&mut black, "(\"play 1\" to respond)");
    black.send_line("play 1").unwrap();
    let mine = pty_expect(&mut white, "Lost: pawns 0, pieces 0.");
    assert!(mine.contains(" 8 . . . . . . . . 8"), "{mine}");
    assert!(mine.contains(" 1 R N B Q K B N R 1"), "{mine}");
    let theirs = pty_expect(&mut black, "Lost: pawns 0, pieces 0.");
    assert!(theirs.contains(" 8 r n b k q b n r 8"), "{theirs}");
    assert!(theirs.contains(" 1 . . . . . . . . 1"), "{theirs}");

    // A watcher sees the announcements, not the pieces.
    let mut watcher = Connect::start(&server.addr, None);
    watcher.expect("**** Starting FICS session as ");
    watcher.send("observe 1");
    let watched = watcher.expect("to move.  Clocks: White 5:00, Black 5:00.");
    assert!(rows(&watched).is_empty(), "{watched}");

    // The clock line ticks above the prompt: White's clock runs.
    let first = pty_expect(&mut white, "; White to move");
    let later = pty_expect(&mut white, "; White to move");
    let clock = |text: &str| {
        let line = text.rsplit("Clocks: White ").next().unwrap().to_string();
        line.split(',').next().unwrap().to_string()
    };
    assert_ne!(clock(&first), clock(&later), "{first:?} {later:?}");

    // Tab completes a move from those the seat may try.
    white.send("g1h").unwrap();
    white.send("\t").unwrap();
    pty_expect(&mut white, "g1h3");
    white.send("\u{15}").unwrap(); // Ctrl-U: the line is cleared.
    // An attempt impossible whatever the hidden pieces is answered here.
    white.send_line("e1e3").unwrap();
    pty_expect(&mut white, "Impossible: ");
    white.send_line("f2f3").unwrap();
    let heard = pty_expect(&mut black, "Umpire: Black's move");
    assert!(
        !rows(&heard).contains(|c: char| c.is_ascii_uppercase()),
        "{heard}"
    );
    black.send_line("token piece f3").unwrap();
    pty_expect(&mut black, "f3 piece 100% manual");
    black.send_line("zone").unwrap();
    pty_expect(&mut black, "Unguarded pieces: ");
    black.send_line("e7e5").unwrap();
    pty_expect(&mut white, "Umpire: White's move");
    white.send_line("g2g4").unwrap();
    pty_expect(&mut black, "Umpire: Black's move");
    black.send_line("d8h4").unwrap();
    let watched = watcher.expect("checkmated} 0-1");
    let before_end = watched.split("The umpire's board:").next().unwrap();
    assert!(
        !rows(before_end).contains(|c: char| c.is_ascii_alphabetic()),
        "{watched}"
    );
    assert!(watched.contains(" 4 . . . . . . P q 4"), "{watched}");
    // The reveal, each side's board its own way up.
    for (side, pieces) in [
        (&mut white, [" 4 . . . . . . P q 4", " 5 . . . . p . . . 5"]),
        (&mut black, [" 4 q P . . . . . . 4", " 5 . . . p . . . . 5"]),
    ] {
        let end = pty_expect(side, "checkmated} 0-1");
        assert!(end.contains("Checkmate: Black wins"), "{end}");
        let reveal = end.split("The umpire's board:").nth(1).unwrap_or_default();
        for row in pieces {
            assert!(reveal.contains(row), "{end}");
        }
    }
    for side in [&mut white, &mut black] {
        side.send_line("quit").unwrap();
        side.expect(expectrl::Eof).unwrap();
    }
    server.stop();
}
