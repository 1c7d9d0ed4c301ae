//! The chess board of a game of either rules as the chess servers send it
//! (style 12): nothing is hidden in chess or antichess.

use crate::game::{Diagram, Game, LastMove};
use crate::rules::chess::{Color, Move, MoveKind, Position, castling, notation};

/// Everything of `pos`, with `last` (the position before the last move,
/// and the move) when known.
pub fn diagram(pos: &Position, last: Option<(&Position, Move)>) -> Diagram {
    let rights = pos.castling_rights();
    Diagram {
        board: *pos.board(),
        turn: pos.turn(),
        double_push_file: last
            .filter(|(_, m)| m.kind() == MoveKind::DoublePush)
            .map(|(_, m)| m.to().file() as u8),
        castling: [
            castling::WHITE_KING_SIDE,
            castling::WHITE_QUEEN_SIDE,
            castling::BLACK_KING_SIDE,
            castling::BLACK_QUEEN_SIDE,
        ]
        .map(|bit| rights & bit != 0),
        irreversible: u32::from(pos.halfmoves()),
        fullmoves: u32::from(pos.fullmoves()),
        last: last.map(|(before, m)| last_move(before, m)),
    }
}

/// `m` played from `before`, as style 12 writes it.
pub fn last_move(before: &Position, m: Move) -> LastMove {
    let verbose = if m.kind() == MoveKind::Castle {
        if m.to().file() > m.from().file() {
            "o-o".to_string()
        } else {
            "o-o-o".to_string()
        }
    } else {
        let role = before
            .board()
            .role_at(m.from())
            .unwrap_or(crate::rules::chess::Role::Pawn);
        let promotion = m
            .promotion()
            .map_or(String::new(), |r| format!("={}", r.upper_char()));
        format!("{}/{}-{}{promotion}", role.upper_char(), m.from(), m.to())
    };
    LastMove {
        verbose,
        pretty: notation::san(before, m),
    }
}

/// The position before the last move of `game` and that move, when the
/// game's history replays from its first position.
pub fn before_last(game: &Game<Position>) -> Option<(Position, Move)> {
    if !game.history_replays() {
        return None;
    }
    let (last, earlier) = game.history().split_last()?;
    let mut pos = *game.first_position();
    for played in earlier {
        pos = pos.play(played.mv);
    }
    Some((pos, last.mv))
}

/// The whole board of a game of chess or antichess.
pub fn of_game(game: &Game<Position>) -> Diagram {
    let before = before_last(game);
    diagram(game.position(), before.as_ref().map(|(p, m)| (p, *m)))
}

/// Only `side`'s pieces and castling rights of `diagram`, and none of the
/// other side's moves or counters: what a Kriegspiel player may see.
pub fn own_only(mut diagram: Diagram, side: Color) -> Diagram {
    let theirs = diagram.board.by_color(side.other());
    for sq in theirs {
        diagram.board.remove(sq);
    }
    let keep = if side == Color::White { [0, 1] } else { [2, 3] };
    for (i, right) in diagram.castling.iter_mut().enumerate() {
        *right &= keep.contains(&i);
    }
    diagram.irreversible = 0;
    if diagram.turn == side {
        // The last move was the other side's.
        diagram.double_push_file = None;
        diagram.last = None;
    }
    diagram
}
