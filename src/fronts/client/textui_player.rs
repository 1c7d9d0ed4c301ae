//! A TextUI program as the bot's player (`--textui-engine CMD`), in the
//! games of full information: for each move it is given the game as it
//! stands, clocks included, as a game file (`LoadGame`, from a private
//! folder), and asked `GetNextMove`, as the referee asks it. A game of
//! hidden information has no game file a player may see; the bot plays
//! those with the game's own computer player.

use std::time::Duration;

use crate::game::AnyGame;
use crate::game::deadline;
use crate::rules::chess::Color;
use crate::sys::process::{ChildProgram, Fault, quote};
use crate::sys::safe_write::write_atomic;

/// How long a command other than `GetNextMove` may take.
const ANSWER: Duration = Duration::from_secs(10);

/// The program, running between games.
pub struct TextUiPlayer {
    command: String,
    program: Option<ChildProgram>,
    folder: tempfile::TempDir,
}

fn fault(command: &str, f: Fault) -> String {
    format!("the TextUI program failed at {command}: {f}")
}

impl TextUiPlayer {
    /// Ready to start `command` when first asked.
    pub fn new(command: &str) -> Result<TextUiPlayer, String> {
        let folder = tempfile::Builder::new()
            .prefix("antichess-bot")
            .tempdir()
            .map_err(|e| format!("cannot make a private folder: {e}"))?;
        Ok(TextUiPlayer {
            command: command.to_string(),
            program: None,
            folder,
        })
    }

    /// Starts a new game in the program, `side` its own.
    pub fn new_game(&mut self, ruleset: &str, side: Color) -> Result<(), String> {
        if self.program.is_none() {
            let program = ChildProgram::spawn(&self.command).map_err(|e| e.to_string())?;
            self.program = Some(program);
        }
        let line = match side {
            Color::White => format!("StartNewGame computer 0 human 0 {ruleset}"),
            Color::Black => format!("StartNewGame human 0 computer 0 {ruleset}"),
        };
        self.expect(&line, "New game started", ANSWER)
    }

    fn ask(&mut self, line: &str, timeout: Duration) -> Result<String, String> {
        let word = line.split(' ').next().unwrap_or_default().to_string();
        let program = self.program.as_mut().ok_or("the program is not running")?;
        let answer = program.ask(line, timeout).map_err(|f| fault(&word, f));
        if answer.is_err() {
            self.program = None;
        }
        answer
    }

    fn expect(&mut self, line: &str, expected: &str, timeout: Duration) -> Result<(), String> {
        match self.ask(line, timeout)? {
            answer if answer == expected => Ok(()),
            answer => {
                self.program = None;
                Err(format!("the TextUI program answered {}", quote(&answer)))
            }
        }
    }

    /// The program's move in `game` (its side to move), with these clocks;
    /// the move's canonical text.
    pub fn choose(
        &mut self,
        game: &dyn AnyGame,
        clocks: (Option<i64>, Option<i64>),
    ) -> Result<String, String> {
        let mut shown = game.boxed_clone();
        shown.restart_clocks(clocks.0.unwrap_or(0), clocks.1.unwrap_or(0));
        let file = self.folder.path().join("game.xml");
        write_atomic(&file, shown.to_xml().as_bytes()).map_err(|e| e.to_string())?;
        self.expect(
            &format!("LoadGame {}", file.display()),
            "Game loaded",
            ANSWER,
        )?;
        let own = match game.turn() {
            Color::White => clocks.0,
            Color::Black => clocks.1,
        };
        let text = self.ask("GetNextMove", deadline(own))?;
        match game.read_move(&text) {
            Ok(Some(m)) => Ok(m.text),
            _ => Err(format!(
                "the TextUI program's move {} is not legal",
                quote(&text)
            )),
        }
    }
}
