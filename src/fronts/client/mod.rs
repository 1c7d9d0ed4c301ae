//! `antichess connect`: the server at the terminal. It logs in (as a guest,
//! or as a registered player with a password), shows the server's lines,
//! sends what is typed, and draws each game it plays or watches (see
//! below). A dropped connection is reported at
//! once; the client connects again with backoff (1 s, doubling to 30 s),
//! logs in again and, as a registered player, asks to resume the adjourned
//! game (at once, and when the opponent arrives).
//!
//! It asks the server for what its seat may know of each game (`iset seat
//! 1`, `<s1>` lines) and keeps the game's own seat for it (`game.rs`): the
//! board is drawn by the game's view code, typed moves are checked by the
//! game before they are sent (a Kriegspiel attempt impossible whatever the
//! hidden pieces is answered here), the game's own commands (`zone`,
//! `tokens`, `moves`) are answered here, and `save FILE` writes the game
//! as PGN. With `--bot` it is a computer player (`bot.rs`).
//!
//! The network is read by a thread of its own (`link.rs`) and standard
//! input by another (`console.rs`: a line editor at a terminal, with Tab
//! completion and a clock line that ticks), both feeding one loop, so
//! lines from the server are shown while a line is being typed.

mod bot;
mod console;
mod game;
mod link;
mod textui_player;

use std::collections::BTreeMap;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

pub use bot::BotOptions;
use console::Console;
pub use game::{SeatLine, Table, read as read_seat_line};
use link::{Event, Link};
use textui_player::TextUiPlayer;

use crate::game::{Registry, Typed};

/// How to connect.
#[derive(Clone, Debug)]
pub struct ConnectOptions {
    /// `HOST:PORT`.
    pub addr: String,
    /// A registered name and its password; a guest when `None`.
    pub account: Option<(String, String)>,
    /// Unicode pieces and colours.
    pub fancy: bool,
    /// Play as a computer player.
    pub bot: Option<BotOptions>,
}

/// The client's own commands, with their help.
const COMMANDS: [(&str, &str); 3] = [
    ("board", "draw the game again"),
    ("save FILE", "write the game as PGN"),
    ("help", "this list, then the server's commands"),
];

/// How often the clock line is redrawn.
const TICK: Duration = Duration::from_secs(1);

/// The longest wait between attempts to connect again.
const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// How a session with the server ended.
enum Ended {
    /// The user quit (or input ended).
    Quit,
    /// The connection dropped.
    Dropped,
}

/// Runs the client until `quit` or the end of input. A server that
/// cannot be reached, or that drops the connection before the first
/// login, is an error (its reason); once logged in, a dropped connection
/// is tried again with backoff.
pub fn run(options: ConnectOptions) -> Result<(), String> {
    let (events, inbox) = mpsc::channel();
    let mut commands: Vec<&str> = COMMANDS
        .iter()
        .map(|(c, _)| c.split(' ').next().unwrap_or(c))
        .collect();
    for name in crate::fronts::fics::names() {
        if !commands.contains(&name) {
            commands.push(name);
        }
    }
    let console = Console::open(events.clone(), options.bot.is_none(), &commands);
    let show = |text: &str| console.show(text);
    let mut backoff = Duration::from_secs(1);
    let mut generation = 0;
    let mut input_ended = false;
    let mut played = 0;
    let mut ever_logged_in = false;
    loop {
        generation += 1;
        match Link::open(&options.addr, generation, events.clone()) {
            Ok(link) => {
                let mut session = Visit::new(link, &options, &console, generation, generation > 1);
                session.played = played;
                let ended = session.run(&inbox, &mut input_ended);
                played = session.played;
                ever_logged_in |= session.logged_in;
                match ended {
                    Ended::Quit => return Ok(()),
                    Ended::Dropped if !ever_logged_in => {
                        return Err(format!(
                            "{} closed the connection before the login ended",
                            options.addr
                        ));
                    }
                    Ended::Dropped => {
                        show("Connection to the server lost.");
                        if session.logged_in {
                            backoff = Duration::from_secs(1);
                        }
                    }
                }
            }
            Err(e) if !ever_logged_in => {
                return Err(format!("cannot connect to {}: {e}", options.addr));
            }
            Err(e) => show(&format!("Cannot connect to {}: {e}.", options.addr)),
        }
        if input_ended {
            return Ok(());
        }
        show(&format!("Connecting again in {} s.", backoff.as_secs()));
        std::thread::sleep(backoff);
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}

/// One connection's session.
struct Visit<'a> {
    link: Link,
    options: &'a ConnectOptions,
    console: &'a Console,
    generation: u64,
    logged_in: bool,
    /// Connected again after a drop: resume the adjourned game.
    again: bool,
    /// Answers of the set-up to leave unshown.
    quiet: Vec<&'static str>,
    quitting: bool,
    /// The games.
    games: Registry,
    /// The games played and watched, by number; ended ones stay until
    /// another starts (for `save`).
    tables: BTreeMap<u32, Table>,
    /// The game typed moves and commands go to.
    current: Option<u32>,
    /// Games finished (the bot counts them).
    played: u32,
    /// Lines typed before the login ended, sent after it.
    waiting: Vec<String>,
    /// The bot asked for `sought` and reads its lines.
    reading_sought: bool,
    /// The bot answered a seek and waits for the game (or a refusal).
    answered_seek: bool,
    /// The bot's TextUI program, and the game it was started for.
    program: Option<(TextUiPlayer, Option<u32>)>,
}

impl<'a> Visit<'a> {
    fn new(
        link: Link,
        options: &'a ConnectOptions,
        console: &'a Console,
        generation: u64,
        again: bool,
    ) -> Visit<'a> {
        Visit {
            link,
            options,
            console,
            generation,
            logged_in: false,
            again,
            quiet: Vec::new(),
            quitting: false,
            games: crate::games::builtin(),
            tables: BTreeMap::new(),
            current: None,
            played: 0,
            waiting: Vec::new(),
            reading_sought: false,
            answered_seek: false,
            program: None,
        }
    }

    fn run(&mut self, inbox: &mpsc::Receiver<Event>, input_ended: &mut bool) -> Ended {
        let mut next_tick = Instant::now() + TICK;
        loop {
            let wait = next_tick.saturating_duration_since(Instant::now());
            let event = match inbox.recv_timeout(wait) {
                Ok(event) => event,
                Err(RecvTimeoutError::Timeout) => {
                    self.tick();
                    next_tick = Instant::now() + TICK;
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => return Ended::Quit,
            };
            if matches!(event, Event::Typed(_)) {
                self.console.typed();
            }
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
                Event::Typed(line) if !self.logged_in => self.waiting.push(line),
                Event::Typed(line) => self.typed(&line),
                // A bot plays on until stopped.
                Event::EndOfInput if self.options.bot.is_some() => {}
                Event::EndOfInput if !self.logged_in => self.waiting.push("quit".to_string()),
                Event::EndOfInput => {
                    *input_ended = true;
                    self.quitting = true;
                    self.link.send("quit");
                }
                _ => {}
            }
        }
    }

    /// Shows `text`.
    fn show(&self, text: &str) {
        self.console.show(text);
    }

    /// The clocks of the game going on, redrawn at a terminal.
    fn tick(&self) {
        if let Some(line) = self
            .current
            .and_then(|n| self.tables.get(&n))
            .and_then(Table::clock_line)
        {
            self.console.tick(&line);
        }
    }

    /// Offers the current game's moves and commands to Tab completion.
    fn offer(&self) {
        let words = self
            .current
            .and_then(|n| self.tables.get(&n))
            .map(|t| {
                let mut words = t.seat.completions();
                words.extend(
                    t.seat
                        .commands()
                        .iter()
                        .map(|(c, _)| c.split(' ').next().unwrap_or(c).to_string()),
                );
                words
            })
            .unwrap_or_default();
        self.console.offer(words);
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
        if let Some((number, seat_line)) = game::read(line) {
            self.seat_line(number, seat_line);
            if self.console.is_terminal() {
                self.offer();
            }
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
            self.show(line);
            self.link.send(&format!("resume {name}"));
            return;
        }
        if line.starts_with("**** Invalid password") {
            self.show(line);
            self.show("The password was refused.");
            self.quitting = true;
            self.link.send("quit");
            return;
        }
        if line.starts_with("**** Starting FICS session as ") {
            self.logged_in = true;
            self.link.send("iset seat 1");
            self.quiet.push("seat set.");
            // A computer player says so: `(C)` in `who` and `finger`.
            if self.options.bot.is_some() {
                self.link.send("set computer 1");
                self.quiet.push("computer set.");
            }
            if self.again && self.options.account.is_some() {
                self.link.send("resume");
            }
            self.show(line);
            self.bot_seeks();
            for typed in std::mem::take(&mut self.waiting) {
                self.typed(&typed);
            }
            return;
        }
        if self.bot_answers(line) {
            return;
        }
        self.show(line);
    }

    /// A typed line: a move of the current game (checked by its seat
    /// first), a command of the game's or the client's, or a line for the
    /// server.
    fn typed(&mut self, line: &str) {
        let console = self.console;
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"quit") {
            self.quitting = true;
        }
        let fancy = self.options.fancy;
        let site = self.options.addr.clone();
        let Some(table) = self.current.and_then(|n| self.tables.get_mut(&n)) else {
            return self.link.send(line);
        };
        match words[..] {
            ["board"] => return console.show(table.draw(fancy).trim_end()),
            ["save", path] => return console.show(&table.save(path, &site)),
            ["save"] => return console.show("Usage: save FILE"),
            ["help"] => {
                let mut help = String::from("At this game:");
                for (name, what) in COMMANDS.iter().chain(table.seat.commands()) {
                    help.push_str(&format!("\n  {name:<22} {what}"));
                }
                console.show(&help);
                return self.link.send(line);
            }
            _ => {}
        }
        if let Some(said) = table.seat.command(&words) {
            return if said.is_empty() {
                console.show(table.draw(fancy).trim_end())
            } else {
                console.show(&said)
            };
        }
        if let [word] = words[..]
            && table.my_move()
        {
            match table.seat.typed(word) {
                Typed::Move(text) => return self.link.send(&text),
                Typed::Illegal(why) => return console.show(&why.to_string()),
                Typed::Promotion(base) => {
                    return console.show(&format!(
                        "Say which piece: {base}=Q, {base}=R, {base}=B or {base}=N."
                    ));
                }
                Typed::Unknown => {}
            }
        }
        self.link.send(line);
    }

    /// A `<s1>` line about game `number`.
    fn seat_line(&mut self, number: u32, line: SeatLine) {
        let console = self.console;
        if matches!(line, SeatLine::Start { .. }) {
            // A new game with this number replaces any ended one.
            match Table::start(&self.games, number, &line) {
                Some(table) => {
                    self.answered_seek = false;
                    self.tables.retain(|_, t| t.result.is_none());
                    if table.side().is_some() || self.current.is_none() {
                        self.current = Some(number);
                    }
                    self.tables.insert(number, table);
                }
                None => console.show(&format!("Game {number}: a game this client does not know.")),
            }
            return;
        }
        let refused = matches!(line, SeatLine::Told(crate::game::Told::Refused(_)));
        let ended = matches!(line, SeatLine::End(..));
        let Some(table) = self.tables.get_mut(&number) else {
            return;
        };
        let changed = table.take(&self.games, line);
        if changed && self.options.bot.is_none() {
            console.show(table.draw(self.options.fancy).trim_end());
        }
        if ended {
            if table.side().is_some() {
                self.played += 1;
            }
            if self.options.bot.is_some() {
                self.tables.remove(&number);
                self.current = None;
                self.bot_seeks();
            }
        } else if changed || refused {
            self.bot_moves(number);
        }
    }
}
