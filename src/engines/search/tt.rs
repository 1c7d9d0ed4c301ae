//! The transposition table: a fixed-size array of two-word entries indexed
//! by the Zobrist key, replaced by depth and age, shared by all search
//! threads.
//!
//! An all-zero entry is empty, so a new table is zeroed memory the system
//! hands out lazily: creating a table costs almost nothing however large it
//! is. Threads read and write the words with relaxed atomics; the key is
//! stored xored with the data, so an entry torn by two writers fails the key
//! check instead of giving a wrong move.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use crate::rules::chess::Move;

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a fail high).
    Lower,
    /// At most this score (a fail low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best move found, if any.
    pub best: Option<Move>,
    /// The score, mate scores relative to this node.
    pub score: i32,
    /// The remaining depth searched.
    pub depth: i32,
    /// How to read the score.
    pub bound: Bound,
}

/// Packs an entry: move (16 bits), score (16), depth (8), bound (2), a
/// used flag (1), generation (8).
fn pack(e: &Entry, generation: u8) -> u64 {
    let mv = e.best.map_or(0, |m| u64::from(m.to_bits()));
    let score = u64::from(e.score.clamp(-32_767, 32_767) as i16 as u16);
    let depth = u64::from(e.depth.clamp(-128, 127) as i8 as u8);
    let bound = match e.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    mv | score << 16 | depth << 32 | bound << 40 | 1 << 42 | u64::from(generation) << 48
}

fn unpack(data: u64) -> Option<(Entry, u8)> {
    if data & (1 << 42) == 0 {
        return None;
    }
    let bits = data as u16;
    let entry = Entry {
        best: if bits == 0 {
            None
        } else {
            Move::from_bits(bits)
        },
        score: i32::from((data >> 16) as u16 as i16),
        depth: i32::from((data >> 32) as u8 as i8),
        bound: match (data >> 40) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
    };
    Some((entry, (data >> 48) as u8))
}

/// The table.
pub struct TranspositionTable {
    /// `[key ^ data, data]` per slot.
    slots: Box<[[AtomicU64; 2]]>,
    generation: AtomicU8,
}

/// The slots of a lock-free table of two-word entries: at most
/// `megabytes` MB (at least 1 MB: 65,536 entries of 16 bytes), a power of
/// two of them, zeroed. The Connect N solver's table uses them too.
pub(crate) fn zeroed_slots(megabytes: usize) -> Box<[[AtomicU64; 2]]> {
    let fit = (megabytes.max(1) << 20) / 16;
    let count = if fit.is_power_of_two() {
        fit
    } else {
        fit.next_power_of_two() / 2
    };
    // Zero-initialised: compiled to a zeroed allocation.
    let slots: Box<[[AtomicU64; 2]]> = (0..count)
        .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
        .collect();
    ask_for_huge_pages(&slots);
    slots
}

/// Asks Linux to back the table with 2 MB pages where it can (as
/// Stockfish does): a random probe then rarely misses the TLB, and a new
/// table costs one page fault per 2 MB rather than per 4 kB. Nothing is
/// lost where it cannot: the pages stay as they are.
fn ask_for_huge_pages(slots: &[[AtomicU64; 2]]) {
    const HUGE: usize = 2 << 20;
    let start = slots.as_ptr() as usize;
    let end = start + std::mem::size_of_val(slots);
    // Only the whole 2 MB pages inside the allocation.
    let first = start.next_multiple_of(HUGE);
    let last = end / HUGE * HUGE;
    if last <= first {
        return;
    }
    let Some(at) = std::ptr::NonNull::new(first as *mut std::ffi::c_void) else {
        return;
    };
    // SAFETY: the range lies inside the table's own allocation, which
    // lives as long as the table; MADV_HUGEPAGE changes how the kernel
    // backs those pages, never their contents, so no Rust value is
    // touched. Measured: the 55 scored Connect Four positions of
    // `solve --check`, 64 MB table, in 0.10 s wall before and less after
    // (docs/engine.md).
    let _ = unsafe {
        nix::sys::mman::madvise(at, last - first, nix::sys::mman::MmapAdvise::MADV_HUGEPAGE)
    };
}

/// Whether a table of `megabytes` MB can be had: the memory is asked of
/// the allocator (without being touched) and given back, so that a size
/// the machine cannot hold is an error said at once, not an abort when
/// the table is made.
pub fn check_size(megabytes: usize) -> Result<(), String> {
    let bytes = megabytes.checked_mul(1 << 20);
    let mut probe: Vec<u8> = Vec::new();
    match bytes.map(|b| probe.try_reserve_exact(b)) {
        Some(Ok(())) => Ok(()),
        _ => Err(format!("cannot allocate a table of {megabytes} MB")),
    }
}

impl TranspositionTable {
    /// A table of at most `megabytes` MB (see [`zeroed_slots`]).
    pub fn new(megabytes: usize) -> TranspositionTable {
        TranspositionTable {
            slots: zeroed_slots(megabytes),
            generation: AtomicU8::new(0),
        }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    fn read(&self, slot: usize) -> (u64, u64) {
        let [a, b] = &self.slots[slot];
        (a.load(Ordering::Relaxed), b.load(Ordering::Relaxed))
    }

    /// How full the table is, in thousandths: the share of its first
    /// thousand slots written in this search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.slots.len().min(1000);
        let used = (0..sample)
            .filter(|&i| unpack(self.read(i).1).is_some_and(|(_, g)| g == generation))
            .count();
        (used * 1000 / sample.max(1)) as u32
    }

    /// Marks the start of a new search, so older entries give way.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Asks the processor to fetch `key`'s slot into the cache, so that a
    /// probe a little later does not wait for memory.
    pub fn prefetch(&self, key: u64) {
        let slot = &self.slots[self.index(key)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint: it reads nothing the program
        // sees and cannot fault, whatever the address; and the SSE it
        // needs is part of every x86-64 processor. Measured: the table's
        // probe was a fifth of the search's time, waiting for memory
        // (docs/engine.md, "Speed").
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(slot.as_ptr().cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (check, data) = self.read(self.index(key));
        if check ^ data != key {
            return None;
        }
        unpack(data).map(|(e, _)| e)
    }

    /// Stores a result, keeping a deeper entry of another position from the
    /// current search, and the old best move when no new one is known.
    pub fn store(&self, key: u64, best: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed);
        let slot = self.index(key);
        let (check, data) = self.read(slot);
        let same = check ^ data == key;
        let mut best = best;
        if let Some((old, old_generation)) = unpack(data) {
            if !same && old_generation == generation && old.depth > depth {
                return;
            }
            if same && best.is_none() {
                best = old.best;
            }
        }
        let entry = Entry {
            best,
            score,
            depth,
            bound,
        };
        let data = pack(&entry, generation);
        let [a, b] = &self.slots[slot];
        a.store(key ^ data, Ordering::Relaxed);
        b.store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{MoveKind, Square};

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
        tt.store(42, Some(m), -29_990, 7, Bound::Lower);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            e,
            Entry {
                best: Some(m),
                score: -29_990,
                depth: 7,
                bound: Bound::Lower
            }
        );
        assert_eq!(tt.probe(43), None);
    }
}
