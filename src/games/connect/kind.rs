//! Connect N in the registry: the `connect-N-W-H` names, new games, its
//! game files, and perft from a move sequence.

use crate::game::{AnyGame, Counted, Game, Kind, Recorded, Setup, boxed};
use crate::rules::file::{self, SavedGame};

use super::moves::{cell_text, play_sequence};
use super::{Position, Shape};

/// Connect N on any board.
pub struct ConnectN;

impl Kind for ConnectN {
    fn name(&self) -> &'static str {
        "Connect N"
    }

    fn ruleset_names(&self) -> String {
        "connect-N-W-H (N in a row on W x H, sides 2 to 10, 2 <= N <= the larger side) or connect-N (7 x 6)"
            .to_string()
    }

    fn knows(&self, ruleset: &str) -> bool {
        Shape::from_name(ruleset).is_some()
    }

    fn start(&self, ruleset: &str) -> Option<Box<dyn AnyGame>> {
        Position::start(ruleset).map(boxed)
    }

    fn read_file(&self, bytes: &[u8]) -> Option<Result<Box<dyn AnyGame>, String>> {
        match file::parse_any(bytes) {
            Ok(SavedGame::Connect(f)) => Some(Ok(boxed(Game::from_connect_file(&f)))),
            _ => None,
        }
    }

    fn perft(
        &self,
        ruleset: &str,
        setup: Setup,
        depth: u32,
        divide: bool,
    ) -> Result<Counted, String> {
        let shape = Shape::from_name(ruleset).ok_or("not a Connect N ruleset")?;
        if setup.fen.is_some() {
            return Err(
                "--fen is for antichess rulesets; give a Connect N position with --moves"
                    .to_string(),
            );
        }
        let pos = play_sequence(shape, setup.moves.unwrap_or("-"))
            .map_err(|e| format!("--moves: {e}"))?;
        if !divide {
            return Ok(Counted::Total(super::perft(&pos, depth)));
        }
        Ok(Counted::Divided(
            super::divide(&pos, depth)
                .into_iter()
                .map(|(c, n)| (cell_text(c, pos.landing_row(c).unwrap_or(0)), n))
                .collect(),
        ))
    }
}
