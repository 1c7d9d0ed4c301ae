//! One game between two programs, refereed from the start to its end: the
//! programs started and given the opening, each move asked for within
//! its turn's budget, checked and passed on, the clocks kept (with the
//! time control's bonus), and every failure scored as a forfeit.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{
    Forfeit, GameRecord, MatchConfig, deadline, forfeit_for, last_words, program_name, program_of,
};
use crate::game::{AnyGame, charged_ms};
use crate::rules::chess::{Color, Outcome, Reason};
use crate::sys::process::{ChildProgram, Exit, Fault, quote};
use crate::sys::safe_write::write_atomic;

/// How long any other command may take.
const ANSWER: Duration = Duration::from_secs(10);

/// How long to wait for the result line, which follows a move at once.
const RESULT_LINE: Duration = Duration::from_secs(2);

/// The game under way: the referee's own record and the two programs.
struct Refereed<'a> {
    config: &'a MatchConfig,
    programs: &'a mut [Option<ChildProgram>; 2],
    first_white: bool,
    game: Box<dyn AnyGame>,
    plies: usize,
    /// Moves each program made (for the periods of its clock).
    made: [u32; 2],
}

/// A finished game: how it ended, and the game itself.
pub(super) type Ended = (GameRecord, Box<dyn AnyGame>);

impl Refereed<'_> {
    /// The program index (0 first, 1 second) playing `color`.
    fn index(&self, color: Color) -> usize {
        program_of(color, self.first_white)
    }

    fn name(&self, i: usize) -> &'static str {
        program_name(i)
    }

    fn record(self, outcome: Outcome, forfeit: Option<Forfeit>, termination: String) -> Ended {
        let mut game = self.game;
        game.adjudicate(outcome);
        let record = GameRecord {
            first_white: self.first_white,
            outcome,
            forfeit,
            termination,
            plies: game.plies(),
            counted: None,
        };
        (record, game)
    }

    /// The offender loses; both programs are restarted for the next game
    /// (the other may be mid-answer). A program that failed to start,
    /// crashed or hung has the last line of its standard error quoted.
    fn forfeit(self, loser: Color, kind: Forfeit, detail: String) -> Ended {
        let i = self.index(loser);
        let who = self.name(i);
        let said = last_words(self.programs[i].as_ref(), kind);
        self.programs[0] = None;
        self.programs[1] = None;
        self.record(
            Outcome::win(loser.other(), Reason::TimeExpired),
            Some(kind),
            format!("{who} ({loser:?}) {kind}: {detail}{said}"),
        )
    }

    fn ask(&mut self, i: usize, line: &str, timeout: Duration) -> Result<String, Fault> {
        match self.programs[i].as_mut() {
            Some(p) => p.ask(line, timeout),
            None => Err(Fault::Ended(Exit::NotRunning)),
        }
    }

    /// Sends both programs the game as it stands (`LoadGame`), so that
    /// their clocks are the referee's; `Err` names a program that did not
    /// load it, with its answer or its fault.
    fn tell_clocks(
        &mut self,
        file: &std::path::Path,
    ) -> Result<(), (Color, Result<String, Fault>)> {
        if let Err(e) = write_atomic(file, self.game.to_xml().as_bytes()) {
            eprintln!("antichess: could not write {}: {e}", file.display());
        }
        let load = format!("LoadGame {}", file.display());
        for color in [Color::White, Color::Black] {
            match self.ask(self.index(color), &load, ANSWER) {
                Ok(answer) if answer == "Game loaded" => {}
                answer => return Err((color, answer)),
            }
        }
        Ok(())
    }

    /// The loss of `loser`, whose program failed to answer `command`
    /// (`None` when interrupted: the game is not scored).
    fn fault(self, loser: Color, fault: Fault, command: &str) -> Option<Ended> {
        let kind = forfeit_for(&fault)?;
        Some(self.forfeit(loser, kind, format!("{fault} after {command}")))
    }
}

pub(super) fn play_one(
    config: &MatchConfig,
    programs: &mut [Option<ChildProgram>; 2],
    opening: &dyn AnyGame,
    first_white: bool,
    opening_file: &Path,
    interrupt: &Arc<AtomicBool>,
) -> Option<Ended> {
    let (white_clock, black_clock) = config.clocks(first_white);
    let mut start = opening.boxed_clone();
    if white_clock > 0 && black_clock > 0 {
        start.restart_clocks(white_clock, black_clock);
    }
    let written = write_atomic(opening_file, start.to_xml().as_bytes());
    if let Err(e) = &written {
        eprintln!(
            "antichess: could not write the opening file {}: {e}",
            opening_file.display()
        );
    }
    let mut table = Refereed {
        config,
        programs,
        first_white,
        game: start,
        plies: 0,
        made: [0, 0],
    };
    for color in [Color::White, Color::Black] {
        let set_up = written
            .as_ref()
            .map_err(|e| format!("the opening file: {e}"))
            .and_then(|()| table.set_up(color, opening_file, interrupt));
        if let Err(why) = set_up {
            let _ = std::fs::remove_file(opening_file);
            if interrupt.load(Ordering::Relaxed) {
                return None;
            }
            return Some(table.forfeit(color, Forfeit::Setup, why));
        }
    }
    let _ = std::fs::remove_file(opening_file);
    table.play_out(opening_file, interrupt)
}

/// Why a program loses a game under way.
enum Loss {
    /// A forfeit of this kind, with what happened.
    Forfeit(Color, Forfeit, String),
    /// A fault after this command.
    Fault(Color, Fault, &'static str),
}

impl Refereed<'_> {
    /// Starts the program of `color` if it is not running, and gives it
    /// the new game and the opening (`LoadGame`); the error says what went
    /// wrong (empty when interrupted).
    fn set_up(
        &mut self,
        color: Color,
        opening_file: &Path,
        interrupt: &Arc<AtomicBool>,
    ) -> Result<(), String> {
        let config = self.config;
        let (white_clock, black_clock) = config.clocks(self.first_white);
        let i = self.index(color);
        let command = if i == 0 {
            &config.first
        } else {
            &config.second
        };
        if self.programs[i].is_none() {
            self.programs[i] = ChildProgram::spawn(command).ok().map(|mut p| {
                p.watch(Arc::clone(interrupt));
                p
            });
        }
        let new_game = match color {
            Color::White => format!(
                "StartNewGame computer {white_clock} human {black_clock} {}",
                config.ruleset
            ),
            Color::Black => format!(
                "StartNewGame human {white_clock} computer {black_clock} {}",
                config.ruleset
            ),
        };
        let load = format!("LoadGame {}", opening_file.display());
        for (command, expected) in [(&new_game, "New game started"), (&load, "Game loaded")] {
            let word = command.split(' ').next().unwrap_or_default();
            match self.ask(i, command, ANSWER) {
                Ok(answer) if answer == expected => {}
                Ok(answer) => return Err(format!("{word} answered {}", quote(&answer))),
                Err(Fault::Interrupted) => return Err(String::new()),
                Err(fault) => return Err(format!("{fault} after {word}")),
            }
        }
        Ok(())
    }

    /// Plays the game from the opening to its end: each move asked of its
    /// program within its budget, checked, charged and passed on.
    fn play_out(mut self, opening_file: &Path, interrupt: &Arc<AtomicBool>) -> Option<Ended> {
        loop {
            if interrupt.load(Ordering::Relaxed) {
                return None;
            }
            if self.plies >= self.config.max_plies {
                let plies = self.plies;
                return Some(self.record(
                    Outcome::draw(Reason::Stalemate),
                    None,
                    format!("adjudicated a draw after {plies} plies past the opening"),
                ));
            }
            let turn = self.game.turn();
            let (mover, other) = (self.index(turn), self.index(turn.other()));
            let started = Instant::now();
            let answer = self.ask(
                mover,
                "GetNextMove",
                deadline(self.game.clock(turn).remaining()),
            );
            let spent = charged_ms(started);
            let text = match answer {
                Ok(t) => t,
                Err(f) => return self.fault(turn, f, "GetNextMove"),
            };
            if self.game.charge(spent).is_some() {
                let detail = format!("{spent} ms on its last move");
                return Some(self.forfeit(turn, Forfeit::Time, detail));
            }
            let m = match self.game.read_move(&text) {
                Err(_) => return Some(self.forfeit(turn, Forfeit::Garbage, quote(&text))),
                Ok(None) => return Some(self.forfeit(turn, Forfeit::IllegalMove, quote(&text))),
                Ok(Some(m)) => m,
            };
            let outcome = self.game.play_move(&m, 0).and_then(|a| a.outcome());
            self.plies += 1;
            if let Err(loss) = self.pass_on(turn, &text, spent, outcome.is_none(), opening_file) {
                return self.lose(loss);
            }
            if let Some(outcome) = outcome {
                // Both programs print the result line; a program that
                // disagrees is restarted, but the referee's rules decide.
                let expected = self.game.result_line(outcome);
                for i in [mover, other] {
                    let line = self.programs[i].as_mut().map(|p| p.recv(RESULT_LINE));
                    if line.and_then(Result::ok).as_ref() != Some(&expected) {
                        self.programs[i] = None;
                    }
                }
                let termination = self.game.describe(outcome);
                return Some(self.record(outcome, None, termination));
            }
            // A draw either player could claim ends the game, as chess
            // GUIs end engine games (the programs are not asked: a claim
            // is no move, and the next game replaces this one).
            if let Some(outcome) = self.game.claimable_draw() {
                let termination = self.game.describe(outcome);
                return Some(self.record(outcome, None, termination));
            }
        }
    }

    /// Passes the move `text` of `turn`, which took `spent` ms, on: the
    /// mover confirms it (`MakeNextMove`), the other plays it (`MakeMove`);
    /// then, in a game going on, the time control's bonus, of which the
    /// programs are told by a game file (the TextUI knows no increment).
    fn pass_on(
        &mut self,
        turn: Color,
        text: &str,
        spent: i64,
        going_on: bool,
        opening_file: &Path,
    ) -> Result<(), Loss> {
        for (side, command) in [
            (turn, "MakeNextMove".to_string()),
            (turn.other(), format!("MakeMove {text} {spent}")),
        ] {
            let word = if side == turn {
                "MakeNextMove"
            } else {
                "MakeMove"
            };
            match self.ask(self.index(side), &command, ANSWER) {
                Ok(echo) if echo == text => {}
                Err(f) => return Err(Loss::Fault(side, f, word)),
                Ok(echo) => {
                    let detail = format!("{word} answered {}", quote(&echo));
                    return Err(Loss::Forfeit(side, Forfeit::Protocol, detail));
                }
            }
        }
        let mover = self.index(turn);
        let control = self.config.control(mover);
        self.made[mover] += 1;
        if going_on && control.adds_time() {
            self.game
                .credit(turn, control.bonus_after(self.made[mover]));
            if let Err((color, answer)) = self.tell_clocks(opening_file) {
                return Err(match answer {
                    Ok(answer) => {
                        let detail = format!("LoadGame answered {}", quote(&answer));
                        Loss::Forfeit(color, Forfeit::Protocol, detail)
                    }
                    Err(fault) => Loss::Fault(color, fault, "LoadGame"),
                });
            }
        }
        Ok(())
    }

    /// The game's record once `loss` decides it (`None` when interrupted).
    fn lose(self, loss: Loss) -> Option<Ended> {
        match loss {
            Loss::Forfeit(color, kind, detail) => Some(self.forfeit(color, kind, detail)),
            Loss::Fault(color, fault, command) => self.fault(color, fault, command),
        }
    }
}
