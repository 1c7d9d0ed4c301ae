//! A tournament as saved after every game, to be resumed: its settings and
//! every finished game, in a text file written safely
//! ([`crate::sys::safe_write`]). The schedule is not saved: it follows from the
//! settings and the results.
//!
//! ```text
//! antichess tournament 1
//! format knockout
//! ruleset 6170-spring-2004
//! games 2
//! ...
//! program first=antichess --player first
//! program depth2=antichess --depth 2
//! game 0 1 2 37
//! ```
//!
//! A `game P G R N` line is game `G` (from 0) of pairing `P`, with `R` the
//! pairing's first program's points doubled and `N` the game's plies.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

use crate::sys::safe_read::read_bounded;
use crate::sys::safe_write::{WriteError, write_atomic};

/// How the programs meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every program against every other.
    RoundRobin,
    /// The first program against each other.
    Gauntlet,
    /// A seeded single-elimination bracket.
    Knockout,
}

impl Format {
    /// The name on the command line and in the state file.
    pub fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::Gauntlet => "gauntlet",
            Format::Knockout => "knockout",
        }
    }

    /// The format of a name.
    pub fn from_name(name: &str) -> Option<Format> {
        [Format::RoundRobin, Format::Gauntlet, Format::Knockout]
            .into_iter()
            .find(|f| f.name() == name)
    }
}

/// What a tournament is: fixed when it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub format: Format,
    pub ruleset: String,
    /// Games per pairing (rounded up to pairs: each opening with both
    /// colours).
    pub games: u32,
    /// Times the schedule is played (round robin and gauntlet).
    pub rounds: u32,
    /// Clock per side, in milliseconds (0: unlimited): for the game, or
    /// for each period of `period_moves` moves.
    pub clock_ms: i64,
    /// Added after each move, in milliseconds.
    pub increment_ms: i64,
    /// Moves in each period of the clock.
    pub period_moves: Option<u32>,
    /// Random opening plies.
    pub openings: u32,
    /// An opening suite to play from instead (EPD or PGN; each position
    /// with both colours), read again when the tournament resumes.
    pub openings_file: Option<String>,
    pub seed: u64,
    pub max_plies: usize,
    /// Whether a program that crashes is restarted for its next game
    /// (else the tournament stops).
    pub recover: bool,
    /// The programs: name and command.
    pub programs: Vec<(String, String)>,
}

/// One finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The pairing's first program's points, doubled.
    pub first_points2: u8,
    /// The game's plies.
    pub plies: usize,
}

/// A tournament's settings and finished games, by pairing and game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub settings: Settings,
    pub games: BTreeMap<(usize, u32), Played>,
}

const MAGIC: &str = "antichess tournament 1";

impl State {
    /// The state file's text.
    pub fn to_text(&self) -> String {
        let s = &self.settings;
        let mut out = format!("{MAGIC}\n");
        let _ = writeln!(out, "format {}", s.format.name());
        let _ = writeln!(out, "ruleset {}", s.ruleset);
        let _ = writeln!(out, "games {}", s.games);
        let _ = writeln!(out, "rounds {}", s.rounds);
        let _ = writeln!(out, "clock {}", s.clock_ms);
        let _ = writeln!(out, "increment {}", s.increment_ms);
        if let Some(n) = s.period_moves {
            let _ = writeln!(out, "period {n}");
        }
        let _ = writeln!(out, "openings {}", s.openings);
        if let Some(path) = &s.openings_file {
            let _ = writeln!(out, "openings-file {path}");
        }
        let _ = writeln!(out, "seed {}", s.seed);
        let _ = writeln!(out, "max-plies {}", s.max_plies);
        let _ = writeln!(out, "recover {}", s.recover);
        for (name, command) in &s.programs {
            let _ = writeln!(out, "program {name}={command}");
        }
        for (&(pairing, game), played) in &self.games {
            let _ = writeln!(
                out,
                "game {pairing} {game} {} {}",
                played.first_points2, played.plies
            );
        }
        out
    }

    /// Reads a state file's text; the error names the line.
    pub fn from_text(text: &str) -> Result<State, String> {
        let mut lines = text.lines().enumerate();
        if lines.next().map(|(_, l)| l) != Some(MAGIC) {
            return Err(format!(
                "line 1: not a tournament state ({MAGIC:?} expected)"
            ));
        }
        let mut fields: BTreeMap<&str, &str> = BTreeMap::new();
        let mut programs = Vec::new();
        let mut games = BTreeMap::new();
        for (i, line) in lines {
            let at = |why: &str| format!("line {}: {why}", i + 1);
            let (key, value) = line.split_once(' ').ok_or_else(|| at("no value"))?;
            match key {
                "program" => {
                    let (name, command) = value.split_once('=').ok_or_else(|| at("no NAME=CMD"))?;
                    programs.push((name.to_string(), command.to_string()));
                }
                "game" => {
                    let n: Vec<u64> = value
                        .split(' ')
                        .map(str::parse)
                        .collect::<Result<_, _>>()
                        .map_err(|_| at("a game is four whole numbers"))?;
                    let [pairing, game, points2, plies] = n[..] else {
                        return Err(at("a game is four whole numbers"));
                    };
                    if points2 > 2 {
                        return Err(at("points are 0, 1 or 2 (doubled)"));
                    }
                    games.insert(
                        (pairing as usize, game as u32),
                        Played {
                            first_points2: points2 as u8,
                            plies: plies as usize,
                        },
                    );
                }
                _ => {
                    fields.insert(key, value);
                }
            }
        }
        let field = |name: &str| fields.get(name).copied().ok_or(format!("no {name} line"));
        let number = |name: &str| -> Result<i64, String> {
            field(name)?
                .parse()
                .map_err(|_| format!("{name}: not a whole number"))
        };
        let settings = Settings {
            format: Format::from_name(field("format")?).ok_or("format: unknown")?,
            ruleset: field("ruleset")?.to_string(),
            games: u32::try_from(number("games")?).map_err(|_| "games: out of range")?,
            rounds: u32::try_from(number("rounds")?).map_err(|_| "rounds: out of range")?,
            clock_ms: number("clock")?,
            increment_ms: number("increment")?,
            period_moves: match fields.get("period") {
                None => None,
                Some(n) => Some(n.parse().map_err(|_| "period: not a whole number")?),
            },
            openings: u32::try_from(number("openings")?).map_err(|_| "openings: out of range")?,
            openings_file: fields.get("openings-file").map(|p| p.to_string()),
            seed: field("seed")?
                .parse()
                .map_err(|_| "seed: not a whole number")?,
            max_plies: usize::try_from(number("max-plies")?)
                .map_err(|_| "max-plies: out of range")?,
            recover: field("recover")? == "true",
            programs,
        };
        Ok(State { settings, games })
    }

    /// Writes the state to `path`, safely.
    pub fn save(&self, path: &Path) -> Result<(), WriteError> {
        write_atomic(path, self.to_text().as_bytes())
    }

    /// Reads the state at `path`.
    pub fn load(path: &Path) -> Result<State, String> {
        let name = path.display();
        let bytes = read_bounded(path, 64 << 20).map_err(|e| format!("{name}: {e}"))?;
        State::from_text(&String::from_utf8_lossy(&bytes)).map_err(|e| format!("{name}: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_reads_back_as_written() {
        let mut games = BTreeMap::new();
        games.insert(
            (0, 1),
            Played {
                first_points2: 2,
                plies: 37,
            },
        );
        games.insert(
            (3, 0),
            Played {
                first_points2: 1,
                plies: 400,
            },
        );
        let state = State {
            settings: Settings {
                format: Format::Knockout,
                ruleset: "6170-spring-2004".into(),
                games: 2,
                rounds: 1,
                clock_ms: 5000,
                increment_ms: 100,
                period_moves: Some(40),
                openings: 4,
                openings_file: Some("suite with spaces.epd".into()),
                seed: 7,
                max_plies: 400,
                recover: true,
                programs: vec![
                    ("a".into(), "prog --x=1 'y z'".into()),
                    ("b".into(), "b".into()),
                ],
            },
            games,
        };
        let text = state.to_text();
        assert_eq!(State::from_text(&text), Ok(state));
        assert!(
            State::from_text("nonsense")
                .unwrap_err()
                .starts_with("line 1:")
        );
        let bad = text.replace("game 3 0 1 400", "game 3 0 5 400");
        assert!(
            State::from_text(&bad)
                .unwrap_err()
                .contains("points are 0, 1 or 2")
        );
    }
}
