//! Match statistics: score, Elo difference and its 95% error margin.

/// Wins, draws and losses from one side's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score as a fraction (a win 1, a draw 1/2).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games())
    }

    /// The Elo difference the score implies, and the half-width of its 95%
    /// confidence interval (from the per-game standard deviation).
    ///
    /// ```
    /// use antichess::arena::Tally;
    /// let t = Tally { wins: 60, draws: 0, losses: 40 };
    /// let (elo, margin) = t.elo();
    /// assert!((elo - 70.4).abs() < 0.1);
    /// assert!(margin > 60.0 && margin < 80.0);
    /// ```
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        if n == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let s = self.score();
        let variance = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let half = 1.96 * (variance / n).sqrt();
        let elo = elo_of(s);
        let margin = (elo_of(s + half) - elo_of(s - half)) / 2.0;
        (elo, margin)
    }
}

fn elo_of(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}
