//! The features of the chess evaluation: what it counts in a position, each
//! at its index in [`super::weights::WEIGHTS`]. A feature's count is
//! White's number less Black's (a knight on f3 counts +1 at its square's
//! index, one on f6 -1 at the same index, seen from Black's side).

/// Material: pawn, knight, bishop, rook, queen.
pub const MATERIAL: usize = 0;
/// Piece-square values: 32 squares for each role (pawn to king), the
/// board folded at its middle (a file and its mirror share a value), rank
/// by rank from the side's own first rank.
pub const SQUARES: usize = MATERIAL + 5;
/// Two bishops or more.
pub const BISHOP_PAIR: usize = SQUARES + 6 * 32;
/// A passed pawn, by its rank from its own side (8 indices, the first and
/// last never counted).
pub const PASSED: usize = BISHOP_PAIR + 1;
/// A pawn with another of its side's in front of it on its file.
pub const DOUBLED: usize = PASSED + 8;
/// A pawn with no pawn of its side on the files beside it.
pub const ISOLATED: usize = DOUBLED + 1;
/// A pawn defended by a pawn.
pub const SUPPORTED: usize = ISOLATED + 1;
/// A pawn with a pawn of its side beside it on its rank.
pub const PHALANX: usize = SUPPORTED + 1;
/// A backward pawn: none of its side's pawns beside it on its rank or
/// behind, and the square in front of it attacked by an enemy pawn.
pub const BACKWARD: usize = PHALANX + 1;
/// Mobility: for each knight, bishop, rook and queen, its number of
/// reachable squares (not its own side's, not attacked by an enemy pawn),
/// one index per number.
pub const MOBILITY: [usize; 4] = [
    BACKWARD + 1,
    BACKWARD + 1 + 9,
    BACKWARD + 1 + 9 + 14,
    BACKWARD + 1 + 9 + 14 + 15,
];
/// A rook on a file without pawns.
pub const ROOK_OPEN: usize = MOBILITY[3] + 28;
/// A rook on a file without pawns of its side.
pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
/// Squares around the enemy king attacked, by knights, bishops, rooks and
/// queens (each piece's squares counted).
pub const KING_ATTACKS: usize = ROOK_HALF_OPEN + 1;
/// The king's pawn shield: its side's pawns on its file and those beside,
/// one rank in front, then two.
pub const SHIELD: usize = KING_ATTACKS + 4;
/// Files at or beside the king without a pawn of its side.
pub const KING_OPEN_FILES: usize = SHIELD + 2;
/// Safe checks: squares from which a knight, bishop, rook or queen of the
/// side could check the enemy king, not attacked by the enemy and not
/// occupied by the side (each piece's squares counted).
pub const SAFE_CHECKS: usize = KING_OPEN_FILES + 1;
/// The danger to the enemy king, one index per number of danger units
/// (`king_safety.rs`; the first never counted, the last for that many or
/// more).
pub const KING_DANGER: usize = SAFE_CHECKS + 4;
/// How many numbers of danger units [`KING_DANGER`] tells apart.
pub const DANGER_UNITS: usize = 32;
/// An enemy piece other than a pawn attacked by a pawn.
pub const PAWN_THREATS: usize = KING_DANGER + DANGER_UNITS;
/// An enemy rook or queen attacked by a knight or bishop.
pub const MINOR_THREATS: usize = PAWN_THREATS + 1;
/// An enemy piece other than the king attacked and not defended.
pub const HANGING: usize = MINOR_THREATS + 1;
/// An enemy queen attacked by a rook.
pub const ROOK_THREATS: usize = HANGING + 1;
/// A knight, a bishop on an outpost: on the fourth to sixth rank from its
/// side, defended by a pawn, where no enemy pawn can ever attack it.
pub const OUTPOST: usize = ROOK_THREATS + 1;
/// A rook on the seventh rank from its side.
pub const ROOK_SEVENTH: usize = OUTPOST + 2;
/// A passed pawn's extras (`passed.rs`), each counted once per passed pawn
/// on the fourth rank from its side (1), the fifth (2), the sixth (3) and
/// the seventh (4): the square in front of it empty; the way to its last
/// rank empty and not attacked by the enemy; the enemy king's distance to
/// the square in front (up to 5); its own king's.
pub const PASSED_EXTRAS: usize = ROOK_SEVENTH + 1;
/// Each bishop's pawns of its own side on squares of its colour.
pub const BISHOP_PAWNS: usize = PASSED_EXTRAS + 4;
/// A knight or bishop right behind a pawn (of either side).
pub const MINOR_BEHIND_PAWN: usize = BISHOP_PAWNS + 1;
/// The king's distance to the nearest pawn of its side.
pub const KING_PAWN_DISTANCE: usize = MINOR_BEHIND_PAWN + 1;
/// The side to move.
pub const TEMPO: usize = KING_PAWN_DISTANCE + 1;
/// How many features there are.
pub const COUNT: usize = TEMPO + 1;

/// Each group of features: its name and its first index (the last group
/// ends at [`COUNT`]), for the generated weights' comments.
pub const GROUPS: [(&str, usize); 30] = [
    ("material: pawn, knight, bishop, rook, queen", MATERIAL),
    ("pawn squares", SQUARES),
    ("knight squares", SQUARES + 32),
    ("bishop squares", SQUARES + 2 * 32),
    ("rook squares", SQUARES + 3 * 32),
    ("queen squares", SQUARES + 4 * 32),
    ("king squares", SQUARES + 5 * 32),
    ("bishop pair", BISHOP_PAIR),
    ("passed pawns by rank", PASSED),
    (
        "doubled, isolated, supported, phalanx, backward pawns",
        DOUBLED,
    ),
    ("knight mobility", MOBILITY[0]),
    ("bishop mobility", MOBILITY[1]),
    ("rook mobility", MOBILITY[2]),
    ("queen mobility", MOBILITY[3]),
    ("rook on an open file, a half-open file", ROOK_OPEN),
    (
        "king zone attacked by knight, bishop, rook, queen",
        KING_ATTACKS,
    ),
    ("pawn shield one rank, two ranks in front", SHIELD),
    ("open files at the king", KING_OPEN_FILES),
    ("safe checks by knight, bishop, rook, queen", SAFE_CHECKS),
    ("king danger by units", KING_DANGER),
    (
        "threats: by a pawn, to a rook or queen by a minor",
        PAWN_THREATS,
    ),
    ("hanging pieces", HANGING),
    ("a queen attacked by a rook", ROOK_THREATS),
    ("outposts: knight, bishop", OUTPOST),
    ("rooks on the seventh rank", ROOK_SEVENTH),
    (
        "passed pawns: free square, safe way, enemy king, own king",
        PASSED_EXTRAS,
    ),
    ("pawns on their bishop's colour", BISHOP_PAWNS),
    ("minor pieces behind a pawn", MINOR_BEHIND_PAWN),
    ("the king's distance to its pawns", KING_PAWN_DISTANCE),
    ("tempo", TEMPO),
];

/// The index of a square (`0..64`, seen from its side) among a role's 32.
pub const fn folded(square: usize) -> usize {
    let (file, rank) = (square % 8, square / 8);
    let file = if file < 4 { file } else { 7 - file };
    rank * 4 + file
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_in_order_and_fill_the_features() {
        assert!(GROUPS.windows(2).all(|w| w[0].1 < w[1].1));
        assert_eq!(GROUPS[GROUPS.len() - 1].1, COUNT - 1);
        assert_eq!(folded(0), folded(7));
        assert_eq!(folded(60), 31);
        assert_eq!(folded(63), 28);
    }
}
