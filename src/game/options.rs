//! How a computer player thinks: one set of options for every front end
//! (the TextUI, `play`, the referee's programs) and every game.

use std::time::Duration;

/// Who makes the computer's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Strategy {
    /// The game's engine.
    #[default]
    Engine,
    /// A uniformly random legal move (a baseline opponent).
    Random,
    /// The first legal move in `PrintAllMoves` order (a baseline opponent).
    First,
}

/// How the computer player thinks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// A UCI engine to ask instead of the built-in engine (a command line),
    /// and the `UCI_Variant` to give it (default: the game's ruleset name),
    /// for the games a UCI engine can play.
    pub uci_engine: Option<(String, Option<String>)>,
    /// Who makes the moves.
    pub strategy: Strategy,
    /// Fixed search depth: with an unlimited clock the move is then fully
    /// reproducible (no time limit applies).
    pub depth: Option<u32>,
    /// Fixed thinking time per move (still within the clock).
    pub movetime: Option<Duration>,
    /// What a limited clock gains after each move, when known: the TextUI
    /// learns it from a referee's game files (see `textui::Session`).
    /// The engine then spends its clock as under a UCI `go` with an
    /// increment, and a UCI engine behind the adapter is told it.
    pub increment_ms: Option<i64>,
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Search threads (lazy SMP); more than one makes moves irreproducible.
    pub threads: usize,
    /// The seed of a player that draws lots (Kriegspiel's sampled boards):
    /// the same seed, the same choices.
    pub seed: u64,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            uci_engine: None,
            strategy: Strategy::Engine,
            depth: None,
            movetime: None,
            increment_ms: None,
            hash_mb: 64,
            threads: 1,
            seed: 1,
        }
    }
}
