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

use std::io::BufRead;

use super::builder::Builder;
pub use super::builder::{
    Diagnostic, MAX_DIAGNOSTICS, ReadGame, Severity, Unreported, ending_words,
};
use super::lexer::{At, Lexer, MAX_GAME_BYTES, Token, decode, tag};

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
