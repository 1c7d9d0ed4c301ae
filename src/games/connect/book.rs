//! The opening book for Connect Four (7 x 6): for each position where the
//! first player is to move along its winning line, against any reply, the
//! column that keeps the win. Made by this program's own solver
//! (`antichess book`, see [`build`]) and shipped as `data/connect-4-7-6.book`:
//! the solver cannot finish these early positions within a move's time.

use std::collections::HashMap;
use std::io::Write;
use std::sync::OnceLock;

use super::moves::play_rest;
#[cfg(test)]
use super::moves::play_sequence;
use super::{Position, Shape, Solver};

/// The book shipped with the program.
const CONNECT_FOUR: &str = include_str!("../../../data/connect-4-7-6.book");

/// Book moves by position key. A position and its mirror image share one
/// entry.
#[derive(Clone, Debug)]
pub struct Book {
    shape: Shape,
    moves: HashMap<u128, u32>,
}

impl Book {
    /// A book without moves.
    pub fn empty(shape: Shape) -> Book {
        Book {
            shape,
            moves: HashMap::new(),
        }
    }

    /// The book shipped for `shape`: 7 x 6 Connect Four has one, read
    /// once per process.
    pub fn for_shape(shape: Shape) -> Option<&'static Book> {
        static SHIPPED: OnceLock<Book> = OnceLock::new();
        (shape == Shape::CONNECT_FOUR).then(|| {
            SHIPPED.get_or_init(|| {
                Book::parse(shape, CONNECT_FOUR).expect("the shipped book reads (tested)")
            })
        })
    }

    /// Reads a book: lines `<moves> <column letter>` (moves in Pons'
    /// digits, `-` for the empty board); `#` lines are comments. The error
    /// names the first line that does not read.
    pub fn parse(shape: Shape, text: &str) -> Result<Book, String> {
        let mut book = Book::empty(shape);
        book.moves.reserve(text.len() / 16);
        // The positions along the previous line's moves: a book's lines
        // come ply by ply, and neighbours share all but their last moves.
        let mut path = vec![Position::new(shape)];
        let mut previous = "";
        for (number, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let entry = line.split_once(' ').and_then(|(seq, column)| {
                let seq = seq.trim_start_matches('-');
                if !seq.is_ascii() {
                    return None;
                }
                let shared = seq
                    .bytes()
                    .zip(previous.bytes())
                    .take_while(|(a, b)| a == b)
                    .count();
                path.truncate(shared + 1);
                for i in shared..seq.len() {
                    let last = *path.last()?;
                    path.push(play_rest(last, &seq[..=i], i).ok()?);
                }
                previous = seq;
                let pos = *path.last()?;
                let column = u32::from(column.trim().bytes().next()?.checked_sub(b'a')?);
                pos.landing_row(column)?;
                Some((pos, column))
            });
            let Some((pos, column)) = entry else {
                return Err(format!(
                    "line {}: not `<moves> <column>`: {line}",
                    number + 1
                ));
            };
            book.moves.entry(pos.key()).or_insert(column);
        }
        Ok(book)
    }

    /// The book's column for a position, if it has one (or has one for
    /// its mirror image).
    pub fn column(&self, pos: &Position) -> Option<u32> {
        if pos.has_holes() {
            return None;
        }
        self.moves.get(&pos.key()).copied().or_else(|| {
            let column = self.moves.get(&pos.mirrored().key())?;
            Some(self.shape.width - 1 - column)
        })
    }

    /// How many positions it has moves for (a mirror image counts with
    /// its original when only one of them is written, as the books this
    /// program makes do).
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Writes the book for the first player, White, of `shape` to `out`: from
/// the empty board, for every position with White to move up to `plies`
/// discs, reached by the book's own moves and any replies, the first
/// column (centre first) that keeps White's win, by the weak solver. Of a
/// position and its mirror image, the first reached is written. Moves that
/// `known` (an earlier book) has are taken from it, not solved again.
///
/// The positions of a ply are shared out among the `solvers` (one thread
/// each, each with its own table); lines go out ply by ply, and
/// `progress` hears of each ply written (its discs and positions). `Err`
/// when the empty board is not a first-player win.
pub fn build(
    shape: Shape,
    plies: u32,
    solvers: &mut [Solver],
    known: &Book,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(u32, usize),
) -> std::io::Result<()> {
    let mut layer = vec![(String::new(), Position::new(shape))];
    let digits = shape.width <= 9;
    let name = |c: u32| {
        if digits {
            char::from(b'1' + c as u8)
        } else {
            Shape::column_letter(c)
        }
    };
    while let Some((_, first)) = layer.first() {
        let discs = first.moves();
        if discs > plies {
            break;
        }
        let columns = solve_layer(&layer, solvers, known);
        let mut next = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for ((seq, pos), column) in layer.iter().zip(columns) {
            let seq = if seq.is_empty() { "-" } else { seq };
            let Some(column) = column else {
                return Err(std::io::Error::other(format!(
                    "{seq} is not a win for the side to move"
                )));
            };
            writeln!(out, "{seq} {}", Shape::column_letter(column))?;
            let after = pos.play(column);
            if after.is_over() {
                continue;
            }
            for reply in after.legal_columns() {
                let reached = after.play(reply);
                // A position reached twice (moves in another order, or its
                // mirror image) is written once.
                if !reached.is_over() && seen.insert(reached.symmetric_key()) {
                    let mut s = seq.trim_start_matches('-').to_string();
                    s.push(name(column));
                    s.push(name(reply));
                    next.push((s, reached));
                }
            }
        }
        out.flush()?;
        progress(discs, layer.len());
        layer = next;
    }
    Ok(())
}

/// The winning column of each position of a ply, the positions shared out
/// in runs among the solvers (neighbours in a ply share much of their
/// trees, and so a table).
fn solve_layer(
    layer: &[(String, Position)],
    solvers: &mut [Solver],
    known: &Book,
) -> Vec<Option<u32>> {
    let run = layer.len().div_ceil(solvers.len().max(1)).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = layer
            .chunks(run)
            .zip(solvers.iter_mut())
            .map(|(positions, solver)| {
                scope.spawn(move || {
                    positions
                        .iter()
                        .map(|(_, pos)| known.column(pos).or_else(|| winning_column(solver, pos)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a book thread panicked"))
            .collect()
    })
}

/// The first column, centre first, that keeps the side to move's win.
fn winning_column(solver: &mut Solver, pos: &Position) -> Option<u32> {
    let order: Vec<u32> = solver.column_order().to_vec();
    order.into_iter().find(|&c| {
        pos.landing_row(c).is_some()
            && (pos.wins(c) || {
                let child = pos.play(c);
                !child.is_full() && solver.solve_weak(&child) == -1
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a small board the first player wins (connect-3-4-3): the book
    /// made for it reads back, and every move in it keeps the win.
    #[test]
    fn a_book_keeps_the_win_and_reads_back() {
        let shape = Shape::from_name("connect-3-4-3").unwrap();
        let mut solver = Solver::new(shape, 4);
        let mut text = Vec::new();
        build(
            shape,
            4,
            std::slice::from_mut(&mut solver),
            &Book::empty(shape),
            &mut text,
            &mut |_, _| {},
        )
        .unwrap();
        let text = String::from_utf8(text).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "- b");
        assert!(lines.len() > 4, "{text}");
        let book = Book::parse(shape, &text).unwrap();
        assert_eq!(book.len(), lines.len());
        for line in &lines {
            let (seq, column) = line.split_once(' ').unwrap();
            let pos = play_sequence(shape, seq).unwrap();
            let c = u32::from(column.as_bytes()[0] - b'a');
            assert_eq!(book.column(&pos), Some(c));
            let child = pos.play(c);
            assert!(
                child.has_line(pos.turn()) || solver.solve_weak(&child) == -1,
                "{line}"
            );
        }
        // A drawn board has no first-player book.
        let drawn = Shape::from_name("connect-4-4-4").unwrap();
        let solver = Solver::new(drawn, 4);
        let none = Book::empty(drawn);
        let mut solvers = [solver];
        assert!(
            build(
                drawn,
                2,
                &mut solvers,
                &none,
                &mut Vec::new(),
                &mut |_, _| {}
            )
            .is_err()
        );
    }

    fn book_text(shape: Shape, plies: u32, threads: usize, known: &Book) -> String {
        let mut solvers: Vec<_> = (0..threads).map(|_| Solver::new(shape, 2)).collect();
        let mut text = Vec::new();
        let mut layers = Vec::new();
        build(shape, plies, &mut solvers, known, &mut text, &mut |d, n| {
            layers.push((d, n))
        })
        .unwrap();
        assert_eq!(layers[0], (0, 1));
        String::from_utf8(text).unwrap()
    }

    /// Threads, and an earlier book to start from, give the book made by
    /// one thread from nothing; a mirrored position finds its entry.
    #[test]
    fn threads_and_an_earlier_book_change_nothing() {
        let shape = Shape::from_name("connect-3-5-4").unwrap();
        let alone = book_text(shape, 6, 1, &Book::empty(shape));
        assert!(alone.lines().count() > 20, "{alone}");
        assert_eq!(book_text(shape, 6, 3, &Book::empty(shape)), alone);
        let shorter = Book::parse(shape, &book_text(shape, 2, 1, &Book::empty(shape))).unwrap();
        assert_eq!(book_text(shape, 6, 2, &shorter), alone);

        let book = Book::parse(shape, &alone).unwrap();
        for line in alone.lines() {
            let (seq, column) = line.split_once(' ').unwrap();
            let pos = play_sequence(shape, seq).unwrap();
            let column = u32::from(column.as_bytes()[0] - b'a');
            let mirrored = pos.mirrored();
            let expected = if mirrored == pos { column } else { 4 - column };
            assert_eq!(book.column(&mirrored), Some(expected), "{line}");
        }
        assert!(
            Book::parse(shape, "- d\n12 x\n")
                .unwrap_err()
                .starts_with("line 2:")
        );
    }

    #[test]
    fn the_shipped_book_reads() {
        let book = Book::for_shape(Shape::CONNECT_FOUR).unwrap();
        let text_lines = CONNECT_FOUR
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        assert_eq!(book.len(), text_lines);
        assert!(Book::for_shape(Shape::from_name("connect-4-6-5").unwrap()).is_none());
    }
}
