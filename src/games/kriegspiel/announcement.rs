//! What the umpire says after a legal move: the capture, the checks, and
//! either the end of the game or whose move it is and the pawn tries.
//!
//! ```
//! use antichess::games::kriegspiel::Announcement;
//! let line = "Pawn at h5 captured, Short-diagonal check, Checkmate: White wins";
//! let a: Announcement = line.parse().unwrap();
//! assert_eq!(a.to_string(), line);
//! ```

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use crate::rules::chess::wording::side_name;
use crate::rules::chess::{Color, Outcome, Reason, Square};

/// The line from the checked king to a checking piece (spec §1.3.2), in
/// the fixed order a double check is announced in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CheckKind {
    /// The checker is on the king's rank.
    Rank,
    /// On the king's file.
    File,
    /// On the longer diagonal through the king's square.
    LongDiagonal,
    /// On the shorter diagonal through the king's square.
    ShortDiagonal,
    /// A knight's jump away.
    Knight,
}

impl CheckKind {
    /// Every kind, in announcement order.
    pub const ALL: [CheckKind; 5] = [
        CheckKind::Rank,
        CheckKind::File,
        CheckKind::LongDiagonal,
        CheckKind::ShortDiagonal,
        CheckKind::Knight,
    ];

    /// The announcement's words.
    pub fn text(self) -> &'static str {
        match self {
            CheckKind::Rank => "Rank check",
            CheckKind::File => "File check",
            CheckKind::LongDiagonal => "Long-diagonal check",
            CheckKind::ShortDiagonal => "Short-diagonal check",
            CheckKind::Knight => "Knight check",
        }
    }

    /// The kind of the line from a king on `king` to a piece on `other`, or
    /// `None` when they share no line and are no knight's jump apart. The
    /// diagonals are measured from the king's square: the a1-h8-wise one
    /// through file `f`, rank `r` has `8 - |f - r|` squares, the other
    /// `8 - |f + r - 7|`.
    ///
    /// ```
    /// use antichess::games::kriegspiel::CheckKind;
    /// use antichess::rules::chess::Square;
    /// // King e1: e1-h4 is the short diagonal, a5-e1 the long one.
    /// assert_eq!(CheckKind::between(Square::E1, Square::H4), Some(CheckKind::ShortDiagonal));
    /// assert_eq!(CheckKind::between(Square::E1, Square::B4), Some(CheckKind::LongDiagonal));
    /// assert_eq!(CheckKind::between(Square::E1, Square::F3), Some(CheckKind::Knight));
    /// assert_eq!(CheckKind::between(Square::E1, Square::F4), None);
    /// ```
    pub fn between(king: Square, other: Square) -> Option<CheckKind> {
        let (f, r) = (i32::from(king.file() as u8), i32::from(king.rank() as u8));
        let (f2, r2) = (i32::from(other.file() as u8), i32::from(other.rank() as u8));
        let (df, dr) = (f2 - f, r2 - r);
        if king == other {
            return None;
        }
        let rising_long = (f - r).abs() < (f + r - 7).abs();
        Some(if dr == 0 {
            CheckKind::Rank
        } else if df == 0 {
            CheckKind::File
        } else if df == dr {
            if rising_long {
                CheckKind::LongDiagonal
            } else {
                CheckKind::ShortDiagonal
            }
        } else if df == -dr {
            if rising_long {
                CheckKind::ShortDiagonal
            } else {
                CheckKind::LongDiagonal
            }
        } else if df.abs() * dr.abs() == 2 {
            CheckKind::Knight
        } else {
            return None;
        })
    }
}

/// A capture as announced: where the captured unit stood, and whether it
/// was a pawn (a promoted piece is a piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    /// The captured unit's square (for en passant, the passed pawn's).
    pub square: Square,
    /// A pawn, not a piece.
    pub pawn: bool,
}

/// How a move ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The side to move is mated; the winner is given.
    Checkmate(Color),
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever mate.
    InsufficientMaterial,
}

impl Ending {
    /// The announcement's words.
    pub fn text(self) -> &'static str {
        match self {
            Ending::Checkmate(Color::White) => "Checkmate: White wins",
            Ending::Checkmate(Color::Black) => "Checkmate: Black wins",
            Ending::Stalemate => "Stalemate: draw",
            Ending::InsufficientMaterial => "Insufficient material: draw",
        }
    }

    /// The same ending in the rules core's terms.
    pub fn outcome(self) -> Outcome {
        match self {
            Ending::Checkmate(c) => Outcome::win(c, Reason::Checkmate),
            Ending::Stalemate => Outcome::draw(Reason::Stalemate),
            Ending::InsufficientMaterial => Outcome::draw(Reason::InsufficientMaterial),
        }
    }

    /// The ending on the board that `outcome` is, if it is one.
    pub fn of(outcome: Outcome) -> Option<Ending> {
        match (outcome.reason, outcome.winner) {
            (Reason::Checkmate, Some(c)) => Some(Ending::Checkmate(c)),
            (Reason::Stalemate, None) => Some(Ending::Stalemate),
            (Reason::InsufficientMaterial, None) => Some(Ending::InsufficientMaterial),
            _ => None,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Ending::Checkmate(c) => Some(c),
            _ => None,
        }
    }
}

/// What follows the capture and checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Next {
    /// The move ended the game.
    Over(Ending),
    /// The game goes on: the side to move and its pawn-try count.
    Turn {
        /// Whose move it is.
        side: Color,
        /// Legal pawn captures of that side (distinct origin and
        /// destination pairs).
        pawn_tries: u32,
    },
}

/// The umpire's announcement of a legal move, heard by both players.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Announcement {
    /// The capture, if the move captured.
    pub capture: Option<Capture>,
    /// One kind per checking piece, in announcement order.
    pub checks: ArrayVec<CheckKind, 16>,
    /// The end of the game, or whose move it is.
    pub next: Next,
}

impl Announcement {
    /// The ending, if the move ended the game.
    pub fn ending(&self) -> Option<Ending> {
        match self.next {
            Next::Over(e) => Some(e),
            Next::Turn { .. } => None,
        }
    }

    /// The pawn tries of the side to move (0 when the game is over).
    pub fn pawn_tries(&self) -> u32 {
        match self.next {
            Next::Turn { pawn_tries, .. } => pawn_tries,
            Next::Over(_) => 0,
        }
    }
}

impl fmt::Display for Announcement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut items: Vec<String> = Vec::with_capacity(4);
        if let Some(c) = self.capture {
            let unit = if c.pawn { "Pawn" } else { "Piece" };
            items.push(format!("{unit} at {} captured", c.square));
        }
        items.extend(self.checks.iter().map(|k| k.text().to_string()));
        match self.next {
            Next::Over(e) => items.push(e.text().to_string()),
            Next::Turn { side, pawn_tries } => {
                items.push(format!("{}'s move", side_name(side)));
                match pawn_tries {
                    0 => {}
                    1 => items.push("1 pawn try".to_string()),
                    n => items.push(format!("{n} pawn tries")),
                }
            }
        }
        f.write_str(&items.join(", "))
    }
}

/// A line that is not an announcement.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an announcement: {0:?}")]
pub struct NotAnnouncement(pub String);

impl FromStr for Announcement {
    type Err = NotAnnouncement;

    /// Reads the line back (the player protocol's `umpire TEXT`); only the
    /// exact text [`Announcement`]'s `Display` writes is accepted.
    fn from_str(line: &str) -> Result<Announcement, NotAnnouncement> {
        let bad = || NotAnnouncement(line.to_string());
        let mut items = line.split(", ").peekable();
        let mut capture = None;
        if let Some(first) = items.peek() {
            let unit = first.strip_suffix(" captured").and_then(|rest| {
                rest.strip_prefix("Pawn at ")
                    .map(|sq| (sq, true))
                    .or_else(|| rest.strip_prefix("Piece at ").map(|sq| (sq, false)))
            });
            if let Some((sq, pawn)) = unit {
                let square = sq.parse::<Square>().map_err(|_| bad())?;
                capture = Some(Capture { square, pawn });
                items.next();
            }
        }
        let mut checks = ArrayVec::new();
        while let Some(kind) = items
            .peek()
            .and_then(|t| CheckKind::ALL.into_iter().find(|k| k.text() == *t))
        {
            checks.try_push(kind).map_err(|_| bad())?;
            items.next();
        }
        if checks.windows(2).any(|w| w[0] > w[1]) {
            return Err(bad());
        }
        let item = items.next().ok_or_else(bad)?;
        let next = if let Some(e) = [
            Ending::Checkmate(Color::White),
            Ending::Checkmate(Color::Black),
            Ending::Stalemate,
            Ending::InsufficientMaterial,
        ]
        .into_iter()
        .find(|e| e.text() == item)
        {
            Next::Over(e)
        } else {
            let side = match item {
                "White's move" => Color::White,
                "Black's move" => Color::Black,
                _ => return Err(bad()),
            };
            let pawn_tries = match items.next() {
                None => 0,
                Some("1 pawn try") => 1,
                Some(t) => {
                    let n = t.strip_suffix(" pawn tries").ok_or_else(bad)?;
                    if n.starts_with('0') || !n.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(bad());
                    }
                    n.parse::<u32>().ok().filter(|&n| n >= 2).ok_or_else(bad)?
                }
            };
            Next::Turn { side, pawn_tries }
        };
        if items.next().is_some() {
            return Err(bad());
        }
        Ok(Announcement {
            capture,
            checks,
            next,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The package's rule: for a king in the a1-d4 or e5-h8 quadrant the
    /// a8-h1-wise diagonal is the short one; in the a5-d8 or e1-h4 quadrant
    /// the a1-h8-wise one is.
    fn quadrant_short_is_falling(king: Square) -> bool {
        let (f, r) = (king.file() as u8, king.rank() as u8);
        (f < 4) == (r < 4)
    }

    #[test]
    fn long_and_short_diagonals_agree_with_the_quadrant_rule_on_all_64_squares() {
        let mut checked = 0;
        for king in Square::ALL {
            // A neighbour on the a1-h8-wise diagonal (a8 and h1 have none:
            // there the a8-h1-wise neighbour must be of the other kind).
            let (f, r) = (king.file() as i32, king.rank() as i32);
            let at = |f: i32, r: i32| Square::new((r * 8 + f) as u32);
            let (neighbour, rising) = if f < 7 && r < 7 {
                (at(f + 1, r + 1), true)
            } else if f > 0 && r > 0 {
                (at(f - 1, r - 1), true)
            } else if f < 7 {
                (at(f + 1, r - 1), false)
            } else {
                (at(f - 1, r + 1), false)
            };
            let kind = CheckKind::between(king, neighbour).unwrap();
            let rising_short = !quadrant_short_is_falling(king);
            let expected = if rising == rising_short {
                CheckKind::ShortDiagonal
            } else {
                CheckKind::LongDiagonal
            };
            assert_eq!(kind, expected, "king on {king}");
            // The formula: lengths 8 - |f - r| and 8 - |f + r - 7| differ.
            assert_ne!((f - r).abs(), (f + r - 7).abs(), "king on {king}");
            checked += 1;
        }
        assert_eq!(checked, 64);
    }

    #[test]
    fn every_line_is_classified_from_the_kings_square() {
        for king in Square::ALL {
            for other in Square::ALL {
                let kind = CheckKind::between(king, other);
                let (df, dr) = (
                    other.file() as i32 - king.file() as i32,
                    other.rank() as i32 - king.rank() as i32,
                );
                let on_line = (df == 0) != (dr == 0) || (df != 0 && df.abs() == dr.abs());
                let jump = df.abs() * dr.abs() == 2;
                assert_eq!(kind.is_some(), on_line || jump, "{king} {other}");
            }
        }
        assert_eq!(
            CheckKind::between(Square::H8, Square::A1),
            Some(CheckKind::LongDiagonal)
        );
        assert_eq!(
            CheckKind::between(Square::H8, Square::G7),
            Some(CheckKind::LongDiagonal)
        );
        assert_eq!(
            CheckKind::between(Square::D4, Square::A7),
            Some(CheckKind::ShortDiagonal)
        );
        assert_eq!(
            CheckKind::between(Square::D4, Square::H8),
            Some(CheckKind::LongDiagonal)
        );
    }

    #[test]
    fn lines_read_back_exactly() {
        for line in [
            "Black's move",
            "White's move, 1 pawn try",
            "Pawn at d5 captured, Black's move, 2 pawn tries",
            "File check, Knight check, Black's move",
            "Piece at b8 captured, Rank check, Black's move",
            "Pawn at b6 captured, Stalemate: draw",
            "Piece at d4 captured, Long-diagonal check, Insufficient material: draw",
            "File check, Knight check, Checkmate: White wins",
            "Black's move, 12 pawn tries",
        ] {
            let a: Announcement = line.parse().unwrap();
            assert_eq!(a.to_string(), line);
        }
        for bad in [
            "",
            "Illegal move",
            "Black's move, 0 pawn tries",
            "Black's move, 1 pawn tries",
            "Black's move, 02 pawn tries",
            "Knight check, File check, Black's move",
            "Pawn at z9 captured, Black's move",
            "Black's move, 1 pawn try, White's move",
            "black's move",
        ] {
            assert!(bad.parse::<Announcement>().is_err(), "{bad:?}");
        }
    }
}
