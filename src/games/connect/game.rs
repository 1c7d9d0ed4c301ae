//! Connect N as a game: its rules for [`Game`], and its game file.

use crate::game::{Game, NotAMove, Played, Recorded, Rules};
use crate::games::clocks::{clocks_from_file, clocks_to_file};
use crate::games::connect::moves::{cell_text, parse_move};
use crate::games::connect::{Position, Shape};
use crate::rules::chess::wording;
use crate::rules::chess::{Color, Outcome, Reason};
use crate::rules::file::{self, BoardSize, ConnectEnd, ConnectFile, ConnectMove, ConnectOver};

/// A Connect N game.
pub type ConnectGame = Game<Position>;

/// A disc dropped: its column and the row it lands on (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drop {
    /// The column.
    pub column: u32,
    /// The row it lands on.
    pub row: u32,
}

impl Rules for Position {
    type Move = Drop;

    fn turn(&self) -> Color {
        Position::turn(self)
    }

    /// A column letter (`d`) or the landing cell (`d1`); a column off the
    /// board, a full column or another cell of the column is not legal.
    fn read_move(&self, text: &str) -> Result<Option<Drop>, NotAMove> {
        let (column, cell_row) = parse_move(text).ok_or(NotAMove)?;
        let Some(row) = self.landing_row(column) else {
            return Ok(None);
        };
        Ok((cell_row.is_none() || cell_row == Some(row)).then_some(Drop { column, row }))
    }

    fn move_text(&self, m: Drop) -> String {
        cell_text(m.column, m.row)
    }

    fn legal_move_texts(&self) -> Vec<String> {
        // One cell per column, so column order is string order.
        self.legal_columns()
            .filter_map(|c| self.landing_row(c).map(|r| cell_text(c, r)))
            .collect()
    }

    fn moves(&self) -> Vec<Drop> {
        self.legal_columns()
            .filter_map(|column| self.landing_row(column).map(|row| Drop { column, row }))
            .collect()
    }

    fn play(&mut self, m: Drop) {
        *self = Position::play(self, m.column);
    }

    fn code(m: Drop) -> u32 {
        m.column << 16 | m.row
    }

    fn from_code(code: u32) -> Option<Drop> {
        Some(Drop {
            column: code >> 16,
            row: code & 0xffff,
        })
    }

    /// The mover connected (a win), or no move is left (a draw); a board
    /// loaded with lines on it: the side not to move's line first.
    fn settle(&mut self) -> Option<Outcome> {
        let turn = self.turn();
        if self.has_line(turn.other()) {
            Some(Outcome::win(turn.other(), Reason::Connected))
        } else if self.has_line(turn) {
            Some(Outcome::win(turn, Reason::Connected))
        } else if self.is_full() {
            Some(Outcome::draw(Reason::BoardFull))
        } else {
            None
        }
    }
}

impl Recorded for Position {
    fn start(ruleset_name: &str) -> Option<ConnectGame> {
        Shape::from_name(ruleset_name).map(|shape| Game::connect(ruleset_name, shape, 0, 0))
    }

    fn to_xml(game: &ConnectGame) -> String {
        file::connect_to_xml(&game.to_connect_file())
    }

    /// `connected`, `board full`, or the time loss.
    fn describe(_game: &ConnectGame, outcome: Outcome) -> String {
        match outcome.reason {
            Reason::Connected => "connected".to_string(),
            Reason::BoardFull => "board full".to_string(),
            _ => wording::describe_connect(outcome),
        }
    }
}

impl Game<Position> {
    /// A new Connect N game on the empty board; a time of `0` is
    /// unlimited.
    pub fn connect(ruleset_name: &str, shape: Shape, white_ms: i64, black_ms: i64) -> ConnectGame {
        Game::with_rules(ruleset_name, Position::new(shape), white_ms, black_ms)
    }

    /// The game a Connect N file describes (connect-n.md, 3.3).
    pub fn from_connect_file(file: &ConnectFile) -> ConnectGame {
        let BoardSize { n, width, height } = file.size;
        // The file may name N beyond both sides: no line can then be made.
        let shape = Shape { n, width, height };
        let empty = Position::new(shape);
        let (mut white, mut black) = (0u128, 0u128);
        for &(column, row, color) in &file.discs {
            let cell = empty.cell(column, row);
            match color {
                Color::White => {
                    white |= cell;
                    black &= !cell;
                }
                Color::Black => {
                    black |= cell;
                    white &= !cell;
                }
            }
        }
        let turn = file.moves.last().map_or(Color::White, |m| m.side.other());
        let position = Position::from_discs(shape, white, black, turn);
        let history = file
            .moves
            .iter()
            .map(|m| {
                let text = m
                    .value
                    .strip_prefix("t+")
                    .or_else(|| m.value.strip_prefix("f+"))
                    .unwrap_or(&m.value);
                let (column, row) = match parse_move(text) {
                    Some((c, r)) => (c, r.unwrap_or(0)),
                    None => (0, 0),
                };
                Played {
                    side: m.side,
                    mv: Drop { column, row },
                    captured: None,
                    time: m.time.clone(),
                    read_as: Some(m.value.clone()),
                }
            })
            .collect();
        let game_over = file
            .game_over
            .map(|ConnectOver { winner, end }| match (end, winner) {
                (ConnectEnd::Connected, Some(w)) => Outcome::win(w, Reason::Connected),
                (ConnectEnd::TimeExpired, Some(w)) => Outcome::win(w, Reason::TimeExpired),
                _ => Outcome::draw(Reason::BoardFull),
            });
        Game::loaded(
            &file.ruleset,
            position,
            history,
            clocks_from_file(&file.time),
            game_over,
        )
    }

    /// What a Connect N game file of this game says: discs from the top
    /// row down, left to right in a row; a finished game has `gameOver`.
    pub fn to_connect_file(&self) -> ConnectFile {
        let pos = self.position();
        let shape = pos.shape();
        let mut discs = Vec::new();
        for row in (0..shape.height).rev() {
            for column in 0..shape.width {
                let cell = pos.cell(column, row);
                for color in [Color::White, Color::Black] {
                    if pos.discs(color) & cell != 0 {
                        discs.push((column, row, color));
                    }
                }
            }
        }
        ConnectFile {
            ruleset: self.ruleset_name().to_string(),
            size: BoardSize {
                n: shape.n,
                width: shape.width,
                height: shape.height,
            },
            time: clocks_to_file(self.clock(Color::White), self.clock(Color::Black)),
            moves: self
                .history()
                .iter()
                .map(|p| ConnectMove {
                    side: p.side,
                    value: p
                        .read_as
                        .clone()
                        .unwrap_or_else(|| cell_text(p.mv.column, p.mv.row)),
                    time: p.time.clone(),
                })
                .collect(),
            discs,
            game_over: self.outcome().map(|o| ConnectOver {
                winner: o.winner,
                end: match o.reason {
                    Reason::Connected => ConnectEnd::Connected,
                    Reason::TimeExpired => ConnectEnd::TimeExpired,
                    _ => ConnectEnd::BoardFull,
                },
            }),
        }
    }
}
