//! A small, fast, reproducible random generator (Marsaglia's xorshift) for
//! everything that must replay from a seed: referee openings and the
//! Kriegspiel players.

/// Marsaglia's 64-bit xorshift generator.
///
/// ```
/// use antichess::sys::rng::Xorshift;
/// let mut a = Xorshift::new(7);
/// let mut b = Xorshift::new(7);
/// assert_eq!(a.below(100), b.below(100));
/// assert!(Xorshift::new(0).below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xorshift(u64);

impl Xorshift {
    /// A generator from any seed (0 included).
    pub fn new(seed: u64) -> Xorshift {
        Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Shuffles `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}
