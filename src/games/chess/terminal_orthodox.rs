//! What `play` adds for chess: moves typed in any common form, promotion
//! pieces, checks and claimable draws announced, `claim`, `draw`,
//! `moves SQUARE`, and the reasons a chess move is refused.

use shakmaty::{Role, Square};

use crate::engines::search::{DRAW_DECISION_DEPTH, Engine};
use crate::game::{EngineOptions, Game, Refusal, Typed};
use crate::rules::chess::wording::side_name;
use crate::rules::chess::{Castle, Illegal, Move, Position, notation};

/// Reads a chess move typed as `e2e4`, `e2-e4`, `e7e8n`, `e7-e8=N` or SAN
/// (`Nf3`, `exd8=Q+`, `O-O`); a promotion typed without its piece asks for
/// one.
pub(super) fn typed(game: &Game<Position>, text: &str) -> Typed<Move> {
    let pos = game.position();
    if let Some(m) = notation::find_uci(pos, text).or_else(|| notation::find_protocol(pos, text)) {
        return Typed::Move(m);
    }
    match notation::read_san(pos, text).as_slice() {
        [m] => return Typed::Move(*m),
        [_, _, ..] => {
            return Typed::Illegal(Refusal::Ambiguous {
                named: text.to_string(),
            });
        }
        [] => {}
    }
    let as_queen = notation::read_san(pos, &format!("{}=Q", text.trim_end_matches(['+', '#'])));
    if let [m] = as_queen.as_slice() {
        return Typed::Promotion(format!("{}-{}", m.from(), m.to()));
    }
    let Some((from, to)) = notation::parse_coordinates(text) else {
        return san_refused(pos, text).map_or(Typed::Unknown, Typed::Illegal);
    };
    if pos.find_move(from, to).is_some_and(Move::is_promotion) {
        return Typed::Promotion(format!("{from}-{to}"));
    }
    match pos.why_illegal(from, to) {
        Some(why) => Typed::Illegal(Refusal::Illegal {
            named: format!("{from}-{to}"),
            why: reason(pos, why, from, to),
        }),
        None => Typed::Unknown,
    }
}

/// Why a move written in SAN (`Nf6`, `O-O`) is not legal here, when it
/// reads as SAN: the reason a piece it could name cannot make it (its king
/// left in check, castling blocked), or that none of the player's pieces
/// of that kind reaches the square.
fn san_refused(pos: &Position, text: &str) -> Option<Refusal> {
    let refused = |why: String| {
        Some(Refusal::Illegal {
            named: text.to_string(),
            why,
        })
    };
    match shakmaty::san::San::from_ascii(text.as_bytes()).ok()? {
        shakmaty::san::San::Normal {
            role,
            file,
            rank,
            to,
            ..
        } => {
            let name = format!("{role:?}").to_lowercase();
            let pieces: Vec<Square> = pos
                .board()
                .by_piece(pos.turn(), role)
                .into_iter()
                .filter(|sq| {
                    file.is_none_or(|f| sq.file() == f) && rank.is_none_or(|r| sq.rank() == r)
                })
                .collect();
            if pieces.is_empty() {
                return refused(format!("you have no {name} that could move so"));
            }
            // A move the piece could make but for the rules of check (or
            // of capture) is refused for that rule; else none reaches.
            let reasons: Vec<(Square, Illegal)> = pieces
                .iter()
                .filter_map(|&from| pos.why_illegal(from, to).map(|why| (from, why)))
                .collect();
            match reasons
                .iter()
                .find(|(_, why)| !matches!(why, Illegal::CannotMove { .. }))
            {
                Some(&(from, why)) => refused(reason(pos, why, from, to)),
                None => refused(format!("no {name} of yours can move to {to}")),
            }
        }
        shakmaty::san::San::Castle(side) => {
            let king = pos.board().by_piece(pos.turn(), Role::King).first()?;
            let to = Square::from_coords(
                if side == shakmaty::CastlingSide::KingSide {
                    shakmaty::File::G
                } else {
                    shakmaty::File::C
                },
                king.rank(),
            );
            refused(format!(
                "castling is not possible: {}",
                castling_obstacle(pos, king, to)
            ))
        }
        _ => None,
    }
}

/// Why a chess move is not legal, in a few words.
fn reason(pos: &Position, why: Illegal, from: Square, to: Square) -> String {
    match why {
        Illegal::NoPiece(sq) => format!("there is no piece on {sq}"),
        Illegal::NotYours(sq) => format!("the piece on {sq} is not yours"),
        Illegal::KingInCheck if pos.is_check() => {
            "your king is in check and this move does not end it".to_string()
        }
        Illegal::KingInCheck => "it would leave your king in check".to_string(),
        Illegal::CastlingImpossible => format!(
            "castling is not possible: {}",
            castling_obstacle(pos, from, to)
        ),
        Illegal::CannotMove {
            role: Role::Pawn,
            from,
            to,
        } if from.file() != to.file() && !pos.board().occupied().contains(to) => {
            "en passant is only possible right after the double step".to_string()
        }
        Illegal::CannotMove { role, from, to } => {
            format!(
                "a {} on {from} cannot move to {to}",
                format!("{role:?}").to_lowercase()
            )
        }
        Illegal::KingCapture => "a king can never be captured".to_string(),
        Illegal::CaptureCompulsory => "a capture is compulsory".to_string(),
    }
}

/// What stops the castling `from`-`to`.
fn castling_obstacle(pos: &Position, from: Square, to: Square) -> String {
    let Some(castle) = Castle::between(from, to) else {
        return "the king has moved".to_string();
    };
    if pos.castling_rights() & castle.right == 0 {
        let king_home = pos
            .board()
            .by_piece(castle.color, Role::King)
            .contains(castle.king_from);
        return if king_home {
            "the rook has moved or is gone".to_string()
        } else {
            "the king has moved".to_string()
        };
    }
    if pos.is_check() {
        return "the king is in check".to_string();
    }
    let path = shakmaty::attacks::between(castle.king_from, castle.rook_from);
    if (path & pos.board().occupied()).any() {
        return "a piece stands in the way".to_string();
    }
    let them = pos.turn().other();
    let occupied = pos.board().occupied().without(castle.king_from);
    let walk = shakmaty::attacks::between(castle.king_from, castle.king_to).with(castle.king_to);
    match walk
        .into_iter()
        .find(|&sq| pos.board().attackers(sq, them, occupied).any())
    {
        Some(sq) if sq == castle.king_to => {
            format!("the king would land on an attacked square ({sq})")
        }
        Some(sq) => format!("the king would pass through an attacked square ({sq})"),
        None => "a piece stands in the way".to_string(),
    }
}

/// `Check.` and the draws that may be claimed, after a move.
pub(super) fn notes(game: &Game<Position>) -> Vec<String> {
    let mut notes = Vec::new();
    if game.position().is_check() {
        notes.push("Check.".to_string());
    }
    let claims = game.claims();
    if claims.any() {
        notes.push(format!(
            "{} may claim a draw ({claims}): type claim.",
            side_name(game.turn())
        ));
    }
    notes
}

/// `moves SQUARE`: the moves of the piece there, or why it has none.
pub(super) fn piece_moves(game: &Game<Position>, square: &str) -> String {
    let pos = game.position();
    let Ok(sq) = square.parse::<Square>() else {
        return format!("{square} is not a square (a1 to h8).");
    };
    let Some(piece) = pos.board().piece_at(sq) else {
        return format!("There is no piece on {sq}.");
    };
    if piece.color != pos.turn() {
        return format!("The piece on {sq} is not yours.");
    }
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() == sq)
        .map(|&m| notation::protocol(m, pos.ruleset()))
        .collect();
    moves.sort();
    let name = format!("{:?}", piece.role).to_lowercase();
    if moves.is_empty() {
        format!("The {name} on {sq} has no legal move.")
    } else {
        format!("The {name} on {sq}: {}", moves.join(" "))
    }
}

/// `claim`: ends the game by a claimable draw, or says why there is none.
pub(super) fn claim(game: &mut Game<Position>) -> String {
    if game.claim_draw().is_some() {
        return String::new();
    }
    let times = match game.repetitions() {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    };
    format!(
        "No draw can be claimed: this position has occurred {times}; the halfmove clock is {} (100 needed).",
        game.position().halfmoves()
    )
}

/// The computer claims a draw open to it when its search scores the
/// position at 0 or worse for itself.
pub(super) fn computer_claim(
    game: &mut Game<Position>,
    engine: &mut Engine,
    options: &EngineOptions,
) -> Option<String> {
    let claims = game.claims();
    let depth = options.depth.unwrap_or(DRAW_DECISION_DEPTH);
    if !claims.any() || engine.score_to_depth(game.position(), game.repetition_keys(), depth) > 0 {
        return None;
    }
    let side = side_name(game.turn());
    game.claim_draw()?;
    let how = if claims.threefold {
        "threefold repetition"
    } else {
        "the fifty-move rule"
    };
    Some(format!("{side} (computer) claims a draw by {how}."))
}
