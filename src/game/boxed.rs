//! Any plug-in game as the front ends' object: [`Game`] of any [`Plugin`]
//! is an [`AnyGame`], its moves as their text, its computer player in a
//! box it made.

use std::any::Any;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use shakmaty::ByColor;

use super::any::{AnyEngine, AnyGame, Seat};
use super::options::EngineOptions;
use super::plugin::Plugin;
use super::types::{Attempted, Choice, EngineFailure, LegalMove, Mark, Told, Typed, Viewer};
use super::view::Style;
use super::{Clock, Diagram, Game, NotAMove};
use crate::rules::{Color, Outcome};

/// A game as the object front ends hold.
pub fn boxed<R: Plugin>(game: Game<R>) -> Box<dyn AnyGame> {
    Box::new(game)
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Box<dyn AnyGame> {
        self.boxed_clone()
    }
}

/// The engine in `engine` if it is this game's, else a new one in its
/// place.
fn own_engine<'e, R: Plugin>(
    game: &Game<R>,
    engine: &'e mut AnyEngine,
    options: &EngineOptions,
) -> &'e mut R::Engine {
    if !engine.is::<R::Engine>() {
        *engine = Box::new(R::engine(game, options));
    }
    engine
        .downcast_mut::<R::Engine>()
        .expect("the engine was just made for this game")
}

impl<R: Plugin> AnyGame for Game<R> {
    fn boxed_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
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
            AnyGame::to_xml(&g)
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

    fn to_xml(&self) -> String {
        R::to_xml(self)
    }

    fn result_line(&self, outcome: Outcome) -> String {
        R::result_line(self, outcome)
    }

    fn describe(&self, outcome: Outcome) -> String {
        R::describe(self, outcome)
    }

    fn claimable_draw(&mut self) -> Option<Outcome> {
        R::claimable_draw(self)
    }

    fn pgn(&self, tags: &[(&str, String)]) -> Option<String> {
        R::pgn(self, tags)
    }

    fn pgn_standard(&self) -> bool {
        R::pgn_standard(self)
    }

    fn audit(&self) {
        R::audit(self);
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

    fn status(&self) -> Option<String> {
        R::status(self)
    }

    fn engine(&self, options: &EngineOptions) -> AnyEngine {
        Box::new(R::engine(self, options))
    }

    fn engine_move(
        &self,
        engine: &mut AnyEngine,
        options: &EngineOptions,
        remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Result<Option<Choice<LegalMove>>, EngineFailure> {
        let engine = own_engine(self, engine, options);
        let choice = R::engine_move(self, engine, options, remaining, progress)?;
        Ok(choice.map(|c| Choice {
            mv: self.legal(c.mv),
            depth: c.depth,
            eval: c.eval,
        }))
    }

    fn halt(&self, engine: &AnyEngine) -> Option<Arc<AtomicBool>> {
        engine.downcast_ref::<R::Engine>().and_then(R::halt)
    }

    fn clear(&self, engine: &mut AnyEngine) {
        if let Some(engine) = engine.downcast_mut::<R::Engine>() {
            R::clear(engine);
        }
    }

    fn accepts_draw(&self, engine: &mut AnyEngine, options: &EngineOptions) -> bool {
        let engine = own_engine(self, engine, options);
        R::accepts_draw(self, engine, options)
    }

    fn banner(&self) -> String {
        R::banner(self)
    }

    fn help(&self) -> &'static str {
        R::help(self)
    }

    fn commands(&self) -> &'static [&'static str] {
        R::commands()
    }

    fn render(&self, players: ByColor<&str>, style: Style) -> String {
        R::render(self, players, style)
    }

    fn diagram(&self, viewer: Viewer) -> Option<Diagram> {
        R::diagram(self, viewer)
    }

    fn grid(&self) -> Option<(u32, u32)> {
        R::grid(self)
    }

    fn hidden(&self) -> bool {
        R::hidden()
    }

    fn announcer(&self) -> Option<&'static str> {
        R::announcer()
    }

    fn view(&self, viewer: Viewer, players: ByColor<&str>, style: Style) -> String {
        R::view(self, viewer, players, style)
    }

    fn told(&self, viewer: Viewer, from: usize) -> Vec<Told> {
        R::told(self, viewer, from)
    }

    fn seat(&self, viewer: Viewer) -> Box<dyn Seat> {
        R::seat(self, viewer)
    }

    fn marks(&self, viewer: Viewer) -> Vec<Mark> {
        R::marks(self, viewer)
    }

    fn refuse_attempt(&mut self, text: &str, ms: i64) -> Attempted {
        R::refused(self, text, ms)
    }

    fn typed(&self, text: &str) -> Typed<LegalMove> {
        match R::typed(self, text) {
            Typed::Move(m) => Typed::Move(self.legal(m)),
            Typed::Illegal(why) => Typed::Illegal(why),
            Typed::Promotion(base) => Typed::Promotion(base),
            Typed::Unknown => Typed::Unknown,
        }
    }

    fn moves_line(&self) -> String {
        R::moves_line(self)
    }

    fn ending(&self, outcome: Outcome) -> String {
        R::ending(self, outcome)
    }

    fn shown(&self, text: &str) -> String {
        match Game::read_move(self, text) {
            Ok(Some(m)) => R::shown(self, m),
            _ => text.to_string(),
        }
    }

    fn notes(&self) -> Vec<String> {
        R::notes(self)
    }

    fn piece_moves(&self, square: &str) -> Option<String> {
        R::piece_moves(self, square)
    }

    fn claim(&mut self) -> Option<String> {
        R::claim(self)
    }

    fn computer_claim(
        &mut self,
        engine: &mut AnyEngine,
        options: &EngineOptions,
    ) -> Option<String> {
        let engine = own_engine(self, engine, options);
        R::computer_claim(self, engine, options)
    }
}
