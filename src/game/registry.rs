//! The games a program knows, as values: each [`Kind`] says which ruleset
//! names are its own, starts a game, reads its game files and counts its
//! moves; a [`Registry`] holds them in order. Front ends reach a game only
//! through a registry ([`crate::games::builtin`] lists the built-in games;
//! a test may add its own).

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use super::{AnyGame, Referee};
use crate::sys::safe_read::read_bounded;

pub use crate::sys::safe_read::MAX_FILE_BYTES;

/// What a file no game takes is.
const NOT_A_GAME_FILE: &str = "not a game file of any game this program knows";

/// Where `perft` starts: a position as the game writes one.
#[derive(Clone, Copy, Debug, Default)]
pub struct Setup<'a> {
    /// A FEN (chess and antichess).
    pub fen: Option<&'a str>,
    /// Moves from the empty board (Connect N).
    pub moves: Option<&'a str>,
}

/// What `perft` counted: every first move's count (`divide`), or the
/// total alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// The total.
    Total(u64),
    /// Each first move's text and count, in the game's order.
    Divided(Vec<(String, u64)>),
}

/// A game, as the registry knows it.
pub trait Kind: Send + Sync {
    /// Its name, for messages (`antichess`, `Connect N`).
    fn name(&self) -> &'static str;

    /// The ruleset names it takes, as the command line lists them.
    fn ruleset_names(&self) -> String;

    /// Whether `ruleset` names one of its rulesets.
    fn knows(&self, ruleset: &str) -> bool;

    /// The names the chess servers give its rulesets, each with the
    /// ruleset it names, the usual name first (Kriegspiel is `wild/16` on
    /// the Internet Chess Club, the name xboard reads); none by default.
    fn server_names(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// A new game under `ruleset` (one of its own), untimed.
    fn start(&self, ruleset: &str) -> Option<Box<dyn AnyGame>>;

    /// Reads a game file: `None` when the file is not one of this game's
    /// (another game's, or a format it has none of), else the game or what
    /// is wrong with the file, with where.
    fn read_file(&self, _bytes: &[u8]) -> Option<Result<Box<dyn AnyGame>, String>> {
        None
    }

    /// Game `number` (from 1) of a PGN file, at its last position with its
    /// moves as the history: `None` when this game has no PGN.
    fn read_pgn(&self, _path: &Path, _number: usize) -> Option<Result<Box<dyn AnyGame>, String>> {
        None
    }

    /// Checks a game file against its format, as `validate` does: `None`
    /// when the file is not one of this game's.
    fn check_file(&self, bytes: &[u8]) -> Option<Result<(), String>> {
        self.read_file(bytes).map(|r| r.map(drop))
    }

    /// Counts the move sequences of `depth` plies from `setup` (the start
    /// when it gives nothing) under `ruleset`; what is wrong with the
    /// set-up, in words.
    fn perft(
        &self,
        ruleset: &str,
        setup: Setup,
        depth: u32,
        divide: bool,
    ) -> Result<Counted, String>;

    /// The start positions of an opening suite file, as games under
    /// `ruleset`; the error says what is wrong, with where.
    fn read_suite(&self, _path: &Path, ruleset: &str) -> Result<Vec<Box<dyn AnyGame>>, String> {
        Err(no_suite(ruleset))
    }

    /// How a referee plays the game between two programs, for a game
    /// whose programs speak a protocol of their own (Kriegspiel's player
    /// protocol); `None`: the TextUI protocol, the arena's own.
    fn referee(&self) -> Option<Box<dyn Referee>> {
        None
    }
}

/// The games a program knows, first asked first.
///
/// ```
/// let games = antichess::games::builtin();
/// assert!(games.kind("chess").is_some());
/// assert!(games.kind("connect-4").is_some());
/// assert!(games.kind("checkers").is_none());
/// let game = games.start("connect-4", 0, 0).unwrap();
/// assert_eq!(game.legal_move_texts().len(), 7);
/// ```
#[derive(Clone, Default)]
pub struct Registry {
    kinds: Vec<Arc<dyn Kind>>,
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.kinds.iter().map(|k| k.name()))
            .finish()
    }
}

impl Registry {
    /// A registry of these games.
    pub fn new(kinds: Vec<Arc<dyn Kind>>) -> Registry {
        Registry { kinds }
    }

    /// This registry with one more game, asked last.
    pub fn with(mut self, kind: impl Kind + 'static) -> Registry {
        self.kinds.push(Arc::new(kind));
        self
    }

    /// The game whose ruleset `ruleset` is.
    pub fn kind(&self, ruleset: &str) -> Option<&dyn Kind> {
        self.kinds
            .iter()
            .find(|k| k.knows(ruleset))
            .map(|k| k.as_ref())
    }

    /// A new game under `ruleset`, with these clocks (`0`: unlimited).
    pub fn start(&self, ruleset: &str, white_ms: i64, black_ms: i64) -> Option<Box<dyn AnyGame>> {
        let mut game = self.kind(ruleset)?.start(ruleset)?;
        if white_ms != 0 || black_ms != 0 {
            game.restart_clocks(white_ms, black_ms);
        }
        Some(game)
    }

    /// Reads a game file of any known game: the first game that reads
    /// it, else the first game's reason for refusing it.
    pub fn read_file(&self, bytes: &[u8]) -> Result<Box<dyn AnyGame>, String> {
        first_success(self.kinds.iter().filter_map(|k| k.read_file(bytes)))
    }

    /// Game `number` (from 1) of a PGN file, of the first game that has
    /// PGN.
    pub fn read_pgn(&self, path: &Path, number: usize) -> Result<Box<dyn AnyGame>, String> {
        self.kinds
            .iter()
            .find_map(|k| k.read_pgn(path, number))
            .unwrap_or_else(|| Err("no game here is written in PGN".to_string()))
    }

    /// Checks a game file of any known game against its format: valid
    /// when some game takes it, else the first game's reason.
    pub fn check_file(&self, bytes: &[u8]) -> Result<(), String> {
        first_success(self.kinds.iter().filter_map(|k| k.check_file(bytes)))
    }

    /// Reads a game file of any known game from disk (a regular file, at
    /// most [`MAX_FILE_BYTES`] bytes).
    pub fn read_path(&self, path: &Path) -> Result<Box<dyn AnyGame>, String> {
        let bytes = read_bounded(path, MAX_FILE_BYTES).map_err(|e| e.to_string())?;
        self.read_file(&bytes)
    }

    /// The start positions of an opening suite file, as games under
    /// `ruleset`.
    pub fn read_suite(&self, path: &Path, ruleset: &str) -> Result<Vec<Box<dyn AnyGame>>, String> {
        match self.kind(ruleset) {
            Some(kind) => kind.read_suite(path, ruleset),
            None => Err(no_suite(ruleset)),
        }
    }

    /// The referee of `ruleset`'s own protocol, if it has one (see
    /// [`Kind::referee`]).
    pub fn referee(&self, ruleset: &str) -> Option<Box<dyn Referee>> {
        self.kind(ruleset).and_then(|kind| kind.referee())
    }

    /// The ruleset a chess server's variant word names (`blitz`,
    /// `wild/16`, `suicide2007`), as seeks and challenges write it: the
    /// speeds of standard chess, a game's server name, or a ruleset name.
    pub fn variant(&self, word: &str) -> Option<String> {
        let word = match word {
            "standard" | "blitz" | "lightning" | "untimed" => "chess",
            w => self.from_server_name(w).unwrap_or(w),
        };
        self.kind(word).map(|_| word.to_string())
    }

    /// The name the chess servers give `ruleset`, when they have one.
    pub fn server_name(&self, ruleset: &str) -> Option<&'static str> {
        self.kinds
            .iter()
            .flat_map(|k| k.server_names())
            .find(|(_, r)| *r == ruleset)
            .map(|(name, _)| *name)
    }

    /// The ruleset a chess server's name stands for.
    pub fn from_server_name(&self, name: &str) -> Option<&'static str> {
        self.kinds
            .iter()
            .flat_map(|k| k.server_names())
            .find(|(n, _)| *n == name)
            .map(|(_, ruleset)| *ruleset)
    }

    /// `wild/16 is Kriegspiel`: each game's usual server name, for
    /// messages.
    pub fn server_names_text(&self) -> String {
        self.kinds
            .iter()
            .filter_map(|k| {
                k.server_names()
                    .first()
                    .map(|(n, _)| format!("{n} is {}", k.name()))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Every ruleset name the games take, for messages.
    pub fn known_names(&self) -> String {
        self.kinds
            .iter()
            .map(|k| k.ruleset_names())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Why `ruleset` has no opening suites (a game without them, or none this
/// registry knows: Kriegspiel's).
fn no_suite(ruleset: &str) -> String {
    format!("an opening suite is for chess and antichess rulesets, not {ruleset}")
}

/// The first success among the games' answers, else the first refusal
/// (a file no game answers for is no game file).
fn first_success<T>(answers: impl Iterator<Item = Result<T, String>>) -> Result<T, String> {
    let mut refusal = None;
    for answer in answers {
        match answer {
            Ok(found) => return Ok(found),
            Err(why) => {
                refusal.get_or_insert(why);
            }
        }
    }
    Err(refusal.unwrap_or_else(|| NOT_A_GAME_FILE.to_string()))
}
