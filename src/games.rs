//! The games this program knows: the one list. A front end reaches a game
//! only through a [`Registry`] (this one, or one a test extends).

use std::sync::Arc;

use crate::game::Registry;

/// Antichess and chess first (a game file no other game takes is read by
/// the antichess schema, for its reasons), then Connect N.
pub fn builtin() -> Registry {
    Registry::new(vec![
        Arc::new(crate::antichess::Antichess),
        Arc::new(crate::connect::ConnectN),
    ])
}

/// Every game, those of hidden information too (Kriegspiel): for front
/// ends that show each side its own view, as the server does.
pub fn all() -> Registry {
    builtin().with(crate::kriegspiel::Kriegspiel)
}
