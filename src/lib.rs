//! # antichess
//!
//! MIT 6.170 Antichess: captures are forced, the king is royal, and you win
//! by losing every piece but your king, or by checkmate (which side the mate
//! favours depends on the ruleset).
//!
//! ```
//! use antichess::rules::{Position, Ruleset, Status};
//!
//! let mut pos = Position::new(Ruleset::SPRING_2007);
//! for text in ["e2-e3", "b7-b5"] {
//!     let m = pos.legal_moves().into_iter().find(|m| m.to_string() == text).unwrap();
//!     pos = pos.play(m);
//! }
//! // Bishop f1 attacks b5: the capture is forced.
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 1);
//! assert_eq!(moves[0].to_string(), "f1-b5");
//! assert_eq!(pos.status(), Status::Ongoing);
//! ```

pub mod arena;
pub mod audit;
pub mod chess;
pub mod cli;
pub mod client;
pub mod completion;
pub mod connect;
pub mod fics;
pub mod file;
pub mod game;
pub mod games;
pub mod input;
pub mod kriegspiel;
pub mod pgn;
pub mod play;
pub mod process;
pub mod rng;
pub mod rules;
pub mod safe_read;
pub mod safe_write;
pub mod search;
pub mod server;
pub mod telnet;
pub mod textui;
pub mod tournament;
pub mod trace;
pub mod uci;
