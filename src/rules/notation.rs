//! Move text: every form the program reads or writes, in one place.
//!
//! | form | example | read by | written by |
//! |---|---|---|---|
//! | protocol | `e2-e4` | TextUI, game file, referee | TextUI, game file ([`Move`]'s `Display`) |
//! | coordinates | `e2-e4` or `e2e4` | `play` | |
//! | UCI | `e2e4`, `e7e8q` | `uci`, the `--uci-engine` adapter | `uci` ([`uci`]) |
//! | SAN | `Nf3`, `exd5`, `e8=Q+`, `O-O` | | PGN ([`san`]) |
//!
//! Castling is always the king's two-square move; a promotion is always to
//! a queen (the 6.170 rules), so its protocol text names no piece.
//!
//! ```
//! use antichess::rules::{notation, Position, Ruleset, Square};
//! let pos = Position::new(Ruleset::SPRING_2007);
//! let m = notation::find_protocol(&pos, "g1-f3").unwrap();
//! assert_eq!(m.to_string(), "g1-f3");
//! assert_eq!(notation::uci(m), "g1f3");
//! assert_eq!(notation::san(&pos, m), "Nf3");
//! assert_eq!(notation::find_uci(&pos, "g1f3"), Some(m));
//! assert_eq!(notation::find_coordinates(&pos, "g1f3"), Some(m));
//! ```

use std::fmt::Write;

use shakmaty::uci::UciMove;
use shakmaty::{Role, Square};

use super::{Move, MoveKind, Position, Reason, Status};

/// Parses the protocol form `[a-h][1-8]-[a-h][1-8]` into its squares.
///
/// ```
/// use antichess::rules::notation::parse_protocol;
/// use shakmaty::Square;
/// assert_eq!(parse_protocol("e2-e4"), Some((Square::E2, Square::E4)));
/// assert_eq!(parse_protocol("E2-e4"), None);
/// assert_eq!(parse_protocol("e2e4"), None);
/// ```
pub fn parse_protocol(text: &str) -> Option<(Square, Square)> {
    match text.as_bytes() {
        [f1, r1, b'-', f2, r2] => Some((parse_square(*f1, *r1)?, parse_square(*f2, *r2)?)),
        _ => None,
    }
}

/// Parses a move as a person types it: `e2-e4` or `e2e4`.
///
/// ```
/// use antichess::rules::notation::parse_coordinates;
/// use shakmaty::Square;
/// assert_eq!(parse_coordinates("e2e4"), Some((Square::E2, Square::E4)));
/// assert_eq!(parse_coordinates("e2-e4"), Some((Square::E2, Square::E4)));
/// assert_eq!(parse_coordinates("e2 e4"), None);
/// ```
pub fn parse_coordinates(text: &str) -> Option<(Square, Square)> {
    match text.as_bytes() {
        [f1, r1, b'-', f2, r2] | [f1, r1, f2, r2] => {
            Some((parse_square(*f1, *r1)?, parse_square(*f2, *r2)?))
        }
        _ => None,
    }
}

/// Parses a square from its file and rank characters (`a`-`h`, `1`-`8`,
/// lower case only).
pub fn parse_square(file: u8, rank: u8) -> Option<Square> {
    if file.is_ascii_lowercase() {
        Square::from_ascii(&[file, rank]).ok()
    } else {
        None
    }
}

/// The legal move written in the protocol form (`e2-e4`).
pub fn find_protocol(pos: &Position, text: &str) -> Option<Move> {
    let (from, to) = parse_protocol(text)?;
    pos.find_move(from, to)
}

/// The legal move written `e2-e4` or `e2e4`.
pub fn find_coordinates(pos: &Position, text: &str) -> Option<Move> {
    let (from, to) = parse_coordinates(text)?;
    pos.find_move(from, to)
}

/// The UCI text of a move (`e2e4`, `e7e8q`).
pub fn uci(m: Move) -> String {
    let mut s = format!("{}{}", m.from(), m.to());
    if m.is_promotion() {
        s.push('q');
    }
    s
}

/// The legal move written in UCI form. A promotion may omit its `q` (some
/// engines do, since the queen is the only choice); a move that does not
/// promote may not carry one, and no other piece letter is accepted.
///
/// ```
/// use antichess::rules::{notation::find_uci, Position, Ruleset};
/// let pos = Position::from_fen("8/4P3/8/8/8/8/8/k6K w - - 0 1", Ruleset::SPRING_2007).unwrap();
/// assert!(find_uci(&pos, "e7e8q").is_some());
/// assert!(find_uci(&pos, "e7e8").is_some());
/// assert!(find_uci(&pos, "e7e8n").is_none());
/// assert!(find_uci(&pos, "h1g1q").is_none());
/// ```
pub fn find_uci(pos: &Position, text: &str) -> Option<Move> {
    let UciMove::Normal {
        from,
        to,
        promotion,
    } = UciMove::from_ascii(text.as_bytes()).ok()?
    else {
        return None;
    };
    if text.bytes().any(|b| b.is_ascii_uppercase()) {
        return None;
    }
    let m = pos.find_move(from, to)?;
    match promotion {
        None => Some(m),
        Some(Role::Queen) if m.is_promotion() => Some(m),
        Some(_) => None,
    }
}

/// The SAN of a legal move in `pos` (`Nf3`, `exd5`, `e8=Q+`, `O-O`,
/// `Qxf7#`).
pub fn san(pos: &Position, m: Move) -> String {
    let board = pos.board();
    let role = board.role_at(m.from()).unwrap_or(Role::Pawn);
    let mut s = String::new();
    if m.kind() == MoveKind::Castle {
        s.push_str(if m.to().file() > m.from().file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else if role == Role::Pawn {
        if m.is_capture() {
            s.push(m.from().file().char());
            s.push('x');
        }
        let _ = write!(s, "{}", m.to());
        if m.is_promotion() {
            s.push_str("=Q");
        }
    } else {
        s.push(role.upper_char());
        let rivals: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|o| {
                o.to() == m.to() && o.from() != m.from() && board.role_at(o.from()) == Some(role)
            })
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|o| o.from().file() == m.from().file());
            let same_rank = rivals.iter().any(|o| o.from().rank() == m.from().rank());
            if !same_file {
                s.push(m.from().file().char());
            } else if !same_rank {
                s.push(m.from().rank().char());
            } else {
                let _ = write!(s, "{}", m.from());
            }
        }
        if m.is_capture() {
            s.push('x');
        }
        let _ = write!(s, "{}", m.to());
    }
    let after = pos.play(m);
    if after.is_check() {
        let mated = matches!(after.status(), Status::Over(o) if o.reason == Reason::Checkmate);
        s.push(if mated { '#' } else { '+' });
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    #[test]
    fn squares_are_lower_case_only() {
        assert_eq!(parse_square(b'a', b'1'), Some(Square::A1));
        assert_eq!(parse_square(b'h', b'8'), Some(Square::H8));
        assert_eq!(parse_square(b'A', b'1'), None);
        assert_eq!(parse_square(b'i', b'1'), None);
        assert_eq!(parse_square(b'a', b'9'), None);
        assert_eq!(parse_square(b'a', b'0'), None);
    }

    #[test]
    fn uci_text_is_strict() {
        let pos = Position::new(Ruleset::SPRING_2007);
        assert!(find_uci(&pos, "e2e4").is_some());
        for bad in [
            "E2e4", "e2e4q", "e2-e4", "e2e5", "0000", "P@e4", "e2e4 ", "",
        ] {
            assert_eq!(find_uci(&pos, bad), None, "{bad:?}");
        }
    }

    #[test]
    fn san_disambiguates_and_marks_mate() {
        let pos =
            Position::from_fen("k7/8/8/8/8/8/4K3/R6R w - - 0 1", Ruleset::SPRING_2007).unwrap();
        let m = pos.find_move(Square::A1, Square::D1).unwrap();
        assert_eq!(san(&pos, m), "Rad1");
        let m = pos.find_move(Square::H1, Square::H8).unwrap();
        assert_eq!(san(&pos, m), "Rh8+");
        let pos =
            Position::from_fen("k7/8/1K6/8/8/8/8/7R w - - 0 1", Ruleset::SPRING_2007).unwrap();
        let m = pos.find_move(Square::H1, Square::H8).unwrap();
        assert_eq!(san(&pos, m), "Rh8#");
    }
}
