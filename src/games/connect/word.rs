//! The machine word a bitboard is held in: `u64` where the board and its
//! sentinel row fit (7 x 6 takes 49 bits), else `u128` (up to 10 x 10).
//! The solver's inner loop runs on the narrowest that fits: a shift or an
//! add of a `u128` takes two instructions where a `u64`'s takes one.

use std::ops::{Add, BitAnd, BitOr, BitXor, Not, Shl, Shr, Sub};

/// A bitboard word.
pub trait Word:
    Copy
    + Eq
    + std::fmt::Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// No cell.
    const ZERO: Self;
    /// The cells set.
    fn count(self) -> u32;
    /// The word widened (exactly).
    fn wide(self) -> u128;
    /// The low bits of `cells` (exact when they fit).
    fn narrow(cells: u128) -> Self;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    fn count(self) -> u32 {
        self.count_ones()
    }
    fn wide(self) -> u128 {
        self.into()
    }
    fn narrow(cells: u128) -> u64 {
        cells as u64
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    fn count(self) -> u32 {
        self.count_ones()
    }
    fn wide(self) -> u128 {
        self
    }
    fn narrow(cells: u128) -> u128 {
        cells
    }
}
