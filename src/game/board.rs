//! Piece placement: one bitboard per colour and per role.

use shakmaty::{Bitboard, Color, File, Piece, Role, Square, attacks};

/// Where the pieces stand. Any placement is allowed: no king, several kings,
/// pawns on the first or last rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    occupied: Bitboard,
}

/// The squares `pawns` of `color` attack, all at once (two shifts, no
/// wrapping round the board's edge).
///
/// ```
/// use antichess::game::{pawn_attacks, Bitboard, Color, Square};
/// let a2_h2 = Bitboard::from(Square::A2) | Bitboard::from(Square::H2);
/// assert_eq!(
///     pawn_attacks(a2_h2, Color::White),
///     Bitboard::from(Square::B3) | Bitboard::from(Square::G3)
/// );
/// assert_eq!(pawn_attacks(Bitboard::from(Square::A7), Color::Black), Bitboard::from(Square::B6));
/// ```
pub fn pawn_attacks(pawns: Bitboard, color: Color) -> Bitboard {
    let west = pawns & !Bitboard::from_file(File::A);
    let east = pawns & !Bitboard::from_file(File::H);
    match color {
        Color::White => west.shift(7) | east.shift(9),
        Color::Black => west.shift(-9) | east.shift(-7),
    }
}

impl Board {
    /// A board without pieces.
    pub const fn empty() -> Board {
        Board {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            occupied: Bitboard::EMPTY,
        }
    }

    /// The standard starting placement.
    pub fn start() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in back.into_iter().enumerate() {
            let file = file as u32;
            board.set(Square::new(file), Color::White, role);
            board.set(Square::new(8 + file), Color::White, Role::Pawn);
            board.set(Square::new(48 + file), Color::Black, Role::Pawn);
            board.set(Square::new(56 + file), Color::Black, role);
        }
        board
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The squares of one colour's pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of one role's pieces, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize - 1]
    }

    /// The squares of one colour's pieces of one role.
    #[inline]
    pub fn by_piece(&self, color: Color, role: Role) -> Bitboard {
        self.by_color(color) & self.by_role(role)
    }

    /// A key of both sides' pawns, for tables kept by pawn structure: the
    /// two sets mixed by a multiplication (Fibonacci hashing), so that a
    /// table takes the key's top bits.
    #[inline]
    pub fn pawn_key(&self) -> u64 {
        let white = self.by_piece(Color::White, Role::Pawn).0;
        let black = self.by_piece(Color::Black, Role::Pawn).0;
        (white ^ black.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Rooks and queens of both colours.
    #[inline]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.by_role(Role::Rook) | self.by_role(Role::Queen)
    }

    /// Bishops and queens of both colours.
    #[inline]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.by_role(Role::Bishop) | self.by_role(Role::Queen)
    }

    /// The colour of the piece on a square.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[Color::White as usize].contains(sq) {
            Some(Color::White)
        } else if self.by_color[Color::Black as usize].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the piece on a square.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied.contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|&r| self.by_role(r).contains(sq))
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece {
            color: self.color_at(sq)?,
            role: self.role_at(sq)?,
        })
    }

    /// Puts a piece on an empty square.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, color: Color, role: Role) {
        self.by_color[color as usize].add(sq);
        self.by_role[role as usize - 1].add(sq);
        self.occupied.add(sq);
    }

    /// Takes a known piece off its square.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square, color: Color, role: Role) {
        self.by_color[color as usize].discard(sq);
        self.by_role[role as usize - 1].discard(sq);
        self.occupied.discard(sq);
    }

    /// Puts a piece on a square, replacing whatever stood there.
    pub fn set(&mut self, sq: Square, color: Color, role: Role) {
        self.remove(sq);
        self.put(sq, color, role);
    }

    /// Empties a square, returning what stood there.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.take(sq, piece.color, piece.role);
        Some(piece)
    }

    /// A colour's pieces of `attacker` that attack `sq`, given the occupancy.
    #[inline]
    pub fn attackers(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        self.by_color(attacker)
            & ((attacks::rook_attacks(sq, occupied) & self.rooks_and_queens())
                | (attacks::bishop_attacks(sq, occupied) & self.bishops_and_queens())
                | (attacks::knight_attacks(sq) & self.by_role(Role::Knight))
                | (attacks::king_attacks(sq) & self.by_role(Role::King))
                | (attacks::pawn_attacks(attacker.other(), sq) & self.by_role(Role::Pawn)))
    }

    /// Whether any king of `color` is attacked by the other colour.
    pub fn in_check(&self, color: Color) -> bool {
        self.by_piece(color, Role::King)
            .into_iter()
            .any(|k| self.attackers(k, color.other(), self.occupied).any())
    }

    /// Whether `color` has no pieces left but kings (or none at all).
    #[inline]
    pub fn is_depleted(&self, color: Color) -> bool {
        (self.by_color(color) & !self.by_role(Role::King)).is_empty()
    }

    /// Every piece with its square, rank 8 to rank 1, file a to h.
    pub fn pieces_top_down(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        (0..8u32)
            .rev()
            .flat_map(|rank| (0..8u32).map(move |file| Square::new(rank * 8 + file)))
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}
