//! A game of hidden information at one terminal (Kriegspiel): each side
//! has its seat ([`Seat`]), told only what that side may know. A person's
//! view is drawn when their turn begins, and between two people the
//! keyboard is passed with the screen cleared; a typed move is checked
//! against the mover's own view, then tried (the game may refuse it
//! privately); the computer chooses from its seat alone. What the game's
//! announcer says of each move is printed for everyone at the table.

use std::io::{self, Write};
use std::time::Instant;

use shakmaty::ByColor;

use super::{Input, PlayLoop, say};
use crate::game::{AnyGame, Attempted, PlayerKind, Seat, Told, Typed, Viewer, charged_ms};
use crate::rules::chess::wording::side_name;
use crate::rules::chess::{Color, Outcome};

/// Both sides' seats at the table.
pub(super) struct Seats {
    seats: ByColor<Box<dyn Seat>>,
    /// The person who moved last (or moves first): whose seat answers
    /// its commands after the game.
    last_human: Color,
}

/// The commands `play` refuses while a game of hidden information goes
/// on: each would show what a side may not see.
const HIDING: [&str; 6] = ["moves", "hint", "undo", "save", "claim", "draw"];

impl Seats {
    /// Both sides' seats at `game` as it stands.
    pub(super) fn new(game: &dyn AnyGame, players: ByColor<PlayerKind>) -> Seats {
        let white_first = players.white == PlayerKind::Human || players.black != PlayerKind::Human;
        let mut seats = Seats {
            seats: ByColor::new_with(|c| game.seat(Viewer::Side(c))),
            last_human: Color::from_white(white_first),
        };
        if let Some(outcome) = game.outcome() {
            seats.ended(outcome);
        }
        seats
    }

    /// Tells both seats the moves played from ply `from` on, and the end.
    fn catch_up(&mut self, game: &dyn AnyGame, from: usize) {
        for color in Color::ALL {
            let seat = self.seats.get_mut(color);
            for told in game.told(Viewer::Side(color), from) {
                seat.told(&told);
            }
        }
        if let Some(outcome) = game.outcome() {
            self.ended(outcome);
        }
    }

    /// Tells both seats the game is over.
    fn ended(&mut self, outcome: Outcome) {
        for seat in self.seats.iter_mut() {
            seat.ended(outcome);
        }
    }
}

impl PlayLoop<'_> {
    fn seats(&mut self) -> &mut Seats {
        self.seats
            .as_mut()
            .expect("a game of hidden information has its seats")
    }

    /// The table of a game of hidden information: the view of the person
    /// to move (the whole board when only the computer plays), or the
    /// game's reveal once it is over.
    pub(super) fn draw_hidden(&mut self) {
        if self.game.outcome().is_some() {
            print!("{}", self.game.render(self.players(), self.style));
        } else {
            let turn = self.game.turn();
            if *self.options.players.get(turn) == PlayerKind::Human {
                self.seats().last_human = turn;
                let clocks = ByColor::new_with(|c| self.game.clock(c).remaining());
                let (players, style) = (self.players(), self.style);
                let view = self.seats().seats.get(turn).view(players, clocks, style);
                print!("\n{}\n", view.trim_end());
            } else if self
                .options
                .players
                .iter()
                .all(|&k| k == PlayerKind::Computer)
            {
                print!("\n{}", self.game.render(self.players(), self.style));
            }
        }
        let _ = io::stdout().flush();
    }

    /// The moves a person at this seat could type now, for completion.
    pub(super) fn seat_completions(&mut self) -> Vec<String> {
        let turn = self.game.turn();
        self.seats().seats.get(turn).completions()
    }

    /// A line in a game of hidden information that is a command of the
    /// seat's own (`zone`, `tokens`, `log`) or one `play` refuses while
    /// the game goes on; `true` when it was one.
    pub(super) fn seat_command(&mut self, words: &[&str]) -> bool {
        let over = self.game.outcome().is_some();
        if over && matches!(words, ["flip" | "board"]) {
            return false;
        }
        if !over && HIDING.contains(&words[0]) {
            say(&format!(
                "{}: not while the game is played (it would show what a side may not see).",
                words[0]
            ));
            return true;
        }
        let seat = if over || self.computer_to_move() {
            self.seats().last_human
        } else {
            self.game.turn()
        };
        match self.seats().seats.get_mut(seat).command(words) {
            Some(text) if text.is_empty() => self.draw_hidden(),
            Some(text) => say(&text),
            None => return false,
        }
        true
    }

    /// A person's typed move: checked against their own view, then tried.
    pub(super) fn human_attempt(&mut self, text: &str, spent_ms: i64, input: &mut Input) {
        let turn = self.game.turn();
        match self.seats().seats.get(turn).typed(text) {
            Typed::Move(m) => {
                let played = self.attempt(&m, spent_ms, true);
                if !played || self.game.outcome().is_some() {
                    return;
                }
                if *self.options.players.get(turn.other()) == PlayerKind::Human {
                    self.pass_keyboard(turn.other(), input);
                } else {
                    self.draw_hidden();
                }
            }
            Typed::Illegal(why) => say(&why.to_string()),
            Typed::Promotion(_) | Typed::Unknown => say(&format!(
                "Unknown command or move {text:?}. Type help for the commands."
            )),
        }
    }

    /// Between two people: the next one takes the keyboard, and the
    /// screen is cleared before their view.
    fn pass_keyboard(&mut self, to: Color, input: &mut Input) {
        say(&format!(
            "Pass the keyboard to {} and press Enter.",
            side_name(to)
        ));
        if input.read("", &[]).is_none() {
            return;
        }
        if self.style.fancy {
            print!("\x1b[2J\x1b[H");
            let _ = io::stdout().flush();
        }
        self.draw_hidden();
    }

    /// The side to move tries `m` (its canonical text); the seats are told
    /// what they may know, the announcer's words printed (a refusal only
    /// for a person: the computer tries again). `true` when it was played.
    fn attempt(&mut self, m: &str, spent_ms: i64, human: bool) -> bool {
        let turn = self.game.turn();
        let plies = self.game.plies();
        self.unsaved = true;
        let announcer = self.game.announcer();
        let speak = |text: &str| match announcer {
            Some(who) => say(&format!("{who}: {text}")),
            None => say(text),
        };
        let played = match self.game.attempt(m, spent_ms) {
            Ok(Attempted::Late { .. }) => true,
            Ok(Attempted::Played { heard, .. }) => {
                if let Some(heard) = heard {
                    speak(&heard);
                }
                true
            }
            Ok(Attempted::Refused { told, .. }) => {
                if human {
                    speak(&told);
                }
                let seat = self.seats().seats.get_mut(turn);
                seat.told(&Told::Refused(m.to_string()));
                false
            }
            Err(_) => false,
        };
        self.game.audit();
        if let Some(seats) = self.seats.as_mut() {
            if played {
                seats.catch_up(self.game.as_ref(), plies);
            } else if let Some(outcome) = self.game.outcome() {
                seats.ended(outcome);
            }
        }
        played
    }

    /// The computer's turn in a game of hidden information: attempts from
    /// its seat until one is played (or the game ends); with none left, it
    /// resigns.
    pub(super) fn computer_attempts(&mut self) {
        let turn = self.game.turn();
        let mut charged = Instant::now();
        while self.game.outcome().is_none() && self.game.turn() == turn {
            let remaining = self
                .game
                .clock(turn)
                .remaining()
                .map(|ms| ms - charged_ms(charged));
            let options = &self.options.engine;
            match self.seats().seats.get_mut(turn).choose(options, remaining) {
                Ok(Some(m)) => {
                    let spent = charged_ms(charged);
                    charged = Instant::now();
                    if self.attempt(&m, spent, false) && self.game.outcome().is_none() {
                        self.draw_hidden();
                    }
                }
                Ok(None) => {
                    self.resign(turn);
                    return;
                }
                Err(e) => {
                    self.paused = true;
                    say(&format!(
                        "The computer gave no move: {e}. Type go to ask again."
                    ));
                    return;
                }
            }
        }
    }

    /// The end of a game of hidden information: the seats are told, the
    /// game's last words said (when a move did not already say them), its
    /// reveal drawn.
    pub(super) fn announce_hidden(&mut self, outcome: Outcome) {
        self.seats().ended(outcome);
        let ending = self.game.ending(outcome);
        if !ending.is_empty() {
            say(&ending);
        }
        self.draw_hidden();
        say(&format!("Type {}.", self.way_on()));
    }
}
