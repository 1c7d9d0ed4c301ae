//! The sequential probability ratio test engine testers use to stop a
//! match as soon as its result is clear: H0 "the first program is ELO0
//! stronger" against H1 "it is ELO1 stronger" (logistic Elo), with error
//! rates of 5% each way. The log-likelihood ratio is the usual normal
//! approximation over the trinomial results (wins, draws, losses), as in
//! cutechess-cli's and fishtest's simple form:
//! `LLR = n (s1 - s0) (2 s - s0 - s1) / (2 var)`, where `s` is the score,
//! `var` its per-game variance, and `s0`, `s1` the scores the two Elo
//! values imply. Half a game of each result is added to the counts (a
//! Jeffreys-like prior), so that results without spread (all wins, say)
//! neither decide after one game nor never decide.

use super::Tally;

/// The error rate each way (alpha = beta).
const ERROR_RATE: f64 = 0.05;
/// The games of each result added to the counts.
const PRIOR: f64 = 0.5;

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Decision {
    /// Not clear yet: the log-likelihood ratio lies between the bounds.
    Continue(f64),
    /// H1 holds: the first program is at least ELO1 stronger.
    H1(f64),
    /// H0 holds: it is not more than ELO0 stronger.
    H0(f64),
}

/// The hypotheses of a test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1.
    pub elo1: f64,
}

/// The expected score at an Elo difference.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The bounds of the log-likelihood ratio: below the lower H0 holds,
    /// above the upper H1 does.
    pub fn bounds() -> (f64, f64) {
        let lower = (ERROR_RATE / (1.0 - ERROR_RATE)).ln();
        (lower, -lower)
    }

    /// The log-likelihood ratio of the results (0 without games).
    pub fn llr(&self, t: &Tally) -> f64 {
        if t.games() == 0 {
            return 0.0;
        }
        let (w, d, l) = (
            f64::from(t.wins) + PRIOR,
            f64::from(t.draws) + PRIOR,
            f64::from(t.losses) + PRIOR,
        );
        let n = w + d + l;
        let s = (w + d / 2.0) / n;
        let var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The verdict on the results so far.
    ///
    /// ```
    /// use antichess::fronts::arena::{Sprt, Tally, Decision};
    /// let test = Sprt { elo0: 0.0, elo1: 10.0 };
    /// let even = Tally { wins: 40, draws: 20, losses: 40 };
    /// assert!(matches!(test.verdict(&even), Decision::Continue(_)));
    /// let clear = Tally { wins: 300, draws: 100, losses: 100 };
    /// assert!(matches!(test.verdict(&clear), Decision::H1(_)));
    /// let worse = Tally { wins: 100, draws: 100, losses: 300 };
    /// assert!(matches!(test.verdict(&worse), Decision::H0(_)));
    /// ```
    pub fn verdict(&self, t: &Tally) -> Decision {
        let llr = self.llr(t);
        let (lower, upper) = Sprt::bounds();
        if llr >= upper {
            Decision::H1(llr)
        } else if llr <= lower {
            Decision::H0(llr)
        } else {
            Decision::Continue(llr)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_are_those_of_five_percent_errors() {
        let (lower, upper) = Sprt::bounds();
        assert!((upper - 2.944).abs() < 0.001);
        assert!((lower + 2.944).abs() < 0.001);
    }

    #[test]
    fn the_ratio_grows_with_the_evidence_and_is_symmetric() {
        let test = Sprt {
            elo0: -10.0,
            elo1: 10.0,
        };
        let small = Tally {
            wins: 6,
            draws: 2,
            losses: 4,
        };
        let large = Tally {
            wins: 60,
            draws: 20,
            losses: 40,
        };
        assert!(test.llr(&large) > test.llr(&small));
        assert!(test.llr(&small) > 0.0);
        let mirrored = Tally {
            wins: 40,
            draws: 20,
            losses: 60,
        };
        assert!((test.llr(&large) + test.llr(&mirrored)).abs() < 1e-9);
        assert_eq!(test.llr(&Tally::default()), 0.0);
        // No spread: all wins decide for H1, all draws (0 Elo) for H0.
        let zero_or_ten = Sprt {
            elo0: 0.0,
            elo1: 10.0,
        };
        let all_wins = Tally {
            wins: 20,
            draws: 0,
            losses: 0,
        };
        assert!(matches!(zero_or_ten.verdict(&all_wins), Decision::H1(_)));
        let all_draws = Tally {
            wins: 0,
            draws: 200,
            losses: 0,
        };
        assert!(matches!(zero_or_ten.verdict(&all_draws), Decision::H0(_)));
    }

    #[test]
    fn a_known_value() {
        // 550 wins, 450 losses, with the prior 550.5 / 0.5 / 450.5 over
        // 1,001.5: s = 0.549925..., and the formula by hand.
        let test = Sprt {
            elo0: 0.0,
            elo1: 10.0,
        };
        let t = Tally {
            wins: 550,
            draws: 0,
            losses: 450,
        };
        let (w, d, l) = (550.5, 0.5, 450.5);
        let n: f64 = w + d + l;
        let s = (w + d / 2.0) / n;
        let var = (w * (1.0 - s) * (1.0 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / n;
        let (s0, s1) = (0.5, score_of(10.0));
        let expected = n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
        assert!((test.llr(&t) - expected).abs() < 1e-9);
        assert!((expected - 2.48).abs() < 0.02, "{expected}");
    }

    #[test]
    fn one_win_does_not_decide_but_ten_do() {
        let test = Sprt {
            elo0: 0.0,
            elo1: 50.0,
        };
        assert!(matches!(
            test.verdict(&Tally {
                wins: 1,
                draws: 0,
                losses: 0
            }),
            Decision::Continue(_)
        ));
        assert!(matches!(
            test.verdict(&Tally {
                wins: 10,
                draws: 0,
                losses: 0
            }),
            Decision::H1(_)
        ));
    }
}
