//! A server started by a test (on a loopback port the system picks, with
//! its database in a temporary folder) and clients that talk to it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running server; stopped (SIGTERM) when dropped.
pub struct Server {
    child: Child,
    /// Its address.
    pub addr: String,
    /// Its database.
    pub db: PathBuf,
    /// The page's address (`--http`), when it serves one.
    pub page: Option<String>,
}

impl Server {
    /// Starts a server on `db`.
    pub fn start(db: &Path) -> Server {
        Server::start_at(db, "127.0.0.1:0")
    }

    /// Starts a server on `db` listening on `listen`.
    pub fn start_at(db: &Path, listen: &str) -> Server {
        Server::start_with(db, listen, &[])
    }

    /// Starts a server on `db` listening on `listen`, with more flags.
    pub fn start_with(db: &Path, listen: &str, flags: &[&str]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_antichess"));
        command
            .args(["server", "--listen", listen, "--db"])
            .arg(db)
            .args(flags);
        Server::spawn(command, db, flags)
    }

    /// Starts a server on `db` (with more flags) that may open at most
    /// `files` descriptors (set by the shell's `ulimit -n` before the
    /// server starts).
    pub fn start_limited(db: &Path, files: u32, flags: &[&str]) -> Server {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("ulimit -n {files} && exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_antichess"))
            .args(["server", "--listen", "127.0.0.1:0", "--db"])
            .arg(db)
            .args(flags);
        Server::spawn(command, db, flags)
    }

    fn spawn(mut command: Command, db: &Path, flags: &[&str]) -> Server {
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let addr = line
            .strip_prefix("Listening on ")
            .unwrap_or_else(|| panic!("not a listening line: {line:?}"))
            .trim()
            .to_string();
        let mut page = None;
        if flags.contains(&"--http") {
            while page.is_none() {
                let mut line = String::new();
                if out.read_line(&mut line).unwrap() == 0 {
                    panic!("the server ended before its page line");
                }
                page = line
                    .strip_prefix("Page at http://")
                    .map(|a| a.trim().trim_end_matches('/').to_string());
            }
        }
        // Keep draining the server's output so it never blocks.
        std::thread::spawn(move || {
            let mut sink = String::new();
            let _ = out.read_to_string(&mut sink);
        });
        Server {
            child,
            addr,
            db: db.to_path_buf(),
            page,
        }
    }

    /// Stops the server as Ctrl-C would (SIGTERM) and waits for it.
    pub fn stop(&mut self) -> std::process::ExitStatus {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        self.child.wait().unwrap()
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The server's open sockets (descriptors), from `/proc`.
    pub fn sockets(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id()))
            .unwrap()
            .filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
            .filter(|target| target.to_string_lossy().starts_with("socket:"))
            .count()
    }

    /// The server's resident memory, in kilobytes.
    pub fn rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap()
    }

    /// A client connected to it.
    pub fn connect(&self) -> Client {
        Client::connect(&self.addr)
    }

    /// A client logged in as a guest; its handle.
    pub fn guest(&self) -> (Client, String) {
        Server::log_in_as_guest(self.connect())
    }

    /// A guest whose socket takes in at most a few kilobytes it has not
    /// read (a small receive window, not grown by the system): what a
    /// client that stops reading holds back is then bounded by the
    /// server's side alone.
    pub fn guest_with_small_window(&self) -> (Client, String) {
        use socket2::{Domain, Socket, Type};
        let to: std::net::SocketAddr = self.addr.parse().unwrap();
        let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        socket.connect(&to.into()).unwrap();
        Server::log_in_as_guest(Client::over(socket.into()))
    }

    fn log_in_as_guest(mut c: Client) -> (Client, String) {
        c.expect("login: ");
        c.send("guest");
        let text = c.expect("\":\n");
        let start = text.find("as \"").unwrap() + 4;
        let name = text[start..].split('"').next().unwrap().to_string();
        c.send("");
        c.expect("fics% ");
        (c, name)
    }

    /// A client logged in with a password.
    pub fn user(&self, name: &str, password: &str) -> Client {
        let mut c = self.connect();
        c.expect("login: ");
        c.send(name);
        c.expect("password: ");
        c.send(password);
        c.expect("Starting FICS session");
        c.expect("fics% ");
        c
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Registers Alice (password `wonderland`) and Bob (`builder`) in `db`.
pub fn alice_and_bob(db: &Path) {
    add_user(db, "Alice", "wonderland");
    add_user(db, "Bob", "builder");
}

/// `challenger` sends `match NAME TERMS`, `challenged` accepts it; the
/// challenge as the challenged saw it, and the game's creation as the
/// challenger saw it.
pub fn challenge(
    challenger: &mut Client,
    challenged: &mut Client,
    name: &str,
    terms: &str,
) -> (String, String) {
    challenger.send(&format!("match {name} {terms}"));
    let seen = challenged.expect("decline\"");
    challenged.send("accept");
    let created = challenger.expect("match.}");
    (seen, created)
}

/// Registers `name` with `password` in the database `db`.
pub fn add_user(db: &Path, name: &str, password: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_antichess"))
        .args(["server", "add-user", name, "--db"])
        .arg(db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("{password}\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A connection to `addr` from the loopback address `source`.
pub fn connect_from(addr: &str, source: &str) -> std::io::Result<TcpStream> {
    use socket2::{Domain, Socket, Type};
    let to: std::net::SocketAddr = addr.parse().unwrap();
    let from: std::net::SocketAddr = format!("{source}:0").parse().unwrap();
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None)?;
    socket.bind(&from.into())?;
    socket.connect(&to.into())?;
    Ok(socket.into())
}

/// A client: every byte it received is kept, to be searched and scanned.
pub struct Client {
    stream: TcpStream,
    /// Everything received so far.
    pub all: Vec<u8>,
    /// What was received less the telnet commands (IAC and two bytes).
    shown: Vec<u8>,
    /// Bytes of a telnet command still to drop.
    telnet: u8,
    /// How far [`Client::expect`] has read in `shown`.
    seen: usize,
}

impl Client {
    /// Connects to `addr`.
    pub fn connect(addr: &str) -> Client {
        Client::over(TcpStream::connect(addr).unwrap())
    }

    /// Connects to `addr` from the loopback address `source` (such as
    /// `127.0.0.2`).
    pub fn connect_from(addr: &str, source: &str) -> Client {
        Client::over(connect_from(addr, source).unwrap())
    }

    fn over(stream: TcpStream) -> Client {
        stream
            .set_read_timeout(Some(Duration::from_millis(5)))
            .unwrap();
        Client {
            stream,
            all: Vec::new(),
            shown: Vec::new(),
            telnet: 0,
            seen: 0,
        }
    }

    /// Sends a line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Sends bytes as they are.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.stream.write_all(bytes).unwrap();
    }

    /// Reads what has arrived; `false` once the server closed.
    pub fn pump(&mut self) -> bool {
        self.pump_at_most(65536)
    }

    /// Reads at most `limit` bytes of what has arrived (a slow reader);
    /// `false` once the server closed.
    pub fn pump_at_most(&mut self, limit: usize) -> bool {
        let mut buf = vec![0u8; limit];
        match self.stream.read(&mut buf) {
            Ok(0) => false,
            Ok(n) => {
                self.all.extend_from_slice(&buf[..n]);
                for &b in &buf[..n] {
                    if self.telnet > 0 {
                        self.telnet -= 1;
                    } else if b == 0xff {
                        self.telnet = 2;
                    } else {
                        self.shown.push(b);
                    }
                }
                true
            }
            Err(e) => matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ),
        }
    }

    /// Waits (up to 10 s) for `pattern` after what was already expected;
    /// the text up to and including it.
    pub fn expect(&mut self, pattern: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        let needle = pattern.as_bytes();
        loop {
            let rest = &self.shown[self.seen..];
            if let Some(i) = rest.windows(needle.len()).position(|w| w == needle) {
                let upto = String::from_utf8_lossy(&rest[..i + needle.len()]).into_owned();
                self.seen += i + needle.len();
                return upto;
            }
            let text = String::from_utf8_lossy(rest).into_owned();
            assert!(
                Instant::now() < deadline,
                "waited for {pattern:?}; got {text:?}"
            );
            assert!(self.pump(), "closed before {pattern:?}; got {text:?}");
        }
    }

    /// Sends `line` and waits for the prompt after its answer; the answer.
    /// What arrived before and was not expected is passed over first.
    pub fn command(&mut self, line: &str) -> String {
        while self.pump() {
            if self.shown.len() == self.seen {
                break;
            }
            self.seen = self.shown.len();
        }
        self.send(line);
        self.expect("fics% ")
    }

    /// Waits until the server closes the connection (up to 10 s).
    pub fn expect_closed(&mut self) {
        self.expect_closed_within(Duration::from_secs(10));
    }

    /// Waits until the server closes the connection, up to `wait`.
    pub fn expect_closed_within(&mut self, wait: Duration) {
        let deadline = Instant::now() + wait;
        while self.pump() {
            assert!(
                Instant::now() < deadline,
                "the server did not close; {} bytes received, ending {:?}",
                self.all.len(),
                String::from_utf8_lossy(&self.all[self.all.len().saturating_sub(300)..])
            );
        }
    }

    /// Everything received, as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.all).into_owned()
    }
}

/// The fields of the last `<12>` line in `text`.
pub fn last_board(text: &str) -> Vec<String> {
    let line = text
        .lines()
        .rfind(|l| l.starts_with("<12> "))
        .unwrap_or_else(|| panic!("no board in {text:?}"));
    line.split(' ').map(String::from).collect()
}
