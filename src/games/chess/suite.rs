//! Opening suites from a file: the start positions of a match, as engine
//! testers keep them. An EPD file gives one position per line (the first
//! four FEN fields; operations after them are ignored; blank lines and
//! lines starting with `#` are skipped); a PGN file gives the position at
//! the end of each game's main line. Each is read under the match's
//! ruleset and must be a game in progress.
//!
//! The programs receive each position as a game file, which says the
//! side to move, the castling rights and the en passant square through its
//! history ([`Game::to_file`] writes the history that says them). Each
//! position's file is read back, and a position it does not give exactly
//! is refused with its line, before any game is played.

use std::path::Path;

use crate::game::Game;
use crate::rules::chess::{Position, Ruleset, Status};
use crate::rules::pgn;
use crate::sys::safe_read::{ReadError, read_bounded};

/// Files larger than this are refused (a suite is a list of positions).
const MAX_BYTES: u64 = 64 << 20;

/// The start positions in `path` under the ruleset named
/// `ruleset_name`, or what is wrong, with where.
pub fn read_suite(path: &Path, ruleset_name: &str) -> Result<Vec<Position>, String> {
    let Some(ruleset) = Ruleset::from_name(ruleset_name) else {
        return Err(format!(
            "an opening suite is for chess and antichess rulesets, not {ruleset_name}"
        ));
    };
    let name = path.display();
    let is_pgn = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let mut positions = Vec::new();
    let in_progress = |pos: Position, at: String| -> Result<Position, String> {
        match pos.status() {
            Status::Ongoing => carried(ruleset_name, &pos).map_err(|why| format!("{at}: {why}")),
            _ => Err(format!("{at}: the game is over in this position")),
        }
    };
    if is_pgn {
        for (i, read) in pgn::open(path)
            .map_err(|e| format!("{name}: cannot read: {e}"))?
            .enumerate()
        {
            let read = read.map_err(|e| format!("{name}: {e}"))?;
            if let Some(e) = read.first_error() {
                return Err(format!("{name}:{}:{}: {}", e.line, e.column, e.message));
            }
            let at = format!("{name}: game {}", i + 1);
            let end = read.game.end_position();
            let pos = Position::from_fen(&end.to_fen(), ruleset)
                .map_err(|e| format!("{at}: {e} under {}", ruleset.name()))?;
            positions.push(in_progress(pos, at)?);
        }
    } else {
        let bytes = read_bounded(path, MAX_BYTES).map_err(|e| match e {
            ReadError::Open(e) | ReadError::Read(e) => format!("{name}: cannot read: {e}"),
            ReadError::NotRegularFile => format!("{name}: cannot read: not a regular file"),
            ReadError::TooLarge(_) => format!("{name}: larger than 64 MB: not an opening suite"),
        })?;
        let text = String::from_utf8_lossy(&bytes);
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = format!("{name}:{}", i + 1);
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            if fields.len() < 4 {
                return Err(format!("{at}: an EPD line needs four FEN fields"));
            }
            let fen = format!("{} 0 1", fields.join(" "));
            let pos = Position::from_fen(&fen, ruleset).map_err(|e| format!("{at}: {e}"))?;
            positions.push(in_progress(pos, at)?);
        }
    }
    if positions.is_empty() {
        return Err(format!("{name}: no positions"));
    }
    Ok(positions)
}

/// The position `pos` under the ruleset named `ruleset_name`, if the game
/// file the programs get gives it back exactly; else why not.
pub fn carried(ruleset_name: &str, pos: &Position) -> Result<Position, String> {
    let file = Game::with_rules(ruleset_name, *pos, 0, 0).to_file();
    let back = Game::from_file(&file).map_err(|e| format!("{e}"))?;
    let fields = |fen: String| fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
    let (want, got) = (fields(pos.to_fen()), fields(back.position().to_fen()));
    if want != got {
        return Err(format!(
            "a game file cannot carry this position (it would be read as {got})"
        ));
    }
    Ok(*pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines_and_their_errors() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("suite.epd");
        std::fs::write(
            &path,
            "# two openings\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n\n\
             rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq -\n",
        )
        .unwrap();
        let suite = read_suite(&path, "chess").unwrap();
        assert_eq!(suite.len(), 2);
        std::fs::write(&path, "rnbqkbnr/pppppppp/8/8 w\n").unwrap();
        let e = read_suite(&path, "chess").unwrap_err();
        assert!(
            e.ends_with("suite.epd:1: an EPD line needs four FEN fields"),
            "{e}"
        );
        std::fs::write(&path, "7k/5Q2/6K1/8/8/8/8/8 b - -\n").unwrap();
        let e = read_suite(&path, "chess").unwrap_err();
        assert!(
            e.ends_with("suite.epd:1: the game is over in this position"),
            "{e}"
        );
        std::fs::write(&path, "\n# nothing\n").unwrap();
        assert!(
            read_suite(&path, "chess")
                .unwrap_err()
                .ends_with("no positions")
        );
        assert!(read_suite(dir.path(), "chess").is_err());
    }

    /// Whatever the side to move, castling rights and en passant square,
    /// the game file the programs get gives the position back exactly.
    #[test]
    fn every_position_reaches_the_programs_as_it_is() {
        for (name, fen) in [
            (
                "chess",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",
            ),
            (
                "chess",
                "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6",
            ),
            (
                "chess",
                "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b Kq d3",
            ),
            ("chess", "r3k2r/8/8/8/8/8/8/R3K2R b Qk -"),
            ("chess", "r3k2r/8/8/8/8/8/8/R3K2R w - -"),
            ("6170-spring-2004", "8/8/8/8/8/8/p7/K6k b - -"),
            (
                "6170-spring-2007-encastle",
                "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b Kk -",
            ),
        ] {
            let ruleset = Ruleset::from_name(name).unwrap();
            let pos = Position::from_fen(&format!("{fen} 0 1"), ruleset).unwrap();
            let game = Game::with_rules(name, carried(name, &pos).unwrap(), 0, 0);
            let file = crate::rules::file::to_xml(&game.to_file());
            let back =
                Game::from_file(&crate::rules::file::parse(file.as_bytes()).unwrap()).unwrap();
            let four = |p: &Position| p.to_fen().split(' ').take(4).collect::<Vec<_>>().join(" ");
            assert_eq!(four(back.position()), four(&pos), "{name}: {file}");
        }
    }
}
