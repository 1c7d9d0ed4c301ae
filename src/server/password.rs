//! Passwords: stored only as Argon2id hashes (PHC strings with their own
//! salt and parameters), checked in constant time by the hash's library,
//! on threads of their own ([`Checker`]): a check takes about 20 ms of a
//! core, and the hub, which keeps every game's clock, never waits for one.

use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

/// The longest password taken (longer input is refused, not hashed).
pub const MAX_PASSWORD: usize = 256;

/// The Argon2id hash of `password`, with a new random salt.
pub fn hash(password: &str) -> Result<String, String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| format!("cannot hash the password: {e}"))
}

/// Whether `password` matches `stored` (a hash from [`hash`]).
pub fn verify(password: &str, stored: &str) -> bool {
    if password.len() > MAX_PASSWORD {
        return false;
    }
    PasswordHash::new(stored).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

/// A password to check, and whose it is.
struct Job {
    id: super::net::ConnId,
    peer: std::net::IpAddr,
    name: String,
    typed: String,
    stored: Option<String>,
}

/// Threads that check passwords, with a bounded queue of checks waiting:
/// the answer comes back to the hub as an [`Event::Checked`].
///
/// [`Event::Checked`]: super::net::Event::Checked
pub struct Checker {
    jobs: SyncSender<Job>,
}

/// Checks waiting for a thread, at most; more are refused as busy.
const WAITING: usize = 64;

impl Checker {
    /// `threads` checkers answering through `events`.
    pub fn start(threads: usize, events: tokio::sync::mpsc::Sender<super::net::Event>) -> Checker {
        let (jobs, queue) = sync_channel::<Job>(WAITING);
        let queue = std::sync::Arc::new(std::sync::Mutex::new(queue));
        for _ in 0..threads.max(1) {
            let queue = std::sync::Arc::clone(&queue);
            let events = events.clone();
            std::thread::spawn(move || {
                loop {
                    let job = match queue.lock() {
                        Ok(q) => q.recv(),
                        Err(_) => return,
                    };
                    let Ok(job) = job else { return };
                    let ok = job.stored.is_some_and(|h| verify(&job.typed, &h));
                    let answer = super::net::Event::Checked {
                        id: job.id,
                        peer: job.peer,
                        name: job.name,
                        ok,
                    };
                    if events.blocking_send(answer).is_err() {
                        return;
                    }
                }
            });
        }
        Checker { jobs }
    }

    /// Queues a check of `typed` against `stored` (none: no such user):
    /// `false` when too many are waiting.
    pub fn check(
        &self,
        id: super::net::ConnId,
        peer: std::net::IpAddr,
        name: &str,
        typed: &str,
        stored: Option<String>,
    ) -> bool {
        let job = Job {
            id,
            peer,
            name: name.to_string(),
            typed: typed.to_string(),
            stored,
        };
        !matches!(
            self.jobs.try_send(job),
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_))
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_checks_its_password_only() {
        let stored = hash("correct horse").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(!stored.contains("correct horse"));
        assert!(verify("correct horse", &stored));
        assert!(!verify("correct horsf", &stored));
        assert!(!verify("correct horse", "not a hash"));
    }
}
