//! Random openings: each game of a match starts from a few random legal
//! moves, reproducible from the match's seed.

use crate::game::{Game, Recorded};

/// A small, fast, reproducible generator (Marsaglia's xorshift).
struct Xorshift(u64);

impl Xorshift {
    /// A number below `n`.
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random opening of `plies` moves that leaves the game in progress.
///
/// # Panics
///
/// When `ruleset` is not a ruleset of the game `R`.
pub fn random_opening<R: Recorded>(ruleset: &str, plies: u32, seed: u64) -> Game<R> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
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
