//! The games this program knows: the one list. A front end reaches a game
//! only through a [`Registry`] (this one, or one a test extends).

pub mod chess;
pub mod clocks;
pub mod connect;
pub mod kriegspiel;

use std::sync::Arc;

use crate::game::Registry;
use crate::games::kriegspiel::Kriegspiel;

/// Antichess and chess first (a game file no other game takes is read by
/// the antichess schema, for its reasons), then Connect N and Kriegspiel.
/// Kriegspiel is a game of hidden information: the front ends that show
/// one board to everyone (the TextUI) refuse it.
pub fn builtin() -> Registry {
    Registry::new(vec![
        Arc::new(crate::games::chess::Chess),
        Arc::new(crate::games::connect::ConnectN),
        Arc::new(Kriegspiel),
    ])
}
