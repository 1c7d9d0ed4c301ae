//! The one-dimensional minimum the fitting examples look for (a logistic
//! scale), shared by `texel.rs` and `network.rs`.

/// The point in `lo..hi` where `loss` is least, by `steps` steps of
/// golden-section search (`loss` is taken to have one minimum there).
pub fn least(loss: impl Fn(f64) -> f64, lo: f64, hi: f64, steps: usize) -> f64 {
    let (mut a, mut b) = (lo, hi);
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..steps {
        let (c, d) = (b - r * (b - a), a + r * (b - a));
        if loss(c) < loss(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}
