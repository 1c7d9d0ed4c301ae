//! The server's database (SQLite, compiled in): accounts, ratings, and
//! every game with every attempt, committed before anyone is told of it.
//! A game is stored as its moves and the time each took, so it replays
//! exactly (clocks included) after a restart or an adjournment.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};
use thiserror::Error;

/// What went wrong with the database.
#[derive(Debug, Error)]
pub enum DbError {
    /// The path exists and is not a regular file.
    #[error("{0}: not a regular file")]
    NotAFile(PathBuf),
    /// SQLite's error.
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Its number in the database (its `history` and `smoves` number).
    pub id: i64,
    /// White's handle.
    pub white: String,
    /// Black's handle.
    pub black: String,
    /// The ruleset's name.
    pub ruleset: String,
    /// Each side's starting time, in milliseconds (0: untimed).
    pub initial_ms: i64,
    /// Added after each move, in milliseconds.
    pub increment_ms: i64,
    /// Whether the game is rated.
    pub rated: bool,
    /// `playing`, `adjourned` or `over`.
    pub state: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// How it ended, in the words of the result line.
    pub why: String,
    /// Seconds since 1970 when it began.
    pub started: i64,
}

impl StoredGame {
    /// The player `name` (any case) played against.
    pub fn opponent_of(&self, name: &str) -> &str {
        if self.white.eq_ignore_ascii_case(name) {
            &self.black
        } else {
            &self.white
        }
    }
}

/// One attempt of a stored game: a played move, or a refused attempt
/// (Kriegspiel), with the milliseconds it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// The text the game read.
    pub text: String,
    /// Milliseconds charged.
    pub ms: i64,
}

/// The database.
pub struct Db {
    conn: Connection,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS users (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    hash TEXT NOT NULL,
    created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
    user TEXT NOT NULL COLLATE NOCASE,
    kind TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (user, kind)
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    initial_ms INTEGER NOT NULL,
    increment_ms INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    state TEXT NOT NULL,
    result TEXT NOT NULL,
    why TEXT NOT NULL,
    started INTEGER NOT NULL,
    pgn TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    text TEXT NOT NULL,
    ms INTEGER NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE INDEX IF NOT EXISTS games_by_white ON games(white);
CREATE INDEX IF NOT EXISTS games_by_black ON games(black);
";

fn now_seconds() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

impl Db {
    /// Opens (or creates) the database at `path`; a path that exists and
    /// is not a regular file (a folder, a device, a pipe) is refused.
    /// Games left `playing` by a server that stopped are adjourned, or
    /// aborted when a guest played them.
    pub fn open(path: &Path) -> Result<Db, DbError> {
        if let Ok(meta) = std::fs::metadata(path)
            && !meta.is_file()
        {
            return Err(DbError::NotAFile(path.to_path_buf()));
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            let _ = std::fs::create_dir_all(dir);
        }
        let conn = Connection::open(path)?;
        Db::set_up(conn)
    }

    /// A database in memory (tests).
    pub fn in_memory() -> Result<Db, DbError> {
        Db::set_up(Connection::open_in_memory()?)
    }

    fn set_up(conn: Connection) -> Result<Db, DbError> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.execute_batch(SCHEMA)?;
        // A guest's name is anyone's at the next login: a game a guest
        // played cannot be resumed by whoever takes the name next.
        conn.execute(
            "UPDATE games SET state = 'aborted', \
             why = 'Game aborted when the server stopped (a guest played it)' \
             WHERE state IN ('playing', 'adjourned') \
             AND (NOT EXISTS (SELECT 1 FROM users WHERE users.name = games.white) \
             OR NOT EXISTS (SELECT 1 FROM users WHERE users.name = games.black))",
            [],
        )?;
        conn.execute(
            "UPDATE games SET state = 'adjourned', why = 'Game adjourned when the server stopped' \
             WHERE state = 'playing'",
            [],
        )?;
        Ok(Db { conn })
    }

    /// Opens a transaction: what follows is written at [`Db::commit`].
    pub fn begin(&self) {
        if let Err(e) = self.conn.execute_batch("BEGIN IMMEDIATE") {
            eprintln!("server: database: cannot begin a transaction: {e}");
        }
    }

    /// Commits the transaction [`Db::begin`] opened (to disk: the journal
    /// is synced).
    pub fn commit(&self) {
        if self.conn.is_autocommit() {
            return;
        }
        if let Err(e) = self.conn.execute_batch("COMMIT") {
            eprintln!("server: database: cannot commit: {e}");
            let _ = self.conn.execute_batch("ROLLBACK");
        }
    }

    /// The password hash of a registered user, with the name as
    /// registered.
    pub fn user(&self, name: &str) -> Result<Option<(String, String)>, DbError> {
        Ok(self
            .conn
            .query_row(
                "SELECT name, hash FROM users WHERE name = ?1",
                [name],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    /// Registers `name` with a password hash, or changes its hash.
    pub fn set_user(&self, name: &str, hash: &str) -> Result<(), DbError> {
        self.conn.execute(
            "INSERT INTO users (name, hash, created) VALUES (?1, ?2, ?3) \
             ON CONFLICT(name) DO UPDATE SET hash = excluded.hash",
            params![name, hash, now_seconds()],
        )?;
        Ok(())
    }

    /// Registers `name` with a password hash: `false` when the name is
    /// taken (its hash is kept).
    pub fn add_user(&self, name: &str, hash: &str) -> Result<bool, DbError> {
        let added = self.conn.execute(
            "INSERT INTO users (name, hash, created) VALUES (?1, ?2, ?3) \
             ON CONFLICT(name) DO NOTHING",
            params![name, hash, now_seconds()],
        )?;
        Ok(added == 1)
    }

    /// A user's rating in `kind`: rating, deviation, volatility, games.
    pub fn rating(&self, user: &str, kind: &str) -> Result<Option<(f64, f64, f64, i64)>, DbError> {
        Ok(self
            .conn
            .query_row(
                "SELECT rating, deviation, volatility, games FROM ratings \
                 WHERE user = ?1 AND kind = ?2",
                [user, kind],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()?)
    }

    /// Every rating of a user, by kind.
    pub fn ratings(&self, user: &str) -> Result<Vec<(String, f64, f64, i64)>, DbError> {
        let mut stmt = self.conn.prepare(
            "SELECT kind, rating, deviation, games FROM ratings WHERE user = ?1 ORDER BY kind",
        )?;
        let rows = stmt.query_map([user], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Stores a user's rating in `kind`.
    pub fn set_rating(
        &self,
        user: &str,
        kind: &str,
        (rating, deviation, volatility, games): (f64, f64, f64, i64),
    ) -> Result<(), DbError> {
        self.conn.execute(
            "INSERT INTO ratings (user, kind, rating, deviation, volatility, games) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(user, kind) DO UPDATE SET \
             rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, games = excluded.games",
            params![user, kind, rating, deviation, volatility, games],
        )?;
        Ok(())
    }

    /// Stores a new game being played; its number.
    pub fn new_game(&self, game: &StoredGame) -> Result<i64, DbError> {
        self.conn.execute(
            "INSERT INTO games (white, black, ruleset, initial_ms, increment_ms, rated, \
             state, result, why, started) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'playing', '*', '', ?7)",
            params![
                game.white,
                game.black,
                game.ruleset,
                game.initial_ms,
                game.increment_ms,
                game.rated,
                now_seconds()
            ],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Commits one attempt of game `id`, the `seq`th (from 0).
    pub fn add_move(&self, id: i64, seq: usize, text: &str, ms: i64) -> Result<(), DbError> {
        self.conn.execute(
            "INSERT INTO moves (game, seq, text, ms) VALUES (?1, ?2, ?3, ?4)",
            params![id, i64::try_from(seq).unwrap_or(i64::MAX), text, ms],
        )?;
        Ok(())
    }

    /// Sets a game's state (`playing`, `adjourned`, `over`), result and
    /// the words of its ending.
    pub fn set_state(&self, id: i64, state: &str, result: &str, why: &str) -> Result<(), DbError> {
        self.conn.execute(
            "UPDATE games SET state = ?2, result = ?3, why = ?4 WHERE id = ?1",
            params![id, state, result, why],
        )?;
        Ok(())
    }

    /// Keeps a finished game's PGN.
    pub fn set_pgn(&self, id: i64, pgn: &str) -> Result<(), DbError> {
        self.conn
            .execute("UPDATE games SET pgn = ?2 WHERE id = ?1", params![id, pgn])?;
        Ok(())
    }

    /// The PGN kept for a finished game.
    pub fn pgn(&self, id: i64) -> Result<Option<String>, DbError> {
        Ok(self
            .conn
            .query_row("SELECT pgn FROM games WHERE id = ?1", [id], |r| r.get(0))
            .optional()?
            .flatten())
    }

    /// A stored game.
    pub fn game(&self, id: i64) -> Result<Option<StoredGame>, DbError> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
                [id],
                stored_game,
            )
            .optional()?)
    }

    /// The attempts of a stored game, in order.
    pub fn moves(&self, id: i64) -> Result<Vec<StoredMove>, DbError> {
        let mut stmt = self
            .conn
            .prepare("SELECT text, ms FROM moves WHERE game = ?1 ORDER BY seq")?;
        let rows = stmt.query_map([id], |r| {
            Ok(StoredMove {
                text: r.get(0)?,
                ms: r.get(1)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The last `limit` games `user` played, newest last, in the state
    /// given (`over`, `adjourned`).
    pub fn games_of(
        &self,
        user: &str,
        state: &str,
        limit: u32,
    ) -> Result<Vec<StoredGame>, DbError> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE (white = ?1 COLLATE NOCASE \
             OR black = ?1 COLLATE NOCASE) AND state = ?2 ORDER BY id DESC LIMIT ?3"
        ))?;
        let rows = stmt.query_map(params![user, state, limit], stored_game)?;
        let mut games: Vec<StoredGame> = rows.collect::<Result<_, _>>()?;
        games.reverse();
        Ok(games)
    }
}

const GAME_COLUMNS: &str =
    "id, white, black, ruleset, initial_ms, increment_ms, rated, state, result, why, started";

fn stored_game(r: &rusqlite::Row) -> rusqlite::Result<StoredGame> {
    Ok(StoredGame {
        id: r.get(0)?,
        white: r.get(1)?,
        black: r.get(2)?,
        ruleset: r.get(3)?,
        initial_ms: r.get(4)?,
        increment_ms: r.get(5)?,
        rated: r.get(6)?,
        state: r.get(7)?,
        result: r.get(8)?,
        why: r.get(9)?,
        started: r.get(10)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_stored_move_by_move_and_adjourned_on_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("server.db");
        let db = Db::open(&path).unwrap();
        db.set_user("Alice", "hash").unwrap();
        db.set_user("Bob", "hash").unwrap();
        assert_eq!(
            db.user("alice").unwrap(),
            Some(("Alice".to_string(), "hash".to_string()))
        );
        let game = StoredGame {
            id: 0,
            white: "Alice".into(),
            black: "bob".into(),
            ruleset: "chess".into(),
            initial_ms: 60_000,
            increment_ms: 0,
            rated: false,
            state: "playing".into(),
            result: "*".into(),
            why: String::new(),
            started: 0,
        };
        let id = db.new_game(&game).unwrap();
        db.add_move(id, 0, "e2e4", 1200).unwrap();
        db.add_move(id, 1, "e7e5", 800).unwrap();
        let guests = db
            .new_game(&StoredGame {
                black: "GuestABCD".into(),
                ..game.clone()
            })
            .unwrap();
        drop(db);
        let db = Db::open(&path).unwrap();
        let stored = db.game(id).unwrap().unwrap();
        assert_eq!(stored.state, "adjourned");
        // A guest's game is not left for whoever takes the name next.
        assert_eq!(db.game(guests).unwrap().unwrap().state, "aborted");
        assert_eq!(
            db.moves(id).unwrap(),
            vec![
                StoredMove {
                    text: "e2e4".into(),
                    ms: 1200
                },
                StoredMove {
                    text: "e7e5".into(),
                    ms: 800
                }
            ]
        );
        assert_eq!(db.games_of("alice", "adjourned", 10).unwrap().len(), 1);
    }

    #[test]
    fn a_folder_is_not_a_database() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(Db::open(dir.path()), Err(DbError::NotAFile(_))));
    }
}
