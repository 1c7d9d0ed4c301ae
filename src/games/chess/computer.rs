//! The computer player of antichess and chess, written once for every
//! front end: the alpha-beta engine, or a UCI engine (`--uci-engine`)
//! asked through the adapter.

use super::uci_player::UciPlayer;
use crate::engines::search::{Engine, Limits};
use crate::game::{Choice, EngineFailure, EngineOptions, Game, Rules};
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
        let limits = if reached_before(game) {
            limits.revisited()
        } else {
            limits
        };
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

/// Whether the game's position occurred earlier in the game (false when
/// its history does not replay from its first position).
fn reached_before(game: &Game<Position>) -> bool {
    if !game.history_replays() {
        return false;
    }
    let now = game.position().hash();
    let mut pos = *game.first_position();
    game.history().iter().any(|played| {
        let earlier = pos.hash() == now;
        Rules::play(&mut pos, played.mv);
        earlier
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{Ruleset, notation};

    fn after(ruleset: Ruleset, moves: &[&str]) -> Game<Position> {
        let mut game = Game::with_rules(ruleset.name(), Position::new(ruleset), 0, 0);
        for text in moves {
            let m = notation::find_uci(game.position(), text).expect("legal");
            game.play(m, 0);
        }
        game
    }

    #[test]
    fn a_position_is_reached_before_once_a_cycle_of_moves_returns_to_it() {
        let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        for ruleset in [Ruleset::CHESS, Ruleset::SPRING_2007] {
            assert!(!reached_before(&after(ruleset, &cycle[..2])));
            assert!(!reached_before(&after(ruleset, &cycle[..3])));
            assert!(reached_before(&after(ruleset, &cycle)));
        }
    }
}
