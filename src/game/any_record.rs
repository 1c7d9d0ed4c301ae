//! What a game of any kind writes down: its game file, its PGN, its
//! endings in words and its audits.

use super::Game;
use super::Outcome;
use super::plugin::Plugin;

/// A game's record, as the front ends save and report it.
pub trait AnyRecord {
    /// The game file, exactly as `SaveGame` and `PrintBoard` write it.
    fn to_xml(&self) -> String;

    /// The game as PGN with these tags, for a game PGN can hold.
    fn pgn(&self, tags: &[(&str, String)]) -> Option<String>;

    /// Whether PGN's standard describes the game (see
    /// [`super::Recorded::pgn_standard`]).
    fn pgn_standard(&self) -> bool;

    /// The protocol's result line.
    fn result_line(&self, outcome: Outcome) -> String;

    /// Why the game ended, as the referee's log and records say it.
    fn describe(&self, outcome: Outcome) -> String;

    /// How the game ended, as a sentence.
    fn ending(&self, outcome: Outcome) -> String;

    /// Checks the game's invariants after a move, where it has audits.
    fn audit(&self);
}

impl<R: Plugin> AnyRecord for Game<R> {
    fn to_xml(&self) -> String {
        R::to_xml(self)
    }

    fn pgn(&self, tags: &[(&str, String)]) -> Option<String> {
        R::pgn(self, tags)
    }

    fn pgn_standard(&self) -> bool {
        R::pgn_standard(self)
    }

    fn result_line(&self, outcome: Outcome) -> String {
        R::result_line(self, outcome)
    }

    fn describe(&self, outcome: Outcome) -> String {
        R::describe(self, outcome)
    }

    fn ending(&self, outcome: Outcome) -> String {
        R::ending(self, outcome)
    }

    fn audit(&self) {
        R::audit(self);
    }
}
