//! What each piece is roughly worth, in hundredths of a pawn: the one
//! table of piece values, for decisions that need a rough measure (the
//! chess search's delta pruning, the Kriegspiel hunter's material). The
//! evaluations have their own fitted weights.

use super::Role;

/// A rough value of a piece (a king: 0, it is never traded).
///
/// ```
/// use antichess::rules::chess::{Role, piece_value};
/// assert_eq!(piece_value(Role::Pawn), 100);
/// assert!(piece_value(Role::Queen) > piece_value(Role::Rook));
/// ```
pub fn piece_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 325,
        Role::Rook => 500,
        Role::Queen => 950,
        Role::King => 0,
    }
}
