//! The connection to the server: a thread reads it and hands whole lines
//! (split by [`crate::telnet::Lines`], as the server splits its clients')
//! and a question left without a line end, such as `login: `, to the
//! client's loop; writes go straight to the socket.

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::mpsc::Sender;
use std::time::Duration;

use crate::telnet::Lines;

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

/// The connection.
pub struct Link {
    stream: TcpStream,
}

impl Link {
    /// Connects (within 10 s) and starts reading; events carry
    /// `generation`.
    pub fn open(addr: &str, generation: u64, events: Sender<Event>) -> std::io::Result<Link> {
        let target = addr
            .to_socket_addrs()?
            .next()
            .ok_or_else(|| std::io::Error::other("no such address"))?;
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
