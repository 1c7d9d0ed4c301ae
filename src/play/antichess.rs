//! Antichess at the terminal.

use shakmaty::ByColor;

use super::seat::{Seat, Thinking, Typed};
use super::view::{self, Style};
use crate::game::Game;
use crate::rules::notation::parse_coordinates;
use crate::rules::wording::describe;
use crate::rules::{Illegal, Move, Outcome, Position};
use crate::search::{Engine, Limits};

const HELP: &str = "\
Type a move as e2-e4 or e2e4 (Tab completes legal moves). Commands:
  moves        list your legal moves (and whether a capture is compulsory)
  hint         ask the engine for a move
  undo         take back your last move and the reply
  flip         turn the board around
  save FILE    save the game (the 6.170 game file)
  load FILE    load a game file
  new          start again
  help         this text
  quit         leave";

impl Seat for Position {
    type Engine = Engine;

    fn engine(_game: &Game, thinking: &Thinking) -> Engine {
        Engine::with_threads(thinking.hash_mb, thinking.threads)
    }

    fn banner(_game: &Game) -> String {
        "6.170 Antichess. Type help for commands.".to_string()
    }

    fn help() -> &'static str {
        HELP
    }

    fn commands() -> &'static [&'static str] {
        &[
            "moves", "hint", "undo", "flip", "save", "load", "new", "help", "quit",
        ]
    }

    fn render(game: &Game, players: ByColor<&str>, style: Style) -> String {
        view::render(game, players, style)
    }

    fn typed(game: &Game, text: &str) -> Typed<Move> {
        let Some((from, to)) = parse_coordinates(text) else {
            return Typed::Unknown;
        };
        let pos = game.position();
        match pos.why_illegal(from, to) {
            None => match pos.find_move(from, to) {
                Some(m) => Typed::Move(m),
                None => unreachable!("why_illegal says {from}-{to} is legal"),
            },
            Some(why) => Typed::Illegal(format!(
                "Illegal move {from}-{to}: {}.",
                reason_text(pos, why)
            )),
        }
    }

    fn moves_line(game: &Game) -> String {
        let moves = game.position().legal_move_texts();
        if game.position().capture_forced() {
            format!("A capture is compulsory: {}", moves.join(" "))
        } else {
            format!("Legal moves: {}", moves.join(" "))
        }
    }

    fn ending(game: &Game, outcome: Outcome) -> String {
        describe(outcome, game.ruleset())
    }

    fn engine_move(
        game: &Game,
        engine: &mut Engine,
        thinking: &Thinking,
        remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Option<(Move, u32)> {
        let limits = Limits::for_move(thinking.depth, remaining, thinking.movetime);
        engine.set_game_keys(game.repetition_keys());
        engine
            .search(game.position(), &limits, |r| progress(r.depth, r.nodes))
            .map(|r| (r.best, r.depth))
    }

    fn clear(engine: &mut Engine) {
        engine.clear();
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
