//! A draw offered by the side to move, answered by its opponent: written
//! once for every front end and every game with draw offers.

use super::any::AnyGame;
use super::computer::AnyEngine;
use super::options::EngineOptions;
use super::side_name;

/// Who answers a draw offer.
pub enum Answerer<'a> {
    /// The computer, by its search with this engine.
    Computer(&'a mut AnyEngine),
    /// A person asked now: a question, answered with a line or nothing.
    Asked(&'a mut dyn FnMut(&str) -> Option<String>),
    /// A person who answers later (the TextUI's `AcceptDraw`): the offer
    /// stands until then, or until they move.
    Later,
}

/// What came of a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawAnswer {
    /// Accepted: the game is drawn by agreement.
    Accepted,
    /// Declined.
    Declined,
    /// The offer stands.
    Standing,
}

/// The side to move offers a draw and `answerer` answers it (a declined
/// offer does not stand).
pub fn offer_draw(
    game: &mut dyn AnyGame,
    options: &EngineOptions,
    answerer: Answerer,
) -> DrawAnswer {
    let offerer = game.turn();
    let accepted = match answerer {
        Answerer::Later => {
            game.offer_draw(offerer);
            return DrawAnswer::Standing;
        }
        Answerer::Computer(engine) => game.computer(engine, options).accepts_draw(game, options),
        Answerer::Asked(ask) => {
            let question = format!(
                "{}, do you accept a draw? (yes/no) ",
                side_name(offerer.other())
            );
            loop {
                match ask(&question) {
                    None => break false,
                    Some(answer) => match answer.trim().to_ascii_lowercase().as_str() {
                        "yes" | "y" => break true,
                        "no" | "n" | "" => break false,
                        _ => continue,
                    },
                }
            }
        }
    };
    if !accepted {
        return DrawAnswer::Declined;
    }
    game.offer_draw(offerer);
    match game.accept_draw() {
        Some(_) => DrawAnswer::Accepted,
        None => DrawAnswer::Declined,
    }
}
