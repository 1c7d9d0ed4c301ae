//! Benchmark positions of Connect Four (7 x 6) made as Pascal Pons made
//! his six test sets: positions of random games, sorted by the discs on
//! the board (the game's stage) and by the moves left to the end of the
//! game with perfect play (how hard it is).
//!
//! ```text
//! cargo run --release --example connect_sets -- COUNT SEED FOLDER [MAX_SECONDS] [SETS]
//! ```
//!
//! SETS: the names of the sets to make, with commas (default: all six).
//!
//! | set | discs on the board | moves left with perfect play |
//! |---|---|---|
//! | `end-easy` | more than 28 | fewer than 14 |
//! | `middle-easy` | 15 to 28 | fewer than 14 |
//! | `middle-medium` | 15 to 28 | 14 to 27 |
//! | `begin-easy` | 14 or fewer | fewer than 14 |
//! | `begin-medium` | 14 or fewer | 14 to 27 |
//! | `begin-hard` | 14 or fewer | 28 or more |
//!
//! A random game is played (each legal column alike) to its end; one of
//! its positions not over is taken, at a ply drawn alike from the stage
//! of the set that has the fewest positions yet. Which set its moves left
//! name is told first by null-window searches at the edges of the sets'
//! bands (is a win or a loss that near?), which look only as deep as the
//! edge; if that set is not full, the position is solved exactly and kept
//! there (COUNT positions, each once). So the many hard positions of the
//! beginning cost little unless `begin-hard` is made. Moves left: the
//! plies to the winning disc with perfect play, or to the full board for a
//! draw. A position whose searches take more than MAX_SECONDS (default 60)
//! is dropped, and counted. The empty board is left out (it is timed on
//! its own).
//!
//! Each set is written to `FOLDER/NAME.txt`, a position a line in the
//! columns' digits (1 = a), with its score: the format of Pons' solver,
//! which scores them again independently before they are kept. The file
//! is written again as each position is kept, so that the positions of a
//! long run (`begin-hard` takes hours) survive it when it is stopped; a
//! set is split over cores by running seeds side by side.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use antichess::games::connect::{Position, Shape, Solver};
use antichess::sys::rng::Xorshift;
use antichess::sys::safe_write::write_atomic;

/// A set: its name, its stage (discs on the board) and its moves left.
struct Set {
    name: &'static str,
    discs: std::ops::RangeInclusive<u32>,
    left: std::ops::Range<u32>,
    lines: Vec<String>,
}

fn sets() -> Vec<Set> {
    let set = |name, discs, left| Set {
        name,
        discs,
        left,
        lines: Vec::new(),
    };
    vec![
        set("end-easy", 29..=41, 0..14),
        set("middle-easy", 15..=28, 0..14),
        set("middle-medium", 15..=28, 14..28),
        set("begin-easy", 0..=14, 0..14),
        set("begin-medium", 0..=14, 14..28),
        set("begin-hard", 0..=14, 28..43),
    ]
}

/// The plies left to the end of the game with perfect play, from a
/// position of `moves` discs scored `score` (see the solver's module).
fn moves_left(moves: u32, score: i32) -> u32 {
    let cells = 42;
    if score == 0 {
        return cells - moves;
    }
    // The discs before the winning one: `cells + 1 - 2|score|`, or one
    // fewer, whichever has the winner's parity (the side to move's when
    // the score is positive).
    let mut before = cells + 1 - 2 * score.unsigned_abs();
    let winner_moves_now = score > 0;
    if (before - moves).is_multiple_of(2) != winner_moves_now {
        before -= 1;
    }
    before - moves + 1
}

/// The set whose moves left `pos` has, if that set is still filling
/// (`Some(None)` when the set is full or not made), told by null-window
/// searches at the edges of the sets' bands, nearest first, without
/// solving the position; `None` past `deadline`.
fn band(
    solver: &mut Solver,
    pos: &Position,
    sets: &[Set],
    count: usize,
    deadline: Instant,
) -> Option<Option<usize>> {
    let mut stage: Vec<usize> = (0..sets.len())
        .filter(|&i| sets[i].discs.contains(&pos.moves()))
        .collect();
    stage.sort_by_key(|&i| sets[i].left.start);
    let mut known_from = 0;
    for i in stage {
        let set = &sets[i];
        if set.left.start > known_from && !ends_within(solver, pos, set.left.start, deadline)? {
            // Between the bands of two sets, in none.
            known_from = set.left.start;
        }
        if set.left.start > known_from {
            return Some(None);
        }
        if ends_within(solver, pos, set.left.end, deadline)? {
            return Some((set.lines.len() < count).then_some(i));
        }
        known_from = set.left.end;
    }
    Some(None)
}

/// Whether the game of `pos` ends in fewer than `left` plies with perfect
/// play: whether its score is at least the least win that quick, or at
/// most the least loss, at most two null-window searches (quick ones, for
/// a near end is looked for only that deep); `None` past `deadline`.
fn ends_within(solver: &mut Solver, pos: &Position, left: u32, deadline: Instant) -> Option<bool> {
    let m = pos.moves();
    if moves_left(m, 0) < left {
        // No game lasts longer than to the full board.
        return Some(true);
    }
    // The scores there can be (the solver's bounds).
    let (most, least) = ((42 + 1 - m as i32) / 2, -(42 - m as i32) / 2);
    let quick = |s: &i32| moves_left(m, *s) < left;
    if let Some(win) = (1..=most).find(quick)
        && solver.at_least_by(pos, win, deadline)?
    {
        return Some(true);
    }
    if let Some(loss) = (least..=-1).rev().find(quick)
        && !solver.at_least_by(pos, loss + 1, deadline)?
    {
        return Some(true);
    }
    Some(false)
}

/// Writes `set`, its positions so far, to `FOLDER/NAME.txt`, atomically
/// (a run stopped while writing leaves the last whole file).
fn write(folder: &std::path::Path, set: &Set) {
    let path = folder.join(format!("{}.txt", set.name));
    let text: String = set.lines.iter().map(|line| format!("{line}\n")).collect();
    write_atomic(&path, text.as_bytes()).expect("the set's file written");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let folder = std::path::PathBuf::from(args.get(2).map_or("connect-sets", String::as_str));
    let max = Duration::from_secs_f64(args.get(3).and_then(|a| a.parse().ok()).unwrap_or(60.0));
    std::fs::create_dir_all(&folder).expect("the folder");
    let shape = Shape::CONNECT_FOUR;
    let mut rng = Xorshift::new(seed);
    let mut solver = Solver::new(shape, 64);
    let mut sets = sets();
    if let Some(names) = args.get(4) {
        let names: Vec<&str> = names.split(',').collect();
        sets.retain(|s| names.contains(&s.name));
    }
    let mut seen = HashSet::new();
    let (mut games, mut dropped) = (0u64, 0u64);
    let started = Instant::now();
    while let Some(target) = (0..sets.len())
        .filter(|&i| sets[i].lines.len() < count)
        .min_by_key(|&i| sets[i].lines.len())
    {
        games += 1;
        let mut pos = Position::new(shape);
        let mut played = String::new();
        let mut line = Vec::new();
        while !pos.is_over() {
            line.push((pos, played.clone()));
            let columns: Vec<u32> = pos.legal_columns().collect();
            let c = columns[rng.below(columns.len())];
            played.push(char::from(b'1' + c as u8));
            pos = pos.play(c);
        }
        let stage: Vec<&(Position, String)> = line
            .iter()
            .filter(|(p, _)| sets[target].discs.contains(&p.moves()))
            .collect();
        if stage.is_empty() {
            continue;
        }
        let (pos, moves) = stage[rng.below(stage.len())];
        // The empty board (timed on its own) would be an empty line.
        if moves.is_empty() || !seen.insert(moves.clone()) {
            continue;
        }
        solver.clear();
        let deadline = Instant::now() + max;
        let Some(found) = band(&mut solver, pos, &sets, count, deadline) else {
            dropped += 1;
            continue;
        };
        let Some(i) = found else {
            continue;
        };
        let Some(score) = solver.solve_by(pos, deadline) else {
            dropped += 1;
            continue;
        };
        let set = &mut sets[i];
        assert!(
            set.left.contains(&moves_left(pos.moves(), score)),
            "{moves}: score {score} outside {}",
            set.name
        );
        set.lines.push(format!("{moves} {score}"));
        write(&folder, set);
        if set.lines.len() == count {
            eprintln!(
                "{}: {count} positions, {games} games so far, {:.1} s",
                set.name,
                started.elapsed().as_secs_f64()
            );
        }
    }
    eprintln!(
        "{count} positions a set from {games} random games (seed {seed}), {dropped} dropped past {:.0} s, in {:.1} s",
        max.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn moves_left_counts_to_the_winning_disc() {
        // The empty board: the first player wins with its 21st disc, the
        // 41st of the game (score 1).
        assert_eq!(super::moves_left(0, 1), 41);
        // A win at once: one ply left.
        assert_eq!(super::moves_left(6, 18), 1);
        // Lost at the opponent's next disc.
        assert_eq!(super::moves_left(7, -17), 2);
        assert_eq!(super::moves_left(30, 0), 12);
    }

    /// The null-window test of a band's edge against the exact score.
    #[test]
    fn ends_within_agrees_with_the_exact_score() {
        use antichess::games::connect::moves::play_sequence;
        use antichess::games::connect::{Shape, Solver};
        let mut solver = Solver::new(Shape::CONNECT_FOUR, 16);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(600);
        for moves in [
            "4455",
            "14473642",
            "672436466",
            "1756454437755",
            "61656331457224",
            "3334174531252277",
        ] {
            let pos = play_sequence(Shape::CONNECT_FOUR, moves).unwrap();
            let left = super::moves_left(pos.moves(), solver.solve(&pos));
            for edge in [left - 1, left, left + 1, 14, 28] {
                assert_eq!(
                    super::ends_within(&mut solver, &pos, edge, deadline),
                    Some(left < edge),
                    "{moves}, fewer than {edge} plies left"
                );
            }
        }
    }
}
