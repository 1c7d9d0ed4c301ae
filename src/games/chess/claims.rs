//! What a game of chess adds to [`Game`]: draws a player may claim, draw
//! offers, and loading a game file by replaying its history.

use std::fmt;

use crate::game::Game;
use crate::games::clocks::clocks_from_file;
use crate::rules::chess::{
    Board, FIFTY_MOVE_PLIES, Outcome, Position, Reason, Role, Ruleset, THREEFOLD,
};
use crate::rules::file::GameFile;

/// The draws the side to move may claim in the current position.
///
/// ```
/// use antichess::games::chess::Claims;
/// let both = Claims { threefold: true, fifty: true };
/// assert_eq!(both.to_string(), "threefold repetition and fifty-move rule");
/// assert!(!Claims::default().any());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Claims {
    /// The position has occurred at least three times.
    pub threefold: bool,
    /// The halfmove clock is at least 100.
    pub fifty: bool,
}

impl Claims {
    /// Whether any draw can be claimed.
    pub fn any(self) -> bool {
        self.threefold || self.fifty
    }
}

impl fmt::Display for Claims {
    /// The reasons as `GetStatus` lists them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match (self.threefold, self.fifty) {
            (true, true) => "threefold repetition and fifty-move rule",
            (true, false) => "threefold repetition",
            (false, true) => "fifty-move rule",
            (false, false) => "",
        })
    }
}

impl Game<Position> {
    /// Whether this is a game of orthodox chess.
    pub fn is_chess(&self) -> bool {
        self.ruleset().is_chess()
    }

    /// The draws that may be claimed now: on the current position only, in a
    /// game under way whose side to move has a move (a mate on the 100th
    /// halfmove ends the game first).
    pub fn claims(&self) -> Claims {
        if !self.is_chess() || self.outcome().is_some() || self.position().legal_moves().is_empty()
        {
            return Claims::default();
        }
        Claims {
            threefold: self.repetitions() >= THREEFOLD,
            fifty: self.position().halfmoves() >= FIFTY_MOVE_PLIES,
        }
    }

    /// A claim of a draw by either player: ends the game by threefold
    /// repetition if the position has occurred three times, else by the
    /// fifty-move rule if it holds; `None` (nothing changes) if neither does.
    pub fn claim_draw(&mut self) -> Option<Outcome> {
        let claims = self.claims();
        let reason = if claims.threefold {
            Reason::ThreefoldRepetition
        } else if claims.fifty {
            Reason::FiftyMoves
        } else {
            return None;
        };
        self.outcome = Some(Outcome::draw(reason));
        self.outcome
    }

    /// The game a chess file holds, when its history replays from the start
    /// position as legal moves (sides alternating from White, promotions
    /// from `promotion`, a queen when it is absent) to exactly the file's
    /// board: then castling rights, en passant, the move counters and every
    /// earlier position are known. `None` when it does not replay.
    pub(super) fn replayed(file: &GameFile, board: &Board) -> Option<Game<Position>> {
        let mut game = Game::with_rules(&file.ruleset, Position::new(Ruleset::CHESS), 0, 0);
        for m in &file.moves {
            if m.side != game.turn() {
                return None;
            }
            let mut mv = game.position().find_move(m.from, m.to)?;
            if mv.is_promotion() {
                let role = m.promotion.unwrap_or(Role::Queen);
                mv = game.position().find_exact_move(m.from, m.to, Some(role))?;
            }
            game.record(mv, m.time.clone());
        }
        if game.position().board() != board {
            return None;
        }
        game.clocks = clocks_from_file(&file.time);
        Some(game)
    }
}
