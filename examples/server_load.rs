//! Load on the game server: N clients in N/2 chess games of random legal
//! moves, all at once, against a server this program starts (on a free
//! loopback port, a fresh database in a temporary folder).
//!
//! ```text
//! cargo run --release --example server_load -- [CLIENTS] [PLIES] [THINK_MS]
//! ```
//!
//! Defaults: 1000 clients, 40 plies a game, a pause of 0 to 2 x THINK_MS
//! (default 500) before each move. Measured: the latency from a move's
//! sending to the opponent's `<12>` board with it (p50, p99, max), the
//! server's resident memory (largest seen) and CPU time, and afterwards
//! every game's moves in the database against the moves sent (lost or
//! duplicated moves are counted).

use std::collections::HashMap;
use std::io::BufRead;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use antichess::rng::Xorshift;
use antichess::rules::{Position, Ruleset, notation};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};

/// One connection: lines in, lines out.
struct Conn {
    lines: tokio::io::Lines<BufReader<OwnedReadHalf>>,
    out: OwnedWriteHalf,
    /// The handle it logged in with.
    handle: String,
}

impl Conn {
    async fn open(addr: &str) -> Conn {
        let stream = TcpStream::connect(addr).await.expect("connect");
        stream.set_nodelay(true).ok();
        let (read, out) = stream.into_split();
        Conn {
            lines: BufReader::new(read).lines(),
            out,
            handle: String::new(),
        }
    }

    async fn send(&mut self, line: &str) {
        self.out
            .write_all(format!("{line}\n").as_bytes())
            .await
            .expect("send");
    }

    /// Reads lines until one contains `pattern`; that line.
    async fn until(&mut self, pattern: &str) -> String {
        loop {
            let line = tokio::time::timeout(Duration::from_secs(60), self.lines.next_line())
                .await
                .expect("the server did not answer in 60 s")
                .expect("read")
                .expect("the server closed the connection");
            if line.contains(pattern) {
                return line;
            }
        }
    }

    /// Logs in as a guest.
    async fn guest(addr: &str) -> Conn {
        let mut c = Conn::open(addr).await;
        c.send("guest").await;
        let line = c.until("Logging you in as \"").await;
        c.handle = line.split('"').nth(1).unwrap().to_string();
        c.send("").await;
        c.until("Starting FICS session").await;
        c.send("style 12").await;
        c.until("Style 12 set.").await;
        c
    }
}

/// What the run measured.
#[derive(Default)]
struct Tally {
    latencies_us: Vec<u64>,
    /// For each game, the players and the moves sent.
    games: Vec<(String, String, Vec<String>)>,
}

/// Two clients play one game of random legal moves.
async fn pair(addr: String, seed: u64, plies: usize, think_ms: u64, tally: Arc<Mutex<Tally>>) {
    let mut white = Conn::guest(&addr).await;
    let mut black = Conn::guest(&addr).await;
    white
        .send(&format!("match {} 60 0 white", black.handle))
        .await;
    black.until("Challenge:").await;
    black.send("accept").await;
    white.until("<12> ").await;
    black.until("<12> ").await;
    let mut rng = Xorshift::new(seed);
    let mut pos = Position::new(Ruleset::CHESS);
    let mut sent = Vec::new();
    let mut latencies = Vec::new();
    for ply in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        let text = notation::uci(m);
        let pause = rng.below(2 * think_ms as usize + 1) as u64;
        tokio::time::sleep(Duration::from_millis(pause)).await;
        let (mover, other) = if ply % 2 == 0 {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        let started = Instant::now();
        mover.send(&text).await;
        let board = other.until("<12> ").await;
        latencies.push(started.elapsed().as_micros() as u64);
        mover.until("<12> ").await;
        sent.push(text);
        pos = pos.play(m);
        if board.contains('#') {
            break;
        }
    }
    // The game ends: resign unless it ended by itself.
    let mover = if sent.len() % 2 == 0 {
        &mut white
    } else {
        &mut black
    };
    mover.send("resign").await;
    white.until("{Game ").await;
    black.until("{Game ").await;
    white.send("quit").await;
    black.send("quit").await;
    let mut t = tally.lock().unwrap();
    t.latencies_us.extend(latencies);
    t.games
        .push((white.handle.clone(), black.handle.clone(), sent));
}

/// The server's resident memory (kB) and CPU time (clock ticks).
fn server_usage(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0);
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let cpu = fields
        .get(11)
        .and_then(|u| u.parse::<u64>().ok())
        .unwrap_or(0)
        + fields
            .get(12)
            .and_then(|s| s.parse::<u64>().ok())
            .unwrap_or(0);
    (rss, cpu)
}

/// Stops the server when the run ends, however it ends.
struct Stop(u32);

impl Drop for Stop {
    fn drop(&mut self) {
        let _ = std::process::Command::new("kill")
            .args(["-TERM", &self.0.to_string()])
            .status();
    }
}

fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let clients: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let plies: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(40);
    let think_ms: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(500);
    let dir = tempfile::tempdir().expect("temporary folder");
    let db = dir.path().join("load.db");
    let exe = std::env::current_exe().unwrap();
    let binary = exe.ancestors().nth(2).unwrap().join("antichess");
    let mut server = std::process::Command::new(&binary)
        .args(["server", "--listen", "127.0.0.1:0", "--db"])
        .arg(&db)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "cannot start {}: {e} (cargo build --release first)",
                binary.display()
            )
        });
    let mut first = String::new();
    let mut output = std::io::BufReader::new(server.stdout.take().unwrap());
    output.read_line(&mut first).unwrap();
    // Keep reading what the server prints, so that it never writes to a
    // closed pipe.
    std::thread::spawn(move || std::io::copy(&mut output, &mut std::io::sink()));
    let addr = first
        .trim()
        .strip_prefix("Listening on ")
        .unwrap()
        .to_string();
    let pid = server.id();
    let stop = Stop(pid);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let tally = Arc::new(Mutex::new(Tally::default()));
    let peak = Arc::new(Mutex::new(0u64));
    let started = Instant::now();
    let (_, cpu_before) = server_usage(pid);
    runtime.block_on(async {
        let sampler = {
            let peak = Arc::clone(&peak);
            tokio::spawn(async move {
                loop {
                    let (rss, _) = server_usage(pid);
                    {
                        let mut p = peak.lock().unwrap();
                        *p = (*p).max(rss);
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            })
        };
        let mut tasks = Vec::new();
        for i in 0..clients / 2 {
            tasks.push(tokio::spawn(pair(
                addr.clone(),
                i as u64 + 1,
                plies,
                think_ms,
                Arc::clone(&tally),
            )));
        }
        for t in tasks {
            t.await.expect("a pair failed");
        }
        sampler.abort();
    });
    let elapsed = started.elapsed();
    let (_, cpu_after) = server_usage(pid);
    drop(stop);
    let _ = server.wait();
    let mut tally = Arc::try_unwrap(tally).ok().unwrap().into_inner().unwrap();
    tally.latencies_us.sort_unstable();
    let moves = tally.latencies_us.len();
    // Every game's moves in the database against those sent.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mut lost = 0usize;
    let mut extra = 0usize;
    let mut stored_moves = HashMap::new();
    for (white, black, sent) in &tally.games {
        let id: i64 = conn
            .query_row(
                "SELECT id FROM games WHERE white = ?1 AND black = ?2",
                [white, black],
                |r| r.get(0),
            )
            .unwrap();
        let mut stmt = conn
            .prepare("SELECT text FROM moves WHERE game = ?1 ORDER BY seq")
            .unwrap();
        let stored: Vec<String> = stmt
            .query_map([id], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let sent_canonical: Vec<String> = sent.clone();
        lost += sent_canonical.len().saturating_sub(stored.len());
        extra += stored.len().saturating_sub(sent_canonical.len());
        stored_moves.insert(id, stored.len());
    }
    let ticks = 100.0;
    println!(
        "clients {clients}, games {}, plies per game up to {plies}, pause 0-{} ms",
        clients / 2,
        2 * think_ms
    );
    println!(
        "moves {moves} in {:.1} s ({:.0} moves/s)",
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64()
    );
    println!(
        "latency move -> opponent's board: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&tally.latencies_us, 0.50) as f64 / 1000.0,
        percentile(&tally.latencies_us, 0.99) as f64 / 1000.0,
        tally.latencies_us.last().copied().unwrap_or(0) as f64 / 1000.0
    );
    println!(
        "server: peak memory {:.1} MB, CPU {:.2} s",
        *peak.lock().unwrap() as f64 / 1024.0,
        (cpu_after - cpu_before) as f64 / ticks
    );
    println!(
        "database: {} games, {} moves stored; lost {lost}, extra {extra}",
        stored_moves.len(),
        stored_moves.values().sum::<usize>()
    );
}
