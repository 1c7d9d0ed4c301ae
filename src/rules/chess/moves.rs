//! Moves and move lists.

use std::fmt;

use arrayvec::ArrayVec;
use shakmaty::{Role, Square};

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
    /// A pawn's advance to the last rank (the piece it becomes is
    /// [`Move::promotion`]).
    Promotion = 3,
    /// A capture on the destination square.
    Capture = 4,
    /// A capture that also promotes.
    PromotionCapture = 5,
    /// An en passant capture.
    EnPassant = 6,
}

/// The pieces a pawn may become, in the order the generator lists them
/// (the queen first: the best guess for move ordering).
pub const PROMOTION_ROLES: [Role; 4] = [Role::Queen, Role::Knight, Role::Rook, Role::Bishop];

/// The top four bits of a move: its kind, and for a promotion the piece.
/// Codes 0 to 6 are the kinds themselves (promotions to a queen), so the
/// antichess rulesets, where a pawn always becomes a queen, use only those;
/// codes 7 to 12 are the under-promotions.
const CODES: [(MoveKind, Role); 13] = [
    (MoveKind::Quiet, Role::Pawn),
    (MoveKind::DoublePush, Role::Pawn),
    (MoveKind::Castle, Role::King),
    (MoveKind::Promotion, Role::Queen),
    (MoveKind::Capture, Role::Pawn),
    (MoveKind::PromotionCapture, Role::Queen),
    (MoveKind::EnPassant, Role::Pawn),
    (MoveKind::Promotion, Role::Knight),
    (MoveKind::Promotion, Role::Bishop),
    (MoveKind::Promotion, Role::Rook),
    (MoveKind::PromotionCapture, Role::Knight),
    (MoveKind::PromotionCapture, Role::Bishop),
    (MoveKind::PromotionCapture, Role::Rook),
];

/// A move packed into 16 bits: origin, destination, and a four-bit code for
/// its [`MoveKind`] and, for a promotion, the piece the pawn becomes.
///
/// Displayed as its squares, `e2-e4` (castling as the king's move); the
/// protocol text, which names a chess promotion's piece (`e7-e8=N`), is
/// [`crate::rules::chess::notation::protocol`].
///
/// ```
/// use antichess::rules::chess::{Move, MoveKind, Role};
/// use shakmaty::Square;
/// let m = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
/// assert_eq!(m.to_string(), "e2-e4");
/// assert!(!m.is_capture());
/// let knight = Move::promoting(Square::B7, Square::A8, true, Role::Knight);
/// assert_eq!(knight.kind(), MoveKind::PromotionCapture);
/// assert_eq!(knight.promotion(), Some(Role::Knight));
/// assert!(knight.is_capture());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    /// Builds a move (a promotion becomes a queen).
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from as u16 | (to as u16) << 6 | (kind as u16) << 12)
    }

    /// Builds a promotion to `role` (a knight, bishop, rook or queen).
    pub const fn promoting(from: Square, to: Square, capture: bool, role: Role) -> Move {
        let code = match (capture, role) {
            (false, Role::Knight) => 7,
            (false, Role::Bishop) => 8,
            (false, Role::Rook) => 9,
            (false, _) => MoveKind::Promotion as u16,
            (true, Role::Knight) => 10,
            (true, Role::Bishop) => 11,
            (true, Role::Rook) => 12,
            (true, _) => MoveKind::PromotionCapture as u16,
        };
        Move(from as u16 | (to as u16) << 6 | code << 12)
    }

    #[inline]
    const fn code(self) -> usize {
        (self.0 >> 12) as usize
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
        CODES[self.code()].0
    }

    /// The piece a promotion makes, or `None` for any other move.
    pub const fn promotion(self) -> Option<Role> {
        if self.is_promotion() {
            Some(CODES[self.code()].1)
        } else {
            None
        }
    }

    /// Captures a piece (en passant included).
    pub const fn is_capture(self) -> bool {
        matches!(
            self.kind(),
            MoveKind::Capture | MoveKind::PromotionCapture | MoveKind::EnPassant
        )
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
        if ((bits >> 12) as usize) < CODES.len() {
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
