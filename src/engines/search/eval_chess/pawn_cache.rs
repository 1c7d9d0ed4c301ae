//! The pawns' own score ([`super::pawns::count`]) kept by the pawns: each
//! search thread keeps a small table of the last structures it scored,
//! found by both sides' pawns themselves (so never the wrong one). The
//! pawns change far less often than the rest of the board, so most
//! evaluations find their structure there.

use std::cell::RefCell;

use shakmaty::{Bitboard, Color, Role};

use super::{Tapered, pawns};
use crate::rules::chess::Board;

/// Entries in each thread's table (a power of two): 4096 of 40 bytes,
/// 160 KiB.
const ENTRIES: usize = 1 << 12;

/// One structure and its score.
#[derive(Clone, Copy, Default)]
struct Entry {
    white: u64,
    black: u64,
    structure: Structure,
}

/// What the pawns alone tell: their own score and each side's passed
/// pawns (White's, then Black's).
#[derive(Clone, Copy, Default)]
pub(super) struct Structure {
    pub score: Tapered,
    pub passed: [Bitboard; 2],
}

thread_local! {
    /// The table of this thread. An empty entry is the structure without
    /// pawns, whose score is nothing: right as it stands.
    static TABLE: RefCell<Box<[Entry]>> = RefCell::new(vec![Entry::default(); ENTRIES].into());
}

/// The pawns' own score on `board`, middlegame and endgame, and the
/// passed pawns, from this thread's table or counted (and kept).
pub(super) fn structure(board: &Board) -> Structure {
    let white = board.by_piece(Color::White, Role::Pawn).0;
    let black = board.by_piece(Color::Black, Role::Pawn).0;
    let index = slot(board);
    TABLE.with_borrow_mut(|table| {
        let entry = &mut table[index];
        if entry.white != white || entry.black != black {
            let mut score = Tapered::default();
            pawns::count(board, &mut score);
            let passed = [Color::White, Color::Black].map(|c| pawns::passed(board, c));
            *entry = Entry {
                white,
                black,
                structure: Structure { score, passed },
            };
        }
        entry.structure
    })
}

/// Where a structure lies in the table: the top bits of its pawn key.
fn slot(board: &Board) -> usize {
    (board.pawn_key() >> (64 - ENTRIES.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{Position, Ruleset};

    #[test]
    fn the_kept_score_is_the_counted_one() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/4q3/1p6/2N5/8/4RK2 w - - 0 1",
            "6k1/5p2/6p1/8/8/8/5PPP/6K1 w - - 0 1",
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
        ];
        // Twice over: counted the first time, found the second.
        for _ in 0..2 {
            for fen in fens {
                let pos = Position::from_fen(fen, Ruleset::CHESS).unwrap();
                let mut counted = Tapered::default();
                pawns::count(pos.board(), &mut counted);
                let kept = structure(pos.board());
                assert_eq!(kept.score, counted, "{fen}");
                let passed = [Color::White, Color::Black].map(|c| pawns::passed(pos.board(), c));
                assert_eq!(kept.passed, passed, "{fen}");
            }
        }
        // Mirrored structures are told apart.
        let board = |fen| *Position::from_fen(fen, Ruleset::CHESS).unwrap().board();
        assert_ne!(
            slot(&board("4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1")),
            slot(&board("4k3/8/8/8/8/8/pppppppp/4K3 w - - 0 1"))
        );
    }
}
