//! A match's time control as tournament managers write it: `60` (a
//! minute a game), `10+0.1` (ten seconds and a tenth more after each
//! move), `40/60+0.6` (a minute for every forty moves, and the
//! increment); seconds, with decimals. The referee keeps the clocks:
//! the increment is added after each move, a period's time after its
//! last move.

use std::fmt;

/// A time control: the time of a period, the moves in it (`None`: the
/// whole game), and the increment after each move, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// The time of a period (of the game, without moves per period).
    pub base_ms: i64,
    /// Moves in each period.
    pub moves: Option<u32>,
    /// Added after every move.
    pub increment_ms: i64,
}

impl TimeControl {
    /// The control of a clock of `ms` for the game (0: unlimited).
    pub fn sudden_death(ms: i64) -> TimeControl {
        TimeControl {
            base_ms: ms,
            ..TimeControl::default()
        }
    }

    /// Whether the clocks run at all.
    pub fn limited(&self) -> bool {
        self.base_ms > 0
    }

    /// Whether the referee adds time during the game (an increment or
    /// periods), so that the programs must be told their clocks.
    pub fn adds_time(&self) -> bool {
        self.limited() && (self.increment_ms > 0 || self.moves.is_some())
    }

    /// The time given after a side's `made`-th move (from 1): the
    /// increment, and a period's time after its last move.
    pub fn bonus_after(&self, made: u32) -> i64 {
        if !self.limited() {
            return 0;
        }
        let period = match self.moves {
            Some(n) if n > 0 && made.is_multiple_of(n) => self.base_ms,
            _ => 0,
        };
        self.increment_ms.saturating_add(period)
    }

    /// Reads `60`, `10+0.1`, `40/60+0.6` (seconds), or `inf` / `-` for
    /// no limit.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || format!("{text:?} is not a time control (60, 10+0.1, 40/60+0.6, or inf)");
        if text == "inf" || text == "-" {
            return Ok(TimeControl::default());
        }
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => (
                Some(m.parse::<u32>().ok().filter(|&m| m > 0).ok_or_else(bad)?),
                rest,
            ),
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let ms = |s: &str| -> Result<i64, String> {
            let seconds: f64 = s.parse().map_err(|_| bad())?;
            if !(0.0..=1e9).contains(&seconds) {
                return Err(bad());
            }
            Ok((seconds * 1000.0).round() as i64)
        };
        let control = TimeControl {
            base_ms: ms(base)?,
            moves,
            increment_ms: increment.map(ms).transpose()?.unwrap_or(0),
        };
        if !control.limited() {
            return Err(format!("{text:?}: a time control needs some time (or inf)"));
        }
        Ok(control)
    }
}

/// Seconds as few digits as they need: `60`, `0.6`, `0.125`.
fn seconds(ms: i64) -> String {
    let s = format!("{:.3}", ms as f64 / 1000.0);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl fmt::Display for TimeControl {
    /// The PGN `TimeControl` value (`-` unlimited).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.limited() {
            return f.write_str("-");
        }
        if let Some(n) = self.moves {
            write!(f, "{n}/")?;
        }
        f.write_str(&seconds(self.base_ms))?;
        if self.increment_ms > 0 {
            write!(f, "+{}", seconds(self.increment_ms))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_read_and_write_back() {
        for (text, base, moves, inc) in [
            ("60", 60_000, None, 0),
            ("10+0.1", 10_000, None, 100),
            ("40/60+0.6", 60_000, Some(40), 600),
            ("40/90", 90_000, Some(40), 0),
            ("0.5+0.125", 500, None, 125),
        ] {
            let tc = TimeControl::parse(text).unwrap();
            assert_eq!(
                (tc.base_ms, tc.moves, tc.increment_ms),
                (base, moves, inc),
                "{text}"
            );
            assert_eq!(tc.to_string(), text);
        }
        assert_eq!(TimeControl::parse("inf").unwrap().to_string(), "-");
        // A clock for the game, as the terminal's records write it.
        for (ms, text) in [
            (60_000, "60"),
            (2_500, "2.5"),
            (1_234_567, "1234.567"),
            (0, "-"),
        ] {
            assert_eq!(TimeControl::sudden_death(ms).to_string(), text);
        }
        for bad in ["", "x", "0/60", "60+", "-5", "40/", "nan", "1e99", "0"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_bonus_is_the_increment_and_each_period() {
        let tc = TimeControl::parse("2/1+0.5").unwrap();
        assert_eq!(
            [1, 2, 3, 4].map(|m| tc.bonus_after(m)),
            [500, 1500, 500, 1500]
        );
        assert_eq!(TimeControl::default().bonus_after(1), 0);
    }
}
