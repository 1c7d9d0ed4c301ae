//! The sides as sentences name them.

use shakmaty::Color;

/// A side's name in a sentence: `White` or `Black`.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}
