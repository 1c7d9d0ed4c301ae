//! The server's limits, each one flag of `antichess server` (its help
//! says what the limit is for): connections in all and from one address,
//! HTTP connections not yet upgraded, how long a write may take, how long
//! a client may stay idle, how long a game waits for a guest who lost its
//! connection; and the descriptors they need, fitted to what the process
//! may open, so that the game port never runs out of them.

use std::time::Duration;

/// The limits a server keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Game connections (telnet and WebSocket sessions) at once.
    pub connections: usize,
    /// Game connections from one address.
    pub per_address: usize,
    /// HTTP connections not (yet) upgraded to a WebSocket.
    pub http: usize,
    /// The longest one write to a client may take before it is dropped.
    pub write_timeout: Duration,
    /// A logged-in client that sends nothing for this long (and plays no
    /// game) is logged out; `None`: never.
    pub idle: Option<Duration>,
    /// How long a game waits for a guest who lost its connection to come
    /// back (its clock runs meanwhile).
    pub grace: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 1000,
            per_address: 50,
            http: 256,
            write_timeout: Duration::from_secs(30),
            idle: Some(Duration::from_secs(3600)),
            grace: Duration::from_secs(60),
        }
    }
}

/// Descriptors kept back for everything but connections: the database
/// and its journal, the listeners, the runtime's own, standard streams,
/// and a connection accepted only to be refused.
const RESERVED: usize = 64;

impl Limits {
    /// The limits within `descriptors` (the most the process may open):
    /// HTTP connections to at most a quarter of what is left after
    /// [`RESERVED`], game connections to the rest; `None` when unchanged.
    pub fn fit(&self, descriptors: usize) -> Option<Limits> {
        let budget = descriptors.saturating_sub(RESERVED).max(2);
        if self.connections + self.http <= budget {
            return None;
        }
        let http = self.http.min(budget / 4).max(1);
        let connections = self.connections.min(budget - http).max(1);
        Some(Limits {
            connections,
            http,
            per_address: self.per_address.min(connections),
            ..self.clone()
        })
    }
}

/// Raises the process's soft limit on open descriptors to its hard
/// limit; the limit now in force.
pub fn raise_descriptor_limit() -> usize {
    use nix::sys::resource::{Resource, getrlimit, setrlimit};
    let Ok((soft, hard)) = getrlimit(Resource::RLIMIT_NOFILE) else {
        return 1024;
    };
    let raised = if hard > soft && setrlimit(Resource::RLIMIT_NOFILE, hard, hard).is_ok() {
        hard
    } else {
        soft
    };
    usize::try_from(raised).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_fit_the_descriptors_the_process_has() {
        let limits = Limits::default();
        assert_eq!(limits.fit(20_000), None);
        let fitted = limits.fit(256).unwrap();
        assert_eq!(fitted.http, 48);
        assert_eq!(fitted.connections, 144);
        assert!(fitted.http + fitted.connections + RESERVED <= 256);
        assert_eq!(fitted.per_address, 50);
        let tiny = limits.fit(10).unwrap();
        assert!(tiny.connections >= 1 && tiny.http >= 1);
    }
}
