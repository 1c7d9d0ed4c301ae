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

mod coordinator;
mod elo;
mod fingerprint;
mod openings;
mod pentanomial;
mod play;
pub mod queue;
mod records;
mod referee;
mod report;
mod sprt;
pub mod worker;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::thread;

pub use coordinator::Queued;
pub use elo::Tally;
pub use fingerprint::fingerprint;
pub use openings::random_opening;
pub use pentanomial::Pentanomial;

pub use crate::game::{
    Finished, Forfeit, GameRecord, MatchConfig, Referee, TimeControl, deadline, forfeit_for,
    last_words, program_name, program_of,
};
pub use referee::TextUi;
pub use report::report_table;
pub use sprt::{Decision, Sprt};

use crate::rules::chess::Color;
use crate::sys::process::ChildProgram;

/// The result of a match.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
    /// The first program's wins, draws and losses.
    pub tally: Tally,
    /// The same by pairs of games.
    pub pairs: Pentanomial,
    /// Forfeits by offender (0: first, 1: second) and reason.
    pub forfeits: BTreeMap<(usize, Forfeit), u32>,
    /// Whether the match was interrupted.
    pub interrupted: bool,
}

impl MatchResult {
    /// Counts finished game `index`: the first program's win, draw or
    /// loss, its pair's once both are in, and the forfeit, by offender.
    pub fn count(&mut self, index: u32, record: &GameRecord) {
        let first_color = Color::from_white(record.first_white);
        let half_points = match record.outcome.winner {
            None => {
                self.tally.draws += 1;
                1
            }
            Some(c) if c == first_color => {
                self.tally.wins += 1;
                2
            }
            Some(_) => {
                self.tally.losses += 1;
                0
            }
        };
        self.pairs.add(index, half_points);
        if let (Some(f), Some(winner)) = (record.forfeit, record.outcome.winner) {
            let offender = usize::from(winner == first_color);
            *self.forfeits.entry((offender, f)).or_default() += 1;
        }
    }
}

/// How the match's games are refereed: in the protocol of the game's own
/// ([`crate::game::Kind::referee`]), or else the TextUI protocol.
pub fn referee(config: &MatchConfig) -> Box<dyn Referee> {
    config
        .games_known
        .referee(&config.ruleset)
        .unwrap_or_else(|| Box::new(TextUi))
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
            result.count(index, &record);
            if let Some(dir) = &config.out_dir {
                records::write_files(dir, index, &files);
            }
            on_game(index, &record);
        }
    });
    result
}
