//! Static evaluation for 6.170 Antichess, from the side to move's view.
//!
//! Called where the search stops: by the quiescence search for a side with
//! no capture (it follows every forced capture), at the quiescence and ply
//! caps (where a capture may still be pending), and for the pruning
//! decisions of a side with no capture. The weighted terms below
//! ([`evaluate_terms`]) and, added to them, the correction of a small
//! network trained on Fairy-Stockfish's scores of positions of the
//! engine's own games, a head per ruleset ([`network`]). Five terms, weighted by
//! [`Weights::FITTED`] under every ruleset while the board is full; as the
//! last [`PHASE_PIECES`] pieces come off, the weights blend by the mate
//! rule:
//!
//! - where being mated wins (2004), the piece costs blend into a flat
//!   cost for every piece, or an engine ahead in a bare pawn ending keeps
//!   its pawn for ever instead of promoting and shedding it, and the
//!   offers' weight fades to nothing;
//! - where mating wins (2007, EnCastle), the whole score blends into
//!   [`Weights::ENDGAME_MATER_WINS`], fitted to endgame positions: there
//!   the side with more pieces, rooks and queens above all, promotes and
//!   mates, and the flat cost made the engine believe itself ahead in
//!   endings it lost.
//!
//! The terms:
//!
//! - **Material.** A cost per piece kept, by kind: with many pieces on
//!   the board pawns and knights are worth keeping (they shield the king
//!   and are seldom forced to capture), rooks and queens are what costs.
//! - **Mobility.** Moves of the pieces other than the king: a side with
//!   choices is not forced, and can pick the capture or the offer it likes.
//! - **Offers.** Empty squares one of our pieces can step to where the
//!   opponent attacks it: each is a way to force the opponent to capture
//!   (counted up to four).
//! - **King room.** Squares the king can step to safely.
//! - **Pending capture.** The opponent, to move next, can already take one
//!   of our pieces: whatever we play (unless it undoes that), the opponent
//!   must take something next move.
//!
//! The weights were fitted to the results of games under the 2007 rules;
//! under the 2004 rules (being mated wins) they play better than weights
//! fitted to 2004 games. How each term and weight was chosen, with the
//! matches that decided it, is in `docs/engine.md`; the weights are fitted
//! by `scripts/fit_weights.py`.

pub mod network;

use crate::rules::chess::{Bitboard, Color, MateRule, Piece, Position, Role, Square};
use shakmaty::{ByColor, attacks};

/// The roles that can be captured, in the order of [`Weights::cost`].
const ROLES: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];
/// Offers are counted up to this many squares.
const MAX_OFFERS: u32 = 4;
/// With this many pieces other than kings, or more, material is counted
/// with [`Weights::cost`] alone; with fewer, [`Weights::endgame_cost`]
/// takes over in proportion.
pub const PHASE_PIECES: i32 = 16;
/// What keeping any piece costs in a bare endgame where being mated wins:
/// with few pieces left, the side with fewer is the one closer to shedding
/// its last.
const ENDGAME_COST: i32 = 150;

/// The weight of each term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The cost of keeping a pawn, knight, bishop, rook, queen (negative:
    /// the piece is worth keeping), with [`PHASE_PIECES`] or more pieces
    /// other than kings on the board.
    pub cost: [i32; 5],
    /// The same with no piece but the kings left; in between, the two are
    /// blended by the number of pieces.
    pub endgame_cost: [i32; 5],
    /// For having the move.
    pub tempo: i32,
    /// Per move of a piece other than the king.
    pub mobility: i32,
    /// Per square where a piece can be offered (up to four).
    pub offer: i32,
    /// Per safe square next to the king (up to three).
    pub king_room: i32,
    /// When the opponent already has a capture of one of our pieces.
    pub pending: i32,
}

impl Weights {
    /// Set by hand and self-play, once the 2004 weights; now the reference
    /// that fixes the scale of the fits (`examples/eval_terms.rs`).
    pub const HAND: Weights = Weights {
        cost: [100, 100, 105, 110, 95],
        endgame_cost: [100, 100, 105, 110, 95],
        tempo: 5,
        mobility: 20,
        offer: 80,
        king_room: -40,
        pending: 150,
    };

    /// Fitted to the results of games under the 2007 rules
    /// (`scripts/fit_weights.py`; the games are described in
    /// `docs/engine.md`): keeping pawns and knights helps (they shield the
    /// king and are rarely forced to capture), rooks and queens are what
    /// costs. Used under every ruleset: under the 2004 rules they scored
    /// better against the independent engine than the weights fitted to
    /// 2004 games (`docs/engine.md`). The piece costs are the negation of
    /// what the fit found (the fitting script printed them with the wrong
    /// sign); played as they are, they measured better than the hand-set
    /// weights, and the correctly signed refits played worse.
    pub const FITTED: Weights = Weights {
        cost: [-131, -91, -19, 335, 245],
        endgame_cost: [ENDGAME_COST; 5],
        tempo: 245,
        mobility: 52,
        offer: 262,
        king_room: 27,
        pending: 593,
    };

    /// Where mating wins (the 2007 rules), the evaluation blends
    /// [`Weights::FITTED`] (with its opening costs) into these as the last
    /// [`PHASE_PIECES`] pieces come off: fitted to the results of the
    /// positions with 10 pieces or fewer (other than kings) of 400 games
    /// against the independent engine (`docs/engine.md`). In such endings
    /// every piece is worth keeping, rooks and queens most (they mate), and
    /// mobility and offers count for little.
    pub const ENDGAME_MATER_WINS: Weights = Weights {
        cost: [-55, -53, -82, -246, -389],
        endgame_cost: [-55, -53, -82, -246, -389],
        tempo: 45,
        mobility: 18,
        offer: 19,
        king_room: -132,
        pending: 146,
    };
}

/// The side to move's score: positive is good for it. The weighted terms
/// ([`evaluate_terms`]) and the correction of the ruleset's network
/// ([`network`]).
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.turn();
    let (a, b) = (Activity::of(pos, us), Activity::of(pos, us.other()));
    let terms = Terms::from_activity(pos, &a, &b);
    let correction = network::network(pos.ruleset()).map_or(0, |net| {
        let reach = ByColor::new_with(|c| if c == us { a.attacked } else { b.attacked });
        network::correction(net, pos, &reach)
    });
    weigh(pos, &terms) + correction
}

/// The side to move's score by the terms alone, under the weights
/// [`Weights::FITTED`] blended by the pieces left (see the module's
/// documentation). (Beyond that blend, the ruleset's mate rule counts
/// where the game ends: the search scores mates.)
///
/// ```
/// use antichess::rules::chess::{Position, Ruleset};
/// use antichess::engines::search::eval::{evaluate_terms, Weights};
/// // The same pieces on both sides: having the move is all there is.
/// let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
/// let pos = Position::from_fen(fen, Ruleset::SPRING_2004).unwrap();
/// assert_eq!(evaluate_terms(&pos), Weights::FITTED.tempo);
/// ```
pub fn evaluate_terms(pos: &Position) -> i32 {
    weigh(pos, &Terms::of(pos))
}

/// The squares each side attacks (the network's threats).
pub fn reach(pos: &Position) -> ByColor<Bitboard> {
    ByColor::new_with(|c| Activity::of(pos, c).attacked)
}

/// `terms` of `pos` weighed by the weights blended by the pieces left.
fn weigh(pos: &Position, terms: &Terms) -> i32 {
    let fitted = &Weights::FITTED;
    let phase = phase(pos);
    match pos.ruleset().mate {
        MateRule::MaterWins => {
            let end = &Weights::ENDGAME_MATER_WINS;
            let middle = terms.weigh(fitted, &fitted.cost);
            let end = terms.weigh(end, &end.cost);
            (middle * phase + end * (PHASE_PIECES - phase)) / PHASE_PIECES
        }
        MateRule::MatedWins => {
            terms.weigh(fitted, &blended_costs(phase, fitted)) - faded_offers(phase, terms, fitted)
        }
    }
}

/// The pieces on the board other than kings, up to [`PHASE_PIECES`].
fn phase(pos: &Position) -> i32 {
    let board = pos.board();
    ((board.occupied() & !board.by_role(Role::King)).count() as i32).min(PHASE_PIECES)
}

/// What fades from the offers' weight where being mated wins, as the last
/// [`PHASE_PIECES`] pieces come off (`phase`, see [`phase`]): all of it in
/// a bare ending. There a
/// side sheds its last pieces one by one, and the fits to 2004 endings
/// gave offers no weight or less (`docs/engine.md`, "Offers that fade").
fn faded_offers(phase: i32, terms: &Terms, w: &Weights) -> i32 {
    w.offer * terms.offers * (PHASE_PIECES - phase) / PHASE_PIECES
}

/// The unweighted terms of the evaluation, from the side to move's view:
/// what [`evaluate`] weighs, for fitting the weights to game results
/// (`examples/eval_terms.rs`, `scripts/fit_weights.py`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Pawns, knights, bishops, rooks, queens: the opponent's count less
    /// ours (each is weighed by its cost).
    pub pieces: [i32; 5],
    /// Our moves less the opponent's (pieces other than kings).
    pub mobility: i32,
    /// Our offer squares less the opponent's (each side up to four).
    pub offers: i32,
    /// Our king's safe squares less the opponent's (each up to three).
    pub king_room: i32,
    /// 1 when the opponent can already take one of our pieces.
    pub pending: i32,
}

impl Terms {
    /// The terms of `pos`.
    pub fn of(pos: &Position) -> Terms {
        let us = pos.turn();
        Terms::from_activity(pos, &Activity::of(pos, us), &Activity::of(pos, us.other()))
    }

    /// The terms of `pos` from what the side to move's pieces reach (`a`)
    /// and what the other's reach (`b`).
    fn from_activity(pos: &Position, a: &Activity, b: &Activity) -> Terms {
        let us = pos.turn();
        let them = us.other();
        let board = pos.board();
        Terms {
            pieces: ROLES.map(|role| {
                board.by_piece(them, role).count() as i32 - board.by_piece(us, role).count() as i32
            }),
            mobility: a.mobility - b.mobility,
            offers: offers(a, b) - offers(b, a),
            king_room: king_room(a, b).min(3) - king_room(b, a).min(3),
            pending: pending(pos, b),
        }
    }

    /// The score these terms make with `w`'s opening costs (the
    /// evaluation itself blends the weights as pieces come off).
    pub fn score(&self, w: &Weights) -> i32 {
        self.weigh(w, &w.cost)
    }

    /// The score these terms make with `w`'s weights and `costs` for the
    /// pieces.
    fn weigh(&self, w: &Weights, costs: &[i32; 5]) -> i32 {
        self.pieces
            .iter()
            .zip(costs)
            .map(|(n, c)| n * c)
            .sum::<i32>()
            + w.mobility * self.mobility
            + w.offer * self.offers
            + w.king_room * self.king_room
            + w.pending * self.pending
            + w.tempo
    }
}

/// Safe squares next to `a`'s king, where `other` does not attack.
fn king_room(a: &Activity, other: &Activity) -> i32 {
    (a.king_moves & !other.attacked).count() as i32
}

/// 1 when the opponent (whose reach is `them`) can already take one of
/// the side to move's pieces, else 0.
fn pending(pos: &Position, them: &Activity) -> i32 {
    (them.attacked & pos.board().by_color(pos.turn())).any() as i32
}

/// Squares where `a` can offer a piece to `b`.
fn offers(a: &Activity, b: &Activity) -> i32 {
    (a.offers & b.attacked).count().min(MAX_OFFERS as usize) as i32
}

/// What one side's pieces reach.
struct Activity {
    /// Every square attacked.
    attacked: Bitboard,
    /// Empty squares a piece other than the king can move to.
    offers: Bitboard,
    /// Squares the kings can step to (not yet checked for attacks).
    king_moves: Bitboard,
    /// Moves of the pieces other than the king (pseudo-legal).
    mobility: i32,
}

impl Activity {
    fn of(pos: &Position, color: Color) -> Activity {
        let board = pos.board();
        let occupied = board.occupied();
        let own = board.by_color(color);
        let empty = !occupied;
        let mut attacked = Bitboard::EMPTY;
        let mut offers = Bitboard::EMPTY;
        let mut mobility = 0;
        for role in ROLES {
            for sq in board.by_piece(color, role) {
                let att = attacks::attacks(sq, Piece { color, role }, occupied);
                attacked |= att;
                let quiet = if role == Role::Pawn {
                    pawn_push(color, sq) & empty
                } else {
                    att & empty
                };
                offers |= quiet;
                mobility += (quiet.count() + (att & board.by_color(color.other())).count()) as i32;
            }
        }
        let mut king_moves = Bitboard::EMPTY;
        for k in board.by_piece(color, Role::King) {
            let att = attacks::king_attacks(k);
            attacked |= att;
            king_moves |= att & !own;
        }
        Activity {
            attacked,
            offers,
            king_moves,
            mobility,
        }
    }
}

/// The square in front of a pawn (off the board: none).
fn pawn_push(color: Color, sq: Square) -> Bitboard {
    let b = Bitboard::from_square(sq);
    match color {
        Color::White => b.shift(8),
        Color::Black => b.shift(-8),
    }
}

/// The cost of each role in [`ROLES`] order: the opening and endgame
/// costs blended by `phase`, the pieces other than kings on the board
/// ([`phase`]).
fn blended_costs(phase: i32, w: &Weights) -> [i32; 5] {
    std::array::from_fn(|i| {
        (w.cost[i] * phase + w.endgame_cost[i] * (PHASE_PIECES - phase)) / PHASE_PIECES
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::Ruleset;

    fn pos(fen: &str, ruleset: Ruleset) -> Position {
        Position::from_fen(fen, ruleset).unwrap()
    }

    /// What `color`'s pieces cost, at `costs` per role.
    fn cost(pos: &Position, color: Color, costs: &[i32; 5]) -> i32 {
        ROLES
            .iter()
            .zip(costs)
            .map(|(&role, c)| pos.board().by_piece(color, role).count() as i32 * c)
            .sum()
    }
    #[test]
    fn offers_are_quiet_steps_into_attacked_squares() {
        // The knight on b1 can step to a3, c3 or d2; the pawn on d4 attacks
        // c3 (and e3, where no white piece can go).
        let p = pos("7k/8/8/8/3p4/8/8/1N5K w - - 0 1", Ruleset::SPRING_2007);
        let white = Activity::of(&p, Color::White);
        let black = Activity::of(&p, Color::Black);
        assert_eq!(offers(&white, &black), 1);
        // The pawn's only step, d3, is not attacked by the knight.
        assert_eq!(offers(&black, &white), 0);
        assert_eq!(white.mobility, 3);
        assert_eq!(black.mobility, 1);
    }

    #[test]
    fn king_room_counts_safe_squares() {
        // White's king has room; the rook on g1 boxes Black's king in.
        let p = pos("7k/8/8/8/8/8/8/K5R1 w - - 0 1", Ruleset::SPRING_2007);
        let white = Activity::of(&p, Color::White);
        let black = Activity::of(&p, Color::Black);
        // a1 king: a2, b1, b2 safe; h8 king: g8 and g7 attacked by the
        // rook, h7 safe.
        assert_eq!(king_room(&white, &black), 3);
        assert_eq!(king_room(&black, &white), 1);
    }

    #[test]
    fn a_capture_already_open_to_the_opponent_counts_for_us() {
        // White to move; Black's rook on a8 attacks the White knight on a2,
        // not the one on b1.
        let pending_for = |fen| {
            let p = pos(fen, Ruleset::SPRING_2007);
            pending(&p, &Activity::of(&p, Color::Black))
        };
        assert_eq!(pending_for("r6k/8/8/8/8/8/N7/7K w - - 0 1"), 1);
        assert_eq!(pending_for("r6k/8/8/8/8/8/8/1N5K w - - 0 1"), 0);
    }

    #[test]
    fn where_being_mated_wins_offers_fade_as_the_pieces_come_off() {
        let w = &Weights::FITTED;
        let rules = Ruleset::SPRING_2004;
        // Sixteen pieces (White's rook can be offered on a6, Black has no
        // offer): nothing fades.
        let full = pos("4k3/1ppppppp/8/8/8/8/1PPPPPPP/RN2K3 w - - 0 1", rules);
        let t = Terms::of(&full);
        assert_eq!(t.offers, 1);
        assert_eq!(faded_offers(phase(&full), &t, w), 0);
        // One rook left (offered on g7 or g8): fifteen sixteenths fade.
        let bare = pos("7k/8/8/8/8/8/8/K5R1 w - - 0 1", rules);
        let t = Terms::of(&bare);
        assert_eq!(t.offers, 2);
        assert_eq!(faded_offers(phase(&bare), &t, w), w.offer * 2 * 15 / 16);
        assert_eq!(
            evaluate_terms(&bare),
            t.weigh(w, &blended_costs(phase(&bare), w)) - w.offer * 2 * 15 / 16
        );
        // Where mating wins, the endgame weights decide instead.
        let bare = pos("7k/8/8/8/8/8/8/K5R1 w - - 0 1", Ruleset::SPRING_2007);
        assert_ne!(
            evaluate_terms(&bare),
            t.weigh(w, &blended_costs(phase(&bare), w)) - w.offer * 2 * 15 / 16
        );
    }

    #[test]
    fn in_a_bare_ending_the_mate_rule_decides_whether_pieces_are_worth_keeping() {
        // Black's extra pawn against White's (same kings, same moves).
        let fewer = "7k/p7/8/8/8/8/8/K7 w - - 0 1";
        let more = "7k/8/8/8/8/8/P7/K7 w - - 0 1";
        // Where being mated wins, the side with fewer pieces is closer to
        // shedding its last.
        let rules = Ruleset::SPRING_2004;
        assert!(evaluate_terms(&pos(fewer, rules)) > evaluate_terms(&pos(more, rules)));
        // Where mating wins, the side with more pieces promotes and mates:
        // the endgame weights keep them.
        let rules = Ruleset::SPRING_2007;
        assert!(evaluate_terms(&pos(more, rules)) > evaluate_terms(&pos(fewer, rules)));
        assert!(Weights::ENDGAME_MATER_WINS.cost.iter().all(|&c| c < 0));
    }

    #[test]
    fn where_mating_wins_the_weights_blend_by_the_pieces_left() {
        // A full board: the fitted weights alone, with their opening costs.
        let start = Position::new(Ruleset::SPRING_2007);
        assert_eq!(
            evaluate_terms(&start),
            Terms::of(&start).score(&Weights::FITTED)
        );
        // Kings alone: the endgame weights alone.
        let bare = pos("7k/8/8/8/8/8/8/K7 w - - 0 1", Ruleset::SPRING_2007);
        let end = Weights::ENDGAME_MATER_WINS;
        assert_eq!(evaluate_terms(&bare), end.tempo);
    }

    #[test]
    fn material_costs_blend_from_the_opening_to_the_endgame() {
        let w = Weights::FITTED;
        // Full board: the opening costs alone (pawns are worth keeping).
        let start = Position::new(Ruleset::SPRING_2007);
        let opening: i32 = [8, 2, 2, 2, 1].iter().zip(w.cost).map(|(n, c)| n * c).sum();
        assert_eq!(
            cost(&start, Color::White, &blended_costs(phase(&start), &w)),
            opening
        );
        assert!(w.cost[0] < 0);
        // One pawn left: 1/16 of the opening cost, 15/16 of the endgame's.
        let p = pos("7k/8/8/8/8/8/P7/K7 w - - 0 1", Ruleset::SPRING_2007);
        let costs = blended_costs(phase(&p), &w);
        assert_eq!(
            cost(&p, Color::White, &costs),
            (w.cost[0] + 15 * w.endgame_cost[0]) / PHASE_PIECES
        );
        assert!(cost(&p, Color::White, &costs) > 0);
        // Under the hand weights the two costs are the same.
        assert_eq!(Weights::HAND.cost, Weights::HAND.endgame_cost);
    }

    /// The terms weighed by the weights are the evaluation, on
    /// the positions of a played-out line while the costs do not blend.
    #[test]
    fn terms_are_what_the_evaluation_weighs() {
        for ruleset in [Ruleset::SPRING_2004, Ruleset::SPRING_2007] {
            let w = Weights::FITTED;
            let mut p = Position::new(ruleset);
            let mut seen = 0;
            while (p.board().occupied() & !p.board().by_role(Role::King)).count() as i32
                >= PHASE_PIECES
            {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[p.hash() as usize % moves.len()];
                assert_eq!(
                    Terms::of(&p).score(&w),
                    evaluate_terms(&p),
                    "{}",
                    p.to_fen()
                );
                seen += 1;
                p = p.play(m);
            }
            assert!(seen > 5, "{seen}");
        }
        let t = Terms::of(&pos("7k/p7/8/8/8/8/8/K7 w - - 0 1", Ruleset::SPRING_2004));
        assert_eq!(t.pieces, [1, 0, 0, 0, 0]);
    }

    #[test]
    fn a_symmetric_position_is_worth_the_move() {
        let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
        for rules in [Ruleset::SPRING_2004, Ruleset::SPRING_2007] {
            assert_eq!(evaluate_terms(&pos(fen, rules)), Weights::FITTED.tempo);
        }
    }
}
