//! `antichess kriegspiel umpire`: the umpire as a line filter, one attempt
//! per input line and one line out (`Illegal move`, an announcement,
//! `Game over` or `Input error`), the byte-for-byte twin of the oracle.

use std::io::{self, BufRead, Write};

use super::game::{Answer, Record};
use super::umpire::Attempt;
use crate::sys::input::read_line;

/// The white space stripped from both ends of a line: space, tab, line
/// feed, vertical tab, form feed, carriage return.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// The answer to one input line (`None` for a blank one). A line with a
/// byte that is not ASCII, or that is not an attempt, is an input error.
pub fn answer(game: &mut Record, line: &[u8]) -> Option<String> {
    if !line.is_ascii() {
        return Some("Input error".to_string());
    }
    let start = line.iter().position(|&b| !is_space(b))?;
    let end = line
        .iter()
        .rposition(|&b| !is_space(b))
        .map_or(start, |i| i + 1);
    let text = std::str::from_utf8(&line[start..end]).ok()?;
    let Ok(attempt) = text.parse::<Attempt>() else {
        return Some("Input error".to_string());
    };
    Some(match game.attempt(attempt) {
        Answer::Illegal => "Illegal move".to_string(),
        Answer::Legal(a) => a.to_string(),
        Answer::GameOver => "Game over".to_string(),
    })
}

/// Runs the filter until the end of input (lines longer than 65,536 bytes
/// are input errors, skipped without being stored).
pub fn run(mut game: Record, input: &mut impl BufRead, output: &mut impl Write) -> io::Result<()> {
    let mut line = Vec::new();
    while let Some(too_long) = read_line(input, &mut line)? {
        let reply = if too_long {
            Some("Input error".to_string())
        } else {
            answer(&mut game, &line)
        };
        if let Some(reply) = reply {
            writeln!(output, "{reply}")?;
            output.flush()?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_text(input: &[u8]) -> String {
        let mut out = Vec::new();
        run(
            Record::new(),
            &mut io::Cursor::new(input.to_vec()),
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn blank_malformed_and_odd_lines() {
        assert_eq!(
            run_text(b"e2e4\n\n \x0b e7e5\x0c\r\n\xc3\xa9\ne2\0e4\nresign\ng1f3"),
            "Black's move\nWhite's move\nInput error\nInput error\nInput error\nBlack's move\n"
        );
    }

    #[test]
    fn a_huge_line_is_one_input_error_and_is_not_kept() {
        let mut input = vec![b' '; 200_000];
        input.extend_from_slice(b"e2e4\ne2e4\n");
        assert_eq!(run_text(&input), "Input error\nBlack's move\n");
    }
}
