//! Move text: every form the program reads or writes, in one place.
//!
//! | form | example | read by | written by |
//! |---|---|---|---|
//! | protocol | `e2-e4`, chess `e7-e8=N` | TextUI, game file, referee | TextUI, game file ([`protocol`]) |
//! | coordinates | `e2-e4` or `e2e4` | `play` | |
//! | UCI | `e2e4`, `e7e8q` | `uci`, the `--uci-engine` adapter | `uci` ([`uci`]) |
//! | SAN | `Nf3`, `exd5`, `e8=Q+`, `O-O` | | PGN ([`san`]) |
//!
//! Castling is always the king's two-square move. Under the antichess
//! rulesets a promotion is always to a queen, so its protocol text names no
//! piece; under chess it always does (`e7-e8=Q`), and UCI's piece letter is
//! required.
//!
//! ```
//! use antichess::rules::chess::{notation, Position, Ruleset, Square};
//! let pos = Position::new(Ruleset::SPRING_2007);
//! let m = notation::find_protocol(&pos, "g1-f3").unwrap();
//! assert_eq!(m.to_string(), "g1-f3");
//! assert_eq!(notation::uci(m), "g1f3");
//! assert_eq!(notation::san(&pos, m), "Nf3");
//! assert_eq!(notation::find_uci(&pos, "g1f3"), Some(m));
//! assert_eq!(notation::find_coordinates(&pos, "g1f3"), Some(m));
//! ```

use std::fmt::Write;

use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Role, Square};

use super::{Move, MoveKind, Position, PromotionRule, Reason, Ruleset, Status};

/// Parses the protocol form `[a-h][1-8]-[a-h][1-8]` into its squares.
///
/// ```
/// use antichess::rules::chess::notation::parse_protocol;
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

/// Parses the chess protocol form: `e2-e4`, or a promotion `e7-e8=N`
/// (`Q`, `R`, `B` or `N`, upper case).
///
/// ```
/// use antichess::rules::chess::notation::parse_protocol_promotion;
/// use shakmaty::{Role, Square};
/// assert_eq!(parse_protocol_promotion("b7-a8=N"), Some((Square::B7, Square::A8, Some(Role::Knight))));
/// assert_eq!(parse_protocol_promotion("e2-e4"), Some((Square::E2, Square::E4, None)));
/// assert_eq!(parse_protocol_promotion("b7-a8=n"), None);
/// assert_eq!(parse_protocol_promotion("b7-a8=K"), None);
/// ```
pub fn parse_protocol_promotion(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let (squares, promotion) = match text.split_once('=') {
        None => (text, None),
        Some((squares, piece)) => {
            let role = match piece {
                "Q" => Role::Queen,
                "R" => Role::Rook,
                "B" => Role::Bishop,
                "N" => Role::Knight,
                _ => return None,
            };
            (squares, Some(role))
        }
    };
    let (from, to) = parse_protocol(squares)?;
    Some((from, to, promotion))
}

/// The protocol text of a move under `ruleset`: its squares, and under
/// chess a promotion's piece (`e7-e8=Q`).
pub fn protocol(m: Move, ruleset: Ruleset) -> String {
    match m.promotion() {
        Some(role) if ruleset.promotion == PromotionRule::AnyPiece => {
            format!("{m}={}", role.upper_char())
        }
        _ => m.to_string(),
    }
}

/// The legal move in the protocol form of the position's ruleset:
/// `Err(())` for text that is not that form at all (an antichess move with
/// a `=` suffix, a malformed suffix), `Ok(None)` for a well-formed move that
/// is not legal (under chess, a promotion without its piece).
#[allow(clippy::result_unit_err)]
pub fn read_protocol(pos: &Position, text: &str) -> Result<Option<Move>, ()> {
    if pos.ruleset().promotion == PromotionRule::QueenOnly {
        let (from, to) = parse_protocol(text).ok_or(())?;
        return Ok(pos.find_move(from, to));
    }
    let (from, to, promotion) = parse_protocol_promotion(text).ok_or(())?;
    Ok(pos.find_exact_move(from, to, promotion))
}

/// Parses a move as a person types it: `e2-e4` or `e2e4`.
///
/// ```
/// use antichess::rules::chess::notation::parse_coordinates;
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

/// The legal move written in the protocol form (`e2-e4`; under chess
/// `e7-e8=Q` for a promotion).
pub fn find_protocol(pos: &Position, text: &str) -> Option<Move> {
    read_protocol(pos, text).ok().flatten()
}

/// The legal move written `e2-e4` or `e2e4`.
pub fn find_coordinates(pos: &Position, text: &str) -> Option<Move> {
    let (from, to) = parse_coordinates(text)?;
    pos.find_move(from, to)
}

/// The UCI text of a move (`e2e4`, `e7e8q`, `e7e8n`).
pub fn uci(m: Move) -> String {
    let mut s = format!("{}{}", m.from(), m.to());
    if let Some(role) = m.promotion() {
        s.push(role.char());
    }
    s
}

/// The legal move written in UCI form. Under the antichess rulesets a
/// promotion may omit its `q` (some engines do, since the queen is the only
/// choice) and no other piece letter is accepted; under chess the letter is
/// required. A move that does not promote may not carry one.
///
/// ```
/// use antichess::rules::chess::{notation::find_uci, Position, Ruleset};
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
    if pos.ruleset().promotion == PromotionRule::AnyPiece {
        return pos.find_exact_move(from, to, promotion);
    }
    let m = pos.find_move(from, to)?;
    match promotion {
        None => Some(m),
        Some(Role::Queen) if m.is_promotion() => Some(m),
        Some(_) => None,
    }
}

/// Castling as the chess servers and their clients also spell it
/// (`o-o`, `0-0`, `o-o-o`, `0-0-0`, with a check mark or not), as SAN
/// writes it (`O-O`, `O-O-O`).
///
/// ```
/// use antichess::rules::chess::notation::castling_spelling;
/// assert_eq!(castling_spelling("o-o"), Some("O-O"));
/// assert_eq!(castling_spelling("0-0-0+"), Some("O-O-O"));
/// assert_eq!(castling_spelling("O-o"), Some("O-O"));
/// assert_eq!(castling_spelling("e4"), None);
/// ```
pub fn castling_spelling(text: &str) -> Option<&'static str> {
    let bare = text.trim_end_matches(['+', '#']);
    let castle = |n: usize| {
        let parts: Vec<&str> = bare.split('-').collect();
        parts.len() == n && parts.iter().all(|p| matches!(*p, "O" | "o" | "0"))
    };
    if castle(2) {
        Some("O-O")
    } else if castle(3) {
        Some("O-O-O")
    } else {
        None
    }
}

/// The legal moves a SAN text may mean (shakmaty reads the text; the
/// moves are matched against this program's own legal moves): one move, or
/// several when the text is ambiguous, or none. A capture mark is not
/// required (`Nd4` for `Nxd4` is read as the capture), castling may be
/// spelled as the chess servers take it ([`castling_spelling`]), and a
/// pawn promotion without its piece is a queen's under the antichess
/// rulesets only.
///
/// ```
/// use antichess::rules::chess::{notation::{read_san, san}, Position, Ruleset};
/// let pos = Position::new(Ruleset::CHESS);
/// let m = read_san(&pos, "Nf3");
/// assert_eq!(m.len(), 1);
/// assert_eq!(san(&pos, m[0]), "Nf3");
/// assert!(read_san(&pos, "Nf4").is_empty());
/// assert_eq!(read_san(&pos, "O-O").len(), 0);
/// ```
pub fn read_san(pos: &Position, text: &str) -> Vec<Move> {
    let text = castling_spelling(text).unwrap_or(text);
    let Ok(parsed) = San::from_ascii(text.as_bytes()) else {
        return Vec::new();
    };
    let board = pos.board();
    let moves = pos.legal_moves();
    let matches = |m: &Move| match parsed {
        San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } => {
            let promotion_matches = match (promotion, m.promotion()) {
                (None, None) => true,
                (None, Some(_)) => pos.ruleset().promotion == PromotionRule::QueenOnly,
                (Some(wanted), Some(made)) => wanted == made,
                (Some(_), None) => false,
            };
            m.kind() != MoveKind::Castle
                && board.role_at(m.from()) == Some(role)
                && m.to() == to
                && file.is_none_or(|f| m.from().file() == f)
                && rank.is_none_or(|r| m.from().rank() == r)
                && promotion_matches
        }
        San::Castle(side) => {
            m.kind() == MoveKind::Castle
                && (m.to().file() > m.from().file()) == (side == CastlingSide::KingSide)
        }
        San::Put { .. } | San::Null => false,
    };
    moves.into_iter().filter(matches).collect()
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
        if let Some(role) = m.promotion() {
            s.push('=');
            s.push(role.upper_char());
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
    use crate::rules::chess::Ruleset;

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
