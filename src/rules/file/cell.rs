//! A Connect N cell's text, as the game file names it and players type
//! it: a column letter and a row number from 1 (`d1`, `j10`), or the
//! column letter alone for a move.

/// The text of a cell: column letter and row number from 1 (`d1`, `j10`).
///
/// ```
/// use antichess::games::connect::moves::cell_text;
/// assert_eq!(cell_text(3, 0), "d1");
/// assert_eq!(cell_text(9, 9), "j10");
/// ```
pub fn cell_text(column: u32, row: u32) -> String {
    format!("{}{}", char::from(b'a' + column as u8), row + 1)
}

/// Parses a typed move: a column letter `[a-j]` or a cell
/// `[a-j]([1-9]|10)`, as (column, row) with the row only for a cell.
/// Whether it is legal is another question.
///
/// ```
/// use antichess::games::connect::moves::parse_move;
/// assert_eq!(parse_move("d"), Some((3, None)));
/// assert_eq!(parse_move("d1"), Some((3, Some(0))));
/// assert_eq!(parse_move("j10"), Some((9, Some(9))));
/// for bad in ["D", "d0", "d01", "d11", "k", "e2-e4", ""] {
///     assert_eq!(parse_move(bad), None, "{bad}");
/// }
/// ```
pub fn parse_move(text: &str) -> Option<(u32, Option<u32>)> {
    let b = text.as_bytes();
    let (&letter, rank) = b.split_first()?;
    if !(b'a'..=b'j').contains(&letter) {
        return None;
    }
    let column = u32::from(letter - b'a');
    let row = match rank {
        [] => return Some((column, None)),
        [d @ b'1'..=b'9'] => u32::from(d - b'1'),
        b"10" => 9,
        _ => return None,
    };
    Some((column, Some(row)))
}
