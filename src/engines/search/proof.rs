//! Proof-number search (Allis, 1994): whether one side, the prover, can
//! force a win from a position, answered by growing a tree toward the leaf
//! that would settle the question soonest.
//!
//! Every node carries a proof number (how many leaves, at least, must
//! still turn out won for the prover to prove it won) and a disproof
//! number (the same for "not won"). Where the prover moves, a node needs
//! one won child and every child to be not won; where the other side
//! moves, the reverse. Each step walks from the root to the most-proving
//! leaf (at the prover's nodes the child of least proof number, at the
//! other side's the child of least disproof number), expands it, and
//! updates the numbers back up the path. A new leaf starts at one for the
//! side to move and its number of moves for the other (the side with more
//! moves is the harder to pin down), which suits games where captures are
//! forced: a forced capture is a node with one child, and lines of them
//! cost almost nothing to follow.
//!
//! The tree is a tree (no transpositions) and lines stop at
//! [`MAX_PROOF_PLY`], where a leaf counts as not won: a proof is a finite
//! forced win, true whatever the search missed. Antichess has no
//! repetition rule, and this is what makes the proof sound; under chess's
//! draw rules it is not used.
//!
//! ```
//! use antichess::rules::chess::{Position, Ruleset};
//! use antichess::engines::search::proof::{Proved, prove};
//! // White to move under the 2007 rules: Ra8 mates at once.
//! let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Ruleset::SPRING_2007).unwrap();
//! let proof = prove(&pos, pos.turn(), 10_000, None);
//! assert_eq!(proof.verdict, Proved::Won);
//! assert_eq!(proof.winning_move().map(|m| m.to_string()), Some("a1-a8".to_string()));
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use shakmaty::Color;

use crate::rules::chess::{Move, MoveList, Position, Status};

/// Lines longer than this (plies from the root) count as not won.
pub const MAX_PROOF_PLY: usize = 160;

/// Stands for "infinite" in the numbers; sums saturate here.
const INF: u32 = u32::MAX / 4;

/// What a proof search found for the prover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proved {
    /// The prover can force a win.
    Won,
    /// The prover cannot force a win within [`MAX_PROOF_PLY`] plies (the
    /// other side can hold a draw, win, or hold out past the limit).
    NotWon,
    /// The budget ran out first.
    Unknown,
}

/// A move from the root and what the search found after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// What the search found for the prover after it.
    pub verdict: Proved,
    /// For a won move: the plies of the longest line of its proof (the
    /// move included), a bound on how long the win takes.
    pub length: Option<u32>,
}

/// The result of [`prove`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// What the search found for the prover at the root.
    pub verdict: Proved,
    /// Each legal move of the root, in the order of the move generator
    /// (empty when the root is over or has no moves).
    pub moves: Vec<RootMove>,
    /// Nodes of the tree.
    pub nodes: usize,
}

impl Proof {
    /// Where the prover is to move and has a proven win: the winning move
    /// of the shortest proof.
    pub fn winning_move(&self) -> Option<Move> {
        self.shortest_win().map(|m| m.mv)
    }

    /// Where the prover is to move and has a proven win: the root move of
    /// the shortest proof, with its length.
    pub fn shortest_win(&self) -> Option<&RootMove> {
        if self.verdict != Proved::Won {
            return None;
        }
        self.moves
            .iter()
            .filter(|m| m.verdict == Proved::Won)
            .min_by_key(|m| m.length)
    }

    /// The root moves after which the prover has a proven win.
    pub fn won_after(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves
            .iter()
            .filter(|m| m.verdict == Proved::Won)
            .map(|m| m.mv)
    }
}

#[derive(Clone, Copy)]
struct ProofNode {
    /// The move from the parent (none at the root).
    mv: Option<Move>,
    /// Whether the side to move here passes first (a stalemate that loses
    /// the turn); the node stands for the position after the pass.
    passes: bool,
    /// Whether the prover is to move (after any pass).
    prover_moves: bool,
    /// Index of the first child; children are consecutive.
    first: u32,
    /// Number of children; 0 until expanded (or for an end of the game).
    count: u16,
    pn: u32,
    dn: u32,
}

/// Searches for a forced win of `prover` from `pos` with at most about
/// `max_nodes` nodes in the tree, stopping early at `deadline`.
pub fn prove(pos: &Position, prover: Color, max_nodes: usize, deadline: Option<Instant>) -> Proof {
    prove_until(pos, prover, max_nodes, deadline, None)
}

/// [`prove`], also stopping early when `halt` is set.
pub fn prove_until(
    pos: &Position,
    prover: Color,
    max_nodes: usize,
    deadline: Option<Instant>,
    halt: Option<&AtomicBool>,
) -> Proof {
    let mut search = Search {
        prover,
        nodes: Vec::new(),
        path: Vec::new(),
    };
    let root = search.leaf(pos, None, 0);
    let Some((root_pos, root)) = root else {
        let verdict = if search.nodes[0].pn == 0 {
            Proved::Won
        } else {
            Proved::NotWon
        };
        return Proof {
            verdict,
            moves: Vec::new(),
            nodes: 1,
        };
    };
    search.expand(&root_pos, root, 0);
    let mut steps = 0u32;
    while search.nodes[0].pn != 0 && search.nodes[0].dn != 0 {
        if search.nodes.len() + crate::rules::chess::MAX_MOVES > max_nodes {
            break;
        }
        steps += 1;
        if steps.is_multiple_of(256)
            && (deadline.is_some_and(|d| Instant::now() >= d)
                || halt.is_some_and(|h| h.load(Ordering::Relaxed)))
        {
            break;
        }
        search.step(&root_pos);
    }
    search.report()
}

struct Search {
    prover: Color,
    nodes: Vec<ProofNode>,
    /// The node indices from the root to the current one.
    path: Vec<u32>,
}

impl Search {
    /// Adds the node of `pos` (reached by `mv`, `ply` plies below the
    /// root) with its starting numbers. Returns the position it stands
    /// for and its index when the game goes on there.
    fn leaf(&mut self, pos: &Position, mv: Option<Move>, ply: usize) -> Option<(Position, u32)> {
        let index = self.nodes.len() as u32;
        let mut node = ProofNode {
            mv,
            passes: false,
            prover_moves: pos.turn() == self.prover,
            first: 0,
            count: 0,
            pn: INF,
            dn: 0,
        };
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        let mut here = *pos;
        let mut status = here.status_with(&moves);
        if status == Status::Pass {
            here = here.pass();
            moves.clear();
            here.legal_moves_into(&mut moves);
            status = here.status_with(&moves);
            node.passes = true;
            node.prover_moves = here.turn() == self.prover;
        }
        let ongoing = match status {
            Status::Over(outcome) => {
                if outcome.winner == Some(self.prover) {
                    (node.pn, node.dn) = (0, INF);
                }
                false
            }
            // Two passes in a row: the game is drawn (never reached: the
            // rules end such a game at the first).
            Status::Pass => false,
            Status::Ongoing if ply >= MAX_PROOF_PLY => false,
            Status::Ongoing => {
                let n = moves.len() as u32;
                (node.pn, node.dn) = if node.prover_moves { (1, n) } else { (n, 1) };
                true
            }
        };
        self.nodes.push(node);
        ongoing.then_some((here, index))
    }

    /// Gives node `index` (position `pos`, `ply` below the root) its
    /// children and sets its numbers from theirs.
    fn expand(&mut self, pos: &Position, index: u32, ply: usize) {
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        let first = self.nodes.len() as u32;
        for &m in &moves {
            self.leaf(&pos.play(m), Some(m), ply + 1);
        }
        let node = &mut self.nodes[index as usize];
        node.first = first;
        node.count = moves.len() as u16;
        self.update(index);
    }

    /// Sets a node's numbers from its children's; whether they changed.
    fn update(&mut self, index: u32) -> bool {
        let node = self.nodes[index as usize];
        let children = &self.nodes[node.first as usize..][..node.count as usize];
        let (min_pn, sum_pn, min_dn, sum_dn) = children.iter().fold(
            (INF, 0u32, INF, 0u32),
            |(min_pn, sum_pn, min_dn, sum_dn), c| {
                (
                    min_pn.min(c.pn),
                    (sum_pn + c.pn).min(INF),
                    min_dn.min(c.dn),
                    (sum_dn + c.dn).min(INF),
                )
            },
        );
        let (pn, dn) = if node.prover_moves {
            (min_pn, sum_dn)
        } else {
            (sum_pn, min_dn)
        };
        let node = &mut self.nodes[index as usize];
        let changed = (node.pn, node.dn) != (pn, dn);
        (node.pn, node.dn) = (pn, dn);
        changed
    }

    /// One step: down to the most-proving leaf, expand it, numbers back up.
    fn step(&mut self, root_pos: &Position) {
        self.path.clear();
        let mut index = 0u32;
        let mut pos = *root_pos;
        loop {
            let node = self.nodes[index as usize];
            if node.count == 0 {
                break;
            }
            self.path.push(index);
            let children = node.first as usize..node.first as usize + node.count as usize;
            let best = if node.prover_moves {
                children.min_by_key(|&c| self.nodes[c].pn)
            } else {
                children.min_by_key(|&c| self.nodes[c].dn)
            };
            index = best.expect("an expanded node has children") as u32;
            let child = self.nodes[index as usize];
            if let Some(m) = child.mv {
                pos = pos.play(m);
            }
            if child.passes {
                pos = pos.pass();
            }
        }
        let ply = self.path.len();
        self.expand(&pos, index, ply);
        while let Some(parent) = self.path.pop() {
            if !self.update(parent) {
                break;
            }
        }
    }

    /// The plies of the longest line of a won node's proof.
    fn proof_length(&self, index: u32) -> u32 {
        let node = self.nodes[index as usize];
        let children = node.first..node.first + u32::from(node.count);
        if node.prover_moves {
            children
                .filter(|&c| self.nodes[c as usize].pn == 0)
                .map(|c| 1 + self.proof_length(c))
                .min()
                .unwrap_or(0)
        } else {
            children
                .map(|c| 1 + self.proof_length(c))
                .max()
                .unwrap_or(0)
        }
    }

    fn verdict(&self, index: u32) -> Proved {
        let node = self.nodes[index as usize];
        if node.pn == 0 {
            Proved::Won
        } else if node.dn == 0 {
            Proved::NotWon
        } else {
            Proved::Unknown
        }
    }

    fn report(&self) -> Proof {
        let root = self.nodes[0];
        let moves = (root.first..root.first + u32::from(root.count))
            .map(|c| {
                let verdict = self.verdict(c);
                RootMove {
                    mv: self.nodes[c as usize].mv.expect("a child has a move"),
                    verdict,
                    length: (verdict == Proved::Won).then(|| 1 + self.proof_length(c)),
                }
            })
            .collect();
        Proof {
            verdict: self.verdict(0),
            moves,
            nodes: self.nodes.len(),
        }
    }
}
