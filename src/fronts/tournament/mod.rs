//! `antichess tournament`: many programs in a round robin, a gauntlet or
//! the course's single-elimination knockout, every pairing a mini-match
//! played by the referee ([`crate::fronts::arena`], in the protocol of the game,
//! [`crate::fronts::arena::referee`]): one match loop, not a second. The state is saved after
//! every game ([`state`]), so a tournament stopped by Ctrl-C, a crash or a
//! reboot resumes where it stopped, no game played twice or lost.
//!
//! A knockout pairing that ends level after its games plays two more (one
//! opening, both colours), at most three times; still level, the program
//! that won a game in the fewest plies goes through, and if neither won a
//! game, the higher seed (the one named first).

pub mod rating;
pub mod schedule;
pub mod standings;
pub mod state;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::fronts::arena::{self, Forfeit, GameRecord, MatchConfig};
use crate::sys::safe_write::{WriteError, write_atomic};
use schedule::Pairing;
use state::{Format, Played, State};

/// Extra pairs of games a level knockout pairing may play.
const TIE_BREAK_PAIRS: u32 = 3;

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every game is played.
    Finished,
    /// Ctrl-C: the state is saved, to be resumed.
    Interrupted,
    /// A program crashed or failed to start and `recover` is off.
    Stopped(String),
}

/// A tournament being played.
pub struct Run<'a> {
    pub state: State,
    /// Where the state is saved after every game.
    pub state_path: PathBuf,
    /// Where the games and tables go.
    pub out_dir: PathBuf,
    /// Games at a time within a pairing.
    pub concurrency: usize,
    /// The PostgreSQL database whose workers play the games, if not here.
    pub queue: Option<String>,
    pub interrupt: Arc<AtomicBool>,
    /// Hears a line for each game played.
    pub report: &'a mut dyn FnMut(&str),
    /// The pairings met so far, in order.
    pub plan: Vec<Pairing>,
    /// A knockout's rounds: each pairing's programs and winner, or a bye.
    pub rounds: Vec<Vec<(usize, Option<usize>, usize)>>,
    /// The opening suite's positions, if the settings name one.
    suite: Option<Vec<Box<dyn crate::game::AnyGame>>>,
    stop: Option<String>,
}

impl<'a> Run<'a> {
    /// A run of `state`, saving to `state_path`; the error says what is
    /// wrong with its opening suite.
    pub fn new(
        state: State,
        state_path: PathBuf,
        out_dir: PathBuf,
        concurrency: usize,
        interrupt: Arc<AtomicBool>,
        report: &'a mut dyn FnMut(&str),
    ) -> Result<Run<'a>, String> {
        let suite = match &state.settings.openings_file {
            Some(path) => {
                Some(crate::games::builtin().read_suite(Path::new(path), &state.settings.ruleset)?)
            }
            None => None,
        };
        Ok(Run {
            state,
            state_path,
            out_dir,
            concurrency,
            queue: None,
            interrupt,
            report,
            plan: Vec::new(),
            rounds: Vec::new(),
            suite,
            stop: None,
        })
    }

    fn names(&self) -> Vec<String> {
        self.state
            .settings
            .programs
            .iter()
            .map(|(n, _)| n.clone())
            .collect()
    }

    /// Plays every game not yet played, in the schedule's order.
    pub fn play(&mut self) -> Stop {
        let s = &self.state.settings;
        let n = s.programs.len();
        let base = s.games.div_ceil(2) * 2;
        let result = match s.format {
            Format::RoundRobin | Format::Gauntlet => {
                let pairings = if s.format == Format::RoundRobin {
                    schedule::round_robin(n, s.rounds as usize)
                } else {
                    schedule::gauntlet(n, s.rounds as usize)
                };
                pairings
                    .into_iter()
                    .try_for_each(|(a, b)| self.pairing(a, b, base).map(|_| ()))
            }
            Format::Knockout => self.knockout(base),
        };
        match result {
            Ok(()) => Stop::Finished,
            Err(()) => match self.stop.take() {
                Some(why) => Stop::Stopped(why),
                None => Stop::Interrupted,
            },
        }
    }

    /// The knockout, round by round.
    fn knockout(&mut self, base: u32) -> Result<(), ()> {
        let mut slots = schedule::bracket(self.state.settings.programs.len());
        while slots.len() > 1 {
            let mut next = Vec::new();
            let mut round = Vec::new();
            for pair in slots.chunks(2) {
                match (pair[0], pair[1]) {
                    (Some(a), Some(b)) => {
                        let winner = self.knockout_pairing(a, b, base)?;
                        round.push((a, Some(b), winner));
                        next.push(Some(winner));
                    }
                    (Some(a), None) | (None, Some(a)) => {
                        round.push((a, None, a));
                        next.push(Some(a));
                    }
                    (None, None) => next.push(None),
                }
            }
            self.rounds.push(round);
            slots = next;
        }
        Ok(())
    }

    /// A knockout pairing to its decision: the winner.
    fn knockout_pairing(&mut self, a: usize, b: usize, base: u32) -> Result<usize, ()> {
        let mut games = base;
        let p = self.plan.len();
        loop {
            self.pairing_at(p, a, b, games)?;
            let played: Vec<Played> = (0..games)
                .filter_map(|g| self.state.games.get(&(p, g)).copied())
                .collect();
            let first: u32 = played.iter().map(|g| u32::from(g.first_points2)).sum();
            let second = 2 * played.len() as u32 - first;
            if first != second {
                return Ok(if first > second { a } else { b });
            }
            if games < base + 2 * TIE_BREAK_PAIRS {
                games += 2;
                continue;
            }
            // The fewest plies to a win; else the higher seed.
            let quickest = played
                .iter()
                .filter(|g| g.first_points2 != 1)
                .min_by_key(|g| g.plies);
            return Ok(match quickest {
                Some(g) if g.first_points2 == 2 => a,
                Some(_) => b,
                None => a.min(b),
            });
        }
    }

    /// Plays pairing `a` against `b` to `games` games (a new pairing).
    fn pairing(&mut self, a: usize, b: usize, games: u32) -> Result<usize, ()> {
        self.pairing_at(self.plan.len(), a, b, games)
    }

    /// Plays pairing number `p` (`a` against `b`) to `games` games, those
    /// played before skipped; its number.
    fn pairing_at(&mut self, p: usize, a: usize, b: usize, games: u32) -> Result<usize, ()> {
        if p == self.plan.len() {
            self.plan.push((a, b));
        }
        let s = self.state.settings.clone();
        let skip: BTreeSet<u32> = (0..games)
            .filter(|g| self.state.games.contains_key(&(p, *g)))
            .collect();
        if skip.len() as u32 == games {
            return Ok(p);
        }
        let (name_a, command_a) = s.programs[a].clone();
        let (name_b, command_b) = s.programs[b].clone();
        let dir = self.pairing_dir(p);
        if let Err(e) = std::fs::create_dir_all(&dir) {
            eprintln!("antichess: cannot create {}: {e}", dir.display());
        }
        let names = Some([name_a.clone(), name_b.clone()]);
        let interrupt = Arc::clone(&self.interrupt);
        let concurrency = self.concurrency;
        let suite = self.suite.clone();
        let queue = self.queue.clone();
        let mut on_game = |index: u32, record: &GameRecord| self.record(p, (a, b), index, record);
        let config = MatchConfig {
            first: command_a,
            second: command_b,
            games,
            clock_ms: s.clock_ms,
            second_clock_ms: None,
            increment_ms: s.increment_ms,
            period_moves: s.period_moves,
            ruleset: s.ruleset.clone(),
            games_known: crate::games::builtin(),
            opening_plies: s.openings,
            seed: s.seed,
            out_dir: Some(dir),
            max_plies: s.max_plies,
            concurrency,
            suite,
            skip,
            names,
        };
        let mut stopped = None;
        match queue {
            Some(url) => match arena::Queued::start(&url, &config) {
                Ok(queued) => {
                    let result = queued.play(&config, &interrupt, &mut on_game);
                    if result.interrupted && !interrupt.load(Ordering::Relaxed) {
                        stopped = Some("the database was lost".to_string());
                    }
                }
                Err(e) => stopped = Some(e),
            },
            None => {
                let referee = arena::referee(&config);
                arena::play_match_with(&config, referee.as_ref(), &interrupt, &mut on_game);
            }
        }
        if let Some(why) = stopped {
            self.stop = Some(why);
            return Err(());
        }
        if self.interrupt.load(Ordering::Relaxed) {
            return Err(());
        }
        Ok(p)
    }

    /// Keeps a finished game and saves the state; a crash stops the
    /// tournament unless programs are to be recovered. Once it is
    /// stopping, games that finish are not kept (a resume plays them): a
    /// worker may finish the next game before the stop reaches it.
    fn record(&mut self, p: usize, (a, b): Pairing, index: u32, record: &GameRecord) {
        if self.stop.is_some() {
            return;
        }
        let first = crate::rules::chess::Color::from_white(record.first_white);
        let first_points2 = match record.outcome.winner {
            None => 1,
            Some(c) if c == first => 2,
            Some(_) => 0,
        };
        self.state.games.insert(
            (p, index),
            Played {
                first_points2,
                plies: record.plies,
            },
        );
        if let Err(e) = self.state.save(&self.state_path) {
            eprintln!("antichess: cannot save {}: {e}", self.state_path.display());
        }
        let names = self.names();
        let (white, black) = if record.first_white { (a, b) } else { (b, a) };
        let result = match first_points2 {
            1 => "1/2-1/2",
            2 if record.first_white => "1-0",
            0 if !record.first_white => "1-0",
            _ => "0-1",
        };
        // The pairing's running score, as match managers show it.
        let games = self.state.games.range((p, 0)..(p + 1, 0));
        let played = games.clone().count() as f64;
        let points2: u32 = games.map(|(_, g)| u32::from(g.first_points2)).sum();
        let first_points = f64::from(points2) / 2.0;
        (self.report)(&format!(
            "pairing {} game {}: {} - {} {result} {} ({} plies); {} {first_points} - {} {}",
            p + 1,
            index + 1,
            names[white],
            names[black],
            record.termination,
            record.plies,
            names[a],
            played - first_points,
            names[b]
        ));
        let crashed = matches!(record.forfeit, Some(Forfeit::Crash | Forfeit::Setup));
        if crashed && !self.state.settings.recover && self.stop.is_none() {
            self.stop = Some(format!(
                "pairing {} game {}: {}",
                p + 1,
                index + 1,
                record.termination
            ));
            self.interrupt.store(true, Ordering::Relaxed);
        }
    }

    /// The results the standings count, game by game.
    pub fn results(&self) -> Vec<standings::Result> {
        self.state
            .games
            .iter()
            .filter_map(|(&(p, g), played)| {
                let &(a, b) = self.plan.get(p)?;
                let (white, black, white_points2) = if g % 2 == 0 {
                    (a, b, played.first_points2)
                } else {
                    (b, a, 2 - played.first_points2)
                };
                Some(standings::Result {
                    white,
                    black,
                    white_points2,
                })
            })
            .collect()
    }

    /// The standings, the crosstable and (a knockout) the bracket.
    pub fn tables(&self) -> String {
        let names = self.names();
        let results = self.results();
        let lines = standings::standings(names.len(), &results);
        let mut out = standings::standings_table(&names, &lines);
        out.push('\n');
        out.push_str(&standings::crosstable(&names, &lines, &results));
        if !self.rounds.is_empty() {
            out.push('\n');
            out.push_str(&self.bracket_text());
        }
        out
    }

    /// A knockout's rounds: each pairing with its points, and the winner.
    fn bracket_text(&self) -> String {
        let names = self.names();
        let mut out = String::new();
        let mut p = 0;
        for (r, round) in self.rounds.iter().enumerate() {
            let title = match self.rounds.len() - r {
                1 => "Final".to_string(),
                2 => "Semi-finals".to_string(),
                _ => format!("Round {}", r + 1),
            };
            let _ = writeln!(out, "{title}");
            for &(a, b, winner) in round {
                let Some(b) = b else {
                    let _ = writeln!(out, "  {} (seed {}): a bye", names[a], a + 1);
                    continue;
                };
                let games = self.state.games.range((p, 0)..(p + 1, 0));
                let total = games.clone().count() as f64;
                let points: f64 = games.map(|(_, g)| f64::from(g.first_points2) / 2.0).sum();
                let _ = writeln!(
                    out,
                    "  {} (seed {}) {points}-{} {} (seed {}): {} goes through",
                    names[a],
                    a + 1,
                    total - points,
                    names[b],
                    b + 1,
                    names[winner]
                );
                p += 1;
            }
        }
        if let Some(&(_, _, champion)) = self.rounds.last().and_then(|r| r.first()) {
            let _ = writeln!(out, "Winner: {}", names[champion]);
        }
        out
    }

    /// The folder of pairing `p`'s games.
    fn pairing_dir(&self, p: usize) -> PathBuf {
        let (a, b) = self.plan[p];
        let name = |i: usize| &self.state.settings.programs[i].0;
        self.out_dir
            .join(format!("pairing-{:03}-{}-vs-{}", p + 1, name(a), name(b)))
    }

    /// Writes the tables (`standings.txt`) and every game in one PGN
    /// (`tournament.pgn`, pairing by pairing) into the output folder.
    pub fn write_tables(&self) -> Result<(), WriteError> {
        write_atomic(
            &self.out_dir.join("standings.txt"),
            self.tables().as_bytes(),
        )?;
        let mut all = String::new();
        for p in 0..self.plan.len() {
            let dir = self.pairing_dir(p);
            for (&(_, g), _) in self.state.games.range((p, 0)..(p + 1, 0)) {
                if let Ok(text) =
                    std::fs::read_to_string(dir.join(format!("game-{:03}.pgn", g + 1)))
                {
                    all.push_str(&text);
                    if !text.ends_with("\n\n") {
                        all.push('\n');
                    }
                }
            }
        }
        write_atomic(&self.out_dir.join("tournament.pgn"), all.as_bytes())
    }
}

/// Where a tournament in `out_dir` keeps its state.
pub fn state_path(out_dir: &Path) -> PathBuf {
    out_dir.join("tournament.state")
}
