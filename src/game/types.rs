//! The small words of the seam between games and front ends: a typed
//! move read ([`Typed`]), the computer's choice, who looks at a game, what
//! an attempt came to, what a viewer is told, an outside engine's
//! failure.

use thiserror::Error;

use super::{Color, Outcome};

/// A move read against one game as it stood, and legal there: that game
/// plays it ([`super::AnyGame::play_move`]) without reading it again. It
/// holds the game's own move (packed by [`super::Rules::code`]), which
/// game and which position it was read in, and its canonical text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalMove {
    /// The game that read it ([`super::Game`]'s stamp).
    pub(crate) game: u64,
    /// The plies played when it was read.
    pub(crate) at: usize,
    /// The game's own move, packed.
    pub(crate) code: u32,
    /// Its canonical text, as printed, saved and sent.
    pub text: String,
}

impl std::fmt::Display for LegalMove {
    /// Its canonical text.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// Why a move of the game is not played here: a value each front end
/// words (its [`Display`](std::fmt::Display) is the terminal's sentence).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The move `named` (as the game names it: `e2-e4`, `Qh4`, `d`) is
    /// not legal here, `why` (a clause: "column d is full").
    Illegal {
        /// The move as the game names it.
        named: String,
        /// Why, as a clause.
        why: String,
    },
    /// `named` could be the move of more than one piece.
    Ambiguous {
        /// The move as typed.
        named: String,
    },
    /// An attempt the player's own view rules out (Kriegspiel), `why`.
    Impossible(String),
    /// Not legal, and nothing more may be said (Kriegspiel's umpire).
    Bare,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Illegal { named, why } => write!(f, "Illegal move {named}: {why}."),
            Refusal::Ambiguous { named } => {
                write!(f, "{named} is ambiguous: say which piece moves.")
            }
            Refusal::Impossible(why) => write!(f, "Impossible: {why}."),
            Refusal::Bare => f.write_str("Illegal move"),
        }
    }
}

/// A typed line that is not a command, read as a move.
pub enum Typed<M> {
    /// A legal move.
    Move(M),
    /// A move that is not legal, and why.
    Illegal(Refusal),
    /// A promotion typed without its piece (chess): the move's text, to
    /// which `=Q`, `=R`, `=B` or `=N` is added once the player chooses.
    Promotion(String),
    /// Not a move of this game at all.
    Unknown,
}

/// The computer's choice: its move, the depth it reached, and what it
/// thinks of the position, in words for the player to move, when it can
/// say (`+0.35`, `a win in 3 moves`, `a draw`).
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// The depth of the search.
    pub depth: u32,
    /// The evaluation, for the side to move.
    pub eval: Option<String>,
}

/// Who looks at a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// A player: in a game of hidden information, only what that side
    /// may know.
    Side(Color),
    /// Anyone else: in a game of hidden information, what the players are
    /// both told, and the whole game once it is over.
    Onlooker,
}

/// What an attempt to move came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempted {
    /// Played. `heard`: what both players and onlookers are told of it
    /// (Kriegspiel's announcement), when the move itself is not shown;
    /// `outcome`: the game's end, if it ended.
    Played {
        /// What everyone is told.
        heard: Option<String>,
        /// The result, if the game ended.
        outcome: Option<Outcome>,
    },
    /// Not played: the mover's time ran out before it (`outcome`, the
    /// flag fall).
    Late {
        /// The result of the flag fall.
        outcome: Outcome,
    },
    /// Refused: told to the mover alone; the turn goes on (unless the
    /// mover's clock ran out: `outcome`).
    Refused {
        /// What the mover is told.
        told: String,
        /// The result, if the mover's time ran out.
        outcome: Option<Outcome>,
    },
}

impl Attempted {
    /// The game's end, if it came with this.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Attempted::Played { outcome, .. } | Attempted::Refused { outcome, .. } => *outcome,
            Attempted::Late { outcome } => Some(*outcome),
        }
    }
}

/// Why the computer gave no move: an outside engine (`--uci-engine`)
/// failed, in words. A front end that plays for a referee ends its
/// session on it, so that the failure is scored as the engine's.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{0}")]
pub struct EngineFailure(pub String);

/// One thing a viewer is told of a game, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Told {
    /// `side` played a move: its text when the viewer may know it.
    Moved {
        /// Who moved.
        side: Color,
        /// The move's canonical text, or `None` when it is hidden.
        text: Option<String>,
    },
    /// What everyone hears of the last move (Kriegspiel's announcement).
    Heard(String),
    /// The viewer's own attempt, refused.
    Refused(String),
}

/// A square a viewer's helpers mark on its board: Kriegspiel's automatic
/// guess tokens (`piece`, `check`, `king`, with how sure they are), Connect
/// N's winning line (`line`). A front end draws them; it works none out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The square or cell, as moves write it (`d5`, `c1`).
    pub square: String,
    /// What it marks: `piece`, `check`, `king` or `line`.
    pub kind: &'static str,
    /// How sure, 1 to 100 (%).
    pub strength: u8,
}

/// What a seat does when a move is typed.
pub type Checked = Typed<String>;
