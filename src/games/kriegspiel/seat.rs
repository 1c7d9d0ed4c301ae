//! One side of a Kriegspiel game as its player knows it, wherever the
//! umpire is: its view (own pieces, what the umpire said), its guess
//! tokens, the zone of control and its log, drawn and answering its
//! commands. The game's seats ([`super::told_seats`]) keep one.

use std::fmt::Write as _;

use super::announcement::Announcement;
use super::tokens::{TokenKind, Tokens};
use super::umpire::Attempt;
use super::view::PlayerView;
use crate::game::view::Style;
use crate::games::chess::view::{Cell, grid};
use crate::rules::chess::wording::side_name;
use crate::rules::chess::{Color, Square};

/// One side's knowledge and aids.
pub struct KriegspielSeat {
    /// Its view: own pieces and what it was told.
    pub view: PlayerView,
    /// Its guess tokens.
    pub tokens: Tokens,
    /// Its board turned around.
    pub flipped: bool,
    /// The zone of control shown.
    pub zone: bool,
    /// What it heard, a line a move.
    pub log: Vec<String>,
}

/// What a seat's command asks of the terminal.
pub enum Said {
    /// Show this text.
    Text(String),
    /// Draw the view again.
    Redraw,
}

/// The seat's commands, with their help.
pub const COMMANDS: [(&str, &str); 8] = [
    ("flip", "turn your view around"),
    ("zone", "show or hide the squares your pieces guard"),
    ("tokens", "list your guess tokens"),
    (
        "token KIND SQ [SQ...]",
        "place tokens (KIND: piece, check or king)",
    ),
    (
        "untoken SQ [SQ...]",
        "remove tokens (untoken all: every one)",
    ),
    ("auto on|off", "automatic tokens on or off"),
    ("attempts", "the attempts that are not impossible"),
    ("log", "what you have heard"),
];

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

/// Squares typed as `e4` (lower case only).
fn squares(words: &[&str]) -> Option<Vec<Square>> {
    words
        .iter()
        .map(|w| {
            w.parse::<Square>()
                .ok()
                .filter(|_| w.len() == 2 && w.bytes().all(|b| !b.is_ascii_uppercase()))
        })
        .collect()
}

impl KriegspielSeat {
    /// `color`'s seat at a new game.
    pub fn new(color: Color) -> KriegspielSeat {
        KriegspielSeat {
            view: PlayerView::new(color),
            tokens: Tokens::new(),
            flipped: false,
            zone: false,
            log: Vec::new(),
        }
    }

    /// Its own attempt was played, and `heard` announced (`number`: `3.`
    /// or `3...`, for the log).
    pub fn own_move(&mut self, attempt: Attempt, heard: &Announcement, number: &str) {
        let before = self.view.clone();
        self.view.own_move(attempt);
        self.view.announcement(heard);
        self.tokens.turn_ends(&before, &self.view, attempt, heard);
        self.log.push(format!("{number} {attempt}: {heard}"));
    }

    /// The other side moved, and `heard` was announced.
    pub fn other_moved(&mut self, mover: Color, heard: &Announcement, number: &str) {
        self.view.announcement(heard);
        self.tokens.turn_starts(&self.view, heard);
        self.log
            .push(format!("{number} {}: {heard}", side_name(mover)));
    }

    /// Its attempt was refused.
    pub fn refused(&mut self, attempt: Attempt) {
        self.view.refused(attempt);
    }

    /// The view drawn: own pieces, tokens, the origin of the last move,
    /// the zone when shown; then `status` (whose move, the clocks), the
    /// last announcement, the material taken and lost, and the unguarded
    /// pieces when the zone is shown.
    pub fn draw(&self, fancy: bool, status: &str) -> String {
        let view = &self.view;
        let color = view.color();
        let style = Style {
            fancy,
            flipped: color.is_black() != self.flipped,
        };
        let guarded = view.guarded();
        let last_origin = view.last_own_move().map(|(from, _)| from);
        let mut out = grid(style, |sq| {
            let unguarded = self.zone && !guarded.contains(sq);
            let mut cell = if let Some(p) = view.own().piece_at(sq) {
                Cell::piece(p, false)
            } else if let Some(t) = self.tokens.at(sq) {
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
        let _ = writeln!(out, "{status}");
        if let Some(a) = view.last_announcement() {
            let _ = writeln!(out, "Umpire: {a}");
        }
        let (taken_pawns, taken_pieces) = view.taken();
        let (lost_pawns, lost_pieces) = view.lost();
        let _ = writeln!(
            out,
            "Taken: pawns {taken_pawns}, pieces {taken_pieces}.  Lost: pawns {lost_pawns}, pieces {lost_pieces}."
        );
        if self.zone {
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

    /// The attempts this side might try (not impossible on its own
    /// board), as text.
    pub fn attempt_texts(&self) -> Vec<String> {
        self.view
            .possible_attempts()
            .iter()
            .map(Attempt::to_string)
            .collect()
    }

    /// The log, or `Log: empty`.
    pub fn log_text(&self) -> String {
        log_text(&self.log)
    }

    /// A command of the seat (`flip`, `zone`, tokens, `attempts`, `log`);
    /// `None` when `words` is not one.
    pub fn command(&mut self, words: &[&str]) -> Option<Said> {
        let color = self.view.color();
        Some(match *words.first()? {
            "flip" => {
                self.flipped = !self.flipped;
                Said::Redraw
            }
            "zone" => {
                self.zone = !self.zone;
                Said::Redraw
            }
            "tokens" => Said::Text(self.tokens.list()),
            "token" => {
                let kind = words.get(1).and_then(|w| TokenKind::from_word(w));
                let targets = squares(words.get(2..).unwrap_or(&[]));
                match (kind, targets) {
                    (Some(kind), Some(targets)) if !targets.is_empty() => {
                        let mut out = String::new();
                        for sq in targets {
                            if self.view.own().color_at(sq) == Some(color) {
                                let _ = writeln!(
                                    out,
                                    "Cannot place a token on {sq}: your piece is there."
                                );
                            } else {
                                self.tokens.place_manual(kind, sq);
                            }
                        }
                        out.push_str(&self.tokens.list());
                        Said::Text(out)
                    }
                    _ => Said::Text("Usage: token piece|check|king SQ [SQ...]".to_string()),
                }
            }
            "untoken" => {
                if words.len() == 2 && words[1] == "all" {
                    self.tokens.clear();
                    Said::Text(self.tokens.list())
                } else {
                    match squares(&words[1..]) {
                        Some(targets) if !targets.is_empty() => {
                            for sq in targets {
                                self.tokens.remove(sq);
                            }
                            Said::Text(self.tokens.list())
                        }
                        _ => Said::Text("Usage: untoken SQ [SQ...] or untoken all".to_string()),
                    }
                }
            }
            "auto" => Said::Text(match words.get(1) {
                Some(&"on") if words.len() == 2 => {
                    self.tokens.set_auto(true);
                    "Automatic tokens on.".to_string()
                }
                Some(&"off") if words.len() == 2 => {
                    self.tokens.set_auto(false);
                    "Automatic tokens off.".to_string()
                }
                _ => "Usage: auto on|off".to_string(),
            }),
            "attempts" => {
                let list = self.attempt_texts();
                Said::Text(if list.is_empty() {
                    "Possible attempts: none".to_string()
                } else {
                    format!("Possible attempts: {}", list.join(" "))
                })
            }
            "log" => Said::Text(self.log_text()),
            _ => return None,
        })
    }
}

/// A log's lines, or `Log: empty`.
pub(super) fn log_text(log: &[String]) -> String {
    if log.is_empty() {
        "Log: empty".to_string()
    } else {
        log.join("\n")
    }
}
