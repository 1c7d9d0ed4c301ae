//! PGN export: the tag pairs and the movetext in standard algebraic
//! notation ([`notation::san`]), for every ruleset.

use std::fmt::Write;

use crate::rules::wording::side_name;
use crate::rules::{Move, Position, Status, notation};

/// A PGN game: the tags in order, then the moves from `start`, then the
/// result. The caller gives the `[SetUp]` and `[FEN]` tags when `start` is
/// not the standard start position; a stalemate pass is written as a
/// comment (`{Black passes}`).
///
/// ```
/// use antichess::rules::{notation, Position, Ruleset};
/// let start = Position::new(Ruleset::SPRING_2007);
/// let e3 = notation::find_protocol(&start, "e2-e3").unwrap();
/// let text = antichess::pgn::write(&[("Result", "*".into())], &start, &[e3], "*");
/// assert_eq!(text, "[Result \"*\"]\n\n1. e3 *\n\n");
/// ```
pub fn write(tags: &[(&str, String)], start: &Position, moves: &[Move], result: &str) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{value}\"]");
    }
    out.push('\n');
    let mut pos = *start;
    let mut text = String::new();
    let mut number = 1;
    // Whether the next Black move needs its own "N..." (at the start and
    // after a pass).
    let mut black_needs_number = true;
    for &m in moves {
        if pos.turn().is_white() {
            let _ = write!(text, "{number}. ");
            black_needs_number = false;
        } else if black_needs_number {
            let _ = write!(text, "{number}... ");
        }
        let _ = write!(text, "{} ", notation::san(&pos, m));
        if pos.turn().is_black() {
            number += 1;
        }
        pos = pos.play(m);
        if pos.status() == Status::Pass {
            if pos.turn().is_black() {
                number += 1;
            }
            pos = pos.pass();
            let _ = write!(text, "{{{} passes}} ", side_name(pos.turn().other()));
            black_needs_number = true;
        }
    }
    text.push_str(result);
    // Wrap at 80 columns.
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    date(secs / 86_400)
}

/// The PGN date of a day counted from 1970-01-01 (Howard Hinnant's
/// days-to-civil algorithm).
fn date(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    fn moves_from(pos: &Position, line: &str) -> Vec<Move> {
        let mut p = *pos;
        let mut out = Vec::new();
        for t in line.split_whitespace() {
            let m = notation::find_protocol(&p, t).unwrap();
            out.push(m);
            p = p.play(m);
            if p.status() == Status::Pass {
                p = p.pass();
            }
        }
        out
    }

    #[test]
    fn san_and_numbering() {
        let start = Position::new(Ruleset::SPRING_2007);
        let moves = moves_from(&start, "e2-e3 b7-b5 f1-b5 c8-a6");
        let text = write(&[("Result", "*".into())], &start, &moves, "*");
        assert_eq!(text, "[Result \"*\"]\n\n1. e3 b5 2. Bxb5 Ba6 *\n\n");
    }

    #[test]
    fn a_pass_is_a_comment_and_numbering_goes_on() {
        // Black is stalemated after White's move and passes; White moves again.
        let start =
            Position::from_fen("k7/p7/P7/8/8/8/8/2Q4K w - - 0 1", Ruleset::SPRING_2007).unwrap();
        let moves = moves_from(&start, "c1-c7 c7-a7");
        let text = write(&[], &start, &moves, "0-1");
        assert_eq!(text, "\n1. Qc7 {Black passes} 2. Qxa7+ 0-1\n\n");
    }

    #[test]
    fn dates() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(11_016), "2000.02.29");
        assert_eq!(date(20_779), "2026.11.22");
    }
}
