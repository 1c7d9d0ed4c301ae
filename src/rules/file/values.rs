//! A checked document's values given their game's meaning: an antichess
//! game file (moves, squares, pieces, the ending) or a Connect N one
//! (cells, discs on the board).

use roxmltree::Node;

use super::node::{Result, at, attr};
use super::{
    BoardSize, ConnectEnd, ConnectFile, ConnectMove, ConnectOver, GameFile, GameOver, HistoryMove,
    TimeSpec,
};
use crate::rules::chess::notation::{parse_protocol, parse_square};
use crate::rules::chess::{Color, Reason, Role};

/// The document's contents once the structure is checked, before the
/// values are given their game's meaning.
pub(super) struct Contents<'a, 'i> {
    pub(super) root: Node<'a, 'i>,
    pub(super) ruleset: String,
    pub(super) time: TimeSpec,
    pub(super) moves: Vec<(Node<'a, 'i>, Color, &'a str, Option<String>)>,
    pub(super) squares: Vec<(Node<'a, 'i>, &'a str, Color, &'a str)>,
    pub(super) game_over: Option<(Node<'a, 'i>, Option<Color>, &'a str)>,
}

/// A game file's values, from checked contents.
pub(super) trait FromContents: Sized {
    fn from_contents(c: Contents) -> Result<Self>;
}

impl FromContents for GameFile {
    fn from_contents(c: Contents) -> Result<GameFile> {
        let moves = c
            .moves
            .into_iter()
            .map(|(node, side, value, time)| {
                let (from, to) = parse_protocol(value)
                    .ok_or_else(|| at(node, "value must match [a-h][1-8]-[a-h][1-8]"))?;
                Ok(HistoryMove {
                    side,
                    from,
                    to,
                    time,
                    promotion: attr(node, "promotion").and_then(super::promotion_from_name),
                })
            })
            .collect::<Result<_>>()?;
        let pieces = c
            .squares
            .into_iter()
            .map(|(node, id, color, piece)| {
                let square = match id.as_bytes() {
                    [f, r] => parse_square(*f, *r),
                    _ => None,
                }
                .ok_or_else(|| at(node, "id must match [a-h][1-8]"))?;
                let role = match piece {
                    "pawn" => Role::Pawn,
                    "knight" => Role::Knight,
                    "bishop" => Role::Bishop,
                    "rook" => Role::Rook,
                    "queen" => Role::Queen,
                    "king" => Role::King,
                    _ => {
                        return Err(at(
                            node,
                            "piece must be pawn, rook, knight, bishop, queen or king",
                        ));
                    }
                };
                Ok((square, color, role))
            })
            .collect::<Result<_>>()?;
        let game_over = c
            .game_over
            .map(|(node, winner, description)| {
                let description = Reason::from_name(description).ok_or_else(|| {
                    at(
                        node,
                        "description must be piecesLost, checkmate, stalemate or timeExpired",
                    )
                })?;
                Ok(GameOver {
                    winner,
                    description,
                    reason: attr(node, "reason").and_then(Reason::from_chess_reason),
                })
            })
            .transpose()?;
        Ok(GameFile {
            ruleset: c.ruleset,
            time: c.time,
            moves,
            pieces,
            game_over,
        })
    }
}

impl FromContents for ConnectFile {
    fn from_contents(c: Contents) -> Result<ConnectFile> {
        let size = BoardSize::from_ruleset(&c.ruleset)
            .ok_or_else(|| at(c.root, "ruleset is not a Connect N ruleset"))?;
        let moves = c
            .moves
            .into_iter()
            .map(|(node, side, value, time)| {
                let cell = value
                    .strip_prefix("t+")
                    .or_else(|| value.strip_prefix("f+"))
                    .unwrap_or(value);
                if parse_cell(cell).is_none() {
                    return Err(at(node, "value must match ([tf]\\+)?[a-j]([1-9]|10)"));
                }
                Ok(ConnectMove {
                    side,
                    value: value.to_string(),
                    time,
                })
            })
            .collect::<Result<_>>()?;
        let mut discs = Vec::new();
        for (node, id, color, piece) in c.squares {
            let (column, row) =
                parse_cell(id).ok_or_else(|| at(node, "id must match [a-j]([1-9]|10)"))?;
            if piece != "chip" {
                return Err(at(node, "piece must be chip"));
            }
            if column >= size.width || row >= size.height {
                return Err(at(
                    node,
                    format!("{id} is outside the {}x{} board", size.width, size.height),
                ));
            }
            discs.push((column, row, color));
        }
        let game_over = c
            .game_over
            .map(|(node, winner, description)| {
                let end = ConnectEnd::from_name(description).ok_or_else(|| {
                    at(
                        node,
                        "description must be connected, boardFull, timeExpired, connecting pieces, board space depletion or time depletion",
                    )
                })?;
                Ok(ConnectOver { winner, end })
            })
            .transpose()?;
        Ok(ConnectFile {
            ruleset: c.ruleset,
            size,
            time: c.time,
            moves,
            discs,
            game_over,
        })
    }
}

/// A cell `[a-j]([1-9]|10)` as column and row from 0.
pub(super) fn parse_cell(id: &str) -> Option<(u32, u32)> {
    match super::cell::parse_move(id)? {
        (column, Some(row)) => Some((column, row)),
        _ => None,
    }
}
