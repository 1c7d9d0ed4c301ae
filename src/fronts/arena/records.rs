//! The records of a match: each game as a game file and, for a game PGN
//! can hold, as PGN, written with [`crate::sys::safe_write`].

use std::path::Path;

use super::{Forfeit, GameRecord, MatchConfig};
use crate::game::AnyGame;
use crate::rules::chess::{Reason, wording};
use crate::rules::pgn;
use crate::sys::safe_write::write_atomic;

/// The records of a game: the game file (`xml`: schema-valid, with
/// `gameOver`) and, for a game PGN can hold, `pgn`. A forfeit is written
/// as `timeExpired` in the game file (the file format has no other
/// description for it); the PGN `Termination` tag says what happened.
pub(super) fn game_files(
    config: &MatchConfig,
    index: u32,
    record: &GameRecord,
    game: &dyn AnyGame,
) -> Vec<(&'static str, String)> {
    let mut files = vec![("xml", game.to_xml())];
    let (white, black) = config.white_black(record.first_white);
    let w = usize::from(!record.first_white);
    let (white_control, black_control) = (config.control(w), config.control(1 - w));
    let result = wording::pgn_result(Some(record.outcome));
    let chess = game.pgn_standard();
    let mut tags = vec![
        ("Event", "antichess referee".to_string()),
        ("Site", "local".to_string()),
        ("Date", pgn::today()),
        ("Round", (index + 1).to_string()),
        ("White", white.clone()),
        ("Black", black.clone()),
        ("Result", result.to_string()),
    ];
    // At time odds each side has its own tag, as match programs write them.
    if white_control == black_control {
        tags.push(("TimeControl", white_control.to_string()));
    } else {
        tags.push(("WhiteTimeControl", white_control.to_string()));
        tags.push(("BlackTimeControl", black_control.to_string()));
    }
    tags.push(("PlyCount", game.plies().to_string()));
    if chess {
        // The standard's words; the sentence goes to the log.
        let how = match record.forfeit {
            Some(Forfeit::Time) => "time forfeit",
            Some(_) => "rules infraction",
            None if record.termination.starts_with("adjudicated") => "adjudication",
            None if record.outcome.reason == Reason::TimeExpired => "time forfeit",
            None => "normal",
        };
        tags.push(("Termination", how.to_string()));
    } else {
        tags.push(("Variant", config.ruleset.clone()));
        tags.push(("Termination", record.termination.clone()));
    }
    if let Some(text) = game.pgn(&tags) {
        files.push(("pgn", text));
    }
    files
}

/// Writes a game's records as `game-NNN.EXT` in `dir`. A record that
/// cannot be written is reported on standard error (the match goes on).
pub(super) fn write_files(dir: &Path, index: u32, files: &[(&'static str, String)]) {
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("antichess: could not create {}: {e}", dir.display());
        return;
    }
    let stem = dir.join(format!("game-{:03}", index + 1));
    for (extension, text) in files {
        save_record(&stem.with_extension(extension), text);
    }
}

/// Writes one record safely; a failure is reported on standard error.
pub(crate) fn save_record(path: &Path, text: &str) {
    if let Err(e) = write_atomic(path, text.as_bytes()) {
        eprintln!("antichess: could not write {}: {e}", path.display());
    }
}
