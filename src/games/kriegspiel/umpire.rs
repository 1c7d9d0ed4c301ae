//! The umpire: judges an attempt against the true position (orthodox chess,
//! the `chess` ruleset of the rules core) and says what the players hear.
//!
//! ```
//! use antichess::games::kriegspiel::{judge, Attempt, Verdict};
//! use antichess::rules::chess::{Position, Ruleset};
//! let start = Position::new(Ruleset::CHESS);
//! let Verdict::Legal { announcement, .. } = judge(&start, "e2e4".parse().unwrap()) else {
//!     panic!("e2e4 is legal");
//! };
//! assert_eq!(announcement.to_string(), "Black's move");
//! assert_eq!(judge(&start, "e1g1".parse().unwrap()), Verdict::Illegal);
//! ```

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use super::announcement::{Announcement, Capture, CheckKind, Ending, Next};
use crate::rules::chess::{
    Color, Move, MoveKind, MoveList, Position, Reason, Role, Square, ending_without_draw_rules,
};

/// An attempt as text: origin, destination and an optional promotion
/// letter (`e2e4`, `e7e8n`), lower case, as in UCI. Castling is the king's
/// two-square move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Attempt {
    /// The origin square.
    pub from: Square,
    /// The destination square.
    pub to: Square,
    /// The promotion letter, if one was written.
    pub promotion: Option<Role>,
}

/// Text that is not `[a-h][1-8][a-h][1-8][qrbn]?`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an attempt (write it as e2e4, or e7e8q with a promotion letter)")]
pub struct NotAttempt;

impl FromStr for Attempt {
    type Err = NotAttempt;

    fn from_str(text: &str) -> Result<Attempt, NotAttempt> {
        let b = text.as_bytes();
        if !(4..=5).contains(&b.len()) {
            return Err(NotAttempt);
        }
        let square = |f: u8, r: u8| {
            if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
                Some(Square::new(u32::from(r - b'1') * 8 + u32::from(f - b'a')))
            } else {
                None
            }
        };
        let from = square(b[0], b[1]).ok_or(NotAttempt)?;
        let to = square(b[2], b[3]).ok_or(NotAttempt)?;
        let promotion = match b.get(4) {
            None => None,
            Some(b'q') => Some(Role::Queen),
            Some(b'r') => Some(Role::Rook),
            Some(b'b') => Some(Role::Bishop),
            Some(b'n') => Some(Role::Knight),
            Some(_) => return Err(NotAttempt),
        };
        Ok(Attempt {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for Attempt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl Attempt {
    /// An attempt as typed at the terminal: `e2e4`, `e2-e4`, with a
    /// promotion letter in either case, with or without `=`.
    pub fn read_typed(word: &str) -> Option<Attempt> {
        let text = word.replacen('-', "", 1);
        let (squares, letter) = match text.split_once('=') {
            Some((s, l)) if l.len() == 1 => (s.to_string(), l.to_ascii_lowercase()),
            Some(_) => return None,
            None if text.len() == 5 => (text[..4].to_string(), text[4..].to_ascii_lowercase()),
            None => (text.clone(), String::new()),
        };
        if squares.len() != 4 || (word.contains('=') && letter.is_empty()) {
            return None;
        }
        if word.contains('-') && word.find('-') != Some(2) {
            return None;
        }
        format!("{squares}{letter}").parse().ok()
    }

    /// The attempt packed into a number: origin, destination, promotion.
    pub fn code(self) -> u32 {
        let promotion = self.promotion.map_or(0, |r| r as u32);
        self.from as u32 | (self.to as u32) << 6 | promotion << 12
    }

    /// The attempt [`Attempt::code`] packed.
    pub fn from_code(code: u32) -> Option<Attempt> {
        let square = |bits: u32| Square::try_from(bits & 63).ok();
        let promotion = match code >> 12 {
            0 => None,
            r => Some(Role::try_from(r as u8).ok()?),
        };
        Some(Attempt {
            from: square(code)?,
            to: square(code >> 6)?,
            promotion,
        })
    }

    /// The attempt of a move (castling as the king's move).
    pub fn of(m: Move) -> Attempt {
        Attempt {
            from: m.from(),
            to: m.to(),
            promotion: m.promotion(),
        }
    }

    /// The legal move this attempt is in `pos`, if any. A pawn of the side
    /// to move reaching its last rank without a letter becomes a queen; a
    /// letter on any other move matches nothing.
    pub fn find(self, pos: &Position, moves: &MoveList) -> Option<Move> {
        let mut promotion = self.promotion;
        let board = pos.board();
        let last_rank = match pos.turn() {
            Color::White => 7,
            Color::Black => 0,
        };
        if promotion.is_none()
            && board.piece_at(self.from) == Some(pos.turn().pawn())
            && self.to.rank() as u32 == last_rank
        {
            promotion = Some(Role::Queen);
        }
        moves
            .iter()
            .copied()
            .find(|m| m.from() == self.from && m.to() == self.to && m.promotion() == promotion)
    }
}

/// The umpire's answer to an attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not a legal move: the mover alone hears `Illegal move`.
    Illegal,
    /// Played: the move, the new position and what both players hear.
    Legal {
        /// The move played.
        mv: Move,
        /// The position after it.
        position: Position,
        /// The announcement.
        announcement: Announcement,
    },
}

/// Judges `attempt` in `pos` (whose game is not over).
pub fn judge(pos: &Position, attempt: Attempt) -> Verdict {
    let moves = pos.legal_moves();
    match attempt.find(pos, &moves) {
        None => Verdict::Illegal,
        Some(mv) => {
            let position = pos.play(mv);
            let announcement = announce(pos, mv, &position);
            Verdict::Legal {
                mv,
                position,
                announcement,
            }
        }
    }
}

/// How the game stands in `pos`, with its legal moves: checkmate, then
/// stalemate, then insufficient material (no repetition or fifty-move
/// draw in Kriegspiel).
pub fn ending(pos: &Position, moves: &MoveList) -> Option<Ending> {
    let outcome = ending_without_draw_rules(pos, moves)?;
    Some(match (outcome.reason, outcome.winner) {
        (Reason::Checkmate, Some(winner)) => Ending::Checkmate(winner),
        (Reason::Stalemate, _) => Ending::Stalemate,
        _ => Ending::InsufficientMaterial,
    })
}

/// The check kinds against the side to move in `pos`, in announcement order.
pub fn checks(pos: &Position) -> ArrayVec<CheckKind, 16> {
    let board = pos.board();
    let us = pos.turn();
    let mut kinds = ArrayVec::new();
    let Some(king) = board.by_piece(us, Role::King).first() else {
        return kinds;
    };
    for checker in board.attackers(king, us.other(), board.occupied()) {
        if let Some(kind) = CheckKind::between(king, checker) {
            let _ = kinds.try_push(kind);
        }
    }
    kinds.sort_unstable();
    kinds
}

/// The legal pawn captures of the side to move, counted once per origin
/// and destination (a capture that promotes counts once).
pub fn pawn_tries(pos: &Position, moves: &MoveList) -> u32 {
    let pawns = pos.board().by_piece(pos.turn(), Role::Pawn);
    let mut pairs: ArrayVec<(Square, Square), 64> = ArrayVec::new();
    for m in moves {
        if m.is_capture() && pawns.contains(m.from()) && !pairs.contains(&(m.from(), m.to())) {
            let _ = pairs.try_push((m.from(), m.to()));
        }
    }
    pairs.len() as u32
}

/// The announcement of `mv`, played in `before` to reach `after`.
pub fn announce(before: &Position, mv: Move, after: &Position) -> Announcement {
    let capture = if mv.kind() == MoveKind::EnPassant {
        Some(Capture {
            square: Square::from_coords(mv.to().file(), mv.from().rank()),
            pawn: true,
        })
    } else if mv.is_capture() {
        Some(Capture {
            square: mv.to(),
            pawn: before.board().role_at(mv.to()) == Some(Role::Pawn),
        })
    } else {
        None
    };
    announce_position(after, capture)
}

/// The announcement of a move that reached `after` and made `capture`:
/// the checks against the side to move, then the ending or its turn and
/// pawn tries.
pub fn announce_position(after: &Position, capture: Option<Capture>) -> Announcement {
    let moves = after.legal_moves();
    let next = match ending(after, &moves) {
        Some(e) => Next::Over(e),
        None => Next::Turn {
            side: after.turn(),
            pawn_tries: pawn_tries(after, &moves),
        },
    };
    Announcement {
        capture,
        checks: checks(after),
        next,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::Ruleset;

    fn attempt(text: &str) -> Attempt {
        text.parse().unwrap()
    }

    #[test]
    fn attempts_typed_in_every_spelling() {
        for (typed, read) in [
            ("e2e4", "e2e4"),
            ("e2-e4", "e2e4"),
            ("e7e8q", "e7e8q"),
            ("e7-e8q", "e7e8q"),
            ("e7e8=q", "e7e8q"),
            ("e7-e8=Q", "e7e8q"),
            ("e7e8N", "e7e8n"),
        ] {
            assert_eq!(
                Attempt::read_typed(typed).map(|a| a.to_string()).as_deref(),
                Some(read),
                "{typed}"
            );
        }
        for bad in [
            "e2e", "e2--e4", "e-2e4", "e7e8=", "e7e8=qq", "board", "E2E4", "e2e4x",
        ] {
            assert_eq!(Attempt::read_typed(bad), None, "{bad}");
        }
    }

    #[test]
    fn attempts_parse_exactly() {
        for good in ["e2e4", "e7e8q", "a1h8n", "h2h1b", "a1a1"] {
            assert_eq!(attempt(good).to_string(), good);
        }
        for bad in [
            "", "e2-e4", "E2E4", "e7e8k", "0000", "e2e4 ", "e2e4q1", "e9e4", "i2i4", "e7e8Q",
        ] {
            assert!(bad.parse::<Attempt>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn castling_is_the_kings_two_square_move_only() {
        let pos =
            Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Ruleset::CHESS).unwrap();
        assert_eq!(judge(&pos, attempt("e1h1")), Verdict::Illegal);
        assert_eq!(judge(&pos, attempt("e1a1")), Verdict::Illegal);
        assert!(
            matches!(judge(&pos, attempt("e1g1")), Verdict::Legal { mv, .. } if mv.kind() == MoveKind::Castle)
        );
    }

    #[test]
    fn a_letter_on_a_move_that_does_not_promote_is_illegal() {
        let pos = Position::new(Ruleset::CHESS);
        assert_eq!(judge(&pos, attempt("g1f3q")), Verdict::Illegal);
        assert_eq!(judge(&pos, attempt("e2e4q")), Verdict::Illegal);
    }
}
