//! UCI as chess GUIs and python-chess use it: chess by default, MultiPV,
//! `go mate`, `searchmoves`, `ponder` with `ponderhit`, the extra `info`
//! fields, and input that is too long, not UTF-8 or asks for a table the
//! machine cannot hold.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// `antichess uci` with its output read line by line on a thread.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_antichess"))
            .args(["uci", "--hash", "8", "--threads", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `prefix`,
    /// waiting at most `wait` in all.
    fn until(&mut self, prefix: &str, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {prefix:?} within {wait:?}: {got:#?}"));
            let done = line.starts_with(prefix);
            got.push(line);
            if done {
                return got;
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.stdin.write_all(b"quit\n");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const WAIT: Duration = Duration::from_secs(30);

fn word_after<'a>(line: &'a str, key: &str) -> &'a str {
    let words: Vec<&str> = line.split(' ').collect();
    words[words.iter().position(|w| *w == key).unwrap() + 1]
}

#[test]
fn chess_is_the_default_and_a_lone_king_still_moves() {
    let mut e = Engine::start();
    e.send(b"uci\n");
    let hello = e.until("uciok", WAIT);
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant type combo default chess "))
    );
    assert!(hello.contains(&"option name MultiPV type spin default 1 min 1 max 256".to_string()));
    // Castling is a chess move, not an antichess one.
    e.send(b"position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\nisready\n");
    assert_eq!(e.until("readyok", WAIT), ["readyok"]);
    e.send(b"position fen 8/8/8/8/8/8/8/k6K w - - 0 1\ngo depth 5\n");
    let out = e.until("bestmove", WAIT);
    let best = out.last().unwrap();
    assert!(
        ["bestmove h1g1", "bestmove h1g2", "bestmove h1h2"].contains(&best.as_str()),
        "{out:?}"
    );
}

#[test]
fn multipv_gives_several_lines_with_their_own_first_moves() {
    let mut e = Engine::start();
    e.send(b"setoption name MultiPV value 3\nposition startpos\ngo depth 5\n");
    let out = e.until("bestmove", WAIT);
    let last: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("info depth 5 ") && l.contains(" multipv "))
        .collect();
    let numbers: Vec<&str> = last.iter().map(|l| word_after(l, "multipv")).collect();
    assert_eq!(numbers, ["1", "2", "3"], "{out:#?}");
    let firsts: Vec<&str> = last.iter().map(|l| word_after(l, "pv")).collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
    assert!(
        out.last()
            .unwrap()
            .starts_with(&format!("bestmove {}", firsts[0]))
    );
    for line in &last {
        for key in ["seldepth", "hashfull", "nodes", "nps", "time"] {
            assert!(
                word_after(line, key).parse::<u64>().is_ok(),
                "{key}: {line}"
            );
        }
    }
}

/// A mate in two (Legall's mate pattern from the chess specification's
/// E03): `go mate 2` stops by itself with the mate, without `stop`.
#[test]
fn go_mate_stops_at_the_mate() {
    let mut e = Engine::start();
    e.send(b"position fen r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1\ngo mate 2\n");
    let out = e.until("bestmove", WAIT);
    assert!(out.iter().any(|l| l.contains(" score mate 2 ")), "{out:#?}");
    assert!(out.last().unwrap().starts_with("bestmove d5d8"), "{out:#?}");
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = Engine::start();
    e.send(b"position startpos\ngo searchmoves a2a3 h2h4 depth 6\n");
    let out = e.until("bestmove", WAIT);
    let best = word_after(out.last().unwrap(), "bestmove");
    assert!(best == "a2a3" || best == "h2h4", "{out:#?}");
    assert!(
        out.iter()
            .filter(|l| l.starts_with("info depth"))
            .all(|l| ["a2a3", "h2h4"].contains(&word_after(l, "pv")))
    );
}

#[test]
fn ponder_waits_for_ponderhit_then_plays_within_its_time() {
    let mut e = Engine::start();
    e.send(b"position startpos moves e2e4\ngo ponder wtime 2000 btime 2000\n");
    // Pondering: no bestmove however long, even past the move's time.
    let deadline = Instant::now() + Duration::from_millis(1500);
    while Instant::now() < deadline {
        if let Ok(line) = e.lines.recv_timeout(Duration::from_millis(50)) {
            assert!(!line.starts_with("bestmove"), "{line}");
        }
    }
    let hit = Instant::now();
    e.send(b"ponderhit\n");
    e.until("bestmove", WAIT);
    assert!(
        hit.elapsed() < Duration::from_secs(2),
        "{:?}",
        hit.elapsed()
    );
    // A ponder search ended by stop answers at once too.
    e.send(b"go ponder wtime 2000 btime 2000\n");
    std::thread::sleep(Duration::from_millis(300));
    e.send(b"stop\n");
    e.until("bestmove", Duration::from_secs(2));
}

#[test]
fn bad_lines_are_answered_and_the_rest_is_read() {
    let mut e = Engine::start();
    e.send(b"isready \xff\xfe\n");
    assert_eq!(
        e.until("info string", WAIT),
        ["info string ignored a line that is not UTF-8"]
    );
    let mut long = vec![b'x'; 300_000];
    long.push(b'\n');
    e.send(&long);
    assert_eq!(
        e.until("info string", WAIT),
        ["info string ignored a line longer than 65536 bytes"]
    );
    e.send(b"setoption name Hash value 65536\n");
    assert_eq!(
        e.until("info string", WAIT),
        ["info string cannot allocate a table of 65536 MB: the table stays at 8 MB"]
    );
    e.send(b"isready\nposition startpos\ngo depth 2\n");
    assert_eq!(e.until("readyok", WAIT), ["readyok"]);
    e.until("bestmove", WAIT);
}

/// A game already over still gets a score before its `bestmove 0000`, as
/// Stockfish gives it (python-chess's `analyse()` needs one).
#[test]
fn a_finished_game_has_a_score() {
    let mut e = Engine::start();
    e.send(b"uci\n");
    e.until("uciok", WAIT);
    // Fool's mate: White is mated.
    e.send(b"position startpos moves f2f3 e7e5 g2g4 d8h4\ngo depth 5\n");
    assert_eq!(
        e.until("bestmove", WAIT),
        ["info depth 0 score mate 0", "bestmove 0000"]
    );
    // Stalemate: a draw.
    e.send(b"position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo movetime 100\n");
    assert_eq!(
        e.until("bestmove", WAIT),
        ["info depth 0 score cp 0", "bestmove 0000"]
    );
}

/// MultiPV searches every line to the same depth, as Stockfish does: on a
/// clock, the last depth told has all its lines.
#[test]
fn multipv_lines_reach_the_same_depth() {
    let mut e = Engine::start();
    e.send(b"setoption name MultiPV value 2\nposition startpos\ngo movetime 1000\n");
    let out = e.until("bestmove", WAIT);
    let lines: Vec<(&str, &str, &str)> = out
        .iter()
        .filter(|l| l.starts_with("info depth ") && l.contains(" multipv "))
        .map(|l| {
            (
                word_after(l, "depth"),
                word_after(l, "multipv"),
                word_after(l, "pv"),
            )
        })
        .collect();
    let (depth, _, first) = *lines
        .iter()
        .rfind(|(_, k, _)| *k == "1")
        .unwrap_or_else(|| panic!("{out:#?}"));
    let second = lines
        .iter()
        .rfind(|(_, k, _)| *k == "2")
        .unwrap_or_else(|| panic!("{out:#?}"));
    assert_eq!(second.0, depth, "{out:#?}");
    assert_ne!(second.2, first);
    assert!(depth.parse::<u32>().unwrap() >= 6, "{out:#?}");
    assert!(
        out.last()
            .unwrap()
            .starts_with(&format!("bestmove {first}"))
    );
}
