//! Moves and move lists.

use std::fmt;

use arrayvec::ArrayVec;
use shakmaty::Square;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// A move to an empty square (not a promotion, double push or castle).
    Quiet = 0,
    /// A pawn's two-square advance.
    DoublePush = 1,
    /// Castling, stored as the king's move.
    Castle = 2,
    /// A pawn's advance to the last rank (always a queen).
    Promotion = 3,
    /// A capture on the destination square.
    Capture = 4,
    /// A capture that also promotes.
    PromotionCapture = 5,
    /// An en passant capture.
    EnPassant = 6,
}

impl MoveKind {
    const ALL: [MoveKind; 7] = [
        MoveKind::Quiet,
        MoveKind::DoublePush,
        MoveKind::Castle,
        MoveKind::Promotion,
        MoveKind::Capture,
        MoveKind::PromotionCapture,
        MoveKind::EnPassant,
    ];
}

/// A move packed into 16 bits: origin, destination and [`MoveKind`].
///
/// Displayed in the protocol's `e2-e4` form (castling as the king's move).
///
/// ```
/// use antichess::rules::{Move, MoveKind};
/// use shakmaty::Square;
/// let m = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
/// assert_eq!(m.to_string(), "e2-e4");
/// assert!(!m.is_capture());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    /// Builds a move.
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from as u16 | (to as u16) << 6 | (kind as u16) << 12)
    }

    /// The origin square.
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u32)
    }

    /// The destination square.
    pub const fn to(self) -> Square {
        Square::new(((self.0 >> 6) & 63) as u32)
    }

    /// The kind of move.
    pub const fn kind(self) -> MoveKind {
        MoveKind::ALL[(self.0 >> 12) as usize]
    }

    /// Captures a piece (en passant included).
    pub const fn is_capture(self) -> bool {
        (self.0 >> 12) >= MoveKind::Capture as u16
    }

    /// Promotes a pawn.
    pub const fn is_promotion(self) -> bool {
        matches!(
            self.kind(),
            MoveKind::Promotion | MoveKind::PromotionCapture
        )
    }

    /// The raw 16 bits (stable; used by the transposition table).
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// The move with these raw bits, if they are well formed.
    pub const fn from_bits(bits: u16) -> Option<Move> {
        if (bits >> 12) < MoveKind::ALL.len() as u16 {
            Some(Move(bits))
        } else {
            None
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({:?})", self, self.kind())
    }
}

/// Room for every move of any position: each empty or enemy square can be
/// reached from at most eight directions and eight knight jumps, so fewer than
/// 16 * 63 + 2 moves ever exist.
pub const MAX_MOVES: usize = 1024;

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
