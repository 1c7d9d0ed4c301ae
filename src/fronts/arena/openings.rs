//! Random openings: each game of a match starts from a few random legal
//! moves, reproducible from the match's seed.

use crate::game::{AnyGame, Registry};
use crate::sys::rng::Xorshift;

/// A random opening of `plies` moves that leaves the game in progress
/// (drawn from the moves in the move generator's order); `None` when
/// `ruleset` is no game's of `games`.
pub fn random_opening(
    games: &Registry,
    ruleset: &str,
    plies: u32,
    seed: u64,
) -> Option<Box<dyn AnyGame>> {
    let mut rng = Xorshift::new(seed);
    loop {
        let mut game = games.start(ruleset, 0, 0)?;
        for _ in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = &legal[rng.below(legal.len())];
            game.play_move(m, 0);
        }
        if game.outcome().is_none() {
            return Some(game);
        }
    }
}
