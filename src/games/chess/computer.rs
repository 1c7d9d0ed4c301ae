//! The computer player of antichess and chess, written once for every
//! front end: the alpha-beta engine, or a UCI engine (`--uci-engine`)
//! asked through the adapter.

use super::uci_player::UciPlayer;
use crate::engines::search::{Engine, Limits};
use crate::game::{Choice, EngineFailure, EngineOptions, Game};
use crate::rules::chess::{Move, Position};

/// The engines of a game, kept between moves (their tables).
pub struct Engines {
    /// The built-in engine.
    pub engine: Engine,
    /// The UCI engine asked instead, when the options give one.
    uci: Option<UciPlayer>,
}

impl Engines {
    /// The engines the options ask for (a UCI engine starts on first use).
    pub fn new(options: &EngineOptions) -> Engines {
        Engines {
            engine: Engine::with_threads(options.hash_mb, options.threads),
            uci: options
                .uci_engine
                .as_ref()
                .map(|(cmd, variant)| UciPlayer::new(cmd, variant.as_deref())),
        }
    }

    /// The move for the side to move within `remaining` on its clock;
    /// `progress` sees each finished depth (depth, nodes).
    pub fn choose(
        &mut self,
        game: &Game<Position>,
        options: &EngineOptions,
        remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Result<Option<Choice<Move>>, EngineFailure> {
        if let Some(uci) = self.uci.as_mut() {
            let mv = uci
                .choose(game, remaining, options.increment_ms, options.movetime)
                .map_err(|e| EngineFailure(e.to_string()))?;
            return Ok(Some(Choice {
                mv,
                depth: 0,
                eval: None,
            }));
        }
        let limits = Limits::for_move(
            options.depth,
            remaining,
            options.increment_ms,
            options.movetime,
            game.position().moves_played(),
        );
        self.engine.set_game_keys(game.repetition_keys());
        Ok(self
            .engine
            .search(game.position(), &limits, |r| progress(r.depth, r.nodes))
            .map(|r| Choice {
                mv: r.best,
                depth: r.depth,
                eval: Some(eval_text(r.score, game.is_chess())),
            }))
    }
}

/// A search's score for people, from the side to move's view: pawns
/// (`+0.35`), or the end it sees (`mate in 2`, `mated in 3` in chess; `a
/// win in 2 moves`, `a loss in 3 moves` under the antichess rules, whose
/// wins are not all mates).
pub fn eval_text(score: i32, chess: bool) -> String {
    use crate::engines::search::{MATE, MATE_BOUND};
    let moves = (MATE - score.abs() + 1) / 2;
    match (score >= MATE_BOUND, score <= -MATE_BOUND, chess) {
        (true, _, true) => format!("mate in {moves}"),
        (_, true, true) => format!("mated in {moves}"),
        (true, _, false) => format!("a win in {moves} moves"),
        (_, true, false) => format!("a loss in {moves} moves"),
        _ => format!("{:+.2}", f64::from(score) / 100.0),
    }
}
