//! The XML game file: its contents as values, the reader (roxmltree, with
//! every rule of `schema/antichess.xsd` checked in code) and the writer
//! (quick-xml, byte-exact). Files are saved with [`crate::safe_write`].

mod encoding;
mod read;
mod write;
mod xsd_types;

use crate::rules::{Color, Reason, Role, Square};

pub use read::{FileError, MAX_FILE_BYTES, parse, read_path};
pub use write::to_xml;

/// The `<time>` element.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeSpec {
    /// The `timed` attribute (default false).
    pub timed: bool,
    /// `initWhite`, saturated to 64 bits.
    pub init_white: Option<i64>,
    /// `initBlack`, saturated to 64 bits.
    pub init_black: Option<i64>,
    /// `currentWhite`, saturated to 64 bits.
    pub current_white: Option<i64>,
    /// `currentBlack`, saturated to 64 bits.
    pub current_black: Option<i64>,
}

/// One `<move>` of the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryMove {
    /// Who moved.
    pub side: Color,
    /// The square moved from (the `value` attribute is `from-to`).
    pub from: Square,
    /// The square moved to.
    pub to: Square,
    /// Milliseconds left on the mover's clock after the move, as a canonical
    /// decimal integer (any size).
    pub time: Option<String>,
}

/// The `<gameOver>` element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOver {
    /// The winner, if named.
    pub winner: Option<Color>,
    /// The description.
    pub description: Reason,
}

/// Everything a game file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFile {
    /// The `ruleset` attribute, exactly as written.
    pub ruleset: String,
    /// The clocks.
    pub time: TimeSpec,
    /// The move history.
    pub moves: Vec<HistoryMove>,
    /// The pieces in file order (a later square wins).
    pub pieces: Vec<(Square, Color, Role)>,
    /// The result, for a finished game.
    pub game_over: Option<GameOver>,
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}
