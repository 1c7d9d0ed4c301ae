//! Ratings from a tournament's results by maximum likelihood, as `ordo`
//! and `bayeselo` report them: the logistic Elo model (a program rated D
//! higher scores 1 / (1 + 10^(-D/400)) on average, a draw half a win),
//! fitted by Newton's method with the ratings' mean held at 0, and a 95%
//! interval for each from the fit's curvature.

/// A program's rating and the half-width of its 95% interval (an infinite
/// rating and no interval when the results do not bound it: every game
/// won, or every game lost).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo, relative to the field's mean.
    pub elo: f64,
    /// Half the 95% interval.
    pub margin: Option<f64>,
}

const SCALE: f64 = 400.0 / std::f64::consts::LN_10;

/// The ratings of `n` programs from `score[i][j]`, the points program `i`
/// scored against `j`, and `games[i][j]`, the games they played.
pub fn fit(n: usize, score: &[Vec<f64>], games: &[Vec<f64>]) -> Vec<Rating> {
    // A program with every point, or none, against the others still in
    // has no finite rating: it is set out (above or below them all), and
    // the others are fitted among themselves, until none is left to set
    // out.
    let mut ratings = vec![
        Rating {
            elo: 0.0,
            margin: None,
        };
        n
    ];
    let mut kept: Vec<usize> = (0..n).collect();
    loop {
        let mut out = None;
        for &i in &kept {
            let s: f64 = kept.iter().map(|&j| score[i][j]).sum();
            let g: f64 = kept.iter().map(|&j| games[i][j]).sum();
            let all_games: f64 = games[i].iter().sum();
            if g > 0.0 && (s <= 0.0 || s >= g) {
                out = Some((i, s > 0.0));
                break;
            }
            // Only games against programs set out: above them if it
            // scored at all (it can only have beaten one set out below).
            if g == 0.0 && all_games > 0.0 {
                out = Some((i, score[i].iter().sum::<f64>() > 0.0));
                break;
            }
        }
        let Some((i, above)) = out else { break };
        ratings[i].elo = if above {
            f64::INFINITY
        } else {
            f64::NEG_INFINITY
        };
        kept.retain(|&k| k != i);
    }
    let pick = |m: &[Vec<f64>]| -> Vec<Vec<f64>> {
        kept.iter()
            .map(|&i| kept.iter().map(|&j| m[i][j]).collect())
            .collect()
    };
    for (slot, rating) in fit_bounded(&pick(score), &pick(games))
        .into_iter()
        .enumerate()
    {
        ratings[kept[slot]] = rating;
    }
    ratings
}

/// [`fit`] where every program's rating is bounded.
fn fit_bounded(score: &[Vec<f64>], games: &[Vec<f64>]) -> Vec<Rating> {
    let n = score.len();
    let mut r = vec![0.0f64; n];
    if n < 2 {
        return vec![
            Rating {
                elo: 0.0,
                margin: None,
            };
            n
        ];
    }
    let free = n - 1;
    for _ in 0..100 {
        // Newton's step on the free ratings (the last is minus their sum,
        // which keeps the mean at 0), damped to at most 200 Elo a step.
        let (mut h, mut g) = reduced(&r, score, games);
        let Some(step) = solve(&mut h, &mut g) else {
            break;
        };
        let mut largest: f64 = 0.0;
        for i in 0..free {
            let d = (-step[i]).clamp(-200.0, 200.0);
            r[i] += d;
            largest = largest.max(d.abs());
        }
        r[free] = -r[..free].iter().sum::<f64>();
        if largest < 1e-6 {
            break;
        }
    }
    // The covariance of the free ratings is minus the inverse of the
    // curvature; the last one's variance is the sum of it all.
    let (h, _) = reduced(&r, score, games);
    let columns: Vec<Vec<f64>> = (0..free)
        .map(|c| {
            let mut a = h.clone();
            let mut unit: Vec<f64> = (0..free).map(|i| if i == c { -1.0 } else { 0.0 }).collect();
            solve(&mut a, &mut unit).unwrap_or_else(|| vec![f64::INFINITY; free])
        })
        .collect();
    (0..n)
        .map(|i| {
            let variance: f64 = if i < free {
                columns[i][i]
            } else {
                columns.iter().flatten().sum()
            };
            let played = games[i].iter().sum::<f64>() > 0.0;
            Rating {
                elo: r[i],
                margin: (played && variance.is_finite() && variance > 0.0)
                    .then(|| 1.96 * variance.sqrt()),
            }
        })
        .collect()
}

/// The log-likelihood's gradient and curvature in the free ratings (all
/// but the last, which is minus their sum).
fn reduced(r: &[f64], score: &[Vec<f64>], games: &[Vec<f64>]) -> (Vec<Vec<f64>>, Vec<f64>) {
    let (gradient, hessian) = derivatives(r, score, games);
    let free = r.len() - 1;
    let mut h: Vec<Vec<f64>> = (0..free)
        .map(|i| {
            (0..free)
                .map(|j| hessian[i][j] - hessian[i][free] - hessian[free][j] + hessian[free][free])
                .collect()
        })
        .collect();
    // A program that played nobody stays where it is.
    for (i, row) in h.iter_mut().enumerate() {
        row[i] -= 1e-9;
    }
    let g = (0..free).map(|i| gradient[i] - gradient[free]).collect();
    (h, g)
}

/// The log-likelihood's gradient and Hessian at ratings `r`.
fn derivatives(r: &[f64], score: &[Vec<f64>], games: &[Vec<f64>]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = r.len();
    let mut gradient = vec![0.0; n];
    let mut hessian = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i == j || games[i][j] == 0.0 {
                continue;
            }
            let p = 1.0 / (1.0 + ((r[j] - r[i]) / SCALE).exp());
            gradient[i] += (score[i][j] - games[i][j] * p) / SCALE;
            let w = games[i][j] * p * (1.0 - p) / (SCALE * SCALE);
            hessian[i][i] -= w;
            hessian[i][j] += w;
        }
    }
    (gradient, hessian)
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(a: &mut [Vec<f64>], b: &mut [f64]) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-15 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..n {
            let f = a[row][col] / a[col][col];
            let (top, bottom) = a.split_at_mut(row);
            for (x, &y) in bottom[0][col..].iter_mut().zip(&top[col][col..]) {
                *x -= f * y;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two programs: the fit gives the score's Elo difference (60% is
    /// +70.4 Elo), split about the mean.
    #[test]
    fn two_programs_give_the_scores_difference() {
        let score = vec![vec![0.0, 60.0], vec![40.0, 0.0]];
        let games = vec![vec![0.0, 100.0], vec![100.0, 0.0]];
        let r = fit(2, &score, &games);
        assert!((r[0].elo - r[1].elo - 70.44).abs() < 0.1, "{r:?}");
        assert!((r[0].elo + r[1].elo).abs() < 1e-6);
        // About the one-match margin, split between the two.
        let m = r[0].margin.unwrap();
        assert!(m > 30.0 && m < 40.0, "{m}");
    }

    #[test]
    fn a_perfect_score_has_no_bound() {
        let score = vec![
            vec![0.0, 2.0, 2.0],
            vec![0.0, 0.0, 1.0],
            vec![0.0, 1.0, 0.0],
        ];
        let games = vec![
            vec![0.0, 2.0, 2.0],
            vec![2.0, 0.0, 2.0],
            vec![2.0, 2.0, 0.0],
        ];
        let r = fit(3, &score, &games);
        assert_eq!(r[0].margin, None);
        assert_eq!(r[0].elo, f64::INFINITY);
        assert!((r[1].elo - r[2].elo).abs() < 1e-6);
        assert!(r[1].margin.is_some());
    }
}
