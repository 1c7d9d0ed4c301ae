//! 6.170 Antichess under each of its rulesets, and orthodox chess, as a
//! game of the registry. The rules themselves are in [`crate::rules`] (one
//! move generator, the ruleset a value); this folder gives them their
//! game record and file (`game.rs`), chess's claims and draws
//! (`chess.rs`), the computer player (`computer.rs`, with the UCI adapter
//! in `uci_player.rs`), the terminal's board (`view.rs`) and commands
//! (`terminal.rs`, `terminal_chess.rs`, the help texts in `help.rs`), opening suites (`suite.rs`) and
//! the registry's entry (`kind.rs`).

mod chess;
mod computer;
pub mod diagram;
mod game;
mod help;
mod kind;
mod suite;
mod terminal;
mod terminal_chess;
mod uci_player;
pub mod view;

pub use chess::Claims;
pub use computer::{Engines, eval_text};
pub use kind::Antichess;
pub use suite::{carried, read_suite};
pub use uci_player::{UciFailure, UciPlayer};
