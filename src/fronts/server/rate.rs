//! Rate limits per sender: a bucket of tokens that refills at a steady
//! rate, one token a message. Every connection's lines have one (a client
//! sending faster is read more slowly, so it cannot take the hub from the
//! others' moves); talk (`tell`, `say`, `match`) and seeks (each
//! announced to every idle player) have one each per session, so one
//! client cannot flood the others' connections: what overflows is refused
//! with a word to the sender.

use std::time::{Duration, Instant};

/// A token bucket.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
    burst: f64,
    per_second: f64,
}

/// Password checks the whole server makes at once, then ten a second
/// (each takes about 20 ms of a core: passwords take at most a fifth of a
/// core, whoever sends them).
pub const CHECKS: (u32, f64) = (20, 10.0);
/// Lines a client may send at once, then a hundred a second: a client
/// sending faster is read more slowly.
pub const LINES: (u32, f64) = (1000, 100.0);
/// Messages (`tell`, `say`, `match`) a client may send at once, then one
/// a second.
pub const TALK: (u32, f64) = (10, 1.0);
/// Accounts made with `register` on the whole server at once, then one a
/// minute (with `--open-registration`).
pub const REGISTRATIONS: (u32, f64) = (5, 1.0 / 60.0);
/// Seeks a client may post at once, then one every five seconds.
pub const SEEKS: (u32, f64) = (5, 0.2);

impl Bucket {
    /// A full bucket of `burst` tokens refilled at `per_second`.
    pub fn new((burst, per_second): (u32, f64)) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            at: Instant::now(),
            burst: f64::from(burst),
            per_second,
        }
    }

    /// Takes a token at `now`: `Ok`, or how long until one is there.
    pub fn take(&mut self, now: Instant) -> Result<(), Duration> {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64(
                (1.0 - self.tokens) / self.per_second,
            ))
        }
    }
}

/// The refusal's words: `what` (messages, seeks) and the wait.
pub fn refusal(what: &str, wait: Duration) -> String {
    format!(
        "You are sending {what} too fast: wait {:.1} s.",
        wait.as_secs_f64().max(0.1)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_steady_rate() {
        let start = Instant::now();
        let mut bucket = Bucket::new((3, 2.0));
        for _ in 0..3 {
            assert!(bucket.take(start).is_ok());
        }
        let wait = bucket.take(start).unwrap_err();
        assert!((wait.as_secs_f64() - 0.5).abs() < 1e-9, "{wait:?}");
        assert!(bucket.take(start + Duration::from_millis(400)).is_err());
        assert!(bucket.take(start + Duration::from_millis(500)).is_ok());
        // Never more than the burst, however long it waits.
        let later = start + Duration::from_secs(3600);
        for _ in 0..3 {
            assert!(bucket.take(later).is_ok());
        }
        assert!(bucket.take(later).is_err());
    }
}
