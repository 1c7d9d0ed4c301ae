//! Proof searches along finished games: for each game file and the side
//! named, the first position (from ply 4) where that side had a win the
//! proof-number search proves, and whether it played a winning move there;
//! and the first move it played that a proof search shows lost, and
//! whether every move there was (with four times the nodes).
//!
//! ```text
//! cargo run --release --example proof_games -- 50000 white:games/game-001.xml black:games/game-002.xml
//! ```
//!
//! Each line: the file, the result for that side, `win Some((ply,
//! played_a_winning_move))`, `lost Some((ply, every_move_lost))`.

use std::process::ExitCode;

use antichess::engines::search::proof::{Proved, prove};
use antichess::rules::chess::{Color, Position, Ruleset, Status};
use antichess::rules::file;

/// Plies skipped at the start of each game (the random opening).
const SKIP_PLIES: usize = 4;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(nodes) = args.first().and_then(|n| n.parse::<usize>().ok()) else {
        eprintln!("usage: proof_games NODES white:GAME.xml|black:GAME.xml...");
        return ExitCode::from(2);
    };
    for arg in &args[1..] {
        let side = match arg.split_once(':') {
            Some(("white", path)) => Some((Color::White, path)),
            Some(("black", path)) => Some((Color::Black, path)),
            _ => None,
        };
        let Some((us, path)) = side else {
            eprintln!("{arg}: skipped: not white:PATH or black:PATH");
            continue;
        };
        let contents = match file::read_path(path.as_ref()) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{path}: skipped: {e}");
                continue;
            }
        };
        let result = match contents.game_over.as_ref().map(|o| o.winner) {
            None => "unfinished",
            Some(None) => "draw",
            Some(Some(w)) if w == us => "won",
            Some(Some(_)) => "lost",
        };
        let mut pos = Position::new(Ruleset::for_file(&contents.ruleset));
        let mut first_win = None;
        let mut first_lost = None;
        for (ply, m) in contents.moves.iter().enumerate() {
            if pos.status() == Status::Pass {
                pos = pos.pass();
            }
            let Some(mv) = pos.find_move(m.from, m.to) else {
                eprintln!("{path}: move {} is not legal; stopped there", ply + 1);
                break;
            };
            if ply >= SKIP_PLIES && pos.turn() == us && pos.legal_moves().len() > 1 {
                if first_win.is_none() {
                    let proof = prove(&pos, us, nodes, None);
                    if proof.verdict == Proved::Won {
                        first_win = Some((ply, proof.won_after().any(|w| w == mv)));
                    }
                }
                if first_lost.is_none()
                    && prove(&pos.play(mv), !us, nodes, None).verdict == Proved::Won
                {
                    let every = prove(&pos, !us, nodes * 4, None).verdict == Proved::Won;
                    first_lost = Some((ply, every));
                }
                if first_win.is_some() && first_lost.is_some() {
                    break;
                }
            }
            pos = pos.play(mv);
        }
        println!("{path}\t{result}\twin {first_win:?}\tlost {first_lost:?}");
    }
    ExitCode::SUCCESS
}
