//! The positions of a finished game file where the evaluation is meant to
//! stand, shared by `eval_terms.rs` and `game_positions.rs`.

use antichess::rules::chess::{Position, Ruleset, Status};
use antichess::rules::file;

/// Plies left out at the start of each game: the referee's random opening.
const SKIP_PLIES: usize = 8;

/// A finished game's positions from ply [`SKIP_PLIES`] on where no capture is
/// forced (under chess, every one), each with the game's result for the side to move (1,
/// 0.5 or 0), and the game's ruleset; or why the file gives none (not
/// read, not finished, an illegal move).
pub fn quiet_positions(path: &str) -> Result<(Ruleset, Vec<(Position, f32)>), String> {
    let contents = file::read_path(path.as_ref()).map_err(|e| e.to_string())?;
    let Some(over) = contents.game_over else {
        return Err("the game is not finished".into());
    };
    let ruleset = Ruleset::for_file(&contents.ruleset);
    let mut pos = Position::new(ruleset);
    let mut positions = Vec::new();
    for (ply, m) in contents.moves.iter().enumerate() {
        if pos.status() == Status::Pass {
            pos = pos.pass();
        }
        if ply >= SKIP_PLIES && !pos.capture_forced() {
            let result = match over.winner {
                None => 0.5,
                Some(w) if w == pos.turn() => 1.0,
                Some(_) => 0.0,
            };
            positions.push((pos, result));
        }
        let Some(mv) = pos.find_move(m.from, m.to) else {
            return Err(format!("move {} is not legal", ply + 1));
        };
        pos = pos.play(mv);
    }
    Ok((ruleset, positions))
}
