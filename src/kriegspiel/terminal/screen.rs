//! What the terminal draws of a Kriegspiel game: a player's view (own
//! pieces, guess tokens, the zone of control, the clocks, the
//! announcements), and the umpire's board at the end.

use std::fmt::Write as _;
use std::time::Instant;

use super::{HotSeat, say};
use crate::antichess::view::{Cell, grid, position_board};
use crate::game::elapsed_ms;
use crate::game::view::{Style, clock_text};
use crate::kriegspiel::tokens::TokenKind;
use crate::kriegspiel::umpire::Attempt;
use crate::rules::wording::side_name;
use crate::rules::{Color, Square};

/// The fancy glyph and colour of a token.
fn token_cell(kind: TokenKind, strength: u8, opponent: Color) -> Cell {
    let plain = match kind {
        TokenKind::King => '#',
        TokenKind::Check => '+',
        TokenKind::Piece => 'o',
    };
    let fancy = match kind {
        TokenKind::King => '♚',
        TokenKind::Check => '⊕',
        TokenKind::Piece => '○',
    };
    // Grey levels 232 (dark) to 255 (bright): strong tokens stand out.
    let level = (u32::from(strength) * 23 / 100) as u8;
    let fg = if opponent.is_white() {
        232 + level
    } else {
        255 - level
    };
    Cell::mark(plain, fancy, fg, false)
}

impl HotSeat {
    /// A side's view (§5.3 of the specification): its own pieces, tokens,
    /// the origin of its last move, the zone when shown, then the status
    /// lines.
    pub(super) fn view_text(&self, color: Color, turn_started: Instant) -> String {
        let seat = self.seats.get(color);
        let view = &seat.view;
        let style = Style {
            fancy: self.fancy,
            flipped: color.is_black() != seat.flipped,
        };
        let guarded = view.guarded();
        let last_origin = view.last_own_move().map(|(from, _)| from);
        let mut out = grid(style, |sq| {
            let unguarded = seat.zone && !guarded.contains(sq);
            let mut cell = if let Some(p) = view.own().piece_at(sq) {
                Cell::piece(p, false)
            } else if let Some(t) = seat.tokens.at(sq) {
                token_cell(t.kind, t.strength, color.other())
            } else if last_origin == Some(sq) {
                Cell::mark('*', ' ', 16, true)
            } else if unguarded {
                Cell::mark(':', ' ', 16, false)
            } else {
                Cell::mark('.', ' ', 16, false)
            };
            cell.alert = unguarded;
            cell
        });
        if self.game.finish().is_some() {
            out.push_str("Game over.\n");
        } else {
            let turn = self.game.turn();
            let who = if self.seats.get(turn).human {
                "you"
            } else {
                "computer"
            };
            let shown = |c: Color| {
                let clock = self.clocks.get(c);
                let running = if c == turn {
                    elapsed_ms(turn_started)
                } else {
                    0
                };
                clock_text(clock.remaining().map(|r| r.saturating_sub(running)))
            };
            let _ = writeln!(
                out,
                "{} ({who}) to move.  Clocks: White {}, Black {}.",
                side_name(turn),
                shown(Color::White),
                shown(Color::Black)
            );
        }
        if let Some(a) = view.last_announcement() {
            let _ = writeln!(out, "Umpire: {a}");
        }
        let (taken_pawns, taken_pieces) = view.taken();
        let (lost_pawns, lost_pieces) = view.lost();
        let _ = writeln!(
            out,
            "Taken: pawns {taken_pawns}, pieces {taken_pieces}.  Lost: pawns {lost_pawns}, pieces {lost_pieces}."
        );
        if seat.zone {
            let unguarded: Vec<String> = Square::ALL
                .into_iter()
                .filter(|&sq| view.own().color_at(sq) == Some(color) && !guarded.contains(sq))
                .filter_map(|sq| {
                    view.own()
                        .role_at(sq)
                        .map(|r| format!("{}{sq}", r.upper_char()))
                })
                .collect();
            let list = if unguarded.is_empty() {
                "none".to_string()
            } else {
                unguarded.join(", ")
            };
            let _ = writeln!(out, "Unguarded pieces: {list}");
        }
        out
    }

    /// The attempts `color` might try (not impossible on its own board), as
    /// text.
    pub(super) fn attempt_texts(&self, color: Color) -> Vec<String> {
        self.seats
            .get(color)
            .view
            .possible_attempts()
            .iter()
            .map(Attempt::to_string)
            .collect()
    }

    /// Prints a side's view after an empty line.
    pub(super) fn draw(&self, color: Color, turn_started: Instant) {
        say(&format!(
            "\n{}",
            self.view_text(color, turn_started).trim_end()
        ));
    }

    /// The umpire's board, the moves, and the way on.
    pub(super) fn reveal(&self) {
        let board = position_board(
            self.game.position().board(),
            self.game.last_move(),
            Style {
                fancy: self.fancy,
                flipped: self.reveal_flipped,
            },
        );
        say(&format!(
            "Game over. The umpire's board:\n{}",
            board.trim_end()
        ));
        say(&format!("Moves: {}", self.game.san_moves()));
    }
}
