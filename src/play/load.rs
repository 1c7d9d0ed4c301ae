//! Loading a game in `play`: a game file of either game, or a game of a
//! PGN file at its last position with its moves as the history.

use std::path::Path;

use crate::file::{self, SavedGame};
use crate::game::Game;

/// A game read from a file, of either kind.
pub(super) enum Loaded {
    Antichess(Game),
    Connect(crate::game::ConnectGame),
}

/// Whether a file name is a PGN file's (`.pgn`, any case).
pub(super) fn is_pgn(path: &str) -> bool {
    Path::new(path)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
}

/// Reads a game file of either game, or game `number` (from 1, default
/// the first) of a PGN file at its last position with its moves as the
/// history; the error says what is wrong.
pub(super) fn load(path: &str, number: Option<&str>) -> Result<Loaded, String> {
    if is_pgn(path) {
        let wanted: usize = match number {
            None => 1,
            Some(n) => n
                .parse()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or("the game number must be 1 or more")?,
        };
        let read = crate::pgn::open(Path::new(path))?
            .nth(wanted - 1)
            .ok_or(format!("the file has no game {wanted}"))?
            .map_err(|e| e.to_string())?;
        if let Some(e) = read.first_error() {
            return Err(format!(
                "line {}, column {}: {}",
                e.line, e.column, e.message
            ));
        }
        let start = read.game.start;
        let mut game = Game::with_rules(start.ruleset().name(), start, 0, 0);
        for node in &read.game.moves {
            if game.outcome().is_some() {
                break;
            }
            game.play(node.mv, 0);
        }
        return Ok(Loaded::Antichess(game));
    }
    match file::read_any_path(Path::new(path)).map_err(|e| e.to_string())? {
        SavedGame::Antichess(f) => Game::from_file(&f)
            .map(Loaded::Antichess)
            .map_err(|e| e.to_string()),
        SavedGame::Connect(f) => Ok(Loaded::Connect(Game::from_connect_file(&f))),
    }
}
