//! The rules and records that several games and the engines share,
//! above the seam and below the games: the 8 x 8 board and its rulesets
//! (`chess`: orthodox chess and 6.170 Antichess, which Kriegspiel's
//! umpire and the search also play), PGN, the course's XML game file (of
//! chess and Connect N), and the audits of their invariants.

pub mod audit;
pub mod chess;
pub mod file;
pub mod pgn;
