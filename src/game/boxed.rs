//! Any plug-in game as the front ends' object: [`Game`] of any [`Plugin`]
//! is an [`AnyGame`], its moves read into [`LegalMove`]s, its computer
//! player a [`super::Computer`] it made.

use std::any::Any;

use super::any::AnyGame;
use super::any_record::AnyRecord;
use super::computer::{AnyEngine, Own};
use super::options::EngineOptions;
use super::plugin::Plugin;
use super::types::{Attempted, LegalMove, Typed};
use super::{Clock, Game, NotAMove};
use super::{Color, Outcome};

/// A game as the object front ends hold.
pub fn boxed<R: Plugin>(game: Game<R>) -> Box<dyn AnyGame> {
    Box::new(game)
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Box<dyn AnyGame> {
        self.boxed_clone()
    }
}

impl<R: Plugin> AnyGame for Game<R> {
    fn boxed_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn ruleset_name(&self) -> &str {
        Game::ruleset_name(self)
    }

    fn turn(&self) -> Color {
        Game::turn(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn clock(&self, color: Color) -> &Clock {
        Game::clock(self, color)
    }

    fn plies(&self) -> usize {
        self.history().len()
    }

    fn read_move(&self, text: &str) -> Result<Option<LegalMove>, NotAMove> {
        Game::read_move(self, text).map(|m| m.map(|m| self.legal(m)))
    }

    fn typed(&self, text: &str) -> Typed<LegalMove> {
        match R::typed(self, text) {
            Typed::Move(m) => Typed::Move(self.legal(m)),
            Typed::Illegal(why) => Typed::Illegal(why),
            Typed::Promotion(base) => Typed::Promotion(base),
            Typed::Unknown => Typed::Unknown,
        }
    }

    fn legal_move_texts(&self) -> Vec<String> {
        Game::legal_move_texts(self)
    }

    fn legal_moves(&self) -> Vec<LegalMove> {
        self.position()
            .moves()
            .into_iter()
            .map(|m| self.legal(m))
            .collect()
    }

    fn play_move(&mut self, m: &LegalMove, ms: i64) -> Option<Attempted> {
        let m = self.unpack(m)?;
        if let Some(outcome) = Game::charge(self, ms) {
            return Some(Attempted::Late { outcome });
        }
        Some(R::played(self, m, 0))
    }

    fn refuse_attempt(&mut self, text: &str, ms: i64) -> Attempted {
        R::refused(self, text, ms)
    }

    fn charge(&mut self, ms: i64) -> Option<Outcome> {
        Game::charge(self, ms)
    }

    fn credit(&mut self, color: Color, ms: i64) {
        Game::credit(self, color, ms);
    }

    fn restart_clocks(&mut self, white_ms: i64, black_ms: i64) {
        Game::restart_clocks(self, white_ms, black_ms);
    }

    fn take_clocks(&mut self, file: &dyn AnyGame) -> bool {
        let Some(other) = file.as_any().downcast_ref::<Game<R>>() else {
            return false;
        };
        let unclocked = |g: &Game<R>| {
            let mut g = g.clone();
            g.restart_clocks(0, 0);
            AnyRecord::to_xml(&g)
        };
        if self.ruleset_name != other.ruleset_name || unclocked(self) != unclocked(other) {
            return false;
        }
        self.take_clocks_of(other);
        true
    }

    fn adjudicate(&mut self, outcome: Outcome) {
        Game::adjudicate(self, outcome);
    }

    fn claimable_draw(&mut self) -> Option<Outcome> {
        R::claimable_draw(self)
    }

    fn claim(&mut self) -> Option<String> {
        R::claim(self)
    }

    fn draw_offer(&self) -> Option<Color> {
        Game::draw_offer(self)
    }

    fn offer_draw(&mut self, side: Color) {
        Game::offer_draw(self, side);
    }

    fn accept_draw(&mut self) -> Option<Outcome> {
        Game::accept_draw(self)
    }

    fn engine(&self, options: &EngineOptions) -> AnyEngine {
        Box::new(Own::<R>::new(R::engine(self, options)))
    }
}
