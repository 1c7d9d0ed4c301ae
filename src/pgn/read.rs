//! The PGN import format, read as a stream of lines: tag pairs, movetext
//! tokens with their line and column, SAN read leniently (each leniency a
//! warning naming the standard form), comments, NAGs and variations, and a
//! diagnostic for every problem with where it is. A game with an error is
//! read to its end all the same (the rest of the line of play where the
//! error is goes unchecked), and the next game is read normally.
//!
//! Bytes are UTF-8 (a byte-order mark is skipped); a line that is not valid
//! UTF-8 is read as ISO-8859-1, the PGN standard's character set. Line ends
//! may be LF, CRLF or CR.

use std::collections::HashMap;
use std::fmt;
use std::io::BufRead;

use super::{Node, PgnGame};
use crate::game::automatic_ending;
use crate::rules::{Move, Outcome, Position, Reason, Ruleset, Status, notation, wording};

/// One game's text may not be longer than this.
const MAX_GAME_BYTES: usize = 16 << 20;
/// Variations may not nest deeper than this.
const MAX_NESTING: usize = 255;

/// Diagnostics kept for one game; past them they are only counted, and
/// one last line says how many more there were.
pub const MAX_DIAGNOSTICS: usize = 100;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The game cannot be read as written.
    Error,
    /// The game is read, but is not written as the standard says.
    Warning,
}

/// A problem, where it is: 1-based line and column (in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Line.
    pub line: usize,
    /// Column.
    pub column: usize,
    /// Error or warning.
    pub severity: Severity,
    /// The game's number in the file, from 1.
    pub game: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    /// `line:column: error: game n: message` (the caller puts the file
    /// name first).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(
            f,
            "{}:{}: {kind}: game {}: {}",
            self.line, self.column, self.game, self.message
        )
    }
}

/// A game as read: the game (its lines of play up to any error), every
/// diagnostic, and the position each of its main-line moves leads to.
#[derive(Clone, Debug)]
pub struct ReadGame {
    /// The game.
    pub game: PgnGame,
    /// Its problems, in the order found (at most [`MAX_DIAGNOSTICS`]).
    pub diagnostics: Vec<Diagnostic>,
    /// The problems found past those, counted only.
    pub unreported: Unreported,
    /// The game's termination marker was present.
    pub terminated: bool,
}

/// Problems of a game past the [`MAX_DIAGNOSTICS`] it lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unreported {
    /// Errors.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
}

impl ReadGame {
    /// Whether the game has an error.
    pub fn has_error(&self) -> bool {
        self.unreported.errors > 0
            || self
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error)
    }

    /// The first error, if any.
    pub fn first_error(&self) -> Option<&Diagnostic> {
        self.diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
    }
}

/// A token of movetext, or a tag pair.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Tag(String, String),
    BadTag(&'static str),
    Comment(String),
    UnterminatedComment,
    Open,
    Close,
    Nag(u8),
    /// A move number, as its digits (any length).
    Number(String),
    Result(String),
    Symbol(String),
    /// A line over the size of a whole game (its text is not kept).
    TooLong,
}

/// Where a token starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct At {
    line: usize,
    column: usize,
}

/// One line of play being read: its position, its moves so far, and
/// whether an error stopped its checking.
struct Frame {
    pos: Position,
    /// The position before the last move (where a variation starts).
    before_last: Option<Position>,
    nodes: Vec<Node>,
    starting_comment: Option<String>,
    dead: bool,
}

impl Frame {
    fn new(pos: Position, dead: bool) -> Frame {
        Frame {
            pos,
            before_last: None,
            nodes: Vec::new(),
            starting_comment: None,
            dead,
        }
    }
}

/// The game being read.
struct Builder {
    number: usize,
    /// The tags in order; a tag named again is emptied here (and dropped
    /// at the end) and added anew.
    tags: Vec<(String, String)>,
    tag_at: Vec<At>,
    /// Where each tag name stands in `tags`.
    tag_index: HashMap<String, usize>,
    diagnostics: Vec<Diagnostic>,
    /// Diagnostics past [`MAX_DIAGNOSTICS`].
    unreported: Unreported,
    /// Variations opened past [`MAX_NESTING`], not read.
    too_deep: usize,
    comment: Option<String>,
    /// The lines of play, the main line first (empty before movetext).
    frames: Vec<Frame>,
    started: bool,
    result: Option<String>,
    last_token_end: At,
    in_comment_at_end: bool,
    /// The position after which the game was over, when a move came after.
    over_reported: bool,
    bytes: usize,
    too_big: bool,
    /// Keys of the main line's positions (for fivefold repetition).
    keys: Vec<u64>,
    /// The position the game starts from, once known.
    first: Option<Position>,
    /// A Kriegspiel game (`[Variant "Kriegspiel"]`): chess moves, but no
    /// repetition or seventy-five-move ending.
    kriegspiel: bool,
}

impl Builder {
    fn new(number: usize) -> Builder {
        Builder {
            number,
            tags: Vec::new(),
            tag_at: Vec::new(),
            tag_index: HashMap::new(),
            diagnostics: Vec::new(),
            unreported: Unreported::default(),
            too_deep: 0,
            comment: None,
            frames: Vec::new(),
            started: false,
            result: None,
            last_token_end: At::default(),
            in_comment_at_end: false,
            over_reported: false,
            bytes: 0,
            too_big: false,
            keys: Vec::new(),
            first: None,
            kriegspiel: false,
        }
    }

    fn report(&mut self, at: At, severity: Severity, message: String) {
        if self.diagnostics.len() >= MAX_DIAGNOSTICS {
            match severity {
                Severity::Error => self.unreported.errors += 1,
                Severity::Warning => self.unreported.warnings += 1,
            }
            return;
        }
        self.diagnostics.push(Diagnostic {
            line: at.line,
            column: at.column,
            severity,
            game: self.number,
            message,
        });
    }

    fn tag_position(&self, name: &str) -> At {
        self.tags
            .iter()
            .rposition(|(n, _)| n == name)
            .map_or(At::default(), |i| self.tag_at[i])
    }

    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Starts the movetext: the start position from `[Variant]` and `[FEN]`.
    fn start(&mut self) {
        if self.started {
            return;
        }
        self.started = true;
        self.kriegspiel = self
            .tag("Variant")
            .is_some_and(|v| v.eq_ignore_ascii_case("kriegspiel"));
        let ruleset = match self.tag("Variant") {
            None => Some(Ruleset::CHESS),
            Some(v)
                if v.eq_ignore_ascii_case("standard")
                    || v.eq_ignore_ascii_case("chess")
                    || v.eq_ignore_ascii_case("kriegspiel") =>
            {
                Some(Ruleset::CHESS)
            }
            Some(v) => Ruleset::from_name(v),
        };
        let start = match (ruleset, self.tag("FEN")) {
            (None, _) => {
                let at = self.tag_position("Variant");
                let value = self.tag("Variant").unwrap_or_default().to_string();
                self.report(at, Severity::Error, format!("unsupported variant {value}"));
                None
            }
            (Some(r), None) => Some(Position::new(r)),
            (Some(r), Some(fen)) => match Position::from_fen(fen, r) {
                Ok(p) => Some(p),
                Err(e) => {
                    let at = self.tag_position("FEN");
                    let why = e.to_string().replace("invalid FEN: ", "");
                    self.report(at, Severity::Error, format!("bad FEN: {why}"));
                    None
                }
            },
        };
        let dead = start.is_none();
        let pos = start.unwrap_or_else(|| Position::new(Ruleset::CHESS));
        self.first = Some(pos);
        self.keys.push(pos.hash());
        self.frames.push(Frame::new(pos, dead));
    }

    fn token(&mut self, token: Token, at: At) {
        self.start();
        match token {
            Token::Tag(..) | Token::BadTag(_) | Token::TooLong => {}
            Token::Comment(text) => self.add_comment(text),
            Token::UnterminatedComment => {
                self.report(at, Severity::Error, "unterminated comment".into());
                self.in_comment_at_end = true;
            }
            Token::Open => {
                let depth = self.frames.len();
                if depth > MAX_NESTING {
                    // Counted, not read: the game keeps its variations
                    // to this depth.
                    if self.too_deep == 0 {
                        self.report(at, Severity::Error, "variations nest too deeply".into());
                    }
                    self.too_deep += 1;
                    return;
                }
                let top = self.frames.last();
                let start = top.and_then(|f| f.before_last);
                let dead = top.is_none_or(|f| f.dead) || start.is_none();
                let pos = start.unwrap_or_else(|| Position::new(Ruleset::CHESS));
                self.frames.push(Frame::new(pos, dead));
            }
            Token::Close if self.too_deep > 0 => self.too_deep -= 1,
            Token::Close => {
                if self.frames.len() <= 1 {
                    self.report(at, Severity::Error, "unbalanced parenthesis".into());
                    return;
                }
                let Some(done) = self.frames.pop() else {
                    return;
                };
                if let Some(parent) = self.frames.last_mut().and_then(|f| f.nodes.last_mut())
                    && !done.nodes.is_empty()
                {
                    let mut nodes = done.nodes;
                    if let Some(first) = nodes.first_mut() {
                        first.starting_comment = done.starting_comment;
                    }
                    parent.variations.push(nodes);
                }
            }
            Token::Nag(nag) => {
                if let Some(node) = self.frames.last_mut().and_then(|f| f.nodes.last_mut()) {
                    node.nags.push(nag);
                }
            }
            Token::Number(n) => {
                if let Some(frame) = self.frames.last()
                    && !frame.dead
                    && n.parse::<u64>() != Ok(u64::from(frame.pos.fullmoves()))
                {
                    let m = frame.pos.fullmoves();
                    self.report(
                        at,
                        Severity::Warning,
                        format!("move number {n} does not match (move {m})"),
                    );
                }
            }
            Token::Result(marker) => self.result = Some(marker),
            Token::Symbol(text) => self.symbol(&text, at),
        }
    }

    fn add_comment(&mut self, text: String) {
        let text = text.trim().to_string();
        let main = self.frames.len() == 1;
        let Some(frame) = self.frames.last_mut() else {
            return;
        };
        let slot = match frame.nodes.last_mut() {
            Some(node) => &mut node.comment,
            None if main => &mut self.comment,
            None => &mut frame.starting_comment,
        };
        *slot = Some(match slot.take() {
            Some(before) => format!("{before} {text}"),
            None => text,
        });
    }

    /// The automatic ending of the main line's current position.
    fn main_line_over(&self) -> Option<Outcome> {
        let pos = &self.frames.first()?.pos;
        if self.kriegspiel {
            return crate::kriegspiel::ending(pos, &pos.legal_moves())
                .map(crate::kriegspiel::Ending::outcome);
        }
        automatic_ending(pos, &self.keys)
    }

    fn symbol(&mut self, text: &str, at: At) {
        let main = self.frames.len() == 1;
        let Some(frame) = self.frames.last() else {
            return;
        };
        if frame.dead {
            return;
        }
        if text == "--" || text == "Z0" {
            if main {
                self.report(at, Severity::Error, "null move in the main line".into());
            }
            // A null move in a variation is allowed; the rest of that
            // variation is not checked (a pass has no move to keep).
            if let Some(f) = self.frames.last_mut() {
                f.dead = true;
            }
            return;
        }
        let pos = frame.pos;
        let reading = read_move(&pos, text);
        let m = match reading {
            Ok((m, standard)) => {
                if let Some(standard) = standard {
                    self.report(
                        at,
                        Severity::Warning,
                        format!("non-standard notation {text} (standard: {standard})"),
                    );
                }
                m
            }
            Err(message) => {
                self.report(at, Severity::Error, message);
                if let Some(f) = self.frames.last_mut() {
                    f.dead = true;
                }
                return;
            }
        };
        if main
            && !self.over_reported
            && let Some(outcome) = self.main_line_over()
        {
            self.over_reported = true;
            let why = ending_words(outcome);
            self.report(
                at,
                Severity::Warning,
                format!("moves after the end of the game ({why})"),
            );
        }
        let Some(frame) = self.frames.last_mut() else {
            return;
        };
        frame.before_last = Some(pos);
        frame.pos = pos.play(m);
        if frame.pos.status() == Status::Pass {
            frame.pos = frame.pos.pass();
        }
        let key = frame.pos.hash();
        frame.nodes.push(Node::new(m));
        if main {
            self.keys.push(key);
        }
    }

    /// The game read, with the checks made at its end.
    fn finish(mut self, end_at: At) -> ReadGame {
        self.start();
        let open_variation = self.frames.len() > 1;
        if open_variation && !self.in_comment_at_end {
            self.report(end_at, Severity::Error, "unbalanced parenthesis".into());
        }
        self.too_deep = 0;
        while self.frames.len() > 1 {
            self.token(Token::Close, end_at);
        }
        let terminated = self.result.is_some();
        if !terminated && !self.in_comment_at_end && !open_variation && !self.too_big {
            let at = self.last_token_end;
            self.report(at, Severity::Warning, "no game termination marker".into());
        }
        let marker = self.result.clone().unwrap_or_else(|| "*".to_string());
        if terminated {
            if let Some(tag) = self.tag("Result")
                && tag != marker
            {
                let tag = tag.to_string();
                self.report(
                    end_at,
                    Severity::Warning,
                    format!("result {marker} differs from the Result tag \"{tag}\""),
                );
            }
            if let Some(outcome) = self.main_line_over()
                && marker != "*"
                && marker != wording::pgn_result(Some(outcome))
            {
                let why = ending_words(outcome);
                self.report(
                    end_at,
                    Severity::Warning,
                    format!("result {marker} contradicts the final position ({why})"),
                );
            }
        }
        let main = self
            .frames
            .pop()
            .unwrap_or_else(|| Frame::new(Position::new(Ruleset::CHESS), true));
        let start = self.first.unwrap_or(main.pos);
        let tags = self
            .tags
            .into_iter()
            .filter(|(n, _)| !n.is_empty())
            .collect();
        ReadGame {
            game: PgnGame {
                tags,
                start,
                comment: self.comment,
                moves: main.nodes,
                result: marker,
            },
            diagnostics: self.diagnostics,
            unreported: self.unreported,
            terminated,
        }
    }
}

/// The words for an ending in diagnostics and replay.
pub fn ending_words(outcome: Outcome) -> &'static str {
    match outcome.reason {
        Reason::PiecesLost => "pieces lost",
        _ => wording::reason_words(outcome),
    }
}

/// A move token read leniently: the move, and its standard SAN when the
/// token is not written so. Errors are the diagnostics' messages.
fn read_move(pos: &Position, token: &str) -> Result<(Move, Option<String>), String> {
    let candidates = |text: &str| notation::read_san(pos, text);
    let mut moves = candidates(token);
    if moves.is_empty() && shakmaty::san::San::from_ascii(token.as_bytes()).is_err() {
        for variant in lenient_forms(token) {
            moves = candidates(&variant);
            if !moves.is_empty() || shakmaty::san::San::from_ascii(variant.as_bytes()).is_ok() {
                break;
            }
        }
        if moves.is_empty() && !looks_like_san(token) {
            return Err(format!("not a move: {token}"));
        }
    }
    match moves.as_slice() {
        [] => Err(format!("illegal move {token}")),
        [m] => {
            let standard = notation::san(pos, *m);
            Ok((*m, (standard != token).then_some(standard)))
        }
        several => {
            let mut sans: Vec<String> = several.iter().map(|&m| notation::san(pos, m)).collect();
            sans.sort();
            Err(format!("ambiguous move {token} ({})", sans.join(" or ")))
        }
    }
}

/// Whether a token is SAN in form (even if no legal move matches), or one
/// of the lenient forms.
fn looks_like_san(token: &str) -> bool {
    shakmaty::san::San::from_ascii(token.as_bytes()).is_ok()
        || lenient_forms(token)
            .iter()
            .any(|t| shakmaty::san::San::from_ascii(t.as_bytes()).is_ok())
}

/// What a non-standard move token may stand for: zeros for castling, a
/// promotion without `=` or with a lower-case piece, a `-` between squares.
fn lenient_forms(token: &str) -> Vec<String> {
    let mut forms = Vec::new();
    let body = token.trim_end_matches(['+', '#']);
    match body {
        "0-0" => forms.push("O-O".to_string()),
        "0-0-0" => forms.push("O-O-O".to_string()),
        _ => {}
    }
    let bytes = body.as_bytes();
    if let [.., rank @ (b'1' | b'8'), piece] = bytes
        && b"QRBNqrbn".contains(piece)
        && rank.is_ascii_digit()
    {
        let (head, last) = body.split_at(body.len() - 1);
        forms.push(format!("{head}={}", last.to_ascii_uppercase()));
    }
    if let Some((head, piece)) = body.split_once('=') {
        forms.push(format!("{head}={}", piece.to_ascii_uppercase()));
    }
    if body.contains('-') {
        forms.push(body.replace('-', ""));
    }
    forms
}

/// Splits one decoded line into tokens with their columns. `comment` is
/// the text of a comment still open from an earlier line (and where it
/// started).
struct Lexer {
    /// An open `{` comment: its text so far and where it started.
    open_comment: Option<(String, At)>,
}

impl Lexer {
    fn line(&mut self, line_no: usize, text: &str, out: &mut Vec<(Token, At)>) {
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        if let Some((mut body, at)) = self.open_comment.take() {
            match chars.iter().position(|&c| c == '}') {
                Some(end) => {
                    body.push(' ');
                    body.extend(&chars[..end]);
                    out.push((Token::Comment(body), at));
                    i = end + 1;
                }
                None => {
                    // A comment longer than a game may be keeps its start.
                    if body.len() < MAX_GAME_BYTES {
                        body.push(' ');
                        body.extend(&chars);
                    }
                    self.open_comment = Some((body, at));
                    return;
                }
            }
        } else if chars.first() == Some(&'%') {
            return;
        }
        while i < chars.len() {
            let c = chars[i];
            let at = At {
                line: line_no,
                column: i + 1,
            };
            if c.is_whitespace() {
                i += 1;
                continue;
            }
            match c {
                '{' => match chars[i + 1..].iter().position(|&c| c == '}') {
                    Some(len) => {
                        let body: String = chars[i + 1..i + 1 + len].iter().collect();
                        out.push((Token::Comment(body), at));
                        i += len + 2;
                    }
                    None => {
                        let body: String = chars[i + 1..].iter().collect();
                        self.open_comment = Some((body, at));
                        return;
                    }
                },
                ';' => {
                    let body: String = chars[i + 1..].iter().collect();
                    out.push((Token::Comment(body), at));
                    return;
                }
                '[' => {
                    let (token, len) = tag(&chars[i..]);
                    out.push((token, at));
                    i += len;
                }
                '(' => {
                    out.push((Token::Open, at));
                    i += 1;
                }
                ')' => {
                    out.push((Token::Close, at));
                    i += 1;
                }
                '$' => {
                    let digits: String = chars[i + 1..]
                        .iter()
                        .take_while(|c| c.is_ascii_digit())
                        .collect();
                    let token = match digits.parse::<u8>() {
                        Ok(n) => Token::Nag(n),
                        Err(_) => Token::Symbol(format!("${digits}")),
                    };
                    out.push((token, at));
                    i += 1 + digits.len();
                }
                '!' | '?' => {
                    let run: String = chars[i..]
                        .iter()
                        .take_while(|&&c| c == '!' || c == '?')
                        .collect();
                    let nag = match run.as_str() {
                        "!" => Some(1),
                        "?" => Some(2),
                        "!!" => Some(3),
                        "??" => Some(4),
                        "!?" => Some(5),
                        "?!" => Some(6),
                        _ => None,
                    };
                    out.push((nag.map_or(Token::Symbol(run.clone()), Token::Nag), at));
                    i += run.chars().count();
                }
                _ => {
                    let word: String = chars[i..]
                        .iter()
                        .take_while(|&&c| !c.is_whitespace() && !"{}()[];$!?".contains(c))
                        .collect();
                    let len = word.chars().count().max(1);
                    word_tokens(&word, at, out);
                    i += len;
                }
            }
        }
    }
}

/// A word of movetext: a result marker, a move number (possibly glued to
/// its move, as in `1.Nf3`), or a symbol.
fn word_tokens(word: &str, at: At, out: &mut Vec<(Token, At)>) {
    if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
        out.push((Token::Result(word.to_string()), at));
        return;
    }
    if word == "½-½" {
        out.push((Token::Result("1/2-1/2".to_string()), at));
        return;
    }
    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
    let rest = &word[digits.len()..];
    let dots = rest.chars().take_while(|&c| c == '.').count();
    if !digits.is_empty() && (dots > 0 || rest.is_empty()) {
        out.push((Token::Number(digits.clone()), at));
        let after = &rest[dots..];
        if !after.is_empty() {
            let column = at.column + digits.len() + dots;
            word_tokens(after, At { column, ..at }, out);
        }
        return;
    }
    if word.chars().all(|c| c == '.') {
        return;
    }
    out.push((Token::Symbol(word.to_string()), at));
}

/// A tag pair from its `[`: the token and how many characters it took.
fn tag(chars: &[char]) -> (Token, usize) {
    let close = chars.iter().position(|&c| c == ']');
    let mut i = 1;
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    let name: String = chars[i..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == '_')
        .collect();
    i += name.len();
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    if name.is_empty() || chars.get(i) != Some(&'"') {
        return (
            Token::BadTag("malformed tag"),
            close.map_or(chars.len(), |c| c + 1),
        );
    }
    i += 1;
    let mut value = String::new();
    loop {
        match chars.get(i) {
            None => return (Token::BadTag("unterminated tag"), chars.len()),
            Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\')) => {
                value.push(chars[i + 1]);
                i += 2;
            }
            Some('"') => {
                i += 1;
                break;
            }
            Some(&c) => {
                value.push(c);
                i += 1;
            }
        }
    }
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    if chars.get(i) != Some(&']') {
        return (Token::BadTag("unterminated tag"), chars.len());
    }
    (Token::Tag(name, value), i + 1)
}

/// Decodes one line's bytes: UTF-8, or ISO-8859-1 when not valid UTF-8.
fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// One input line (or several, split at lone carriage returns): its tokens
/// and its length in bytes.
type Line = (Vec<(Token, At)>, usize);

/// Reads the games of a PGN stream one at a time.
pub struct Reader<R> {
    input: R,
    line_no: usize,
    lexer: Lexer,
    /// Tokens read but not yet used (a tag that starts the next game).
    pending: Vec<(Token, At)>,
    games: usize,
    done: bool,
    /// The previous line was empty (for recovering from a comment left
    /// open: it ends at a tag pair after an empty line).
    after_empty: bool,
    first_line: bool,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            line_no: 0,
            lexer: Lexer { open_comment: None },
            pending: Vec::new(),
            games: 0,
            done: false,
            after_empty: false,
            first_line: true,
        }
    }

    /// The next line's tokens; `None` at the end of the input.
    fn next_line(&mut self) -> Option<std::io::Result<Line>> {
        let mut raw = Vec::new();
        let limit = MAX_GAME_BYTES as u64 + 1;
        match std::io::Read::take(&mut self.input, limit).read_until(b'\n', &mut raw) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(e) => return Some(Err(e)),
        }
        if raw.len() as u64 == limit && raw.last() != Some(&b'\n') {
            // A line longer than a whole game may be: skip the rest of it
            // without keeping it, and say so.
            let mut skipped = raw.len();
            loop {
                let mut chunk = Vec::new();
                match std::io::Read::take(&mut self.input, 1 << 20).read_until(b'\n', &mut chunk) {
                    Ok(0) => break,
                    Ok(n) => {
                        skipped += n;
                        if chunk.last() == Some(&b'\n') {
                            break;
                        }
                    }
                    Err(e) => return Some(Err(e)),
                }
            }
            self.line_no += 1;
            let at = At {
                line: self.line_no,
                column: 1,
            };
            return Some(Ok((vec![(Token::TooLong, at)], skipped)));
        }
        let bytes = raw.len();
        // A lone CR also ends a line: split it into several lines.
        let mut tokens = Vec::new();
        let text = raw.strip_suffix(b"\n").unwrap_or(&raw);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        for part in text.split(|&b| b == b'\r') {
            let mut part = part;
            if self.first_line {
                part = part.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(part);
                self.first_line = false;
            }
            self.line_no += 1;
            let line = decode(part);
            let is_empty = line.trim().is_empty();
            if self.after_empty
                && let Some((_, at)) = &self.lexer.open_comment
                && line.starts_with('[')
                && matches!(tag(&line.chars().collect::<Vec<_>>()).0, Token::Tag(..))
            {
                let at = *at;
                self.lexer.open_comment = None;
                tokens.push((Token::UnterminatedComment, at));
            }
            self.after_empty = is_empty;
            self.lexer.line(self.line_no, &line, &mut tokens);
        }
        Some(Ok((tokens, bytes)))
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = std::io::Result<ReadGame>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done && self.pending.is_empty() {
            return None;
        }
        let mut game = Builder::new(self.games + 1);
        let mut any = false;
        let mut in_movetext = false;
        loop {
            if self.pending.is_empty() {
                if self.done {
                    break;
                }
                match self.next_line() {
                    None => {
                        self.done = true;
                        if let Some((_, at)) = self.lexer.open_comment.take() {
                            self.pending.push((Token::UnterminatedComment, at));
                            continue;
                        }
                        break;
                    }
                    Some(Err(e)) => return Some(Err(e)),
                    Some(Ok((tokens, bytes))) => {
                        self.pending = tokens;
                        self.pending.reverse();
                        game.bytes += bytes;
                        continue;
                    }
                }
            }
            let Some((token, at)) = self.pending.pop() else {
                continue;
            };
            match token {
                Token::Tag(..) | Token::BadTag(_) if in_movetext => {
                    self.pending.push((token, at));
                    break;
                }
                Token::Tag(name, value) => {
                    any = true;
                    if let Some(i) = game.tag_index.insert(name.clone(), game.tags.len()) {
                        game.report(at, Severity::Warning, format!("duplicate tag {name}"));
                        game.tags[i].0.clear();
                    }
                    game.tags.push((name, value));
                    game.tag_at.push(at);
                    game.last_token_end = at;
                }
                Token::BadTag(message) => {
                    any = true;
                    game.report(at, Severity::Error, message.to_string());
                }
                Token::Result(_) => {
                    any = true;
                    let depth = game.frames.len();
                    game.last_token_end = at;
                    game.token(token, at);
                    if depth <= 1 {
                        let end = at;
                        let read = game.finish(end);
                        self.games += 1;
                        return Some(Ok(read));
                    }
                }
                other => {
                    any = true;
                    in_movetext = true;
                    let len = match &other {
                        Token::Symbol(s) | Token::Comment(s) => s.chars().count(),
                        _ => 1,
                    };
                    game.last_token_end = At {
                        line: at.line,
                        column: at.column + len.saturating_sub(1),
                    };
                    if (game.bytes > MAX_GAME_BYTES || other == Token::TooLong) && !game.too_big {
                        game.too_big = true;
                        game.report(at, Severity::Error, "game text over 16 MiB".into());
                    }
                    if !game.too_big {
                        game.token(other, at);
                    }
                }
            }
        }
        if !any {
            return None;
        }
        let end = game.last_token_end;
        self.games += 1;
        Some(Ok(game.finish(end)))
    }
}

/// Every game of a PGN text.
pub fn read_text(text: &str) -> Vec<ReadGame> {
    Reader::new(text.as_bytes())
        .filter_map(Result::ok)
        .collect()
}
