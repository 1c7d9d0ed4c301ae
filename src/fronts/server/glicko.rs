//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system",
//! 2013), updated after every rated game: each game is a rating period of
//! one game.

/// The system constant τ: how much volatility may change.
const TAU: f64 = 0.5;
/// The Glicko-2 scale factor.
const SCALE: f64 = 173.7178;
/// Convergence of the volatility iteration.
const EPSILON: f64 = 0.000_001;

/// A player's rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 for a new player).
    pub rating: f64,
    /// The rating deviation (350 for a new player).
    pub deviation: f64,
    /// The volatility (0.06 for a new player).
    pub volatility: f64,
}

impl Rating {
    /// A new player's rating.
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// The rating after games against `opponents` with `scores` (1 a
    /// win, 0.5 a draw, 0 a loss).
    pub fn after(self, games: &[(Rating, f64)]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        if games.is_empty() {
            let phi = (phi * phi + self.volatility * self.volatility).sqrt();
            return Rating {
                deviation: (phi * SCALE).min(350.0),
                ..self
            };
        }
        let g =
            |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI.powi(2))).sqrt();
        let e = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
        let mut inv_v = 0.0;
        let mut sum = 0.0;
        for (opponent, score) in games {
            let mu_j = (opponent.rating - 1500.0) / SCALE;
            let phi_j = opponent.deviation / SCALE;
            let e_j = e(mu_j, phi_j);
            inv_v += g(phi_j).powi(2) * e_j * (1.0 - e_j);
            sum += g(phi_j) * (score - e_j);
        }
        let v = 1.0 / inv_v;
        let delta = v * sum;
        let sigma = new_volatility(self.volatility, phi, v, delta);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Rating {
            rating: mu_new * SCALE + 1500.0,
            deviation: (phi_new * SCALE).min(350.0),
            volatility: sigma,
        }
    }
}

/// Step 5 of the system: the new volatility, by the Illinois algorithm.
fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut rounds = 0;
    while (big_b - big_a).abs() > EPSILON && rounds < 200 {
        rounds += 1;
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example: 1500/200/0.06 beats 1400/30, loses to
    /// 1550/100 and 1700/300: 1464.06/151.52/0.05999.
    #[test]
    fn glickmans_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after = player.after(&[
            (opp(1400.0, 30.0), 1.0),
            (opp(1550.0, 100.0), 0.0),
            (opp(1700.0, 300.0), 0.0),
        ]);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers() {
        let win = Rating::NEW.after(&[(Rating::NEW, 1.0)]);
        let loss = Rating::NEW.after(&[(Rating::NEW, 0.0)]);
        assert!(win.rating > 1500.0 && loss.rating < 1500.0);
        assert!((win.rating - 1500.0 + loss.rating - 1500.0).abs() < 1e-6);
    }
}
