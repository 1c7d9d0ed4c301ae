//! The front ends, at the top: each drives every game through the seam
//! and the registry, and none names a game. The command line (`cli`), the
//! TextUI protocol (`textui`), UCI (`uci`), play at a terminal (`play`),
//! the game server (`server`) and its client (`client`), with the words
//! both speak (`fics`), the referee between programs (`arena`),
//! tournaments (`tournament`) and `trace`.

pub mod arena;
pub mod cli;
pub mod client;
pub mod fics;
pub mod play;
pub mod server;
pub mod textui;
pub mod tournament;
pub mod trace;
pub mod uci;
