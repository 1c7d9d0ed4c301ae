//! Boards from the server's `<12>` lines, drawn with the board view the
//! terminal games use (`antichess::view::position_board`): what the
//! server let this player see (in Kriegspiel, its own pieces).

use crate::antichess::view::position_board;
use crate::game::view::{Style, clock_text};
use crate::rules::{Board, Color, Move, MoveKind, Piece, Square};

/// A `<12>` line read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board12 {
    /// The pieces shown.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The game's number.
    pub game: u32,
    /// White's and Black's names.
    pub names: (String, String),
    /// White's and Black's clocks, in milliseconds.
    pub clocks: (i64, i64),
    /// The last move's squares, when shown.
    pub last: Option<(Square, Square)>,
    /// The last move as players write it (`none` when not shown).
    pub pretty: String,
    /// Black at the bottom.
    pub flipped: bool,
    /// 1: the viewer plays and is to move, -1: plays, 0: watches.
    pub relation: i32,
}

/// Reads a `<12>` line; `None` when it is not one.
pub fn read(line: &str) -> Option<Board12> {
    let f: Vec<&str> = line.strip_prefix("<12> ")?.split(' ').collect();
    if f.len() < 30 {
        return None;
    }
    let mut board = Board::default();
    for (row, rank) in f[..8].iter().enumerate() {
        for (file, c) in rank.chars().enumerate().take(8) {
            if let Some(piece) = Piece::from_char(c) {
                let sq = Square::new(((7 - row) * 8 + file) as u32);
                board.set(sq, piece.color, piece.role);
            }
        }
    }
    // In milliseconds when the elapsed time has them (`iset ms 1`).
    let scale = if f[27].contains('.') { 1 } else { 1000 };
    let clock = |s: &str| s.parse::<i64>().unwrap_or(0) * scale;
    let last = f[26].split_once('/').and_then(|(_, squares)| {
        let from = squares.get(0..2)?.parse().ok()?;
        let to = squares.get(3..5)?.parse().ok()?;
        Some((from, to))
    });
    Some(Board12 {
        board,
        turn: if f[8] == "B" {
            Color::Black
        } else {
            Color::White
        },
        game: f[15].parse().ok()?,
        names: (f[16].to_string(), f[17].to_string()),
        clocks: (clock(f[23]), clock(f[24])),
        last,
        pretty: f[28].to_string(),
        flipped: f.get(29) == Some(&"1"),
        relation: f[18].parse().unwrap_or(0),
    })
}

impl Board12 {
    /// The board drawn, with the game, the clocks, whose turn and the last
    /// move.
    pub fn draw(&self, fancy: bool) -> String {
        let style = Style {
            fancy,
            flipped: self.flipped,
        };
        let last = self
            .last
            .map(|(from, to)| Move::new(from, to, MoveKind::Quiet));
        let mut out = position_board(&self.board, last, style);
        let to_move = match self.turn {
            Color::White => &self.names.0,
            Color::Black => &self.names.1,
        };
        let yours = match self.relation {
            1 => " (your move)",
            _ => "",
        };
        out.push_str(&format!(
            "Game {}: {} (White) {}, {} (Black) {}. {to_move} to move{yours}.\n",
            self.game,
            self.names.0,
            clock_text(Some(self.clocks.0)),
            self.names.1,
            clock_text(Some(self.clocks.1)),
        ));
        if self.pretty != "none" {
            out.push_str(&format!("Last move: {}\n", self.pretty));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_line_is_read_and_drawn() {
        let line = "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Alice Bob -1 3 0 39 39 179 180 1 P/e2-e4 (0:01) e4 0 1 0";
        let b = read(line).unwrap();
        assert_eq!(b.game, 7);
        assert_eq!(b.turn, Color::Black);
        assert_eq!(b.clocks, (179_000, 180_000));
        assert_eq!(b.last, Some((Square::E2, Square::E4)));
        let text = b.draw(false);
        assert!(text.contains(" 4 . . . . P . . . 4"), "{text}");
        assert!(text.contains(" 2 P P P P * P P P 2"), "{text}");
        assert!(
            text.contains("Game 7: Alice (White) 2:59, Bob (Black) 3:00. Bob to move."),
            "{text}"
        );
        assert!(text.contains("Last move: e4"), "{text}");
        assert_eq!(read("<12> too short"), None);
        assert_eq!(read("Game 1: White's move"), None);
    }
}
