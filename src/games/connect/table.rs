//! The solver's transposition table: a bound on a position's score (lower
//! or upper), kept in one 64-bit word.
//!
//! **Exact keys.** A position's key (its [`super::Position::key`];
//! folded to 64 bits past that) picks its word by its remainder modulo
//! a prime `p`, the words in use, and its low 49 bits are kept in the
//! entry. Two keys with the same remainder and the same low bits differ by
//! a multiple of `p * 2^49`, more than `2^64` (`p` is more than `2^15`
//! in a table of 1 MB or more): no two positions are ever taken for one
//! another (a 7 x 6 key has 49 bits; folded keys are a hash).
//!
//! **Near keys, near words.** A move changes a key by a few bits, so the
//! positions a search meets one after another often have keys that differ
//! by little and, by the remainder, words near each other, in memory the
//! cache already holds (Pons' table does the same): with a table of 4 GB,
//! a 4-disc position took 8.5 s where the high bits of a multiplicative
//! hash took 12.9 s (46 million nodes each).
//!
//! **Replacement.** A key may sit in the word its remainder names or the
//! next (most often in the same cache line); a new bound goes to the word
//! that holds its key or nothing, else over the one whose search took
//! fewer nodes (as a power of two): a bound that saved a large search is
//! not pushed out by the many small ones written after it.
//!
//! The words are atomics read and written one at a time (each entry is one
//! word, so no entry is ever read half-written).

use std::sync::atomic::{AtomicU64, Ordering};

use super::solver::Score;

/// A bound's kind: the score is at least (`LOWER`) or at most (`UPPER`).
pub(super) const LOWER: u64 = 1;
pub(super) const UPPER: u64 = 2;

/// An entry's bits: kind (2), score + 64 (7), log2 of the nodes its
/// search took (6), then the key's low bits (49).
const SCORE_SHIFT: u32 = 2;
const WORK_SHIFT: u32 = 9;
const CHECK_SHIFT: u32 = 15;

/// Folds a key of more than 64 bits.
const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

pub(super) struct BoundTable {
    /// The words, in pairs (as the engines' tables are made).
    buckets: Box<[[AtomicU64; 2]]>,
    /// The words a key may start at: the largest prime below their count.
    primes: u64,
    /// `2^64 / primes`, rounded down.
    reciprocal: u64,
}

/// Where a key's bound is kept (see [`BoundTable::slot`]).
pub(super) struct Slot {
    index: usize,
    check: u64,
}

impl BoundTable {
    /// A table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> BoundTable {
        let buckets = crate::engines::search::zeroed_slots(megabytes);
        let primes = prime_at_most(buckets.len() as u64 * 2 - 1);
        BoundTable {
            buckets,
            primes,
            reciprocal: u64::MAX / primes,
        }
    }

    /// The `i`th word.
    fn word(&self, i: usize) -> &AtomicU64 {
        &self.buckets[i / 2][i % 2]
    }

    /// Where `key`'s bound is kept: its first word and its check.
    pub fn slot(&self, key: u128) -> Slot {
        let folded = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(MIX);
        Slot {
            index: self.remainder(folded) as usize,
            check: folded & (u64::MAX >> CHECK_SHIFT),
        }
    }

    /// `a` modulo the prime, by a multiplication with its reciprocal rather
    /// than a division (a few times quicker): the quotient so found is the
    /// true one or up to two less, put right after.
    fn remainder(&self, a: u64) -> u64 {
        let quotient = ((u128::from(a) * u128::from(self.reciprocal)) >> 64) as u64;
        let mut r = a - quotient * self.primes;
        while r >= self.primes {
            r -= self.primes;
        }
        r
    }

    /// Asks the processor to fetch `slot`'s words into the cache, so that
    /// the probe when its position is searched does not wait for memory.
    pub fn prefetch(&self, slot: &Slot) {
        let word = self.word(slot.index);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint: it reads nothing the program
        // sees and cannot fault, whatever the address; and the SSE it
        // needs is part of every x86-64 processor. Measured: the probe's
        // load was three quarters of the solver's time (`perf annotate`,
        // the middle-medium set), waiting for memory (docs/engine.md).
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(word).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = word;
    }

    /// The bound kept at `slot`: its kind and score.
    pub fn get(&self, slot: &Slot) -> Option<(u64, Score)> {
        [slot.index, slot.index + 1].into_iter().find_map(|i| {
            let entry = self.word(i).load(Ordering::Relaxed);
            (entry != 0 && entry >> CHECK_SHIFT == slot.check).then(|| {
                let score = ((entry >> SCORE_SHIFT) & 0x7f) as Score - 64;
                (entry & 3, score)
            })
        })
    }

    /// Keeps a bound at `slot`, found by a search of `nodes` nodes.
    pub fn put(&self, slot: &Slot, kind: u64, score: Score, nodes: u64) {
        let check = slot.check;
        let work = u64::from(64 - nodes.leading_zeros()).min(63);
        let entry =
            check << CHECK_SHIFT | work << WORK_SHIFT | ((score + 64) as u64) << SCORE_SHIFT | kind;
        let (a, b) = (self.word(slot.index), self.word(slot.index + 1));
        let (ea, eb) = (a.load(Ordering::Relaxed), b.load(Ordering::Relaxed));
        let work_of = |e: u64| (e >> WORK_SHIFT) & 0x3f;
        let target = if ea == 0 || ea >> CHECK_SHIFT == check {
            a
        } else if eb == 0 || eb >> CHECK_SHIFT == check || work_of(eb) <= work_of(ea) {
            b
        } else {
            a
        };
        target.store(entry, Ordering::Relaxed);
    }

    pub fn clear(&self) {
        for bucket in self.buckets.iter() {
            bucket[0].store(0, Ordering::Relaxed);
            bucket[1].store(0, Ordering::Relaxed);
        }
    }
}

/// The largest prime at most `n` (at least 2).
fn prime_at_most(n: u64) -> u64 {
    let is_prime = |p: u64| {
        p >= 2
            && (2..)
                .take_while(|d| d * d <= p)
                .all(|d| !p.is_multiple_of(d))
    };
    (2..=n.max(2)).rev().find(|&p| is_prime(p)).unwrap_or(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key of a space larger than the table keeps its own bound:
    /// the word and the check give the key back.
    #[test]
    fn keys_are_never_taken_for_one_another() {
        let table = BoundTable::new(1);
        let keys = 1u128 << 20;
        // Two passes: each key's bound is found unless pushed out, and
        // never another key's.
        for key in (0..keys).step_by(7) {
            table.put(&table.slot(key), LOWER, (key % 50) as Score - 25, 1);
            let (kind, score) = table.get(&table.slot(key)).expect("just kept");
            assert_eq!((kind, score), (LOWER, (key % 50) as Score - 25));
        }
        let mut found = 0;
        for key in (0..keys).step_by(7) {
            if let Some((_, score)) = table.get(&table.slot(key)) {
                assert_eq!(score, (key % 50) as Score - 25, "key {key}");
                found += 1;
            }
        }
        assert!(found > 0);
        // Keys beyond the 49 bits kept: told apart by their word.
        let (low, high) = (5u128, 5u128 | 1 << 60);
        table.put(&table.slot(low), UPPER, 7, 1);
        table.put(&table.slot(high), LOWER, -7, 1);
        assert_eq!(table.get(&table.slot(low)), Some((UPPER, 7)));
        assert_eq!(table.get(&table.slot(high)), Some((LOWER, -7)));
    }

    /// The remainder by the reciprocal is the remainder.
    #[test]
    fn remainders_by_the_reciprocal() {
        for megabytes in [1, 3, 64] {
            let table = BoundTable::new(megabytes);
            let p = table.primes;
            let mut x = 0x1234_5678_9abc_def1u64;
            for a in [
                0,
                1,
                p - 1,
                p,
                p + 1,
                2 * p,
                u64::MAX,
                u64::MAX - 1,
                1 << 49,
            ] {
                assert_eq!(table.remainder(a), a % p, "{a} mod {p}");
            }
            for _ in 0..100_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                assert_eq!(table.remainder(x), x % p);
            }
        }
    }

    /// The bound whose search took more nodes stays; of the others, the
    /// newest.
    #[test]
    fn a_large_search_is_not_pushed_out_by_small_ones() {
        let table = BoundTable::new(1);
        let big = 12345u128;
        table.put(&table.slot(big), UPPER, 3, 1 << 30);
        // Keys that start at the same word: the same remainder.
        let same: Vec<u128> = (1..=20)
            .map(|j| big + j * u128::from(table.primes))
            .collect();
        for &k in &same {
            table.put(&table.slot(k), LOWER, -2, 4);
        }
        assert_eq!(table.get(&table.slot(big)), Some((UPPER, 3)));
        assert_eq!(table.get(&table.slot(same[19])), Some((LOWER, -2)));
        assert_eq!(table.get(&table.slot(same[0])), None);
        // A bound for a key it holds replaces it, whatever its search.
        table.put(&table.slot(big), LOWER, 1, 1);
        assert_eq!(table.get(&table.slot(big)), Some((LOWER, 1)));
    }
}
