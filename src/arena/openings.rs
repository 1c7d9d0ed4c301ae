//! Random openings: each game of a match starts from a few random legal
//! moves, reproducible from the match's seed.

use crate::game::{Game, Recorded};
use crate::rng::Xorshift;

/// A random opening of `plies` moves that leaves the game in progress.
///
/// # Panics
///
/// When `ruleset` is not a ruleset of the game `R`.
pub fn random_opening<R: Recorded>(ruleset: &str, plies: u32, seed: u64) -> Game<R> {
    let mut rng = Xorshift::new(seed);
    loop {
        let mut game = R::start(ruleset).expect("a ruleset of this game");
        for _ in 0..plies {
            let legal = game.position().moves();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            game.play(m, 0);
        }
        if game.outcome().is_none() {
            return game;
        }
    }
}
