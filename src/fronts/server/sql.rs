//! One connection to the server's database, SQLite (a file, compiled in:
//! the default) or PostgreSQL (`postgres://...`, shared by several server
//! nodes), taking the same statement text for both: parameters are
//! written `$1`, `$2`, ... (rewritten `?1`, `?2` for SQLite), values are
//! integers, reals and text, and rows come back as [`Cell`]s. Where the
//! two dialects differ, the caller picks ([`Sql::dialect`]).
//!
//! PostgreSQL's client runs on a thread of its own ([`Remote`]): the hub
//! runs inside an async runtime, where the blocking client's own runtime
//! may not start. The hub waits for each answer, as it waits for SQLite.

use std::sync::mpsc;

use rusqlite::Connection;
use thiserror::Error;

/// A database's error.
#[derive(Debug, Error)]
pub enum SqlError {
    /// SQLite's.
    #[error("{0}")]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL's.
    #[error("{0}")]
    Postgres(#[from] postgres::Error),
    /// A value of a type this layer does not read.
    #[error("column {0}: a type the server does not store")]
    Type(usize),
    /// The PostgreSQL client's thread ended.
    #[error("the connection to the database ended")]
    Gone,
}

/// A parameter.
#[derive(Clone, Copy, Debug)]
pub enum Value<'a> {
    /// An integer (BIGINT).
    Int(i64),
    /// A real (DOUBLE PRECISION).
    Real(f64),
    /// Text.
    Text(&'a str),
}

/// A value read back.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// NULL.
    Null,
    /// An integer.
    Int(i64),
    /// A real.
    Real(f64),
    /// Text.
    Text(String),
}

impl Cell {
    /// The integer (0 for anything else).
    pub fn int(&self) -> i64 {
        match self {
            Cell::Int(i) => *i,
            Cell::Real(r) => *r as i64,
            _ => 0,
        }
    }

    /// The real (0 for anything else).
    pub fn real(&self) -> f64 {
        match self {
            Cell::Real(r) => *r,
            Cell::Int(i) => *i as f64,
            _ => 0.0,
        }
    }

    /// The text (empty for anything else).
    pub fn text(&self) -> String {
        match self {
            Cell::Text(t) => t.clone(),
            _ => String::new(),
        }
    }

    /// The text, `None` for NULL.
    pub fn opt_text(&self) -> Option<String> {
        match self {
            Cell::Null => None,
            c => Some(c.text()),
        }
    }
}

/// Which database it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// SQLite.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

/// A connection.
pub enum Sql {
    /// SQLite.
    Sqlite(Connection),
    /// PostgreSQL, with where its transaction is.
    Postgres(Remote, std::cell::Cell<Tx>),
}

/// Where a PostgreSQL connection's transaction is. One is opened only
/// when a statement comes ([`Sql::begin`] asks for it): a batch of events
/// that changes nothing costs no round trip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tx {
    /// None: each statement commits on its own.
    None,
    /// Asked for: opened before the next statement.
    Wanted,
    /// Open.
    Open,
}

/// A job for the client's thread.
type Job = Box<dyn FnOnce(&mut Link) + Send>;

/// The client on its thread, with the statements it has prepared: the
/// server's statements are a few dozen texts, each parsed by PostgreSQL
/// once per connection rather than at every use (a round trip saved).
pub struct Link {
    client: postgres::Client,
    statements: std::collections::HashMap<String, postgres::Statement>,
}

/// The most statements a connection keeps prepared (past it, the cache
/// starts again).
const PREPARED: usize = 256;

impl Link {
    /// The statement `sql`, prepared on first use.
    fn prepared(&mut self, sql: &str) -> Result<postgres::Statement, postgres::Error> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql)?;
        if self.statements.len() >= PREPARED {
            self.statements.clear();
        }
        self.statements.insert(sql.to_string(), statement.clone());
        Ok(statement)
    }
}

/// A PostgreSQL client on a thread of its own, which ends with it.
pub struct Remote {
    jobs: mpsc::Sender<Job>,
}

impl Remote {
    /// Connects to `url` on a new thread.
    pub fn connect(url: &str) -> Result<Remote, SqlError> {
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (told, connected) = mpsc::channel();
        let url = url.to_string();
        std::thread::spawn(move || {
            let client = match postgres::Client::connect(&url, postgres::NoTls) {
                Ok(c) => {
                    let _ = told.send(Ok(()));
                    c
                }
                Err(e) => {
                    let _ = told.send(Err(e));
                    return;
                }
            };
            let mut link = Link {
                client,
                statements: std::collections::HashMap::new(),
            };
            for job in inbox {
                job(&mut link);
            }
        });
        connected.recv().map_err(|_| SqlError::Gone)??;
        Ok(Remote { jobs })
    }

    /// Runs `job` on the client's thread and waits for its answer.
    pub fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut postgres::Client) -> Result<T, postgres::Error> + Send + 'static,
    ) -> Result<T, SqlError> {
        self.run_linked(move |link| job(&mut link.client))
    }

    /// Runs `job` on the client's thread, with its prepared statements,
    /// and waits for its answer.
    fn run_linked<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Link) -> Result<T, postgres::Error> + Send + 'static,
    ) -> Result<T, SqlError> {
        let (answer, answered) = mpsc::channel();
        let job: Job = Box::new(move |link| {
            let _ = answer.send(job(link));
        });
        self.jobs.send(job).map_err(|_| SqlError::Gone)?;
        Ok(answered.recv().map_err(|_| SqlError::Gone)??)
    }
}

/// A parameter that can travel to the client's thread.
#[derive(Clone, Debug)]
enum Owned {
    Int(i64),
    Real(f64),
    Text(String),
}

impl postgres::types::ToSql for Owned {
    fn to_sql(
        &self,
        ty: &postgres::types::Type,
        out: &mut postgres::types::private::BytesMut,
    ) -> Result<postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self {
            Owned::Int(i) => i.to_sql(ty, out),
            Owned::Real(r) => r.to_sql(ty, out),
            Owned::Text(t) => t.to_sql(ty, out),
        }
    }

    fn accepts(ty: &postgres::types::Type) -> bool {
        <i64 as postgres::types::ToSql>::accepts(ty)
            || <f64 as postgres::types::ToSql>::accepts(ty)
            || <&str as postgres::types::ToSql>::accepts(ty)
    }

    postgres::types::to_sql_checked!();
}

fn owned(params: &[Value]) -> Vec<Owned> {
    params
        .iter()
        .map(|p| match *p {
            Value::Int(i) => Owned::Int(i),
            Value::Real(r) => Owned::Real(r),
            Value::Text(t) => Owned::Text(t.to_string()),
        })
        .collect()
}

fn refs(params: &[Owned]) -> Vec<&(dyn postgres::types::ToSql + Sync)> {
    params
        .iter()
        .map(|p| p as &(dyn postgres::types::ToSql + Sync))
        .collect()
}

impl rusqlite::ToSql for Value<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        Ok(match *self {
            Value::Int(i) => i.into(),
            Value::Real(r) => r.into(),
            Value::Text(t) => t.into(),
        })
    }
}

/// `$1`, `$2`, ... as SQLite's `?1`, `?2`.
fn for_sqlite(sql: &str) -> String {
    sql.replace('$', "?")
}

impl Sql {
    /// A connection to the PostgreSQL database at `url`.
    pub fn postgres(url: &str) -> Result<Sql, SqlError> {
        Ok(Sql::Postgres(
            Remote::connect(url)?,
            std::cell::Cell::new(Tx::None),
        ))
    }

    /// Opens the transaction [`Sql::begin`] asked for, before a statement.
    fn open_asked(&self) -> Result<(), SqlError> {
        if let Sql::Postgres(_, tx) = self
            && tx.get() == Tx::Wanted
        {
            self.batch("BEGIN")?;
            tx.set(Tx::Open);
        }
        Ok(())
    }

    /// Which database it is.
    pub fn dialect(&self) -> Dialect {
        match self {
            Sql::Sqlite(_) => Dialect::Sqlite,
            Sql::Postgres(..) => Dialect::Postgres,
        }
    }

    /// Runs statements without parameters.
    pub fn batch(&self, sql: &str) -> Result<(), SqlError> {
        match self {
            Sql::Sqlite(c) => c.execute_batch(sql)?,
            Sql::Postgres(c, _) => {
                let sql = sql.to_string();
                c.run(move |client| client.batch_execute(&sql))?
            }
        }
        Ok(())
    }

    /// Runs a statement; the rows it changed.
    pub fn execute(&self, sql: &str, params: &[Value]) -> Result<u64, SqlError> {
        match self {
            Sql::Sqlite(c) => {
                let params: Vec<&dyn rusqlite::ToSql> =
                    params.iter().map(|p| p as &dyn rusqlite::ToSql).collect();
                Ok(c.execute(&for_sqlite(sql), params.as_slice())? as u64)
            }
            Sql::Postgres(c, _) => {
                self.open_asked()?;
                let (sql, params) = (sql.to_string(), owned(params));
                c.run_linked(move |link| {
                    let statement = link.prepared(&sql)?;
                    link.client.execute(&statement, &refs(&params))
                })
            }
        }
    }

    /// Runs a query; its rows.
    pub fn query(&self, sql: &str, params: &[Value]) -> Result<Vec<Vec<Cell>>, SqlError> {
        match self {
            Sql::Sqlite(c) => {
                let params: Vec<&dyn rusqlite::ToSql> =
                    params.iter().map(|p| p as &dyn rusqlite::ToSql).collect();
                let mut stmt = c.prepare(&for_sqlite(sql))?;
                let width = stmt.column_count();
                let rows = stmt.query_map(params.as_slice(), |r| {
                    (0..width)
                        .map(|i| {
                            Ok(match r.get_ref(i)? {
                                rusqlite::types::ValueRef::Null => Cell::Null,
                                rusqlite::types::ValueRef::Integer(v) => Cell::Int(v),
                                rusqlite::types::ValueRef::Real(v) => Cell::Real(v),
                                rusqlite::types::ValueRef::Text(t) => {
                                    Cell::Text(String::from_utf8_lossy(t).into_owned())
                                }
                                rusqlite::types::ValueRef::Blob(_) => Cell::Null,
                            })
                        })
                        .collect()
                })?;
                Ok(rows.collect::<Result<_, _>>()?)
            }
            Sql::Postgres(c, _) => {
                self.open_asked()?;
                let (sql, params) = (sql.to_string(), owned(params));
                let rows = c.run_linked(move |link| {
                    let statement = link.prepared(&sql)?;
                    link.client.query(&statement, &refs(&params))
                })?;
                rows.iter().map(postgres_cells).collect()
            }
        }
    }

    /// The first row of a query, if any.
    pub fn query_opt(&self, sql: &str, params: &[Value]) -> Result<Option<Vec<Cell>>, SqlError> {
        Ok(self.query(sql, params)?.into_iter().next())
    }

    /// Opens a transaction (PostgreSQL: at the next statement): what
    /// follows is written at [`Sql::commit`].
    pub fn begin(&self) -> Result<(), SqlError> {
        match self {
            Sql::Sqlite(c) => c.execute_batch("BEGIN IMMEDIATE")?,
            Sql::Postgres(_, tx) => tx.set(Tx::Wanted),
        }
        Ok(())
    }

    /// Commits the transaction [`Sql::begin`] opened, if one is open; on
    /// failure it is rolled back.
    pub fn commit(&self) -> Result<(), SqlError> {
        let done = match self {
            Sql::Sqlite(c) if c.is_autocommit() => return Ok(()),
            Sql::Sqlite(c) => c.execute_batch("COMMIT").map_err(SqlError::from),
            Sql::Postgres(_, tx) => {
                if tx.replace(Tx::None) != Tx::Open {
                    return Ok(());
                }
                self.batch("COMMIT")
            }
        };
        if done.is_err() {
            let _ = self.batch("ROLLBACK");
        }
        done
    }
}

/// A PostgreSQL row as cells.
fn postgres_cells(row: &postgres::Row) -> Result<Vec<Cell>, SqlError> {
    use postgres::types::Type;
    (0..row.len())
        .map(|i| {
            let ty = row.columns()[i].type_();
            Ok(if *ty == Type::INT8 {
                row.try_get::<_, Option<i64>>(i)?
                    .map_or(Cell::Null, Cell::Int)
            } else if *ty == Type::INT4 {
                row.try_get::<_, Option<i32>>(i)?
                    .map_or(Cell::Null, |v| Cell::Int(v.into()))
            } else if *ty == Type::FLOAT8 {
                row.try_get::<_, Option<f64>>(i)?
                    .map_or(Cell::Null, Cell::Real)
            } else if *ty == Type::TEXT || *ty == Type::VARCHAR {
                row.try_get::<_, Option<String>>(i)?
                    .map_or(Cell::Null, Cell::Text)
            } else if *ty == Type::BOOL {
                row.try_get::<_, Option<bool>>(i)?
                    .map_or(Cell::Null, |b| Cell::Int(b.into()))
            } else {
                return Err(SqlError::Type(i));
            })
        })
        .collect()
}
