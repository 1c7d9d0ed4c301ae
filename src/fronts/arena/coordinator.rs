//! A match played by workers (`antichess referee --db postgres://...`):
//! the coordinator puts the match in the queue ([`super::queue`]), keeps
//! it open while it runs, and takes the games as the workers deliver
//! them, counting them and writing their records as a match played here
//! would. Stopping it (Ctrl-C, or an SPRT that decided) stops the match:
//! the workers give up its pairs in play.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::queue::{Queue, shown};
use super::{GameRecord, MatchConfig, MatchResult, fingerprint, records};

/// How often the coordinator looks for delivered games.
const POLL: Duration = Duration::from_millis(200);

/// How long the coordinator tries to reach a database it lost.
const RECONNECT: Duration = Duration::from_secs(60);

/// A connection to `url` again after `error`, tried every 2 s for
/// [`RECONNECT`] (`None`: not reached, or interrupted meanwhile).
fn reconnect(url: &str, interrupt: &AtomicBool, error: &str) -> Option<Queue> {
    eprintln!(
        "antichess: the database {}: {error}; trying again",
        shown(url)
    );
    let end = std::time::Instant::now() + RECONNECT;
    while std::time::Instant::now() < end && !interrupt.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_secs(2));
        if let Ok(queue) = Queue::connect(url) {
            return Some(queue);
        }
    }
    None
}

/// A match in the queue, its coordinator holding it open.
pub struct Queued {
    queue: Queue,
    id: i64,
    url: String,
}

impl Queued {
    /// Puts `config`'s match in the queue at `url`: an error when the
    /// database cannot be reached or a program cannot be read (for its
    /// hash), before any game is played.
    pub fn start(url: &str, config: &MatchConfig) -> Result<Queued, String> {
        let hashes = [fingerprint(&config.first)?, fingerprint(&config.second)?];
        let mut queue = Queue::connect(url)?;
        let id = queue.put_match(config, &hashes)?;
        Ok(Queued {
            queue,
            id,
            url: url.to_string(),
        })
    }

    /// The match's number in the queue.
    pub fn id(&self) -> i64 {
        self.id
    }

    /// Waits for the workers to play the match; `on_game` sees each game
    /// as it is delivered. The database lost mid-match ends it as
    /// interrupted, the games so far counted.
    pub fn play(
        mut self,
        config: &MatchConfig,
        interrupt: &Arc<AtomicBool>,
        mut on_game: impl FnMut(u32, &GameRecord),
    ) -> MatchResult {
        let (queue, id) = (&mut self.queue, self.id);
        let mut result = MatchResult::default();
        let mut seen: Vec<i32> = Vec::new();
        let mut refused = 0;
        let outcome = loop {
            if interrupt.load(Ordering::Relaxed) {
                result.interrupted = true;
                break queue.close(id, "stopped");
            }
            let step = (|| {
                let remaining = queue.keep_open(id)?;
                let mut delivered = queue.results(id, &seen)?;
                delivered.sort_by_key(|d| d.index);
                seen.extend(delivered.iter().map(|d| d.index as i32));
                for game in delivered {
                    // Games delivered after the match was stopped (an SPRT
                    // decided on one before them) are not counted.
                    if interrupt.load(Ordering::Relaxed) {
                        break;
                    }
                    let record = &game.finished.record;
                    result.count(game.index, record);
                    if let Some(dir) = &config.out_dir {
                        records::write_files(dir, game.index, &game.finished.files);
                    }
                    on_game(game.index, record);
                }
                let refusals = queue.refusals(id)?;
                for (worker, why) in refusals.iter().skip(refused) {
                    eprintln!("antichess: worker {worker} will not play match {id}: {why}");
                }
                refused = refused.max(refusals.len());
                Ok::<_, String>(remaining)
            })();
            match step {
                Ok(0) => break queue.close(id, "done"),
                Ok(_) => std::thread::sleep(POLL),
                // The database restarting or a moment without network:
                // the match goes on once it is back.
                Err(e) => match reconnect(&self.url, interrupt, &e) {
                    Some(q) => *queue = q,
                    None => break Err(e),
                },
            }
        };
        if let Err(e) = outcome {
            eprintln!(
                "antichess: the match stopped: the database {}: {e}",
                shown(&self.url)
            );
            result.interrupted = true;
        }
        result
    }
}
