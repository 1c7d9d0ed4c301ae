//! Chess test E04: does the engine mate a bare king with K+Q and with K+R
//! before the fifty-move rule could be claimed? Twenty random legal
//! positions (ten of each, seeded), the engine at a fixed time a move
//! against a random mover.
//!
//! ```text
//! cargo run --release --example mop_up -- [MS_PER_MOVE] [SEED]
//! ```
//!
//! Prints one line a game and a summary; exits 1 if a game was not mated
//! in time.

use std::process::ExitCode;
use std::time::Duration;

use antichess::engines::search::{Engine, Limits};
use antichess::game::Game;
use antichess::rules::chess::{Board, Color, Position, Role, Ruleset, Square, check_chess_board};

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random legal position: White king and `piece` against the bare Black
/// king, White to move, not over.
fn random_position(rng: &mut Rng, piece: Role) -> Position {
    loop {
        let mut board = Board::empty();
        let squares: Vec<Square> = (0..3).map(|_| Square::new(rng.below(64) as u32)).collect();
        if squares[0] == squares[1] || squares[1] == squares[2] || squares[0] == squares[2] {
            continue;
        }
        board.set(squares[0], Color::White, Role::King);
        board.set(squares[1], Color::White, piece);
        board.set(squares[2], Color::Black, Role::King);
        if check_chess_board(&board, Color::White).is_err() {
            continue;
        }
        let fen = format!("{} w - - 0 1", board_fen(&board));
        let pos = Position::from_fen(&fen, Ruleset::CHESS).expect("a legal position");
        if pos.status() == antichess::rules::chess::Status::Ongoing && !pos.is_check() {
            return pos;
        }
    }
}

fn board_fen(board: &Board) -> String {
    let pos = Position::from_parts(*board, Color::White, 0, None, Ruleset::CHESS);
    pos.to_fen()
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_string()
}

fn main() -> ExitCode {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let ms = args.first().copied().unwrap_or(100);
    let mut rng = Rng(args.get(1).copied().unwrap_or(1));
    let mut engine = Engine::with_threads(64, 1);
    let mut failures = 0;
    let mut longest = 0;
    for i in 0..20 {
        let piece = if i < 10 { Role::Queen } else { Role::Rook };
        let start = random_position(&mut rng, piece);
        engine.clear();
        let mut game = Game::with_rules("chess", start, 0, 0);
        let limits = Limits {
            soft_time: Some(Duration::from_millis(ms)),
            hard_time: Some(Duration::from_millis(ms)),
            ..Limits::default()
        };
        while game.outcome().is_none() && game.position().halfmoves() < 100 {
            let m = if game.turn() == Color::White {
                engine.set_game_keys(game.repetition_keys());
                let Some(report) = engine.search(game.position(), &limits, |_| {}) else {
                    break;
                };
                report.best
            } else {
                let moves = game.position().legal_moves();
                moves[rng.below(moves.len() as u64) as usize]
            };
            game.play(m, 0);
        }
        let white_moves = game.history().len().div_ceil(2);
        let mated = game
            .outcome()
            .is_some_and(|o| o.winner == Some(Color::White));
        longest = longest.max(white_moves);
        failures += usize::from(!mated);
        println!(
            "{} {:<40} {}",
            if piece == Role::Queen { "KQK" } else { "KRK" },
            start.to_fen(),
            match game.outcome() {
                Some(o) if mated => format!("mate in {white_moves} moves ({:?})", o.reason),
                Some(o) => format!("not mated: {:?}", o.reason),
                None => "not mated before the fifty-move rule".to_string(),
            }
        );
    }
    println!(
        "{} of 20 mated; the longest took {longest} moves",
        20 - failures
    );
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
