//! The match queue in PostgreSQL, which a referee (the coordinator) and
//! any number of workers share: a match's terms and openings, its pairs
//! of games, each claimed by one worker for a lease that the worker keeps
//! renewing, and the finished games. Every statement the coordinator and
//! the workers send is here.
//!
//! A pair whose worker stops renewing its lease (killed, cut off) is
//! claimed again by another once the lease has run out; the first worker,
//! should it come back, can no longer deliver it. A match whose
//! coordinator stops renewing its own lease is left alone by the workers.
//! Times are the database's (`now()`), so the machines' clocks need not
//! agree.

use std::time::Duration;

use postgres::{Client, NoTls, Row};

use super::{Finished, Forfeit, GameRecord, MatchConfig};
use crate::game::{AnyGame, Color, Outcome, Reason, Registry};
pub use crate::sys::database_url::{is_postgres, shown};

/// The tables, made when missing (under a lock, so that processes
/// starting together do not race).
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS arena_matches (
    id BIGSERIAL PRIMARY KEY,
    first_command TEXT NOT NULL,
    second_command TEXT NOT NULL,
    first_hash TEXT NOT NULL,
    second_hash TEXT NOT NULL,
    first_name TEXT,
    second_name TEXT,
    games INTEGER NOT NULL,
    clock_ms BIGINT NOT NULL,
    second_clock_ms BIGINT,
    increment_ms BIGINT NOT NULL,
    period_moves INTEGER,
    ruleset TEXT NOT NULL,
    opening_plies INTEGER NOT NULL,
    seed BIGINT NOT NULL,
    max_plies BIGINT NOT NULL,
    skip INTEGER[] NOT NULL,
    state TEXT NOT NULL DEFAULT 'open',
    alive_until TIMESTAMPTZ NOT NULL,
    created TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS arena_openings (
    match_id BIGINT NOT NULL REFERENCES arena_matches(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    game_file TEXT NOT NULL,
    PRIMARY KEY (match_id, n)
);
CREATE TABLE IF NOT EXISTS arena_pairs (
    match_id BIGINT NOT NULL REFERENCES arena_matches(id) ON DELETE CASCADE,
    pair INTEGER NOT NULL,
    worker TEXT,
    lease_until TIMESTAMPTZ,
    claims INTEGER NOT NULL DEFAULT 0,
    done BOOLEAN NOT NULL DEFAULT false,
    PRIMARY KEY (match_id, pair)
);
CREATE TABLE IF NOT EXISTS arena_results (
    match_id BIGINT NOT NULL REFERENCES arena_matches(id) ON DELETE CASCADE,
    game INTEGER NOT NULL,
    worker TEXT NOT NULL,
    first_hash TEXT NOT NULL,
    second_hash TEXT NOT NULL,
    first_white BOOLEAN NOT NULL,
    winner TEXT,
    reason TEXT NOT NULL,
    forfeit TEXT,
    termination TEXT NOT NULL,
    plies INTEGER NOT NULL,
    counted TEXT,
    extensions TEXT[] NOT NULL,
    files TEXT[] NOT NULL,
    PRIMARY KEY (match_id, game)
);
CREATE TABLE IF NOT EXISTS arena_refusals (
    match_id BIGINT NOT NULL REFERENCES arena_matches(id) ON DELETE CASCADE,
    worker TEXT NOT NULL,
    why TEXT NOT NULL,
    PRIMARY KEY (match_id, worker)
);
";

/// A lock number of the project's, held while the tables are made.
const SCHEMA_LOCK: i64 = 6170_0001;

/// How long a coordinator's match stays open without a sign of life.
pub const COORDINATOR_LEASE: Duration = Duration::from_secs(15);

/// A connection to the queue.
pub struct Queue {
    client: Client,
}

fn db_error(url: &str) -> impl Fn(postgres::Error) -> String + '_ {
    move |e| format!("the database {}: {e}", shown(url))
}

/// One match the workers may take pairs of.
pub struct OpenMatch {
    /// Its number.
    pub id: i64,
    /// The programs' commands, first and second.
    pub commands: [String; 2],
    /// The programs' hashes at the coordinator.
    pub hashes: [String; 2],
}

/// A pair a worker holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Claim {
    /// The match.
    pub match_id: i64,
    /// The pair (games `2 pair` and `2 pair + 1`).
    pub pair: u32,
}

/// A finished game as the queue holds it.
pub struct Delivered {
    /// The game's index in the match.
    pub index: u32,
    /// Its record and files.
    pub finished: Finished,
    /// The worker that played it.
    pub worker: String,
}

impl Queue {
    /// Connects to the database at `url`, making the tables if missing.
    pub fn connect(url: &str) -> Result<Queue, String> {
        let mut client = Client::connect(url, NoTls).map_err(db_error(url))?;
        let mut tx = client.transaction().map_err(db_error(url))?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])
            .map_err(db_error(url))?;
        tx.batch_execute(SCHEMA).map_err(db_error(url))?;
        tx.commit().map_err(db_error(url))?;
        Ok(Queue { client })
    }

    /// Puts a match in the queue: its terms, openings and pairs (those
    /// with a game to play); its number.
    pub fn put_match(&mut self, config: &MatchConfig, hashes: &[String; 2]) -> Result<i64, String> {
        let mut tx = self.client.transaction().map_err(|e| e.to_string())?;
        let [first_name, second_name] = config.names.clone().map_or([None, None], |n| n.map(Some));
        let skip: Vec<i32> = config.skip.iter().map(|&g| g as i32).collect();
        let row = tx
            .query_one(
                "INSERT INTO arena_matches (first_command, second_command, first_hash,
                    second_hash, first_name, second_name, games, clock_ms, second_clock_ms,
                    increment_ms, period_moves, ruleset, opening_plies, seed, max_plies, skip,
                    alive_until)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
                    now() + make_interval(secs => $17))
                 RETURNING id",
                &[
                    &config.first,
                    &config.second,
                    &hashes[0],
                    &hashes[1],
                    &first_name,
                    &second_name,
                    &(config.games as i32),
                    &config.clock_ms,
                    &config.second_clock_ms,
                    &config.increment_ms,
                    &config.period_moves.map(|m| m as i32),
                    &config.ruleset,
                    &(config.opening_plies as i32),
                    &(config.seed as i64),
                    &(config.max_plies as i64),
                    &skip,
                    &COORDINATOR_LEASE.as_secs_f64(),
                ],
            )
            .map_err(|e| e.to_string())?;
        let id: i64 = col(&row, 0)?;
        for (n, game) in config.suite.iter().flatten().enumerate() {
            tx.execute(
                "INSERT INTO arena_openings (match_id, n, game_file) VALUES ($1, $2, $3)",
                &[&id, &(n as i32), &game.to_xml()],
            )
            .map_err(|e| e.to_string())?;
        }
        let pairs: Vec<i32> = (0..config.games.div_ceil(2))
            .filter(|p| !(config.skip.contains(&(2 * p)) && config.skip.contains(&(2 * p + 1))))
            .map(|p| p as i32)
            .collect();
        tx.execute(
            "INSERT INTO arena_pairs (match_id, pair) SELECT $1, unnest($2::INTEGER[])",
            &[&id, &pairs],
        )
        .map_err(|e| e.to_string())?;
        tx.commit().map_err(|e| e.to_string())?;
        Ok(id)
    }

    /// The coordinator is alive: its match stays open a while longer.
    /// Returns how many of its pairs are still to be played.
    pub fn keep_open(&mut self, id: i64) -> Result<i64, String> {
        self.client
            .execute(
                "UPDATE arena_matches SET alive_until = now() + make_interval(secs => $2)
                 WHERE id = $1",
                &[&id, &COORDINATOR_LEASE.as_secs_f64()],
            )
            .map_err(|e| e.to_string())?;
        let row = self
            .client
            .query_one(
                "SELECT count(*) FROM arena_pairs WHERE match_id = $1 AND NOT done",
                &[&id],
            )
            .map_err(|e| e.to_string())?;
        col(&row, 0)
    }

    /// Ends a match (`stopped`: before every pair was played, which the
    /// workers playing its pairs give up; `done`: all played).
    pub fn close(&mut self, id: i64, state: &str) -> Result<(), String> {
        self.client
            .execute(
                "UPDATE arena_matches SET state = $2 WHERE id = $1",
                &[&id, &state],
            )
            .map(drop)
            .map_err(|e| e.to_string())
    }

    /// The games of match `id` delivered, but for those of `seen` (game
    /// indices; a set, not a sequence number, since deliveries commit in
    /// any order).
    pub fn results(&mut self, id: i64, seen: &[i32]) -> Result<Vec<Delivered>, String> {
        let rows = self
            .client
            .query(
                "SELECT game, worker, first_white, winner, reason, forfeit, termination,
                    plies, counted, extensions, files
                 FROM arena_results WHERE match_id = $1 AND NOT (game = ANY($2))",
                &[&id, &seen],
            )
            .map_err(|e| e.to_string())?;
        rows.iter().map(delivered_of).collect()
    }

    /// Why workers refused match `id`, by worker.
    pub fn refusals(&mut self, id: i64) -> Result<Vec<(String, String)>, String> {
        let rows = self
            .client
            .query(
                "SELECT worker, why FROM arena_refusals WHERE match_id = $1 ORDER BY worker",
                &[&id],
            )
            .map_err(|e| e.to_string())?;
        rows.iter().map(|r| Ok((col(r, 0)?, col(r, 1)?))).collect()
    }

    /// How many times each pair of match `id` was claimed, by pair.
    pub fn claims(&mut self, id: i64) -> Result<Vec<(u32, u32)>, String> {
        let rows = self
            .client
            .query(
                "SELECT pair, claims FROM arena_pairs WHERE match_id = $1 ORDER BY pair",
                &[&id],
            )
            .map_err(|e| e.to_string())?;
        rows.iter()
            .map(|r| Ok((col::<i32>(r, 0)? as u32, col::<i32>(r, 1)? as u32)))
            .collect()
    }

    /// The matches open to workers: not ended, their coordinator alive.
    pub fn open_matches(&mut self) -> Result<Vec<OpenMatch>, String> {
        let rows = self
            .client
            .query(
                "SELECT id, first_command, second_command, first_hash, second_hash
                 FROM arena_matches WHERE state = 'open' AND alive_until > now() ORDER BY id",
                &[],
            )
            .map_err(|e| e.to_string())?;
        rows.iter()
            .map(|r| {
                Ok(OpenMatch {
                    id: col(r, 0)?,
                    commands: [col(r, 1)?, col(r, 2)?],
                    hashes: [col(r, 3)?, col(r, 4)?],
                })
            })
            .collect()
    }

    /// The terms of match `id`, its games looked up in `games`.
    pub fn terms(&mut self, id: i64, games: &Registry) -> Result<MatchConfig, String> {
        let r = &self
            .client
            .query_one(
                "SELECT first_command, second_command, first_name, second_name, games,
                    clock_ms, second_clock_ms, increment_ms, period_moves, ruleset,
                    opening_plies, seed, max_plies, skip
                 FROM arena_matches WHERE id = $1",
                &[&id],
            )
            .map_err(|e| e.to_string())?;
        let openings = self
            .client
            .query(
                "SELECT game_file FROM arena_openings WHERE match_id = $1 ORDER BY n",
                &[&id],
            )
            .map_err(|e| e.to_string())?;
        let suite = openings
            .iter()
            .map(|o| games.read_file(col::<&str>(o, 0)?.as_bytes()))
            .collect::<Result<Vec<Box<dyn AnyGame>>, String>>()?;
        let ruleset: String = col(r, 9)?;
        if games.kind(&ruleset).is_none() {
            return Err(format!("its ruleset {ruleset:?} is not known here"));
        }
        let names = match (col::<Option<String>>(r, 2)?, col::<Option<String>>(r, 3)?) {
            (Some(a), Some(b)) => Some([a, b]),
            _ => None,
        };
        Ok(MatchConfig {
            first: col(r, 0)?,
            second: col(r, 1)?,
            names,
            games: col::<i32>(r, 4)? as u32,
            clock_ms: col(r, 5)?,
            second_clock_ms: col(r, 6)?,
            increment_ms: col(r, 7)?,
            period_moves: col::<Option<i32>>(r, 8)?.map(|m| m as u32),
            ruleset,
            opening_plies: col::<i32>(r, 10)? as u32,
            seed: col::<i64>(r, 11)? as u64,
            max_plies: col::<i64>(r, 12)? as usize,
            skip: col::<Vec<i32>>(r, 13)?
                .into_iter()
                .map(|g| g as u32)
                .collect(),
            suite: (!suite.is_empty()).then_some(suite),
            games_known: games.clone(),
            out_dir: None,
            concurrency: 1,
        })
    }

    /// Worker `worker` will not play match `id`, and says why.
    pub fn refuse(&mut self, id: i64, worker: &str, why: &str) -> Result<(), String> {
        self.client
            .execute(
                "INSERT INTO arena_refusals (match_id, worker, why) VALUES ($1, $2, $3)
                 ON CONFLICT (match_id, worker) DO UPDATE SET why = EXCLUDED.why",
                &[&id, &worker, &why],
            )
            .map(drop)
            .map_err(|e| e.to_string())
    }

    /// Claims for `worker`, for `lease`, the first pair of the matches
    /// `ids` that no one holds; `None` when there is none.
    pub fn claim(
        &mut self,
        worker: &str,
        ids: &[i64],
        lease: Duration,
    ) -> Result<Option<Claim>, String> {
        let row = self
            .client
            .query_opt(
                "UPDATE arena_pairs SET worker = $1, claims = claims + 1,
                    lease_until = now() + make_interval(secs => $2)
                 WHERE (match_id, pair) = (
                    SELECT p.match_id, p.pair FROM arena_pairs p
                    JOIN arena_matches m ON m.id = p.match_id
                    WHERE p.match_id = ANY($3) AND m.state = 'open' AND m.alive_until > now()
                      AND NOT p.done AND (p.lease_until IS NULL OR p.lease_until < now())
                    ORDER BY p.match_id, p.pair LIMIT 1
                    FOR UPDATE OF p SKIP LOCKED)
                 RETURNING match_id, pair",
                &[&worker, &lease.as_secs_f64(), &ids],
            )
            .map_err(|e| e.to_string())?;
        row.map(|r| {
            Ok(Claim {
                match_id: col(&r, 0)?,
                pair: col::<i32>(&r, 1)? as u32,
            })
        })
        .transpose()
    }

    /// Renews every lease `worker` holds on a pair of an open match; the
    /// pairs it still holds (any other it held is lost or stopped).
    pub fn renew(&mut self, worker: &str, lease: Duration) -> Result<Vec<Claim>, String> {
        let rows = self
            .client
            .query(
                "UPDATE arena_pairs p SET lease_until = now() + make_interval(secs => $2)
                 FROM arena_matches m
                 WHERE m.id = p.match_id AND p.worker = $1 AND NOT p.done AND m.state = 'open'
                 RETURNING p.match_id, p.pair",
                &[&worker, &lease.as_secs_f64()],
            )
            .map_err(|e| e.to_string())?;
        rows.iter()
            .map(|r| {
                Ok(Claim {
                    match_id: col(r, 0)?,
                    pair: col::<i32>(r, 1)? as u32,
                })
            })
            .collect()
    }

    /// Gives a pair back unplayed, for another to claim at once.
    pub fn release(&mut self, worker: &str, claim: Claim) -> Result<(), String> {
        self.client
            .execute(
                "UPDATE arena_pairs SET lease_until = NULL, worker = NULL
                 WHERE match_id = $1 AND pair = $2 AND worker = $3 AND NOT done",
                &[&claim.match_id, &(claim.pair as i32), &worker],
            )
            .map(drop)
            .map_err(|e| e.to_string())
    }

    /// Delivers the games of a pair `worker` holds, in one transaction:
    /// `false` (nothing written) when the pair is no longer its own.
    pub fn deliver(
        &mut self,
        worker: &str,
        claim: Claim,
        hashes: &[String; 2],
        games: &[(u32, Finished)],
    ) -> Result<bool, String> {
        let mut tx = self.client.transaction().map_err(|e| e.to_string())?;
        let pair = claim.pair as i32;
        let held = tx
            .query_opt(
                "SELECT 1 FROM arena_pairs
                 WHERE match_id = $1 AND pair = $2 AND worker = $3 AND NOT done FOR UPDATE",
                &[&claim.match_id, &pair, &worker],
            )
            .map_err(|e| e.to_string())?;
        if held.is_none() {
            return Ok(false);
        }
        for (index, Finished { record, files }) in games {
            let winner = record.outcome.winner.map(|c| match c {
                Color::White => "white",
                Color::Black => "black",
            });
            let forfeit = record.forfeit.map(|f| f.to_string());
            let extensions: Vec<&str> = files.iter().map(|(e, _)| *e).collect();
            let texts: Vec<&str> = files.iter().map(|(_, t)| t.as_str()).collect();
            tx.execute(
                "INSERT INTO arena_results (match_id, game, worker, first_hash, second_hash,
                    first_white, winner, reason, forfeit, termination, plies, counted,
                    extensions, files)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
                &[
                    &claim.match_id,
                    &(*index as i32),
                    &worker,
                    &hashes[0],
                    &hashes[1],
                    &record.first_white,
                    &winner,
                    &record.outcome.reason.as_str(),
                    &forfeit,
                    &record.termination,
                    &(record.plies as i32),
                    &record.counted,
                    &extensions,
                    &texts,
                ],
            )
            .map_err(|e| e.to_string())?;
        }
        tx.execute(
            "UPDATE arena_pairs SET done = true, lease_until = NULL
             WHERE match_id = $1 AND pair = $2",
            &[&claim.match_id, &pair],
        )
        .map_err(|e| e.to_string())?;
        tx.commit().map_err(|e| e.to_string())?;
        Ok(true)
    }
}

/// A delivered game from its row (`game, worker, first_white, winner,
/// reason, forfeit, termination, plies, counted, extensions, files`).
fn delivered_of(row: &Row) -> Result<Delivered, String> {
    let reason_name: &str = col(row, 4)?;
    let reason =
        Reason::named(reason_name).ok_or_else(|| format!("unknown reason {reason_name:?}"))?;
    let outcome = match col::<Option<&str>>(row, 3)? {
        None => Outcome::draw(reason),
        Some("white") => Outcome::win(Color::White, reason),
        Some(_) => Outcome::win(Color::Black, reason),
    };
    let extensions: Vec<String> = col(row, 9)?;
    let texts: Vec<String> = col(row, 10)?;
    let files = extensions
        .into_iter()
        .map(|e| extension(&e))
        .zip(texts)
        .collect();
    Ok(Delivered {
        index: col::<i32>(row, 0)? as u32,
        worker: col(row, 1)?,
        finished: Finished {
            record: GameRecord {
                first_white: col(row, 2)?,
                outcome,
                forfeit: col::<Option<&str>>(row, 5)?.map(forfeit_named),
                termination: col(row, 6)?,
                plies: col::<i32>(row, 7)? as usize,
                counted: col(row, 8)?,
            },
            files,
        },
    })
}

/// Column `i` of `row`: an error, not a panic, when it is of another
/// type (a table of the same name made by something else).
fn col<'a, T: postgres::types::FromSql<'a>>(row: &'a Row, i: usize) -> Result<T, String> {
    row.try_get(i).map_err(|e| format!("column {i}: {e}"))
}

/// The record's file extensions the referees write.
fn extension(text: &str) -> &'static str {
    match text {
        "pgn" => "pgn",
        "xml" => "xml",
        _ => "txt",
    }
}

/// The forfeit its words name (a game's own limit for words no other
/// forfeit has).
fn forfeit_named(words: &str) -> Forfeit {
    [
        Forfeit::Setup,
        Forfeit::Time,
        Forfeit::Hang,
        Forfeit::Crash,
        Forfeit::Garbage,
        Forfeit::IllegalMove,
        Forfeit::Protocol,
    ]
    .into_iter()
    .find(|f| f.to_string() == words)
    .unwrap_or_else(|| Forfeit::Limit(intern(words)))
}

/// `words` as a string that lives for the program's run, each text kept
/// once.
fn intern(words: &str) -> &'static str {
    use std::collections::BTreeSet;
    use std::sync::Mutex;
    static KEPT: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&k) = kept.get(words) {
        return k;
    }
    let k: &'static str = Box::leak(words.to_string().into_boxed_str());
    kept.insert(k);
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forfeits_come_back_from_their_words() {
        for f in [
            Forfeit::Hang,
            Forfeit::IllegalMove,
            Forfeit::Limit("too many attempts"),
        ] {
            assert_eq!(forfeit_named(&f.to_string()), f);
        }
    }
}
