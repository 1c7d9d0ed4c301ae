//! How the games of a match are refereed: what the programs are told and
//! asked, in the protocol of the game they play. The match (workers, pairs
//! of games, the tally, records, Ctrl-C) is the same for every game; a
//! [`Referee`] plays one game. [`TextUi`] referees the TextUI protocol, with
//! a random opening or an opening suite's position given to both programs;
//! other protocols (Kriegspiel's player protocol) bring their own.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::play::play_one;
use super::records::game_files;
use super::{Finished, MatchConfig, Referee, random_opening};
use crate::sys::process::ChildProgram;

/// The TextUI protocol's referee: the pair's opening (a random one, or the
/// suite's position) given to both programs by `LoadGame`, every move
/// checked by the game's rules.
pub struct TextUi;

impl Referee for TextUi {
    fn play_game(
        &self,
        config: &MatchConfig,
        programs: &mut [Option<ChildProgram>; 2],
        index: u32,
        first_white: bool,
        folder: &Path,
        interrupt: &Arc<AtomicBool>,
    ) -> Option<Finished> {
        let pair = index / 2;
        let opening = match config.suite.as_deref() {
            Some(suite) if !suite.is_empty() => suite[pair as usize % suite.len()].clone(),
            _ => random_opening(
                &config.games_known,
                &config.ruleset,
                config.opening_plies,
                config.seed ^ u64::from(pair),
            )?,
        };
        let file = folder.join(format!("opening-{index}.xml"));
        let (record, game) = play_one(
            config,
            programs,
            opening.as_ref(),
            first_white,
            &file,
            interrupt,
        )?;
        let files = game_files(config, index, &record, game.as_ref());
        Some(Finished { record, files })
    }
}
