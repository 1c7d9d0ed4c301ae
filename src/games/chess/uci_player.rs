//! A UCI engine as the TextUI's computer player (`--uci-engine CMD`), so
//! the referee can pit any UCI engine against TextUI programs.

use std::time::{Duration, Instant};

use thiserror::Error;

use crate::engines::search::time;
use crate::game::Game;
use crate::rules::chess::{Color, Move, Position, notation};
use crate::sys::process::{ChildProgram, LAST_WORDS_WAIT, quote_last_words};

/// How long the engine may take to answer `uci` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// Why a UCI engine gave no move.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum UciFailure {
    /// It could not be started, or did not finish the `uci` and `isready`
    /// handshake within 10 s.
    #[error("the UCI engine did not start or did not answer `uci` and `isready`")]
    Start,
    /// It closed its output, or gave no `bestmove` within its time (the
    /// time, and the last line of its standard error, if any).
    #[error(
        "the UCI engine closed its output or gave no move within {ms} ms{note}",
        ms = .0,
        note = quote_last_words(.1.as_deref())
    )]
    NoMove(u128, Option<String>),
    /// Its `bestmove` is not a legal move here.
    #[error("the UCI engine's move `{0}` is not legal here")]
    Illegal(String),
}

/// A UCI engine run as a child process.
pub struct UciPlayer {
    command: String,
    variant: Option<String>,
    child: Option<ChildProgram>,
    current_variant: Option<String>,
    /// The engine declared a `UCI_Variant` option.
    declares_variant: bool,
}

impl UciPlayer {
    /// An engine started by `command` on first use; `variant` overrides the
    /// `UCI_Variant` sent (by default the game's ruleset name).
    pub fn new(command: &str, variant: Option<&str>) -> UciPlayer {
        UciPlayer {
            command: command.to_string(),
            variant: variant.map(str::to_string),
            child: None,
            current_variant: None,
            declares_variant: false,
        }
    }

    fn read_until(child: &mut ChildProgram, prefix: &str, deadline: Instant) -> Option<String> {
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let line = child.recv(left).ok()?;
            if line.starts_with(prefix) {
                return Some(line);
            }
        }
    }

    fn ready(&mut self, variant: &str) -> Option<&mut ChildProgram> {
        if self.child.is_none() {
            let mut child = ChildProgram::spawn(&self.command).ok()?;
            child.send("uci").ok()?;
            let deadline = Instant::now() + HANDSHAKE;
            self.declares_variant = false;
            loop {
                let line = child
                    .recv(deadline.checked_duration_since(Instant::now())?)
                    .ok()?;
                if line.starts_with("option name UCI_Variant ") {
                    self.declares_variant = true;
                }
                if line == "uciok" {
                    break;
                }
            }
            self.child = Some(child);
            self.current_variant = None;
        }
        let child = self.child.as_mut()?;
        // Orthodox chess engines have no UCI_Variant, and need none.
        let needs_variant = self.declares_variant || variant != "chess";
        if needs_variant && self.current_variant.as_deref() != Some(variant) {
            child
                .send(&format!("setoption name UCI_Variant value {variant}"))
                .ok()?;
            self.current_variant = Some(variant.to_string());
        }
        child.send("isready").ok()?;
        Self::read_until(child, "readyok", Instant::now() + HANDSHAKE)?;
        self.child.as_mut()
    }

    /// The engine's move for the side to move, within the clock, or why it
    /// gave none (an engine that did not start or answer is started again
    /// on the next call).
    pub fn choose(
        &mut self,
        game: &Game<Position>,
        remaining: Option<i64>,
        increment: Option<i64>,
        movetime: Option<Duration>,
    ) -> Result<Move, UciFailure> {
        let variant = self
            .variant
            .clone()
            .unwrap_or_else(|| game.ruleset_name().to_string());
        let (go, wait) = match (remaining, movetime) {
            // A clocked game without a fixed move time: the engine gets both
            // clocks, less a reserve for pipe and process latency, and
            // manages its own time, as in any engine tournament, told of the
            // increment when it is known. It may think until the mover's
            // clock (less the reserve) runs out.
            (Some(left), None) => {
                let clock = |c: Color| {
                    // An unlimited clock is sent as a day.
                    let left = game.clock(c).remaining().unwrap_or(86_400_000);
                    time::usable(left).max(1)
                };
                let mut go = format!(
                    "go wtime {} btime {}",
                    clock(Color::White),
                    clock(Color::Black)
                );
                if let Some(inc) = increment.filter(|&inc| inc > 0) {
                    go.push_str(&format!(" winc {inc} binc {inc}"));
                }
                (go, Duration::from_millis(time::usable(left).max(1) as u64))
            }
            // About what the built-in engine spends: twice the soft limit,
            // never more than the hard one; the answer is awaited a second
            // longer.
            _ => {
                let budget = time::budget(remaining, movetime, game.position().moves_played());
                let think = (budget.soft * 2).min(budget.hard).as_millis().max(1);
                (
                    format!("go movetime {think}"),
                    budget.hard + Duration::from_secs(1),
                )
            }
        };
        let Some(child) = self.ready(&variant) else {
            self.child = None;
            return Err(UciFailure::Start);
        };
        let answer = (|| {
            child
                .send(&format!("position fen {}", game.position().to_fen()))
                .ok()?;
            child.send(&go).ok()?;
            let line = Self::read_until(child, "bestmove ", Instant::now() + wait)?;
            line.split_whitespace().nth(1).map(str::to_string)
        })();
        let Some(text) = answer else {
            let last = child.last_error(LAST_WORDS_WAIT);
            self.child = None;
            return Err(UciFailure::NoMove(wait.as_millis(), last));
        };
        notation::find_uci(game.position(), &text).ok_or(UciFailure::Illegal(text))
    }
}
