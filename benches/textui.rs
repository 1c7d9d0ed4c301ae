//! TextUI speed on a long game: replays a 500-ply game (knights shuffling,
//! no captures, so the game never ends), then times every command other than
//! `GetNextMove` on it, and the program's start-up to its first answer.
//!
//! Run with `cargo bench --bench textui`.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use antichess::fronts::textui::Dialog;
use antichess::game::EngineOptions;

const PLIES: usize = 500;

fn shuffle_moves() -> Vec<String> {
    let cycle = ["g1-f3", "g8-f6", "f3-g1", "f6-g8"];
    (0..PLIES).map(|i| cycle[i % 4].to_string()).collect()
}

fn time_per_call(session: &mut Dialog, line: &str, reps: u32) -> Duration {
    let start = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(session.handle_line(line.as_bytes()));
    }
    start.elapsed() / reps
}

fn main() {
    let dir = std::env::temp_dir().join(format!("antichess-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long.xml");
    let file = file.to_str().unwrap();

    let mut session = Dialog::new(EngineOptions {
        hash_mb: 1,
        ..EngineOptions::default()
    });
    session.handle_line(b"StartNewGame human 600000 human 600000");
    let replay = Instant::now();
    for m in shuffle_moves() {
        let reply = session.handle_line(format!("MakeMove {m} 1").as_bytes());
        assert_eq!(reply.text, format!("{m}\n"));
    }
    let replay = replay.elapsed();
    println!(
        "replayed {PLIES} plies in {:.3} ms",
        replay.as_secs_f64() * 1e3
    );
    session.handle_line(format!("SaveGame {file}").as_bytes());

    let commands = [
        "PrintBoard".to_string(),
        "PrintAllMoves".to_string(),
        "IsLegalMove g1-f3".to_string(),
        "GetTime white".to_string(),
        format!("SaveGame {file}"),
        format!("LoadGame {file}"),
        "MakeMove e2-e4 0".to_string(),
    ];
    println!(
        "{:<28} {:>12}",
        "command (game of 500 plies)", "ms per call"
    );
    for cmd in &commands {
        let reps = if cmd.starts_with("MakeMove") { 1 } else { 200 };
        let t = time_per_call(&mut session, cmd, reps);
        let name = cmd.split_whitespace().next().unwrap_or_default();
        println!("{:<28} {:>12.4}", name, t.as_secs_f64() * 1e3);
    }

    // Start-up: spawn the binary, send one command, read the answer.
    let binary = env!("CARGO_BIN_EXE_antichess");
    let runs = 50;
    let mut total = Duration::ZERO;
    let mut worst = Duration::ZERO;
    for _ in 0..runs {
        let start = Instant::now();
        let mut child = Command::new(binary)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"StartNewGame human 0 human 0\nQuitGame\n")
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.stdout, b"New game started\nExiting game\n");
        let t = start.elapsed();
        total += t;
        worst = worst.max(t);
    }
    println!(
        "start-up to first answer and exit: mean {:.2} ms, worst {:.2} ms over {runs} runs",
        (total / runs).as_secs_f64() * 1e3,
        worst.as_secs_f64() * 1e3
    );
    let _ = std::fs::remove_dir_all(&dir);
}
