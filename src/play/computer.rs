//! The computer's side of `play`: its move (with a spinner, stopped by
//! Ctrl-C), the draws it claims, and hints.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use super::interrupt::{STOPPED, THINKING};
use super::{PlayLoop, say};
use crate::game::{Choice, LegalMove, charged_ms};
use crate::rules::wording::side_name;
use crate::rules::{Outcome, Reason};

impl PlayLoop<'_> {
    pub(super) fn hint(&mut self) -> Option<Choice<LegalMove>> {
        if self.game.outcome().is_some() {
            return None;
        }
        self.game
            .engine_move(&mut self.engine, &self.options.engine, None, &mut |_, _| {})
            .unwrap_or_else(|e| {
                say(&format!("No hint: {e}."));
                None
            })
    }

    pub(super) fn computer_move(&mut self) {
        if let Some(text) = self
            .game
            .computer_claim(&mut self.engine, &self.options.engine)
        {
            say(&text);
            return;
        }
        let turn = self.game.turn();
        let remaining = self.game.clock(turn).remaining();
        // Ctrl-C halts the search from before the player sees it start.
        *THINKING.lock().unwrap_or_else(|e| e.into_inner()) = self.game.halt(&self.engine);
        let spinner = ProgressBar::new_spinner();
        spinner.set_style(
            ProgressStyle::with_template("{spinner} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        spinner.set_message("thinking");
        spinner.enable_steady_tick(Duration::from_millis(100));
        let start = Instant::now();
        let chosen = self.game.engine_move(
            &mut self.engine,
            &self.options.engine,
            remaining,
            &mut |depth, nodes| {
                spinner.set_message(format!("thinking: depth {depth}, {nodes} nodes"));
            },
        );
        *THINKING.lock().unwrap_or_else(|e| e.into_inner()) = None;
        spinner.finish_and_clear();
        let spent = charged_ms(start);
        if STOPPED.swap(false, Ordering::Relaxed) {
            if let Some(halt) = self.game.halt(&self.engine) {
                halt.store(false, Ordering::Relaxed);
            }
            self.paused = true;
            say("Stopped thinking. Type go to let the computer move, or undo, save FILE, quit.");
            return;
        }
        match chosen {
            Ok(Some(choice)) => {
                say(&format!(
                    "{} (computer) plays {} (depth {}).",
                    side_name(turn),
                    self.game.shown(&choice.mv.text),
                    choice.depth
                ));
                self.play(&choice.mv, spent);
            }
            Ok(None) => self.game.adjudicate(Outcome::draw(Reason::Stalemate)),
            Err(e) => {
                self.paused = true;
                say(&format!(
                    "The computer gave no move: {e}. Type go to ask again."
                ));
            }
        }
    }
}
