//! The words for sides and results, in one place: the protocol's result
//! line, the sentence that says why a game ended (for people, the
//! referee's log and PGN's `Termination`), and PGN's result token. Every
//! wording takes the game's own ruleset, since the rules decide what a
//! checkmate or a stalemate means.
//!
//! ```
//! use antichess::rules::chess::{wording, Color, Outcome, Reason, Ruleset};
//! let mate = Outcome::win(Color::Black, Reason::Checkmate);
//! assert_eq!(mate.to_string(), "Black Player has won");
//! assert_eq!(
//!     wording::describe(mate, Ruleset::SPRING_2004),
//!     "Checkmate: Black is mated; being checkmated wins under these rules. Black wins."
//! );
//! assert_eq!(wording::pgn_result(Some(mate)), "0-1");
//! ```

use std::fmt;

use shakmaty::{Color, Role};

use super::{MateRule, Outcome, Reason, Ruleset, StalemateRule};

pub use crate::game::side_name;

/// A piece's name in lower case, as the game file and the Kriegspiel
/// terminal write it: `pawn`, `knight`, ... `king`.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// A side's name in the protocol and the game file: `white` or `black`.
pub fn side_word(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl fmt::Display for Outcome {
    /// The protocol's result line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.winner {
            Some(Color::White) => "White Player has won",
            Some(Color::Black) => "Black Player has won",
            None => "Game ended in a draw",
        })
    }
}

/// Why the game ended and who won, as a sentence, under `ruleset`.
///
/// ```
/// use antichess::rules::chess::{wording::describe, Outcome, Reason, Ruleset};
/// let stalemate = Outcome::draw(Reason::Stalemate);
/// // Under the 2007 rules a stalemated side passes: only a double
/// // stalemate ends the game. Under the 2004 rules one stalemate does.
/// assert_eq!(describe(stalemate, Ruleset::SPRING_2007), "Both sides are stalemated: the game is drawn.");
/// assert_eq!(describe(stalemate, Ruleset::SPRING_2004), "Stalemate: the game is drawn.");
/// ```
pub fn describe(outcome: Outcome, ruleset: Ruleset) -> String {
    if ruleset.fide_draws {
        return describe_chess(outcome);
    }
    match (outcome.reason, outcome.winner) {
        (Reason::Checkmate, Some(winner)) => {
            let (mated, rule) = match ruleset.mate {
                MateRule::MaterWins => (winner.other(), "checkmate wins under these rules"),
                MateRule::MatedWins => (winner, "being checkmated wins under these rules"),
            };
            format!(
                "Checkmate: {} is mated; {rule}. {} wins.",
                side_name(mated),
                side_name(winner)
            )
        }
        (Reason::PiecesLost, Some(winner)) => format!(
            "{} has lost every piece but the king and wins.",
            side_name(winner)
        ),
        (Reason::TimeExpired, Some(winner)) => format!(
            "{} ran out of time. {} wins.",
            side_name(winner.other()),
            side_name(winner)
        ),
        (Reason::Stalemate, _) => match ruleset.stalemate {
            StalemateRule::LoseTurn => "Both sides are stalemated: the game is drawn.".to_string(),
            StalemateRule::Draw => "Stalemate: the game is drawn.".to_string(),
        },
        (_, None) => "The game is drawn.".to_string(),
        (_, Some(winner)) => format!("{} wins.", side_name(winner)),
    }
}

/// A Connect N ending as a sentence.
///
/// ```
/// use antichess::rules::chess::{wording::describe_connect, Color, Outcome, Reason};
/// assert_eq!(describe_connect(Outcome::win(Color::Black, Reason::Connected)), "Black connects and wins.");
/// assert_eq!(describe_connect(Outcome::draw(Reason::BoardFull)), "The board is full: the game is drawn.");
/// ```
pub fn describe_connect(outcome: Outcome) -> String {
    match (outcome.reason, outcome.winner) {
        (Reason::Connected, Some(winner)) => format!("{} connects and wins.", side_name(winner)),
        (Reason::BoardFull, _) => "The board is full: the game is drawn.".to_string(),
        (Reason::TimeExpired, Some(winner)) => format!(
            "{} ran out of time. {} wins.",
            side_name(winner.other()),
            side_name(winner)
        ),
        (_, Some(winner)) => format!("{} wins.", side_name(winner)),
        (_, None) => "The game is drawn.".to_string(),
    }
}

/// A chess ending as a sentence (`play`, the referee's log).
///
/// ```
/// use antichess::rules::chess::{wording::describe, Color, Outcome, Reason, Ruleset};
/// let mate = Outcome::win(Color::White, Reason::Checkmate);
/// assert_eq!(describe(mate, Ruleset::CHESS), "Checkmate: Black is mated. White wins.");
/// let fifty = Outcome::draw(Reason::FiftyMoves);
/// assert_eq!(describe(fifty, Ruleset::CHESS), "Draw by the fifty-move rule (claimed).");
/// ```
fn describe_chess(outcome: Outcome) -> String {
    match (outcome.reason, outcome.winner) {
        (Reason::Checkmate, Some(winner)) => format!(
            "Checkmate: {} is mated. {} wins.",
            side_name(winner.other()),
            side_name(winner)
        ),
        (Reason::TimeExpired, Some(winner)) => format!(
            "{} ran out of time. {} wins.",
            side_name(winner.other()),
            side_name(winner)
        ),
        (Reason::Resignation, Some(winner)) => format!(
            "{} resigns. {} wins.",
            side_name(winner.other()),
            side_name(winner)
        ),
        (Reason::Forfeit, Some(winner)) => format!(
            "{} forfeits. {} wins.",
            side_name(winner.other()),
            side_name(winner)
        ),
        (Reason::TimeExpired, None) => {
            "A clock ran out, but the other side cannot checkmate: the game is drawn.".to_string()
        }
        (reason, None) => match reason {
            Reason::ThreefoldRepetition => "Draw by threefold repetition (claimed).",
            Reason::FiftyMoves => "Draw by the fifty-move rule (claimed).",
            Reason::FivefoldRepetition => "Draw by fivefold repetition.",
            Reason::SeventyFiveMoves => "Draw by the seventy-five-move rule.",
            Reason::InsufficientMaterial => "Draw by insufficient material.",
            Reason::Agreement => "Draw by agreement.",
            Reason::MoveLimit => "Draw by the move limit.",
            _ => "Draw by stalemate.",
        }
        .to_string(),
        (_, Some(winner)) => format!("{} wins.", side_name(winner)),
    }
}

/// The flag-fall draw as a sentence naming the side whose clock ran out.
pub fn describe_flag_fall_draw(flagged: Color) -> String {
    format!(
        "{} ran out of time, but {} cannot checkmate: the game is drawn.",
        side_name(flagged),
        side_name(flagged.other())
    )
}

/// The words a chess result line gives after its colon
/// (`Game ended in a draw: threefold repetition`), also PGN's draw comment.
///
/// ```
/// use antichess::rules::chess::{wording::reason_words, Color, Outcome, Reason};
/// assert_eq!(reason_words(Outcome::draw(Reason::SeventyFiveMoves)), "seventy-five-move rule");
/// assert_eq!(reason_words(Outcome::draw(Reason::TimeExpired)), "time expired against insufficient material");
/// assert_eq!(reason_words(Outcome::win(Color::White, Reason::TimeExpired)), "time expired");
/// ```
pub fn reason_words(outcome: Outcome) -> &'static str {
    match (outcome.reason, outcome.winner) {
        (Reason::Checkmate, _) => "checkmate",
        (Reason::TimeExpired, Some(_)) => "time expired",
        (Reason::TimeExpired, None) => "time expired against insufficient material",
        (Reason::Stalemate, _) => "stalemate",
        (Reason::PiecesLost, _) => "pieces lost",
        (Reason::InsufficientMaterial, _) => "insufficient material",
        (Reason::ThreefoldRepetition, _) => "threefold repetition",
        (Reason::FiftyMoves, _) => "fifty-move rule",
        (Reason::FivefoldRepetition, _) => "fivefold repetition",
        (Reason::SeventyFiveMoves, _) => "seventy-five-move rule",
        (Reason::Agreement, _) => "agreement",
        (Reason::Connected, _) => "connected",
        (Reason::BoardFull, _) => "board full",
        (Reason::Resignation, _) => "resignation",
        (Reason::MoveLimit, _) => "move limit",
        (Reason::Forfeit, _) => "forfeit",
    }
}

/// The protocol's result line under `ruleset`: the antichess line, and
/// under chess its reason after a colon (`White Player has won: checkmate`).
pub fn result_line(outcome: Outcome, ruleset: Ruleset) -> String {
    if ruleset.fide_draws {
        format!("{outcome}: {}", reason_words(outcome))
    } else {
        outcome.to_string()
    }
}

/// The PGN result token: `1-0`, `0-1`, `1/2-1/2`, or `*` for a game still
/// going on.
pub fn pgn_result(outcome: Option<Outcome>) -> &'static str {
    match outcome.map(|o| o.winner) {
        Some(Some(Color::White)) => "1-0",
        Some(Some(Color::Black)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every ending under every ruleset has its own sentence, naming the
    /// right sides.
    #[test]
    fn every_ending_is_worded_by_its_rules() {
        use Color::{Black, White};
        let (r2004, r2007) = (Ruleset::SPRING_2004, Ruleset::SPRING_2007);
        let stalemate = Outcome::draw(Reason::Stalemate);
        for (outcome, ruleset, sentence) in [
            (
                Outcome::win(White, Reason::Checkmate),
                r2007,
                "Checkmate: Black is mated; checkmate wins under these rules. White wins.",
            ),
            (
                Outcome::win(White, Reason::Checkmate),
                r2004,
                "Checkmate: White is mated; being checkmated wins under these rules. White wins.",
            ),
            (
                Outcome::win(Black, Reason::PiecesLost),
                r2007,
                "Black has lost every piece but the king and wins.",
            ),
            (
                Outcome::win(Black, Reason::TimeExpired),
                r2004,
                "White ran out of time. Black wins.",
            ),
            (
                stalemate,
                Ruleset::SPRING_2007_ENCASTLE,
                "Both sides are stalemated: the game is drawn.",
            ),
            (stalemate, r2004, "Stalemate: the game is drawn."),
            (
                Outcome::draw(Reason::TimeExpired),
                r2004,
                "The game is drawn.",
            ),
        ] {
            assert_eq!(
                describe(outcome, ruleset),
                sentence,
                "{outcome:?} {ruleset:?}"
            );
        }
    }

    #[test]
    fn names_and_tokens() {
        assert_eq!(side_name(Color::White), "White");
        assert_eq!(side_word(Color::Black), "black");
        assert_eq!(pgn_result(None), "*");
        assert_eq!(
            pgn_result(Some(Outcome::draw(Reason::Stalemate))),
            "1/2-1/2"
        );
        assert_eq!(
            Outcome::win(Color::White, Reason::PiecesLost).to_string(),
            "White Player has won"
        );
        assert_eq!(
            Outcome::draw(Reason::Stalemate).to_string(),
            "Game ended in a draw"
        );
    }
}
