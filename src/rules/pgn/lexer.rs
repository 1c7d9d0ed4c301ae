//! PGN text into tokens: a line at a time, each token with its line and
//! column; tag pairs, comments (one left open goes on to the next line),
//! NAGs, move numbers, results and symbols.

/// One game's text may not be longer than this.
pub(super) const MAX_GAME_BYTES: usize = 16 << 20;
/// A token of movetext, or a tag pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
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
pub(super) struct At {
    pub(super) line: usize,
    pub(super) column: usize,
}

/// Splits one decoded line into tokens with their columns. `comment` is
/// the text of a comment still open from an earlier line (and where it
/// started).
pub(super) struct Lexer {
    /// An open `{` comment: its text so far and where it started.
    pub(super) open_comment: Option<(String, At)>,
}

impl Lexer {
    pub(super) fn line(&mut self, line_no: usize, text: &str, out: &mut Vec<(Token, At)>) {
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
                '$' | '!' | '?' => {
                    let (token, len) = annotation(&chars[i..]);
                    out.push((token, at));
                    i += len;
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

/// An annotation at the start of `chars` (`$12`, or a run of `!` and
/// `?`), as a NAG where it is one, and the characters it takes.
fn annotation(chars: &[char]) -> (Token, usize) {
    if chars[0] == '$' {
        let digits: String = chars[1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        let token = match digits.parse::<u8>() {
            Ok(n) => Token::Nag(n),
            Err(_) => Token::Symbol(format!("${digits}")),
        };
        return (token, 1 + digits.len());
    }
    let run: String = chars
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
    let len = run.chars().count();
    (nag.map_or(Token::Symbol(run), Token::Nag), len)
}

/// A word of movetext: a result marker, a move number (possibly glued to
/// its move, as in `1.Nf3`), or a symbol.
pub(super) fn word_tokens(word: &str, at: At, out: &mut Vec<(Token, At)>) {
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
pub(super) fn tag(chars: &[char]) -> (Token, usize) {
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
pub(super) fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}
