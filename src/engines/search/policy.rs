//! What the game asks of the search: its evaluation and the policies that
//! differ between antichess and chess (the quiescence search, draws by
//! rule, which quiet moves are pruned and reduced and by how much, the
//! aspiration window, the move ordering's extras, proof searches). The
//! search calls these and never asks which ruleset it plays: a ruleset's
//! policy is chosen once, here ([`Policy::of`]).

use super::history::Update;
use super::params::PARAMS;
use super::{eval, eval_chess};
use crate::rules::chess::{MateRule, Position, Ruleset};

/// How the quiescence search ends a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quiescence {
    /// Captures are compulsory: every forced capture is followed, and only
    /// a side with no capture is evaluated.
    ForcedCaptures,
    /// The side to move may stand pat on its static score unless in check;
    /// captures and queen promotions are searched (every evasion in
    /// check), with delta pruning.
    StandPat,
}

/// A game's policies for the search.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    /// The static evaluation, for the side to move.
    pub evaluate: fn(&Position) -> i32,
    /// The quiescence search.
    pub quiescence: Quiescence,
    /// Whether a capture, when there is one, must be made (the static
    /// score then stands for nothing: no pruning on it).
    pub captures_forced: bool,
    /// Whether the fifty-move rule and repetitions draw inside the search.
    pub rule_draws: bool,
    /// Whether late quiet moves are pruned near the horizon.
    pub late_move_pruning: bool,
    /// Whether a move that loses material by its static exchange is
    /// pruned near the horizon.
    pub exchange_pruning: bool,
    /// The first move (by index in the ordered list) a reduction may
    /// reach.
    pub reduce_from: usize,
    /// Whether a move that checks or promotes is searched unreduced.
    pub checks_unreduced: bool,
    /// The late move reduction of a late quiet move.
    pub reduction: fn(&LateQuiet) -> i32,
    /// The null move's reduction: depth, and how far the static score
    /// is above beta.
    pub null_reduction: fn(i32, i32) -> i32,
    /// The aspiration window's first half-width.
    pub aspiration: i32,
    /// Quiet moves that offer a piece are ordered before the other quiet
    /// moves.
    pub offers_first: bool,
    /// Captures that lose material by their static exchange are ordered
    /// after the quiet moves.
    pub bad_captures_last: bool,
    /// A quiet move that takes a piece out of the reach of a lesser enemy
    /// piece (a queen from a rook's or a lesser piece's, a rook from a
    /// knight's, bishop's or pawn's, a knight or bishop from a pawn's) is
    /// ordered higher among the quiet moves (`PARAMS.escape`).
    pub threat_escapes: bool,
    /// A cutoff lowers the histories of the quiet moves tried before it.
    pub history_malus: bool,
    /// Captures are ordered by the capture history after the piece they
    /// take (else by the least valuable attacker), and a cutoff rewards its
    /// capture and lowers the captures tried before it.
    pub capture_history: bool,
    /// Futility pruning: near the horizon, a quiet move that gives no
    /// check is not searched where the static score with a margin does
    /// not reach alpha.
    pub futility: bool,
    /// A proof-number search goes beside a timed search (forced wins
    /// proved; sound only without repetition rules).
    pub proof_search: bool,
    /// How a cutoff's bonus moves the history entries.
    pub history_update: Update,
    /// Singular extensions: a hash move that no other move comes near is
    /// searched a ply deeper ([`super::singular`]).
    pub singular_extensions: bool,
    /// The static score is corrected by the correction history
    /// ([`super::correction`]), and the search's results teach it.
    pub correction_history: bool,
}

/// What a late move reduction reads of a quiet move and its node.
pub struct LateQuiet {
    /// The node's depth.
    pub depth: i32,
    /// The move's index in the ordered list.
    pub index: usize,
    /// The node is on the principal variation.
    pub pv_node: bool,
    /// The side to move stands better than two plies before.
    pub improving: bool,
    /// The move's butterfly history.
    pub history: i32,
    /// The node's hash move is a capture.
    pub tt_capture: bool,
}

impl LateQuiet {
    /// The most a reduction may take: it leaves at least one ply, so that
    /// the move never goes into the quiescence search at once.
    fn most(&self) -> i32 {
        (self.depth - 2).max(1)
    }
}

/// Chess.
const CHESS: Policy = Policy {
    evaluate: eval_chess::evaluate,
    quiescence: Quiescence::StandPat,
    captures_forced: false,
    rule_draws: true,
    late_move_pruning: false,
    exchange_pruning: true,
    reduce_from: 4,
    checks_unreduced: true,
    reduction: chess_reduction,
    null_reduction: chess_null_reduction,
    aspiration: PARAMS.aspiration_chess,
    offers_first: false,
    bad_captures_last: true,
    threat_escapes: true,
    history_malus: true,
    capture_history: true,
    futility: true,
    proof_search: false,
    history_update: Update::Gravity(PARAMS.history_gravity),
    singular_extensions: true,
    correction_history: true,
};

/// Antichess where mating wins (2007, EnCastle). The capture history and
/// the history malus were kept on matches against Fairy-Stockfish
/// (`docs/lab/antichess-search-policies.md`); the correction history
/// gained nothing at a fixed depth, and singular extensions are not yet
/// measured on the clock.
const ANTICHESS: Policy = Policy {
    evaluate: eval::evaluate,
    quiescence: Quiescence::ForcedCaptures,
    captures_forced: true,
    rule_draws: false,
    late_move_pruning: true,
    exchange_pruning: false,
    reduce_from: 2,
    checks_unreduced: false,
    reduction: antichess_reduction,
    null_reduction: antichess_null_reduction,
    aspiration: PARAMS.aspiration,
    offers_first: false,
    bad_captures_last: false,
    threat_escapes: false,
    history_malus: true,
    capture_history: true,
    futility: false,
    proof_search: false,
    history_update: Update::Clamped,
    singular_extensions: false,
    correction_history: false,
};

/// Antichess where being mated wins (2004): offers first, a wider window,
/// proof searches.
const ANTICHESS_MATED_WINS: Policy = Policy {
    aspiration: PARAMS.aspiration_mated_wins,
    offers_first: true,
    proof_search: true,
    ..ANTICHESS
};

impl Policy {
    /// The policy of a ruleset: chess's where FIDE's draws hold, else
    /// antichess's (with its additions where being mated wins).
    pub fn of(ruleset: &Ruleset) -> &'static Policy {
        if ruleset.fide_draws {
            &CHESS
        } else if ruleset.mate == MateRule::MatedWins {
            &ANTICHESS_MATED_WINS
        } else {
            &ANTICHESS
        }
    }

    /// The policy of the position's ruleset.
    pub fn of_position(pos: &Position) -> &'static Policy {
        Policy::of(&pos.ruleset())
    }
}

/// Late move reduction under chess: logarithmic in depth and move number
/// (as most chess engines reduce), one ply less on the principal variation,
/// one less for each `lmr_chess_history` of the move's history (one more
/// for as much below zero), `lmr_tt_capture` more where the hash move is a
/// capture (the capture is likely the node's best move, so the quiet moves
/// after it matter less), and never into the quiescence search at once.
fn chess_reduction(q: &LateQuiet) -> i32 {
    let r = (f64::from(q.depth).ln() * (q.index as f64).ln() / PARAMS.lmr_chess_divisor) as i32
        - i32::from(q.pv_node)
        - q.history / PARAMS.lmr_chess_history;
    (r.clamp(1, q.most()) + PARAMS.lmr_tt_capture * i32::from(q.tt_capture)).min(q.most())
}

/// Late move reduction under antichess, for a quiet move that leaves the
/// opponent no capture: logarithmic in depth and move number (about as
/// Stockfish reduces), one more where the side is not improving or off the
/// principal variation, one less for a move with a history of cutoffs,
/// and never into the quiescence search at once.
fn antichess_reduction(q: &LateQuiet) -> i32 {
    let base = f64::from(q.depth).ln() * ((q.index + 1) as f64).ln();
    let r = (PARAMS.lmr_scale * base + PARAMS.lmr_offset) as i32
        + i32::from(!q.improving && base > PARAMS.lmr_unimproving)
        + i32::from(!q.pv_node)
        - i32::from(q.history > PARAMS.lmr_history);
    r.clamp(1, q.most())
}

/// The null move's reduction under chess: as under antichess, and one ply
/// more for each `null_eval_step` the static score is above beta, at most
/// `null_eval_plies` (a side far ahead needs a shallower proof).
fn chess_null_reduction(depth: i32, above_beta: i32) -> i32 {
    antichess_null_reduction(depth, above_beta)
        + (above_beta / PARAMS.null_eval_step).min(PARAMS.null_eval_plies)
}

/// The null move's reduction under antichess: `null_base` plies and one
/// more each `null_divisor` of depth.
fn antichess_null_reduction(depth: i32, _above_beta: i32) -> i32 {
    PARAMS.null_base + depth / PARAMS.null_divisor
}

#[cfg(test)]
mod tests {
    use super::*;

    fn late_quiet(depth: i32, index: usize, tt_capture: bool) -> LateQuiet {
        LateQuiet {
            depth,
            index,
            pv_node: false,
            improving: true,
            history: 0,
            tt_capture,
        }
    }

    #[test]
    fn a_capturing_hash_move_adds_a_ply_of_reduction_under_chess_only() {
        let chess = Policy::of(&Ruleset::CHESS).reduction;
        // ln(10) * ln(10) / 1.6 = 3.3: three plies, four after a capture.
        assert_eq!(chess(&late_quiet(10, 10, false)), 3);
        assert_eq!(chess(&late_quiet(10, 10, true)), 4);
        // Never past depth - 2, so never into the quiescence search at once.
        assert_eq!(chess(&late_quiet(4, 30, true)), 2);
        let antichess = Policy::of(&Ruleset::SPRING_2007).reduction;
        assert_eq!(
            antichess(&late_quiet(10, 10, false)),
            antichess(&late_quiet(10, 10, true))
        );
    }

    #[test]
    fn under_chess_a_history_of_cutoffs_reduces_less_and_its_opposite_more() {
        let chess = Policy::of(&Ruleset::CHESS).reduction;
        let with_history = |history| {
            chess(&LateQuiet {
                history,
                ..late_quiet(10, 10, false)
            })
        };
        // Three plies at no history (above); 5,000 a ply either way.
        assert_eq!(with_history(0), 3);
        assert_eq!(with_history(5_000), 2);
        assert_eq!(with_history(-10_000), 5);
        // Still at least one ply, and never into the quiescence search.
        assert_eq!(with_history(10_000), 1);
        assert_eq!(with_history(-100_000), 8);
    }

    #[test]
    fn the_null_move_reduction_grows_with_the_margin_under_chess_only() {
        let chess = Policy::of(&Ruleset::CHESS).null_reduction;
        let antichess = Policy::of(&Ruleset::SPRING_2007).null_reduction;
        // Depth 8: two plies and one each four plies of depth...
        assert_eq!(antichess(8, 0), 4);
        assert_eq!(antichess(8, 5000), 4);
        assert_eq!(chess(8, 0), 4);
        // ...and under chess one more each 200 cp above beta, at most 3.
        assert_eq!(chess(8, 199), 4);
        assert_eq!(chess(8, 450), 6);
        assert_eq!(chess(8, 5000), 7);
    }
}
