//! A Connect N position as two bitboards (John Tromp's and Pascal Pons'
//! layout): column by column, `height + 1` bits each, the extra bit of a
//! column a sentinel that stays empty, so that no line wraps from one column
//! to the next. Bit `column * (height + 1) + row` is the cell; up to 10 x 10
//! boards fit in a `u128`.
//!
//! ```
//! use antichess::games::connect::{Position, Shape};
//! let mut p = Position::new(Shape::CONNECT_FOUR);
//! for column in [3, 3, 4, 4, 2, 2] {
//!     assert!(!p.wins(column));
//!     p = p.play(column);
//! }
//! // White (to move) has c1 d1 e1: b1 or f1 connects four.
//! assert!(p.wins(1) && p.wins(5));
//! assert!(!p.wins(0));
//! assert_eq!(p.landing_row(3), Some(2));
//! ```

use super::Shape;
use super::word::Word;
use crate::rules::chess::Color;

/// A set of cells.
pub type Cells = u128;

/// A position: the discs of the side to move, every disc, and the number of
/// discs played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    shape: Shape,
    /// The side to move's discs.
    current: Cells,
    /// Every disc.
    mask: Cells,
    /// Discs on the board.
    moves: u32,
    /// Whose turn it is.
    turn: Color,
    /// The shape's masks.
    masks: Masks,
    /// Whether some disc floats over an empty cell (a loaded file).
    holes: bool,
}

/// Precomputed masks of a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Masks {
    /// The bottom cell of every column.
    bottom: Cells,
    /// Every cell of the board (no sentinel).
    board: Cells,
}

fn masks(shape: Shape) -> Masks {
    let stride = shape.height + 1;
    let mut bottom = 0;
    for c in 0..shape.width {
        bottom |= 1u128 << (c * stride);
    }
    Masks {
        bottom,
        board: bottom * ((1u128 << shape.height) - 1),
    }
}

impl Position {
    /// The empty board, White to move.
    pub fn new(shape: Shape) -> Position {
        Position {
            shape,
            current: 0,
            mask: 0,
            moves: 0,
            turn: Color::White,
            masks: masks(shape),
            holes: false,
        }
    }

    /// A position from the discs of each side (`cells` of
    /// [`Position::cell`]) and the side to move; discs need not rest on
    /// others (a loaded file may float them).
    pub fn from_discs(shape: Shape, white: Cells, black: Cells, turn: Color) -> Position {
        let m = masks(shape);
        let (white, black) = (white & m.board, black & m.board & !white);
        let mask = white | black;
        Position {
            shape,
            current: if turn == Color::White { white } else { black },
            mask,
            moves: mask.count_ones(),
            turn,
            masks: m,
            // A column without holes is a run of discs from the bottom:
            // adding the bottom cell leaves one cell above the run.
            holes: (mask + m.bottom) & mask != 0,
        }
    }

    /// The ruleset.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Discs on the board.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Every disc.
    pub fn occupied(&self) -> Cells {
        self.mask
    }

    /// One side's discs.
    pub fn discs(&self, color: Color) -> Cells {
        if color == self.turn {
            self.current
        } else {
            self.current ^ self.mask
        }
    }

    /// The cell of a column and row (from 0).
    pub fn cell(&self, column: u32, row: u32) -> Cells {
        1u128 << (column * (self.shape.height + 1) + row)
    }

    /// A key unique to the position (with its side to move).
    pub fn key(&self) -> u128 {
        self.current + self.mask + self.masks.bottom
    }

    /// The position seen in a mirror: column `a` becomes the last, and so
    /// on. Its value is the same, with columns mirrored.
    ///
    /// ```
    /// use antichess::games::connect::{moves::play_sequence, Shape};
    /// let s = Shape::CONNECT_FOUR;
    /// let p = play_sequence(s, "abd").unwrap();
    /// assert_eq!(p.mirrored(), play_sequence(s, "gfd").unwrap());
    /// assert_eq!(p.mirrored().mirrored(), p);
    /// ```
    pub fn mirrored(&self) -> Position {
        let stride = self.shape.height + 1;
        let column = (1u128 << stride) - 1;
        let mirror = |cells: Cells| {
            (0..self.shape.width).fold(0, |m, c| {
                let bits = (cells >> (c * stride)) & column;
                m | bits << ((self.shape.width - 1 - c) * stride)
            })
        };
        Position {
            current: mirror(self.current),
            mask: mirror(self.mask),
            ..*self
        }
    }

    /// A key shared by the position and its mirror image only (the
    /// smaller of their two keys): one entry for both, where the two are
    /// worth the same.
    ///
    /// ```
    /// use antichess::games::connect::{moves::play_sequence, Shape};
    /// let s = Shape::CONNECT_FOUR;
    /// let p = play_sequence(s, "ab").unwrap();
    /// assert_eq!(p.symmetric_key(), play_sequence(s, "gf").unwrap().symmetric_key());
    /// assert_ne!(p.symmetric_key(), play_sequence(s, "ba").unwrap().symmetric_key());
    /// ```
    pub fn symmetric_key(&self) -> u128 {
        self.key().min(self.mirrored().key())
    }

    /// Whether a disc floats above an empty cell (a loaded file may put it
    /// there; play never does).
    pub fn has_holes(&self) -> bool {
        self.holes
    }

    /// Where a disc dropped in `column` lands: on top of the highest disc
    /// (never in a hole below it), or on row 0; `None` when the column is
    /// full or off the board.
    pub fn landing_row(&self, column: u32) -> Option<u32> {
        if column >= self.shape.width {
            return None;
        }
        let stride = self.shape.height + 1;
        let col = (self.mask >> (column * stride)) & ((1u128 << self.shape.height) - 1);
        let row = 128 - col.leading_zeros();
        (row < self.shape.height).then_some(row)
    }

    /// The cells where the next disc of each column lands.
    pub fn playable(&self) -> Cells {
        // Adding the bottom cell to each column carries to the first empty
        // cell above the lowest run of discs. With holes (a loaded file)
        // the disc lands above the highest disc instead: the slow path.
        if self.holes {
            (0..self.shape.width)
                .filter_map(|c| self.landing_row(c).map(|r| self.cell(c, r)))
                .fold(0, |a, b| a | b)
        } else {
            (self.mask + self.masks.bottom) & self.masks.board
        }
    }

    /// The columns that are not full, left to right.
    pub fn legal_columns(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.shape.width).filter(|&c| self.landing_row(c).is_some())
    }

    /// Whether the game is over: a side has a line, or no move is left.
    pub fn is_over(&self) -> bool {
        self.has_line(Color::White) || self.has_line(Color::Black) || self.is_full()
    }

    /// Whether the side to move has no legal move.
    pub fn is_full(&self) -> bool {
        self.playable() == 0
    }

    /// The position after the side to move drops a disc in `column`
    /// (which must not be full).
    pub fn play(&self, column: u32) -> Position {
        let row = self.landing_row(column).expect("a column that is not full");
        self.play_cell(self.cell(column, row))
    }

    /// The position after the side to move takes `cell` (a playable cell).
    pub fn play_cell(&self, cell: Cells) -> Position {
        Position {
            shape: self.shape,
            // The opponent's discs: every disc before the move but ours.
            current: self.current ^ self.mask,
            mask: self.mask | cell,
            moves: self.moves + 1,
            turn: self.turn.other(),
            masks: self.masks,
            holes: self.holes,
        }
    }

    /// Whether dropping a disc in `column` connects N for the side to move.
    pub fn wins(&self, column: u32) -> bool {
        self.landing_row(column)
            .is_some_and(|row| connects(self.shape, self.current | self.cell(column, row)))
    }

    /// Whether `color` has N (or more) in a row.
    pub fn has_line(&self, color: Color) -> bool {
        connects(self.shape, self.discs(color))
    }

    /// The empty cells where a disc of the side to move would connect N.
    pub fn winning_cells(&self) -> Cells {
        winning_cells(self.shape, self.current) & self.masks.board & !self.mask
    }

    /// Whether the side to move can connect N with its next disc.
    pub fn can_connect_now(&self) -> bool {
        self.winning_cells() & self.playable() != 0
    }

    /// The empty cells where a disc of the opponent would connect N.
    pub fn opponent_winning_cells(&self) -> Cells {
        winning_cells(self.shape, self.current ^ self.mask) & self.masks.board & !self.mask
    }

    /// The playable cells that do not let the opponent connect next: the
    /// forced block if the opponent threatens one playable cell (none when
    /// it threatens two), and never the cell right below one where the
    /// opponent would connect.
    pub fn non_losing_moves(&self) -> Cells {
        let mut possible = self.playable();
        let threats = self.opponent_winning_cells();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// Every cell of the board.
    pub fn board_cells(&self) -> Cells {
        self.masks.board
    }

    /// Every cell of a column.
    pub fn column_cells(&self, column: u32) -> Cells {
        let stride = self.shape.height + 1;
        ((1u128 << self.shape.height) - 1) << (column * stride)
    }
}

/// The shifts of the four directions: up, right, up-right, down-right.
fn directions(shape: Shape) -> [u32; 4] {
    let h = shape.height;
    [1, h + 1, h + 2, h]
}

/// Whether `discs` hold N in a row in any direction: runs are doubled
/// (two in a row, four, ...) until half of N is reached, then two runs
/// that overlap cover N.
pub fn connects(shape: Shape, discs: Cells) -> bool {
    let n = shape.n;
    directions(shape).into_iter().any(|s| {
        let mut runs = discs;
        let mut len = 1;
        while len * 2 <= n {
            runs &= runs >> (s * len);
            len *= 2;
        }
        runs & (runs >> (s * (n - len))) != 0
    })
}

/// The cells (occupied or not, on the board or not) where one more of
/// `discs` would make N in a row, in any word the board fits
/// ([`super::word`]).
pub(super) fn winning_cells<W: Word>(shape: Shape, discs: W) -> W {
    if shape.n == 4 {
        winning_cells_of_four(shape, discs)
    } else {
        winning_cells_of_any(shape, discs)
    }
}

/// [`winning_cells`] for any N.
fn winning_cells_of_any<W: Word>(shape: Shape, discs: W) -> W {
    let n = shape.n;
    let mut win = W::ZERO;
    for s in directions(shape) {
        // before[j]: cells with j of `discs` right before them in this
        // direction; after[j]: right after them.
        let mut before = [W::ZERO; 11];
        let mut after = [W::ZERO; 11];
        before[0] = !W::ZERO;
        after[0] = !W::ZERO;
        for j in 1..n as usize {
            before[j] = before[j - 1] & (discs << (s * j as u32));
            after[j] = after[j - 1] & (discs >> (s * j as u32));
        }
        for j in 0..n as usize {
            win = win | (before[j] & after[n as usize - 1 - j]);
        }
    }
    win
}

/// [`winning_cells`] for four in a row, as Pascal Pons writes it: three
/// discs below; or two on one side and one on the other, or three on one
/// side, in each other direction.
fn winning_cells_of_four<W: Word>(shape: Shape, p: W) -> W {
    let mut r = (p << 1) & (p << 2) & (p << 3);
    for s in [shape.height + 1, shape.height + 2, shape.height] {
        let two_before = (p << s) & (p << (2 * s));
        r = r | (two_before & (p << (3 * s)));
        r = r | (two_before & (p >> s));
        let two_after = (p >> s) & (p >> (2 * s));
        r = r | (two_after & (p << s));
        r = r | (two_after & (p >> (3 * s)));
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(shape: Shape, columns: &str) -> Position {
        columns
            .bytes()
            .fold(Position::new(shape), |p, c| p.play(u32::from(c - b'a')))
    }

    #[test]
    fn lines_in_every_direction_and_no_wrap() {
        let s = Shape::CONNECT_FOUR;
        // Vertical.
        assert!(!after(s, "aba").wins(1));
        assert!(after(s, "ababab").wins(0));
        // Diagonal up-right: a1 b2 c3 d4 for White.
        let p = after(s, "abbccdcdd");
        assert_eq!(p.turn(), Color::Black);
        let p = p.play(6);
        assert!(p.wins(3), "{p:?}");
        // A column's top and the next column's bottom are not a line.
        let wrap = after(s, "aaaaaabbbcd");
        assert!(!wrap.has_line(Color::White) && !wrap.has_line(Color::Black));
    }

    /// `count` positions of seeded random play on `shape`, a new game
    /// begun whenever one ends.
    fn random_positions(shape: Shape, mut seed: u64, count: usize) -> Vec<Position> {
        let mut p = Position::new(shape);
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            if p.is_over() {
                p = Position::new(shape);
            }
            out.push(p);
            let columns: Vec<u32> = p.legal_columns().collect();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p = p.play(columns[(seed % columns.len() as u64) as usize]);
        }
        out
    }

    #[test]
    fn winning_cells_agree_with_playing_every_cell() {
        let s = Shape::new(3, 5, 4).unwrap();
        for p in random_positions(s, 7, 200) {
            let mut expected = 0;
            for c in 0..s.width {
                for r in 0..s.height {
                    let cell = p.cell(c, r);
                    if p.occupied() & cell == 0 && connects(s, p.discs(p.turn()) | cell) {
                        expected |= cell;
                    }
                }
            }
            assert_eq!(p.winning_cells(), expected, "{p:?}");
        }
    }

    #[test]
    fn the_formula_for_four_is_the_general_one() {
        let s = Shape::CONNECT_FOUR;
        for p in random_positions(s, 11, 2000) {
            for color in [Color::White, Color::Black] {
                let d = p.discs(color);
                let empty = p.board_cells() & !p.occupied();
                assert_eq!(
                    winning_cells_of_four(s, d) & empty,
                    winning_cells_of_any(s, d) & empty
                );
            }
        }
    }

    #[test]
    fn holes_are_never_filled() {
        let s = Shape::CONNECT_FOUR;
        let white = 0;
        let black = {
            let p = Position::new(s);
            p.cell(3, 2)
        };
        let p = Position::from_discs(s, white, black, Color::White);
        assert_eq!(p.landing_row(3), Some(3));
        assert_eq!(p.landing_row(2), Some(0));
        assert_eq!(p.playable().count_ones(), 7);
        assert_eq!(p.playable() & p.cell(3, 3), p.cell(3, 3));
    }
}
