//! Drawing the board for a person: Unicode pieces on ANSI-coloured squares
//! when the terminal supports colour, plain letters and no escape codes
//! otherwise (`NO_COLOR` set, `TERM=dumb`, or output not a terminal).

use std::fmt::Write;

use shakmaty::ByColor;

use crate::game::Game;
use crate::game::view::{Style, status_lines};
use crate::rules::chess::wording::side_name;
use crate::rules::chess::{Board, Color, Move, Piece, Position, Role, Square, notation};

fn glyph(piece: Piece, fancy: bool) -> char {
    if fancy {
        match piece.role {
            Role::King => '♚',
            Role::Queen => '♛',
            Role::Rook => '♜',
            Role::Bishop => '♝',
            Role::Knight => '♞',
            Role::Pawn => '♟',
        }
    } else {
        piece.char()
    }
}

/// The board with coordinates on every edge, then whose turn it is, the
/// clocks, the last move, captured pieces and a check marker.
///
/// ```
/// use antichess::game::Game;
/// use antichess::games::chess::view::render;
/// use antichess::game::view::Style;
/// let game = Game::new("6170-spring-2007", 0, 0);
/// let players = shakmaty::ByColor { white: "you", black: "computer" };
/// let text = render(&game, players, Style { fancy: false, flipped: false });
/// assert!(text.contains(" 8 r n b q k b n r 8"));
/// assert!(!text.contains('\u{1b}'));
/// ```
pub fn render(game: &Game<Position>, players: ByColor<&str>, style: Style) -> String {
    let mut out = board_text(game, style);
    out.push_str(&render_status(game, players, style));
    out
}

/// The board alone, the last move highlighted (for `pgn replay`).
pub fn board_text(game: &Game<Position>, style: Style) -> String {
    position_board(game.position().board(), game.last_move(), style)
}

/// A board of pieces with a move's squares highlighted (an empty one
/// marked `*` in plain mode).
pub fn position_board(board: &Board, last: Option<Move>, style: Style) -> String {
    grid(style, |sq| {
        let highlight = last.is_some_and(|m| m.from() == sq || m.to() == sq);
        match board.piece_at(sq) {
            Some(p) => Cell::piece(p, highlight),
            None if highlight => Cell::mark('*', ' ', 16, true),
            None => Cell::mark('.', ' ', 16, false),
        }
    })
}

/// How one square is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The character in plain mode.
    pub plain: char,
    /// The character in fancy mode.
    pub fancy: char,
    /// Its 256-colour foreground in fancy mode.
    pub fg: u8,
    /// A highlighted square (the last move).
    pub highlight: bool,
    /// A square drawn on red in fancy mode (unguarded).
    pub alert: bool,
}

impl Cell {
    /// A piece.
    pub fn piece(p: Piece, highlight: bool) -> Cell {
        Cell {
            plain: glyph(p, false),
            fancy: glyph(p, true),
            fg: if p.color == Color::White { 231 } else { 16 },
            highlight,
            alert: false,
        }
    }

    /// Any other mark.
    pub fn mark(plain: char, fancy: char, fg: u8, highlight: bool) -> Cell {
        Cell {
            plain,
            fancy,
            fg,
            highlight,
            alert: false,
        }
    }
}

/// A board of cells with coordinates on every edge, from White's side (or
/// Black's when `style.flipped`).
pub fn grid(style: Style, cell: impl Fn(Square) -> Cell) -> String {
    let mut ranks: Vec<u32> = (0..8).rev().collect();
    let mut files: Vec<u32> = (0..8).collect();
    if style.flipped {
        ranks.reverse();
        files.reverse();
    }
    let mut out = String::new();
    let file_line = |out: &mut String| {
        out.push_str("   ");
        for &f in &files {
            let c = (b'a' + f as u8) as char;
            if style.fancy {
                let _ = write!(out, " {c} ");
            } else {
                let _ = write!(out, "{c} ");
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    };
    file_line(&mut out);
    for &r in &ranks {
        let _ = write!(out, " {} ", r + 1);
        for &f in &files {
            let c = cell(Square::new(r * 8 + f));
            if style.fancy {
                let light = (r + f) % 2 == 1;
                let bg = match (c.alert, c.highlight, light) {
                    (true, _, true) => 174,
                    (true, _, false) => 131,
                    (false, true, true) => 186,
                    (false, true, false) => 143,
                    (false, false, true) => 180,
                    (false, false, false) => 137,
                };
                let _ = write!(
                    out,
                    "\x1b[48;5;{bg}m\x1b[38;5;{}m {} \x1b[0m",
                    c.fg, c.fancy
                );
            } else {
                let _ = write!(out, "{} ", c.plain);
            }
        }
        if !style.fancy {
            out.pop();
        }
        let _ = writeln!(out, " {}", r + 1);
    }
    file_line(&mut out);
    out
}

/// The last move as players write it: SAN in chess, when the position
/// before it is known (the history replays), else the protocol's form.
fn last_move_text(game: &Game<Position>, m: Move) -> String {
    let history = game.history();
    if game.is_chess() && game.history_replays() && !history.is_empty() {
        let mut before = *game.first_position();
        for p in &history[..history.len() - 1] {
            before = before.play(p.mv);
        }
        if before.legal_moves().contains(&m) {
            return notation::san(&before, m);
        }
    }
    notation::protocol(m, game.ruleset())
}

/// Whose turn, the clocks, the last move, the captured pieces and a check.
fn render_status(game: &Game<Position>, players: ByColor<&str>, style: Style) -> String {
    let mut out = String::new();
    let last = game.last_move();
    let turn = game.turn();
    out.push_str(&status_lines(
        game,
        players,
        last.map(|m| last_move_text(game, m)),
    ));
    for color in [Color::White, Color::Black] {
        let lost: String = game
            .captured()
            .filter(|p| p.color == color)
            .map(|p| glyph(p, style.fancy))
            .collect();
        if !lost.is_empty() {
            let _ = writeln!(out, "{} has lost: {lost}", side_name(color));
        }
    }
    // (Chess says `Check.` after the move instead, with its other notes.)
    if game.outcome().is_none() && game.position().is_check() && !game.is_chess() {
        let _ = writeln!(out, "{} is in check!", side_name(turn));
    }
    out
}
