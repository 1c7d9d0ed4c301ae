//! `antichess connect` against a server started by the test: it logs in,
//! passes commands on, draws the `<12>` boards with the terminal's board
//! view, shows the result; and when the server goes away it says so,
//! connects again, logs in and resumes the adjourned game.

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
        let mut child = Command::new(env!("CARGO_BIN_EXE_antichess"))
            .args(&args)
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
    let first = me.expect("to move (your move).");
    assert!(first.contains(" 8 r n b q k b n r 8"), "{first}");
    assert!(first.contains(" 1 R N B Q K B N R 1"), "{first}");
    for (mine, theirs) in [("e4", "e5"), ("Bc4", "Nc6"), ("Qh5", "Nf6")] {
        me.send(mine);
        black.expect(&format!("Last move: {mine}"));
        black.send(theirs);
        me.expect(&format!("Last move: {theirs}"));
    }
    // A wrong move gets the server's answer.
    me.send("Qh8");
    me.expect("Illegal move (Qh8)");
    me.send("Qxf7");
    let end = me.expect("No ratings adjustment done.");
    assert!(end.contains(" 7 p p p p . Q p p 7"), "{end}");
    assert!(end.contains("Last move: Qxf7#"), "{end}");
    assert!(end.contains("checkmated} 1-0"), "{end}");
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
    alice.expect("Alice to move (your move).");
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
    let resumed = alice.expect("Alice to move (your move).");
    assert!(
        resumed.contains("Continuing unrated blitz match.}"),
        "{resumed}"
    );
    assert!(resumed.contains(" 6 . . . . . n . . 6"), "{resumed}");
    alice.send("c4");
    bob.expect("Last move: c4");
    server.stop();
}
