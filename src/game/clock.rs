//! A side's clock.

/// One side's clock, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The starting time; meaningful only when limited.
    pub initial: i64,
    /// The time left; meaningful only when limited.
    pub remaining: i64,
    /// Whether the clock runs at all.
    pub limited: bool,
}

impl Clock {
    /// A clock that never runs out.
    pub const UNLIMITED: Clock = Clock {
        initial: 0,
        remaining: 0,
        limited: false,
    };

    /// A clock for a new game: `0` means unlimited.
    pub fn new(ms: i64) -> Clock {
        if ms == 0 {
            Clock::UNLIMITED
        } else {
            Clock {
                initial: ms,
                remaining: ms,
                limited: true,
            }
        }
    }

    /// Whether a limited clock has run out.
    pub fn expired(&self) -> bool {
        self.limited && self.remaining <= 0
    }

    /// Takes time off a limited clock (saturating).
    pub fn charge(&mut self, ms: i64) {
        if self.limited {
            self.remaining = self.remaining.saturating_sub(ms);
        }
    }

    /// The remaining time, or `None` when unlimited.
    pub fn remaining(&self) -> Option<i64> {
        self.limited.then_some(self.remaining)
    }
}

/// Milliseconds since `since`, rounded down, as the TextUI's clocks count
/// the computer's thinking (textui.md, "Clocks"; saturating).
pub fn elapsed_ms(since: std::time::Instant) -> i64 {
    i64::try_from(since.elapsed().as_millis()).unwrap_or(i64::MAX)
}

/// Milliseconds since `since` as the referees and `play` charge a move:
/// rounded up, at least one, so that no move is free and a 1 ms clock
/// falls (saturating).
///
/// ```
/// assert_eq!(antichess::game::charged_ms(std::time::Instant::now()), 1);
/// ```
pub fn charged_ms(since: std::time::Instant) -> i64 {
    i64::try_from(since.elapsed().as_micros().div_ceil(1000).max(1)).unwrap_or(i64::MAX)
}
