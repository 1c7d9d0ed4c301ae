//! The server's database (SQLite, compiled in): accounts, ratings, and
//! every game with every attempt, committed before anyone is told of it.
//! A game is stored as its moves and the time each took, so it replays
//! exactly (clocks included) after a restart or an adjournment.

use std::path::{Path, PathBuf};

use rusqlite::Connection;
use thiserror::Error;

use super::sql::{Cell, Dialect, Remote, Sql, SqlError, Tx, Value};

/// What went wrong with the database.
#[derive(Debug, Error)]
pub enum DbError {
    /// The path exists and is not a regular file.
    #[error("{0}: not a regular file")]
    NotAFile(PathBuf),
    /// The database's error.
    #[error("database: {0}")]
    Sql(#[from] SqlError),
}

impl From<rusqlite::Error> for DbError {
    fn from(e: rusqlite::Error) -> DbError {
        DbError::Sql(e.into())
    }
}

impl From<postgres::Error> for DbError {
    fn from(e: postgres::Error) -> DbError {
        DbError::Sql(e.into())
    }
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

/// The database: SQLite, or PostgreSQL shared by several server nodes.
pub struct Db {
    sql: Sql,
    /// PostgreSQL: a second connection, outside the batch's transaction,
    /// for the rows every node competes for (numbers listed, handles
    /// present): each such change commits at once, so no node's batch
    /// ever waits on another's ([`Db::shared`]).
    side: Option<Sql>,
    /// This node's name (PostgreSQL: the games it plays are its own).
    node: String,
}

/// How long a node's games stay its own without a sign of life: then
/// another node adjourns them (with every move), to be resumed anywhere.
pub const NODE_LEASE_SECONDS: f64 = 10.0;

/// The tables in PostgreSQL: SQLite's, with names compared in any case
/// through `lower(name)`, and each game's node.
const POSTGRES_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS users (
    name TEXT PRIMARY KEY,
    hash TEXT NOT NULL,
    created BIGINT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS users_any_case ON users (lower(name));
CREATE TABLE IF NOT EXISTS ratings (
    \"user\" TEXT NOT NULL,
    kind TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (\"user\", kind)
);
CREATE TABLE IF NOT EXISTS games (
    id BIGSERIAL PRIMARY KEY,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    initial_ms BIGINT NOT NULL,
    increment_ms BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    state TEXT NOT NULL,
    result TEXT NOT NULL,
    why TEXT NOT NULL,
    started BIGINT NOT NULL,
    pgn TEXT,
    node TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS moves (
    game BIGINT NOT NULL REFERENCES games(id),
    seq BIGINT NOT NULL,
    text TEXT NOT NULL,
    ms BIGINT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE INDEX IF NOT EXISTS games_by_white ON games(lower(white));
CREATE INDEX IF NOT EXISTS games_by_black ON games(lower(black));
CREATE TABLE IF NOT EXISTS server_nodes (
    name TEXT PRIMARY KEY,
    alive_until TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS server_listed (
    kind TEXT NOT NULL,
    number BIGINT NOT NULL,
    node TEXT NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (kind, number)
);
CREATE TABLE IF NOT EXISTS server_presence (
    handle_lower TEXT PRIMARY KEY,
    handle TEXT NOT NULL,
    node TEXT NOT NULL,
    shown TEXT NOT NULL
);
";

/// The live nodes, in SQL.
const LIVE_NODES: &str = "SELECT name FROM server_nodes WHERE alive_until > now()";

/// A lock number of the project's, held while the tables are made.
const SCHEMA_LOCK: i64 = 6170_0002;

/// Renews node `node`'s lease on the shared database at `url` every
/// [`KEEP_ALIVE`], on a thread of its own with its own connection,
/// until the process ends.
pub fn keep_alive(url: String, node: String) {
    std::thread::spawn(move || {
        let mut db = None;
        loop {
            std::thread::sleep(KEEP_ALIVE);
            if db.is_none() {
                db = Db::connect(&url, &node)
                    .map_err(|e| eprintln!("server: database: {e}"))
                    .ok();
            }
            if let Some(d) = &db
                && let Err(e) = d.keep_alive()
            {
                eprintln!("server: database: cannot say this node is alive: {e}");
                db = None;
            }
        }
    });
}

/// How often a node renews its lease: three times a lease.
pub const KEEP_ALIVE: std::time::Duration = std::time::Duration::from_millis(3300);

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

/// Games left `playing` by a server that stopped (SQLite) or by a node
/// no longer alive (PostgreSQL, `$1`: the live nodes): a guest's game is
/// aborted (a guest's name is anyone's at the next login, so its game
/// cannot be resumed by whoever takes the name next), the others are
/// adjourned.
const ORPHANS_ABORTED: &str = "UPDATE games SET state = 'aborted', \
     why = 'Game aborted when the server stopped (a guest played it)' \
     WHERE state IN ('playing', 'adjourned') AND ORPHAN \
     AND (NOT EXISTS (SELECT 1 FROM users WHERE lower(users.name) = lower(games.white)) \
     OR NOT EXISTS (SELECT 1 FROM users WHERE lower(users.name) = lower(games.black)))";
const ORPHANS_ADJOURNED: &str = "UPDATE games SET state = 'adjourned', \
     why = 'Game adjourned when the server stopped' WHERE state = 'playing' AND ORPHAN";

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

    /// Opens the PostgreSQL database at `url` (making the tables if
    /// missing) as node `node`, one of the server nodes sharing it: the
    /// games of nodes no longer alive are adjourned.
    pub fn open_shared(url: &str, node: &str) -> Result<Db, DbError> {
        let remote = Remote::connect(url)?;
        remote.run(|client| {
            let mut tx = client.transaction()?;
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])?;
            tx.batch_execute(POSTGRES_SCHEMA)?;
            tx.commit()
        })?;
        let db = Db {
            sql: Sql::Postgres(remote, std::cell::Cell::new(Tx::None)),
            side: Some(Sql::postgres(url)?),
            node: node.to_string(),
        };
        db.keep_alive()?;
        for table in ["server_presence", "server_listed"] {
            db.shared().execute(
                &format!("DELETE FROM {table} WHERE node = $1"),
                &[Value::Text(node)],
            )?;
        }
        Ok(db)
    }

    /// Another connection of node `node` to the shared database at `url`,
    /// whose tables [`Db::open_shared`] made (for its lease:
    /// [`Db::keep_alive`] on a thread of its own).
    pub fn connect(url: &str, node: &str) -> Result<Db, DbError> {
        Ok(Db {
            sql: Sql::postgres(url)?,
            side: None,
            node: node.to_string(),
        })
    }

    /// Where the rows all nodes compete for are written: the side
    /// connection, each statement committed at once.
    fn shared(&self) -> &Sql {
        self.side.as_ref().unwrap_or(&self.sql)
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
        let db = Db {
            sql: Sql::Sqlite(conn),
            side: None,
            node: String::new(),
        };
        for orphans in [ORPHANS_ABORTED, ORPHANS_ADJOURNED] {
            db.sql.execute(&orphans.replace("ORPHAN", "true"), &[])?;
        }
        Ok(db)
    }

    /// Whether other server nodes may share the database.
    pub fn is_shared(&self) -> bool {
        self.sql.dialect() == Dialect::Postgres
    }

    /// This node is alive (PostgreSQL; nothing for SQLite): its lease is
    /// renewed, and the games of nodes whose lease ran out are adjourned,
    /// every move kept, to be resumed on any node. Called every few
    /// seconds from a thread of its own ([`keep_alive`]), so that a hub
    /// slow for a moment is not taken for dead.
    pub fn keep_alive(&self) -> Result<(), DbError> {
        if !self.is_shared() {
            return Ok(());
        }
        let lease = Value::Real(NODE_LEASE_SECONDS);
        self.sql.execute(
            "INSERT INTO server_nodes (name, alive_until) \
             VALUES ($1, now() + make_interval(secs => $2)) \
             ON CONFLICT (name) DO UPDATE SET alive_until = excluded.alive_until",
            &[Value::Text(&self.node), lease],
        )?;
        let orphan = format!("node NOT IN ({LIVE_NODES})");
        for orphans in [ORPHANS_ABORTED, ORPHANS_ADJOURNED] {
            self.sql.execute(&orphans.replace("ORPHAN", &orphan), &[])?;
        }
        for table in ["server_presence", "server_listed"] {
            self.sql.execute(
                &format!("DELETE FROM {table} WHERE node NOT IN ({LIVE_NODES})"),
                &[],
            )?;
        }
        Ok(())
    }

    /// Takes number `number` of `kind` (`seek`, `game`) across the nodes,
    /// listed elsewhere as `line` (a game: its `games` line; a seek: its
    /// `sought` line and its `<s>` line, on two lines): `false` when
    /// another node has it (always `true` for SQLite).
    pub fn list(&self, kind: &str, number: u32, line: &str) -> Result<bool, DbError> {
        if !self.is_shared() {
            return Ok(true);
        }
        let taken = self.shared().execute(
            "INSERT INTO server_listed (kind, number, node, line) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (kind, number) DO UPDATE SET line = excluded.line \
             WHERE server_listed.node = excluded.node",
            &[
                Value::Text(kind),
                Value::Int(i64::from(number)),
                Value::Text(&self.node),
                Value::Text(line),
            ],
        )?;
        Ok(taken == 1)
    }

    /// Gives number `number` of `kind` back.
    pub fn unlist(&self, kind: &str, number: u32) -> Result<(), DbError> {
        if self.is_shared() {
            self.shared().execute(
                "DELETE FROM server_listed WHERE kind = $1 AND number = $2 AND node = $3",
                &[
                    Value::Text(kind),
                    Value::Int(i64::from(number)),
                    Value::Text(&self.node),
                ],
            )?;
        }
        Ok(())
    }

    /// The numbers of `kind` listed by any node, so that a free one is
    /// found in one round trip rather than one per number taken (none for
    /// SQLite).
    pub fn listed_numbers(&self, kind: &str) -> Result<std::collections::HashSet<u32>, DbError> {
        if !self.is_shared() {
            return Ok(Default::default());
        }
        let rows = self.sql.query(
            "SELECT number FROM server_listed WHERE kind = $1",
            &[Value::Text(kind)],
        )?;
        Ok(rows.iter().map(|r| r[0].int() as u32).collect())
    }

    /// What the other live nodes list of `kind`: number, node, line.
    pub fn listed_elsewhere(&self, kind: &str) -> Result<Vec<(u32, String, String)>, DbError> {
        if !self.is_shared() {
            return Ok(Vec::new());
        }
        let rows = self.sql.query(
            &format!(
                "SELECT number, node, line FROM server_listed WHERE kind = $1 \
                 AND node <> $2 AND node IN ({LIVE_NODES}) ORDER BY number"
            ),
            &[Value::Text(kind), Value::Text(&self.node)],
        )?;
        Ok(rows
            .iter()
            .map(|r| (r[0].int() as u32, r[1].text(), r[2].text()))
            .collect())
    }

    /// `handle` logged in on this node, shown in `who` as `shown`
    /// (shared database; nothing for SQLite): the node it was logged in
    /// on before, if another.
    pub fn present(&self, handle: &str, shown: &str) -> Result<Option<String>, DbError> {
        if !self.is_shared() {
            return Ok(None);
        }
        let before = self.node_of(handle)?.map(|(node, _)| node);
        self.shared().execute(
            "INSERT INTO server_presence (handle_lower, handle, node, shown) \
             VALUES (lower($1), $1, $2, $3) ON CONFLICT (handle_lower) DO UPDATE \
             SET handle = excluded.handle, node = excluded.node, shown = excluded.shown",
            &[
                Value::Text(handle),
                Value::Text(&self.node),
                Value::Text(shown),
            ],
        )?;
        Ok(before)
    }

    /// Takes `handle` for this node unless a live node has it: whether
    /// it was taken (always for SQLite).
    pub fn claim(&self, handle: &str, shown: &str) -> Result<bool, DbError> {
        if !self.is_shared() {
            return Ok(true);
        }
        let taken = self.shared().execute(
            &format!(
                "INSERT INTO server_presence (handle_lower, handle, node, shown) \
                 VALUES (lower($1), $1, $2, $3) ON CONFLICT (handle_lower) DO UPDATE \
                 SET handle = excluded.handle, node = excluded.node, shown = excluded.shown \
                 WHERE server_presence.node = excluded.node \
                 OR server_presence.node NOT IN ({LIVE_NODES})"
            ),
            &[
                Value::Text(handle),
                Value::Text(&self.node),
                Value::Text(shown),
            ],
        )?;
        Ok(taken == 1)
    }

    /// `handle` left this node.
    pub fn absent(&self, handle: &str) -> Result<(), DbError> {
        if self.is_shared() {
            self.shared().execute(
                "DELETE FROM server_presence WHERE handle_lower = lower($1) AND node = $2",
                &[Value::Text(handle), Value::Text(&self.node)],
            )?;
        }
        Ok(())
    }

    /// The live node other than this one where `handle` is logged in,
    /// and the handle as it logged in there.
    pub fn node_of(&self, handle: &str) -> Result<Option<(String, String)>, DbError> {
        if !self.is_shared() {
            return Ok(None);
        }
        let row = self.sql.query_opt(
            &format!(
                "SELECT node, handle FROM server_presence WHERE handle_lower = lower($1) \
                 AND node <> $2 AND node IN ({LIVE_NODES})"
            ),
            &[Value::Text(handle), Value::Text(&self.node)],
        )?;
        Ok(row.map(|r| (r[0].text(), r[1].text())))
    }

    /// The players logged in on the other live nodes: handle, and as
    /// `who` shows it.
    pub fn elsewhere(&self) -> Result<Vec<(String, String)>, DbError> {
        if !self.is_shared() {
            return Ok(Vec::new());
        }
        let rows = self.sql.query(
            &format!(
                "SELECT handle, shown FROM server_presence \
                 WHERE node <> $1 AND node IN ({LIVE_NODES})"
            ),
            &[Value::Text(&self.node)],
        )?;
        Ok(rows.iter().map(|r| (r[0].text(), r[1].text())).collect())
    }

    /// Sends node `node` a message, delivered when the transaction
    /// commits ([`super::bus`]).
    pub fn notify(&self, node: &str, payload: &str) -> Result<(), DbError> {
        if self.is_shared() {
            self.sql.execute(
                "SELECT pg_notify($1, $2)",
                &[
                    Value::Text(&super::bus::channel_of(node)),
                    Value::Text(payload),
                ],
            )?;
        }
        Ok(())
    }

    /// The live nodes (renewed their lease; none for SQLite).
    pub fn live_nodes(&self) -> Result<std::collections::HashSet<String>, DbError> {
        if !self.is_shared() {
            return Ok(Default::default());
        }
        let rows = self.sql.query(LIVE_NODES, &[])?;
        Ok(rows.iter().map(|r| r[0].text()).collect())
    }

    /// This node's name (empty for SQLite).
    pub fn node(&self) -> &str {
        &self.node
    }

    /// Opens a transaction: what follows is written at [`Db::commit`].
    pub fn begin(&self) {
        if let Err(e) = self.sql.begin() {
            eprintln!("server: database: cannot begin a transaction: {e}");
        }
    }

    /// Commits the transaction [`Db::begin`] opened (to disk: the journal
    /// is synced).
    pub fn commit(&self) {
        if let Err(e) = self.sql.commit() {
            eprintln!("server: database: cannot commit: {e}");
        }
    }

    /// The password hash of a registered user, with the name as
    /// registered.
    pub fn user(&self, name: &str) -> Result<Option<(String, String)>, DbError> {
        let row = self.sql.query_opt(
            "SELECT name, hash FROM users WHERE lower(name) = lower($1)",
            &[Value::Text(name)],
        )?;
        Ok(row.map(|r| (r[0].text(), r[1].text())))
    }

    /// Registers `name` with a password hash, or changes its hash.
    pub fn set_user(&self, name: &str, hash: &str) -> Result<(), DbError> {
        let changed = self.sql.execute(
            "UPDATE users SET hash = $2 WHERE lower(name) = lower($1)",
            &[Value::Text(name), Value::Text(hash)],
        )?;
        if changed == 0 {
            self.add_user(name, hash)?;
        }
        Ok(())
    }

    /// Registers `name` with a password hash: `false` when the name is
    /// taken (its hash is kept).
    pub fn add_user(&self, name: &str, hash: &str) -> Result<bool, DbError> {
        let added = self.sql.execute(
            "INSERT INTO users (name, hash, created) VALUES ($1, $2, $3) \
             ON CONFLICT DO NOTHING",
            &[
                Value::Text(name),
                Value::Text(hash),
                Value::Int(now_seconds()),
            ],
        )?;
        Ok(added == 1)
    }

    /// A user's rating in `kind`: rating, deviation, volatility, games.
    pub fn rating(&self, user: &str, kind: &str) -> Result<Option<(f64, f64, f64, i64)>, DbError> {
        let row = self.sql.query_opt(
            "SELECT rating, deviation, volatility, games FROM ratings \
             WHERE lower(\"user\") = lower($1) AND kind = $2",
            &[Value::Text(user), Value::Text(kind)],
        )?;
        Ok(row.map(|r| (r[0].real(), r[1].real(), r[2].real(), r[3].int())))
    }

    /// Every rating of a user, by kind.
    pub fn ratings(&self, user: &str) -> Result<Vec<(String, f64, f64, i64)>, DbError> {
        let rows = self.sql.query(
            "SELECT kind, rating, deviation, games FROM ratings \
             WHERE lower(\"user\") = lower($1) ORDER BY kind",
            &[Value::Text(user)],
        )?;
        Ok(rows
            .iter()
            .map(|r| (r[0].text(), r[1].real(), r[2].real(), r[3].int()))
            .collect())
    }

    /// Stores a user's rating in `kind`.
    pub fn set_rating(
        &self,
        user: &str,
        kind: &str,
        (rating, deviation, volatility, games): (f64, f64, f64, i64),
    ) -> Result<(), DbError> {
        self.sql.execute(
            "INSERT INTO ratings (\"user\", kind, rating, deviation, volatility, games) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT(\"user\", kind) DO UPDATE SET \
             rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, games = excluded.games",
            &[
                Value::Text(user),
                Value::Text(kind),
                Value::Real(rating),
                Value::Real(deviation),
                Value::Real(volatility),
                Value::Int(games),
            ],
        )?;
        Ok(())
    }

    /// Stores a new game being played (by this node); its number.
    pub fn new_game(&self, game: &StoredGame) -> Result<i64, DbError> {
        let node = match self.sql.dialect() {
            Dialect::Sqlite => "",
            Dialect::Postgres => ", node",
        };
        let (columns, values) = (
            format!(
                "white, black, ruleset, initial_ms, increment_ms, rated, state, result, why, started{node}"
            ),
            if node.is_empty() { "" } else { ", $8" },
        );
        let row = self.sql.query_opt(
            &format!(
                "INSERT INTO games ({columns}) \
                 VALUES ($1, $2, $3, $4, $5, $6, 'playing', '*', '', $7{values}) RETURNING id"
            ),
            &[
                Value::Text(&game.white),
                Value::Text(&game.black),
                Value::Text(&game.ruleset),
                Value::Int(game.initial_ms),
                Value::Int(game.increment_ms),
                Value::Int(i64::from(game.rated)),
                Value::Int(now_seconds()),
                Value::Text(&self.node),
            ][..if node.is_empty() { 7 } else { 8 }],
        )?;
        Ok(row.map_or(0, |r| r[0].int()))
    }

    /// Commits one attempt of game `id`, the `seq`th (from 0).
    pub fn add_move(&self, id: i64, seq: usize, text: &str, ms: i64) -> Result<(), DbError> {
        self.sql.execute(
            "INSERT INTO moves (game, seq, text, ms) VALUES ($1, $2, $3, $4)",
            &[
                Value::Int(id),
                Value::Int(i64::try_from(seq).unwrap_or(i64::MAX)),
                Value::Text(text),
                Value::Int(ms),
            ],
        )?;
        Ok(())
    }

    /// Sets a game's state (`playing`, `adjourned`, `over`), result and
    /// the words of its ending; a game set `playing` becomes this node's.
    pub fn set_state(&self, id: i64, state: &str, result: &str, why: &str) -> Result<(), DbError> {
        let params = [
            Value::Int(id),
            Value::Text(state),
            Value::Text(result),
            Value::Text(why),
            Value::Text(&self.node),
        ];
        match self.sql.dialect() {
            Dialect::Sqlite => self.sql.execute(
                "UPDATE games SET state = $2, result = $3, why = $4 WHERE id = $1",
                &params[..4],
            )?,
            Dialect::Postgres => self.sql.execute(
                "UPDATE games SET state = $2, result = $3, why = $4, \
                 node = CASE WHEN $2 = 'playing' THEN $5 ELSE node END WHERE id = $1",
                &params,
            )?,
        };
        Ok(())
    }

    /// Keeps a finished game's PGN.
    pub fn set_pgn(&self, id: i64, pgn: &str) -> Result<(), DbError> {
        self.sql.execute(
            "UPDATE games SET pgn = $2 WHERE id = $1",
            &[Value::Int(id), Value::Text(pgn)],
        )?;
        Ok(())
    }

    /// The PGN kept for a finished game.
    pub fn pgn(&self, id: i64) -> Result<Option<String>, DbError> {
        let row = self
            .sql
            .query_opt("SELECT pgn FROM games WHERE id = $1", &[Value::Int(id)])?;
        Ok(row.and_then(|r| r[0].opt_text()))
    }

    /// A stored game.
    pub fn game(&self, id: i64) -> Result<Option<StoredGame>, DbError> {
        let row = self.sql.query_opt(
            &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"),
            &[Value::Int(id)],
        )?;
        Ok(row.as_deref().map(stored_game))
    }

    /// The attempts of a stored game, in order.
    pub fn moves(&self, id: i64) -> Result<Vec<StoredMove>, DbError> {
        let rows = self.sql.query(
            "SELECT text, ms FROM moves WHERE game = $1 ORDER BY seq",
            &[Value::Int(id)],
        )?;
        Ok(rows
            .iter()
            .map(|r| StoredMove {
                text: r[0].text(),
                ms: r[1].int(),
            })
            .collect())
    }

    /// The last `limit` games `user` played, newest last, in the state
    /// given (`over`, `adjourned`).
    pub fn games_of(
        &self,
        user: &str,
        state: &str,
        limit: u32,
    ) -> Result<Vec<StoredGame>, DbError> {
        let rows = self.sql.query(
            &format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE (lower(white) = lower($1) \
                 OR lower(black) = lower($1)) AND state = $2 ORDER BY id DESC LIMIT $3"
            ),
            &[
                Value::Text(user),
                Value::Text(state),
                Value::Int(i64::from(limit)),
            ],
        )?;
        let mut games: Vec<StoredGame> = rows.iter().map(|r| stored_game(r)).collect();
        games.reverse();
        Ok(games)
    }
}

const GAME_COLUMNS: &str =
    "id, white, black, ruleset, initial_ms, increment_ms, rated, state, result, why, started";

fn stored_game(r: &[Cell]) -> StoredGame {
    StoredGame {
        id: r[0].int(),
        white: r[1].text(),
        black: r[2].text(),
        ruleset: r[3].text(),
        initial_ms: r[4].int(),
        increment_ms: r[5].int(),
        rated: r[6].int() != 0,
        state: r[7].text(),
        result: r[8].text(),
        why: r[9].text(),
        started: r[10].int(),
    }
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
