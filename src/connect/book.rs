//! The opening book for Connect Four (7 x 6): for each position where the
//! first player is to move along its winning line, against any reply, the
//! column that keeps the win. Made by this program's own solver
//! (`antichess book`, see [`build`]) and shipped as `data/connect-4-7-6.book`:
//! the solver cannot finish these early positions within a move's time.

use std::collections::HashMap;
use std::io::Write;

use super::moves::play_sequence;
use super::{Position, Shape, Solver};

/// The book shipped with the program.
const CONNECT_FOUR: &str = include_str!("../../data/connect-4-7-6.book");

/// Book moves by position key.
#[derive(Clone, Debug, Default)]
pub struct Book {
    moves: HashMap<u128, u32>,
}

impl Book {
    /// The book shipped for `shape` (empty but for 7 x 6 Connect Four).
    pub fn for_shape(shape: Shape) -> Book {
        if shape == Shape::CONNECT_FOUR {
            Book::parse(shape, CONNECT_FOUR).unwrap_or_default()
        } else {
            Book::default()
        }
    }

    /// Reads a book: lines `<moves> <column letter>` (moves in Pons'
    /// digits, `-` for the empty board); `#` lines are comments. `None` if
    /// a line does not read.
    pub fn parse(shape: Shape, text: &str) -> Option<Book> {
        let mut moves = HashMap::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let (seq, column) = line.split_once(' ')?;
            let pos = play_sequence(shape, seq).ok()?;
            let column = u32::from(column.trim().bytes().next()?.checked_sub(b'a')?);
            pos.landing_row(column)?;
            moves.insert(pos.key(), column);
        }
        Some(Book { moves })
    }

    /// The book's column for a position, if it has one.
    pub fn column(&self, pos: &Position) -> Option<u32> {
        self.moves.get(&pos.key()).copied()
    }

    /// How many positions it holds.
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
/// column (centre first) that keeps White's win, by the weak solver. Lines
/// go out ply by ply as they are found. `Err` when the empty board is not a
/// first-player win.
pub fn build(
    shape: Shape,
    plies: u32,
    solver: &mut Solver,
    out: &mut dyn Write,
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
        if first.moves() > plies {
            break;
        }
        let mut next = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (seq, pos) in &layer {
            let order: Vec<u32> = solver.column_order().to_vec();
            let column = order.into_iter().find(|&c| {
                pos.landing_row(c).is_some()
                    && (pos.wins(c) || {
                        let child = pos.play(c);
                        !child.is_full() && solver.solve_weak(&child) == -1
                    })
            });
            let Some(column) = column else {
                return Err(std::io::Error::other(format!(
                    "{} is not a win for the side to move",
                    if seq.is_empty() { "-" } else { seq }
                )));
            };
            writeln!(
                out,
                "{} {}",
                if seq.is_empty() { "-" } else { seq },
                Shape::column_letter(column)
            )?;
            out.flush()?;
            let after = pos.play(column);
            if after.is_over() {
                continue;
            }
            for reply in after.legal_columns() {
                let reached = after.play(reply);
                // A position reached twice (moves in another order) is
                // written once.
                if !reached.is_over() && seen.insert(reached.key()) {
                    let mut s = seq.clone();
                    s.push(name(column));
                    s.push(name(reply));
                    next.push((s, reached));
                }
            }
        }
        layer = next;
    }
    Ok(())
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
        build(shape, 4, &mut solver, &mut text).unwrap();
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
        let mut solver = Solver::new(drawn, 4);
        assert!(build(drawn, 2, &mut solver, &mut Vec::new()).is_err());
    }

    #[test]
    fn the_shipped_book_reads() {
        let book = Book::for_shape(Shape::CONNECT_FOUR);
        let text_lines = CONNECT_FOUR
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        assert_eq!(book.len(), text_lines);
        assert!(Book::for_shape(Shape::from_name("connect-4-6-5").unwrap()).is_empty());
    }
}
