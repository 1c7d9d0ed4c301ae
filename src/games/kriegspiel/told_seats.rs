//! Kriegspiel's seats ([`game::Seat`]): a side's ([`SideSeat`]: its
//! [`KriegspielSeat`], and the computer player when it plays there) and an
//! onlooker's ([`Onlooker`]: the announcements, the whole game at the
//! end), each built only from what it is told ([`Told`]), at `play`'s
//! table and in a client of the server alike.

use std::fmt::Write as _;

use shakmaty::ByColor;

use super::announcement::Announcement;
use super::player::{Player, Strategy};
use super::seat::{COMMANDS, KriegspielSeat, Said, log_text};
use super::umpire::Attempt;
use crate::game::view::{Style, clock_text};
use crate::game::{
    self, AnyGame, Checked, EngineFailure, EngineOptions, Mark, Refusal, Told, Typed, Viewer,
};
use crate::rules::chess::wording::side_name;
use crate::rules::chess::{Color, Outcome, Square};

/// Whose move it is and the clocks, under a view.
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

/// A side's seat: its [`KriegspielSeat`], fed by what that side is told
/// ([`Told`]).
pub struct SideSeat {
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

impl SideSeat {
    /// `color`'s seat at a new game.
    pub fn new(color: Color) -> SideSeat {
        SideSeat {
            seat: KriegspielSeat::new(color),
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

    /// Its automatic tokens, as marks for a board.
    pub fn marks(&self) -> Vec<Mark> {
        Square::ALL
            .into_iter()
            .filter_map(|sq| self.seat.tokens.at(sq).map(|t| (sq, t)))
            .filter(|(_, t)| !t.manual)
            .map(|(sq, t)| Mark {
                square: sq.to_string(),
                kind: t.kind.word(),
                strength: t.strength,
            })
            .collect()
    }

    /// The number of the move being made, for the log.
    fn number(&self) -> String {
        move_number(self.plies)
    }
}

impl game::Seat for SideSeat {
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
            Some(reason) => Typed::Illegal(Refusal::Impossible(reason.to_string())),
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

/// An onlooker's seat: the announcements only,
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
