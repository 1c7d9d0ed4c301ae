//! Repetitions of a position, counted for the games that have them by
//! their positions' keys ([`super::Rules::repetition_key`]).

/// How often a position must have occurred for a draw to be claimable.
pub const THREEFOLD: usize = 3;
/// How often a position must have occurred for the game to end by itself.
pub const FIVEFOLD: usize = 5;

/// How many times the last of `keys` (repetition keys, first to last)
/// occurs among them; 0 for none.
///
/// ```
/// use antichess::game::occurrences;
/// assert_eq!(occurrences(&[1, 2, 1, 2, 1]), 3);
/// assert_eq!(occurrences(&[]), 0);
/// ```
pub fn occurrences(keys: &[u64]) -> usize {
    keys.last()
        .map_or(0, |last| keys.iter().filter(|&k| k == last).count())
}
