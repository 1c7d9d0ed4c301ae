//! Connect N as the front ends play it: the computer player, and at the
//! terminal discs as `X` (White) and `O` (Black) on a plain board, or
//! filled circles, White's red and Black's yellow, with the last disc
//! highlighted, on a colour terminal.

use std::fmt::Write;

use shakmaty::ByColor;

use super::game::{ConnectGame, Drop};
use crate::game::view::{Style, status_lines};
use crate::game::{Choice, EngineFailure, EngineOptions, Mark, Plugin, Refusal, Typed, Viewer};
use crate::games::connect::moves::{cell_text, parse_move};
use crate::games::connect::{self, Computer, Position, Shape};
use crate::rules::chess::wording::{describe_connect, side_name};
use crate::rules::chess::{Color, Outcome, Reason};

const HELP: &str = "\
Type a move as a column letter (d), the cell where the disc lands (d1), or a column number (4). Commands:
  moves        list the cells you can play
  hint         ask the engine for a move
  undo         take back your last move and the reply
  save FILE    save the game (the game file)
  load FILE    load a game file
  new          start again
  help         this text
  quit         leave";

impl Plugin for Position {
    type Engine = Computer;

    fn grid(game: &ConnectGame) -> Option<(u32, u32)> {
        let shape = game.position().shape();
        Some((shape.width, shape.height))
    }

    /// The built-in engine; a UCI engine does not play Connect N (said
    /// once, when the engine is made).
    fn engine(game: &ConnectGame, options: &EngineOptions) -> Computer {
        if options.uci_engine.is_some() {
            eprintln!(
                "antichess: --uci-engine is not used for Connect N; the built-in engine answers"
            );
        }
        Computer::new(game.position().shape(), options.hash_mb)
    }

    /// The book, the solver within the time, or threats (`--depth`
    /// searches that many plies, without a time limit).
    fn engine_move(
        game: &ConnectGame,
        computer: &mut Computer,
        options: &EngineOptions,
        remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Result<Option<Choice<Drop>>, EngineFailure> {
        let pos = game.position();
        if computer.shape() != pos.shape() {
            *computer = Computer::new(pos.shape(), computer.hash_mb());
        }
        let choice = computer.choose_for_turn(
            pos,
            options.depth,
            remaining,
            options.increment_ms,
            options.movetime,
        );
        progress(choice.depth, 0);
        let Some(row) = pos.landing_row(choice.column) else {
            return Ok(None);
        };
        let eval = choice.outcome.map(|o| {
            match o.signum() {
                1 => "a win",
                0 => "a draw",
                _ => "a loss",
            }
            .to_string()
        });
        Ok(Some(Choice {
            mv: Drop {
                column: choice.column,
                row,
            },
            depth: choice.depth,
            eval,
        }))
    }

    fn clear(computer: &mut Computer) {
        computer.clear();
    }

    fn banner(game: &ConnectGame) -> String {
        let s = game.position().shape();
        format!(
            "Connect {} on a {}x{} board; White plays X and moves first, Black plays O. Type help for commands.",
            s.n, s.width, s.height
        )
    }

    fn help(_game: &crate::game::Game<Self>) -> &'static str {
        HELP
    }

    fn commands() -> &'static [&'static str] {
        &[
            "moves", "hint", "undo", "save", "load", "new", "help", "quit",
        ]
    }

    fn render(game: &ConnectGame, players: ByColor<&str>, style: Style) -> String {
        let pos = game.position();
        let s = pos.shape();
        let last = game.last_move();
        let mut out = String::new();
        let letters = |out: &mut String| {
            out.push_str("  ");
            for c in 0..s.width {
                let _ = write!(out, " {}", Shape::column_letter(c));
            }
            out.push('\n');
        };
        letters(&mut out);
        for row in (0..s.height).rev() {
            let _ = write!(out, "{:>2}", row + 1);
            for column in 0..s.width {
                let cell = pos.cell(column, row);
                let disc = [Color::White, Color::Black]
                    .into_iter()
                    .find(|&c| pos.discs(c) & cell != 0);
                let is_last = last.is_some_and(|d| d.column == column && d.row == row);
                if style.fancy {
                    let text = match disc {
                        Some(Color::White) => "\x1b[38;5;196m●\x1b[0m",
                        Some(Color::Black) => "\x1b[38;5;226m●\x1b[0m",
                        None => "·",
                    };
                    if is_last {
                        let _ = write!(out, " \x1b[48;5;240m{text}\x1b[0m");
                    } else {
                        let _ = write!(out, " {text}");
                    }
                } else {
                    let c = match disc {
                        Some(Color::White) => 'X',
                        Some(Color::Black) => 'O',
                        None => '.',
                    };
                    let _ = write!(out, " {c}");
                }
            }
            let _ = writeln!(out, " {}", row + 1);
        }
        letters(&mut out);
        out.push_str(&status_lines(
            game,
            players,
            last.map(|d| cell_text(d.column, d.row)),
        ));
        out
    }

    /// `d`, `d1` or the column number `4`.
    fn typed(game: &ConnectGame, text: &str) -> Typed<Drop> {
        let pos = game.position();
        let s = pos.shape();
        let parsed = match text.parse::<u32>() {
            Ok(n) if (1..=10).contains(&n) && !text.starts_with('0') => Some((n - 1, None)),
            _ => parse_move(text),
        };
        let Some((column, row)) = parsed else {
            return Typed::Unknown;
        };
        let letter = Shape::column_letter(column);
        if column >= s.width {
            return Typed::Illegal(Refusal::Illegal {
                named: text.to_string(),
                why: format!(
                    "this board has columns a to {}",
                    Shape::column_letter(s.width - 1)
                ),
            });
        }
        let Some(landing) = pos.landing_row(column) else {
            return Typed::Illegal(Refusal::Illegal {
                named: text.to_string(),
                why: format!("column {letter} is full"),
            });
        };
        match row {
            Some(r) if r != landing => Typed::Illegal(Refusal::Illegal {
                named: text.to_string(),
                why: format!(
                    "a disc dropped in column {letter} lands on {}",
                    cell_text(column, landing)
                ),
            }),
            _ => Typed::Move(Drop {
                column,
                row: landing,
            }),
        }
    }

    fn moves_line(game: &ConnectGame) -> String {
        use crate::game::Rules;
        format!(
            "Legal moves: {}",
            game.position().legal_move_texts().join(" ")
        )
    }

    /// `White connects 4: c1 d1 e1 f1. White wins.`: the longest line
    /// through the last disc.
    fn ending(game: &ConnectGame, outcome: Outcome) -> String {
        match (winning_line(game), outcome.winner) {
            (Some(cells), Some(w)) if outcome.reason == Reason::Connected => {
                let names: Vec<String> = cells.iter().map(|&(c, r)| cell_text(c, r)).collect();
                format!(
                    "{} connects {}: {}. {} wins.",
                    side_name(w),
                    cells.len(),
                    names.join(" "),
                    side_name(w)
                )
            }
            _ => describe_connect(outcome),
        }
    }

    /// The winning line's cells, once a line is made.
    fn marks(game: &ConnectGame, _viewer: Viewer) -> Vec<Mark> {
        winning_line(game)
            .unwrap_or_default()
            .into_iter()
            .map(|(c, r)| Mark {
                square: cell_text(c, r),
                kind: "line",
                strength: 100,
            })
            .collect()
    }
}

/// The cells of the line that won the game (the longest through the last
/// disc), when it was won by a line.
fn winning_line(game: &ConnectGame) -> Option<Vec<(u32, u32)>> {
    let outcome = game.outcome()?;
    let (Reason::Connected, Some(w), Some(last)) =
        (outcome.reason, outcome.winner, game.last_move())
    else {
        return None;
    };
    let cells = longest_line(game.position(), w, last);
    (cells.len() >= game.position().shape().n as usize).then_some(cells)
}

/// The cells of `color`'s longest line through the disc `last`, left to
/// right (bottom to top for a vertical line).
fn longest_line(pos: &connect::Position, color: Color, last: Drop) -> Vec<(u32, u32)> {
    let s = pos.shape();
    let own = pos.discs(color);
    let has = |c: i64, r: i64| {
        c >= 0
            && r >= 0
            && (c as u32) < s.width
            && (r as u32) < s.height
            && own & pos.cell(c as u32, r as u32) != 0
    };
    let mut best: Vec<(u32, u32)> = Vec::new();
    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        let (c0, r0) = (i64::from(last.column), i64::from(last.row));
        let mut start = 0;
        while has(c0 + (start - 1) * dc, r0 + (start - 1) * dr) {
            start -= 1;
        }
        let mut line = Vec::new();
        let mut k = start;
        while has(c0 + k * dc, r0 + k * dr) {
            line.push(((c0 + k * dc) as u32, (r0 + k * dr) as u32));
            k += 1;
        }
        if line.len() > best.len() {
            best = line;
        }
    }
    best
}
