//! Why a move is not legal: a value the rules give and a front end words.

use shakmaty::{Role, Square};

use super::Position;

/// Why the move from one square to another is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// There is no piece on the origin square.
    NoPiece(Square),
    /// The piece on the origin square belongs to the opponent.
    NotYours(Square),
    /// The move is possible, but a capture is compulsory and it is not one.
    CaptureCompulsory,
    /// A king's two-square move: castling is not possible (not under these
    /// rules, a right lost, a piece in the way, or an attacked square).
    CastlingImpossible,
    /// The move would leave one of the mover's kings attacked.
    KingInCheck,
    /// The destination holds a king, and kings are never captured.
    KingCapture,
    /// The piece does not move so.
    CannotMove {
        /// The piece's kind.
        role: Role,
        /// Where it stands.
        from: Square,
        /// Where it was asked to go.
        to: Square,
    },
}

impl Position {
    /// Why the move `from`-`to` is not legal here, or `None` when it is.
    ///
    /// ```
    /// use antichess::rules::chess::{Illegal, Position, Ruleset, Square};
    /// let pos = Position::new(Ruleset::SPRING_2007);
    /// assert_eq!(pos.why_illegal(Square::E2, Square::E4), None);
    /// assert_eq!(pos.why_illegal(Square::E4, Square::E5), Some(Illegal::NoPiece(Square::E4)));
    /// assert_eq!(pos.why_illegal(Square::E7, Square::E5), Some(Illegal::NotYours(Square::E7)));
    /// ```
    pub fn why_illegal(&self, from: Square, to: Square) -> Option<Illegal> {
        if self.find_move(from, to).is_some() {
            return None;
        }
        let board = self.board();
        let Some(piece) = board.piece_at(from) else {
            return Some(Illegal::NoPiece(from));
        };
        if piece.color != self.turn() {
            return Some(Illegal::NotYours(from));
        }
        let moves_so = |pos: &Position| {
            pos.legal_moves_ignoring_forced_capture()
                .iter()
                .any(|m| m.from() == from && m.to() == to)
        };
        if moves_so(self) {
            return Some(Illegal::CaptureCompulsory);
        }
        if piece.role == Role::King && from.distance(to) == 2 && from.rank() == to.rank() {
            return Some(Illegal::CastlingImpossible);
        }
        if board.by_role(Role::King).contains(to) {
            return Some(Illegal::KingCapture);
        }
        if piece.role == Role::King {
            // A king's step to a square none of its side holds is
            // forbidden only by king safety (castling and forced captures
            // were seen to above).
            if from.distance(to) == 1 && !board.by_color(self.turn()).contains(to) {
                return Some(Illegal::KingInCheck);
            }
        } else {
            // With each of the mover's kings a knight, nothing of its side
            // is in check while every square stays as full as it was (a
            // king still blocks a line): a move legal there is one that
            // only king safety forbids.
            let mut stand_ins = *board;
            for k in board.by_piece(self.turn(), Role::King) {
                stand_ins.remove(k);
                stand_ins.set(k, self.turn(), Role::Knight);
            }
            let free = Position::from_parts(
                stand_ins,
                self.turn(),
                self.castling_rights(),
                self.ep_square(),
                self.ruleset(),
            );
            if moves_so(&free) {
                return Some(Illegal::KingInCheck);
            }
        }
        Some(Illegal::CannotMove {
            role: piece.role,
            from,
            to,
        })
    }
}
