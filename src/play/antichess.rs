//! Antichess and chess at the terminal (chess's additions are in
//! `chess.rs`).

use shakmaty::ByColor;

use super::chess;
use super::seat::{Choice, Seat, Thinking, Typed};
use super::view::{self, Style};
use crate::game::Game;
use crate::rules::notation::{self, parse_coordinates};
use crate::rules::{Illegal, Move, Outcome, Position};
use crate::search::{Engine, Limits};

/// The commands every game on the 8 x 8 board has, for the help texts.
macro_rules! common_help {
    () => {
        "  hint         ask the engine for a move
  undo         take back your last move and the reply
  flip         turn the board around
  save FILE    save the game (the 6.170 game file)
  load FILE    load a game file
  new          start again
  go           let the computer move after Ctrl-C stopped its thought
  help         this text
  quit         leave (Ctrl-D asks first when moves are not saved)"
    };
}
pub(super) use common_help;

const HELP: &str = concat!(
    "Type a move as e2-e4 or e2e4 (Tab completes legal moves). Commands:
  moves        list your legal moves (and whether a capture is compulsory)
",
    common_help!()
);

impl Seat for Position {
    type Engine = Engine;

    fn engine(_game: &Game, thinking: &Thinking) -> Engine {
        Engine::with_threads(thinking.hash_mb, thinking.threads)
    }

    fn banner(game: &Game) -> String {
        if game.is_chess() {
            "Chess. Type help for commands.".to_string()
        } else {
            "6.170 Antichess. Type help for commands.".to_string()
        }
    }

    fn help(game: &Game) -> &'static str {
        if game.is_chess() { chess::HELP } else { HELP }
    }

    fn commands() -> &'static [&'static str] {
        &[
            "moves", "hint", "undo", "flip", "save", "load", "new", "go", "help", "quit", "claim",
            "draw",
        ]
    }

    fn render(game: &Game, players: ByColor<&str>, style: Style) -> String {
        view::render(game, players, style)
    }

    fn typed(game: &Game, text: &str) -> Typed<Move> {
        if game.is_chess() {
            return chess::typed(game, text);
        }
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
        <Position as crate::game::Recorded>::describe(game, outcome)
    }

    fn engine_move(
        game: &Game,
        engine: &mut Engine,
        thinking: &Thinking,
        remaining: Option<i64>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Option<Choice<Move>> {
        let limits = Limits::for_move(
            thinking.depth,
            remaining,
            thinking.movetime,
            game.position().moves_played(),
        );
        engine.set_game_keys(game.repetition_keys());
        engine
            .search(game.position(), &limits, |r| progress(r.depth, r.nodes))
            .map(|r| Choice {
                mv: r.best,
                depth: r.depth,
                eval: Some(eval_text(r.score, game.is_chess())),
            })
    }

    fn halt(engine: &Engine) -> Option<std::sync::Arc<std::sync::atomic::AtomicBool>> {
        Some(engine.halt_handle())
    }

    fn shown(game: &Game, m: Move) -> String {
        if game.is_chess() {
            notation::san(game.position(), m)
        } else {
            game.move_text(m)
        }
    }

    fn clear(engine: &mut Engine) {
        engine.clear();
    }

    fn audit(game: &Game) {
        debug_assert!(crate::audit::Audit::audit_errors(game).is_empty());
        crate::audit::log("Game", game);
    }

    fn notes(game: &Game) -> Vec<String> {
        if game.is_chess() {
            chess::notes(game)
        } else {
            Vec::new()
        }
    }

    fn piece_moves(game: &Game, square: &str) -> Option<String> {
        game.is_chess().then(|| chess::piece_moves(game, square))
    }

    fn claim(game: &mut Game) -> Option<String> {
        game.is_chess().then(|| chess::claim(game))
    }

    fn offer_draw(
        game: &mut Game,
        engine: &mut Engine,
        opponent_is_computer: bool,
        ask: &mut dyn FnMut(&str) -> Option<String>,
    ) -> Option<String> {
        game.is_chess()
            .then(|| chess::offer_draw(game, engine, opponent_is_computer, ask))
    }

    fn computer_claim(game: &mut Game, engine: &mut Engine, thinking: &Thinking) -> Option<String> {
        if game.is_chess() {
            chess::computer_claim(game, engine, thinking)
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

/// A search's score for people, from the side to move's view: pawns
/// (`+0.35`), or the end it sees (`mate in 2`, `mated in 3` in chess; `a
/// win in 2 moves`, `a loss in 3 moves` under the antichess rules, whose
/// wins are not all mates).
pub(super) fn eval_text(score: i32, chess: bool) -> String {
    use crate::search::{MATE, MATE_BOUND};
    let moves = (MATE - score.abs() + 1) / 2;
    match (score >= MATE_BOUND, score <= -MATE_BOUND, chess) {
        (true, _, true) => format!("mate in {moves}"),
        (_, true, true) => format!("mated in {moves}"),
        (true, _, false) => format!("a win in {moves} moves"),
        (_, true, false) => format!("a loss in {moves} moves"),
        _ => format!("{:+.2}", f64::from(score) / 100.0),
    }
}
