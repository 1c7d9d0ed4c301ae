//! A chess-like board as the chess servers send it (FICS's style 12):
//! what one viewer may see of the position, with the last move when the
//! viewer may know it. Games on other boards have none.

use super::{Board, Color, Square};

/// What a viewer sees of a chess-like position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The board as the viewer sees it (only its own pieces in
    /// Kriegspiel).
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The file (0 for a) of a pawn that just advanced two squares, when
    /// the viewer may know it.
    pub double_push_file: Option<u8>,
    /// Castling rights the viewer may know: White short, White long,
    /// Black short, Black long.
    pub castling: [bool; 4],
    /// Plies since the last capture or pawn move.
    pub irreversible: u32,
    /// The number of the move about to be made.
    pub fullmoves: u32,
    /// The last move, when the viewer may know it.
    pub last: Option<LastMove>,
}

/// The last move as style 12 writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// `P/e2-e4`, `N/g1-f3`, `P/e7-e8=Q`, `o-o`, `o-o-o`.
    pub verbose: String,
    /// As players write it (SAN in chess): `e4`, `Nf3`, `O-O`.
    pub pretty: String,
}

impl Diagram {
    /// The 64 squares, rank 8 first, as eight groups of eight characters
    /// (a piece's letter, `-` for an empty square) separated by spaces.
    pub fn ranks(&self) -> String {
        let mut out = String::with_capacity(71);
        for rank in (0..8u32).rev() {
            if rank != 7 {
                out.push(' ');
            }
            for file in 0..8u32 {
                let sq = Square::new(rank * 8 + file);
                out.push(self.board.piece_at(sq).map_or('-', |p| p.char()));
            }
        }
        out
    }
}
