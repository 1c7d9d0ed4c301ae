//! Audit methods: the types with the richest representation invariants
//! check them on demand and say what is broken.
//!
//! With the environment variable `ANTICHESS_AUDIT=1` the TextUI (after
//! every command), `play` (after every move) and `pgn replay` (after every
//! move) write `AUDIT(<Type>) <n>`, then one line per violation, to
//! standard error; standard output is untouched. Debug builds also check
//! the game after every move.

use std::sync::OnceLock;

use shakmaty::{Bitboard, Color, Role};

use crate::game::Game;
use crate::rules::chess::{CASTLES, MoveKind, Position, SEVENTY_FIVE_MOVE_PLIES, Status};
use crate::rules::pgn::{Node, PgnGame, SEVEN_TAG_ROSTER};

/// A value that can check its own invariants.
pub trait Audit {
    /// Each violated invariant, in words; empty when all hold.
    fn audit_errors(&self) -> Vec<String>;
}

/// Whether `ANTICHESS_AUDIT=1` is set (read once).
pub fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var("ANTICHESS_AUDIT").is_ok_and(|v| v == "1"))
}

/// Writes the audit of `value` to standard error, when auditing is on.
pub fn log(name: &str, value: &impl Audit) {
    if !enabled() {
        return;
    }
    let errors = value.audit_errors();
    eprintln!("AUDIT({name}) {}", errors.len());
    for e in errors {
        eprintln!("  {e}");
    }
}

impl Audit for Position {
    fn audit_errors(&self) -> Vec<String> {
        let mut errors = Vec::new();
        let board = self.board();
        let white = board.by_color(Color::White);
        let black = board.by_color(Color::Black);
        if (white & black).any() || (white | black) != board.occupied() {
            errors.push("the colour bitboards do not partition the occupied squares".into());
        }
        let mut roles = Bitboard::EMPTY;
        for role in Role::ALL {
            if (roles & board.by_role(role)).any() {
                errors.push(format!("the {role:?} bitboard overlaps another role's"));
            }
            roles |= board.by_role(role);
        }
        if roles != board.occupied() {
            errors.push("the role bitboards do not cover the occupied squares".into());
        }
        let recomputed = Position::from_parts(
            *board,
            self.turn(),
            self.castling_rights(),
            self.ep_square(),
            self.ruleset(),
        );
        if recomputed.hash() != self.hash() {
            errors.push(format!(
                "the hash {:016x} is not the recomputed {:016x}",
                self.hash(),
                recomputed.hash()
            ));
        }
        for c in &CASTLES {
            if self.castling_rights() & c.right != 0
                && !(board.by_piece(c.color, Role::King).contains(c.king_from)
                    && board.by_piece(c.color, Role::Rook).contains(c.rook_from))
            {
                errors.push(format!(
                    "a castling right without its king on {} and rook on {}",
                    c.king_from, c.rook_from
                ));
            }
        }
        if let Some(ep) = self.ep_square() {
            let rank_ok = ep.rank() == shakmaty::Rank::Third || ep.rank() == shakmaty::Rank::Sixth;
            if board.occupied().contains(ep) || !rank_ok {
                errors.push(format!(
                    "the en passant square {ep} is not an empty third or sixth rank square"
                ));
            } else if self.ruleset().fide_draws
                && !self
                    .legal_moves()
                    .iter()
                    .any(|m| m.kind() == MoveKind::EnPassant)
            {
                errors.push(format!("the en passant square {ep} has no legal capture"));
            }
        }
        if self.ruleset().fide_draws && board.in_check(self.turn().other()) {
            errors.push("the side not to move is in check".into());
        }
        if self.fullmoves() < 1 {
            errors.push("the move number is 0".into());
        }
        errors
    }
}

impl Audit for Game<Position> {
    fn audit_errors(&self) -> Vec<String> {
        let mut errors = self.position().audit_errors();
        if self.history_replays() {
            let mut pos = *self.first_position();
            let mut keys = vec![pos.hash()];
            for (i, played) in self.history().iter().enumerate() {
                if !pos.legal_moves().contains(&played.mv) {
                    errors.push(format!(
                        "history move {} ({}) is not legal",
                        i + 1,
                        played.mv
                    ));
                    return errors;
                }
                pos = pos.play(played.mv);
                if pos.status() == Status::Pass {
                    pos = pos.pass();
                }
                keys.push(pos.hash());
            }
            if pos != *self.position() {
                errors.push("the history does not lead to the current position".into());
            }
            if self.is_chess() && keys != self.repetition_keys() {
                errors.push("the repetition record is not a recount of the history".into());
            }
        }
        let over = self.outcome().is_some();
        if !over && self.is_chess() && self.position().halfmoves() >= SEVENTY_FIVE_MOVE_PLIES {
            errors.push("a game in progress has a halfmove clock of 150 or more".into());
        }
        if let Status::Over(o) = self.position().status()
            && !over
        {
            errors.push(format!(
                "the position is over ({:?}) but the game is not",
                o.reason
            ));
        }
        if over && self.draw_offer().is_some() {
            errors.push("a draw offer stands in a finished game".into());
        }
        for color in [Color::White, Color::Black] {
            let clock = self.clock(color);
            if clock.expired() && !over {
                errors.push(format!(
                    "{color:?}'s clock has run out in a game in progress"
                ));
            }
        }
        errors
    }
}

impl Audit for PgnGame {
    fn audit_errors(&self) -> Vec<String> {
        let mut errors = Vec::new();
        check_line(&self.start, &self.moves, &mut errors);
        for (name, _) in &self.tags {
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                errors.push(format!("the tag name {name:?} is not a PGN name"));
            }
        }
        for (i, (name, _)) in self.tags.iter().enumerate() {
            if self.tags[..i].iter().any(|(n, _)| n == name) {
                errors.push(format!("the tag {name} is there twice"));
            }
        }
        // The writer gives every Seven Tag Roster tag (a missing one as
        // `?`): what is checked is that the result agrees with the tag.
        if let Some(result) = self.tag(SEVEN_TAG_ROSTER[6].0)
            && !["1-0", "0-1", "1/2-1/2", "*"].contains(&result)
        {
            errors.push(format!("the Result tag {result:?} is not a result"));
        }
        errors
    }
}

/// Every move of a line (and of its variations) is legal where it stands;
/// comments hold no `}`.
fn check_line(start: &Position, nodes: &[Node], errors: &mut Vec<String>) {
    let mut pos = *start;
    for node in nodes {
        for variation in &node.variations {
            if variation.is_empty() {
                errors.push("an empty variation".into());
            }
            check_line(&pos, variation, errors);
        }
        if !pos.legal_moves().contains(&node.mv) {
            errors.push(format!(
                "the move {} is not legal in {}",
                node.mv,
                pos.to_fen()
            ));
            return;
        }
        for comment in [&node.comment, &node.starting_comment]
            .into_iter()
            .flatten()
        {
            if comment.contains('}') {
                errors.push("a comment holds a }".into());
            }
        }
        pos = pos.play(node.mv);
        if pos.status() == Status::Pass {
            pos = pos.pass();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Played;
    use crate::rules::chess::{Ruleset, Square, notation};

    #[test]
    fn a_clean_position_game_and_pgn_game_report_nothing() {
        let mut game = Game::new("chess", 0, 0);
        for text in ["e2-e4", "d7-d5", "e4-d5", "g8-f6"] {
            let m = game.find_move(text).unwrap();
            game.play(m, 0);
        }
        assert!(game.position().audit_errors().is_empty());
        assert!(game.audit_errors().is_empty());
        assert!(game.to_pgn(&[]).audit_errors().is_empty());
    }

    #[test]
    fn a01_a_flipped_hash_bit_and_a_missing_rook_are_reported() {
        let mut pos = Position::new(Ruleset::CHESS);
        pos.hash ^= 1;
        assert!(pos.audit_errors().iter().any(|e| e.contains("hash")));
        let mut pos = Position::new(Ruleset::CHESS);
        pos.board.remove(Square::H1);
        let errors = pos.audit_errors();
        assert!(
            errors.iter().any(|e| e.contains("rook on h1")),
            "{errors:?}"
        );
    }

    #[test]
    fn a02_a_stray_history_move_is_reported() {
        let mut game = Game::new("chess", 0, 0);
        let m = game.find_move("e2-e4").unwrap();
        game.play(m, 0);
        let stray = notation::find_protocol(&Position::new(Ruleset::CHESS), "d2-d4").unwrap();
        game.history_mut().push(Played {
            side: Color::Black,
            mv: stray,
            captured: None,
            time: None,
            read_as: None,
        });
        let errors = game.audit_errors();
        assert!(errors.iter().any(|e| e.contains("not legal")), "{errors:?}");
    }

    #[test]
    fn a03_an_illegal_move_in_a_pgn_game_is_reported() {
        let start = Position::new(Ruleset::CHESS);
        let e4 = notation::find_protocol(&start, "e2-e4").unwrap();
        let mut game = PgnGame::new(start, vec![Node::new(e4), Node::new(e4)], "*");
        game.set_tag("Result", "2-0");
        let errors = game.audit_errors();
        assert_eq!(errors.len(), 2, "{errors:?}");
    }
}
