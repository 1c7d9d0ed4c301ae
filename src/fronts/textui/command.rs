//! Parsing one TextUI input line into a command.

use crate::game::PlayerKind;
use crate::rules::chess::{Color, Ruleset};

/// A well-formed TextUI command: one that starts a game, or one that
/// needs a game (`Input error` without one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `StartNewGame <player> <time> <player> <time> [<ruleset>]`
    StartNewGame {
        /// White's kind.
        white: PlayerKind,
        /// White's time, 0 for unlimited.
        white_ms: i64,
        /// Black's kind.
        black: PlayerKind,
        /// Black's time, 0 for unlimited.
        black_ms: i64,
        /// The ruleset name, as given.
        ruleset: String,
    },
    /// `LoadGame <filename>`
    LoadGame(String),
    /// A command about the game under way.
    Game(GameCommand),
}

/// A command about the game under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// `SaveGame <filename>`
    SaveGame(String),
    /// `GetNextMove`
    GetNextMove,
    /// `MakeNextMove`
    MakeNextMove,
    /// `MakeMove <move> <time>` (the move is read by the game's rules).
    MakeMove {
        /// The move as typed.
        text: String,
        /// Milliseconds the move took.
        ms: i64,
    },
    /// `PrintBoard`
    PrintBoard,
    /// `IsLegalMove <move>` (the move is read by the game's rules).
    IsLegalMove(String),
    /// `PrintAllMoves`
    PrintAllMoves,
    /// `GetTime <white|black>`
    GetTime(Color),
    /// `QuitGame`
    QuitGame,
    /// `GetStatus` (chess games only)
    GetStatus,
    /// `ClaimDraw` (chess games only)
    ClaimDraw,
    /// `OfferDraw` (chess games only)
    OfferDraw,
    /// `AcceptDraw` (chess games only)
    AcceptDraw,
}

/// What a line is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    /// Empty or white space only: no output.
    Blank,
    /// Anything that is not a well-formed command: `Input error`.
    Invalid,
    /// A command.
    Command(Command),
}

/// The protocol's white space: space, tab, line feed, vertical tab, form
/// feed and carriage return.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// Parses one line (without its line feed).
///
/// ```
/// use antichess::fronts::textui::command::{parse_line, Parsed, Command};
/// assert_eq!(parse_line(b"  \t"), Parsed::Blank);
/// use antichess::fronts::textui::command::GameCommand;
/// assert_eq!(parse_line(b"GetNextMove"), Parsed::Command(Command::Game(GameCommand::GetNextMove)));
/// assert_eq!(parse_line(b"getnextmove"), Parsed::Invalid);
/// assert_eq!(parse_line(b"GetNextMove now"), Parsed::Invalid);
/// ```
pub fn parse_line(line: &[u8]) -> Parsed {
    let Ok(text) = std::str::from_utf8(line) else {
        return Parsed::Invalid;
    };
    let words: Vec<&str> = text
        .split(|c: char| c.is_ascii() && is_space(c as u8))
        .filter(|w| !w.is_empty())
        .collect();
    let Some((&name, args)) = words.split_first() else {
        return Parsed::Blank;
    };
    parse_command(name, args).map_or(Parsed::Invalid, Parsed::Command)
}

fn parse_command(name: &str, args: &[&str]) -> Option<Command> {
    use GameCommand::*;
    Some(Command::Game(match (name, args) {
        ("StartNewGame", [w, wt, b, bt, rest @ ..]) if rest.len() <= 1 => {
            let ruleset = rest.first().copied().unwrap_or(Ruleset::DEFAULT_NAME);
            return Some(Command::StartNewGame {
                white: player(w)?,
                white_ms: millis(wt)?,
                black: player(b)?,
                black_ms: millis(bt)?,
                ruleset: ruleset.to_string(),
            });
        }
        ("LoadGame", [file]) => return Some(Command::LoadGame(file.to_string())),
        ("SaveGame", [file]) => SaveGame(file.to_string()),
        ("GetNextMove", []) => GetNextMove,
        ("MakeNextMove", []) => MakeNextMove,
        ("MakeMove", [m, t]) => MakeMove {
            text: m.to_string(),
            ms: millis(t)?,
        },
        ("PrintBoard", []) => PrintBoard,
        ("IsLegalMove", [m]) => IsLegalMove(m.to_string()),
        ("PrintAllMoves", []) => PrintAllMoves,
        ("GetTime", ["white"]) => GetTime(Color::White),
        ("GetTime", ["black"]) => GetTime(Color::Black),
        ("QuitGame", []) => QuitGame,
        ("GetStatus", []) => GetStatus,
        ("ClaimDraw", []) => ClaimDraw,
        ("OfferDraw", []) => OfferDraw,
        ("AcceptDraw", []) => AcceptDraw,
        _ => return None,
    }))
}

fn player(word: &str) -> Option<PlayerKind> {
    match word {
        "human" => Some(PlayerKind::Human),
        "computer" => Some(PlayerKind::Computer),
        _ => None,
    }
}

/// Milliseconds: decimal digits only, at most `i64::MAX`.
fn millis(word: &str) -> Option<i64> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        assert_eq!(millis("0"), Some(0));
        assert_eq!(millis("007"), Some(7));
        assert_eq!(millis("9223372036854775807"), Some(i64::MAX));
        assert_eq!(millis("9223372036854775808"), None);
        for bad in ["", "-1", "+1", "1.0", "1e3", " 1", "١"] {
            assert_eq!(millis(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn start_new_game_forms() {
        let Parsed::Command(Command::StartNewGame { ruleset, .. }) =
            parse_line(b"StartNewGame human 0 computer 5000")
        else {
            panic!()
        };
        assert_eq!(ruleset, "6170-spring-2007");
        assert!(matches!(
            parse_line(b"StartNewGame human 0 computer 5000 6.170-spring-2004"),
            Parsed::Command(_)
        ));
        for bad in [
            &b"StartNewGame human 0 computer"[..],
            b"StartNewGame Human 0 computer 5",
            b"StartNewGame human 0 computer 5 6170-spring-2004 x",
            b"StartNewGame human -5 computer 5",
        ] {
            assert_eq!(parse_line(bad), Parsed::Invalid);
        }
    }

    #[test]
    fn white_space_and_encoding() {
        assert_eq!(
            parse_line(b"\tMakeMove\x0be2-e4  10\r"),
            Parsed::Command(Command::Game(GameCommand::MakeMove {
                text: "e2-e4".to_string(),
                ms: 10
            }))
        );
        assert_eq!(parse_line(b"PrintBoard\xff"), Parsed::Invalid);
        assert_eq!(parse_line("PrintBoard\u{a0}".as_bytes()), Parsed::Invalid);
    }
}
