//! A property test: on positions reached by random play, and on random odd
//! boards, the generator's moves equal those of a slow reference written
//! here independently (plain 0x88-free square loops, make the move, see
//! whether an own king is attacked, then apply the forced-capture rule).

use std::collections::BTreeSet;

use antichess::rules::chess::{Position, Role, Ruleset, Square, Status};
use proptest::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
struct P {
    white: bool,
    role: char, // p n b r q k
}

#[derive(Clone)]
struct Ref {
    sq: [Option<P>; 64],
    white: bool,
    castle: [bool; 4], // K Q k q
    ep: Option<usize>,
    encastle: bool,
}

fn fr(i: usize) -> (i32, i32) {
    ((i % 8) as i32, (i / 8) as i32)
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Ref {
    fn attacked(&self, target: usize, by_white: bool) -> bool {
        let (f, r) = fr(target);
        let is = |s: Option<usize>, roles: &str| {
            s.and_then(|s| self.sq[s])
                .is_some_and(|p| p.white == by_white && roles.contains(p.role))
        };
        if KNIGHT.iter().any(|&(df, dr)| is(at(f + df, r + dr), "n")) {
            return true;
        }
        if KING.iter().any(|&(df, dr)| is(at(f + df, r + dr), "k")) {
            return true;
        }
        let pr = if by_white { r - 1 } else { r + 1 };
        if is(at(f - 1, pr), "p") || is(at(f + 1, pr), "p") {
            return true;
        }
        for (dirs, roles) in [(ROOK, "rq"), (BISHOP, "bq")] {
            for (df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while let Some(s) = at(x, y) {
                    if let Some(p) = self.sq[s] {
                        if p.white == by_white && roles.contains(p.role) {
                            return true;
                        }
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        }
        false
    }

    fn king_attacked(&self, white: bool) -> bool {
        (0..64).any(|s| self.sq[s] == Some(P { white, role: 'k' }) && self.attacked(s, !white))
    }

    /// Pseudo-legal moves: (from, to, is_capture).
    fn pseudo(&self) -> Vec<(usize, usize, bool)> {
        let mut out = Vec::new();
        let me = self.white;
        let free = |s: usize| self.sq[s].is_none();
        let enemy = |s: usize| self.sq[s].is_some_and(|p| p.white != me && p.role != 'k');
        for from in 0..64 {
            let Some(p) = self.sq[from] else { continue };
            if p.white != me {
                continue;
            }
            let (f, r) = fr(from);
            let step = |dirs: &[(i32, i32)], slide: bool, out: &mut Vec<_>| {
                for &(df, dr) in dirs {
                    let (mut x, mut y) = (f + df, r + dr);
                    while let Some(s) = at(x, y) {
                        if free(s) {
                            out.push((from, s, false));
                        } else {
                            if enemy(s) {
                                out.push((from, s, true));
                            }
                            break;
                        }
                        if !slide {
                            break;
                        }
                        x += df;
                        y += dr;
                    }
                }
            };
            match p.role {
                'n' => step(&KNIGHT, false, &mut out),
                'k' => step(&KING, false, &mut out),
                'r' => step(&ROOK, true, &mut out),
                'b' => step(&BISHOP, true, &mut out),
                'q' => {
                    step(&ROOK, true, &mut out);
                    step(&BISHOP, true, &mut out);
                }
                _ => {
                    let dr = if me { 1 } else { -1 };
                    if let Some(s) = at(f, r + dr).filter(|&s| free(s)) {
                        out.push((from, s, false));
                        let start = if me { 1 } else { 6 };
                        if r == start
                            && let Some(s2) = at(f, r + 2 * dr).filter(|&s| free(s))
                        {
                            out.push((from, s2, false));
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(s) = at(f + df, r + dr)
                            && (enemy(s) || (self.encastle && self.ep == Some(s)))
                        {
                            out.push((from, s, true));
                        }
                    }
                }
            }
        }
        if self.encastle && !self.king_attacked(me) {
            let base = if me { 0 } else { 56 };
            let rights = if me { [0, 1] } else { [2, 3] };
            let king = Some(P {
                white: me,
                role: 'k',
            });
            let rook = Some(P {
                white: me,
                role: 'r',
            });
            // king side: f, g empty and safe; queen side: b, c, d empty, c, d safe.
            if self.castle[rights[0]]
                && self.sq[base + 4] == king
                && self.sq[base + 7] == rook
                && free(base + 5)
                && free(base + 6)
                && !self.attacked(base + 5, !me)
                && !self.attacked(base + 6, !me)
            {
                out.push((base + 4, base + 6, false));
            }
            if self.castle[rights[1]]
                && self.sq[base + 4] == king
                && self.sq[base] == rook
                && free(base + 1)
                && free(base + 2)
                && free(base + 3)
                && !self.attacked(base + 3, !me)
                && !self.attacked(base + 2, !me)
            {
                out.push((base + 4, base + 2, false));
            }
        }
        out
    }

    fn make(&self, from: usize, to: usize) -> Ref {
        let mut n = self.clone();
        let p = n.sq[from].take().unwrap();
        let (ff, fr_) = fr(from);
        let (tf, tr) = fr(to);
        let mut placed = p;
        if p.role == 'p' {
            if self.encastle && Some(to) == self.ep && self.sq[to].is_none() {
                n.sq[at(tf, fr_).unwrap()] = None;
            }
            if tr == 0 || tr == 7 {
                placed.role = 'q';
            }
        }
        if p.role == 'k' && (ff - tf).abs() == 2 {
            let (rf, rt) = if tf == 6 { (7, 5) } else { (0, 3) };
            let rook = n.sq[at(rf, fr_).unwrap()].take();
            n.sq[at(rt, fr_).unwrap()] = rook;
        }
        n.sq[to] = Some(placed);
        n.ep = (p.role == 'p' && (tr - fr_).abs() == 2).then(|| at(ff, (tr + fr_) / 2).unwrap());
        for (i, s) in [4usize, 7, 0, 60, 63, 56].into_iter().enumerate() {
            if from == s || to == s {
                match i {
                    0 => n.castle[0..2].fill(false),
                    1 => n.castle[0] = false,
                    2 => n.castle[1] = false,
                    3 => n.castle[2..4].fill(false),
                    4 => n.castle[2] = false,
                    _ => n.castle[3] = false,
                }
            }
        }
        n.white = !self.white;
        n
    }

    fn legal(&self) -> Vec<(usize, usize)> {
        let legal: Vec<(usize, usize, bool)> = self
            .pseudo()
            .into_iter()
            .filter(|&(f, t, _)| !self.make(f, t).king_attacked(self.white))
            .collect();
        let any_capture = legal.iter().any(|m| m.2);
        legal
            .into_iter()
            .filter(|m| m.2 || !any_capture)
            .map(|(f, t, _)| (f, t))
            .collect()
    }

    fn to_fen(&self) -> String {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                match self.sq[r * 8 + f] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s.push(if p.white {
                            p.role.to_ascii_uppercase()
                        } else {
                            p.role
                        });
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if r > 0 {
                s.push('/');
            }
        }
        s += if self.white { " w " } else { " b " };
        let c: String = "KQkq"
            .chars()
            .zip(self.castle)
            .filter(|(_, on)| *on)
            .map(|(c, _)| c)
            .collect();
        s += if c.is_empty() { "-" } else { &c };
        match self.ep {
            Some(e) => s += &format!(" {}{} 0 1", (b'a' + (e % 8) as u8) as char, e / 8 + 1),
            None => s += " - 0 1",
        }
        s
    }
}

fn start(encastle: bool) -> Ref {
    let mut sq = [None; 64];
    for (f, role) in "rnbqkbnr".chars().enumerate() {
        sq[f] = Some(P { white: true, role });
        sq[8 + f] = Some(P {
            white: true,
            role: 'p',
        });
        sq[48 + f] = Some(P {
            white: false,
            role: 'p',
        });
        sq[56 + f] = Some(P { white: false, role });
    }
    Ref {
        sq,
        white: true,
        castle: [true; 4],
        ep: None,
        encastle,
    }
}

fn generated(pos: &Position) -> BTreeSet<(usize, usize)> {
    pos.legal_moves()
        .iter()
        .map(|m| (m.from() as usize, m.to() as usize))
        .collect()
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const RULESETS: [Ruleset; 3] = [
    Ruleset::SPRING_2007,
    Ruleset::SPRING_2007_ENCASTLE,
    Ruleset::SPRING_2004,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_match_the_reference(seed in 1u64.., which in 0usize..3) {
        let ruleset = RULESETS[which];
        let mut rng = Rng(seed);
        let mut reference = start(ruleset.castling_and_en_passant);
        let mut pos = Position::new(ruleset);
        for _ in 0..200 {
            let expected: BTreeSet<_> = reference.legal().into_iter().collect();
            prop_assert_eq!(generated(&pos), expected.clone(), "{}", reference.to_fen());
            match pos.status() {
                Status::Over(_) => break,
                Status::Pass => {
                    prop_assert!(expected.is_empty());
                    pos = pos.pass();
                    reference.white = !reference.white;
                    reference.ep = None;
                    continue;
                }
                Status::Ongoing => {}
            }
            let list: Vec<_> = expected.into_iter().collect();
            let (from, to) = list[rng.below(list.len())];
            reference = reference.make(from, to);
            let m = pos
                .find_move(Square::new(from as u32), Square::new(to as u32))
                .unwrap();
            pos = pos.play(m);
            prop_assert_eq!(pos.hash(), Position::from_fen(&pos.to_fen(), ruleset).unwrap().hash());
        }
    }

    #[test]
    fn random_odd_boards_match_the_reference(seed in 1u64..) {
        let mut rng = Rng(seed);
        let mut reference = Ref { sq: [None; 64], white: rng.below(2) == 0, castle: [false; 4], ep: None, encastle: false };
        let pieces = 2 + rng.below(20);
        for _ in 0..pieces {
            let s = rng.below(64);
            let role = ['p', 'p', 'n', 'b', 'r', 'q', 'k'][rng.below(7)];
            reference.sq[s] = Some(P { white: rng.below(2) == 0, role });
        }
        let pos = Position::from_fen(&reference.to_fen(), Ruleset::SPRING_2007).unwrap();
        let expected: BTreeSet<_> = reference.legal().into_iter().collect();
        prop_assert_eq!(generated(&pos), expected, "{}", reference.to_fen());
        prop_assert_eq!(pos.is_check(), reference.king_attacked(reference.white));
        // Status never panics, and playing any move keeps the board sane.
        let _ = pos.status();
        for m in pos.legal_moves() {
            let after = pos.play(m);
            prop_assert_eq!(after.turn(), !pos.turn());
            // A king is never captured: every king is still there.
            prop_assert_eq!(after.board().by_role(Role::King).count(), pos.board().by_role(Role::King).count());
        }
    }
}
