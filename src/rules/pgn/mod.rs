//! PGN: games as trees of moves with their tags, comments, NAGs and
//! variations; the export-format writer ([`write`]) that every part of the
//! program uses, and the reader with diagnostics ([`read`]).
//!
//! | file | what |
//! |---|---|
//! | `write.rs` | the export format, as python-chess writes it |
//! | `read.rs` | the import format: tokens, lenient SAN, diagnostics with line and column |

mod builder;
mod lenient;
mod lexer;
mod read;
mod write;

pub use read::{
    Diagnostic, MAX_DIAGNOSTICS, ReadGame, Reader, Severity, Unreported, ending_words, read_text,
};
pub(crate) use write::{Movetext, header};
pub use write::{SEVEN_TAG_ROSTER, write};

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use crate::rules::chess::{Move, Position};

/// Opens a PGN file's games, or says why it cannot. Only regular files
/// are read (through links): a pipe or a device could leave the reader
/// waiting for ever.
pub fn open(path: &Path) -> Result<Reader<BufReader<File>>, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if meta.is_dir() {
        return Err("is a directory".to_string());
    }
    if !meta.is_file() {
        return Err("not a regular file".to_string());
    }
    File::open(path)
        .map(|f| Reader::new(BufReader::new(f)))
        .map_err(|e| e.to_string())
}

/// One move of a game, with what is attached to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move.
    pub mv: Move,
    /// Numeric annotation glyphs (`$1`, or `!` read as 1).
    pub nags: Vec<u8>,
    /// A comment before the move (at the start of a variation).
    pub starting_comment: Option<String>,
    /// The comment after the move.
    pub comment: Option<String>,
    /// Lines that replace this move, each played from the position before
    /// it.
    pub variations: Vec<Vec<Node>>,
}

impl Node {
    /// A move with nothing attached.
    pub fn new(mv: Move) -> Node {
        Node {
            mv,
            nags: Vec::new(),
            starting_comment: None,
            comment: None,
            variations: Vec::new(),
        }
    }
}

/// A game: its tags, first position, main line and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in the order read or given (the writer orders them).
    pub tags: Vec<(String, String)>,
    /// The position before the first move.
    pub start: Position,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The main line.
    pub moves: Vec<Node>,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl PgnGame {
    /// A game without tags.
    pub fn new(start: Position, moves: Vec<Node>, result: &str) -> PgnGame {
        PgnGame {
            tags: Vec::new(),
            start,
            comment: None,
            moves,
            result: result.to_string(),
        }
    }

    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an earlier value.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The position after the main line (stalemate passes made).
    pub fn end_position(&self) -> Position {
        let mut pos = self.start;
        for node in &self.moves {
            pos = pos.play(node.mv);
            if pos.status() == crate::rules::chess::Status::Pass {
                pos = pos.pass();
            }
        }
        pos
    }
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    date(secs / 86_400)
}

/// The PGN date of a time in seconds since 1970 (UTC).
pub fn date_of(seconds: i64) -> String {
    date(u64::try_from(seconds.max(0)).unwrap_or(0) / 86_400)
}

/// The PGN date of a day counted from 1970-01-01 (Howard Hinnant's
/// days-to-civil algorithm).
fn date(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{Ruleset, Status, notation};

    fn game_of(start: Position, line: &str, result: &str) -> PgnGame {
        let mut p = start;
        let mut nodes = Vec::new();
        for t in line.split_whitespace() {
            let m = notation::find_protocol(&p, t).unwrap();
            nodes.push(Node::new(m));
            p = p.play(m);
            if p.status() == Status::Pass {
                p = p.pass();
            }
        }
        PgnGame::new(start, nodes, result)
    }

    fn movetext(text: &str) -> &str {
        text.split("\n\n").nth(1).unwrap()
    }

    #[test]
    fn san_and_numbering() {
        let game = game_of(
            Position::new(Ruleset::SPRING_2007),
            "e2-e3 b7-b5 f1-b5 c8-a6",
            "*",
        );
        assert_eq!(movetext(&write(&game)), "1. e3 b5 2. Bxb5 Ba6 *");
    }

    #[test]
    fn a_pass_is_a_comment_and_numbering_goes_on() {
        // Black is stalemated after White's move and passes; White moves again.
        let start =
            Position::from_fen("k7/p7/P7/8/8/8/8/2Q4K w - - 0 1", Ruleset::SPRING_2007).unwrap();
        let game = game_of(start, "c1-c7 c7-a7", "0-1");
        let text = write(&game);
        assert_eq!(movetext(&text), "1. Qc7 { Black passes } 2. Qxa7+ 0-1");
        assert!(text.contains("[FEN \"k7/p7/P7/8/8/8/8/2Q4K w - - 0 1\"]\n[SetUp \"1\"]\n"));
    }

    #[test]
    fn dates() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(11_016), "2000.02.29");
        assert_eq!(date(20_779), "2026.11.22");
    }
}
