//! A Connect N ruleset: N in a row on a W x H board, and its names.

use std::fmt;

/// The smallest and largest board side.
pub const MIN_SIDE: u32 = 2;
/// The largest board side: a 10 x 10 board with its sentinel row fits in
/// 110 bits.
pub const MAX_SIDE: u32 = 10;

/// N in a row wins on a board of `width` columns and `height` rows.
///
/// ```
/// use antichess::games::connect::Shape;
/// let s = Shape::from_name("connect-4-7-6").unwrap();
/// assert_eq!((s.n, s.width, s.height), (4, 7, 6));
/// assert_eq!(Shape::from_name("connect-4"), Some(s));
/// assert_eq!(Shape::from_name("connect-04-7-6"), None);
/// assert_eq!(Shape::from_name("connect-8"), None);
/// assert_eq!(s.to_string(), "connect-4-7-6");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// How many in a row win.
    pub n: u32,
    /// Columns (`a` on the left).
    pub width: u32,
    /// Rows (`1` at the bottom).
    pub height: u32,
}

impl Shape {
    /// Connect Four: 4 in a row on 7 x 6.
    pub const CONNECT_FOUR: Shape = Shape {
        n: 4,
        width: 7,
        height: 6,
    };

    /// A ruleset that a new game may be played by: sides from 2 to 10,
    /// 2 <= N <= the larger side.
    pub fn new(n: u32, width: u32, height: u32) -> Option<Shape> {
        let side = MIN_SIDE..=MAX_SIDE;
        (side.contains(&width) && side.contains(&height) && n >= 2 && n <= width.max(height))
            .then_some(Shape { n, width, height })
    }

    /// The ruleset named `connect-N-W-H` or `connect-N` (7 x 6), exactly:
    /// decimal numbers without sign or leading zero, within the limits of
    /// [`Shape::new`].
    pub fn from_name(name: &str) -> Option<Shape> {
        let rest = name.strip_prefix("connect-")?;
        let numbers: Vec<u32> = rest
            .split('-')
            .map(|part| {
                let plain = !part.is_empty()
                    && part.bytes().all(|b| b.is_ascii_digit())
                    && !part.starts_with('0');
                if plain { part.parse().ok() } else { None }
            })
            .collect::<Option<_>>()?;
        match numbers[..] {
            [n] => Shape::new(n, 7, 6),
            [n, w, h] => Shape::new(n, w, h),
            _ => None,
        }
    }

    /// The board's cells.
    pub fn cells(&self) -> u32 {
        self.width * self.height
    }

    /// A column's letter (`a` for 0).
    pub fn column_letter(column: u32) -> char {
        char::from(b'a' + column as u8)
    }
}

impl fmt::Display for Shape {
    /// The long name, `connect-N-W-H`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "connect-{}-{}-{}", self.n, self.width, self.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_within_and_out_of_range() {
        assert_eq!(Shape::from_name("connect-2-2-2"), Shape::new(2, 2, 2));
        assert_eq!(Shape::from_name("connect-10-10-10"), Shape::new(10, 10, 10));
        assert_eq!(Shape::from_name("connect-7"), Shape::new(7, 7, 6));
        for bad in [
            "connect-1-7-6",
            "connect-8",
            "connect-4-11-6",
            "connect-04-7-6",
            "Connect-4",
            "connect-4-7",
            "connect-4-7-6-1",
            "connect-",
            "connect-4--6",
            "connect-+4",
            "connect-4-1-6",
            "connect-7-6-5",
            "6170-spring-2007",
        ] {
            assert_eq!(Shape::from_name(bad), None, "{bad}");
        }
    }
}
