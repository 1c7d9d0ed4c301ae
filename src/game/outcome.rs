//! How a game of any kind ends: the result and why, in the words the
//! game files, the referee and the server share.

use shakmaty::Color;

/// Why a game ended; the names are the game file's `description` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A side was checkmated.
    Checkmate,
    /// A side lost every piece but its king.
    PiecesLost,
    /// A stalemate: a draw (both sides stalemated, or the 2004 rules).
    Stalemate,
    /// A clock ran out.
    TimeExpired,
    /// Connect N: a side made N in a row.
    Connected,
    /// Connect N: the board is full, no line made.
    BoardFull,
    /// Chess: neither side can checkmate.
    InsufficientMaterial,
    /// Chess: a position occurred for the third time, and a player claimed.
    ThreefoldRepetition,
    /// Chess: fifty moves each without a pawn move or capture, claimed.
    FiftyMoves,
    /// Chess: a position occurred for the fifth time.
    FivefoldRepetition,
    /// Chess: seventy-five moves each without a pawn move or capture.
    SeventyFiveMoves,
    /// Chess: the players agreed to a draw.
    Agreement,
    /// A side resigned, or forfeited by leaving (a game on the server).
    Resignation,
    /// Drawn by the move limit (a game on the server or before a referee
    /// that ran past it).
    MoveLimit,
    /// A side's program broke the rules of a match (a referee's forfeit
    /// other than by time).
    Forfeit,
}

impl Reason {
    /// Every reason.
    pub const ALL: [Reason; 15] = [
        Reason::Checkmate,
        Reason::PiecesLost,
        Reason::Stalemate,
        Reason::TimeExpired,
        Reason::Connected,
        Reason::BoardFull,
        Reason::InsufficientMaterial,
        Reason::ThreefoldRepetition,
        Reason::FiftyMoves,
        Reason::FivefoldRepetition,
        Reason::SeventyFiveMoves,
        Reason::Agreement,
        Reason::Resignation,
        Reason::MoveLimit,
        Reason::Forfeit,
    ];

    /// The reason [`Reason::as_str`] names.
    pub fn named(name: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.as_str() == name)
    }

    /// The game file's name for the reason (for a chess draw, the
    /// `reason` attribute's value).
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::PiecesLost => "piecesLost",
            Reason::Stalemate => "stalemate",
            Reason::TimeExpired => "timeExpired",
            Reason::Connected => "connected",
            Reason::BoardFull => "boardFull",
            Reason::InsufficientMaterial => "insufficientMaterial",
            Reason::ThreefoldRepetition => "threefoldRepetition",
            Reason::FiftyMoves => "fiftyMoves",
            Reason::FivefoldRepetition => "fivefoldRepetition",
            Reason::SeventyFiveMoves => "seventyFiveMoves",
            Reason::Agreement => "agreement",
            Reason::Resignation => "resignation",
            Reason::MoveLimit => "moveLimit",
            Reason::Forfeit => "forfeit",
        }
    }

    /// The chess draw with this `reason` attribute value.
    pub fn from_chess_reason(name: &str) -> Option<Reason> {
        Reason::named(name).filter(|r| {
            matches!(
                r,
                Reason::InsufficientMaterial
                    | Reason::ThreefoldRepetition
                    | Reason::FiftyMoves
                    | Reason::FivefoldRepetition
                    | Reason::SeventyFiveMoves
                    | Reason::Agreement
            )
        })
    }

    /// The reason with this antichess game file name.
    pub fn from_name(name: &str) -> Option<Reason> {
        [
            Reason::Checkmate,
            Reason::PiecesLost,
            Reason::Stalemate,
            Reason::TimeExpired,
        ]
        .into_iter()
        .find(|r| r.as_str() == name)
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// A win for `winner`.
    pub fn win(winner: Color, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    /// A draw.
    pub fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }
}
