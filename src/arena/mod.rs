//! The referee: plays TextUI programs against each other, fairly.
//!
//! `antichess referee --white CMD --black CMD` starts both programs, plays
//! games from random openings (each opening twice, colours swapped,
//! delivered with `LoadGame`), keeps the authoritative wall clocks, checks
//! every move with the rules core, and adjudicates: an illegal move, garbage
//! output, a crash, a hang or a protocol error loses the game for the
//! offender. Every game is written as a game file and as PGN.
//!
//! It is also the self-play harness: play one build against another and
//! read the score with its error margin.

mod elo;
mod openings;
mod play;
mod records;
mod referee;
mod report;
mod sprt;
mod time_control;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::thread;

pub use elo::Tally;
pub use openings::random_opening;
pub use play::deadline;
use play::program_of;
pub(crate) use play::{forfeit_for, last_words};

pub use referee::{Finished, Referee, TextUi};
pub use report::{program_name, report_table};
pub use sprt::{Decision, Sprt};
pub use time_control::TimeControl;

use crate::game::{AnyGame, Registry};
use crate::process::ChildProgram;
use crate::rules::{Color, Outcome};

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Command of the first program (White in odd games).
    pub first: String,
    /// Command of the second program.
    pub second: String,
    /// Number of games (rounded up to pairs).
    pub games: u32,
    /// Clock per side in milliseconds (0: unlimited): the first program's,
    /// and the second's unless `second_clock_ms` gives it another.
    pub clock_ms: i64,
    /// The second program's clock, for a match at time odds (both clocks
    /// limited).
    pub second_clock_ms: Option<i64>,
    /// Added to a clock after each move of its side.
    pub increment_ms: i64,
    /// Moves in each period of the clock's time (`None`: the whole game).
    pub period_moves: Option<u32>,
    /// Ruleset name.
    pub ruleset: String,
    /// The games the ruleset is looked up in.
    pub games_known: Registry,
    /// Random plies before the programs take over.
    pub opening_plies: u32,
    /// Seed of the opening generator.
    pub seed: u64,
    /// Where game files and PGN are written, if anywhere.
    pub out_dir: Option<PathBuf>,
    /// Plies after which an unfinished game is adjudicated a draw (the rules
    /// have no repetition or fifty-move draw, so shuffling games could go on
    /// for ever).
    pub max_plies: usize,
    /// Games played at the same time (each with its own two programs).
    pub concurrency: usize,
    /// Start games to play from instead of random openings (each with
    /// both colours, in order, again from the first when they run out);
    /// for the games that have suites ([`crate::game::Kind::read_suite`]).
    pub suite: Option<Vec<Box<dyn AnyGame>>>,
    /// Games (by index from 0) not to play: played before (a tournament
    /// resumed).
    pub skip: BTreeSet<u32>,
    /// The programs' names in the records (their commands when empty).
    pub names: Option<[String; 2]>,
}

impl MatchConfig {
    /// The clock of program `i` (0: the first, 1: the second), in
    /// milliseconds (0: unlimited).
    pub fn clock(&self, i: usize) -> i64 {
        match (i, self.second_clock_ms) {
            (1, Some(ms)) => ms,
            _ => self.clock_ms,
        }
    }

    /// The time control of program `i` (0: the first, 1: the second).
    pub fn control(&self, i: usize) -> TimeControl {
        TimeControl {
            base_ms: self.clock(i),
            moves: self.period_moves,
            increment_ms: self.increment_ms,
        }
    }

    /// The names of White and Black in the records of a game where the
    /// first program has White or not (the commands when no names are
    /// given).
    pub fn white_black(&self, first_white: bool) -> (String, String) {
        let [first, second] = self
            .names
            .clone()
            .unwrap_or_else(|| [self.first.clone(), self.second.clone()]);
        if first_white {
            (first, second)
        } else {
            (second, first)
        }
    }

    /// The clocks of White and Black in a game where the first program has
    /// White or not.
    pub fn clocks(&self, first_white: bool) -> (i64, i64) {
        (
            self.clock(program_of(Color::White, first_white)),
            self.clock(program_of(Color::Black, first_white)),
        )
    }
}

/// Why a program lost by forfeit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Forfeit {
    /// It could not be started or did not start a game.
    Setup,
    /// Its clock ran out (by the referee's clock).
    Time,
    /// It did not answer within its time and a grace period.
    Hang,
    /// It exited or closed its output.
    Crash,
    /// It answered with something that is not a move.
    Garbage,
    /// It played a move that is not legal.
    IllegalMove,
    /// It answered a command other than the protocol says.
    Protocol,
    /// It went past a limit its game's referee sets (the words say which).
    Limit(&'static str),
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forfeit::Setup => "failed to start",
            Forfeit::Time => "lost on time",
            Forfeit::Hang => "did not answer",
            Forfeit::Crash => "crashed",
            Forfeit::Garbage => "garbage output",
            Forfeit::IllegalMove => "illegal move",
            Forfeit::Protocol => "protocol error",
            Forfeit::Limit(words) => words,
        })
    }
}

/// How one game ended.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Whether the first program had White.
    pub first_white: bool,
    /// The result.
    pub outcome: Outcome,
    /// The forfeit, if the game was lost by one.
    pub forfeit: Option<Forfeit>,
    /// Why the game ended, in words.
    pub termination: String,
    /// Plies of the game, the opening's included (as its PGN counts
    /// them).
    pub plies: usize,
    /// What else the game's referee counted, in words (`1234 attempts`).
    pub counted: Option<String>,
}

/// The result of a match.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
    /// The first program's wins, draws and losses.
    pub tally: Tally,
    /// Forfeits by offender (0: first, 1: second) and reason.
    pub forfeits: BTreeMap<(usize, Forfeit), u32>,
    /// Whether the match was interrupted.
    pub interrupted: bool,
}

impl MatchResult {
    /// Counts a finished game: the first program's win, draw or loss, and
    /// the forfeit, by offender.
    pub fn count(&mut self, record: &GameRecord) {
        let first_color = Color::from_white(record.first_white);
        match record.outcome.winner {
            None => self.tally.draws += 1,
            Some(c) if c == first_color => self.tally.wins += 1,
            Some(_) => self.tally.losses += 1,
        }
        if let (Some(f), Some(winner)) = (record.forfeit, record.outcome.winner) {
            let offender = usize::from(winner == first_color);
            *self.forfeits.entry((offender, f)).or_default() += 1;
        }
    }
}

/// Checks that a program can be run (found, executable, a command that
/// splits into words); the error says `who` cannot start, and why.
pub fn check_program(who: &str, command: &str) -> Result<(), String> {
    ChildProgram::spawn(command)
        .map(drop)
        .map_err(|e| format!("{who} cannot start: {e}"))
}

/// Checks that both programs of a match can be run: the error of the first
/// that cannot, before any game is played.
pub fn check_programs(commands: [&str; 2]) -> Result<(), String> {
    for (i, command) in commands.into_iter().enumerate() {
        check_program(&format!("the {}", program_name(i)), command)?;
    }
    Ok(())
}

/// Plays the match by the TextUI protocol (see [`play_match_with`]).
pub fn play_match(
    config: &MatchConfig,
    interrupt: &Arc<AtomicBool>,
    on_game: impl FnMut(u32, &GameRecord),
) -> MatchResult {
    play_match_with(config, &TextUi, interrupt, on_game)
}

/// Plays the match, each game refereed by `referee`; `on_game` sees each
/// finished game (numbered from 0). Setting `interrupt` stops it at once;
/// the unfinished games are neither counted nor recorded. The programs
/// work in a private folder made for the match (mode 700), removed at its
/// end.
pub fn play_match_with(
    config: &MatchConfig,
    referee: &dyn Referee,
    interrupt: &Arc<AtomicBool>,
    mut on_game: impl FnMut(u32, &GameRecord),
) -> MatchResult {
    let mut result = MatchResult::default();
    let folder = match tempfile::Builder::new()
        .prefix("antichess-referee-")
        .tempdir()
    {
        Ok(folder) => folder,
        Err(e) => {
            eprintln!("antichess: cannot make a private folder for the opening files: {e}");
            result.interrupted = true;
            return result;
        }
    };
    let pairs = config.games.div_ceil(2);
    let workers = config.concurrency.clamp(1, pairs.max(1) as usize);
    let next_pair = AtomicU32::new(0);
    // Each worker plays whole pairs (an opening with both colours) with its
    // own two programs; the games come back here as they finish.
    let (sender, finished) = mpsc::channel::<Option<(u32, Finished)>>();
    thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let next_pair = &next_pair;
            let folder = folder.path();
            scope.spawn(move || {
                let mut programs: [Option<ChildProgram>; 2] = [None, None];
                loop {
                    let pair = next_pair.fetch_add(1, Ordering::Relaxed);
                    if pair >= pairs {
                        return;
                    }
                    for first_white in [true, false] {
                        let index = pair * 2 + u32::from(!first_white);
                        if config.skip.contains(&index) {
                            continue;
                        }
                        let played = referee.play_game(
                            config,
                            &mut programs,
                            index,
                            first_white,
                            folder,
                            interrupt,
                        );
                        let stop = played.is_none();
                        if sender.send(played.map(|done| (index, done))).is_err() || stop {
                            return;
                        }
                    }
                }
            });
        }
        drop(sender);
        for message in finished {
            let Some((index, Finished { record, files })) = message else {
                result.interrupted = true;
                continue;
            };
            result.count(&record);
            if let Some(dir) = &config.out_dir {
                records::write_files(dir, index, &files);
            }
            on_game(index, &record);
        }
    });
    result
}
