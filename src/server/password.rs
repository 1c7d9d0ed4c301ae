//! Passwords: stored only as Argon2id hashes (PHC strings with their own
//! salt and parameters), checked in constant time by the hash's library.

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
