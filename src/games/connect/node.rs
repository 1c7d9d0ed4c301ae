//! The solver's position: the side to move's discs, every disc and the
//! count, in the narrowest word the board fits ([`super::word`]), with the
//! shape's masks kept once per solve ([`Board`]) rather than in every
//! node: what the inner loop copies is two words and a count.

use super::Position;
use super::Shape;
use super::position::winning_cells;
use super::word::Word;

/// The most columns a shape has.
const MAX_COLUMNS: usize = 10;

/// A shape's masks in a word, for one solve.
pub(super) struct Board<W> {
    shape: Shape,
    /// The bottom cell of every column.
    bottom: W,
    /// Every cell of the board (no sentinel).
    board: W,
    /// The cells of each column, in the order moves are tried.
    ordered: [W; MAX_COLUMNS],
    columns: usize,
    /// Whether discs float over empty cells (a loaded file): a disc then
    /// lands above a column's highest disc.
    holes: bool,
    /// The cells of each column, left to right.
    by_column: [W; MAX_COLUMNS],
    /// The cells of the board.
    pub cells: i32,
    /// The bits of column a's key (its cells and its sentinel).
    key_column: W,
    /// The bits between one column's key and the next's.
    stride: u32,
    /// From how many discs a node's table key is shared with its mirror
    /// image (see [`Board::table_key`]).
    mirror_from: i32,
}

/// A position: the side to move's discs, every disc, the discs played.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node<W> {
    current: W,
    mask: W,
    pub moves: i32,
}

impl<W: Word> Board<W> {
    /// The board of `pos` (whose cells and sentinel row fit in `W`), its
    /// columns tried in `order`, and `pos` as a node.
    pub fn of(pos: &Position, order: &[u32]) -> (Board<W>, Node<W>) {
        let shape = pos.shape();
        let column = |c: u32| W::narrow(pos.column_cells(c));
        let mut ordered = [W::ZERO; MAX_COLUMNS];
        for (slot, &c) in ordered.iter_mut().zip(order) {
            *slot = column(c);
        }
        let mut by_column = [W::ZERO; MAX_COLUMNS];
        for (c, slot) in by_column.iter_mut().enumerate().take(shape.width as usize) {
            *slot = column(c as u32);
        }
        let board = W::narrow(pos.board_cells());
        let bottom = by_column
            .iter()
            .take(shape.width as usize)
            .fold(W::ZERO, |b, &col| b | (col & !(col << 1)));
        let node = Node {
            current: W::narrow(pos.discs(pos.turn())),
            mask: W::narrow(pos.occupied()),
            moves: pos.moves() as i32,
        };
        let mirror_from = mirror_meets(pos);
        let board = Board {
            shape,
            bottom,
            board,
            ordered,
            columns: order.len(),
            holes: pos.has_holes(),
            by_column,
            cells: shape.cells() as i32,
            key_column: W::narrow((1u128 << (shape.height + 1)) - 1),
            stride: shape.height + 1,
            mirror_from,
        };
        (board, node)
    }

    /// The cells where the next disc of each column lands.
    fn playable(&self, node: &Node<W>) -> W {
        if !self.holes {
            return (node.mask + self.bottom) & self.board;
        }
        let mut playable = W::ZERO;
        for &column in &self.by_column[..self.shape.width as usize] {
            let discs = node.mask & column;
            // The cell above the highest disc: every disc's cell and those
            // below it in the column, plus one.
            let mut below = discs;
            for shift in 1..self.shape.height {
                below = below | (below >> shift);
            }
            playable = playable | (((below & column) + (column & !(column << 1))) & column);
        }
        playable
    }

    /// The empty cells where the opponent would connect N.
    fn opponent_winning(&self, node: &Node<W>) -> W {
        winning_cells(self.shape, node.current ^ node.mask) & self.board & !node.mask
    }

    /// The playable cells that do not let the opponent connect next (see
    /// [`Position::non_losing_moves`]).
    pub fn non_losing(&self, node: &Node<W>) -> W {
        let mut possible = self.playable(node);
        let threats = self.opponent_winning(node);
        let forced = possible & threats;
        if forced != W::ZERO {
            if forced & (forced - W::narrow(1)) != W::ZERO {
                return W::ZERO;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// The node after the side to move takes `cell`.
    pub fn play(node: &Node<W>, cell: W) -> Node<W> {
        Node {
            current: node.current ^ node.mask,
            mask: node.mask | cell,
            moves: node.moves + 1,
        }
    }

    /// The threats of the side that just moved: its winning cells.
    pub fn threats_made(&self, after: &Node<W>) -> u32 {
        self.opponent_winning(after).count()
    }

    /// The cells of the columns in the order they are tried.
    pub fn ordered_columns(&self) -> &[W] {
        &self.ordered[..self.columns]
    }

    /// The key of [`Position::key`].
    #[cfg(test)]
    pub fn key(&self, node: &Node<W>) -> u128 {
        (node.current + node.mask + self.bottom).wide()
    }

    /// The key a node's bounds are kept under: the smaller of its key and
    /// its mirror image's (the two are worth the same, and a search meets
    /// both: from the empty board, after `d` the replies `c` and `e` lead
    /// to mirrored trees), where the solve's root lets a mirror image be
    /// met at all (see `mirror_meets`); else its own key, without the cost
    /// of mirroring it. On the empty 7 x 6 board: 924 million nodes where
    /// no key was shared took 1,615 (`docs/engine.md`).
    pub fn table_key(&self, node: &Node<W>) -> u128 {
        let key = node.current + node.mask + self.bottom;
        if node.moves < self.mirror_from {
            return key.wide();
        }
        let width = self.shape.width;
        let mirrored = (0..width).fold(W::ZERO, |m, c| {
            m | ((key >> (c * self.stride)) & self.key_column) << ((width - 1 - c) * self.stride)
        });
        key.wide().min(mirrored.wide())
    }
}

/// From how many discs a position below `root` can be the mirror image of
/// another below it: a position `P` whose mirror image is also below the
/// root holds the root's discs and their mirror images, so there are at
/// least as many discs as the two hold together, and none of the root's
/// discs faces one of the other colour. `i32::MAX` where that cannot be.
fn mirror_meets(root: &Position) -> i32 {
    let mirrored = root.mirrored();
    let (mask, other) = (root.occupied(), mirrored.occupied());
    let mine = root.discs(root.turn());
    let theirs = mirrored.discs(root.turn());
    if (mine ^ theirs) & mask & other != 0 {
        return i32::MAX;
    }
    (mask | other).count_ones() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The node agrees with the position it came from, in both words, with
    /// and without holes, move after move.
    #[test]
    fn a_node_agrees_with_its_position() {
        let shape = Shape::CONNECT_FOUR;
        let order: Vec<u32> = (0..shape.width).collect();
        let mut pos = Position::new(shape);
        for c in [3, 3, 2, 4, 4, 1, 0, 6, 5, 5] {
            let (b64, n64) = Board::<u64>::of(&pos, &order);
            let (b128, n128) = Board::<u128>::of(&pos, &order);
            assert_eq!(b64.non_losing(&n64) as u128, pos.non_losing_moves());
            assert_eq!(b128.non_losing(&n128), pos.non_losing_moves());
            assert_eq!(b64.key(&n64), pos.key());
            let cell = pos.column_cells(c) & pos.playable();
            let next = Board::play(&n64, cell as u64);
            pos = pos.play(c);
            assert_eq!(b64.key(&next), pos.key());
        }
        // A loaded board with a hole: a disc on c2 over an empty c1.
        let white = pos.cell(2, 1);
        let holed = Position::from_discs(shape, white, 0, crate::rules::chess::Color::Black);
        assert!(holed.has_holes());
        let (b, n) = Board::<u64>::of(&holed, &order);
        assert_eq!(b.non_losing(&n) as u128, holed.non_losing_moves());
    }

    /// Near the start, a position and its mirror image share a table key,
    /// and only they: from the empty board, and from a root whose discs a
    /// mirror image can hold; never from a root whose mirror image puts a
    /// disc of the other colour on one of its discs.
    #[test]
    fn mirror_images_share_a_table_key() {
        use crate::games::connect::moves::play_sequence;
        let shape = Shape::CONNECT_FOUR;
        let order: Vec<u32> = (0..shape.width).collect();
        let at = |moves: &str| play_sequence(shape, moves).unwrap();
        let node = |moves: &str| Board::<u64>::of(&at(moves), &order).1;
        let (empty, _) = Board::<u64>::of(&at(""), &order);
        assert_eq!(empty.table_key(&node("ab")), empty.table_key(&node("gf")));
        assert_ne!(empty.table_key(&node("ab")), empty.table_key(&node("ba")));
        // Below `a` (White on a1): `abgc` and `afge` are mirror images.
        let (a, _) = Board::<u64>::of(&at("a"), &order);
        assert_eq!(mirror_meets(&at("a")), 2);
        assert_eq!(a.table_key(&node("abgc")), a.table_key(&node("afge")));
        assert_ne!(a.table_key(&node("abgc")), a.table_key(&node("agbc")));
        // Below `ag` (a1 White, g1 Black), never: a1 would be both.
        let (ag, _) = Board::<u64>::of(&at("ag"), &order);
        assert_eq!(mirror_meets(&at("ag")), i32::MAX);
        let n = node("agbf");
        assert_eq!(ag.table_key(&n), ag.key(&n));
        assert_eq!(mirror_meets(&at("")), 0);
    }
}
