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
//! | `node.rs` | the solver's position: two words and a count, the shape's masks once a solve |
//! | `word.rs` | the machine word of a bitboard: `u64` where the board fits, else `u128` |
//! | `engine.rs` | the computer player: the book, the solver in time, threats otherwise |
//! | `book.rs` | the 7 x 6 opening book: reading it, and making it with the solver |
//! | `game.rs` | Connect N as a game: its rules for the game record, and its game file |
//! | `terminal.rs` | the computer player for the front ends, and the board at the terminal |
//! | `kind.rs` | the registry's entry: names, new games, files, perft |

pub mod book;
mod engine;
mod game;
mod kind;
pub mod moves;
mod node;
mod perft;
mod position;
mod shape;
mod solver;
mod table;
mod terminal;
mod word;

pub use engine::{Computer, Pick};
pub use game::{ConnectGame, Drop};
pub use kind::ConnectN;
pub use perft::{divide, perft};
pub use position::{Cells, Position, connects};
pub use shape::Shape;
pub use solver::{Score, Solver};
