//! The transposition table: a fixed-size array of entries indexed by the
//! Zobrist key, replaced by depth and age.

use crate::rules::Move;

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
    /// The full key, to tell collisions apart.
    pub key: u64,
    /// The best move found, if any.
    pub best: Option<Move>,
    /// The score, mate scores relative to this node.
    pub score: i32,
    /// The remaining depth searched.
    pub depth: i32,
    /// How to read the score.
    pub bound: Bound,
    generation: u8,
}

/// The table.
pub struct TranspositionTable {
    entries: Vec<Option<Entry>>,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least 1024 entries).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let bytes = megabytes.max(1) << 20;
        let count = (bytes / std::mem::size_of::<Option<Entry>>())
            .max(1024)
            .next_power_of_two()
            / 2;
        TranspositionTable {
            entries: vec![None; count.max(1024)],
            generation: 0,
        }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// Marks the start of a new search, so older entries give way.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill(None);
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.index(key)].filter(|e| e.key == key)
    }

    /// Stores a result, keeping a deeper entry of the current search.
    pub fn store(&mut self, key: u64, best: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let slot = self.index(key);
        let old = &mut self.entries[slot];
        if let Some(e) = old
            && e.generation == generation
            && e.key != key
            && e.depth > depth
        {
            return;
        }
        let best = best.or_else(|| old.filter(|e| e.key == key).and_then(|e| e.best));
        *old = Some(Entry {
            key,
            best,
            score,
            depth,
            bound,
            generation,
        });
    }
}
