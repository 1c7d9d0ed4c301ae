//! The engines, above the rules they search and below the games that
//! play with them: `search`, one alpha-beta search for every ruleset of
//! the 8 x 8 board (chess, antichess, and Kriegspiel's player on the
//! boards it believes in). Connect N's solver is its game's own
//! (`games::connect`).

pub mod search;
