//! Every tunable constant of the search, in one struct: what the matches
//! in the lab notebook set (`docs/lab/engine-notebook.md`).

/// The search's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Capture plies the quiescence search follows before it evaluates.
    pub max_quiescence: usize,
    /// Reverse futility pruning: at this depth or less, a side with no
    /// capture whose static score beats beta by `rfp_margin` per ply is
    /// not searched further.
    pub rfp_depth: i32,
    /// Reverse futility pruning's margin per ply (centipawns).
    pub rfp_margin: i32,
    /// Null-move pruning from this depth.
    pub null_min_depth: i32,
    /// Null-move reduction: `null_base + depth / null_divisor` plies.
    pub null_base: i32,
    /// See `null_base`.
    pub null_divisor: i32,
    /// Under chess, one more ply of null-move reduction each this many
    /// centipawns the static score is above beta...
    pub null_eval_step: i32,
    /// ...at most this many.
    pub null_eval_plies: i32,
    /// Internal iterative reduction: a node this deep without a hash move
    /// is searched one ply less.
    pub iir_depth: i32,
    /// Late move pruning: at this depth or less.
    pub lmp_depth: i32,
    /// Late move reduction: only from this depth.
    pub lmr_depth: i32,
    /// Static exchange pruning: at this depth or less, a move after the
    /// first whose exchange loses more than `see_margin` per ply.
    pub see_depth: i32,
    /// See `see_depth` (centipawns).
    pub see_margin: i32,
    /// Futility pruning: a quiet move whose depth, once reduced, is this
    /// or less is not searched where the static score plus
    /// `futility_base` and `futility_margin` per ply of that depth does not
    /// reach alpha.
    pub futility_depth: i32,
    /// See `futility_depth` (centipawns).
    pub futility_base: i32,
    /// See `futility_depth` (centipawns per ply).
    pub futility_margin: i32,
    /// Delta pruning's margin in the quiescence search that stands pat
    /// (centipawns).
    pub delta_margin: i32,
    /// The aspiration window's first half-width either side under
    /// antichess, where being mated wins, and under chess.
    pub aspiration: i32,
    /// See `aspiration`.
    pub aspiration_mated_wins: i32,
    /// See `aspiration`.
    pub aspiration_chess: i32,
    /// The window widens by this factor on each failure...
    pub aspiration_growth: i32,
    /// ...and opens fully past this half-width.
    pub aspiration_full: i32,
    /// Aspiration windows from this depth.
    pub aspiration_depth: i32,
    /// The antichess reduction: `lmr_scale * ln(depth) * ln(index + 1) +
    /// lmr_offset`, one more where not improving and the product is over
    /// `lmr_unimproving`, one more off the principal variation, one less
    /// for a history over `lmr_history`.
    pub lmr_scale: f64,
    /// See `lmr_scale`.
    pub lmr_offset: f64,
    /// See `lmr_scale`.
    pub lmr_unimproving: f64,
    /// See `lmr_scale`.
    pub lmr_history: i32,
    /// The chess reduction: `ln(depth) * ln(index) / lmr_chess_divisor`,
    /// one less on the principal variation, `lmr_tt_capture` more where
    /// the hash move is a capture, less by the history
    /// (`lmr_chess_history`).
    pub lmr_chess_divisor: f64,
    /// See `lmr_chess_divisor`.
    pub lmr_tt_capture: i32,
    /// Under chess, one ply less of that reduction for each this much of
    /// the move's butterfly history (one more for as much below zero).
    pub lmr_chess_history: i32,
    /// Under chess, the bound of each history entry, which a bonus
    /// approaches by gravity ([`super::history::Update::Gravity`]).
    pub history_gravity: i32,
    /// What earlier searches' histories count at the start of a search
    /// (divided by this).
    pub history_aging: i32,
    /// Singular extensions from this depth...
    pub singular_depth: i32,
    /// ...for a hash move stored at most this many plies shallower...
    pub singular_tt_depth: i32,
    /// ...when no other move reaches its score less this much a ply
    /// (centipawns).
    pub singular_margin: i32,
    /// What a quiet move adds to its key when it takes a piece out of a
    /// lesser enemy piece's reach to a square none reaches: a knight or
    /// bishop, a rook, a queen (where the policy says; Stockfish's
    /// threat-escape bonuses, scaled to `history_gravity`).
    pub escape: [i32; 3],
    /// The most one update of the correction history weighs, of 256
    /// ([`super::correction`]).
    pub correction_weight: i32,
    /// The most the correction history adds to or takes from a static
    /// score (centipawns).
    pub correction_most: i32,
}

/// The parameters the engine plays with.
pub const PARAMS: Params = Params {
    max_quiescence: 16,
    rfp_depth: 6,
    rfp_margin: 100,
    null_min_depth: 3,
    null_base: 2,
    null_divisor: 4,
    null_eval_step: 200,
    null_eval_plies: 3,
    iir_depth: 4,
    lmp_depth: 6,
    lmr_depth: 3,
    see_depth: 6,
    see_margin: 90,
    futility_depth: 7,
    futility_base: 100,
    futility_margin: 110,
    delta_margin: 200,
    aspiration: 40,
    aspiration_mated_wins: 80,
    aspiration_chess: 20,
    aspiration_growth: 3,
    aspiration_full: 1000,
    aspiration_depth: 4,
    lmr_scale: 0.47,
    lmr_offset: 0.5,
    lmr_unimproving: 1.9,
    lmr_history: 4096,
    lmr_chess_divisor: 1.6,
    lmr_tt_capture: 1,
    lmr_chess_history: 5000,
    history_gravity: 10_000,
    history_aging: 8,
    singular_depth: 6,
    singular_tt_depth: 3,
    singular_margin: 2,
    escape: [3_000, 5_000, 10_000],
    correction_weight: 128,
    correction_most: 64,
};
