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
    /// use antichess::fronts::arena::Tally;
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

impl Tally {
    /// Whether the score bounds the Elo difference: not when every game
    /// was won, or every game lost.
    pub fn estimable(&self) -> bool {
        let games = self.games();
        games == 0 || (self.wins != games && self.losses != games)
    }

    /// The Elo difference with its 95% margin as the tables print it
    /// (`+70 +/- 69`), or why there is none: a score of 0% or 100% says
    /// only that the difference is large, not how large.
    ///
    /// ```
    /// use antichess::fronts::arena::Tally;
    /// assert_eq!(Tally { wins: 6, draws: 0, losses: 4 }.elo_text(), "+70 +/- 270");
    /// assert_eq!(
    ///     Tally { wins: 2, draws: 0, losses: 0 }.elo_text(),
    ///     "cannot be estimated from a score of 100%"
    /// );
    /// ```
    pub fn elo_text(&self) -> String {
        if !self.estimable() {
            let score = if self.losses == 0 { 100 } else { 0 };
            return format!("cannot be estimated from a score of {score}%");
        }
        let (elo, margin) = self.elo();
        // No "-0" for an even score.
        let elo = if elo.abs() < 0.5 { 0.0 } else { elo };
        format!("{elo:+.0} +/- {margin:.0}")
    }
}

fn elo_of(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}
