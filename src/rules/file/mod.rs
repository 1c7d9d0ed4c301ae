//! The XML game file: its contents as values, the reader (roxmltree, with
//! every rule of `schema/antichess.xsd` checked in code) and the writer
//! (quick-xml, byte-exact). Files are saved with [`crate::sys::safe_write`].

mod cell;
mod encoding;
mod limits;
mod node;
mod read;
mod values;
mod write;
mod xsd_types;

use crate::rules::chess::{Color, Reason, Role, Square};

pub use cell::{cell_text, parse_move};
pub use node::FileError;
pub use read::{MAX_FILE_BYTES, parse, parse_any, read_any_path, read_bytes, read_path};
pub use write::{connect_to_xml, to_xml};

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
    /// The `promotion` attribute a chess promotion carries (`queen`, `rook`,
    /// `bishop` or `knight`; any other value reads as `None`).
    pub promotion: Option<Role>,
}

/// The `<gameOver>` element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOver {
    /// The winner, if named.
    pub winner: Option<Color>,
    /// The description.
    pub description: Reason,
    /// The `reason` attribute of a chess ending the descriptions cannot
    /// name (`threefoldRepetition`, `insufficientMaterial`, ...); unknown
    /// values read as `None`.
    pub reason: Option<Reason>,
}

/// The `promotion` attribute's word for a piece.
pub fn promotion_name(role: Role) -> &'static str {
    match role {
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        _ => "queen",
    }
}

/// The piece a `promotion` attribute names, if it names one.
pub fn promotion_from_name(name: &str) -> Option<Role> {
    [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        .into_iter()
        .find(|&r| promotion_name(r) == name)
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

/// A game file of either game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedGame {
    /// An antichess game (`schema/antichess.xsd`).
    Antichess(GameFile),
    /// A Connect N game (`schema/connect-n.xsd`).
    Connect(ConnectFile),
}

/// The board a Connect N file's `ruleset` names: as the schema allows,
/// N may exceed both sides (no one can connect; such a game is drawn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSize {
    /// How many in a row win.
    pub n: u32,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
}

impl BoardSize {
    /// The size of `connect-N-W-H` or `connect-N` (7 x 6), each number 2
    /// to 10 without a leading zero.
    ///
    /// ```
    /// use antichess::rules::file::BoardSize;
    /// assert_eq!(BoardSize::from_ruleset("connect-9-3-3").map(|b| b.n), Some(9));
    /// assert_eq!(BoardSize::from_ruleset("connect-11"), None);
    /// ```
    pub fn from_ruleset(name: &str) -> Option<BoardSize> {
        let numbers: Vec<u32> = name
            .strip_prefix("connect-")?
            .split('-')
            .map(|p| match p {
                "10" => Some(10),
                _ if p.len() == 1 && (b'2'..=b'9').contains(&p.as_bytes()[0]) => {
                    Some(u32::from(p.as_bytes()[0] - b'0'))
                }
                _ => None,
            })
            .collect::<Option<_>>()?;
        match numbers[..] {
            [n] => Some(BoardSize {
                n,
                width: 7,
                height: 6,
            }),
            [n, width, height] => Some(BoardSize { n, width, height }),
            _ => None,
        }
    }
}

/// One `<move>` of a Connect N history: kept as read (`t+d1` stays
/// `t+d1`), written back the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectMove {
    /// Who moved.
    pub side: Color,
    /// The `value` attribute.
    pub value: String,
    /// Milliseconds left on the mover's clock, canonical decimal.
    pub time: Option<String>,
}

/// How a Connect N game ended, by the file's `description`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectEnd {
    /// `connected` (Pawned: `connecting pieces`).
    Connected,
    /// `boardFull` (Pawned: `board space depletion`).
    BoardFull,
    /// `timeExpired` (Pawned: `time depletion`).
    TimeExpired,
}

impl ConnectEnd {
    /// The name this program writes.
    pub fn as_str(self) -> &'static str {
        match self {
            ConnectEnd::Connected => "connected",
            ConnectEnd::BoardFull => "boardFull",
            ConnectEnd::TimeExpired => "timeExpired",
        }
    }

    /// The ending a `description` names, in either spelling.
    pub fn from_name(name: &str) -> Option<ConnectEnd> {
        Some(match name {
            "connected" | "connecting pieces" => ConnectEnd::Connected,
            "boardFull" | "board space depletion" => ConnectEnd::BoardFull,
            "timeExpired" | "time depletion" => ConnectEnd::TimeExpired,
            _ => return None,
        })
    }
}

/// The `<gameOver>` element of a Connect N file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectOver {
    /// The winner, if named.
    pub winner: Option<Color>,
    /// How the game ended.
    pub end: ConnectEnd,
}

/// Everything a Connect N game file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectFile {
    /// The `ruleset` attribute, exactly as written.
    pub ruleset: String,
    /// The board it names.
    pub size: BoardSize,
    /// The clocks.
    pub time: TimeSpec,
    /// The move history.
    pub moves: Vec<ConnectMove>,
    /// The discs in file order, as column and row from 0 (a later one on
    /// the same cell wins), all on the board.
    pub discs: Vec<(u32, u32, Color)>,
    /// The result, for a finished game.
    pub game_over: Option<ConnectOver>,
}
