//! `antichess worker`: plays the pairs of games that coordinators
//! (`antichess referee --db ...`, `antichess tournament --db ...`) put
//! in the queue ([`super::queue`]), with the programs of this machine.
//!
//! Each of `concurrency` slots claims a pair, plays both its games as a
//! referee on one machine would, and delivers them in one transaction.
//! A heartbeat renews the leases of the pairs in play; a pair whose lease
//! is lost (another worker took it over) or whose match stopped (an SPRT
//! decided, the coordinator was stopped) is given up at once. A worker
//! plays a match only when its programs hash the same here as at the
//! coordinator ([`super::fingerprint`]); otherwise it says why, once, to
//! the coordinator, and leaves the match to others.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use super::queue::{Claim, Queue, shown};
use super::{Finished, MatchConfig, Tally, fingerprint, referee};
use crate::game::Registry;
use crate::sys::process::ChildProgram;

/// How a worker runs.
#[derive(Clone, Debug)]
pub struct WorkerOptions {
    /// The database (`postgres://...`).
    pub url: String,
    /// Its name in the queue (unique among the workers).
    pub name: String,
    /// Pairs played at the same time.
    pub concurrency: usize,
    /// How long a claimed pair is held without a renewal.
    pub lease: Duration,
}

/// How often an idle slot looks for work.
const IDLE: Duration = Duration::from_millis(300);
/// How often the heartbeat wakes (it renews leases every third of one).
const TICK: Duration = Duration::from_millis(100);
/// How long to wait before trying the database again after an error.
const RETRY: Duration = Duration::from_secs(2);

/// The pairs in play, each with the flag that stops its games.
type InPlay = Arc<Mutex<BTreeMap<Claim, Arc<AtomicBool>>>>;

/// Whether this machine's programs are the coordinator's, by match.
type Verdicts = Arc<Mutex<HashMap<i64, bool>>>;

/// Runs the worker until `stop` is set; how many pairs it delivered.
pub fn run(
    options: &WorkerOptions,
    games: &Registry,
    stop: &Arc<AtomicBool>,
) -> Result<u64, String> {
    // Reach the database once before starting, so that a wrong address
    // is an error at once.
    drop(Queue::connect(&options.url)?);
    let in_play: InPlay = Arc::default();
    let verdicts: Verdicts = Arc::default();
    let delivered = std::sync::atomic::AtomicU64::new(0);
    eprintln!(
        "antichess worker {}: {} slot{} on {}",
        options.name,
        options.concurrency,
        if options.concurrency == 1 { "" } else { "s" },
        shown(&options.url)
    );
    thread::scope(|scope| {
        scope.spawn(|| heartbeat(options, &in_play, stop));
        for _ in 0..options.concurrency {
            scope.spawn(|| {
                let mut slot = Slot {
                    options,
                    games,
                    stop,
                    in_play: &in_play,
                    verdicts: &verdicts,
                    flag: Arc::new(AtomicBool::new(false)),
                    programs: [None, None],
                    playing: None,
                    terms: HashMap::new(),
                    hashes: HashMap::new(),
                };
                delivered.fetch_add(slot.serve(), Ordering::Relaxed);
            });
        }
    });
    Ok(delivered.into_inner())
}

/// Keeps the leases of the pairs in play, and stops the games of a pair
/// that is lost or whose match stopped, and every game when `stop` is set.
fn heartbeat(options: &WorkerOptions, in_play: &InPlay, stop: &AtomicBool) {
    let mut queue: Option<Queue> = None;
    let mut due = Instant::now();
    loop {
        let stopping = stop.load(Ordering::Relaxed);
        let claims = in_play
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        if stopping {
            claims
                .values()
                .for_each(|f| f.store(true, Ordering::Relaxed));
            if claims.is_empty() {
                return;
            }
        }
        if !stopping && Instant::now() >= due && !claims.is_empty() {
            due = Instant::now() + options.lease / 3;
            let renewed = match queue
                .take()
                .map_or_else(|| Queue::connect(&options.url), Ok)
            {
                Ok(mut q) => {
                    let held = q.renew(&options.name, options.lease);
                    queue = Some(q);
                    held
                }
                Err(e) => Err(e),
            };
            match renewed {
                Ok(held) => {
                    // Lost: in play before the renewal and still in play,
                    // yet not renewed. A pair claimed since was not asked
                    // about; one finished since is no longer in play (and
                    // its slot's flag may already serve the next pair).
                    let now = in_play.lock().unwrap_or_else(PoisonError::into_inner);
                    for (claim, flag) in &*now {
                        if claims.contains_key(claim) && !held.contains(claim) {
                            flag.store(true, Ordering::Relaxed);
                        }
                    }
                }
                Err(e) => {
                    queue = None;
                    eprintln!("antichess worker: cannot renew leases: {e}");
                }
            }
        }
        thread::sleep(TICK);
    }
}

/// One slot of the worker: its connection, its two programs, and what it
/// learnt of the matches.
struct Slot<'a> {
    options: &'a WorkerOptions,
    games: &'a Registry,
    stop: &'a AtomicBool,
    in_play: &'a InPlay,
    verdicts: &'a Verdicts,
    /// Stops the games of the pair in play (the programs watch it).
    flag: Arc<AtomicBool>,
    programs: [Option<ChildProgram>; 2],
    /// The match the programs were started for.
    playing: Option<i64>,
    terms: HashMap<i64, Arc<MatchConfig>>,
    /// This machine's hashes of the programs, by command.
    hashes: HashMap<String, Result<String, String>>,
}

impl Slot<'_> {
    /// Claims and plays pairs until told to stop; the pairs delivered.
    fn serve(&mut self) -> u64 {
        let mut delivered = 0;
        let mut queue: Option<Queue> = None;
        while !self.stop.load(Ordering::Relaxed) {
            let step = match queue
                .take()
                .map_or_else(|| Queue::connect(&self.options.url), Ok)
            {
                Ok(mut q) => {
                    let step = self.step(&mut q);
                    queue = Some(q);
                    step
                }
                Err(e) => Err(e),
            };
            match step {
                Ok(Some(true)) => delivered += 1,
                Ok(Some(false)) => {}
                Ok(None) => self.nap(IDLE),
                Err(e) => {
                    queue = None;
                    eprintln!("antichess worker: the database: {e}; trying again");
                    self.nap(RETRY);
                }
            }
        }
        delivered
    }

    /// Sleeps `how_long`, or less when told to stop.
    fn nap(&self, how_long: Duration) {
        let end = Instant::now() + how_long;
        while Instant::now() < end && !self.stop.load(Ordering::Relaxed) {
            thread::sleep(TICK.min(end - Instant::now()));
        }
    }

    /// Claims a pair and plays it: `None` when there was none to claim,
    /// else whether it was delivered.
    fn step(&mut self, queue: &mut Queue) -> Result<Option<bool>, String> {
        let mut ids = Vec::new();
        for open in queue.open_matches()? {
            let known = self.verdict_of(open.id);
            let fit = match known {
                Some(fit) => fit,
                None => {
                    let why = self.mismatch(&open.commands, &open.hashes);
                    if let Some(why) = &why {
                        eprintln!("antichess worker: not playing match {}: {why}", open.id);
                        queue.refuse(open.id, &self.options.name, why)?;
                    }
                    self.verdicts
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .insert(open.id, why.is_none());
                    why.is_none()
                }
            };
            if fit {
                ids.push(open.id);
            }
        }
        let Some(claim) = queue.claim(&self.options.name, &ids, self.options.lease)? else {
            return Ok(None);
        };
        let config = match self.terms.get(&claim.match_id) {
            Some(c) => Arc::clone(c),
            None => match queue.terms(claim.match_id, self.games) {
                Ok(c) => {
                    let c = Arc::new(c);
                    self.terms.insert(claim.match_id, Arc::clone(&c));
                    c
                }
                Err(why) => {
                    // Terms this build cannot play: left to other workers.
                    eprintln!(
                        "antichess worker: not playing match {}: {why}",
                        claim.match_id
                    );
                    queue.refuse(claim.match_id, &self.options.name, &why)?;
                    self.verdicts
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .insert(claim.match_id, false);
                    queue.release(&self.options.name, claim)?;
                    return Ok(Some(false));
                }
            },
        };
        let hashes = [
            self.hash(&config.first).unwrap_or_default(),
            self.hash(&config.second).unwrap_or_default(),
        ];
        let Some(games) = self.play_pair(claim, &config) else {
            queue.release(&self.options.name, claim)?;
            eprintln!(
                "match {} pair {}: given up (stopped, or taken over)",
                claim.match_id,
                claim.pair + 1
            );
            return Ok(Some(false));
        };
        let delivered = queue.deliver(&self.options.name, claim, &hashes, &games)?;
        let mut tally = Tally::default();
        for (_, f) in &games {
            match f.record.outcome.winner {
                None => tally.draws += 1,
                Some(c) if c.is_white() == f.record.first_white => tally.wins += 1,
                Some(_) => tally.losses += 1,
            }
        }
        if delivered {
            eprintln!(
                "match {} pair {}: delivered, first +{} ={} -{}",
                claim.match_id,
                claim.pair + 1,
                tally.wins,
                tally.draws,
                tally.losses
            );
        } else {
            eprintln!(
                "match {} pair {}: not delivered: another worker holds it now",
                claim.match_id,
                claim.pair + 1
            );
        }
        Ok(Some(delivered))
    }

    fn verdict_of(&self, id: i64) -> Option<bool> {
        self.verdicts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&id)
            .copied()
    }

    /// This machine's hash of what `command` runs.
    fn hash(&mut self, command: &str) -> Result<String, String> {
        self.hashes
            .entry(command.to_string())
            .or_insert_with(|| fingerprint(command))
            .clone()
    }

    /// Why this machine's programs are not the coordinator's, if they are
    /// not.
    fn mismatch(&mut self, commands: &[String; 2], hashes: &[String; 2]) -> Option<String> {
        for (i, (command, theirs)) in commands.iter().zip(hashes).enumerate() {
            let which = if i == 0 { "first" } else { "second" };
            match self.hash(command) {
                Err(e) => return Some(format!("its {which} program cannot be read here: {e}")),
                Ok(ours) if &ours != theirs => {
                    return Some(format!(
                        "its {which} program differs here (hash {ours}, the referee's {theirs})"
                    ));
                }
                Ok(_) => {}
            }
        }
        None
    }

    /// Plays both games of `claim`'s pair (but those the match skips);
    /// `None` when stopped.
    fn play_pair(&mut self, claim: Claim, config: &MatchConfig) -> Option<Vec<(u32, Finished)>> {
        if self.playing != Some(claim.match_id) {
            self.programs = [None, None];
            self.playing = Some(claim.match_id);
        }
        self.flag.store(false, Ordering::Relaxed);
        self.in_play
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(claim, Arc::clone(&self.flag));
        eprintln!("match {} pair {}: playing", claim.match_id, claim.pair + 1);
        let played = self.play_games(claim, config);
        self.in_play
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&claim);
        if played.is_none() {
            // A stopped game leaves its programs mid-answer.
            self.programs = [None, None];
        }
        played
    }

    fn play_games(&mut self, claim: Claim, config: &MatchConfig) -> Option<Vec<(u32, Finished)>> {
        let folder = tempfile::Builder::new()
            .prefix("antichess-worker-")
            .tempdir()
            .map_err(|e| eprintln!("antichess worker: cannot make a private folder: {e}"))
            .ok()?;
        let referee = referee(config);
        let mut games = Vec::new();
        for first_white in [true, false] {
            let index = claim.pair * 2 + u32::from(!first_white);
            if config.skip.contains(&index) {
                continue;
            }
            let finished = referee.play_game(
                config,
                &mut self.programs,
                index,
                first_white,
                folder.path(),
                &self.flag,
            )?;
            games.push((index, finished));
        }
        Some(games)
    }
}
