//! System helpers, below everything else: no game in them. Seeded
//! random numbers, lines read with a bound, bounded and atomic file
//! reads and writes, child programs driven line by line, telnet's lines,
//! and Tab completion.

pub mod completion;
pub mod database_url;
pub mod input;
pub mod process;
pub mod rng;
pub mod safe_read;
pub mod safe_write;
pub mod telnet;
