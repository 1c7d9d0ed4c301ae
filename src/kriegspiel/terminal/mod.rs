//! `antichess kriegspiel`: the game at the terminal, two people at one
//! keyboard (hot seat) or one against the computer. Each side's view shows
//! only its own pieces, its guess tokens and what the umpire said;
//! attempts that cannot be legal whatever the hidden pieces are answered
//! locally; at the end the umpire's board is revealed.
//!
//! Between games, `board` and `flip` show the umpire's board and `log` the
//! log of the last human to move. `new` starts a game with the same
//! options, the same seed included.

mod after;
mod screen;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::announcement::Announcement;
use super::game::{Answer, Record, ending_words};
use super::player::Strategy;
use super::seat::{KriegspielSeat, Said};
use super::umpire::Attempt;
use crate::antichess::view::position_board;
use crate::game::view::Style;
use crate::game::{Clock, elapsed_ms};
use crate::play::Input;
use crate::rules::wording::side_name;
use crate::rules::{Color, Reason};
use shakmaty::ByColor;

/// How a game at the terminal is set up.
#[derive(Clone, Debug)]
pub struct TerminalOptions {
    /// Whether White and Black are people (else the computer).
    pub human: [bool; 2],
    /// Clock per side in milliseconds (0: unlimited).
    pub clock_ms: i64,
    /// The computer's strategy.
    pub strategy: Strategy,
    /// The computer's seed.
    pub seed: u64,
}

const HELP: &str = "\
Type an attempt as e2e4 or e2-e4 (e7e8q, e7-e8=Q to promote; castle with the
king's two-square move, e1g1). The umpire answers Illegal move or announces
the move to both players. Commands:
  board                 draw your view
  flip                  turn your view around
  zone                  show or hide the squares your pieces guard
  tokens                list your guess tokens
  token KIND SQ [SQ...] place tokens (KIND: piece, check or king)
  untoken SQ [SQ...]    remove tokens (untoken all: every one)
  auto on|off           automatic tokens on or off
  attempts              the attempts that are not impossible
  log                   what you have heard
  resign                resign the game
  quit                  leave at once";

const HELP_AFTER: &str = "\
The game is over. Commands:
  board       draw the umpire's board
  flip        turn it around
  log         what you heard
  save FILE   write the game as PGN (with the announcements and the
              refused attempts as comments)
  new         start a new game
  quit        leave";

const COMMANDS: [&str; 16] = [
    "help", "board", "flip", "zone", "tokens", "token", "untoken", "auto", "attempts", "log",
    "resign", "quit", "save", "new", "on", "off",
];

/// One side at the table: a person or the computer, and what that side
/// knows.
struct Seat {
    human: bool,
    known: KriegspielSeat,
}

impl Seat {
    /// Both sides' seats for a new game.
    fn both(options: &TerminalOptions) -> ByColor<Seat> {
        ByColor::new_with(|color| {
            let human = options.human[usize::from(color.is_black())];
            Seat {
                human,
                known: KriegspielSeat::new(
                    color,
                    (!human).then_some((options.strategy, options.seed)),
                ),
            }
        })
    }
}

/// Why a game's loop ended.
enum AfterGame {
    Quit,
    NewGame,
}

struct HotSeat {
    options: TerminalOptions,
    fancy: bool,
    input: Input,
    game: Record,
    seats: ByColor<Seat>,
    clocks: ByColor<Clock>,
    /// The last human to move (whose log `log` shows after the game).
    last_human: Color,
    /// The umpire's board is shown flipped (between games).
    reveal_flipped: bool,
}

fn say(text: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

impl HotSeat {
    fn new(options: TerminalOptions, input: Input) -> HotSeat {
        HotSeat {
            seats: Seat::both(&options),
            clocks: ByColor::new_with(|_| Clock::new(options.clock_ms)),
            last_human: if options.human[0] || !options.human[1] {
                Color::White
            } else {
                Color::Black
            },
            options,
            fancy: Style::detect().fancy,
            input,
            game: Record::new(),
            reveal_flipped: false,
        }
    }

    /// A new game with the same options.
    fn reset(&mut self) {
        let options = &self.options;
        self.seats = Seat::both(options);
        self.clocks = ByColor::new_with(|_| Clock::new(options.clock_ms));
        self.game = Record::new();
        self.reveal_flipped = false;
    }

    fn seat(&mut self, color: Color) -> &mut Seat {
        self.seats.get_mut(color)
    }

    fn clock(&mut self, color: Color) -> &mut Clock {
        self.clocks.get_mut(color)
    }

    /// The log entry number of the position to move: `3.` or `3...`.
    fn number(&self) -> String {
        let pos = self.game.position();
        if pos.turn().is_white() {
            format!("{}.", pos.fullmoves())
        } else {
            format!("{}...", pos.fullmoves())
        }
    }

    /// A legal move was played: both sides hear `heard`.
    fn announce(&mut self, mover: Color, attempt: Attempt, heard: &Announcement, number: &str) {
        self.seat(mover).known.own_move(attempt, heard, number);
        self.seat(mover.other())
            .known
            .other_moved(mover, heard, number);
    }

    /// Ends the game otherwise than by a move and says so.
    fn end(&mut self, loser: Color, reason: Reason) {
        let outcome = self.game.lose(loser, reason);
        say(&format!(
            "Umpire: {}",
            ending_words(outcome, self.game.turn())
        ));
        for seat in self.seats.iter_mut() {
            seat.known.view.end();
        }
    }

    /// Whether `color`'s time is up after `turn_started`; if so the game
    /// ends on time.
    fn out_of_time(&mut self, color: Color, turn_started: Instant) -> bool {
        let spent = elapsed_ms(turn_started);
        let mut clock = *self.clock(color);
        clock.charge(spent);
        if clock.expired() {
            *self.clock(color) = clock;
            self.end(color, Reason::TimeExpired);
            return true;
        }
        false
    }

    fn charge(&mut self, color: Color, turn_started: Instant) {
        let spent = elapsed_ms(turn_started);
        self.clock(color).charge(spent);
    }

    /// The computer's turn: attempts until one is legal.
    fn computer_turn(&mut self, color: Color) {
        let started = Instant::now();
        loop {
            if self.out_of_time(color, started) {
                return;
            }
            let spent = started.elapsed();
            let remaining = self.clock(color).remaining().map(|ms| {
                Duration::from_millis(u64::try_from(ms).unwrap_or(0)).saturating_sub(spent)
            });
            let number = self.number();
            let Some(player) = self.seat(color).known.computer.as_mut() else {
                return;
            };
            let Some(attempt) = player.attempt(remaining) else {
                self.end(color, Reason::Resignation);
                return;
            };
            if self.out_of_time(color, started) {
                return;
            }
            match self.game.attempt(attempt) {
                Answer::Illegal => self.seat(color).known.refused(attempt),
                Answer::Legal(heard) => {
                    self.charge(color, started);
                    self.announce(color, attempt, &heard, &number);
                    say(&format!("Umpire: {heard}"));
                    if !self.seats.white.human && !self.seats.black.human {
                        let board = position_board(
                            self.game.position().board(),
                            self.game.last_move(),
                            Style {
                                fancy: self.fancy,
                                flipped: false,
                            },
                        );
                        say(board.trim_end());
                    }
                    return;
                }
                Answer::GameOver => return,
            }
        }
    }

    /// A human's turn; `None` to quit.
    fn human_turn(&mut self, color: Color) -> Option<()> {
        let started = Instant::now();
        self.last_human = color;
        if self.out_of_time(color, started) {
            return Some(());
        }
        self.draw(color, started);
        let prompt = format!("{}> ", side_name(color));
        loop {
            let completions = self.seats.get(color).known.attempt_texts();
            let line = self.input.read(&prompt, &completions)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&first) = words.first() else {
                continue;
            };
            if let Some(attempt) = Attempt::read_typed(first) {
                if let Some(reason) = self.seat(color).known.view.impossible(attempt) {
                    say(&format!("Impossible: {reason}."));
                    if self.out_of_time(color, started) {
                        return Some(());
                    }
                    continue;
                }
                if self.out_of_time(color, started) {
                    return Some(());
                }
                let number = self.number();
                match self.game.attempt(attempt) {
                    Answer::Illegal => {
                        say("Umpire: Illegal move");
                        let seat = &mut self.seat(color).known;
                        seat.refused(attempt);
                        seat.log.push(format!("{number} {attempt}: Illegal move"));
                    }
                    Answer::Legal(heard) => {
                        self.charge(color, started);
                        self.announce(color, attempt, &heard, &number);
                        say(&format!("Umpire: {heard}"));
                        if self.game.outcome().is_none() && self.seats.get(color.other()).human {
                            say(&format!(
                                "Pass the keyboard to {} and press Enter.",
                                side_name(color.other())
                            ));
                            self.input.read("", &[])?;
                            if self.fancy {
                                print!("\x1b[2J\x1b[H");
                                let _ = io::stdout().flush();
                            }
                        }
                        return Some(());
                    }
                    Answer::GameOver => return Some(()),
                }
                continue;
            }
            match self.command(color, &words, started) {
                Some(true) => {}
                Some(false) => return Some(()),
                None => return None,
            }
        }
    }

    /// A command during a turn: `Some(true)` to go on, `Some(false)` when
    /// the turn is over (resignation), `None` to quit.
    fn command(&mut self, color: Color, words: &[&str], started: Instant) -> Option<bool> {
        if let Some(said) = self.seat(color).known.command(words) {
            match said {
                Said::Text(text) => say(&text),
                Said::Redraw => self.draw(color, started),
            }
            return Some(true);
        }
        match words[0] {
            "help" | "?" => say(HELP),
            "board" => self.draw(color, started),
            "resign" => {
                self.end(color, Reason::Resignation);
                return Some(false);
            }
            "quit" => return None,
            other => say(&format!(
                "Unknown command or attempt \"{other}\". Type help for the commands."
            )),
        }
        Some(true)
    }

    /// Plays one game.
    fn play(&mut self) -> AfterGame {
        loop {
            if self.game.outcome().is_some() {
                return self.between_games();
            }
            let turn = self.game.turn();
            if self.seats.get(turn).human {
                if self.human_turn(turn).is_none() {
                    return AfterGame::Quit;
                }
            } else {
                self.computer_turn(turn);
            }
        }
    }
}

/// Runs games at the terminal until `quit` or the end of input.
pub fn run(options: TerminalOptions) -> ExitCode {
    let input = Input::open(&COMMANDS);
    say("Kriegspiel (ICC wild 16). Type help for commands.");
    let mut table = HotSeat::new(options.clone(), input);
    loop {
        match table.play() {
            AfterGame::Quit => return ExitCode::SUCCESS,
            AfterGame::NewGame => table.reset(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_in_every_spelling() {
        for (typed, read) in [
            ("e2e4", "e2e4"),
            ("e2-e4", "e2e4"),
            ("e7e8q", "e7e8q"),
            ("e7-e8q", "e7e8q"),
            ("e7e8=q", "e7e8q"),
            ("e7-e8=Q", "e7e8q"),
            ("e7e8N", "e7e8n"),
        ] {
            assert_eq!(
                Attempt::read_typed(typed).map(|a| a.to_string()).as_deref(),
                Some(read),
                "{typed}"
            );
        }
        for bad in [
            "e2e", "e2--e4", "e-2e4", "e7e8=", "e7e8=qq", "board", "E2E4", "e2e4x",
        ] {
            assert_eq!(Attempt::read_typed(bad), None, "{bad}");
        }
    }
}
