//! What the terminal draws of a Kriegspiel game: a player's view (own
//! pieces, guess tokens, the zone of control, the clocks, the
//! announcements), and the umpire's board at the end.

use std::time::Instant;

use super::{HotSeat, say};
use crate::antichess::view::position_board;
use crate::game::elapsed_ms;
use crate::game::view::{Style, clock_text};
use crate::rules::Color;
use crate::rules::wording::side_name;

impl HotSeat {
    /// A side's view (§5.3 of the specification): its own pieces, tokens,
    /// the origin of its last move, the zone when shown, then the status
    /// lines.
    pub(super) fn view_text(&self, color: Color, turn_started: Instant) -> String {
        let status = if self.game.outcome().is_some() {
            "Game over.".to_string()
        } else {
            let turn = self.game.turn();
            let who = if self.seats.get(turn).human {
                "you"
            } else {
                "computer"
            };
            let shown = |c: Color| {
                let clock = self.clocks.get(c);
                let running = if c == turn {
                    elapsed_ms(turn_started)
                } else {
                    0
                };
                clock_text(clock.remaining().map(|r| r.saturating_sub(running)))
            };
            format!(
                "{} ({who}) to move.  Clocks: White {}, Black {}.",
                side_name(turn),
                shown(Color::White),
                shown(Color::Black)
            )
        };
        self.seats.get(color).known.draw(self.fancy, &status)
    }

    /// Prints a side's view after an empty line.
    pub(super) fn draw(&self, color: Color, turn_started: Instant) {
        say(&format!(
            "\n{}",
            self.view_text(color, turn_started).trim_end()
        ));
    }

    /// The umpire's board, the moves, and the way on.
    pub(super) fn reveal(&self) {
        let board = position_board(
            self.game.position().board(),
            self.game.last_move(),
            Style {
                fancy: self.fancy,
                flipped: self.reveal_flipped,
            },
        );
        say(&format!(
            "Game over. The umpire's board:\n{}",
            board.trim_end()
        ));
        say(&format!("Moves: {}", self.game.san_moves()));
    }
}
