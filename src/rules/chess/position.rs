//! A position: the board, the side to move, castling and en passant rights,
//! the move counters, the ruleset, and an incrementally updated Zobrist hash.

use shakmaty::{Color, Rank, Role, Square, attacks};

use super::Board;
use super::moves::{Move, MoveKind};
use super::ruleset::Ruleset;
use super::zobrist;

/// The halfmove clock at which the seventy-five-move rule ends a chess game.
pub const SEVENTY_FIVE_MOVE_PLIES: u16 = 150;
/// The halfmove clock from which the fifty-move rule may be claimed.
pub const FIFTY_MOVE_PLIES: u16 = 100;

/// Castling rights as four bits.
pub mod castling {
    /// White may castle king side (e1-g1).
    pub const WHITE_KING_SIDE: u8 = 1;
    /// White may castle queen side (e1-c1).
    pub const WHITE_QUEEN_SIDE: u8 = 2;
    /// Black may castle king side (e8-g8).
    pub const BLACK_KING_SIDE: u8 = 4;
    /// Black may castle queen side (e8-c8).
    pub const BLACK_QUEEN_SIDE: u8 = 8;
    /// All four rights.
    pub const ALL: u8 = 15;
}

/// One way of castling.
pub(crate) struct Castle {
    pub right: u8,
    pub color: shakmaty::Color,
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
}

impl Castle {
    /// The castling whose king goes from `from` to `to`, if one does.
    pub(crate) fn between(from: Square, to: Square) -> Option<&'static Castle> {
        CASTLES
            .iter()
            .find(|c| c.king_from == from && c.king_to == to)
    }
}

pub(crate) const CASTLES: [Castle; 4] = [
    Castle {
        right: castling::WHITE_KING_SIDE,
        color: Color::White,
        king_from: Square::E1,
        king_to: Square::G1,
        rook_from: Square::H1,
        rook_to: Square::F1,
    },
    Castle {
        right: castling::WHITE_QUEEN_SIDE,
        color: Color::White,
        king_from: Square::E1,
        king_to: Square::C1,
        rook_from: Square::A1,
        rook_to: Square::D1,
    },
    Castle {
        right: castling::BLACK_KING_SIDE,
        color: Color::Black,
        king_from: Square::E8,
        king_to: Square::G8,
        rook_from: Square::H8,
        rook_to: Square::F8,
    },
    Castle {
        right: castling::BLACK_QUEEN_SIDE,
        color: Color::Black,
        king_from: Square::E8,
        king_to: Square::C8,
        rook_from: Square::A8,
        rook_to: Square::D8,
    },
];

/// The castling rights that survive a move touching each square.
const CASTLING_KEEP: [u8; 64] = {
    let mut keep = [castling::ALL; 64];
    keep[Square::E1 as usize] &= !(castling::WHITE_KING_SIDE | castling::WHITE_QUEEN_SIDE);
    keep[Square::H1 as usize] &= !castling::WHITE_KING_SIDE;
    keep[Square::A1 as usize] &= !castling::WHITE_QUEEN_SIDE;
    keep[Square::E8 as usize] &= !(castling::BLACK_KING_SIDE | castling::BLACK_QUEEN_SIDE);
    keep[Square::H8 as usize] &= !castling::BLACK_KING_SIDE;
    keep[Square::A8 as usize] &= !castling::BLACK_QUEEN_SIDE;
    keep
};

/// A position under a ruleset.
///
/// Positions are small `Copy` values; [`Position::play`] returns the
/// position after a move (copy-make).
///
/// ```
/// use antichess::rules::chess::{Position, Ruleset, Status};
/// let pos = Position::new(Ruleset::SPRING_2007);
/// let moves = pos.legal_moves();
/// assert_eq!(moves.len(), 20);
/// let after = pos.play(moves[0]);
/// assert_eq!(after.status(), Status::Ongoing);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling: u8,
    pub(crate) ep_square: Option<Square>,
    pub(crate) hash: u64,
    pub(crate) ruleset: Ruleset,
    /// Plies since the last pawn move or capture.
    pub(crate) halfmoves: u16,
    /// The move number: 1 at the start, +1 after each Black move.
    pub(crate) fullmoves: u16,
}

impl Position {
    /// The start position.
    pub fn new(ruleset: Ruleset) -> Position {
        Position::from_parts(Board::start(), Color::White, castling::ALL, None, ruleset)
    }

    /// Builds a position from its parts. Castling rights without the king and
    /// rook on their home squares, rights under rulesets without castling,
    /// and an en passant square no pawn could use are dropped.
    pub fn from_parts(
        board: Board,
        turn: Color,
        castling: u8,
        ep_square: Option<Square>,
        ruleset: Ruleset,
    ) -> Position {
        let mut pos = Position {
            board,
            turn,
            castling: 0,
            ep_square: None,
            hash: 0,
            ruleset,
            halfmoves: 0,
            fullmoves: 1,
        };
        if ruleset.castling_and_en_passant {
            for c in &CASTLES {
                if castling & c.right != 0
                    && board.by_piece(c.color, Role::King).contains(c.king_from)
                    && board.by_piece(c.color, Role::Rook).contains(c.rook_from)
                {
                    pos.castling |= c.right;
                }
            }
            pos.ep_square = ep_square.filter(|&ep| pos.en_passant_possible(ep));
            pos.drop_unusable_en_passant();
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// Whether the side to move could capture en passant on `ep` (the square
    /// a double-stepping enemy pawn passed over), ignoring pins.
    fn en_passant_possible(&self, ep: Square) -> bool {
        let (behind, passed_rank) = match self.turn {
            Color::White => (-8, Rank::Sixth),
            Color::Black => (8, Rank::Third),
        };
        let Some(pawn_sq) = ep.offset(behind) else {
            return false;
        };
        ep.rank() == passed_rank
            && !self.board.occupied().contains(ep)
            && self
                .board
                .by_piece(self.turn.other(), Role::Pawn)
                .contains(pawn_sq)
            && (attacks::pawn_attacks(self.turn.other(), ep)
                & self.board.by_piece(self.turn, Role::Pawn))
            .any()
    }

    /// Under chess the en passant square is kept only when a capture there is
    /// legal (FIDE's same position, and FEN as python-chess and shakmaty
    /// write it); the antichess rulesets keep it when one is pseudo-legal.
    fn drop_unusable_en_passant(&mut self) {
        if !self.ruleset.fide_draws {
            return;
        }
        if let Some(ep) = self.ep_square
            && !self.has_legal_en_passant()
        {
            self.ep_square = None;
            self.hash ^= zobrist::en_passant(ep);
        }
    }

    /// The same position with these move counters (halfmove clock, move
    /// number; the number is at least 1).
    pub fn with_counters(mut self, halfmoves: u16, fullmoves: u16) -> Position {
        self.halfmoves = halfmoves;
        self.fullmoves = fullmoves.max(1);
        self
    }

    /// The halfmove clock: plies since the last pawn move or capture.
    #[inline]
    pub fn halfmoves(&self) -> u16 {
        self.halfmoves
    }

    /// The move number (1 at the start, +1 after each Black move).
    #[inline]
    pub fn fullmoves(&self) -> u16 {
        self.fullmoves
    }

    /// The moves the side to move has played, as the move number counts
    /// them (one less than it).
    #[inline]
    pub fn moves_played(&self) -> u32 {
        u32::from(self.fullmoves.saturating_sub(1))
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.board.occupied() {
            if let Some(p) = self.board.piece_at(sq) {
                h ^= zobrist::piece(p.color, p.role, sq);
            }
        }
        h ^= zobrist::castling(self.castling);
        if let Some(ep) = self.ep_square {
            h ^= zobrist::en_passant(ep);
        }
        if self.turn == Color::Black {
            h ^= zobrist::black_to_move();
        }
        h
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights (bits of [`castling`]).
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The en passant square, when a capture there is pseudo-legal.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The ruleset.
    #[inline]
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// The Zobrist hash.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether any king of the side to move is attacked.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.board.in_check(self.turn)
    }

    /// The position after a legal move of the side to move.
    pub fn play(&self, m: Move) -> Position {
        let mut p = *self;
        let us = self.turn;
        let them = us.other();
        let (from, to) = (m.from(), m.to());
        let role = self.board.role_at(from).unwrap_or(Role::Pawn);

        if let Some(ep) = p.ep_square.take() {
            p.hash ^= zobrist::en_passant(ep);
        }
        match m.kind() {
            MoveKind::Capture | MoveKind::PromotionCapture => {
                if let Some(victim) = self.board.role_at(to) {
                    p.board.take(to, them, victim);
                    p.hash ^= zobrist::piece(them, victim, to);
                }
            }
            MoveKind::EnPassant => {
                let victim_sq = Square::from_coords(to.file(), from.rank());
                p.board.take(victim_sq, them, Role::Pawn);
                p.hash ^= zobrist::piece(them, Role::Pawn, victim_sq);
            }
            _ => {}
        }
        p.board.take(from, us, role);
        p.hash ^= zobrist::piece(us, role, from);
        let placed = m.promotion().unwrap_or(role);
        p.board.put(to, us, placed);
        p.hash ^= zobrist::piece(us, placed, to);

        match m.kind() {
            MoveKind::Castle => {
                if let Some(c) = CASTLES
                    .iter()
                    .find(|c| c.king_from == from && c.king_to == to)
                {
                    p.board.take(c.rook_from, us, Role::Rook);
                    p.board.put(c.rook_to, us, Role::Rook);
                    p.hash ^= zobrist::piece(us, Role::Rook, c.rook_from)
                        ^ zobrist::piece(us, Role::Rook, c.rook_to);
                }
            }
            MoveKind::DoublePush if p.ruleset.castling_and_en_passant => {
                let passed = Square::from_coords(
                    from.file(),
                    Rank::new((from.rank() as u32 + to.rank() as u32) / 2),
                );
                if (attacks::pawn_attacks(us, passed) & p.board.by_piece(them, Role::Pawn)).any() {
                    p.ep_square = Some(passed);
                    p.hash ^= zobrist::en_passant(passed);
                    p.turn = them;
                    p.drop_unusable_en_passant();
                    p.turn = us;
                }
            }
            _ => {}
        }

        if p.castling != 0 {
            let keep = CASTLING_KEEP[from as usize] & CASTLING_KEEP[to as usize];
            if p.castling & keep != p.castling {
                p.hash ^= zobrist::castling(p.castling) ^ zobrist::castling(p.castling & keep);
                p.castling &= keep;
            }
        }

        p.halfmoves = if role == Role::Pawn || m.is_capture() {
            0
        } else {
            p.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            p.fullmoves = p.fullmoves.saturating_add(1);
        }
        p.turn = them;
        p.hash ^= zobrist::black_to_move();
        p
    }

    /// The position after the side to move loses its turn (a 2007 stalemate).
    pub fn pass(&self) -> Position {
        let mut p = *self;
        if let Some(ep) = p.ep_square.take() {
            p.hash ^= zobrist::en_passant(ep);
        }
        if self.turn == Color::Black {
            p.fullmoves = p.fullmoves.saturating_add(1);
        }
        p.turn = self.turn.other();
        p.hash ^= zobrist::black_to_move();
        p
    }

    /// The legal move from `from` to `to`, if there is one (for a promotion,
    /// the one to a queen).
    pub fn find_move(&self, from: Square, to: Square) -> Option<Move> {
        self.legal_moves()
            .into_iter()
            .find(|m| m.from() == from && m.to() == to)
    }

    /// The legal move from `from` to `to` that promotes to `promotion`
    /// (`None`: a move that does not promote).
    pub fn find_exact_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<Move> {
        self.legal_moves()
            .into_iter()
            .find(|m| m.from() == from && m.to() == to && m.promotion() == promotion)
    }

    /// The legal moves as protocol text, in plain ascending string order
    /// (the order of `PrintAllMoves`).
    pub fn legal_move_texts(&self) -> Vec<String> {
        let mut moves: Vec<String> = self
            .legal_moves()
            .iter()
            .map(|&m| super::notation::protocol(m, self.ruleset))
            .collect();
        moves.sort();
        moves
    }
}
