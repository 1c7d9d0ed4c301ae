//! `antichess connect --bot`: a computer player at the server. It answers
//! seeks and challenges for the games it takes (and declines the others),
//! seeks a game itself when asked to, and plays each game with the game's
//! computer player at its seat ([`crate::game::Seat::choose`]): in a game
//! of hidden information from what the server told that seat alone.

use crate::game::{EngineOptions, Registry};
use crate::server::ruleset_of;

/// What the bot plays, and how.
#[derive(Clone, Debug)]
pub struct BotOptions {
    /// The rulesets it takes (empty: every game the registry has).
    pub games: Vec<String>,
    /// How its computer player thinks.
    pub engine: EngineOptions,
    /// A TextUI program to play the games of full information instead.
    pub textui: Option<String>,
    /// A seek it posts whenever it is free (`3 0 chess`), if any.
    pub seek: Option<String>,
    /// Stop after this many games, if given.
    pub max_games: Option<u32>,
}

impl BotOptions {
    /// Whether it takes games of the type `kind` (`blitz`, `wild/16`).
    pub fn takes(&self, games: &Registry, kind: &str) -> bool {
        let Some(ruleset) = ruleset_of(&kind.to_ascii_lowercase(), games) else {
            return false;
        };
        self.games.is_empty() || self.games.contains(&ruleset)
    }
}

/// A seek's number and type from its ad: `Guest1 (++++) seeking 3 0
/// unrated blitz ("play 7" to respond)`.
pub fn seek_ad(line: &str) -> Option<(u32, &str)> {
    let (_, rest) = line.split_once(") seeking ")?;
    let (terms, tail) = rest.split_once(" (\"play ")?;
    let number = tail.strip_suffix("\" to respond)")?.parse().ok()?;
    let kind = terms.split(' ').nth(3)?;
    Some((number, kind))
}

/// A seek's number and type from a line of `sought`: `  7 ++++
/// Guest12           3 0 unrated wild/16`.
pub fn sought_line(line: &str) -> Option<(u32, &str)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = words.first()?.parse().ok()?;
    let timed = words.get(3..5)?.iter().all(|w| w.parse::<u32>().is_ok());
    let rated = matches!(words.get(5), Some(&"rated" | &"unrated"));
    (timed && rated).then_some((number, *words.get(6)?))
}

/// The challenger and the game's type from a challenge: `Challenge: Alice
/// (1500) Bob (++++) unrated blitz 3 0 [white].`.
pub fn challenge(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("Challenge: ")?;
    let words: Vec<&str> = rest.split(' ').collect();
    let from = *words.first()?;
    let kind = *words.get(5)?;
    Some((from, kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeks_and_challenges_are_read() {
        assert_eq!(
            seek_ad("Guest12 (++++) seeking 3 0 unrated wild/16 (\"play 7\" to respond)"),
            Some((7, "wild/16"))
        );
        assert_eq!(
            seek_ad("Alice (1500) seeking 5 2 rated blitz [white] (\"play 12\" to respond)"),
            Some((12, "blitz"))
        );
        assert_eq!(seek_ad("Alice tells you: seeking"), None);
        assert_eq!(
            sought_line("  7 ++++ Guest12           3 0 unrated wild/16"),
            Some((7, "wild/16"))
        );
        assert_eq!(sought_line("2 ads displayed."), None);
        assert_eq!(
            challenge("Challenge: Alice (1500) Bob (++++) unrated suicide2007 3 0."),
            Some(("Alice", "suicide2007"))
        );
        assert_eq!(challenge("Challenge"), None);
    }
}
