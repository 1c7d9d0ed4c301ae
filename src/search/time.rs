//! How long to think.

use std::time::Duration;

/// Thinking time when the clock is unlimited and no move time is set.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

/// The time kept back on a limited clock for start-up jitter and the
/// answer. Once only this much is left, each move gets a twentieth of
/// what remains, which on a clock without increment is well under the
/// first iteration: the engine then answers at once, and a long game lasts
/// hundreds of moves more instead of being lost on time.
const RESERVE_MS: i64 = 100;

/// When to stop starting new iterations (`soft`) and when to abort the one
/// under way (`hard`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// No new iteration starts after this.
    pub soft: Duration,
    /// The search stops at this, finished or not.
    pub hard: Duration,
}

/// The budget for one move, given the time left on a limited clock (`None`
/// for unlimited) and an optional fixed move time. With almost nothing
/// left, the hard limit is zero: only the first iteration (which always
/// completes, in well under a millisecond) is searched, so a long game on a
/// clock without increment is not lost on time one millisecond at a time.
///
/// ```
/// use antichess::search::time::budget;
/// use std::time::Duration;
/// let b = budget(Some(100), None);
/// assert!(b.hard <= Duration::from_millis(25));
/// let b = budget(None, None);
/// assert_eq!(b.hard, Duration::from_millis(1000));
/// ```
pub fn budget(remaining_ms: Option<i64>, movetime: Option<Duration>) -> Budget {
    let fixed = movetime.unwrap_or(DEFAULT_MOVETIME);
    let Some(remaining) = remaining_ms else {
        return Budget {
            soft: fixed * 6 / 10,
            hard: fixed,
        };
    };
    let usable = usable(remaining);
    let (soft, hard) = match movetime {
        Some(t) => {
            let t = (t.as_millis() as i64).min(usable / 2);
            (t * 6 / 10, t)
        }
        None => (usable / 25, (usable / 6).min(usable / 25 * 4)),
    };
    Budget::from_ms(soft, hard)
}

/// What a limited clock offers once the reserve is kept back.
///
/// ```
/// use antichess::search::time::usable;
/// assert_eq!(usable(60_000), 59_900);
/// assert_eq!(usable(100), 5);
/// assert_eq!(usable(-3), 0);
/// ```
pub fn usable(remaining_ms: i64) -> i64 {
    let remaining = remaining_ms.max(0);
    (remaining - RESERVE_MS).max(remaining / 20)
}

impl Budget {
    fn from_ms(soft: i64, hard: i64) -> Budget {
        Budget {
            soft: Duration::from_millis(soft.max(0) as u64),
            hard: Duration::from_millis(hard.max(0) as u64),
        }
    }
}

/// The budget for a UCI `go`: the time left, the increment per move, the
/// moves to the next time control, and an optional fixed move time. Never
/// more than half of what is left after the reserve.
pub fn budget_with_increment(
    remaining_ms: i64,
    increment_ms: i64,
    moves_to_go: Option<i64>,
    movetime: Option<Duration>,
) -> Budget {
    if movetime.is_some() {
        return budget(Some(remaining_ms), movetime);
    }
    let usable = usable(remaining_ms);
    let share = usable / moves_to_go.unwrap_or(25).clamp(1, 25) + increment_ms.max(0) * 3 / 4;
    let soft = share.min(usable / 2);
    let hard = (share * 4).min(usable / 2).max(soft);
    Budget::from_ms(soft, hard)
}

/// What limits a search. Without a depth, time or node limit a search stops
/// at [`MAX_DEPTH`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Stop after completing this depth.
    pub depth: Option<u32>,
    /// No new iteration starts after this much time.
    pub soft_time: Option<Duration>,
    /// The search stops at this time, finished or not.
    pub hard_time: Option<Duration>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
}

impl Limits {
    /// The limits for one move of a game: a fixed depth if given (then, on
    /// an unlimited clock without a move time, no time limit at all, so the
    /// move is reproducible), and the time budget of the clock otherwise.
    pub fn for_move(
        depth: Option<u32>,
        remaining_ms: Option<i64>,
        movetime: Option<Duration>,
    ) -> Limits {
        let mut limits = Limits {
            depth,
            ..Limits::default()
        };
        if depth.is_none() || remaining_ms.is_some() || movetime.is_some() {
            let b = budget(remaining_ms, movetime);
            limits.soft_time = Some(b.soft);
            limits.hard_time = Some(b.hard);
        }
        limits
    }
}
