//! Lines of input read with a bound: a line longer than [`MAX_LINE`] bytes
//! is flagged and skipped, never stored, and bytes that are not UTF-8 are
//! kept for the reader to judge (every line protocol here answers them
//! with its own error and reads on).

use std::io::{self, BufRead};

/// Longest input line accepted.
pub const MAX_LINE: usize = 1 << 16;

/// Reads one line into `buf` (without its line feed). Returns `None` at the
/// end of input, `Some(true)` when the line was longer than [`MAX_LINE`]
/// (the rest of it is skipped, never stored).
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<bool>> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        if buf.len() + part.len() > MAX_LINE {
            too_long = true;
            buf.clear();
        } else if !too_long {
            buf.extend_from_slice(part);
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            return Ok(Some(too_long));
        }
    }
}

/// A line of input as [`Lines`] gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputLine {
    /// The line, with bytes that are not UTF-8 replaced by U+FFFD and a
    /// carriage return before the line feed dropped.
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (not kept).
    TooLong,
}

impl InputLine {
    /// The line, if it is text as it was sent: not too long, and valid
    /// UTF-8.
    pub fn clean(self) -> Option<String> {
        match self {
            InputLine::Text(t) if !t.contains(char::REPLACEMENT_CHARACTER) => Some(t),
            _ => None,
        }
    }
}

/// The lines of `input`, each bounded (see [`read_line`]); ends at the end
/// of input or at a read error.
pub struct Lines<R> {
    input: R,
    buf: Vec<u8>,
}

/// The bounded lines of `input`.
pub fn lines<R: BufRead>(input: R) -> Lines<R> {
    Lines {
        input,
        buf: Vec::new(),
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = InputLine;

    fn next(&mut self) -> Option<InputLine> {
        match read_line(&mut self.input, &mut self.buf) {
            Ok(None) | Err(_) => None,
            Ok(Some(true)) => Some(InputLine::TooLong),
            Ok(Some(false)) => {
                let text = self.buf.strip_suffix(b"\r").unwrap_or(&self.buf);
                Some(InputLine::Text(String::from_utf8_lossy(text).into_owned()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_with_and_without_final_newline() {
        let mut input = io::Cursor::new(b"a\r\n\nlast".to_vec());
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"a\r");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"last");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), None);
    }

    #[test]
    fn lines_are_text_or_too_long() {
        let mut data = b"uci\r\n\xff\xfe go\n".to_vec();
        data.extend(vec![b'x'; MAX_LINE + 1]);
        data.extend_from_slice(b"\nquit");
        let got: Vec<InputLine> = lines(io::Cursor::new(data)).collect();
        assert_eq!(
            got,
            [
                InputLine::Text("uci".into()),
                InputLine::Text("\u{FFFD}\u{FFFD} go".into()),
                InputLine::TooLong,
                InputLine::Text("quit".into()),
            ]
        );
        let clean: Vec<Option<String>> = got.into_iter().map(InputLine::clean).collect();
        assert_eq!(clean, [Some("uci".into()), None, None, Some("quit".into())]);
    }

    #[test]
    fn overlong_lines_are_flagged_not_stored() {
        let mut data = vec![b'x'; MAX_LINE * 3];
        data.extend_from_slice(b"\nok\n");
        let mut input = io::BufReader::with_capacity(1000, io::Cursor::new(data));
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(true));
        assert!(buf.len() <= MAX_LINE);
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"ok");
    }
}
