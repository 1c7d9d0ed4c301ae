//! What a game's referee between two programs is given and gives back:
//! the match's terms ([`MatchConfig`]), one game's record and forfeit,
//! and the [`Referee`] a game names through its registry entry
//! ([`super::Kind::referee`]). The match itself (workers, pairs, tally,
//! records) is the arena's; a game of its own protocol brings only its
//! `Referee`.

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::time_control::TimeControl;
use super::{AnyGame, Color, Outcome, Registry};
use crate::sys::process::{ChildProgram, Fault, LAST_WORDS_WAIT, quote_last_words};

/// Referees one game of a match.
pub trait Referee: Sync {
    /// Plays game `index` (from 0; games `2k` and `2k + 1` are a pair, the
    /// same start with colours swapped) between the two programs (started
    /// here when not running; the first program is White when
    /// `first_white`), in `folder`, a private folder of the match; `None`
    /// when `interrupt` stopped it (the game is then not scored).
    fn play_game(
        &self,
        config: &MatchConfig,
        programs: &mut [Option<ChildProgram>; 2],
        index: u32,
        first_white: bool,
        folder: &Path,
        interrupt: &Arc<AtomicBool>,
    ) -> Option<Finished>;
}

/// A finished game: how it ended, and its records (an extension and the
/// text of each file to keep, as `game-NNN.EXT`).
pub struct Finished {
    /// How it ended.
    pub record: GameRecord,
    /// Its records.
    pub files: Vec<(&'static str, String)>,
}

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

/// A program's turn budget: its clock plus a grace period (10 s when
/// unlimited).
pub fn deadline(clock: Option<i64>) -> Duration {
    let grace = Duration::from_millis(500);
    match clock {
        Some(ms) => Duration::from_millis(ms.max(0) as u64) + grace,
        None => Duration::from_secs(10) + grace,
    }
}

/// The end of a forfeit's record that quotes the last line the program
/// wrote on its standard error, for the forfeits where it may say why (a
/// crash, a hang, a failed start); empty otherwise, or when it wrote
/// nothing there. A crashed program's last lines may still be on their
/// way, and are waited for a moment.
pub fn last_words(program: Option<&ChildProgram>, kind: Forfeit) -> String {
    let wait = match kind {
        Forfeit::Crash | Forfeit::Setup => LAST_WORDS_WAIT,
        Forfeit::Hang => Duration::ZERO,
        _ => return String::new(),
    };
    quote_last_words(program.and_then(|p| p.last_error(wait)).as_deref())
}

/// The forfeit a program's fault costs it; `None` for an interrupt (the
/// game is then not scored at all).
pub fn forfeit_for(fault: &Fault) -> Option<Forfeit> {
    match fault {
        Fault::Interrupted => None,
        Fault::Timeout(_) => Some(Forfeit::Hang),
        Fault::Ended(_) => Some(Forfeit::Crash),
        Fault::LineTooLong => Some(Forfeit::Protocol),
    }
}

/// The program (0: the first, 1: the second) that plays `color` in a game
/// where the first program has White or not.
pub fn program_of(color: Color, first_white: bool) -> usize {
    usize::from(color.is_white() != first_white)
}

/// The name of a program in records: `first program` or `second program`.
pub fn program_name(index: usize) -> &'static str {
    if index == 0 {
        "first program"
    } else {
        "second program"
    }
}
