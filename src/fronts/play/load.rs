//! Loading a game in `play`: a game file of any game, or a game of a PGN
//! file at its last position with its moves as the history.

use std::path::Path;

use crate::game::{AnyGame, Registry};

/// Whether a file name is a PGN file's (`.pgn`, any case).
pub(super) fn is_pgn(path: &str) -> bool {
    Path::new(path)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
}

/// Reads a game file of any game, or game `number` (from 1, default the
/// first) of a PGN file; the error says what is wrong.
pub(super) fn load(
    games: &Registry,
    path: &str,
    number: Option<&str>,
) -> Result<Box<dyn AnyGame>, String> {
    if is_pgn(path) {
        let wanted: usize = match number {
            None => 1,
            Some(n) => n
                .parse()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or("the game number must be 1 or more")?,
        };
        return games.read_pgn(Path::new(path), wanted);
    }
    games.read_path(Path::new(path))
}
