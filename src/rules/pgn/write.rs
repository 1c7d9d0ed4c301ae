//! The PGN export format (PGN standard 8.1.1 and 8.2), one writer for
//! every ruleset: the referee's records, `play`'s `save FILE.pgn` and
//! `pgn format`. It writes what python-chess's exporter writes, so that
//! `antichess pgn format` and `chess_oracle.py pgn --export` agree byte for
//! byte.

use super::{Node, PgnGame};
use crate::rules::chess::wording::side_name;
use crate::rules::chess::{Position, Status, notation};

/// The Seven Tag Roster, in its order, with the value a missing tag gets.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Movetext lines have fewer printing characters than this.
const COLUMNS: usize = 80;

/// Movetext as tokens, broken into lines as python-chess breaks them: a
/// token goes on the next line when it would pass the last column.
pub(crate) struct Movetext {
    lines: Vec<String>,
    current: String,
    /// The next Black move needs its number (`12...`).
    force_number: bool,
}

impl Movetext {
    pub(crate) fn new() -> Movetext {
        Movetext {
            lines: Vec::new(),
            current: String::new(),
            force_number: true,
        }
    }

    /// A token with its trailing space (`e4 `).
    pub(crate) fn token(&mut self, token: &str) {
        if COLUMNS.saturating_sub(self.current.chars().count()) < token.chars().count() {
            self.flush();
        }
        self.current.push_str(token);
    }

    /// The lines, each ended by a line feed.
    pub(crate) fn finish(mut self) -> String {
        self.flush();
        let mut out = self.lines.join("\n");
        out.push('\n');
        out
    }

    fn flush(&mut self) {
        if !self.current.is_empty() {
            self.lines.push(self.current.trim_end().to_string());
            self.current.clear();
        }
    }

    fn comment(&mut self, text: &str) {
        self.token(&format!("{{ {} }} ", text.replace('}', "").trim()));
        self.force_number = true;
    }

    /// A line of play from `pos`, with its variations.
    fn line(&mut self, start: &Position, nodes: &[Node]) {
        let mut pos = *start;
        for node in nodes {
            if let Some(c) = &node.starting_comment {
                self.comment(c);
            }
            if pos.turn().is_white() {
                self.token(&format!("{}. ", pos.fullmoves()));
            } else if self.force_number {
                self.token(&format!("{}... ", pos.fullmoves()));
            }
            self.token(&format!("{} ", notation::san(&pos, node.mv)));
            self.force_number = false;
            let mut nags = node.nags.clone();
            nags.sort_unstable();
            for nag in nags {
                self.token(&format!("${nag} "));
            }
            if let Some(c) = &node.comment {
                self.comment(c);
            }
            for variation in &node.variations {
                self.token("( ");
                self.force_number = true;
                self.line(&pos, variation);
                self.token(") ");
                self.force_number = true;
            }
            pos = pos.play(node.mv);
            if pos.status() == Status::Pass {
                pos = pos.pass();
                self.comment(&format!("{} passes", side_name(pos.turn().other())));
            }
        }
    }
}

/// The game in export format: the Seven Tag Roster, the other tags in
/// ASCII order by name (`FEN` and `SetUp` when the game does not start
/// from the standard position), an empty line, the movetext in lines of
/// fewer than 80 characters ending with the result, an empty line.
///
/// ```
/// use antichess::rules::pgn::{write, Node, PgnGame};
/// use antichess::rules::chess::{notation, Position, Ruleset};
/// let start = Position::new(Ruleset::CHESS);
/// let e4 = notation::find_protocol(&start, "e2-e4").unwrap();
/// let game = PgnGame::new(start, vec![Node::new(e4)], "*");
/// assert_eq!(
///     write(&game),
///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
/// );
/// ```
pub fn write(game: &PgnGame) -> String {
    let mut out = header(game);
    out.push('\n');
    let mut text = Movetext::new();
    if let Some(c) = &game.comment {
        text.comment(c);
    }
    text.line(&game.start, &game.moves);
    text.token(&format!("{} ", game.result));
    out.push_str(&text.finish());
    out.push('\n');
    out
}

/// The tag pairs: the Seven Tag Roster, then the other tags in ASCII order
/// by name (`FEN` and `SetUp` when the game does not start from the
/// standard position).
pub(crate) fn header(game: &PgnGame) -> String {
    let mut out = String::new();
    let tag = |out: &mut String, name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    for (name, missing) in SEVEN_TAG_ROSTER {
        let value = if name == "Result" {
            game.result.as_str()
        } else {
            game.tag(name).unwrap_or(missing)
        };
        tag(&mut out, name, value);
    }
    let mut others: Vec<(String, String)> = game
        .tags
        .iter()
        .filter(|(n, _)| SEVEN_TAG_ROSTER.iter().all(|(r, _)| r != n))
        .filter(|(n, _)| n != "FEN" && n != "SetUp")
        .cloned()
        .collect();
    if game.start != Position::new(game.start.ruleset()) {
        others.push(("FEN".to_string(), game.start.to_fen()));
        others.push(("SetUp".to_string(), "1".to_string()));
    }
    others.sort();
    for (name, value) in &others {
        tag(&mut out, name, value);
    }
    out
}
