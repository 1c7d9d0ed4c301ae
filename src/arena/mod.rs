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
mod records;
mod sprt;
mod suite;
mod time_control;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

pub use elo::Tally;
pub use openings::random_opening;
pub(crate) use records::save_record;
pub use sprt::{Sprt, Verdict};
pub use suite::read_suite;
pub use time_control::TimeControl;

use crate::connect;
use crate::game::{Game, Recorded, Rules, charged_ms};
use crate::process::{ChildProgram, Ending, Fault, LAST_WORDS_WAIT, quote, quote_last_words};
use crate::rules::{Color, Outcome, Position, Reason};
use crate::safe_write::write_atomic;
use crate::variant::Variant;

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
    /// board rulesets only ([`read_suite`]).
    pub suite: Option<Vec<Position>>,
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
    /// It made more refused attempts in one turn than allowed (Kriegspiel).
    TooManyAttempts,
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
            Forfeit::TooManyAttempts => "too many attempts",
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
    /// Attempts made (Kriegspiel: legal and refused), if counted.
    pub attempts: Option<usize>,
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

/// Checks that both programs can be run (found, executable, a command
/// that splits into words): the error of the first that cannot, before
/// any game is played.
pub fn check_programs(commands: [&str; 2]) -> Result<(), String> {
    for (i, command) in commands.into_iter().enumerate() {
        ChildProgram::spawn(command)
            .map_err(|e| format!("the {} cannot start: {e}", program_name(i)))?;
    }
    Ok(())
}

/// Plays the match; `on_game` sees each finished game (numbered from 0).
/// Setting `interrupt` stops it at once; the unfinished games are neither
/// counted nor recorded. The opening files go to a private folder made
/// for the match (mode 700), removed at its end.
pub fn play_match(
    config: &MatchConfig,
    interrupt: &Arc<AtomicBool>,
    on_game: impl FnMut(u32, &GameRecord),
) -> MatchResult {
    let random = |pair: u32| config.seed ^ u64::from(pair);
    match Variant::from_name(&config.ruleset) {
        Some(Variant::Connect(_)) => {
            play_match_of::<connect::Position>(config, interrupt, on_game, |pair| {
                random_opening(&config.ruleset, config.opening_plies, random(pair))
            })
        }
        _ => play_match_of::<Position>(config, interrupt, on_game, |pair| {
            match config.suite.as_deref() {
                Some(suite) if !suite.is_empty() => {
                    let start = suite[pair as usize % suite.len()];
                    Game::with_rules(&config.ruleset, start, 0, 0)
                }
                _ => random_opening(&config.ruleset, config.opening_plies, random(pair)),
            }
        }),
    }
}

fn play_match_of<R: Recorded>(
    config: &MatchConfig,
    interrupt: &Arc<AtomicBool>,
    mut on_game: impl FnMut(u32, &GameRecord),
    opening_of: impl Fn(u32) -> Game<R> + Sync,
) -> MatchResult
where
    Game<R>: Send,
{
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
    let (sender, finished) = mpsc::channel::<Option<(u32, Finished<R>)>>();
    thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let next_pair = &next_pair;
            let opening_of = &opening_of;
            let folder = folder.path();
            scope.spawn(move || {
                let mut programs: [Option<ChildProgram>; 2] = [None, None];
                loop {
                    let pair = next_pair.fetch_add(1, Ordering::Relaxed);
                    if pair >= pairs {
                        return;
                    }
                    let opening = opening_of(pair);
                    for first_white in [true, false] {
                        let index = pair * 2 + u32::from(!first_white);
                        if config.skip.contains(&index) {
                            continue;
                        }
                        let played = play_one(
                            config,
                            &mut programs,
                            &opening,
                            first_white,
                            &folder.join(format!("opening-{index}.xml")),
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
            let Some((index, (record, game))) = message else {
                result.interrupted = true;
                continue;
            };
            let first_color = if record.first_white {
                Color::White
            } else {
                Color::Black
            };
            match record.outcome.winner {
                None => result.tally.draws += 1,
                Some(c) if c == first_color => result.tally.wins += 1,
                Some(_) => result.tally.losses += 1,
            }
            if let (Some(f), Some(winner)) = (record.forfeit, record.outcome.winner) {
                let offender = usize::from(winner == first_color);
                *result.forfeits.entry((offender, f)).or_default() += 1;
            }
            if let Some(dir) = &config.out_dir {
                records::write_game(dir, config, index, &record, &game);
            }
            on_game(index, &record);
        }
    });
    result
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

/// How long any other command may take.
const ANSWER: Duration = Duration::from_secs(10);

/// How long to wait for the result line, which follows a move at once.
const RESULT_LINE: Duration = Duration::from_secs(2);

/// The game under way: the referee's own record and the two programs.
struct Table<'a, R: Rules> {
    config: &'a MatchConfig,
    programs: &'a mut [Option<ChildProgram>; 2],
    first_white: bool,
    game: Game<R>,
    plies: usize,
    /// Moves each program made (for the periods of its clock).
    made: [u32; 2],
}

/// A finished game: how it ended, and the game itself.
type Finished<R> = (GameRecord, Game<R>);

impl<R: Recorded> Table<'_, R> {
    /// The program index (0 first, 1 second) playing `color`.
    fn index(&self, color: Color) -> usize {
        program_of(color, self.first_white)
    }

    fn name(&self, i: usize) -> &'static str {
        program_name(i)
    }

    fn record(
        self,
        outcome: Outcome,
        forfeit: Option<Forfeit>,
        termination: String,
    ) -> Finished<R> {
        let mut game = self.game;
        game.adjudicate(outcome);
        let record = GameRecord {
            first_white: self.first_white,
            outcome,
            forfeit,
            termination,
            plies: game.history().len(),
            attempts: None,
        };
        (record, game)
    }

    /// The offender loses; both programs are restarted for the next game
    /// (the other may be mid-answer). A program that failed to start,
    /// crashed or hung has the last line of its standard error quoted.
    fn forfeit(self, loser: Color, kind: Forfeit, detail: String) -> Finished<R> {
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
            None => Err(Fault::Ended(Ending::NotRunning)),
        }
    }

    /// Sends both programs the game as it stands (`LoadGame`), so that
    /// their clocks are the referee's; `Err` names a program that did not
    /// load it, with its answer or its fault.
    fn tell_clocks(
        &mut self,
        file: &std::path::Path,
    ) -> Result<(), (Color, Result<String, Fault>)> {
        if let Err(e) = write_atomic(file, R::to_xml(&self.game).as_bytes()) {
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
    fn fault(self, loser: Color, fault: Fault, command: &str) -> Option<Finished<R>> {
        let kind = forfeit_for(&fault)?;
        Some(self.forfeit(loser, kind, format!("{fault} after {command}")))
    }
}

/// The end of a forfeit's record that quotes the last line the program
/// wrote on its standard error, for the forfeits where it may say why (a
/// crash, a hang, a failed start); empty otherwise, or when it wrote
/// nothing there. A crashed program's last lines may still be on their
/// way, and are waited for a moment.
pub(crate) fn last_words(program: Option<&ChildProgram>, kind: Forfeit) -> String {
    let wait = match kind {
        Forfeit::Crash | Forfeit::Setup => LAST_WORDS_WAIT,
        Forfeit::Hang => Duration::ZERO,
        _ => return String::new(),
    };
    quote_last_words(program.and_then(|p| p.last_error(wait)).as_deref())
}

/// The forfeit a program's fault costs it; `None` for an interrupt (the
/// game is then not scored at all).
pub(crate) fn forfeit_for(fault: &Fault) -> Option<Forfeit> {
    match fault {
        Fault::Interrupted => None,
        Fault::Timeout(_) => Some(Forfeit::Hang),
        Fault::Ended(_) => Some(Forfeit::Crash),
        Fault::LineTooLong => Some(Forfeit::Protocol),
    }
}

/// The program (0: the first, 1: the second) that plays `color` in a game
/// where the first program has White or not.
fn program_of(color: Color, first_white: bool) -> usize {
    usize::from(color.is_white() != first_white)
}

fn play_one<R: Recorded>(
    config: &MatchConfig,
    programs: &mut [Option<ChildProgram>; 2],
    opening: &Game<R>,
    first_white: bool,
    opening_file: &std::path::Path,
    interrupt: &Arc<AtomicBool>,
) -> Option<Finished<R>> {
    let (white_clock, black_clock) = config.clocks(first_white);
    let mut start = opening.clone();
    if white_clock > 0 && black_clock > 0 {
        start.restart_clocks(white_clock, black_clock);
    }
    let mut table = Table {
        config,
        programs,
        first_white,
        game: start.clone(),
        plies: 0,
        made: [0, 0],
    };
    let written = write_atomic(opening_file, R::to_xml(&start).as_bytes());
    if let Err(e) = &written {
        eprintln!(
            "antichess: could not write the opening file {}: {e}",
            opening_file.display()
        );
    }
    for color in [Color::White, Color::Black] {
        let i = table.index(color);
        let command = if i == 0 {
            &config.first
        } else {
            &config.second
        };
        if table.programs[i].is_none() {
            table.programs[i] = ChildProgram::spawn(command).ok().map(|mut p| {
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
        let mut setup = || -> Result<(), String> {
            written
                .as_ref()
                .map_err(|e| format!("the opening file: {e}"))?;
            for (command, expected) in [(&new_game, "New game started"), (&load, "Game loaded")] {
                let word = command.split(' ').next().unwrap_or_default();
                match table.ask(i, command, ANSWER) {
                    Ok(answer) if answer == expected => {}
                    Ok(answer) => return Err(format!("{word} answered {}", quote(&answer))),
                    Err(Fault::Interrupted) => return Err(String::new()),
                    Err(fault) => return Err(format!("{fault} after {word}")),
                }
            }
            Ok(())
        };
        if let Err(why) = setup() {
            let _ = std::fs::remove_file(opening_file);
            if interrupt.load(Ordering::Relaxed) {
                return None;
            }
            return Some(table.forfeit(color, Forfeit::Setup, why));
        }
    }
    let _ = std::fs::remove_file(opening_file);

    loop {
        if interrupt.load(Ordering::Relaxed) {
            return None;
        }
        if table.plies >= table.config.max_plies {
            let plies = table.plies;
            return Some(table.record(
                Outcome::draw(Reason::Stalemate),
                None,
                format!("adjudicated a draw after {plies} plies past the opening"),
            ));
        }
        let turn = table.game.turn();
        let (mover, other) = (table.index(turn), table.index(turn.other()));
        let started = Instant::now();
        let answer = table.ask(
            mover,
            "GetNextMove",
            deadline(table.game.clock(turn).remaining()),
        );
        let spent = charged_ms(started);
        let text = match answer {
            Ok(t) => t,
            Err(f) => return table.fault(turn, f, "GetNextMove"),
        };
        if table.game.charge(spent).is_some() {
            return Some(table.forfeit(
                turn,
                Forfeit::Time,
                format!("{spent} ms on its last move"),
            ));
        }
        let m = match table.game.read_move(&text) {
            Err(_) => return Some(table.forfeit(turn, Forfeit::Garbage, quote(&text))),
            Ok(None) => return Some(table.forfeit(turn, Forfeit::IllegalMove, quote(&text))),
            Ok(Some(m)) => m,
        };
        let outcome = table.game.play(m, 0);
        table.plies += 1;
        for (side, command) in [
            (turn, "MakeNextMove".to_string()),
            (turn.other(), format!("MakeMove {text} {spent}")),
        ] {
            let word = command.split(' ').next().unwrap_or_default();
            match table.ask(table.index(side), &command, ANSWER) {
                Ok(echo) if echo == text => {}
                Err(f) => return table.fault(side, f, word),
                Ok(echo) => {
                    return Some(table.forfeit(
                        side,
                        Forfeit::Protocol,
                        format!("{word} answered {}", quote(&echo)),
                    ));
                }
            }
        }
        // The time control's bonus; the programs are told their clocks
        // by a game file (the TextUI knows no increment).
        let control = table.config.control(mover);
        table.made[mover] += 1;
        if outcome.is_none() && control.adds_time() {
            table
                .game
                .credit(turn, control.bonus_after(table.made[mover]));
            if let Err((color, answer)) = table.tell_clocks(opening_file) {
                return match answer {
                    Ok(answer) => {
                        let detail = format!("LoadGame answered {}", quote(&answer));
                        Some(table.forfeit(color, Forfeit::Protocol, detail))
                    }
                    Err(fault) => table.fault(color, fault, "LoadGame"),
                };
            }
        }
        if let Some(outcome) = outcome {
            // Both programs print the result line; a program that disagrees
            // is restarted, but the referee's rules decide.
            let expected = R::result_line(&table.game, outcome);
            for i in [mover, other] {
                let line = table.programs[i].as_mut().map(|p| p.recv(RESULT_LINE));
                if line.and_then(Result::ok).as_ref() != Some(&expected) {
                    table.programs[i] = None;
                }
            }
            let termination = R::describe(&table.game, outcome);
            return Some(table.record(outcome, None, termination));
        }
        // A draw either player could claim ends the game, as chess GUIs
        // end engine games (the programs are not asked: a claim is no
        // move, and the next game replaces this one).
        if let Some(outcome) = R::claimable_draw(&mut table.game) {
            let termination = R::describe(&table.game, outcome);
            return Some(table.record(outcome, None, termination));
        }
    }
}

/// The name of a program in records: `first program` or `second program`.
pub fn program_name(index: usize) -> &'static str {
    if index == 0 {
        "first program"
    } else {
        "second program"
    }
}

/// The final table of a match: games, wins, draws, losses and score of each
/// program, the Elo difference with its 95% margin, and the forfeits by
/// reason.
pub fn report_table(first: &str, second: &str, result: &MatchResult) -> String {
    use std::fmt::Write;
    let t = result.tally;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<8} {:>5} {:>5} {:>5} {:>6} {:>7}  program",
        "", "games", "wins", "draws", "losses", "score"
    );
    for (label, wins, losses, score, command) in [
        ("first", t.wins, t.losses, t.score(), first),
        ("second", t.losses, t.wins, 1.0 - t.score(), second),
    ] {
        let _ = writeln!(
            out,
            "{label:<8} {:>5} {wins:>5} {:>5} {losses:>6} {:>6.1}%  {command}",
            t.games(),
            t.draws,
            score * 100.0
        );
    }
    let _ = match t.elo_text() {
        text if text.starts_with("cannot") => {
            writeln!(out, "Elo difference (first - second): {text}")
        }
        text => writeln!(out, "Elo difference (first - second): {text} (95%)"),
    };
    if result.forfeits.is_empty() {
        let _ = writeln!(out, "forfeits: none");
    }
    for ((who, why), n) in &result.forfeits {
        let name = if *who == 0 { "first" } else { "second" };
        let _ = writeln!(out, "forfeits: {name} {why}: {n}");
    }
    out
}
