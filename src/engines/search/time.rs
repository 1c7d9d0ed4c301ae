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

/// On a limited clock, no new iteration starts after the usable time
/// divided by this at the first move; the divisor grows by one every
/// [`MOVES_PER_SHARE`] moves the side has played.
pub const SOFT_SHARE: i64 = 20;

/// How many of its own moves add one to the divisor of the soft limit.
pub const MOVES_PER_SHARE: i64 = 2;

/// When to stop starting new iterations (`soft`) and when to abort the one
/// under way (`hard`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// No new iteration starts after this.
    pub soft: Duration,
    /// The search stops at this, finished or not.
    pub hard: Duration,
    /// Whether the search may stretch or shrink `soft` by how settled it
    /// is ([`soft_scale`]): true for a share of a clock, false for a fixed
    /// move time or the default one of an unlimited clock.
    pub scalable: bool,
}

/// The budget for one move, given the time left on a limited clock (`None`
/// for unlimited), an optional fixed move time, and the moves the side to
/// move has played so far. With almost nothing left, the hard limit is
/// zero: only the first iteration (which always completes, in well under a
/// millisecond) is searched, so a long game on a clock without increment
/// is not lost on time one millisecond at a time.
///
/// On a limited clock no new iteration starts after 1/[`SOFT_SHARE`] of
/// the usable time at the first move, 1/30 after 20 moves, 1/40 after 40
/// (one more every [`MOVES_PER_SHARE`] moves), and the search stops at a
/// sixth of it. The engine spends early: its strength against the
/// independent engine lies in the middlegame, where most games are
/// decided; the growing divisor keeps time for the long games
/// (`docs/engine.md` has the matches). The search then stretches or
/// shrinks the soft limit by how settled it is ([`soft_scale`]).
///
/// ```
/// use antichess::engines::search::time::budget;
/// use std::time::Duration;
/// let b = budget(Some(100), None, 0);
/// assert!(b.hard <= Duration::from_millis(25));
/// let b = budget(None, None, 0);
/// assert_eq!(b.hard, Duration::from_millis(1000));
/// // 59.9 s usable: a twentieth at the first move, a thirtieth after 20.
/// assert_eq!(budget(Some(60_000), None, 0).soft, Duration::from_millis(2995));
/// assert_eq!(budget(Some(60_000), None, 20).soft, Duration::from_millis(1996));
/// ```
pub fn budget(
    remaining_ms: Option<i64>,
    movetime: Option<Duration>,
    moves_played: u32,
) -> TimeBudget {
    let fixed = movetime.unwrap_or(DEFAULT_MOVETIME);
    let Some(remaining) = remaining_ms else {
        return TimeBudget {
            soft: fixed * 6 / 10,
            hard: fixed,
            scalable: false,
        };
    };
    let usable = usable(remaining);
    match movetime {
        Some(t) => {
            let t = (t.as_millis() as i64).min(usable / 2);
            TimeBudget::from_ms(t * 6 / 10, t, false)
        }
        None => {
            let share = SOFT_SHARE + i64::from(moves_played) / MOVES_PER_SHARE;
            TimeBudget::from_ms(usable / share, usable / 6, true)
        }
    }
}

/// The soft limit's scale when the best move has settled: a search whose
/// best move stayed the same through the last iterations stops early.
const STABLE_SCALE: f64 = 0.6;

/// What each recent change of best move adds to the soft limit's scale.
const CHANGE_SCALE: f64 = 0.9;

/// A score fall of this many centipawns since the last iteration would
/// double the soft limit; the stretch stops at half again (a fall of half
/// this), and a rise takes at most a quarter off.
const FALL_DOUBLE: f64 = 300.0;

/// The most the soft limit is stretched; the hard limit still bounds it.
const MAX_SCALE: f64 = 2.5;

/// How far to stretch or shrink the soft limit of [`budget`], from how
/// settled the search is: `changes`, the recent changes of best move (each
/// iteration halves the count, and a change of best move adds one), and
/// `score_fall`, the centipawns the score fell in the last iteration. A
/// search that keeps its move stops at 0.6 of the soft limit; one that
/// changes its mind, or sees its score fall, thinks up to 2.5 times as long
/// (the hard limit still stops it).
///
/// ```
/// use antichess::engines::search::time::soft_scale;
/// assert_eq!(soft_scale(0.0, 0), 0.6);
/// assert!((soft_scale(1.0, 0) - 1.5).abs() < 1e-9);
/// assert!(soft_scale(1.0, 300) > soft_scale(1.0, 0));
/// assert_eq!(soft_scale(4.0, 1000), 2.5);
/// ```
pub fn soft_scale(changes: f64, score_fall: i32) -> f64 {
    let fall = (f64::from(score_fall) / FALL_DOUBLE).clamp(-0.25, 0.5);
    ((STABLE_SCALE + CHANGE_SCALE * changes) * (1.0 + fall)).clamp(STABLE_SCALE, MAX_SCALE)
}

/// The share of the clock one attempt may think in a game where a move
/// may be refused and tried again in the same turn (Kriegspiel): a
/// fiftieth of what is left, at most a second.
///
/// ```
/// use antichess::engines::search::time::attempt_share;
/// use std::time::Duration;
/// assert_eq!(attempt_share(Duration::from_secs(10)), Duration::from_millis(200));
/// assert_eq!(attempt_share(Duration::from_secs(600)), Duration::from_secs(1));
/// ```
pub fn attempt_share(left: Duration) -> Duration {
    (left / ATTEMPT_SHARE).min(MAX_ATTEMPT_TIME)
}

/// See [`attempt_share`].
const ATTEMPT_SHARE: u32 = 50;
/// See [`attempt_share`].
const MAX_ATTEMPT_TIME: Duration = Duration::from_secs(1);

/// What a limited clock offers once the reserve is kept back.
///
/// ```
/// use antichess::engines::search::time::usable;
/// assert_eq!(usable(60_000), 59_900);
/// assert_eq!(usable(100), 5);
/// assert_eq!(usable(-3), 0);
/// ```
pub fn usable(remaining_ms: i64) -> i64 {
    let remaining = remaining_ms.max(0);
    (remaining - RESERVE_MS).max(remaining / 20)
}

impl TimeBudget {
    fn from_ms(soft: i64, hard: i64, scalable: bool) -> TimeBudget {
        TimeBudget {
            soft: Duration::from_millis(soft.max(0) as u64),
            hard: Duration::from_millis(hard.max(0) as u64),
            scalable,
        }
    }
}

/// The moves a clock with an increment (or a UCI `go` without
/// `movestogo`) is shared over. In self-play at 2 s + 0.02 s a side
/// sharing over 35 scored +20 +/- 28 Elo against 25 (400 games), one
/// sharing over 18 -58 +/- 40 (200; `docs/lab/chess-pruning.md`).
pub const MOVES_TO_GO: i64 = 35;

/// The budget for a UCI `go`: the time left, the increment per move, the
/// moves to the next time control, and an optional fixed move time. The
/// share of a move is the usable time over the moves to go (at most
/// [`MOVES_TO_GO`]) plus three quarters of the increment; no new iteration
/// starts after it, the search stops at four times it, and never past half
/// of what is left after the reserve.
pub fn budget_with_increment(
    remaining_ms: i64,
    increment_ms: i64,
    moves_to_go: Option<i64>,
    movetime: Option<Duration>,
) -> TimeBudget {
    if movetime.is_some() {
        return budget(Some(remaining_ms), movetime, 0);
    }
    let usable = usable(remaining_ms);
    let share = usable / moves_to_go.unwrap_or(MOVES_TO_GO).clamp(1, MOVES_TO_GO)
        + increment_ms.max(0) * 3 / 4;
    let soft = share.min(usable / 2);
    let hard = (share * 4).min(usable / 2).max(soft);
    TimeBudget::from_ms(soft, hard, true)
}

/// The budget for one move of a game: [`budget_with_increment`] on a
/// limited clock whose increment is known, [`budget`] otherwise (a clock
/// without increment, or one whose increment nobody said).
///
/// ```
/// use antichess::engines::search::time::{budget, budget_for, budget_with_increment};
/// assert_eq!(budget_for(Some(4_000), Some(100), None, 30), budget_with_increment(4_000, 100, None, None));
/// assert_eq!(budget_for(Some(4_000), None, None, 30), budget(Some(4_000), None, 30));
/// assert_eq!(budget_for(None, Some(100), None, 30), budget(None, None, 30));
/// ```
pub fn budget_for(
    remaining_ms: Option<i64>,
    increment_ms: Option<i64>,
    movetime: Option<Duration>,
    moves_played: u32,
) -> TimeBudget {
    match (remaining_ms, increment_ms) {
        (Some(remaining), Some(increment)) if increment > 0 => {
            budget_with_increment(remaining, increment, None, movetime)
        }
        _ => budget(remaining_ms, movetime, moves_played),
    }
}

/// The share of its usual time a move gets in a position the game has
/// reached before ([`Limits::revisited`]).
pub const REVISIT_SHARE: u32 = 4;

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
    /// Scale `soft_time` by how settled the search is ([`soft_scale`]):
    /// set by a [`TimeBudget`] that is `scalable`.
    pub settle: bool,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
}

impl Limits {
    /// These limits with the time of `budget`: its soft and hard limits,
    /// and whether the soft one may be scaled.
    pub fn with_budget(self, budget: TimeBudget) -> Limits {
        Limits {
            soft_time: Some(budget.soft),
            hard_time: Some(budget.hard),
            settle: budget.scalable,
            ..self
        }
    }

    /// These limits for a position the game has reached before: where
    /// the time is a share of a clock, a [`REVISIT_SHARE`]th of it. The
    /// hash table still holds most of the earlier search of the position,
    /// and under rules without a draw by repetition a cycle of moves ends
    /// only when a clock runs out: the side that spends less on it wins.
    pub fn revisited(self) -> Limits {
        if !self.settle {
            return self;
        }
        Limits {
            soft_time: self.soft_time.map(|t| t / REVISIT_SHARE),
            hard_time: self.hard_time.map(|t| t / REVISIT_SHARE),
            ..self
        }
    }

    /// When to stop starting new iterations: `soft_time`, scaled by
    /// [`soft_scale`] from the recent best-move `changes` and the last
    /// iteration's `score_fall` when `settle` is set.
    pub fn soft_limit(&self, changes: f64, score_fall: i32) -> Option<Duration> {
        let soft = self.soft_time?;
        Some(if self.settle {
            soft.mul_f64(soft_scale(changes, score_fall))
        } else {
            soft
        })
    }

    /// The limits for one move of a game: a fixed depth if given (then, on
    /// an unlimited clock without a move time, no time limit at all, so the
    /// move is reproducible), and the time budget of the clock otherwise
    /// ([`budget_for`]).
    pub fn for_move(
        depth: Option<u32>,
        remaining_ms: Option<i64>,
        increment_ms: Option<i64>,
        movetime: Option<Duration>,
        moves_played: u32,
    ) -> Limits {
        let limits = Limits {
            depth,
            ..Limits::default()
        };
        if depth.is_none() || remaining_ms.is_some() || movetime.is_some() {
            let budget = budget_for(remaining_ms, increment_ms, movetime, moves_played);
            limits.with_budget(budget)
        } else {
            limits
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(b: TimeBudget) -> (u128, u128) {
        (b.soft.as_millis(), b.hard.as_millis())
    }

    #[test]
    fn a_revisited_position_gets_a_quarter_of_a_clock_share() {
        let share = Limits::for_move(None, Some(10_000), None, None, 0);
        let revisited = share.revisited();
        assert_eq!(revisited.soft_time, Some(Duration::from_micros(123_750)));
        assert_eq!(revisited.hard_time, Some(Duration::from_micros(412_500)));
        // A fixed move time is the user's: it stays.
        let fixed = Limits::for_move(None, None, None, Some(Duration::from_millis(500)), 0);
        assert_eq!(fixed.revisited().hard_time, fixed.hard_time);
    }

    #[test]
    fn the_soft_limit_shrinks_as_the_game_goes_on() {
        // 10 s left: 9,900 usable; a twentieth at the first move, a
        // thirtieth after 20 moves, a fortieth after 41; the hard limit
        // stays at a sixth.
        assert_eq!(ms(budget(Some(10_000), None, 0)), (495, 1650));
        assert_eq!(ms(budget(Some(10_000), None, 1)), (495, 1650));
        assert_eq!(ms(budget(Some(10_000), None, 20)), (330, 1650));
        assert_eq!(ms(budget(Some(10_000), None, 41)), (247, 1650));
        // A fixed move time or an unlimited clock does not count the moves.
        let t = Some(Duration::from_millis(500));
        assert_eq!(budget(Some(10_000), t, 60), budget(Some(10_000), t, 0));
        assert_eq!(budget(None, None, 60), budget(None, None, 0));
    }

    #[test]
    fn only_a_clock_budget_is_scaled_by_how_settled_the_search_is() {
        assert!(Limits::for_move(None, Some(10_000), None, None, 0).settle);
        let t = Some(Duration::from_millis(500));
        assert!(!Limits::for_move(None, Some(10_000), None, t, 0).settle);
        assert!(!Limits::for_move(None, None, None, t, 0).settle);
        assert!(!Limits::for_move(None, None, None, None, 0).settle);
        assert!(!Limits::for_move(Some(6), None, None, None, 0).settle);
        // The same for UCI's clock, with or without an increment.
        assert!(budget_with_increment(10_000, 0, None, None).scalable);
        assert!(budget_with_increment(10_000, 500, Some(5), None).scalable);
        assert!(!budget_with_increment(10_000, 500, None, t).scalable);
        // A clock's soft limit is scaled; a fixed move time's is not.
        let clock = Limits::for_move(None, Some(10_000), None, None, 0);
        assert_eq!(clock.soft_limit(0.0, 0), Some(Duration::from_millis(297)));
        let fixed = Limits::for_move(None, None, None, t, 0);
        assert_eq!(fixed.soft_limit(4.0, 1000), fixed.soft_time);
        assert_eq!(Limits::default().soft_limit(1.0, 0), None);
    }

    #[test]
    fn the_soft_scale_grows_with_changes_and_falls_and_stays_bounded() {
        let mut last = soft_scale(0.0, 0);
        for changes in [0.5, 1.0, 1.5] {
            let next = soft_scale(changes, 0);
            assert!(next > last, "{changes}: {next} after {last}");
            last = next;
        }
        // A rise shrinks it, never below the settled scale.
        assert!(soft_scale(1.0, -300) < soft_scale(1.0, 0));
        assert_eq!(soft_scale(0.0, -10_000), STABLE_SCALE);
        // A fall stretches it by half again at most; mate scores do not
        // overflow it.
        assert!((soft_scale(1.0, 10_000) - 1.5 * soft_scale(1.0, 0)).abs() < 1e-9);
        assert_eq!(soft_scale(10.0, i32::MAX), MAX_SCALE);
    }

    #[test]
    fn the_increment_adds_three_quarters_of_itself() {
        // 10 s left: 9,900 usable, 282 a move over 35 moves.
        assert_eq!(
            ms(budget_with_increment(10_000, 0, None, None)),
            (282, 1128)
        );
        // With 1 s a move: 282 + 750.
        assert_eq!(
            ms(budget_with_increment(10_000, 1000, None, None)),
            (1032, 4128)
        );
        // Five moves to the time control: a fifth each, at most half.
        assert_eq!(
            ms(budget_with_increment(10_000, 0, Some(5), None)),
            (1980, 4950)
        );
    }

    #[test]
    fn an_increment_never_spends_more_than_half_of_what_is_left() {
        // 200 ms left and 5 s a move: 100 usable, 50 at most.
        assert_eq!(ms(budget_with_increment(200, 5000, None, None)), (50, 50));
        // A negative increment counts as none; a lost clock gives nothing.
        assert_eq!(
            budget_with_increment(10_000, -500, None, None),
            budget_with_increment(10_000, 0, None, None)
        );
        assert_eq!(ms(budget_with_increment(-5, 1000, None, None)), (0, 0));
    }

    #[test]
    fn a_fixed_move_time_stays_within_the_clock() {
        let b = budget_with_increment(10_000, 1000, None, Some(Duration::from_millis(3000)));
        assert_eq!(ms(b), (1800, 3000));
        let b = budget_with_increment(1_000, 1000, None, Some(Duration::from_millis(3000)));
        assert_eq!(ms(b), (270, 450));
    }
}
