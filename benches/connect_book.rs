//! The Connect Four opening book's speed: reading the shipped book, and the
//! time the engine takes for each of White's moves in the first plies of
//! 7 x 6 games (1,000 games, a seeded random Black, the engine given 1 s a
//! move), with how many of those moves came from the book.
//!
//! Run with `cargo bench --bench connect_book`.

use std::time::{Duration, Instant};

use antichess::games::connect::book::Book;
use antichess::games::connect::{Computer, Position, Shape};
use antichess::sys::rng::Xorshift;

/// White's moves timed: those of the first 12 plies and the one after.
const PLIES: u32 = 13;
const GAMES: usize = 1000;

fn main() {
    let shape = Shape::CONNECT_FOUR;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/connect-4-7-6.book");
    let text = std::fs::read_to_string(path).unwrap();
    let mut reads = Vec::new();
    for _ in 0..10 {
        let start = Instant::now();
        let book = Book::parse(shape, &text).unwrap();
        reads.push(start.elapsed());
        assert!(!book.is_empty());
    }
    reads.sort();
    let shipped = Book::for_shape(shape).unwrap();
    println!(
        "reading the book ({} positions): {:.2} ms (best of 10), {:.2} ms (worst)",
        shipped.len(),
        reads[0].as_secs_f64() * 1e3,
        reads[9].as_secs_f64() * 1e3
    );

    let mut engine = Computer::new(shape, 64);
    let mut rng = Xorshift::new(1);
    // Per ply: moves, from the book, total and slowest time.
    let mut per_ply = vec![(0u32, 0u32, Duration::ZERO, Duration::ZERO); PLIES as usize];
    for _ in 0..GAMES {
        engine.clear();
        let mut pos = Position::new(shape);
        while pos.moves() < PLIES && !pos.is_over() {
            let column = if pos.turn() == antichess::rules::chess::Color::White {
                let start = Instant::now();
                let choice = engine.choose(&pos, Duration::from_secs(1));
                let took = start.elapsed();
                let ply = &mut per_ply[pos.moves() as usize];
                ply.0 += 1;
                if shipped.column(&pos) == Some(choice.column) {
                    ply.1 += 1;
                }
                ply.2 += took;
                ply.3 = ply.3.max(took);
                choice.column
            } else {
                let columns: Vec<u32> = pos.legal_columns().collect();
                columns[rng.below(columns.len())]
            };
            pos = pos.play(column);
        }
    }
    println!("{GAMES} games, White the engine (1 s a move), Black random:");
    println!("ply  moves  from the book  mean ms  slowest ms");
    for (discs, (moves, book, total, slowest)) in per_ply.iter().enumerate() {
        if *moves > 0 {
            println!(
                "{:>3}  {moves:>5}  {book:>13}  {:>7.3}  {:>10.3}",
                discs + 1,
                total.as_secs_f64() * 1e3 / f64::from(*moves),
                slowest.as_secs_f64() * 1e3
            );
        }
    }
}
