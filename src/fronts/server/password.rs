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

/// Whether `password` matches `stored` (a hash from [`hash`]), computed
/// in `memory` (grown to the hash's memory cost once, then used again:
/// Argon2id's 19 MiB a check, freshly allocated, would be kept by the
/// allocator thread by thread).
pub fn verify_in(memory: &mut Vec<argon2::Block>, password: &str, stored: &str) -> bool {
    use argon2::password_hash::phc::Output;
    use argon2::{Algorithm, Params, Version};
    if password.len() > MAX_PASSWORD {
        return false;
    }
    let Ok(parsed) = PasswordHash::new(stored) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else {
        return false;
    };
    let algorithm = Algorithm::new(parsed.algorithm.as_str());
    let version = parsed
        .version
        .map_or(Ok(Version::default()), Version::try_from);
    let (Ok(algorithm), Ok(version), Ok(params)) = (algorithm, version, Params::try_from(&parsed))
    else {
        return false;
    };
    let blocks = params.block_count();
    if memory.len() < blocks {
        memory.resize(blocks, argon2::Block::default());
    }
    let mut out = vec![0u8; expected.len()];
    let hasher = Argon2::new(algorithm, version, params);
    hasher
        .hash_password_into_with_memory(password.as_bytes(), salt.as_ref(), &mut out, &mut memory[..blocks])
        .is_ok()
        // Output's comparison takes the same time wherever they differ.
        && Output::new(&out).is_ok_and(|computed| computed == *expected)
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

/// A password to check against a stored hash (`None`: no such user), or
/// to hash for a new account, and whose it is.
struct Job {
    id: super::net::ConnId,
    peer: std::net::IpAddr,
    name: String,
    typed: String,
    work: Work,
}

enum Work {
    Check(Option<String>),
    Hash,
}

/// Threads that check passwords, with a bounded queue of checks waiting:
/// the answer comes back to the hub as an [`Event::Checked`].
///
/// [`Event::Checked`]: super::net::Event::Checked
pub struct Checker {
    jobs: SyncSender<Job>,
}

/// Checks waiting for a thread, at most; more are refused as busy.
const WAITING: usize = 16;

impl Checker {
    /// `threads` checkers answering through `events`.
    pub fn start(threads: usize, events: tokio::sync::mpsc::Sender<super::net::Event>) -> Checker {
        let (jobs, queue) = sync_channel::<Job>(WAITING);
        let queue = std::sync::Arc::new(std::sync::Mutex::new(queue));
        for _ in 0..threads.max(1) {
            let queue = std::sync::Arc::clone(&queue);
            let events = events.clone();
            std::thread::spawn(move || {
                let mut memory = Vec::new();
                loop {
                    let job = match queue.lock() {
                        Ok(q) => q.recv(),
                        Err(_) => return,
                    };
                    let Ok(job) = job else { return };
                    let answer = match job.work {
                        Work::Check(stored) => super::net::Event::Checked {
                            id: job.id,
                            peer: job.peer,
                            ok: stored.is_some_and(|h| verify_in(&mut memory, &job.typed, &h)),
                            name: job.name,
                        },
                        Work::Hash => super::net::Event::Hashed {
                            id: job.id,
                            hash: hash(&job.typed).ok(),
                            name: job.name,
                        },
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
        self.queue(Job {
            id,
            peer,
            name: name.to_string(),
            typed: typed.to_string(),
            work: Work::Check(stored),
        })
    }

    /// Queues the hashing of `password` for a new account `name`: `false`
    /// when too many jobs are waiting.
    pub fn hash(
        &self,
        id: super::net::ConnId,
        peer: std::net::IpAddr,
        name: &str,
        password: &str,
    ) -> bool {
        self.queue(Job {
            id,
            peer,
            name: name.to_string(),
            typed: password.to_string(),
            work: Work::Hash,
        })
    }

    fn queue(&self, job: Job) -> bool {
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
        // The same answers with memory kept from check to check.
        let mut memory = Vec::new();
        assert!(verify_in(&mut memory, "correct horse", &stored));
        assert!(!verify_in(&mut memory, "correct horsf", &stored));
        assert!(verify_in(&mut memory, "correct horse", &stored));
        assert!(!verify_in(&mut memory, "correct horse", "not a hash"));
        assert_eq!(memory.len(), argon2::Params::default().block_count());
    }
}
