//! `antichess connect --bot`: a computer player at the server. It answers
//! seeks and challenges for the games it takes (and declines the others),
//! seeks a game itself when asked to, and plays each game with the game's
//! computer player at its seat ([`crate::game::Seat::choose`]): in a game
//! of hidden information from what the server told that seat alone.

use super::textui_player::TextUiPlayer;
use crate::game::{EngineOptions, Registry};

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
        let Some(ruleset) = games.variant(&kind.to_ascii_lowercase()) else {
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

impl super::Visit<'_> {
    /// The bot's move in game `number`, when it is its turn.
    pub(super) fn bot_moves(&mut self, number: u32) {
        let console = self.console;
        let Some(bot) = &self.options.bot else {
            return;
        };
        let Some(table) = self.tables.get_mut(&number) else {
            return;
        };
        if !table.my_move() {
            return;
        }
        let Some(side) = table.side() else {
            return;
        };
        let remaining = table
            .clocks()
            .get(side)
            .map(|ms| ms.saturating_sub(200).max(1));
        let chosen = match (&bot.textui, table.whole()) {
            (Some(command), Some(game)) => {
                let program = match self.program.take() {
                    Some(p) => Ok(p),
                    None => TextUiPlayer::new(command).map(|p| (p, None)),
                };
                program.and_then(|(mut player, started)| {
                    let ready = if started == Some(number) {
                        Ok(())
                    } else {
                        player.new_game(&table.ruleset, side)
                    };
                    let clocks = table.clocks();
                    let chosen = ready
                        .and_then(|()| player.choose(game, (clocks.white, clocks.black)))
                        .map(Some);
                    self.program = Some((player, Some(number)));
                    chosen
                })
            }
            _ => table
                .seat
                .choose(&bot.engine, remaining)
                .map_err(|e| format!("the engine failed: {e}")),
        };
        match chosen {
            // Its knowledge and the umpire's disagree: rather than try
            // the same attempt for ever, it gives the game up.
            Ok(Some(text)) if table.refused.contains(&text) => {
                console.show(&format!("Resigning: {text} was refused already this turn."));
                self.link.send("resign");
            }
            Ok(Some(text)) => self.link.send(&text),
            // The game is over as far as the seat knows.
            Ok(None) => {}
            Err(e) => {
                console.show(&format!("Resigning: {e}."));
                self.link.send("resign");
            }
        }
    }

    /// The bot, free, posts its seek; past its last game, it leaves.
    pub(super) fn bot_seeks(&mut self) {
        let Some(bot) = &self.options.bot else {
            return;
        };
        if bot.max_games.is_some_and(|max| self.played >= max) {
            self.quitting = true;
            self.link.send("quit");
            return;
        }
        if let Some(seek) = &bot.seek {
            self.link.send(&format!("seek {seek}"));
        } else {
            // The seeks posted before it came.
            self.link.send("sought");
            self.reading_sought = true;
        }
    }

    /// The bot answers seeks and challenges for its games: `true` when
    /// `line` was one (it is shown too).
    pub(super) fn bot_answers(&mut self, line: &str) -> bool {
        let Some(bot) = &self.options.bot else {
            return false;
        };
        let busy = self
            .tables
            .values()
            .any(|t| t.result.is_none() && t.side().is_some());
        if self.reading_sought {
            if line.ends_with(" ads displayed.") {
                self.reading_sought = false;
            } else if let Some((number, kind)) = sought_line(line) {
                self.show(line);
                if !busy && !self.answered_seek && bot.takes(&self.games, kind) {
                    self.answered_seek = true;
                    self.link.send(&format!("play {number}"));
                }
                return true;
            }
        }
        if line == "That seek is not available." {
            self.answered_seek = false;
        }
        if let Some((number, kind)) = seek_ad(line) {
            self.show(line);
            if !busy && !self.answered_seek && bot.seek.is_none() && bot.takes(&self.games, kind) {
                self.answered_seek = true;
                self.link.send(&format!("play {number}"));
            }
            return true;
        }
        if let Some((from, kind)) = challenge(line) {
            self.show(line);
            let answer = if !busy && bot.takes(&self.games, kind) {
                "accept"
            } else {
                "decline"
            };
            self.link.send(&format!("{answer} {from}"));
            return true;
        }
        false
    }
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
