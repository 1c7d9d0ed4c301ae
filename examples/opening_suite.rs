//! A suite of balanced chess openings for matches: the position after the
//! first plies of each game of a PGN file, kept when a UCI engine scores
//! it near equality.
//!
//! ```text
//! cargo run --release --example opening_suite -- tests/data/corpora/lichess_db_1000k.pgn \
//!     /usr/games/stockfish > docs/suites/chess-openings.epd
//! ```
//!
//! Each game gives the position after its first 8 plies (a game shorter
//! than that gives none); a position already taken is skipped. The engine
//! (one thread, 16 MB) searches each to depth 14; a position within 40
//! centipawns of equality for the side to move is written as one EPD line,
//! until 100 are. The referee plays each with both colours
//! (`antichess referee --openings-file`).

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, ExitCode, Stdio};

use antichess::rules::pgn;

/// Plies of each game before its position is taken.
const PLIES: usize = 8;
/// The search depth of the engine's verdict.
const DEPTH: u32 = 14;
/// The widest score kept (centipawns, either way).
const BALANCED: i32 = 40;
/// How many positions the suite has.
const WANTED: usize = 100;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [pgn_path, engine] = &args[..] else {
        eprintln!("usage: opening_suite GAMES.pgn UCI-ENGINE");
        return ExitCode::from(2);
    };
    let reader = match pgn::open(pgn_path.as_ref()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{pgn_path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut child = match Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{engine}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut to_engine = child.stdin.take().expect("a piped input");
    let _ = writeln!(to_engine, "uci\nsetoption name Hash value 16\nisready");
    let mut from_engine = BufReader::new(child.stdout.take().expect("a piped output"));
    let mut ask = |fen: &str| -> Option<i32> {
        writeln!(to_engine, "position fen {fen}\ngo depth {DEPTH}").ok()?;
        let mut score = None;
        let mut line = String::new();
        loop {
            line.clear();
            if from_engine.read_line(&mut line).ok()? == 0 {
                return None;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(i) = words.iter().position(|w| *w == "score") {
                score = match (words.get(i + 1), words.get(i + 2)) {
                    (Some(&"cp"), Some(cp)) => cp.parse().ok(),
                    _ => Some(i32::MAX),
                };
            }
            if words.first() == Some(&"bestmove") {
                return score;
            }
        }
    };
    let (mut seen, mut kept) = (HashSet::new(), 0);
    for game in reader {
        let Ok(game) = game else { break };
        let moves = &game.game.moves;
        if game.has_error() || moves.len() < PLIES {
            continue;
        }
        let mut pos = game.game.start;
        for node in &moves[..PLIES] {
            pos = pos.play(node.mv);
        }
        let fen = pos.to_fen();
        let epd: String = fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
        if !seen.insert(epd.clone()) {
            continue;
        }
        match ask(&fen) {
            Some(cp) if cp.abs() <= BALANCED => {
                println!("{epd}");
                kept += 1;
                if kept == WANTED {
                    break;
                }
            }
            Some(_) => {}
            None => {
                eprintln!("{engine}: no answer");
                return ExitCode::FAILURE;
            }
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    eprintln!("{kept} positions");
    ExitCode::SUCCESS
}
