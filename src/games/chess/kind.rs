//! Antichess and chess in the registry: their ruleset names, new games,
//! game files, perft from a FEN, and opening suites.

use std::path::Path;

use crate::game::{AnyGame, Counted, Game, Kind, Recorded, Setup, boxed};
use crate::rules::chess::{self, Position, Ruleset};
use crate::rules::file::{self, SavedGame};

/// The start position, as an example of a FEN.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

/// The 8 x 8 games: 6.170 Antichess under its rulesets, and chess.
pub struct Chess;

impl Kind for Chess {
    fn name(&self) -> &'static str {
        "antichess"
    }

    fn ruleset_names(&self) -> String {
        let names: Vec<&str> = Ruleset::NAMES.iter().map(|(n, _)| *n).collect();
        names.join(", ")
    }

    fn knows(&self, ruleset: &str) -> bool {
        Ruleset::from_name(ruleset).is_some()
    }

    fn start(&self, ruleset: &str) -> Option<Box<dyn AnyGame>> {
        Position::start(ruleset).map(boxed)
    }

    /// Any file of the antichess schema, and any file no other game
    /// takes (its errors are the antichess schema's).
    fn read_file(&self, bytes: &[u8]) -> Option<Result<Box<dyn AnyGame>, String>> {
        match file::parse_any(bytes) {
            Ok(SavedGame::Antichess(f)) => {
                Some(Game::from_file(&f).map(boxed).map_err(|e| e.to_string()))
            }
            Ok(SavedGame::Connect(_)) => None,
            Err(e) => Some(Err(e.to_string())),
        }
    }

    fn read_pgn(&self, path: &Path, number: usize) -> Option<Result<Box<dyn AnyGame>, String>> {
        Some(read_pgn(path, number).map(boxed))
    }

    fn check_file(&self, bytes: &[u8]) -> Option<Result<(), String>> {
        match file::parse_any(bytes) {
            Ok(SavedGame::Antichess(_)) => Some(Ok(())),
            Ok(SavedGame::Connect(_)) => None,
            Err(e) => Some(Err(e.to_string())),
        }
    }

    fn perft(
        &self,
        ruleset: &str,
        setup: Setup,
        depth: u32,
        divide: bool,
    ) -> Result<Counted, String> {
        let ruleset = Ruleset::from_name(ruleset).ok_or("not an antichess ruleset")?;
        if setup.moves.is_some() {
            return Err(
                "--moves is for Connect N rulesets; give a chess or antichess position with --fen"
                    .to_string(),
            );
        }
        let pos = match setup.fen {
            Some(fen) => Position::from_fen(fen, ruleset).map_err(|e| {
                format!(
                    "--fen {fen:?} is not a position: give the six FEN fields, as in {START_FEN:?}: {e}"
                )
            })?,
            None => Position::new(ruleset),
        };
        if !divide {
            return Ok(Counted::Total(chess::perft(&pos, depth)));
        }
        Ok(Counted::Divided(
            chess::divide(&pos, depth)
                .into_iter()
                .map(|(m, n)| {
                    let text = m.map_or_else(
                        || "pass".to_string(),
                        |m| chess::notation::protocol(m, ruleset),
                    );
                    (text, n)
                })
                .collect(),
        ))
    }

    fn read_suite(&self, path: &Path, ruleset: &str) -> Result<Vec<Box<dyn AnyGame>>, String> {
        Ok(super::read_suite(path, ruleset)?
            .into_iter()
            .map(|pos| boxed(Game::with_rules(ruleset, pos, 0, 0)))
            .collect())
    }
}

/// Game `number` (from 1) of a PGN file at its last position, its moves
/// the history.
fn read_pgn(path: &Path, number: usize) -> Result<Game<Position>, String> {
    let read = crate::rules::pgn::open(path)?
        .nth(number - 1)
        .ok_or(format!("the file has no game {number}"))?
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
    Ok(game)
}
