//! Load on the game server: N clients in N/2 chess games of random legal
//! moves, all at once, against a server this program starts (on a free
//! loopback port, a fresh database in a temporary folder).
//!
//! ```text
//! cargo run --release --example server_load -- [CLIENTS] [PLIES] [THINK_MS] [FLOODERS] [GUESSERS]
//! ```
//!
//! With `SERVER_LOAD_DB=postgres://...` it starts `SERVER_LOAD_NODES`
//! (default 3) server nodes over that database instead of one server over
//! SQLite, and seats each game's players on two different nodes (game
//! `g`: White on node `g mod N`, Black on the next): every move crosses
//! nodes. Memory and CPU are then the nodes' sums.
//!
//! Defaults: 1000 clients, 40 plies a game, a pause of 0 to 2 x THINK_MS
//! (default 500) before each move, no flooders and no guessers. Of the
//! clients, FLOODERS send 100 `tell`s of 400 characters to players and a
//! `seek` every 10 ms, reading what they get, and GUESSERS log in as a
//! registered player with wrong passwords over and over (a new connection
//! when one is closed); the rest play. Every client connects from a
//! loopback address of its own (127.0.x.y), as clients of a real server
//! do. Measured: the latency from a move's sending to the opponent's
//! `<12>` board with it (p50, p99, max), games that ended other than by
//! the resignation sent (a forfeit), the server's resident memory
//! (largest seen) and CPU time, and afterwards every game's moves in the
//! database against the moves sent (lost or duplicated moves are
//! counted).

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use antichess::rules::chess::{Position, Ruleset, notation};
use antichess::sys::rng::Xorshift;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpSocket, TcpStream};

/// The loopback address of client `k`: 127.0.x.y, x and y from 1.
fn source(k: usize) -> std::net::SocketAddr {
    let ip = std::net::Ipv4Addr::new(127, 0, (k / 250 + 1) as u8, (k % 250 + 1) as u8);
    std::net::SocketAddr::new(ip.into(), 0)
}

/// A connection to `addr` from client `k`'s address.
async fn connect(addr: &str, k: usize) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(source(k))?;
    socket.connect(addr.parse().expect("an address")).await
}

/// One connection: lines in, lines out.
struct Conn {
    lines: tokio::io::Lines<BufReader<OwnedReadHalf>>,
    out: OwnedWriteHalf,
    /// The handle it logged in with.
    handle: String,
}

impl Conn {
    async fn open(addr: &str, k: usize) -> Conn {
        let stream = connect(addr, k).await.expect("connect");
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

    /// Reads lines until one contains `pattern`; that line. Waiting more
    /// than a minute is a failure, told with the last lines read.
    async fn until(&mut self, pattern: &str) -> String {
        let mut last = std::collections::VecDeque::new();
        loop {
            let line = tokio::time::timeout(Duration::from_secs(60), self.lines.next_line())
                .await
                .unwrap_or_else(|_| {
                    panic!(
                        "{}: no {pattern:?} from the server in 60 s; last read: {last:?}",
                        self.handle
                    )
                })
                .expect("read")
                .expect("the server closed the connection");
            if line.contains(pattern) {
                return line;
            }
            if last.len() == 6 {
                last.pop_front();
            }
            last.push_back(line);
        }
    }

    /// Logs in as a guest (client `k`).
    async fn guest(addr: &str, k: usize) -> Conn {
        let mut c = Conn::open(addr, k).await;
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
    /// Games that ended by a forfeit (disconnection or time), not by the
    /// resignation sent.
    forfeits: usize,
}

/// What the attackers share: the players' handles (the flooders' targets),
/// whether the games are over, and counts of what was done.
#[derive(Default)]
struct Attack {
    players: Mutex<Vec<String>>,
    over: AtomicBool,
    tells: AtomicUsize,
    refused: AtomicUsize,
    guesses: AtomicUsize,
}

/// Two clients (`k` and `k + 1`) play one game of random legal moves.
async fn pair(
    (addr, black_addr): (String, String),
    k: usize,
    plies: usize,
    think_ms: u64,
    tally: Arc<Mutex<Tally>>,
    attack: Arc<Attack>,
) {
    let seed = k as u64 / 2 + 1;
    let mut white = Conn::guest(&addr, k).await;
    let mut black = Conn::guest(&black_addr, k + 1).await;
    {
        let mut players = attack.players.lock().unwrap();
        players.push(white.handle.clone());
        players.push(black.handle.clone());
    }
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
    let end = white.until("{Game ").await;
    black.until("{Game ").await;
    white.send("quit").await;
    black.send("quit").await;
    let mut t = tally.lock().unwrap();
    if end.contains("forfeits") {
        t.forfeits += 1;
    }
    t.latencies_us.extend(latencies);
    t.games
        .push((white.handle.clone(), black.handle.clone(), sent));
}

/// Client `k` floods: every 10 ms, 100 `tell`s of 400 characters to
/// players and a `seek`, until the games are over; it reads everything
/// it is sent (so that it stays on and goes on flooding).
async fn flood(addr: String, k: usize, attack: Arc<Attack>) {
    let c = Conn::guest(&addr, k).await;
    let (mut lines, mut out) = (c.lines, c.out);
    let counter = Arc::clone(&attack);
    let reader = tokio::spawn(async move {
        while let Ok(Some(line)) = lines.next_line().await {
            if line.contains("too fast") {
                counter.refused.fetch_add(1, Ordering::Relaxed);
            }
        }
    });
    let text = "x".repeat(400);
    let mut rng = Xorshift::new(k as u64 + 7);
    while !attack.over.load(Ordering::Relaxed) {
        let targets: Vec<String> = {
            let players = attack.players.lock().unwrap();
            if players.is_empty() {
                Vec::new()
            } else {
                (0..100)
                    .map(|_| players[rng.below(players.len())].clone())
                    .collect()
            }
        };
        let mut burst = String::new();
        for t in &targets {
            burst.push_str(&format!("tell {t} {text}\n"));
        }
        burst.push_str("seek 5 0\n");
        if out.write_all(burst.as_bytes()).await.is_err() {
            break;
        }
        attack.tells.fetch_add(targets.len(), Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    reader.abort();
}

/// Client `k` guesses Alice's password until the games are over, a new
/// connection each time one is closed.
async fn guess(addr: String, k: usize, attack: Arc<Attack>) {
    while !attack.over.load(Ordering::Relaxed) {
        let Ok(stream) = connect(&addr, k).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let (read, mut out) = stream.into_split();
        let mut read = BufReader::new(read);
        let mut buf = vec![0u8; 4096];
        let mut tries = 0;
        while !attack.over.load(Ordering::Relaxed) {
            let sent = out
                .write_all(format!("Alice\nguess{tries}\n").as_bytes())
                .await;
            if sent.is_err() {
                break;
            }
            attack.guesses.fetch_add(1, Ordering::Relaxed);
            tries += 1;
            let answer = tokio::time::timeout(
                Duration::from_secs(5),
                tokio::io::AsyncReadExt::read(&mut read, &mut buf),
            )
            .await;
            if !matches!(answer, Ok(Ok(n)) if n > 0) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
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
    let flooders: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(0);
    let guessers: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0);
    let players = clients.saturating_sub(flooders + guessers) / 2 * 2;
    let dir = tempfile::tempdir().expect("temporary folder");
    let shared = std::env::var("SERVER_LOAD_DB").ok();
    let nodes: usize = match &shared {
        Some(_) => std::env::var("SERVER_LOAD_NODES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(3),
        None => 1,
    };
    let db: std::ffi::OsString = match &shared {
        Some(url) => url.into(),
        None => dir.path().join("load.db").into(),
    };
    let exe = std::env::current_exe().unwrap();
    let binary = exe.ancestors().nth(2).unwrap().join("antichess");
    // The account the guessers try.
    let mut add = std::process::Command::new(&binary)
        .args(["server", "add-user", "Alice", "--db"])
        .arg(&db)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("add-user");
    add.stdin
        .take()
        .unwrap()
        .write_all(b"wonderland\n")
        .unwrap();
    add.wait().unwrap();
    // Room for the guessers' new connections while their closed ones are
    // still being let go: at exactly CLIENTS a player may find the server
    // full.
    let room = (clients + guessers).to_string();
    let mut servers = Vec::new();
    let mut addrs = Vec::new();
    let mut stops = Vec::new();
    for _ in 0..nodes {
        let mut server = std::process::Command::new(&binary)
            .args([
                "server",
                "--listen",
                "127.0.0.1:0",
                "--max-connections",
                &room,
                "--db",
            ])
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
        // Keep reading what the server prints, so that it never writes to
        // a closed pipe.
        std::thread::spawn(move || std::io::copy(&mut output, &mut std::io::sink()));
        addrs.push(
            first
                .trim()
                .strip_prefix("Listening on ")
                .unwrap()
                .to_string(),
        );
        stops.push(Stop(server.id()));
        servers.push(server);
    }
    let pids: Vec<u32> = servers.iter().map(std::process::Child::id).collect();
    let usage = move || {
        pids.iter()
            .map(|&pid| server_usage(pid))
            .fold((0, 0), |(r, c), (r2, c2)| (r + r2, c + c2))
    };
    let addr = addrs[0].clone();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let tally = Arc::new(Mutex::new(Tally::default()));
    let attack = Arc::new(Attack::default());
    let peak = Arc::new(Mutex::new(0u64));
    let started = Instant::now();
    let (_, cpu_before) = usage();
    runtime.block_on(async {
        let sampler = {
            let peak = Arc::clone(&peak);
            let usage = usage.clone();
            tokio::spawn(async move {
                loop {
                    let (rss, _) = usage();
                    {
                        let mut p = peak.lock().unwrap();
                        *p = (*p).max(rss);
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            })
        };
        let mut attackers = Vec::new();
        for k in players..players + flooders {
            attackers.push(tokio::spawn(flood(addr.clone(), k, Arc::clone(&attack))));
        }
        for k in players + flooders..players + flooders + guessers {
            attackers.push(tokio::spawn(guess(addr.clone(), k, Arc::clone(&attack))));
        }
        let mut tasks = Vec::new();
        for k in (0..players).step_by(2) {
            let g = k / 2;
            let seats = (addrs[g % nodes].clone(), addrs[(g + 1) % nodes].clone());
            tasks.push(tokio::spawn(pair(
                seats,
                k,
                plies,
                think_ms,
                Arc::clone(&tally),
                Arc::clone(&attack),
            )));
        }
        for t in tasks {
            t.await.expect("a pair failed");
        }
        attack.over.store(true, Ordering::Relaxed);
        for a in attackers {
            let _ = a.await;
        }
        sampler.abort();
    });
    let elapsed = started.elapsed();
    let (_, cpu_after) = usage();
    drop(stops);
    for mut server in servers {
        let _ = server.wait();
    }
    let mut tally = Arc::try_unwrap(tally).ok().unwrap().into_inner().unwrap();
    tally.latencies_us.sort_unstable();
    let moves = tally.latencies_us.len();
    // Every game's moves in the database against those sent.
    let stored_of = |white: &str, black: &str| -> Vec<String> {
        match &shared {
            Some(url) => {
                let mut pg = postgres::Client::connect(url, postgres::NoTls).unwrap();
                let id: i64 = pg
                    .query_one(
                        "SELECT id FROM games WHERE white = $1 AND black = $2",
                        &[&white, &black],
                    )
                    .unwrap()
                    .get(0);
                pg.query(
                    "SELECT text FROM moves WHERE game = $1 ORDER BY seq",
                    &[&id],
                )
                .unwrap()
                .iter()
                .map(|r| r.get(0))
                .collect()
            }
            None => {
                let conn = rusqlite::Connection::open(dir.path().join("load.db")).unwrap();
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
                stmt.query_map([id], |r| r.get(0))
                    .unwrap()
                    .map(Result::unwrap)
                    .collect()
            }
        }
    };
    let mut lost = 0usize;
    let mut extra = 0usize;
    let mut stored_moves = HashMap::new();
    for (g, (white, black, sent)) in tally.games.iter().enumerate() {
        let stored = stored_of(white, black);
        lost += sent.len().saturating_sub(stored.len());
        extra += stored.len().saturating_sub(sent.len());
        stored_moves.insert(g, stored.len());
    }
    let ticks = 100.0;
    println!(
        "clients {clients}, games {}, plies per game up to {plies}, pause 0-{} ms, {nodes} node{}",
        players / 2,
        2 * think_ms,
        if nodes == 1 { "" } else { "s" }
    );
    println!(
        "attack: {flooders} flooders sent {} tells ({} refusals read), {guessers} guessers {} wrong passwords",
        attack.tells.load(Ordering::Relaxed),
        attack.refused.load(Ordering::Relaxed),
        attack.guesses.load(Ordering::Relaxed)
    );
    println!("games ended by a forfeit: {}", tally.forfeits);
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
