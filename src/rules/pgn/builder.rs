//! A game built from its tokens: the lines of play with their positions,
//! moves read leniently (each leniency a warning naming the standard
//! form), variations, comments, the tags, and every diagnostic.

use std::collections::HashMap;
use std::fmt;

use super::lenient::read_move;
use super::lexer::{At, Token};
use super::{Node, PgnGame};
use crate::rules::chess::{Outcome, Position, Reason, Ruleset, Status, wording};
use crate::rules::chess::{automatic_ending, ending_without_draw_rules};

/// Variations may not nest deeper than this.
pub(super) const MAX_NESTING: usize = 255;

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

/// One line of play being read: its position, its moves so far, and
/// whether an error stopped its checking.
pub(super) struct Frame {
    pub(super) pos: Position,
    /// The position before the last move (where a variation starts).
    pub(super) before_last: Option<Position>,
    pub(super) nodes: Vec<Node>,
    pub(super) starting_comment: Option<String>,
    pub(super) dead: bool,
}

impl Frame {
    pub(super) fn new(pos: Position, dead: bool) -> Frame {
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
pub(super) struct Builder {
    pub(super) number: usize,
    /// The tags in order; a tag named again is emptied here (and dropped
    /// at the end) and added anew.
    pub(super) tags: Vec<(String, String)>,
    pub(super) tag_at: Vec<At>,
    /// Where each tag name stands in `tags`.
    pub(super) tag_index: HashMap<String, usize>,
    pub(super) diagnostics: Vec<Diagnostic>,
    /// Diagnostics past [`MAX_DIAGNOSTICS`].
    pub(super) unreported: Unreported,
    /// Variations opened past [`MAX_NESTING`], not read.
    pub(super) too_deep: usize,
    pub(super) comment: Option<String>,
    /// The lines of play, the main line first (empty before movetext).
    pub(super) frames: Vec<Frame>,
    pub(super) started: bool,
    pub(super) result: Option<String>,
    pub(super) last_token_end: At,
    pub(super) in_comment_at_end: bool,
    /// The position after which the game was over, when a move came after.
    pub(super) over_reported: bool,
    pub(super) bytes: usize,
    pub(super) too_big: bool,
    /// Keys of the main line's positions (for fivefold repetition).
    pub(super) keys: Vec<u64>,
    /// The position the game starts from, once known.
    pub(super) first: Option<Position>,
    /// A Kriegspiel game (`[Variant "Kriegspiel"]`): chess moves, but no
    /// repetition or seventy-five-move ending.
    pub(super) kriegspiel: bool,
}

impl Builder {
    pub(super) fn new(number: usize) -> Builder {
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

    pub(super) fn report(&mut self, at: At, severity: Severity, message: String) {
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

    pub(super) fn tag_position(&self, name: &str) -> At {
        self.tags
            .iter()
            .rposition(|(n, _)| n == name)
            .map_or(At::default(), |i| self.tag_at[i])
    }

    pub(super) fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Starts the movetext: the start position from `[Variant]` and `[FEN]`.
    pub(super) fn start(&mut self) {
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

    pub(super) fn token(&mut self, token: Token, at: At) {
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

    pub(super) fn add_comment(&mut self, text: String) {
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
    pub(super) fn main_line_over(&self) -> Option<Outcome> {
        let pos = &self.frames.first()?.pos;
        if self.kriegspiel {
            return ending_without_draw_rules(pos, &pos.legal_moves());
        }
        automatic_ending(pos, &self.keys)
    }

    pub(super) fn symbol(&mut self, text: &str, at: At) {
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
    pub(super) fn finish(mut self, end_at: At) -> ReadGame {
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
