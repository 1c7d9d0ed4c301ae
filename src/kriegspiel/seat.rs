//! One side of a Kriegspiel game as its player knows it, wherever the
//! umpire is: its view (own pieces, what the umpire said), its guess
//! tokens, the zone of control, its log, and the computer player when the
//! computer sits there. `antichess kriegspiel` keeps one for each side of
//! its table; a client of the server keeps one for its side
//! ([`NetSeat`], the game's [`crate::game::Seat`]). Both draw it and answer
//! its commands with the code here.

use std::fmt::Write as _;

use shakmaty::ByColor;

use super::announcement::Announcement;
use super::player::{Player, Strategy};
use super::tokens::{TokenKind, Tokens};
use super::umpire::Attempt;
use super::view::PlayerView;
use crate::antichess::view::{Cell, grid};
use crate::game::view::{Style, clock_text};
use crate::game::{self, AnyGame, Checked, EngineFailure, EngineOptions, Told, Typed, Viewer};
use crate::rules::wording::side_name;
use crate::rules::{Color, Outcome, Square};

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
    /// The computer player, when the computer sits here.
    pub computer: Option<Player>,
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
    /// `color`'s seat at a new game; `computer`: the computer's strategy
    /// and seed when it plays there.
    pub fn new(color: Color, computer: Option<(Strategy, u64)>) -> KriegspielSeat {
        KriegspielSeat {
            view: PlayerView::new(color),
            tokens: Tokens::new(),
            flipped: false,
            zone: false,
            log: Vec::new(),
            computer: computer.map(|(strategy, seed)| Player::new(color, strategy, seed)),
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
        if let Some(p) = self.computer.as_mut() {
            p.heard(heard);
        }
    }

    /// The other side moved, and `heard` was announced.
    pub fn other_moved(&mut self, mover: Color, heard: &Announcement, number: &str) {
        self.view.announcement(heard);
        self.tokens.turn_starts(&self.view, heard);
        self.log
            .push(format!("{number} {}: {heard}", side_name(mover)));
        if let Some(p) = self.computer.as_mut() {
            p.heard(heard);
        }
    }

    /// Its attempt was refused.
    pub fn refused(&mut self, attempt: Attempt) {
        self.view.refused(attempt);
        if let Some(p) = self.computer.as_mut() {
            p.refused();
        }
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
fn log_text(log: &[String]) -> String {
    if log.is_empty() {
        "Log: empty".to_string()
    } else {
        log.join("\n")
    }
}

/// Whose move it is and the clocks, under a view on the server.
fn status_line(turn: Color, names: ByColor<&str>, clocks: ByColor<Option<i64>>) -> String {
    format!(
        "{} ({}) to move.  Clocks: White {}, Black {}.",
        side_name(turn),
        names.get(turn),
        clock_text(clocks.white),
        clock_text(clocks.black),
    )
}

/// `3.` (White's third move) or `3...` (Black's) after `plies` moves.
fn move_number(plies: usize) -> String {
    let full = plies / 2 + 1;
    if plies.is_multiple_of(2) {
        format!("{full}.")
    } else {
        format!("{full}...")
    }
}

/// A side's seat at a game on the server: the seat above, fed by what
/// the server tells that side ([`Told`]).
pub struct NetSeat {
    seat: KriegspielSeat,
    /// Everything told, in order (the computer player, made when first
    /// asked, learns the game from it).
    history: Vec<Told>,
    /// Moves announced so far (for the log's move numbers).
    plies: usize,
    /// Whose move it is.
    turn: Color,
    /// The own attempt that was played, waiting for its announcement.
    played: Option<Attempt>,
    /// The computer player and its strategy, once asked for a move.
    computer: Option<(Strategy, Player)>,
    over: bool,
}

impl NetSeat {
    /// `color`'s seat at a new game.
    pub fn new(color: Color) -> NetSeat {
        NetSeat {
            seat: KriegspielSeat::new(color, None),
            history: Vec::new(),
            plies: 0,
            turn: Color::White,
            played: None,
            computer: None,
            over: false,
        }
    }

    /// A computer player told everything this seat was told.
    fn learner(&self, strategy: Strategy, seed: u64) -> Player {
        let color = self.seat.view.color();
        let mut player = Player::new(color, strategy, seed);
        for told in &self.history {
            match told {
                Told::Moved { side, text } if *side == color => {
                    if let Some(a) = text.as_deref().and_then(Attempt::read_typed) {
                        player.tried(a);
                    }
                }
                Told::Moved { .. } => {}
                Told::Heard(text) => {
                    if let Ok(heard) = text.parse::<Announcement>() {
                        player.heard(&heard);
                    }
                }
                Told::Refused(text) => {
                    if let Some(a) = Attempt::read_typed(text) {
                        player.tried(a);
                        player.refused();
                    }
                }
            }
        }
        player
    }

    /// The number of the move being made, for the log.
    fn number(&self) -> String {
        move_number(self.plies)
    }
}

impl game::Seat for NetSeat {
    fn viewer(&self) -> Viewer {
        Viewer::Side(self.seat.view.color())
    }

    fn told(&mut self, told: &Told) {
        let color = self.seat.view.color();
        self.history.push(told.clone());
        match told {
            Told::Moved { side, text } => {
                self.played = (*side == color)
                    .then(|| text.as_deref().and_then(Attempt::read_typed))
                    .flatten();
                self.turn = side.other();
            }
            Told::Heard(text) => {
                let Ok(heard) = text.parse::<Announcement>() else {
                    return;
                };
                let number = self.number();
                match self.played.take() {
                    Some(attempt) => {
                        self.seat.own_move(attempt, &heard, &number);
                        if let Some((_, p)) = self.computer.as_mut() {
                            p.tried(attempt);
                            p.heard(&heard);
                        }
                    }
                    None => {
                        self.seat.other_moved(color.other(), &heard, &number);
                        if let Some((_, p)) = self.computer.as_mut() {
                            p.heard(&heard);
                        }
                    }
                }
                self.plies += 1;
            }
            Told::Refused(text) => {
                if let Some(attempt) = Attempt::read_typed(text) {
                    self.seat.refused(attempt);
                    let number = self.number();
                    self.seat
                        .log
                        .push(format!("{number} {attempt}: Illegal move"));
                    if let Some((_, p)) = self.computer.as_mut() {
                        p.tried(attempt);
                        p.refused();
                    }
                }
            }
        }
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn ended(&mut self, _outcome: Outcome) {
        self.over = true;
        self.seat.view.end();
    }

    fn view(&self, names: ByColor<&str>, clocks: ByColor<Option<i64>>, style: Style) -> String {
        let status = if self.over {
            "Game over.".to_string()
        } else {
            status_line(self.turn, names, clocks)
        };
        self.seat.draw(style.fancy, &status)
    }

    fn typed(&self, text: &str) -> Checked {
        let Some(attempt) = Attempt::read_typed(text) else {
            return Typed::Unknown;
        };
        match self.seat.view.impossible(attempt) {
            Some(reason) => Typed::Illegal(format!("Impossible: {reason}.")),
            None => Typed::Move(attempt.to_string()),
        }
    }

    fn command(&mut self, words: &[&str]) -> Option<String> {
        match self.seat.command(words)? {
            Said::Text(text) => Some(text),
            Said::Redraw => Some(String::new()),
        }
    }

    /// The attempts its own view allows.
    fn completions(&self) -> Vec<String> {
        self.seat.attempt_texts()
    }

    fn commands(&self) -> &'static [(&'static str, &'static str)] {
        &COMMANDS
    }

    fn choose(
        &mut self,
        options: &EngineOptions,
        remaining: Option<i64>,
    ) -> Result<Option<String>, EngineFailure> {
        if self.over || self.seat.view.is_over() {
            return Ok(None);
        }
        let strategy = match options.strategy {
            game::Strategy::Random => Strategy::Random,
            game::Strategy::First => Strategy::Heuristic,
            game::Strategy::Engine => Strategy::Search,
        };
        if self.computer.as_ref().is_none_or(|(s, _)| *s != strategy) {
            let player = self.learner(strategy, options.seed);
            self.computer = Some((strategy, player));
        }
        let left = remaining.map(|ms| std::time::Duration::from_millis(ms.max(0) as u64));
        Ok(self
            .computer
            .as_mut()
            .and_then(|(_, p)| p.attempt(left))
            .map(|a| a.to_string()))
    }

    fn game(&self) -> Option<&dyn AnyGame> {
        None
    }
}

/// An onlooker's seat at a game on the server: the announcements only,
/// until the end shows the whole game.
#[derive(Default)]
pub struct Onlooker {
    /// The announcements, a line a move.
    log: Vec<String>,
    black_to_move: bool,
    over: bool,
}

impl game::Seat for Onlooker {
    fn viewer(&self) -> Viewer {
        Viewer::Onlooker
    }

    fn told(&mut self, told: &Told) {
        match told {
            Told::Moved { side, .. } => self.black_to_move = side.is_white(),
            Told::Heard(text) => {
                let plies = self.log.len();
                let number = move_number(plies);
                let mover = Color::from_white(plies.is_multiple_of(2));
                self.log
                    .push(format!("{number} {}: {text}", side_name(mover)));
            }
            Told::Refused(_) => {}
        }
    }

    fn turn(&self) -> Color {
        Color::from_white(!self.black_to_move)
    }

    fn ended(&mut self, _outcome: Outcome) {
        self.over = true;
    }

    fn view(&self, names: ByColor<&str>, clocks: ByColor<Option<i64>>, _style: Style) -> String {
        let mut out = String::new();
        if let Some(last) = self.log.last() {
            let _ = writeln!(out, "Umpire: {last}");
        }
        if self.over {
            out.push_str("Game over.\n");
        } else {
            let _ = writeln!(out, "{}", status_line(self.turn(), names, clocks));
        }
        out
    }

    fn typed(&self, _text: &str) -> Checked {
        Typed::Unknown
    }

    fn command(&mut self, words: &[&str]) -> Option<String> {
        (words == ["log"]).then(|| log_text(&self.log))
    }

    fn commands(&self) -> &'static [(&'static str, &'static str)] {
        &[("log", "what the umpire said")]
    }

    fn choose(
        &mut self,
        _options: &EngineOptions,
        _remaining: Option<i64>,
    ) -> Result<Option<String>, EngineFailure> {
        Ok(None)
    }

    fn game(&self) -> Option<&dyn AnyGame> {
        None
    }
}
