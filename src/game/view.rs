//! What every game's view shares: how to draw (colours or plain text,
//! which side is at the bottom), clocks for people, and the status lines
//! under a board (whose turn, both clocks, the last move).

use std::fmt::Write;

use shakmaty::ByColor;

use super::Color;
use super::side_name;
use super::{Game, Rules};

/// How to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Unicode pieces and ANSI colours.
    pub fancy: bool,
    /// Black at the bottom.
    pub flipped: bool,
}

impl Style {
    /// Fancy when standard output is a colour terminal.
    pub fn detect() -> Style {
        use std::io::IsTerminal;
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
        Style {
            fancy: std::io::stdout().is_terminal() && !no_color && !dumb,
            flipped: false,
        }
    }
}

/// Whose turn it is, both clocks, and the last move, for any game.
pub fn status_lines<R: Rules>(
    game: &Game<R>,
    players: ByColor<&str>,
    last_move: Option<String>,
) -> String {
    let turn = game.turn();
    let mut out = format!(
        "{} to move ({}).  Clocks: White {}, Black {}.\n",
        side_name(turn),
        players.get(turn),
        clock_text(game.clock(Color::White).remaining()),
        clock_text(game.clock(Color::Black).remaining()),
    );
    if let Some(m) = last_move {
        let _ = writeln!(out, "Last move: {m}");
    }
    out
}

/// A clock for people: `unlimited`, `59.9 s`, `4:05`.
pub fn clock_text(ms: Option<i64>) -> String {
    match ms {
        None => "unlimited".to_string(),
        Some(ms) if ms < 60_000 => format!("{:.1} s", ms.max(0) as f64 / 1000.0),
        Some(ms) => format!("{}:{:02}", ms / 60_000, (ms / 1000) % 60),
    }
}
