//! `antichess kriegspiel player`: the computer player on the player
//! protocol. It answers `newgame` with `ready`, `go` and `umpire Illegal
//! move` with an attempt (or `resign` when it has none), learns from the
//! other `umpire` lines, ignores `result` and unknown lines, and exits on
//! `quit` or at the end of input.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use super::announcement::Announcement;
use super::player::{Player, Strategy};
use crate::rules::chess::Color;
use crate::sys::input::read_line;

/// Runs the player until `quit` or the end of input. `seed` is xored with
/// each game's seed.
pub fn run(
    strategy: Strategy,
    seed: u64,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> io::Result<()> {
    let mut player: Option<Player> = None;
    let mut line = Vec::new();
    while let Some(too_long) = read_line(input, &mut line)? {
        if too_long {
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let words: Vec<&str> = text.split_ascii_whitespace().collect();
        let reply = match words.as_slice() {
            ["quit"] => return Ok(()),
            ["newgame", colour, _ms, game_seed] => {
                let color = match *colour {
                    "white" => Color::White,
                    "black" => Color::Black,
                    _ => continue,
                };
                let game_seed = game_seed.parse::<u64>().unwrap_or(0);
                player = Some(Player::new(color, strategy, game_seed ^ seed));
                Some("ready".to_string())
            }
            ["go", white_ms, black_ms] => player.as_mut().map(|p| {
                let ms = if p.view().color().is_white() {
                    white_ms
                } else {
                    black_ms
                };
                let remaining = ms
                    .parse::<u64>()
                    .ok()
                    .filter(|&ms| ms > 0)
                    .map(Duration::from_millis);
                answer(p, remaining)
            }),
            ["umpire", "Illegal", "move"] => player.as_mut().map(|p| {
                p.refused();
                answer(p, p.remaining())
            }),
            ["umpire", ..] => {
                let said = text.trim().trim_start_matches("umpire").trim_start();
                if let (Some(p), Ok(a)) = (player.as_mut(), said.parse::<Announcement>()) {
                    p.heard(&a);
                }
                None
            }
            _ => None,
        };
        if let Some(reply) = reply {
            writeln!(output, "{reply}")?;
            output.flush()?;
        }
    }
    Ok(())
}

fn answer(player: &mut Player, remaining: Option<Duration>) -> String {
    match player.attempt(remaining) {
        Some(a) => a.to_string(),
        None => "resign".to_string(),
    }
}
