//! A game's computer player as the front ends hold it: a typed handle the
//! game made ([`super::AnyGame::engine`]), asked for a move, a draw answer
//! or a claim on the game it plays, stopped early, and cleared for a new
//! game.

use std::any::Any;
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::Game;
use super::any::AnyGame;
use super::options::EngineOptions;
use super::plugin::Plugin;
use super::types::{Choice, EngineFailure, LegalMove};

/// A game's computer player, as the game made it.
pub type AnyEngine = Box<dyn Computer>;

/// A computer player of one kind of game, kept between moves (its
/// tables).
pub trait Computer: Send {
    /// Whether it plays `game` (a game of the kind that made it); see
    /// [`AnyGame::computer`].
    fn plays(&self, game: &dyn Any) -> bool;

    /// Its move in `game` within `remaining` on the clock; `progress` sees
    /// the search as it goes (depth, nodes). `Ok(None)`: no move (the game
    /// is over).
    fn choose(
        &mut self,
        game: &dyn AnyGame,
        options: &EngineOptions,
        remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Result<Option<Choice<LegalMove>>, EngineFailure>;

    /// Whether, as the side not to move in `game`, it accepts a draw now.
    fn accepts_draw(&mut self, game: &dyn AnyGame, options: &EngineOptions) -> bool;

    /// Before it moves at the terminal: a draw it claims in `game`, with
    /// the sentence that says so, when it may claim one and its search
    /// finds nothing better.
    fn claim(&mut self, game: &mut dyn AnyGame, options: &EngineOptions) -> Option<String>;

    /// The flag that stops its search early (Ctrl-C), if it has one.
    fn halt(&self) -> Option<Arc<AtomicBool>>;

    /// Forgets what it learnt (a new game).
    fn clear(&mut self);
}

/// The computer player of [`Plugin`] `R`, as a [`Computer`].
pub(super) struct Own<R: Plugin> {
    engine: R::Engine,
    game: PhantomData<fn() -> R>,
}

impl<R: Plugin> Own<R> {
    pub(super) fn new(engine: R::Engine) -> Own<R> {
        Own {
            engine,
            game: PhantomData,
        }
    }
}

/// `game` as `R`'s game, or the failure a player of another game is.
fn own_game<R: Plugin>(game: &dyn Any) -> Result<&Game<R>, EngineFailure> {
    game.downcast_ref::<Game<R>>()
        .ok_or_else(|| EngineFailure("a computer player asked about another game".to_string()))
}

impl<R: Plugin> Computer for Own<R> {
    fn plays(&self, game: &dyn Any) -> bool {
        game.is::<Game<R>>()
    }

    fn choose(
        &mut self,
        game: &dyn AnyGame,
        options: &EngineOptions,
        remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Result<Option<Choice<LegalMove>>, EngineFailure> {
        let game = own_game::<R>(game.as_any())?;
        let choice = R::engine_move(game, &mut self.engine, options, remaining, progress)?;
        Ok(choice.map(|c| Choice {
            mv: game.legal(c.mv),
            depth: c.depth,
            eval: c.eval,
        }))
    }

    fn accepts_draw(&mut self, game: &dyn AnyGame, options: &EngineOptions) -> bool {
        own_game::<R>(game.as_any())
            .is_ok_and(|game| R::accepts_draw(game, &mut self.engine, options))
    }

    fn claim(&mut self, game: &mut dyn AnyGame, options: &EngineOptions) -> Option<String> {
        let game = game.as_any_mut().downcast_mut::<Game<R>>()?;
        R::computer_claim(game, &mut self.engine, options)
    }

    fn halt(&self) -> Option<Arc<AtomicBool>> {
        R::halt(&self.engine)
    }

    fn clear(&mut self) {
        R::clear(&mut self.engine);
    }
}
