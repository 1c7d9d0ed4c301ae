//! Connect N, the course environment's second game: discs drop into
//! columns, N in a row (across, up or diagonally) wins, a full board is a
//! draw. Bitboards make every rule a few shifts, and a solver gives exact
//! values.
//!
//! | file | what |
//! |---|---|
//! | `shape.rs` | the ruleset: N, width, height, and the `connect-…` names |
//! | `position.rs` | the bitboard position, moves, lines, winning cells |
//! | `moves.rs` | move text: cells, columns, move sequences |
//! | `perft.rs` | counting move sequences |
//! | `solver.rs` | exact scores (Pascal Pons' method) |
//! | `engine.rs` | the computer player: the book, the solver in time, threats otherwise |
//! | `book.rs` | the 7 x 6 opening book: reading it, and making it with the solver |

pub mod book;
mod engine;
pub mod moves;
mod perft;
mod position;
mod shape;
mod solver;

pub use engine::{Choice, Engine};
pub use perft::{divide, perft};
pub use position::{Cells, Position, connects};
pub use shape::Shape;
pub use solver::{Score, Solver};
