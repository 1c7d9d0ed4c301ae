//! The rules of 6.170 Antichess: board, moves, legal move generation under
//! each ruleset, and how games end.
//!
//! Built on shakmaty's magic-bitboard primitives ([`Bitboard`], [`Square`],
//! `attacks`); everything antichess-specific lives here.

mod fen;
mod illegal;
mod material;
mod movegen;
mod moves;
pub mod notation;
mod outcome;
mod perft;
mod position;
mod repetition;
mod ruleset;
mod see;
mod status;
pub mod wording;
mod zobrist;

pub use crate::game::{Board, pawn_attacks};
pub use crate::game::{Outcome, Reason};
pub use fen::{BoardError, FenError, check_chess_board};
pub use illegal::Illegal;
pub use material::piece_value;
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList, PROMOTION_ROLES};
pub use outcome::Status;
pub use perft::{divide, perft};
pub(crate) use position::{CASTLES, Castle};
pub use position::{FIFTY_MOVE_PLIES, Position, SEVENTY_FIVE_MOVE_PLIES, castling};
pub use repetition::{
    FIVEFOLD, THREEFOLD, automatic_ending, ending_without_draw_rules, occurrences,
};
pub use ruleset::{MateRule, PromotionRule, Ruleset, StalemateRule};
pub use shakmaty::{Bitboard, Color, Piece, Role, Square};
