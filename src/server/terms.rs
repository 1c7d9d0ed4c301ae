//! The terms of a game as seeks and challenges write them: `[TIME INC]
//! [rated|unrated] [white|black] [VARIANT]`, the variant any ruleset of
//! the server's registry (`chess` when none is given; `wild/16` is
//! Kriegspiel, as on the Internet Chess Club), and the game's type as
//! result lines and ratings name it.

use crate::game::Registry;
use crate::rules::Color;

/// Kriegspiel's ruleset name.
const KRIEGSPIEL: &str = "kriegspiel";
/// Kriegspiel's name on the chess servers, which xboard reads.
const WILD_16: &str = "wild/16";

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
                _ => {
                    terms.ruleset = ruleset_of(&lower, games).ok_or_else(|| unknown(word, games))?
                }
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
    /// `standard`, `untimed`), `wild/16` for Kriegspiel, else the
    /// ruleset's name.
    pub fn kind(&self) -> String {
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
            KRIEGSPIEL => WILD_16.to_string(),
            other => other.to_string(),
        }
    }

    /// `unrated blitz 5 0`, as challenges and `Creating:` lines write it.
    pub fn describe(&self) -> String {
        format!(
            "{} {} {} {}",
            if self.rated { "rated" } else { "unrated" },
            self.kind(),
            self.initial_ms / 60_000,
            self.increment_ms / 1000
        )
    }
}

impl Terms {
    /// `5 0 unrated blitz`, as seek lines write it.
    pub fn describe_seek(&self) -> String {
        format!(
            "{} {} {} {}",
            self.initial_ms / 60_000,
            self.increment_ms / 1000,
            if self.rated { "rated" } else { "unrated" },
            self.kind()
        )
    }
}

/// The registry's ruleset a variant word names.
pub fn ruleset_of(word: &str, games: &Registry) -> Option<String> {
    let word = match word {
        WILD_16 | "krieg" => KRIEGSPIEL,
        "standard" | "blitz" | "lightning" => "chess",
        w => w,
    };
    games.kind(word).map(|_| word.to_string())
}

fn unknown(word: &str, games: &Registry) -> String {
    format!(
        "Unknown word or variant \"{word}\". Variants: {}; {WILD_16} is Kriegspiel.",
        games.known_names()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games() -> Registry {
        crate::games::all()
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
        assert_eq!(t.describe(), "rated wild/16 3 2");
        let (t, _) = Terms::read(&[], &games()).unwrap();
        assert_eq!(t.describe(), "unrated blitz 5 0");
        let (t, _) = Terms::read(&["1", "0"], &games()).unwrap();
        assert_eq!(t.kind(), "lightning");
        let (t, _) = Terms::read(&["connect-4"], &games()).unwrap();
        assert_eq!(t.kind(), "connect-4");
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
