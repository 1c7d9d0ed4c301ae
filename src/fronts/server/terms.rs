//! The terms of a game as seeks and challenges write them: `[TIME INC]
//! [rated|unrated] [white|black] [VARIANT]`, the variant any ruleset of
//! the server's registry (`chess` when none is given) or a name the chess
//! servers give one (`wild/16`, Kriegspiel on the Internet Chess Club: the
//! game's own [`crate::game::Kind::server_names`]), and the game's type as
//! result lines and ratings name it.

use super::db::StoredGame;
use crate::game::Registry;
use crate::rules::chess::Color;

/// The longest time a side may start with, in minutes.
pub const MAX_MINUTES: i64 = 600;
/// The largest increment, in seconds.
pub const MAX_INCREMENT: i64 = 600;

/// What a game is to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// The ruleset's name in the registry.
    pub ruleset: String,
    /// Each side's starting time in milliseconds (0: untimed).
    pub initial_ms: i64,
    /// Added after each move, in milliseconds.
    pub increment_ms: i64,
    /// Whether the game is rated.
    pub rated: bool,
}

impl Terms {
    /// Reads the terms from `words`; also the colour asked for. The error
    /// says which word is wrong.
    pub fn read(words: &[&str], games: &Registry) -> Result<(Terms, Option<Color>), String> {
        let mut terms = Terms {
            ruleset: "chess".to_string(),
            initial_ms: 5 * 60_000,
            increment_ms: 0,
            rated: false,
        };
        let mut color = None;
        let mut numbers = Vec::new();
        for &word in words {
            let lower = word.to_ascii_lowercase();
            match lower.as_str() {
                "rated" | "r" => terms.rated = true,
                "unrated" | "u" => terms.rated = false,
                "white" | "w" => color = Some(Color::White),
                "black" | "b" => color = Some(Color::Black),
                _ if lower.bytes().all(|b| b.is_ascii_digit()) => {
                    numbers.push(
                        lower
                            .parse::<i64>()
                            .map_err(|_| format!("\"{word}\": too large"))?,
                    );
                }
                _ => terms.ruleset = games.variant(&lower).ok_or_else(|| unknown(word, games))?,
            }
        }
        match numbers[..] {
            [] => {}
            [minutes] => terms.initial_ms = minutes.min(MAX_MINUTES + 1) * 60_000,
            [minutes, increment] => {
                terms.initial_ms = minutes.min(MAX_MINUTES + 1) * 60_000;
                terms.increment_ms = increment.min(MAX_INCREMENT + 1) * 1000;
            }
            _ => {
                return Err(
                    "Give at most two numbers: the time in minutes and the increment in seconds."
                        .to_string(),
                );
            }
        }
        if terms.initial_ms > MAX_MINUTES * 60_000 || terms.increment_ms > MAX_INCREMENT * 1000 {
            return Err(format!(
                "The time may be at most {MAX_MINUTES} minutes and the increment {MAX_INCREMENT} seconds."
            ));
        }
        if terms.initial_ms == 0 && terms.increment_ms > 0 {
            terms.initial_ms = terms.increment_ms;
        }
        Ok((terms, color))
    }

    /// The game's type: for chess its speed (`lightning`, `blitz`,
    /// `standard`, `untimed`), else the chess servers' name for the ruleset
    /// (`wild/16` for Kriegspiel), else the ruleset's name.
    pub fn kind(&self, games: &Registry) -> String {
        match self.ruleset.as_str() {
            "chess" => {
                let expected = self.initial_ms + 40 * self.increment_ms;
                if self.initial_ms == 0 {
                    "untimed"
                } else if expected < 3 * 60_000 {
                    "lightning"
                } else if expected < 15 * 60_000 {
                    "blitz"
                } else {
                    "standard"
                }
                .to_string()
            }
            other => games.server_name(other).unwrap_or(other).to_string(),
        }
    }

    /// `unrated blitz`, as `{Game N (...) Creating unrated blitz match.}`
    /// writes it.
    pub fn rated_kind(&self, games: &Registry) -> String {
        let rated = if self.rated { "rated" } else { "unrated" };
        format!("{rated} {}", self.kind(games))
    }

    /// `5 0`: minutes and increment.
    fn times(&self) -> String {
        format!("{} {}", self.initial_ms / 60_000, self.increment_ms / 1000)
    }

    /// `unrated blitz 5 0`, as challenges and `Creating:` lines write it.
    pub fn describe(&self, games: &Registry) -> String {
        format!("{} {}", self.rated_kind(games), self.times())
    }

    /// `5 0 unrated blitz`, as seek lines write it.
    pub fn describe_seek(&self, games: &Registry) -> String {
        format!("{} {}", self.times(), self.rated_kind(games))
    }
}

impl From<&StoredGame> for Terms {
    /// The terms a stored game was played on.
    fn from(g: &StoredGame) -> Terms {
        Terms {
            ruleset: g.ruleset.clone(),
            initial_ms: g.initial_ms,
            increment_ms: g.increment_ms,
            rated: g.rated,
        }
    }
}

fn unknown(word: &str, games: &Registry) -> String {
    format!(
        "Unknown word or variant \"{word}\". Variants: {}; {}.",
        games.known_names(),
        games.server_names_text()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games() -> Registry {
        crate::games::builtin()
    }

    #[test]
    fn terms_in_any_order() {
        let (t, c) = Terms::read(&["3", "2", "rated", "black", "wild/16"], &games()).unwrap();
        assert_eq!(t.ruleset, "kriegspiel");
        assert_eq!(
            (t.initial_ms, t.increment_ms, t.rated),
            (180_000, 2000, true)
        );
        assert_eq!(c, Some(Color::Black));
        assert_eq!(t.describe(&games()), "rated wild/16 3 2");
        let (t, _) = Terms::read(&[], &games()).unwrap();
        assert_eq!(t.describe(&games()), "unrated blitz 5 0");
        let (t, _) = Terms::read(&["1", "0"], &games()).unwrap();
        assert_eq!(t.kind(&games()), "lightning");
        let (t, _) = Terms::read(&["connect-4"], &games()).unwrap();
        assert_eq!(t.kind(&games()), "connect-4");
    }

    #[test]
    fn bad_terms_say_why() {
        assert!(
            Terms::read(&["checkers"], &games())
                .unwrap_err()
                .contains("\"checkers\"")
        );
        assert!(Terms::read(&["1", "2", "3"], &games()).is_err());
        assert!(Terms::read(&["99999999999999999999999"], &games()).is_err());
        assert!(Terms::read(&["601"], &games()).is_err());
    }
}
