//! Lines of a telnet-style connection (the game server's clients, and
//! the server as `antichess connect` reads it): `\n` ends a line, `\r`
//! and other control bytes are dropped, telnet commands (IAC sequences)
//! are skipped, what is not UTF-8 becomes U+FFFD, and a line is kept to a
//! bound (the rest of a longer one is dropped and the line flagged).

/// Splits bytes into lines.
pub struct Lines {
    bytes: Vec<u8>,
    max: usize,
    too_long: bool,
    /// Bytes of a telnet command still to skip.
    telnet: u8,
}

impl Lines {
    /// A splitter that keeps at most `max` bytes of a line.
    pub fn new(max: usize) -> Lines {
        Lines {
            bytes: Vec::new(),
            max,
            too_long: false,
            telnet: 0,
        }
    }

    /// Takes one byte; a whole line when `b` ends one, with whether it was
    /// cut.
    pub fn push(&mut self, b: u8) -> Option<(String, bool)> {
        if self.telnet > 0 {
            self.telnet -= 1;
            // IAC WILL/WONT/DO/DONT take one more byte; others none.
            if self.telnet == 1 && !(251..=254).contains(&b) {
                self.telnet = 0;
            }
            return None;
        }
        match b {
            255 => self.telnet = 2,
            b'\n' => {
                let text = String::from_utf8_lossy(&self.bytes).into_owned();
                let too_long = std::mem::take(&mut self.too_long);
                self.bytes.clear();
                return Some((text, too_long));
            }
            b if b < 0x20 && b != b'\t' => {}
            _ if self.bytes.len() >= self.max => self.too_long = true,
            _ => self.bytes.push(b),
        }
        None
    }

    /// The text of a line not yet ended, taken when `question` says it is
    /// one (a prompt such as `login: `).
    pub fn take_partial(&mut self, question: impl Fn(&str) -> bool) -> Option<String> {
        let text = String::from_utf8_lossy(&self.bytes).into_owned();
        if text.is_empty() || !question(&text) {
            return None;
        }
        self.bytes.clear();
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: usize = 1024;

    fn lines(bytes: &[u8]) -> Vec<(String, bool)> {
        let mut l = Lines::new(MAX);
        bytes.iter().filter_map(|&b| l.push(b)).collect()
    }

    #[test]
    fn lines_are_cut_cleaned_and_bounded() {
        assert_eq!(
            lines(b"who\r\nsay hi\n"),
            vec![("who".into(), false), ("say hi".into(), false)]
        );
        assert_eq!(
            lines(&[255, 251, 1, b'o', b'k', b'\n']),
            vec![("ok".into(), false)]
        );
        assert_eq!(lines(b"\x00\x07bell\n"), vec![("bell".into(), false)]);
        assert_eq!(lines(&[0xc3, b'\n']), vec![("\u{fffd}".into(), false)]);
        let long = vec![b'a'; MAX * 3];
        let mut input = long.clone();
        input.extend(b"\nnext\n");
        let got = lines(&input);
        assert_eq!(got[0].0.len(), MAX);
        assert!(got[0].1);
        assert_eq!(got[1], ("next".into(), false));
    }

    #[test]
    fn a_question_without_its_line_end_is_taken() {
        let mut l = Lines::new(MAX);
        for &b in b"Welcome\nlogin: " {
            l.push(b);
        }
        assert_eq!(l.take_partial(|t| t.ends_with("% ")), None);
        assert_eq!(
            l.take_partial(|t| t.ends_with(": ")).as_deref(),
            Some("login: ")
        );
        assert_eq!(l.take_partial(|_| true), None);
    }
}
