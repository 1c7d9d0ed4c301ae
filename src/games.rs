//! The games this program knows: the one list. A front end reaches a game
//! only through a [`Registry`] (this one, or one a test extends), and a
//! referee plays a game between programs in the protocol [`referee`] gives.

use std::sync::Arc;

use crate::arena::{Referee, TextUi};
use crate::game::{Kind, Registry};
use crate::kriegspiel::Kriegspiel;
use crate::kriegspiel::referee::KriegspielReferee;

/// Antichess and chess first (a game file no other game takes is read by
/// the antichess schema, for its reasons), then Connect N and Kriegspiel.
/// Kriegspiel is a game of hidden information: the front ends that show
/// one board to everyone (the TextUI) refuse it.
pub fn builtin() -> Registry {
    Registry::new(vec![
        Arc::new(crate::chess::Chess),
        Arc::new(crate::connect::ConnectN),
        Arc::new(Kriegspiel),
    ])
}

/// How a referee plays games of `ruleset` between two programs: in
/// Kriegspiel's player protocol, or in the TextUI protocol every other
/// game speaks.
pub fn referee(ruleset: &str) -> Box<dyn Referee> {
    if Kriegspiel.knows(ruleset) {
        Box::new(KriegspielReferee::default())
    } else {
        Box::new(TextUi)
    }
}
