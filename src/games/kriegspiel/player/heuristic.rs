//! The heuristic player's rules, highest first (ties keep the seeded
//! random order they came in):
//!
//! 1. recapture on the square where it just lost a unit;
//! 2. when in check: captures on check-token squares, then king moves off
//!    the announced lines, then anything else (interpositions);
//! 3. pawn captures onto piece-token squares when pawn tries were
//!    announced;
//! 4. moves onto king-token squares, or attacking them;
//! 5. otherwise central moves and development, avoiding squares outside the
//!    zone of control (where a piece would stand unguarded).

use shakmaty::attacks;

use super::super::tokens::{TokenKind, Tokens};
use super::super::umpire::Attempt;
use super::super::view::PlayerView;
use crate::rules::chess::{Role, Square};

/// A square's closeness to the centre, 0 (corner) to 6.
fn centrality(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    6 - ((2 * f - 7).abs() + (2 * r - 7).abs()) / 2
}

/// The score of one attempt by the rules above.
pub fn score(view: &PlayerView, tokens: &Tokens, a: Attempt) -> i32 {
    let own = view.own();
    let Some(piece) = own.piece_at(a.from) else {
        return i32::MIN;
    };
    let heard = view.last_announcement();
    let lost_at = heard.and_then(|h| h.capture).map(|c| c.square);
    let in_check = heard.is_some_and(|h| !h.checks.is_empty());
    let token = tokens.at(a.to);
    let mut s = 0;
    if lost_at == Some(a.to) {
        s += 10_000;
    }
    if in_check {
        match token {
            Some(t) if t.kind == TokenKind::Check => s += 5_000,
            _ if piece.role == Role::King => {
                s += 3_000;
                if token.is_some_and(|t| t.kind == TokenKind::Check) {
                    s -= 2_000;
                }
            }
            _ => s += 1_000,
        }
    }
    let diagonal = a.from.file() != a.to.file();
    if piece.role == Role::Pawn && diagonal && view.pawn_tries() > 0 {
        s += 2_000 + token.map_or(0, |t| i32::from(t.strength) * 10);
    }
    if token.is_some_and(|t| t.kind == TokenKind::King) {
        s += 1_500;
    }
    let mut moved = *own;
    moved.remove(a.from);
    moved.set(a.to, piece.color, piece.role);
    let reach = attacks::attacks(
        a.to,
        moved.piece_at(a.to).unwrap_or(piece),
        moved.occupied(),
    );
    let king_tokens = reach
        .into_iter()
        .filter(|&sq| tokens.at(sq).is_some_and(|t| t.kind == TokenKind::King))
        .count() as i32;
    s += 400 * king_tokens;
    if let Some(c) = lost_at
        && reach.contains(c)
    {
        s += 300;
    }
    s += 10 * (centrality(a.to) - centrality(a.from));
    if matches!(piece.role, Role::Knight | Role::Bishop)
        && a.from.rank() == view.king().map_or(a.from.rank(), Square::rank)
    {
        s += 40;
    }
    if piece.role == Role::King && !in_check {
        s -= 60;
    }
    if piece.role == Role::Queen && view.lost() == (0, 0) {
        s -= 30;
    }
    // Standing outside the zone of control: nothing of ours guards it.
    let mut after = view.clone();
    after.own_move(a);
    if !after.guarded().contains(a.to) && piece.role != Role::King {
        s -= 100;
    }
    s
}

/// Sorts `attempts` by [`score`], highest first (a stable sort: ties keep
/// their order).
pub fn order(view: &PlayerView, tokens: &Tokens, attempts: &mut [Attempt]) {
    attempts.sort_by_cached_key(|&a| std::cmp::Reverse(score(view, tokens, a)));
}
