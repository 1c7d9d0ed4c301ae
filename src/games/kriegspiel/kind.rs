//! Kriegspiel in a registry: its name, new games, and perft (chess's
//! moves: the umpire's rules are chess's).

use super::game::Record;
use super::plugin::KRIEGSPIEL;
use super::referee::KriegspielReferee;
use crate::game::{AnyGame, Counted, Kind, Recorded, Referee, Setup, boxed};
use crate::rules::chess::{self, Position, Ruleset};

/// Kriegspiel (ICC's wild 16) as a game of a registry.
pub struct Kriegspiel;

impl Kind for Kriegspiel {
    fn name(&self) -> &'static str {
        "Kriegspiel"
    }

    fn ruleset_names(&self) -> String {
        KRIEGSPIEL.to_string()
    }

    fn knows(&self, ruleset: &str) -> bool {
        ruleset == KRIEGSPIEL
    }

    /// ICC's name for it, which xboard reads, and a short one.
    fn server_names(&self) -> &'static [(&'static str, &'static str)] {
        &[("wild/16", KRIEGSPIEL), ("krieg", KRIEGSPIEL)]
    }

    /// The umpire between two programs of the player protocol.
    fn referee(&self) -> Option<Box<dyn Referee>> {
        Some(Box::new(KriegspielReferee::default()))
    }

    fn start(&self, ruleset: &str) -> Option<Box<dyn AnyGame>> {
        Record::start(ruleset).map(boxed)
    }

    /// The umpire's moves are chess's: the count of chess from the start.
    fn perft(
        &self,
        _ruleset: &str,
        setup: Setup,
        depth: u32,
        _divide: bool,
    ) -> Result<Counted, String> {
        if setup.fen.is_some() || setup.moves.is_some() {
            return Err("Kriegspiel starts from the standard position".to_string());
        }
        Ok(Counted::Total(chess::perft(
            &Position::new(Ruleset::CHESS),
            depth,
        )))
    }
}
