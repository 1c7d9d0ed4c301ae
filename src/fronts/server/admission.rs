//! Who may connect: game connections (telnet, and the page's WebSocket
//! once upgraded) counted in all and by address, and HTTP connections
//! counted apart until they upgrade, each within its limit
//! ([`super::limits::Limits`]). A slot is held by a value and given back
//! when it is dropped, whatever ends the connection.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::limits::Limits;
use super::net::ConnId;

/// Why a connection is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The server holds as many connections as it may.
    Full,
    /// The address holds as many as one address may.
    Address,
}

impl Refused {
    /// The line a refused telnet client reads.
    pub fn text(self) -> &'static str {
        match self {
            Refused::Full => "The server is full; try again later.\n",
            Refused::Address => "Too many connections from your address; close one first.\n",
        }
    }
}

#[derive(Debug, Default)]
struct Counts {
    games: usize,
    http: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// The connections of every listener: their numbers and counts.
#[derive(Debug)]
pub struct Connections {
    next: AtomicU64,
    limits: Limits,
    counts: Mutex<Counts>,
}

/// A game connection admitted: counted until dropped.
#[derive(Debug)]
pub struct Admitted {
    /// Its number.
    pub id: ConnId,
    peer: IpAddr,
    connections: Arc<Connections>,
}

/// An HTTP connection admitted: counted until dropped.
#[derive(Debug)]
pub struct HttpSlot {
    connections: Arc<Connections>,
}

impl Connections {
    /// Counts within `limits`.
    pub fn new(limits: Limits) -> Arc<Connections> {
        Arc::new(Connections {
            next: AtomicU64::new(0),
            limits,
            counts: Mutex::default(),
        })
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        // The counts stay consistent whatever panicked holding them.
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A number for a new game connection from `peer`, or why not.
    pub fn admit(self: &Arc<Self>, peer: IpAddr) -> Result<Admitted, Refused> {
        let mut counts = self.counts();
        if counts.games >= self.limits.connections {
            return Err(Refused::Full);
        }
        let mine = counts.by_address.entry(peer).or_default();
        if *mine >= self.limits.per_address {
            return Err(Refused::Address);
        }
        *mine += 1;
        counts.games += 1;
        Ok(Admitted {
            id: self.next.fetch_add(1, Ordering::SeqCst) + 1,
            peer,
            connections: Arc::clone(self),
        })
    }

    /// A slot for an HTTP connection, or `None` when all are taken.
    pub fn admit_http(self: &Arc<Self>) -> Option<HttpSlot> {
        let mut counts = self.counts();
        if counts.http >= self.limits.http {
            return None;
        }
        counts.http += 1;
        Some(HttpSlot {
            connections: Arc::clone(self),
        })
    }

    /// The limits kept.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut counts = self.connections.counts();
        counts.games -= 1;
        if let Some(n) = counts.by_address.get_mut(&self.peer) {
            *n -= 1;
            if *n == 0 {
                counts.by_address.remove(&self.peer);
            }
        }
    }
}

impl Drop for HttpSlot {
    fn drop(&mut self) {
        self.connections.counts().http -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_counted_in_all_by_address_and_given_back() {
        let connections = Connections::new(Limits {
            connections: 3,
            per_address: 2,
            http: 1,
            ..Limits::default()
        });
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let first = connections.admit(a).unwrap();
        let _second = connections.admit(a).unwrap();
        assert_eq!(connections.admit(a).unwrap_err(), Refused::Address);
        let _third = connections.admit(b).unwrap();
        assert_eq!(connections.admit(b).unwrap_err(), Refused::Full);
        drop(first);
        assert!(connections.admit(a).is_ok());
        let slot = connections.admit_http().unwrap();
        assert!(connections.admit_http().is_none());
        drop(slot);
        assert!(connections.admit_http().is_some());
    }
}
