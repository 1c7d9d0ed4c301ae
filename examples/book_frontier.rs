//! Where the Connect Four book ends: every position one White move past
//! the shipped book on its winning line (White to move, any Black reply),
//! given to the engine with a cleared table and a move time, as a new
//! program would see it. Reports how often the solver (exact or weak)
//! finished within its part of the time (so that the move keeps the win), how often
//! the heuristic search chose instead, the slowest, and whether every move played keeps the win (checked by the
//! solver without a time limit).
//!
//! ```text
//! cargo run --release --example book_frontier -- [MS_PER_MOVE] [HASH_MB] [EVERY]
//! ```
//!
//! `EVERY` takes one position in that many (1: all). Exits 1 if a move
//! played does not keep the win.

use std::collections::HashSet;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use antichess::games::connect::book::Book;
use antichess::games::connect::{Computer, Position, Shape, Solver};

fn main() -> ExitCode {
    let arg = |i: usize, default: u64| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    let (ms, hash_mb, every) = (arg(1, 1000), arg(2, 64) as usize, arg(3, 1).max(1));
    let shape = Shape::CONNECT_FOUR;
    let book = Book::for_shape(shape).expect("7 x 6 has a book");

    // The book's tree, White by the book and Black any reply, to the first
    // positions it has no move for.
    let mut layer = vec![(String::new(), Position::new(shape))];
    let mut seen = HashSet::new();
    let mut frontier = Vec::new();
    while !layer.is_empty() {
        let mut next = Vec::new();
        for (seq, pos) in layer {
            let Some(column) = book.column(&pos) else {
                frontier.push((seq, pos));
                continue;
            };
            let after = pos.play(column);
            for reply in after.legal_columns() {
                let reached = after.play(reply);
                if !reached.is_over() && seen.insert(reached.symmetric_key()) {
                    next.push((format!("{seq}{}{}", column + 1, reply + 1), reached));
                }
            }
        }
        layer = next;
    }
    let discs: HashSet<u32> = frontier.iter().map(|(_, p)| p.moves()).collect();
    println!(
        "{} positions past the book ({discs:?} discs); one in {every} played at {ms} ms a move, {hash_mb} MB",
        frontier.len()
    );

    let mut engine = Computer::new(shape, hash_mb);
    let mut judge = Solver::new(shape, 1024);
    let (mut played, mut exact, mut searched, mut kept) = (0, 0, 0, 0);
    let mut slowest = (Duration::ZERO, String::new());
    let mut total = Duration::ZERO;
    for (seq, pos) in frontier.iter().step_by(every as usize) {
        engine.clear();
        let start = Instant::now();
        let choice = engine.choose(pos, Duration::from_millis(ms));
        let took = start.elapsed();
        total += took;
        played += 1;
        if choice.outcome.is_some() {
            exact += 1;
        } else if choice.depth > 0 {
            searched += 1;
        }
        if took > slowest.0 {
            slowest = (took, seq.clone());
        }
        let after = pos.play(choice.column);
        if after.has_line(pos.turn()) || (!after.is_full() && judge.solve_weak(&after) == -1) {
            kept += 1;
        } else {
            println!("lost the win: {seq} column {}", choice.column + 1);
        }
    }
    println!(
        "played {played}: by the solver {exact}, by the heuristic search {searched}, by the rules {}; win kept {kept}; mean {:.1} ms, slowest {:.1} ms",
        played - exact - searched,
        total.as_secs_f64() * 1000.0 / played.max(1) as f64,
        slowest.0.as_secs_f64() * 1000.0
    );
    println!("slowest: {} (Pons' digits)", slowest.1);
    if kept == played {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
