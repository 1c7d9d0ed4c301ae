//! How a game's end is written on the result line, as the chess servers
//! write it (`{Game 7 (Alice vs. Bob) Bob checkmated} 1-0`): the words
//! for each way a game of any kind ends, and the score.

use shakmaty::ByColor;

use crate::game::AnyGame;
use crate::rules::chess::{Color, Outcome, Reason};

/// The score: `1-0`, `0-1` or `1/2-1/2`.
pub fn score(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

/// The result line's words for a game that `outcome` ended.
pub fn words(game: &dyn AnyGame, players: &ByColor<String>, outcome: Outcome) -> String {
    let name = |c: Color| players.get(c).clone();
    let winner = outcome.winner;
    let loser = winner.map(|w| name(w.other()));
    let won = winner.map(name);
    let won = won.as_deref().unwrap_or("");
    let loser = loser.as_deref().unwrap_or("");
    match outcome.reason {
        Reason::Checkmate if winner.is_some() => format!("{loser} checkmated"),
        Reason::Checkmate => "Game drawn by checkmate".to_string(),
        Reason::PiecesLost => format!("{won} wins by losing all pieces but the king"),
        Reason::Stalemate => match winner {
            Some(_) => format!("{won} wins by stalemate"),
            None => "Game drawn by stalemate".to_string(),
        },
        Reason::TimeExpired => match winner {
            Some(_) => format!("{loser} forfeits on time"),
            None => {
                let flagged = [Color::White, Color::Black]
                    .into_iter()
                    .find(|&c| game.clock(c).expired())
                    .unwrap_or(game.turn());
                format!(
                    "{} ran out of time and {} has no material to win",
                    name(flagged),
                    name(flagged.other())
                )
            }
        },
        Reason::Connected => format!("{won} connects"),
        Reason::BoardFull => "Game drawn: the board is full".to_string(),
        Reason::InsufficientMaterial => {
            "Game drawn because neither player has mating material".to_string()
        }
        Reason::ThreefoldRepetition | Reason::FivefoldRepetition => {
            "Game drawn by repetition".to_string()
        }
        Reason::FiftyMoves => "Game drawn by the 50 move rule".to_string(),
        Reason::SeventyFiveMoves => "Game drawn by the 75 move rule".to_string(),
        Reason::Agreement => "Game drawn by mutual agreement".to_string(),
        Reason::Resignation => format!("{loser} resigns"),
        Reason::Forfeit => format!("{loser} forfeits"),
        Reason::MoveLimit => "Game drawn by the move limit".to_string(),
    }
}
