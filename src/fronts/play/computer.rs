//! The computer's side of `play`: its move (with a spinner, stopped by
//! Ctrl-C), the draws it claims, and hints.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use super::interrupt::{STOPPED, THINKING};
use super::{PlayLoop, say};
use crate::game::{Choice, LegalMove, charged_ms};
use crate::rules::chess::wording::side_name;
use crate::rules::chess::{Outcome, Reason};

impl PlayLoop<'_> {
    pub(super) fn hint(&mut self) -> Option<Choice<LegalMove>> {
        if self.game.outcome().is_some() {
            return None;
        }
        let options = &self.options.engine;
        self.game
            .computer(&mut self.engine, options)
            .choose(self.game.as_ref(), options, None, &mut |_, _| {})
            .unwrap_or_else(|e| {
                say(&format!("No hint: {e}."));
                None
            })
    }

    pub(super) fn computer_move(&mut self) {
        let options = &self.options.engine;
        let computer = self.game.computer(&mut self.engine, options);
        if let Some(text) = computer.claim(self.game.as_mut(), options) {
            say(&text);
            return;
        }
        let turn = self.game.turn();
        let remaining = self.game.clock(turn).remaining();
        // Ctrl-C halts the search from before the player sees it start.
        *THINKING.lock().unwrap_or_else(|e| e.into_inner()) = computer.halt();
        let spinner = ProgressBar::new_spinner();
        spinner.set_style(
            ProgressStyle::with_template("{spinner} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        spinner.set_message("thinking");
        spinner.enable_steady_tick(Duration::from_millis(100));
        let start = Instant::now();
        let chosen = computer.choose(
            self.game.as_ref(),
            options,
            remaining,
            &mut |depth, nodes| {
                spinner.set_message(format!("thinking: depth {depth}, {nodes} nodes"));
            },
        );
        *THINKING.lock().unwrap_or_else(|e| e.into_inner()) = None;
        spinner.finish_and_clear();
        let spent = charged_ms(start);
        if STOPPED.swap(false, Ordering::Relaxed) {
            if let Some(halt) = self.engine.halt() {
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
