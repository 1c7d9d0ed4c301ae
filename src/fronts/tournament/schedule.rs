//! Who plays whom: a round robin (every pair, the circle method's rounds),
//! a gauntlet (the first program against each of the others), and a
//! knockout's seeded bracket (byes to the top seeds when the count is not
//! a power of two).

/// A pairing: two programs by their index in the tournament (the first
/// has White in the pairing's odd games).
pub type Pairing = (usize, usize);

/// The pairings of a round robin of `n` programs, `rounds` times over, in
/// rounds of the circle method (each program plays at most once a round);
/// in every other cycle the pairings' colours are swapped.
pub fn round_robin(n: usize, rounds: usize) -> Vec<Pairing> {
    // Past an odd count, a dummy gives each round's bye.
    let m = n + n % 2;
    let mut order: Vec<usize> = (0..m).collect();
    let mut cycle = Vec::new();
    for _ in 0..m.saturating_sub(1) {
        for i in 0..m / 2 {
            let (a, b) = (order[i], order[m - 1 - i]);
            if a < n && b < n {
                cycle.push((a.min(b), a.max(b)));
            }
        }
        // The first stays; the others turn one place.
        order[1..].rotate_right(1);
    }
    (0..rounds)
        .flat_map(|r| {
            cycle
                .iter()
                .map(move |&(a, b)| if r % 2 == 0 { (a, b) } else { (b, a) })
        })
        .collect()
}

/// The pairings of a gauntlet: program 0 against each other, `rounds`
/// times over.
pub fn gauntlet(n: usize, rounds: usize) -> Vec<Pairing> {
    (0..rounds).flat_map(|_| (1..n).map(|j| (0, j))).collect()
}

/// The first round of a knockout of `n` programs seeded in order (0 the
/// strongest): slots of a bracket of the next power of two, in the
/// standard order (seed 1 meets seed 2 only in the final); `None` is a
/// bye, which the top seeds get.
pub fn bracket(n: usize) -> Vec<Option<usize>> {
    let size = n.max(1).next_power_of_two();
    let mut seeds = vec![0usize];
    while seeds.len() < size {
        let next = seeds.len() * 2;
        seeds = seeds.iter().flat_map(|&s| [s, next - 1 - s]).collect();
    }
    seeds.into_iter().map(|s| (s < n).then_some(s)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn a_round_robin_pairs_everyone_once_a_cycle() {
        for n in 2..9 {
            let pairings = round_robin(n, 1);
            assert_eq!(pairings.len(), n * (n - 1) / 2, "{n}");
            let set: BTreeSet<Pairing> = pairings.iter().copied().collect();
            assert_eq!(set.len(), pairings.len(), "{n}");
            // Each round of the circle has every program at most once.
            let per_round = n / 2;
            for round in pairings.chunks(per_round) {
                let seen: BTreeSet<usize> = round.iter().flat_map(|&(a, b)| [a, b]).collect();
                assert_eq!(seen.len(), 2 * round.len(), "{n}: {round:?}");
            }
        }
        assert_eq!(
            round_robin(3, 2),
            [(1, 2), (0, 2), (0, 1), (2, 1), (2, 0), (1, 0)]
        );
    }

    #[test]
    fn a_gauntlet_is_the_first_against_the_rest() {
        assert_eq!(
            gauntlet(4, 2),
            [(0, 1), (0, 2), (0, 3), (0, 1), (0, 2), (0, 3)]
        );
    }

    #[test]
    fn a_bracket_gives_the_byes_to_the_top_seeds() {
        assert_eq!(bracket(2), [Some(0), Some(1)]);
        assert_eq!(bracket(4), [Some(0), Some(3), Some(1), Some(2)]);
        assert_eq!(
            bracket(5),
            [
                Some(0),
                None,
                Some(3),
                Some(4),
                Some(1),
                None,
                Some(2),
                None
            ]
        );
        assert_eq!(
            bracket(8),
            [
                Some(0),
                Some(7),
                Some(3),
                Some(4),
                Some(1),
                Some(6),
                Some(2),
                Some(5)
            ]
        );
    }
}
