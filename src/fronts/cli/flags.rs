//! The flags several subcommands share, each defined once, and the
//! parsers of their values.

use std::time::Duration;

use clap::Args;
use shakmaty::ByColor;

use crate::engines::search;
use crate::game::{EngineOptions, PlayerKind, Strategy};
use crate::games::connect::Shape;
use crate::rules::chess::Ruleset;

/// The TextUI's engine options (and `play`'s, without the adapter).
#[derive(Args, Clone)]
pub(super) struct EngineArgs {
    /// Search to this fixed depth (fully reproducible moves when the clock
    /// is unlimited).
    #[arg(long)]
    pub(super) depth: Option<u32>,
    /// Think this long per move (always within the clock; default 1s when
    /// the clock is unlimited). Times take a unit: 1500ms, 2s, 1m (a bare
    /// number is milliseconds).
    #[arg(long, value_name = "TIME", value_parser = parse_millis)]
    pub(super) movetime: Option<u64>,
    #[command(flatten)]
    pub(super) table: TableArgs,
}

/// `--hash MB`: a table's size, defined once for every subcommand that
/// has a table.
#[derive(Args, Clone, Copy)]
pub(super) struct HashArg {
    /// Transposition table size in MB [default: 64]
    #[arg(long, value_name = "MB", value_parser = parse_hash)]
    hash: Option<u32>,
}

impl HashArg {
    /// The size asked for, or 64 MB.
    pub(super) fn mb(self) -> usize {
        self.mb_or(64)
    }

    /// The size asked for, or `default` MB.
    pub(super) fn mb_or(self, default: u32) -> usize {
        self.hash.unwrap_or(default) as usize
    }
}

/// `--threads N`, defined once for every subcommand that searches with
/// threads.
#[derive(Args, Clone, Copy)]
pub(super) struct ThreadsArg {
    /// Search threads (lazy SMP; more than one makes moves and node counts
    /// irreproducible) [default: one per core, at most 8; one with
    /// --depth]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
}

impl ThreadsArg {
    /// The threads asked for, or `default`.
    pub(super) fn or(self, default: usize) -> usize {
        self.threads.map_or(default, |n| n as usize)
    }
}

/// `--seed S`, defined once for every subcommand with a random seed.
#[derive(Args, Clone, Copy)]
pub(super) struct SeedArg {
    /// Random seed: the same seed gives the same openings and games
    /// [default: 1; 0 for `kriegspiel player`, whose seed is xored with
    /// each game's]
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
}

impl SeedArg {
    /// The seed given, or `default`.
    pub(super) fn or(self, default: u64) -> u64 {
        self.seed.unwrap_or(default)
    }
}

/// The search's memory and threads (TextUI, `play`, `uci`).
#[derive(Args, Clone)]
pub(super) struct TableArgs {
    #[command(flatten)]
    pub(super) hash: HashArg,
    #[command(flatten)]
    pub(super) threads: ThreadsArg,
}

impl TableArgs {
    /// The threads asked for, or the default: one per core, but a single
    /// one for a fixed-depth search, whose moves are then reproducible.
    pub(super) fn threads(&self, depth: Option<u32>) -> usize {
        self.threads.or(match depth {
            Some(_) => 1,
            None => search::default_threads(),
        })
    }
}

impl EngineArgs {
    /// The engine options these flags give.
    pub(super) fn options(&self) -> EngineOptions {
        EngineOptions {
            depth: self.depth,
            movetime: self.movetime.map(Duration::from_millis),
            hash_mb: self.table.hash.mb(),
            threads: self.table.threads(self.depth),
            ..EngineOptions::default()
        }
    }
}

/// The computer player: the engine's options, or a UCI engine asked
/// instead, or a baseline (the TextUI, `connect --bot`).
#[derive(Args, Clone)]
pub(super) struct ComputerArgs {
    #[command(flatten)]
    pub(super) engine: EngineArgs,
    /// Ask this UCI engine (a command line, split into words as a shell
    /// splits them and run without a shell) for the computer's moves
    /// instead of the built-in engine (none answers for it if it fails:
    /// piped, the session then ends with status 1).
    #[arg(long, value_name = "CMD")]
    uci_engine: Option<String>,
    /// With --uci-engine: the UCI_Variant to set (default: the game's
    /// ruleset name).
    #[arg(long, value_name = "V", requires = "uci_engine")]
    uci_variant: Option<String>,
    /// Who makes the computer's moves (random and first are baseline
    /// opponents for testing).
    #[arg(long, value_enum, default_value_t = PlayerArg::Engine)]
    player: PlayerArg,
}

/// `--player`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum PlayerArg {
    Engine,
    Random,
    First,
}

impl ComputerArgs {
    /// The computer player's options these flags give.
    pub(super) fn options(&self) -> EngineOptions {
        EngineOptions {
            uci_engine: self
                .uci_engine
                .clone()
                .map(|c| (c, self.uci_variant.clone())),
            strategy: match self.player {
                PlayerArg::Engine => Strategy::Engine,
                PlayerArg::Random => Strategy::Random,
                PlayerArg::First => Strategy::First,
            },
            ..self.engine.options()
        }
    }
}

/// Who sits at each side of a game at the terminal, and the clocks (`play`
/// and `kriegspiel`).
#[derive(Args)]
pub(super) struct SeatArgs {
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = Side::Human)]
    pub(super) white: Side,
    /// Who plays Black.
    #[arg(long, value_enum, default_value_t = Side::Computer)]
    pub(super) black: Side,
    /// Clock per side (0: unlimited): 5m, 90s, 1500ms (a bare number is
    /// milliseconds).
    #[arg(long, value_name = "TIME", default_value = "0", value_parser = parse_clock)]
    pub(super) clock: i64,
}

impl SeatArgs {
    /// Who plays each side.
    pub(super) fn players(&self) -> ByColor<PlayerKind> {
        ByColor {
            white: self.white.kind(),
            black: self.black.kind(),
        }
    }
}

/// The two programs of a match, how many games, and their clocks (both
/// referees).
#[derive(Args)]
pub(super) struct MatchArgs {
    /// Command line of the first program (White in the odd games). A
    /// command is split into words as a shell splits them (quotes and
    /// backslashes honoured) and run without a shell: $(...), pipes,
    /// globs and variables are passed on as written.
    #[arg(long, value_name = "CMD")]
    pub(super) white: String,
    /// Command line of the second program (split and run as --white's).
    #[arg(long, value_name = "CMD")]
    pub(super) black: String,
    /// Number of games (rounded up to an even number).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub(super) games: u32,
    /// Clock per side (0: unlimited): 5m, 90s, 1500ms (a bare number is
    /// milliseconds).
    #[arg(long, value_name = "TIME", default_value = "60s", value_parser = parse_clock)]
    pub(super) clock: i64,
}

/// An Elo difference of the SPRT: a number from -1000 to 1000.
pub(super) fn parse_elo(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(elo) if (-1000.0..=1000.0).contains(&elo) => Ok(elo),
        _ => Err("an Elo difference is a number from -1000 to 1000".into()),
    }
}

/// A duration with its unit: `90s`, `5m`, `1h`, `1500ms`, `2.5s`, `1m30s`;
/// a bare number is milliseconds.
pub(super) fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let bad = || format!("{text:?} is not a duration (such as 90s, 5m, 1h, 1500ms)");
    let text = text.trim();
    if text.is_empty() {
        return Err(bad());
    }
    if let Ok(ms) = text.parse::<u64>() {
        return Ok(std::time::Duration::from_millis(ms));
    }
    let mut total = 0.0f64;
    let mut rest = text;
    while !rest.is_empty() {
        let number_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(bad)?;
        let number: f64 = rest[..number_end].parse().map_err(|_| bad())?;
        if number_end == 0 {
            return Err(bad());
        }
        rest = &rest[number_end..];
        let unit_end = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let seconds = match &rest[..unit_end] {
            "ms" => 0.001,
            "s" => 1.0,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            _ => return Err(bad()),
        };
        total += number * seconds;
        rest = &rest[unit_end..];
    }
    if !total.is_finite() || total > 1e9 {
        return Err(bad());
    }
    Ok(std::time::Duration::from_secs_f64(total))
}

/// A time in milliseconds, written as [`parse_duration`] reads it.
pub(super) fn parse_millis(text: &str) -> Result<u64, String> {
    parse_duration(text).map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// A clock in milliseconds (as [`parse_millis`]), as the clocks keep it.
pub(super) fn parse_clock(text: &str) -> Result<i64, String> {
    parse_millis(text).map(|ms| i64::try_from(ms).unwrap_or(i64::MAX))
}

/// A clock that must run: more than nothing.
pub(super) fn parse_running_clock(text: &str) -> Result<i64, String> {
    match parse_clock(text)? {
        0 => Err("a clock here must be more than 0".to_string()),
        ms => Ok(ms),
    }
}

/// A table size in MB: 1 to 65,536, and memory the machine can give.
pub(super) fn parse_hash(text: &str) -> Result<u32, String> {
    let mb: u32 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number of MB"))?;
    if !(1..=65_536).contains(&mb) {
        return Err("a table is 1 to 65536 MB".into());
    }
    search::check_hash_size(mb as usize)?;
    Ok(mb)
}

/// A ruleset name of one of the built-in games.
pub(super) fn parse_variant_name(name: &str) -> Result<String, String> {
    let games = crate::games::builtin();
    match games.kind(name) {
        Some(_) => Ok(name.to_string()),
        None => Err(format!("unknown ruleset (known: {})", games.known_names())),
    }
}

pub(super) fn parse_board_ruleset(name: &str) -> Result<Ruleset, String> {
    Ruleset::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Ruleset::NAMES.iter().map(|(n, _)| *n).collect();
        format!(
            "not a ruleset of the 8 x 8 board (known: {})",
            names.join(", ")
        )
    })
}

pub(super) fn parse_shape(name: &str) -> Result<Shape, String> {
    Shape::from_name(name).ok_or_else(|| {
        "not a Connect N ruleset: connect-N-W-H (sides 2 to 10, 2 <= N <= the larger side) or connect-N (7 x 6)".to_string()
    })
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub(super) enum Side {
    Human,
    Computer,
}

impl Side {
    pub(super) fn kind(self) -> PlayerKind {
        match self {
            Side::Human => PlayerKind::Human,
            Side::Computer => PlayerKind::Computer,
        }
    }
}

/// Where a match's games are played: here, or by workers.
#[derive(Args)]
pub(super) struct QueueArg {
    /// Have workers play the games (`antichess worker`, on this machine
    /// or others): the match is put in the PostgreSQL database at this
    /// address (postgres://USER:PASSWORD@HOST:PORT/DB, or
    /// postgresql:///DB?host=/run/postgresql through a local socket),
    /// and this command waits for the games, printing and writing them
    /// as it would play them itself; --concurrency is then each worker's.
    /// Stopping it (Ctrl-C, or an SPRT that decided) stops the workers'
    /// games of the match.
    #[arg(long = "db", value_name = "URL", value_parser = parse_postgres)]
    pub(super) db: Option<String>,
}

/// A PostgreSQL database's address.
pub(super) fn parse_postgres(text: &str) -> Result<String, String> {
    if crate::sys::database_url::is_postgres(text) {
        Ok(text.to_string())
    } else {
        Err("a PostgreSQL address: postgres://USER@HOST/DB".into())
    }
}
