//! `antichess kriegspiel referee`: the umpire between two programs that
//! speak the player protocol, with authoritative clocks and forfeits.
//!
//! The referee sends `newgame COLOUR MS SEED`, `go WMS BMS`, `umpire TEXT`
//! (`umpire Illegal move` to the mover only), `result R WHY` and `quit`;
//! a program answers `ready`, an attempt (`e2e4`, `e7e8n`) or `resign`.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::announcement;
use super::game::{Answer, Record, protocol_word};
use super::umpire::Attempt;
use crate::game::{
    Finished, Forfeit, GameRecord, MatchConfig, Referee, charged_ms, deadline, forfeit_for,
    last_words, program_name,
};
use crate::rules::chess::wording::pgn_result;
use crate::rules::chess::{Color, Outcome, Reason};
use crate::rules::pgn;
use crate::sys::process::{ChildProgram, Exit, Fault, quote};

/// The forfeit of a program that makes more refused attempts in one turn
/// than allowed.
const TOO_MANY_ATTEMPTS: Forfeit = Forfeit::Limit("too many attempts");

/// How long `newgame` may take.
const SETUP: Duration = Duration::from_secs(10);

/// The Kriegspiel referee: the umpire between two programs that speak the
/// player protocol, as a referee of the arena's matches ([`crate::game::Kind::referee`]). Game `i`
/// (from 0) is given seed `seed + i`.
pub struct KriegspielReferee {
    /// Refused attempts allowed in one turn (more is a forfeit).
    pub max_attempts: usize,
}

impl Default for KriegspielReferee {
    /// A thousand refused attempts a turn.
    fn default() -> KriegspielReferee {
        KriegspielReferee { max_attempts: 1000 }
    }
}

impl Referee for KriegspielReferee {
    fn play_game(
        &self,
        config: &MatchConfig,
        programs: &mut [Option<ChildProgram>; 2],
        index: u32,
        first_white: bool,
        _folder: &Path,
        interrupt: &Arc<AtomicBool>,
    ) -> Option<Finished> {
        let mut table = Umpired {
            config,
            max_attempts: self.max_attempts,
            programs,
            first_white,
            game: Record::new(),
            attempts: 0,
            forfeit: None,
            termination: String::new(),
        };
        let seed = config.seed.wrapping_add(u64::from(index));
        let Some(outcome) = table.play(seed, interrupt) else {
            for p in table.programs.iter_mut().flatten() {
                let _ = p.send("quit");
            }
            return None;
        };
        let record = GameRecord {
            first_white,
            outcome,
            forfeit: table.forfeit,
            termination: table.termination.clone(),
            plies: table.game.plies().len(),
            counted: Some(format!("{} attempts", table.attempts)),
        };
        let files = vec![("pgn", table.pgn(index))];
        Some(Finished { record, files })
    }
}

/// One game under way.
struct Umpired<'a> {
    config: &'a MatchConfig,
    max_attempts: usize,
    programs: &'a mut [Option<ChildProgram>; 2],
    first_white: bool,
    game: Record,
    attempts: usize,
    forfeit: Option<Forfeit>,
    termination: String,
}

impl Umpired<'_> {
    /// The program index (0 first, 1 second) playing `color`.
    fn index(&self, color: Color) -> usize {
        usize::from(color.is_white() != self.first_white)
    }

    fn command(&self, color: Color) -> &str {
        if self.index(color) == 0 {
            &self.config.first
        } else {
            &self.config.second
        }
    }

    /// Sends a line; a program that can no longer take it is kept until
    /// its turn, where reading its answer finds the crash (and its last
    /// words on standard error).
    fn send(&mut self, color: Color, line: &str) {
        let i = self.index(color);
        if let Some(p) = self.programs[i].as_mut() {
            let _ = p.send(line);
        }
    }

    /// The offender loses (or draws on time against a side that cannot
    /// mate); both programs are restarted for the next game.
    fn forfeit(&mut self, loser: Color, kind: Forfeit, detail: String) -> Outcome {
        let i = self.index(loser);
        let who = program_name(i);
        let said = last_words(self.programs[i].as_ref(), kind);
        let reason = if kind == Forfeit::Time {
            Reason::TimeExpired
        } else {
            Reason::Forfeit
        };
        let outcome = self.game.lose(loser, reason);
        self.termination = format!("{who} ({loser:?}) {kind}: {detail}{said}");
        if outcome.winner.is_none() {
            self.termination
                .push_str(&format!("; a draw: {:?} cannot checkmate", loser.other()));
        } else {
            self.forfeit = Some(kind);
        }
        self.programs[0] = None;
        self.programs[1] = None;
        outcome
    }

    /// The loss of `loser`, whose program failed to answer `command`
    /// (`None` when interrupted: the game is not scored).
    fn fault(&mut self, loser: Color, fault: Fault, command: &str) -> Option<Outcome> {
        let kind = forfeit_for(&fault)?;
        Some(self.forfeit(loser, kind, format!("{fault} after {command}")))
    }

    /// Plays the game; `None` when interrupted.
    fn play(&mut self, seed: u64, interrupt: &Arc<AtomicBool>) -> Option<Outcome> {
        let clock = self.config.clock_ms;
        let mut remaining = [clock, clock];
        let mut made = [0u32; 2];
        if let Err(ended) = self.set_up(seed, interrupt) {
            return ended;
        }
        let outcome = loop {
            if let Some(o) = self.game.outcome() {
                break o;
            }
            if self.game.plies().len() >= self.config.max_plies {
                let plies = self.game.plies().len();
                self.termination = format!("adjudicated a draw after {plies} plies");
                break self.game.end(Outcome::draw(Reason::MoveLimit));
            }
            let turn = self.game.turn();
            if let Some(ended) = self.stray_line(turn) {
                return ended;
            }
            let go = format!("go {} {}", remaining[0].max(0), remaining[1].max(0));
            self.send(turn, &go);
            let started = Instant::now();
            let side = usize::from(!turn.is_white());
            let mut tries = 0;
            let mut ended = None;
            loop {
                if interrupt.load(Ordering::Relaxed) {
                    return None;
                }
                let left = (clock > 0).then(|| remaining[side] - charged_ms(started));
                let i = self.index(turn);
                let answer = match self.programs[i].as_mut() {
                    Some(p) => p.recv(deadline(left)),
                    None => Err(Fault::Ended(Exit::NotRunning)),
                };
                let spent = charged_ms(started);
                let text = match answer {
                    Ok(t) => t,
                    Err(fault) => break ended = Some(self.fault(turn, fault, "go")?),
                };
                if clock > 0 && spent >= remaining[side] {
                    break ended =
                        Some(self.forfeit(turn, Forfeit::Time, format!("{spent} ms on one turn")));
                }
                if text == "resign" {
                    let outcome = self.game.lose(turn, Reason::Resignation);
                    self.termination = format!("{} ({turn:?}) resigns", program_name(i));
                    break ended = Some(outcome);
                }
                let Ok(attempt) = text.parse::<Attempt>() else {
                    break ended = Some(self.forfeit(turn, Forfeit::Garbage, quote(&text)));
                };
                tries += 1;
                self.attempts += 1;
                if tries > self.max_attempts {
                    break ended = Some(self.forfeit(
                        turn,
                        TOO_MANY_ATTEMPTS,
                        format!("{tries} in one turn"),
                    ));
                }
                match self.game.attempt(attempt) {
                    Answer::Illegal => self.send(turn, "umpire Illegal move"),
                    Answer::Legal(announcement) => {
                        if clock > 0 {
                            made[side] += 1;
                            remaining[side] -= spent;
                            remaining[side] += self.config.control(0).bonus_after(made[side]);
                        }
                        let line = format!("umpire {announcement}");
                        self.send(turn, &line);
                        self.send(turn.other(), &line);
                        break;
                    }
                    Answer::GameOver => break,
                }
            }
            if let Some(f) = ended {
                break f;
            }
        };
        self.announce_result(outcome);
        Some(outcome)
    }

    /// A line nobody asked for is a protocol error: the game's end when
    /// either program wrote one (`Some(None)` when interrupted).
    fn stray_line(&mut self, turn: Color) -> Option<Option<Outcome>> {
        for color in [turn, turn.other()] {
            let i = self.index(color);
            let unread = match self.programs[i].as_mut() {
                Some(p) => p.unread(),
                None => Ok(None),
            };
            match unread {
                Ok(None) => {}
                Ok(Some(line)) => {
                    let detail = format!("{} when no answer was due", quote(&line));
                    return Some(Some(self.forfeit(color, Forfeit::Protocol, detail)));
                }
                Err(fault) => return Some(self.fault(color, fault, "its last command")),
            }
        }
        None
    }

    /// Starts the programs that are not running and gives each the new
    /// game; `Err` ends the game before it starts: a setup forfeit, or
    /// `None` when interrupted.
    fn set_up(&mut self, seed: u64, interrupt: &Arc<AtomicBool>) -> Result<(), Option<Outcome>> {
        let clock = self.config.clock_ms;
        for color in [Color::White, Color::Black] {
            let i = self.index(color);
            if self.programs[i].is_none() {
                self.programs[i] = ChildProgram::spawn(self.command(color)).ok().map(|mut p| {
                    p.watch(Arc::clone(interrupt));
                    p
                });
            }
            let side = if color.is_white() { "white" } else { "black" };
            let line = format!("newgame {side} {clock} {seed}");
            let answer = match self.programs[i].as_mut() {
                Some(p) => p.ask(&line, SETUP),
                None => Err(Fault::Ended(Exit::NotRunning)),
            };
            let why = match answer {
                Ok(answer) if answer == "ready" => continue,
                Ok(answer) => format!("newgame answered {}", quote(&answer)),
                Err(Fault::Interrupted) => return Err(None),
                Err(fault) => format!("{fault} after newgame"),
            };
            return Err(Some(self.forfeit(color, Forfeit::Setup, why)));
        }
        Ok(())
    }

    /// Tells both programs the result, the mover first (after a move that
    /// ended the game, the side that made it; otherwise the side whose
    /// turn it was), and words the termination of an ending on the board.
    fn announce_result(&mut self, outcome: Outcome) {
        let on_board = announcement::Ending::of(outcome);
        if let Some(e) = on_board {
            self.termination = match e.winner() {
                Some(c) => format!("checkmate, {c:?} wins"),
                None => e.text().split(':').next().unwrap_or("").to_lowercase(),
            };
        }
        let line = format!(
            "result {} {}",
            pgn_result(Some(outcome)),
            protocol_word(outcome.reason)
        );
        let mover = match on_board {
            Some(_) => self.game.turn().other(),
            None => self.game.turn(),
        };
        self.send(mover, &line);
        self.send(mover.other(), &line);
    }

    /// Writes `game-NNN.pgn`.
    /// The game's record: PGN with the umpire's announcements.
    fn pgn(&self, index: u32) -> String {
        let (white, black) = self.config.white_black(self.first_white);
        let tags = [
            ("Event", "antichess kriegspiel referee".to_string()),
            ("Site", "local".to_string()),
            ("Date", pgn::today()),
            ("Round", (index + 1).to_string()),
            ("White", white),
            ("Black", black),
            ("TimeControl", self.config.control(0).to_string()),
            ("Termination", self.termination.clone()),
            ("PlyCount", self.game.plies().len().to_string()),
        ];
        self.game.pgn(&tags)
    }
}
