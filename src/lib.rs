//! # antichess
//!
//! MIT 6.170 Antichess: captures are forced, the king is royal, and you win
//! by losing every piece but your king, or by checkmate (which side the mate
//! favours depends on the ruleset).
//!
//! ```
//! use antichess::rules::chess::{Position, Ruleset, Status};
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

pub mod engines;
pub mod fronts;
pub mod game;
pub mod games;
pub mod rules;
pub mod sys;
