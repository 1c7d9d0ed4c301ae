//! The connection to the server: a thread reads it and hands whole lines
//! (split by [`crate::sys::telnet::Lines`], as the server splits its clients')
//! and a question left without a line end, such as `login: `, to the
//! client's loop; writes go straight to the socket.

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::mpsc::Sender;
use std::time::Duration;

use crate::sys::telnet::Lines;

/// The longest line kept from the server (longer ones are cut).
const MAX_LINE: usize = 64 * 1024;

/// What reaches the client's loop.
pub enum Event {
    /// A line from the server, of the connection numbered first.
    Line(u64, String),
    /// Text without a line end after the server paused (a question).
    Prompt(u64, String),
    /// The connection closed.
    Closed(u64),
    /// A line typed.
    Typed(String),
    /// Standard input ended.
    EndOfInput,
}

/// `addr` with the server's default port when it names none: `localhost`
/// is `localhost:5000`, `::1` is `[::1]:5000`; `host:port` and
/// `[v6]:port` stay as they are.
pub fn with_port(addr: &str) -> String {
    let port = crate::fronts::fics::DEFAULT_LISTEN
        .rsplit(':')
        .next()
        .unwrap_or("5000");
    let has_port = |host: &str, p: &str| {
        !p.is_empty()
            && p.bytes().all(|b| b.is_ascii_digit())
            && (!host.contains(':') || (host.starts_with('[') && host.ends_with(']')))
    };
    match addr.rsplit_once(':') {
        Some((host, p)) if has_port(host, p) => addr.to_string(),
        _ if addr.contains(':') && !addr.starts_with('[') => format!("[{addr}]:{port}"),
        _ => format!("{addr}:{port}"),
    }
}

/// The connection.
pub struct Link {
    stream: TcpStream,
}

impl Link {
    /// Connects (within 10 s) and starts reading; events carry
    /// `generation`.
    pub fn open(addr: &str, generation: u64, events: Sender<Event>) -> std::io::Result<Link> {
        let target = with_port(addr)
            .to_socket_addrs()?
            .next()
            .ok_or_else(|| std::io::Error::other("the name has no address"))?;
        let stream = TcpStream::connect_timeout(&target, Duration::from_secs(10))?;
        let _ = stream.set_nodelay(true);
        let reader = stream.try_clone()?;
        std::thread::spawn(move || read(reader, generation, &events));
        Ok(Link { stream })
    }

    /// Sends a line (a failure shows up as the connection closing).
    pub fn send(&mut self, line: &str) {
        let _ = self.stream.write_all(format!("{line}\n").as_bytes());
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
    }
}

fn read(mut stream: TcpStream, generation: u64, events: &Sender<Event>) {
    let mut buf = [0u8; 8192];
    let mut lines = Lines::new(MAX_LINE);
    loop {
        let n = match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        for &b in &buf[..n] {
            if let Some((text, _)) = lines.push(b)
                && events.send(Event::Line(generation, text)).is_err()
            {
                return;
            }
        }
        // The server paused after a question (`login: `, a prompt).
        if let Some(text) = lines.take_partial(|t| t.ends_with(": ") || t.ends_with("% "))
            && events.send(Event::Prompt(generation, text)).is_err()
        {
            return;
        }
    }
    let _ = events.send(Event::Closed(generation));
}

#[cfg(test)]
mod tests {
    use super::with_port;

    #[test]
    fn an_address_without_a_port_gets_the_servers() {
        assert_eq!(with_port("localhost"), "localhost:5000");
        assert_eq!(
            with_port("chess.example.org:5001"),
            "chess.example.org:5001"
        );
        assert_eq!(with_port("127.0.0.1"), "127.0.0.1:5000");
        assert_eq!(with_port("::1"), "[::1]:5000");
        assert_eq!(with_port("[::1]:23"), "[::1]:23");
        assert_eq!(with_port("[::1]"), "[::1]:5000");
    }
}
