//! The games of the 8 x 8 board with nothing hidden: orthodox chess and
//! 6.170 Antichess under each of its rulesets, as a game of the registry. The rules themselves are in [`crate::rules::chess`] (one
//! move generator, the ruleset a value); this folder gives them their
//! game record and file (`game.rs`), chess's claims and draws
//! (`claims.rs`), the computer player (`computer.rs`, with the UCI adapter
//! in `uci_player.rs`), the terminal's board (`view.rs`) and commands
//! (`terminal.rs`, `terminal_orthodox.rs`, the help texts in `help.rs`), opening suites (`suite.rs`) and
//! the registry's entry (`kind.rs`).

mod claims;
mod computer;
pub mod diagram;
mod game;
mod help;
mod kind;
mod suite;
mod terminal;
mod terminal_orthodox;
mod uci_player;
pub mod view;

pub use claims::Claims;
pub use computer::{Engines, eval_text};
pub use kind::Chess;
pub use suite::{carried, read_suite};
pub use uci_player::{UciFailure, UciPlayer};
