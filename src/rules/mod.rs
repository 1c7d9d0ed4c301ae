//! The rules of 6.170 Antichess: board, moves, legal move generation under
//! each ruleset, and how games end.
//!
//! Built on shakmaty's magic-bitboard primitives ([`Bitboard`], [`Square`],
//! `attacks`); everything antichess-specific lives here.

mod board;
mod fen;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod position;
mod ruleset;
mod zobrist;

pub use board::Board;
pub use fen::FenError;
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList, parse_move_text, parse_square};
pub use outcome::{Outcome, Reason, Status};
pub use perft::{divide, perft};
pub(crate) use position::CASTLES;
pub use position::{Position, castling};
pub use ruleset::{MateRule, Ruleset, StalemateRule};
pub use shakmaty::{Bitboard, Color, Piece, Role, Square};
