//! Matches played by workers over PostgreSQL: the same games as on one
//! machine, a killed worker's pair played again by another, programs
//! checked by their hashes. Each test makes its own throwaway cluster
//! (`common::postgres`).

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::postgres::Cluster;

fn antichess() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_antichess"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn engine(options: &str) -> String {
    format!("{} {options}", env!("CARGO_BIN_EXE_antichess"))
}

/// The match of these tests: 40 games between two fixed-depth engines
/// (the same moves whatever the machine's load), into `out`.
fn match_args(out: &Path) -> Vec<String> {
    [
        "referee",
        "--games",
        "40",
        "--clock",
        "0",
        "--openings",
        "4",
        "--seed",
        "17",
        "--white",
        &engine("--depth 3 --hash 1"),
        "--black",
        &engine("--depth 2 --hash 1"),
        "--out",
        &out.to_string_lossy(),
    ]
    .map(String::from)
    .to_vec()
}

/// A worker, and its standard error's lines.
fn worker(cluster: &Cluster, name: &str) -> (Child, mpsc::Receiver<String>) {
    let mut child = antichess()
        .args([
            "worker",
            "--db",
            &cluster.url,
            "--lease",
            "2s",
            "--name",
            name,
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = lines_of(child.stderr.take().unwrap());
    (child, lines)
}

/// The lines `stream` gives, as they come (read on a thread of its own).
fn lines_of(stream: impl std::io::Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    lines
}

/// Waits for `child` to exit, at most `limit`; its output.
fn finish(mut child: Child, limit: Duration) -> std::process::Output {
    let end = Instant::now() + limit;
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > end {
            let _ = child.kill();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

fn stop(mut child: Child) {
    let pid = nix::unistd::Pid::from_raw(child.id() as i32);
    let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT);
    let end = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(50));
    }
    let stopped = child.try_wait().unwrap();
    let _ = child.kill();
    assert_eq!(
        stopped.and_then(|s| s.code()),
        Some(130),
        "a worker did not stop on Ctrl-C"
    );
}

#[test]
fn three_workers_one_killed_play_the_games_of_one_machine() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let here = tempfile::tempdir().unwrap();
    let local = antichess()
        .args(match_args(&here.path().join("local")))
        .output()
        .unwrap();
    assert!(
        local.status.success(),
        "{}",
        String::from_utf8_lossy(&local.stderr)
    );

    let queued_dir = here.path().join("queued");
    let mut args = match_args(&queued_dir);
    args.extend(["--db".to_string(), cluster.url.clone()]);
    let coordinator = antichess()
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (mut doomed, first_lines) = worker(&cluster, "w1");
    let others = [worker(&cluster, "w2").0, worker(&cluster, "w3").0];
    // The first worker is killed in the middle of its third pair.
    let mut started = 0;
    let mut seen = Vec::new();
    while started < 3 {
        let line = first_lines
            .recv_timeout(Duration::from_secs(120))
            .unwrap_or_else(|_| panic!("w1 said: {seen:?}"));
        started += usize::from(line.ends_with(": playing"));
        seen.push(line);
    }
    doomed.kill().unwrap();
    doomed.wait().unwrap();

    let out = finish(coordinator, Duration::from_secs(600));
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    // The same table, and every record the same byte for byte.
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&local.stdout),
        "{log}"
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("pairs by the first's points"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    for n in 1..=40 {
        for extension in ["xml", "pgn"] {
            let name = format!("game-{n:03}.{extension}");
            let a = std::fs::read_to_string(here.path().join("local").join(&name)).unwrap();
            let b = std::fs::read_to_string(queued_dir.join(&name)).unwrap();
            assert_eq!(a, b, "{name}");
        }
    }
    // The killed worker's pair was claimed again, and no pair was played
    // by two workers: each pair is delivered once.
    let mut db = postgres::Client::connect(&cluster.url, postgres::NoTls).unwrap();
    let claims: Vec<(i32, i32)> = db
        .query("SELECT pair, claims FROM arena_pairs ORDER BY pair", &[])
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(claims.len(), 20);
    assert!(claims.iter().any(|&(_, c)| c >= 2), "{claims:?}");
    let games: i64 = db
        .query_one("SELECT count(*) FROM arena_results", &[])
        .unwrap()
        .get(0);
    assert_eq!(games, 40);
    let state: String = db
        .query_one("SELECT state FROM arena_matches", &[])
        .unwrap()
        .get(0);
    assert_eq!(state, "done");
    for w in others {
        stop(w);
    }
}

/// An SPRT that decides stops the match: the coordinator ends with the
/// decision, the match is marked stopped, and the workers take no more
/// of its pairs.
#[test]
fn an_sprt_decision_stops_the_workers() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let workers = [worker(&cluster, "w1").0, worker(&cluster, "w2").0];
    let out = antichess()
        .args(["referee", "--ruleset", "connect-4-7-6", "--games", "200"])
        .args(["--clock", "0", "--sprt", "0", "50", "--db", &cluster.url])
        .args(["--white", &engine("--depth 4 --hash 1")])
        .args(["--black", &engine("--player first --hash 1")])
        .output()
        .unwrap();
    let (table, log) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{log}");
    assert!(table.contains("SPRT (0, 50): H1 accepted, LLR "), "{table}");
    let played = log.lines().filter(|l| l.starts_with("game ")).count();
    assert!((2..40).contains(&played), "{played} games\n{log}");
    let mut db = postgres::Client::connect(&cluster.url, postgres::NoTls).unwrap();
    let state: String = db
        .query_one("SELECT state FROM arena_matches", &[])
        .unwrap()
        .get(0);
    assert_eq!(state, "stopped");
    let count = |db: &mut postgres::Client| -> i64 {
        db.query_one(
            "SELECT count(*) FROM arena_pairs WHERE done OR worker IS NOT NULL",
            &[],
        )
        .unwrap()
        .get(0)
    };
    let taken = count(&mut db);
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(count(&mut db), taken, "pairs were taken after the stop");
    assert!(taken < 100);
    for w in workers {
        stop(w);
    }
}

/// A worker whose program is not the coordinator's (the same command, a
/// different file behind it) plays none of the match and says why; the
/// coordinator prints it.
#[test]
fn a_worker_with_other_programs_refuses_the_match() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let (ours, theirs) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    for (dir, depth) in [(&ours, 2), (&theirs, 3)] {
        let script = format!(
            "exec {} --depth {depth} --hash 1\n",
            env!("CARGO_BIN_EXE_antichess")
        );
        std::fs::write(dir.path().join("engine.sh"), script).unwrap();
    }
    let mut coordinator = antichess()
        .current_dir(ours.path())
        .args([
            "referee",
            "--games",
            "2",
            "--clock",
            "0",
            "--db",
            &cluster.url,
        ])
        .args(["--white", "sh engine.sh", "--black", "sh engine.sh"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let w = antichess()
        .current_dir(theirs.path())
        .args(["worker", "--db", &cluster.url, "--name", "elsewhere"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = lines_of(coordinator.stderr.take().unwrap());
    let refusal = loop {
        let line = lines.recv_timeout(Duration::from_secs(60)).unwrap();
        if line.contains("will not play") {
            break line;
        }
    };
    assert!(
        refusal.starts_with("antichess: worker elsewhere will not play match 1: its first program differs here (hash "),
        "{refusal}"
    );
    let pid = nix::unistd::Pid::from_raw(coordinator.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    let out = finish(coordinator, Duration::from_secs(20));
    assert_eq!(out.status.code(), Some(130));
    let mut db = postgres::Client::connect(&cluster.url, postgres::NoTls).unwrap();
    let row = db
        .query_one(
            "SELECT state, (SELECT count(*) FROM arena_results) FROM arena_matches",
            &[],
        )
        .unwrap();
    assert_eq!(row.get::<_, String>(0), "stopped");
    assert_eq!(row.get::<_, i64>(1), 0);
    stop(w);
}

/// A tournament whose pairings the workers play: the same standings and
/// games as the tournament played here.
#[test]
fn a_tournament_over_workers_is_the_tournament_played_here() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let run = |dir: &Path, db: Option<&str>| {
        let mut command = antichess();
        command.args(["tournament", "--format", "round-robin", "--games", "4"]);
        command.args([
            "--clock",
            "0",
            "--seed",
            "5",
            "--out",
            &dir.to_string_lossy(),
        ]);
        for (name, depth) in [("d1", 1), ("d2", 2), ("d3", 3)] {
            command.args([
                "--program",
                &format!("{name}={}", engine(&format!("--depth {depth} --hash 1"))),
            ]);
        }
        if let Some(url) = db {
            command.args(["--db", url]);
        }
        let out = command.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let here = tempfile::tempdir().unwrap();
    let alone = run(&here.path().join("alone"), None);
    let workers = [worker(&cluster, "w1").0, worker(&cluster, "w2").0];
    let shared = run(&here.path().join("shared"), Some(&cluster.url));
    assert_eq!(shared, alone);
    assert!(alone.contains("d3"), "{alone}");
    let pgn =
        |dir: &str| std::fs::read_to_string(here.path().join(dir).join("tournament.pgn")).unwrap();
    assert_eq!(pgn("shared"), pgn("alone"));
    let mut db = postgres::Client::connect(&cluster.url, postgres::NoTls).unwrap();
    let matches: i64 = db
        .query_one(
            "SELECT count(*) FROM arena_matches WHERE state = 'done'",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(matches, 3, "a match per pairing");
    for w in workers {
        stop(w);
    }
}

/// The database stopped at once and started again 3 s later, mid-match:
/// the coordinator and the workers reach it again and every game is
/// played and counted once.
#[test]
fn a_match_outlives_a_database_restart() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let here = tempfile::tempdir().unwrap();
    let mut args = match_args(&here.path().join("queued"));
    args.extend(["--db".to_string(), cluster.url.clone()]);
    let mut coordinator = antichess()
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = lines_of(coordinator.stderr.take().unwrap());
    let workers = [worker(&cluster, "w1").0, worker(&cluster, "w2").0];
    let mut log = Vec::new();
    while log
        .iter()
        .filter(|l: &&String| l.starts_with("game "))
        .count()
        < 6
    {
        log.push(lines.recv_timeout(Duration::from_secs(120)).unwrap());
    }
    cluster.restart(Duration::from_secs(3));
    let out = finish(coordinator, Duration::from_secs(600));
    log.extend(lines.try_iter());
    let log = log.join("\n");
    assert!(out.status.success(), "{log}");
    assert!(log.contains("trying again"), "{log}");
    let numbers = common::game_numbers(&log);
    assert_eq!(numbers, (1..=40).collect::<Vec<u32>>(), "{log}");
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.lines().nth(1).unwrap().starts_with("first       40"),
        "{table}"
    );
    for w in workers {
        stop(w);
    }
}
