//! Forsyth-Edwards Notation, the standard six fields.

use std::fmt::Write;

use shakmaty::{Color, File, Rank, Role, Square};

use super::Board;
use super::position::{Position, castling};
use super::ruleset::Ruleset;

/// Why a FEN string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN: {0}")]
pub struct FenError(&'static str);

/// Why a board cannot be played under chess.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BoardError(&'static str);

impl From<BoardError> for FenError {
    fn from(e: BoardError) -> FenError {
        FenError(e.0)
    }
}

impl Position {
    /// Reads a FEN. The castling and en passant fields are kept only under a
    /// ruleset with castling; the move counters are kept under chess (and
    /// may be left out: `0 1`), checked and ignored otherwise. Under chess
    /// the board must pass [`check_chess_board`].
    ///
    /// ```
    /// use antichess::rules::chess::{Position, Ruleset};
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// let pos = Position::from_fen(fen, Ruleset::SPRING_2007_ENCASTLE).unwrap();
    /// assert_eq!(pos, Position::new(Ruleset::SPRING_2007_ENCASTLE));
    /// assert_eq!(pos.to_fen(), fen);
    /// ```
    pub fn from_fen(fen: &str, ruleset: Ruleset) -> Result<Position, FenError> {
        Position::read_fen(fen, ruleset, true)
    }

    /// [`Position::from_fen`] that also takes, under chess, a position whose
    /// side not to move is in check (python-chess plays on from one, and
    /// `antichess trace` follows it; nothing can capture a king there, since
    /// only the side to move moves).
    pub fn from_fen_allowing_opposite_check(
        fen: &str,
        ruleset: Ruleset,
    ) -> Result<Position, FenError> {
        Position::read_fen(fen, ruleset, false)
    }

    fn read_fen(fen: &str, ruleset: Ruleset, strict: bool) -> Result<Position, FenError> {
        let mut fields = fen.split_ascii_whitespace();
        let placement = fields.next().ok_or(FenError("empty"))?;
        let board = parse_placement(placement)?;
        let turn = match fields.next().unwrap_or("w") {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError("side to move must be w or b")),
        };
        let castling_field = fields.next().unwrap_or("-");
        let mut rights = 0;
        if castling_field != "-" {
            for ch in castling_field.chars() {
                rights |= match ch {
                    'K' => castling::WHITE_KING_SIDE,
                    'Q' => castling::WHITE_QUEEN_SIDE,
                    'k' => castling::BLACK_KING_SIDE,
                    'q' => castling::BLACK_QUEEN_SIDE,
                    _ => return Err(FenError("bad castling field")),
                };
            }
        }
        let ep = match fields.next().unwrap_or("-") {
            "-" => None,
            s => match s.as_bytes() {
                [f, r] => Some(
                    super::notation::parse_square(*f, *r)
                        .ok_or(FenError("bad en passant square"))?,
                ),
                _ => return Err(FenError("bad en passant square")),
            },
        };
        let mut counters = [0u16, 1];
        for counter in &mut counters {
            if let Some(n) = fields.next() {
                *counter = n.parse().map_err(|_| FenError("bad move counter"))?;
            }
        }
        if fields.next().is_some() {
            return Err(FenError("too many fields"));
        }
        if ruleset.fide_draws {
            match check_chess_board(&board, turn) {
                Err(e) if strict || e != OPPOSITE_CHECK => return Err(e.into()),
                _ => {}
            }
        }
        let pos = Position::from_parts(board, turn, rights, ep, ruleset);
        if ruleset.fide_draws {
            Ok(pos.with_counters(counters[0], counters[1]))
        } else {
            Ok(pos)
        }
    }

    /// Writes the position as FEN: under chess with its move counters,
    /// under the antichess rulesets with `0 1`.
    pub fn to_fen(&self) -> String {
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = Square::from_coords(File::new(file), Rank::new(rank));
                match self.board.piece_at(sq) {
                    Some(p) => {
                        if empty > 0 {
                            let _ = write!(fen, "{empty}");
                            empty = 0;
                        }
                        fen.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                let _ = write!(fen, "{empty}");
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if self.turn == Color::White {
            " w "
        } else {
            " b "
        });
        if self.castling == 0 {
            fen.push('-');
        }
        for (bit, ch) in [
            (castling::WHITE_KING_SIDE, 'K'),
            (castling::WHITE_QUEEN_SIDE, 'Q'),
            (castling::BLACK_KING_SIDE, 'k'),
            (castling::BLACK_QUEEN_SIDE, 'q'),
        ] {
            if self.castling & bit != 0 {
                fen.push(ch);
            }
        }
        match self.ep_square {
            Some(ep) => {
                let _ = write!(fen, " {ep}");
            }
            None => fen.push_str(" -"),
        }
        if self.ruleset.fide_draws {
            let _ = write!(fen, " {} {}", self.halfmoves, self.fullmoves);
        } else {
            fen.push_str(" 0 1");
        }
        fen
    }
}

const OPPOSITE_CHECK: BoardError = BoardError("the side not to move is in check");

/// What chess needs of a board before its rules mean anything: one king a
/// side, no pawn on the first or last rank, and the side not to move not in
/// check.
///
/// ```
/// use antichess::rules::chess::{check_chess_board, Board, Color};
/// assert!(check_chess_board(&Board::start(), Color::White).is_ok());
/// assert!(check_chess_board(&Board::empty(), Color::White).is_err());
/// ```
pub fn check_chess_board(board: &Board, turn: Color) -> Result<(), BoardError> {
    for color in [Color::White, Color::Black] {
        if board.by_piece(color, Role::King).count() != 1 {
            return Err(BoardError("each side needs exactly one king"));
        }
    }
    let back_ranks =
        shakmaty::Bitboard::from_rank(Rank::First) | shakmaty::Bitboard::from_rank(Rank::Eighth);
    if (board.by_role(Role::Pawn) & back_ranks).any() {
        return Err(BoardError("a pawn stands on the first or last rank"));
    }
    if board.in_check(turn.other()) {
        return Err(OPPOSITE_CHECK);
    }
    Ok(())
}

fn parse_placement(placement: &str) -> Result<Board, FenError> {
    let mut board = Board::empty();
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError("placement needs eight ranks"));
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0u32;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d;
            } else {
                let role = Role::from_char(ch).ok_or(FenError("bad piece letter"))?;
                let color = Color::from_white(ch.is_ascii_uppercase());
                if file >= 8 {
                    return Err(FenError("rank too long"));
                }
                board.set(
                    Square::from_coords(File::new(file), Rank::new(rank)),
                    color,
                    role,
                );
                file += 1;
            }
            if file > 8 {
                return Err(FenError("rank too long"));
            }
        }
        if file != 8 {
            return Err(FenError("rank too short"));
        }
    }
    Ok(board)
}
