//! `antichess connect`: the server at the terminal. It logs in (as a guest,
//! or as a registered player with a password), shows the server's lines,
//! sends what is typed, and draws each `<12>` board with the terminal
//! games' board view (`board.rs`). A dropped connection is reported at
//! once; the client connects again with backoff (1 s, doubling to 30 s),
//! logs in again and, as a registered player, asks to resume the adjourned
//! game (at once, and when the opponent arrives).
//!
//! The network is read by a thread of its own (`link.rs`) and standard
//! input by another, both feeding one loop, so lines from the server are
//! shown while a line is being typed.

mod board;
mod link;

use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::time::Duration;

pub use board::{Board12, read as read_board};
use link::{Event, Link};

/// How to connect.
#[derive(Clone, Debug)]
pub struct ConnectOptions {
    /// `HOST:PORT`.
    pub addr: String,
    /// A registered name and its password; a guest when `None`.
    pub account: Option<(String, String)>,
    /// Unicode pieces and colours.
    pub fancy: bool,
}

/// The longest wait between attempts to connect again.
const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// How a session with the server ended.
enum Ended {
    /// The user quit (or input ended).
    Quit,
    /// The connection dropped.
    Dropped,
}

fn show(text: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// Runs the client until `quit` or the end of input.
pub fn run(options: ConnectOptions) {
    let (events, inbox) = mpsc::channel();
    let typed = events.clone();
    std::thread::spawn(move || {
        for line in io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if typed.send(Event::Typed(line)).is_err() {
                return;
            }
        }
        let _ = typed.send(Event::EndOfInput);
    });
    let mut backoff = Duration::from_secs(1);
    let mut generation = 0;
    let mut input_ended = false;
    loop {
        generation += 1;
        match Link::open(&options.addr, generation, events.clone()) {
            Ok(link) => {
                let mut session = Session::new(link, &options, generation, generation > 1);
                match session.run(&inbox, &mut input_ended) {
                    Ended::Quit => return,
                    Ended::Dropped => {
                        show("Connection to the server lost.");
                        if session.logged_in {
                            backoff = Duration::from_secs(1);
                        }
                    }
                }
            }
            Err(e) => show(&format!("Cannot connect to {}: {e}.", options.addr)),
        }
        if input_ended {
            return;
        }
        show(&format!("Connecting again in {} s.", backoff.as_secs()));
        std::thread::sleep(backoff);
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}

/// One connection's session.
struct Session<'a> {
    link: Link,
    options: &'a ConnectOptions,
    generation: u64,
    logged_in: bool,
    /// Connected again after a drop: resume the adjourned game.
    again: bool,
    /// Answers of the set-up to leave unshown.
    quiet: Vec<&'static str>,
    quitting: bool,
}

impl<'a> Session<'a> {
    fn new(link: Link, options: &'a ConnectOptions, generation: u64, again: bool) -> Session<'a> {
        Session {
            link,
            options,
            generation,
            logged_in: false,
            again,
            quiet: Vec::new(),
            quitting: false,
        }
    }

    fn run(&mut self, inbox: &mpsc::Receiver<Event>, input_ended: &mut bool) -> Ended {
        while let Ok(event) = inbox.recv() {
            match event {
                Event::Line(g, line) if g == self.generation => self.server_line(&line),
                Event::Prompt(g, text) if g == self.generation => self.prompt(&text),
                Event::Closed(g) if g == self.generation => {
                    return if self.quitting {
                        Ended::Quit
                    } else {
                        Ended::Dropped
                    };
                }
                Event::Typed(line) => {
                    if line.trim() == "quit" {
                        self.quitting = true;
                    }
                    self.link.send(&line);
                }
                Event::EndOfInput => {
                    *input_ended = true;
                    self.quitting = true;
                    self.link.send("quit");
                }
                _ => {}
            }
        }
        Ended::Quit
    }

    /// Text the server left without a line end: the login's questions.
    fn prompt(&mut self, text: &str) {
        if self.logged_in {
            return;
        }
        if text.ends_with("login: ") {
            let name = self
                .options
                .account
                .as_ref()
                .map_or("guest", |(name, _)| name.as_str());
            self.link.send(name);
        } else if text.starts_with("password: ") {
            let password = self
                .options
                .account
                .as_ref()
                .map_or("", |(_, p)| p.as_str());
            self.link.send(password);
        }
    }

    fn server_line(&mut self, line: &str) {
        let line = line.strip_prefix("fics% ").unwrap_or(line);
        if line.is_empty() {
            return;
        }
        if let Some(i) = self.quiet.iter().position(|q| line.starts_with(q)) {
            self.quiet.remove(i);
            return;
        }
        if let Some(board) = board::read(line) {
            print!("{}", board.draw(self.options.fancy));
            let _ = io::stdout().flush();
            return;
        }
        if line.starts_with("Press return to enter the server as") {
            self.link.send("");
        }
        // The opponent of an adjourned game arrived: ask to go on.
        if let Some(rest) = line.strip_prefix("Notification: ")
            && let Some((name, _)) = rest.split_once(", who has an adjourned game with you")
            && self.options.account.is_some()
        {
            show(line);
            self.link.send(&format!("resume {name}"));
            return;
        }
        if line.starts_with("**** Invalid password") {
            show(line);
            show("The password was refused.");
            self.quitting = true;
            self.link.send("quit");
            return;
        }
        if line.starts_with("**** Starting FICS session as ") {
            self.logged_in = true;
            self.link.send("set style 12");
            self.quiet.push("Style 12 set.");
            if self.again && self.options.account.is_some() {
                self.link.send("resume");
            }
        }
        show(line);
    }
}
