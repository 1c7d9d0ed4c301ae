//! PGN export: standard algebraic notation and the tag pairs.

use std::fmt::Write;

use crate::rules::{Move, MoveKind, Position, Reason, Role, Status};

/// The SAN of a legal move in `pos` (`Nf3`, `exd5`, `e8=Q+`, `O-O`, `Qxf7#`).
///
/// ```
/// use antichess::rules::{Position, Ruleset, Square};
/// use antichess::arena::san;
/// let pos = Position::new(Ruleset::SPRING_2007);
/// let m = pos.find_move(Square::G1, Square::F3).unwrap();
/// assert_eq!(san(&pos, m), "Nf3");
/// ```
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

/// A PGN game: the tags in order, then the moves from the start position
/// (or from `[FEN]` when `start` is not the standard start), then the result.
pub fn pgn(tags: &[(&str, String)], start: &Position, moves: &[Move], result: &str) -> String {
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
        let _ = write!(text, "{} ", san(&pos, m));
        if pos.turn().is_black() {
            number += 1;
        }
        pos = pos.play(m);
        if pos.status() == Status::Pass {
            if pos.turn().is_black() {
                number += 1;
            }
            pos = pos.pass();
            let _ = write!(
                text,
                "{{{} passes}} ",
                if pos.turn().is_white() {
                    "Black"
                } else {
                    "White"
                }
            );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Ruleset, parse_move_text};

    fn moves_from(pos: &Position, line: &str) -> Vec<Move> {
        let mut p = *pos;
        let mut out = Vec::new();
        for t in line.split_whitespace() {
            let (f, to) = parse_move_text(t).unwrap();
            let m = p.find_move(f, to).unwrap();
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
        let text = pgn(&[("Result", "*".into())], &start, &moves, "*");
        assert_eq!(text, "[Result \"*\"]\n\n1. e3 b5 2. Bxb5 Ba6 *\n\n");
    }

    #[test]
    fn a_pass_is_a_comment_and_numbering_goes_on() {
        // Black is stalemated after White's move and passes; White moves again.
        let start =
            Position::from_fen("k7/p7/P7/8/8/8/8/2Q4K w - - 0 1", Ruleset::SPRING_2007).unwrap();
        let moves = moves_from(&start, "c1-c7 c7-a7");
        let text = pgn(&[], &start, &moves, "0-1");
        assert_eq!(text, "\n1. Qc7 {Black passes} 2. Qxa7+ 0-1\n\n");
    }
}
