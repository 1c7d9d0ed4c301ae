//! Both clocks as the game file gives them (its `time` element), for the
//! games whose records are game files.

use shakmaty::ByColor;

use crate::game::Clock;
use crate::rules::file::TimeSpec;

/// Both clocks as a file's `time` element gives them (game-file.md): a
/// side is limited when the game is timed and its initial time positive.
pub fn clocks_from_file(t: &TimeSpec) -> ByColor<Clock> {
    let clock = |init: Option<i64>, current: Option<i64>| match init {
        Some(init) if t.timed && init > 0 => Clock {
            initial: init,
            remaining: current.unwrap_or(init),
            limited: true,
        },
        _ => Clock::UNLIMITED,
    };
    ByColor {
        white: clock(t.init_white, t.current_white),
        black: clock(t.init_black, t.current_black),
    }
}

/// The `time` element for both clocks.
pub fn clocks_to_file(w: &Clock, b: &Clock) -> TimeSpec {
    if w.limited || b.limited {
        let init = |c: &Clock| if c.limited { c.initial } else { 0 };
        let current = |c: &Clock| if c.limited { c.remaining } else { 0 };
        TimeSpec {
            timed: true,
            init_white: Some(init(w)),
            init_black: Some(init(b)),
            current_white: Some(current(w)),
            current_black: Some(current(b)),
        }
    } else {
        TimeSpec::default()
    }
}
