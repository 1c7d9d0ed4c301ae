//! Antichess and chess as the front ends play them: the computer player,
//! the board at the terminal, typed moves and their reasons (chess's
//! additions are in `terminal_orthodox.rs`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use shakmaty::ByColor;

use super::computer::Engines;
use super::help::{CHESS_HELP, HELP};
use super::terminal_orthodox as orthodox;
use super::view;
use crate::engines::search::DRAW_DECISION_DEPTH;
use crate::game::view::Style;
use crate::game::{
    Choice, Diagram, EngineFailure, EngineOptions, Game, Plugin, Refusal, Typed, Viewer,
};
use crate::rules::chess::notation::{self, parse_coordinates};
use crate::rules::chess::wording::side_name;
use crate::rules::chess::{Illegal, Move, Position};

impl Plugin for Position {
    type Engine = Engines;

    fn engine(_game: &Game<Position>, options: &EngineOptions) -> Engines {
        Engines::new(options)
    }

    fn engine_move(
        game: &Game<Position>,
        computer: &mut Engines,
        options: &EngineOptions,
        remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Result<Option<Choice<Move>>, EngineFailure> {
        computer.choose(game, options, remaining, progress)
    }

    fn halt(computer: &Engines) -> Option<Arc<AtomicBool>> {
        Some(computer.engine.halt_handle())
    }

    fn clear(computer: &mut Engines) {
        computer.engine.clear();
    }

    fn banner(game: &Game<Position>) -> String {
        if game.is_chess() {
            "Chess. Type help for commands.".to_string()
        } else {
            "6.170 Antichess. Type help for commands.".to_string()
        }
    }

    fn help(game: &Game<Position>) -> &'static str {
        if game.is_chess() { CHESS_HELP } else { HELP }
    }

    fn commands() -> &'static [&'static str] {
        &[
            "moves", "hint", "undo", "flip", "save", "load", "new", "go", "help", "quit", "claim",
            "draw",
        ]
    }

    fn render(game: &Game<Position>, players: ByColor<&str>, style: Style) -> String {
        view::render(game, players, style)
    }

    fn diagram(game: &Game<Position>, _viewer: Viewer) -> Option<Diagram> {
        Some(super::diagram::of_game(game))
    }

    fn typed(game: &Game<Position>, text: &str) -> Typed<Move> {
        if game.is_chess() {
            return orthodox::typed(game, text);
        }
        let pos = game.position();
        let Some((from, to)) = parse_coordinates(text) else {
            // SAN (`e3`, `Nxf3`) too, on every 8 x 8 board.
            return match notation::read_san(pos, text).as_slice() {
                [m] => Typed::Move(*m),
                [_, _, ..] => Typed::Illegal(Refusal::Ambiguous {
                    named: text.to_string(),
                }),
                [] => Typed::Unknown,
            };
        };
        match pos.why_illegal(from, to) {
            None => match pos.find_move(from, to) {
                Some(m) => Typed::Move(m),
                None => unreachable!("why_illegal says {from}-{to} is legal"),
            },
            Some(why) => Typed::Illegal(Refusal::Illegal {
                named: format!("{from}-{to}"),
                why: reason_text(pos, why),
            }),
        }
    }

    fn moves_line(game: &Game<Position>) -> String {
        // Chess speaks SAN at the terminal, as its engine does.
        let pos = game.position();
        let moves: Vec<String> = if game.is_chess() {
            pos.legal_moves()
                .iter()
                .map(|&m| notation::san(pos, m))
                .collect()
        } else {
            pos.legal_move_texts()
        };
        if game.position().capture_forced() {
            format!("A capture is compulsory: {}", moves.join(" "))
        } else {
            format!("Legal moves: {}", moves.join(" "))
        }
    }

    fn shown(game: &Game<Position>, m: Move) -> String {
        if game.is_chess() {
            notation::san(game.position(), m)
        } else {
            game.move_text(m)
        }
    }

    fn audit(game: &Game<Position>) {
        debug_assert!(crate::rules::audit::Audit::audit_errors(game).is_empty());
        crate::rules::audit::log("Game", game);
    }

    fn notes(game: &Game<Position>) -> Vec<String> {
        if game.is_chess() {
            orthodox::notes(game)
        } else {
            Vec::new()
        }
    }

    fn piece_moves(game: &Game<Position>, square: &str) -> Option<String> {
        game.is_chess().then(|| orthodox::piece_moves(game, square))
    }

    fn claim(game: &mut Game<Position>) -> Option<String> {
        game.is_chess().then(|| orthodox::claim(game))
    }

    fn status(game: &Game<Position>) -> Option<String> {
        if !game.is_chess() {
            return None;
        }
        let mut status = format!("{} to move", side_name(game.turn()));
        if game.position().is_check() {
            status.push_str(", in check");
        }
        let claims = game.claims();
        if claims.any() {
            status.push_str(&format!(", draw claimable ({claims})"));
        }
        if game.draw_offer().is_some() {
            status.push_str(", draw offered");
        }
        Some(status)
    }

    fn accepts_draw(
        game: &Game<Position>,
        computer: &mut Engines,
        options: &EngineOptions,
    ) -> bool {
        let depth = options.depth.unwrap_or(DRAW_DECISION_DEPTH);
        computer
            .engine
            .accepts_draw(game.position(), game.repetition_keys(), depth)
    }

    fn computer_claim(
        game: &mut Game<Position>,
        computer: &mut Engines,
        options: &EngineOptions,
    ) -> Option<String> {
        if game.is_chess() {
            orthodox::computer_claim(game, &mut computer.engine, options)
        } else {
            None
        }
    }
}

/// Why a move is illegal, in a few words.
fn reason_text(pos: &Position, why: Illegal) -> String {
    match why {
        Illegal::NoPiece(sq) => format!("there is no piece on {sq}"),
        Illegal::NotYours(sq) => format!("the piece on {sq} is not yours"),
        Illegal::CaptureCompulsory => format!(
            "a capture is compulsory: you must play one of {}",
            pos.legal_move_texts().join(", ")
        ),
        Illegal::CastlingImpossible => "castling is not possible here (these rules, a lost right, a piece in the way, or an attacked square)".to_string(),
        Illegal::KingInCheck => "it would leave your king in check".to_string(),
        Illegal::KingCapture => "a king can never be captured".to_string(),
        Illegal::CannotMove { role, from, to } => {
            format!("a {} on {from} cannot move to {to}", format!("{role:?}").to_lowercase())
        }
    }
}
