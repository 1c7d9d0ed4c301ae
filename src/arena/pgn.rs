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
    for (i, &m) in moves.iter().enumerate() {
        if pos.turn().is_white() || i == 0 {
            let number = i / 2 + 1;
            if pos.turn().is_white() {
                let _ = write!(text, "{number}. ");
            } else {
                let _ = write!(text, "{number}... ");
            }
        }
        let _ = write!(text, "{} ", san(&pos, m));
        pos = pos.play(m);
        if pos.status() == Status::Pass {
            pos = pos.pass();
            let _ = write!(text, "{{pass}} ");
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
