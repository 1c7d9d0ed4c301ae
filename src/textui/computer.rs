//! The computer's side of the TextUI, for either game: the built-in
//! engines, the `--uci-engine` adapter, and the baseline players.

use std::time::{SystemTime, UNIX_EPOCH};

use super::session::{EngineOptions, Style};
use super::uci_player::{UciFailure, UciPlayer};
use crate::connect;
use crate::game::{Game, Recorded};
use crate::rules::Position;
use crate::search::{Engine, Limits};

/// The engines, kept between moves (their tables) and cleared for a new
/// game.
pub struct Computer {
    engine: Engine,
    uci: Option<UciPlayer>,
    /// The Connect N engine, made for the board of the first game that
    /// needs it.
    connect: Option<connect::Engine>,
    hash_mb: usize,
    /// Whether the note that `--uci-engine` does not play Connect N was
    /// given (once a session).
    uci_note_given: bool,
}

impl Computer {
    /// The engines the options ask for.
    pub fn new(options: &EngineOptions) -> Computer {
        Computer {
            engine: Engine::with_threads(options.hash_mb, options.threads),
            uci: options
                .uci_engine
                .as_ref()
                .map(|(cmd, variant)| UciPlayer::new(cmd, variant.as_deref())),
            connect: None,
            hash_mb: options.hash_mb,
            uci_note_given: false,
        }
    }

    /// Whether the built-in engine, as the side not to move, accepts a
    /// draw offered in this game (see [`Engine::accepts_draw`]).
    pub fn accepts_draw(&mut self, game: &Game, depth: u32) -> bool {
        self.engine
            .accepts_draw(game.position(), game.repetition_keys(), depth)
    }

    /// Forgets what the engines learnt (a new game).
    pub fn clear(&mut self) {
        self.engine.clear();
        if let Some(c) = &mut self.connect {
            c.clear();
        }
    }
}

/// What the TextUI needs of a game beyond its rules and its file: the
/// computer's move.
pub trait Playable: Recorded {
    /// The engine's move for the side to move (`remaining` on its clock),
    /// or why the UCI engine asked for gave none.
    fn engine_move(
        game: &Game<Self>,
        computer: &mut Computer,
        remaining: Option<i64>,
        options: &EngineOptions,
    ) -> Result<Option<Self::Move>, UciFailure>;

    /// The chess game, for the commands only chess has (draw claims and
    /// offers, `GetStatus`); `None` for every other game.
    fn as_chess(_game: &mut Game<Self>) -> Option<&mut Game<Position>> {
        None
    }

    /// The computer's move: the engine's, or a baseline player's; or why
    /// the UCI engine gave none (no other engine stands in for it, so that
    /// a match records the failure as the engine's).
    fn think(
        game: &Game<Self>,
        computer: &mut Computer,
        remaining: Option<i64>,
        options: &EngineOptions,
    ) -> Result<Option<Self::Move>, UciFailure> {
        let legal = game.legal_move_texts();
        let pick = match options.style {
            Style::Engine => return Self::engine_move(game, computer, remaining, options),
            Style::First => legal.first(),
            Style::Random => {
                let nanos = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos());
                let mixed = u64::from(nanos).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32;
                legal.get((mixed % legal.len().max(1) as u64) as usize)
            }
        };
        Ok(pick.and_then(|text| game.read_move(text).ok().flatten()))
    }
}

impl Playable for Position {
    fn as_chess(game: &mut Game<Self>) -> Option<&mut Game<Position>> {
        game.is_chess().then_some(game)
    }

    fn engine_move(
        game: &Game<Self>,
        computer: &mut Computer,
        remaining: Option<i64>,
        options: &EngineOptions,
    ) -> Result<Option<Self::Move>, UciFailure> {
        if let Some(uci) = computer.uci.as_mut() {
            return uci.choose(game, remaining, options.movetime).map(Some);
        }
        let limits = Limits::for_move(
            options.depth,
            remaining,
            options.movetime,
            game.position().moves_played(),
        );
        computer.engine.set_game_keys(game.repetition_keys());
        Ok(computer
            .engine
            .search(game.position(), &limits, |_| {})
            .map(|r| r.best))
    }
}

impl Playable for connect::Position {
    /// The Connect N engine, within the same time budget as antichess's
    /// (`--depth` searches that many plies, without a time limit).
    fn engine_move(
        game: &Game<Self>,
        computer: &mut Computer,
        remaining: Option<i64>,
        options: &EngineOptions,
    ) -> Result<Option<Self::Move>, UciFailure> {
        if computer.uci.is_some() && !computer.uci_note_given {
            computer.uci_note_given = true;
            eprintln!(
                "antichess: --uci-engine is not used for Connect N; the built-in engine answers"
            );
        }
        let pos = game.position();
        let shape = pos.shape();
        let hash_mb = computer.hash_mb;
        let engine = match &mut computer.connect {
            Some(e) if e.shape() == shape => e,
            slot => slot.insert(connect::Engine::new(shape, hash_mb)),
        };
        let choice = engine.choose_for_turn(pos, options.depth, remaining, options.movetime);
        Ok(pos.landing_row(choice.column).map(|row| crate::game::Drop {
            column: choice.column,
            row,
        }))
    }
}
