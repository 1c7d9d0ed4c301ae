//! Lines of a telnet connection (the game server's clients, and the
//! server as `antichess connect` reads it), split by the state machine of
//! RFC 854 and RFC 855: a line ends at CR, LF, CR LF, LF CR or CR NUL;
//! `IAC IAC` is a data byte 255; `IAC WILL/WONT/DO/DONT` take their
//! option byte; a subnegotiation (`IAC SB ... IAC SE`) is skipped whole,
//! its payload never reaching a line; `IAC EC` and `IAC EL` erase a
//! character and the line; other commands are dropped, and an `IAC`
//! before a byte that is no command is dropped alone (the byte stays
//! data, so `IAC LF` still ends the line). Other control bytes are
//! dropped, what is not UTF-8 becomes U+FFFD, and a line is kept to a
//! bound (the rest of a longer one is dropped and the line flagged).

/// Interpret as command.
const IAC: u8 = 255;
/// End of subnegotiation.
const SE: u8 = 240;
/// Erase character.
const EC: u8 = 247;
/// Erase line.
const EL: u8 = 248;
/// Start of subnegotiation.
const SB: u8 = 250;
/// The first of the option commands (WILL, WONT, DO, DONT).
const WILL: u8 = 251;

/// Where the splitter is in the telnet stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Text.
    Data,
    /// After `IAC`.
    Command,
    /// After `IAC WILL` (or `WONT`, `DO`, `DONT`): the option byte.
    Option,
    /// Inside a subnegotiation.
    Sub,
    /// After `IAC` inside a subnegotiation.
    SubCommand,
}

/// Whether `b` right after the line end `end` belongs to it: CR LF,
/// CR NUL and LF CR are one line end each.
fn is_partner(end: u8, b: u8) -> bool {
    matches!((end, b), (b'\r', b'\n' | 0) | (b'\n', b'\r'))
}

/// Splits bytes into lines.
pub struct Lines {
    bytes: Vec<u8>,
    max: usize,
    too_long: bool,
    state: State,
    /// The line end just seen (CR or LF): its partner right after it
    /// (LF or NUL after CR, CR after LF) is part of the same end.
    ended: Option<u8>,
}

impl Lines {
    /// A splitter that keeps at most `max` bytes of a line.
    pub fn new(max: usize) -> Lines {
        Lines {
            bytes: Vec::new(),
            max,
            too_long: false,
            state: State::Data,
            ended: None,
        }
    }

    /// Takes one byte; a whole line when `b` ends one, with whether it was
    /// cut.
    pub fn push(&mut self, b: u8) -> Option<(String, bool)> {
        match self.state {
            State::Data => {}
            State::Command => {
                self.state = State::Data;
                match b {
                    IAC => self.data(IAC),
                    SB => self.state = State::Sub,
                    WILL..=254 => self.state = State::Option,
                    EC => {
                        self.bytes.pop();
                    }
                    EL => self.bytes.clear(),
                    SE..=249 => {}
                    // No command: the IAC alone is dropped.
                    _ => return self.text(b),
                }
                return None;
            }
            State::Option => {
                self.state = State::Data;
                return None;
            }
            State::Sub => {
                if b == IAC {
                    self.state = State::SubCommand;
                }
                return None;
            }
            State::SubCommand => {
                self.state = if b == SE { State::Data } else { State::Sub };
                return None;
            }
        }
        if b == IAC {
            self.ended = None;
            self.state = State::Command;
            return None;
        }
        self.text(b)
    }

    /// A byte of text: a line end, a dropped control byte, or kept.
    fn text(&mut self, b: u8) -> Option<(String, bool)> {
        let ended = self.ended.take();
        match b {
            b'\n' | b'\r' | 0 if ended.is_some_and(|e| is_partner(e, b)) => None,
            b'\r' | b'\n' => {
                self.ended = Some(b);
                let text = String::from_utf8_lossy(&self.bytes).into_owned();
                let too_long = std::mem::take(&mut self.too_long);
                self.bytes.clear();
                Some((text, too_long))
            }
            b if b < 0x20 && b != b'\t' => None,
            b => {
                self.data(b);
                None
            }
        }
    }

    /// Keeps a data byte, within the bound.
    fn data(&mut self, b: u8) {
        if self.bytes.len() >= self.max {
            self.too_long = true;
        } else {
            self.bytes.push(b);
        }
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

    #[test]
    fn telnet_commands_follow_rfc_854() {
        // A subnegotiation's payload never reaches the line, even with an
        // escaped IAC inside it.
        let mut sb = vec![255, 250, 24, 0];
        sb.extend(b"xterm");
        sb.extend([255, 255, b'q', 255, 240]);
        sb.extend(b"who\n");
        assert_eq!(lines(&sb), vec![("who".into(), false)]);
        // IAC before the line end does not swallow it.
        assert_eq!(
            lines(&[b'o', b'k', 255, b'\n', b'x', b'\n']),
            vec![("ok".into(), false), ("x".into(), false)]
        );
        // IAC IAC is the data byte 255; IAC NOP is dropped; EC and EL
        // erase.
        assert_eq!(
            lines(&[b'a', 255, 255, b'\n']),
            vec![("a\u{fffd}".into(), false)]
        );
        assert_eq!(
            lines(&[b'a', 255, 241, b'b', 255, 247, b'c', 255, 248, b'd', b'\n']),
            vec![("d".into(), false)]
        );
    }

    #[test]
    fn every_line_end_ends_one_line() {
        assert_eq!(
            lines(b"a\rb\r\nc\n\rd\r\0e\n\nf\r\r"),
            vec![
                ("a".into(), false),
                ("b".into(), false),
                ("c".into(), false),
                ("d".into(), false),
                ("e".into(), false),
                ("".into(), false),
                ("f".into(), false),
                ("".into(), false),
            ]
        );
    }
}
