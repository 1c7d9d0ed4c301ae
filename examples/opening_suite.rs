//! A suite of balanced openings for matches: positions a UCI engine
//! scores near equality, each written as one EPD line, until 100 are. The
//! referee plays each with both colours (`antichess referee
//! --openings-file`).
//!
//! Chess: the position after the first 8 plies of each game of a PGN file
//! (a game shorter than that gives none), searched by the engine to depth
//! 14 and kept within 40 centipawns of equality:
//!
//! ```text
//! cargo run --release --example opening_suite -- tests/data/corpora/lichess_db_1000k.pgn \
//!     /usr/games/stockfish > docs/suites/chess-openings.epd
//! ```
//!
//! Antichess: random openings of 4 plies under a ruleset (drawn the way
//! the referee draws its own, from a seed of their own), searched by
//! Fairy-Stockfish under its name of the ruleset (`UCI_Variant`, through
//! `docs/fairy-stockfish/fsf.sh`) to depth 12 and kept within 150
//! centipawns. A random opening is often
//! decided at once under forced captures (a line of captures that loses
//! every piece, or a mate), and such a game scores the same whoever plays
//! it: these the engine's score leaves out.
//!
//! ```text
//! cargo run --release --example opening_suite -- random 6170-spring-2007 ac2007 1 \
//!     docs/fairy-stockfish/fsf.sh > docs/suites/antichess-2007.epd
//! ```
//!
//! (`6170-spring-2004 ac2004 1` gives `antichess-2004.epd` and
//! `6170-spring-2007-encastle ac2007encastle 1` `antichess-encastle.epd`:
//! 100 kept of 216, 179 and 193 searched for 2007, 2004 and EnCastle, in
//! about 25 s each.)
//!
//! A position already taken is skipped. The engine has one thread and
//! 16 MB of hash.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, ExitCode, Stdio};

use antichess::rules::chess::{Position, Ruleset, Status};
use antichess::rules::pgn;
use antichess::sys::rng::Xorshift;

/// Plies of each chess game before its position is taken.
const CHESS_PLIES: usize = 8;
/// Random plies of each antichess opening (the referee's default).
const RANDOM_PLIES: usize = 4;
/// How many positions the suite has.
const WANTED: usize = 100;
/// Random openings drawn before giving up on the suite.
const MOST_DRAWN: usize = 100_000;

/// Where the positions come from, and how they are judged.
struct Plan {
    /// The positions, as FEN.
    positions: Box<dyn Iterator<Item = String>>,
    /// The engine's `UCI_Variant`, if not chess.
    variant: Option<String>,
    /// The search depth of the engine's verdict.
    depth: u32,
    /// The widest score kept (centipawns, either way).
    balanced: i32,
    /// The engine's command.
    engine: String,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let plan = match &args[..] {
        [pgn_path, engine] => chess_plan(pgn_path, engine),
        [random, ruleset, variant, seed, engine] if random == "random" => {
            random_plan(ruleset, variant, seed, engine)
        }
        _ => Err("usage: opening_suite GAMES.pgn UCI-ENGINE\n       \
                  opening_suite random RULESET UCI-VARIANT SEED UCI-ENGINE"
            .to_string()),
    };
    match plan {
        Ok(plan) => write_suite(plan),
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

/// Chess: the position after the first plies of each game of a PGN file.
fn chess_plan(pgn_path: &str, engine: &str) -> Result<Plan, String> {
    let reader = pgn::open(pgn_path.as_ref()).map_err(|e| format!("{pgn_path}: {e}"))?;
    let positions = reader.map_while(Result::ok).filter_map(|game| {
        let moves = &game.game.moves;
        if game.has_error() || moves.len() < CHESS_PLIES {
            return None;
        }
        let mut pos = game.game.start;
        for node in &moves[..CHESS_PLIES] {
            pos = pos.play(node.mv);
        }
        Some(pos.to_fen())
    });
    Ok(Plan {
        positions: Box::new(positions),
        variant: None,
        depth: 14,
        balanced: 40,
        engine: engine.to_string(),
    })
}

/// Antichess: random openings under `ruleset`, drawn the way the referee
/// draws its own (a move drawn among the legal ones at each ply; an
/// opening that ends the game is drawn again), from one generator.
fn random_plan(ruleset: &str, variant: &str, seed: &str, engine: &str) -> Result<Plan, String> {
    let rules = Ruleset::from_name(ruleset).ok_or(format!("{ruleset}: no such ruleset"))?;
    let seed: u64 = seed.parse().map_err(|_| format!("{seed}: not a seed"))?;
    let mut rng = Xorshift::new(seed);
    let positions = std::iter::repeat_with(move || {
        let mut pos = Position::new(rules);
        for _ in 0..RANDOM_PLIES {
            let legal = pos.legal_moves();
            if pos.status_with(&legal) != Status::Ongoing {
                break;
            }
            pos = pos.play(legal[rng.below(legal.len())]);
        }
        (pos.status() == Status::Ongoing).then(|| pos.to_fen())
    })
    .take(MOST_DRAWN)
    .flatten();
    Ok(Plan {
        positions: Box::new(positions),
        variant: Some(variant.to_string()),
        depth: 12,
        balanced: 150,
        engine: engine.to_string(),
    })
}

/// Writes the first [`WANTED`] positions of `plan` its engine scores
/// within its bounds.
fn write_suite(plan: Plan) -> ExitCode {
    let engine = &plan.engine;
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
    let _ = writeln!(to_engine, "uci\nsetoption name Hash value 16");
    if let Some(variant) = &plan.variant {
        let _ = writeln!(to_engine, "setoption name UCI_Variant value {variant}");
    }
    let _ = writeln!(to_engine, "isready");
    let mut from_engine = BufReader::new(child.stdout.take().expect("a piped output"));
    let depth = plan.depth;
    let mut ask = |fen: &str| -> Option<i32> {
        writeln!(to_engine, "position fen {fen}\ngo depth {depth}").ok()?;
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
    let (mut seen, mut kept, mut asked) = (HashSet::new(), 0, 0);
    for fen in plan.positions {
        let epd: String = fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
        if !seen.insert(epd.clone()) {
            continue;
        }
        asked += 1;
        match ask(&fen) {
            Some(cp) if cp.abs() <= plan.balanced => {
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
    eprintln!("{kept} positions of {asked} searched");
    ExitCode::SUCCESS
}
