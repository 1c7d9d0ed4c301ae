//! Zobrist keys, generated at compile time from a fixed seed.

use shakmaty::{Color, Role, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

struct Keys {
    pieces: [[u64; 64]; 12],
    castling: [u64; 16],
    en_passant_file: [u64; 8],
    black_to_move: u64,
}

const KEYS: Keys = {
    let mut state = 0x6170_2007_a17c_4e55;
    let mut keys = Keys {
        pieces: [[0; 64]; 12],
        castling: [0; 16],
        en_passant_file: [0; 8],
        black_to_move: 0,
    };
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < 64 {
            let (s, k) = splitmix64(state);
            state = s;
            keys.pieces[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    let mut i = 0;
    while i < 16 {
        let (s, k) = splitmix64(state);
        state = s;
        keys.castling[i] = if i == 0 { 0 } else { k };
        i += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (s, k) = splitmix64(state);
        state = s;
        keys.en_passant_file[f] = k;
        f += 1;
    }
    let (_, k) = splitmix64(state);
    keys.black_to_move = k;
    keys
};

/// The key of a piece on a square.
#[inline]
pub fn piece(color: Color, role: Role, sq: Square) -> u64 {
    KEYS.pieces[color as usize * 6 + role as usize - 1][sq as usize]
}

/// The key of a set of castling rights (four bits).
#[inline]
pub fn castling(rights: u8) -> u64 {
    KEYS.castling[usize::from(rights & 15)]
}

/// The key of an en passant square's file.
#[inline]
pub fn en_passant(sq: Square) -> u64 {
    KEYS.en_passant_file[sq.file() as usize]
}

/// The key toggled when Black is to move.
#[inline]
pub fn black_to_move() -> u64 {
    KEYS.black_to_move
}
