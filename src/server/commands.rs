//! The commands of a logged-in client: each defined once in [`COMMANDS`]
//! with its help line; a command may be shortened to any unambiguous
//! prefix, and xboard's `$` (no alias expansion) is taken. A line that the
//! game being played reads as a move is a move.

use super::hub::Hub;
use super::net::ConnId;
use super::{info, requests, seek, talk};

/// A command's handler: the hub, the client, the words after the
/// command, and the whole text after it (for messages).
type Handler = fn(&mut Hub, ConnId, &[&str], &str);

/// A command: its name, usage and what it does, and its handler.
struct Command {
    name: &'static str,
    usage: &'static str,
    handler: Handler,
}

macro_rules! command {
    ($name:literal, $usage:literal, $handler:expr) => {
        Command {
            name: $name,
            usage: $usage,
            handler: $handler,
        }
    };
}

const COMMANDS: &[Command] = &[
    command!(
        "abort",
        "abort                      ask to end the game without result",
        |h, id, _, _| requests::abort(h, id)
    ),
    command!(
        "accept",
        "accept [USER]              accept a challenge",
        |h, id, a, _| seek::accept(h, id, a)
    ),
    command!(
        "adjourn",
        "adjourn                    ask to adjourn the game",
        |h, id, _, _| requests::adjourn(h, id)
    ),
    command!(
        "alias",
        "alias ...                  (taken and ignored)",
        |_, _, _, _| {}
    ),
    command!(
        "decline",
        "decline [USER]             decline a challenge",
        |h, id, a, _| seek::decline(h, id, a)
    ),
    command!(
        "draw",
        "draw                       offer or accept a draw, or claim one",
        |h, id, _, _| requests::draw(h, id)
    ),
    command!(
        "finger",
        "finger [USER]              a player's ratings and state",
        |h, id, a, _| info::finger(h, id, a)
    ),
    command!(
        "games",
        "games                      the games being played",
        |h, id, _, _| info::games(h, id)
    ),
    command!(
        "help",
        "help                       this list",
        |h, id, _, _| help(h, id)
    ),
    command!(
        "history",
        "history [USER]             a player's last games",
        |h, id, a, _| info::history(h, id, a)
    ),
    command!(
        "iset",
        "iset ms|seat 1             ms: clocks in milliseconds on <12> lines; seat: <s1> lines",
        |h, id, a, _| set(h, id, a)
    ),
    command!(
        "match",
        "match USER [TIME INC] [rated|unrated] [white|black] [VARIANT]",
        |h, id, a, _| seek::challenge(h, id, a)
    ),
    command!(
        "observe",
        "observe N|USER             watch a game",
        |h, id, a, _| talk::observe(h, id, a)
    ),
    command!(
        "play",
        "play N                     answer seek N",
        |h, id, a, _| seek::play(h, id, a)
    ),
    command!(
        "quit",
        "quit                       leave the server",
        |h, id, _, _| quit(h, id)
    ),
    command!(
        "refresh",
        "refresh                    the board again",
        |h, id, _, _| talk::refresh(h, id)
    ),
    command!(
        "resign",
        "resign                     resign the game",
        |h, id, _, _| requests::resign(h, id)
    ),
    command!(
        "resume",
        "resume [USER]              resume an adjourned game",
        |h, id, a, _| requests::resume(h, id, a)
    ),
    command!(
        "say",
        "say MESSAGE                to your opponent",
        |h, id, _, t| talk::say(h, id, t)
    ),
    command!(
        "seek",
        "seek [TIME INC] [rated|unrated] [white|black] [VARIANT]",
        |h, id, a, _| seek::seek(h, id, a)
    ),
    command!(
        "set",
        "set style 12|1             boards as <12> lines or drawn",
        |h, id, a, _| set(h, id, a)
    ),
    command!(
        "smoves",
        "smoves N | smoves USER N   a stored game as PGN",
        |h, id, a, _| info::smoves(h, id, a)
    ),
    command!(
        "sought",
        "sought                     the open seeks",
        |h, id, a, _| seek::sought(h, id, a)
    ),
    command!(
        "style",
        "style 12|1                 boards as <12> lines or drawn",
        |h, id, a, _| style(h, id, a)
    ),
    command!(
        "tell",
        "tell USER MESSAGE          a private message",
        |h, id, _, t| talk::tell(h, id, t)
    ),
    command!(
        "unobserve",
        "unobserve [N]              stop watching",
        |h, id, a, _| talk::unobserve(h, id, a)
    ),
    command!(
        "unseek",
        "unseek [N]                 withdraw your seeks",
        |h, id, a, _| seek::unseek(h, id, a)
    ),
    command!(
        "who",
        "who                        who is logged in",
        |h, id, _, _| info::who(h, id)
    ),
    command!(
        "withdraw",
        "withdraw [USER]            withdraw a challenge",
        |h, id, a, _| seek::withdraw(h, id, a)
    ),
];

/// The names of the commands, in order (clients complete them).
pub fn names() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().map(|c| c.name)
}

/// Runs one line of a logged-in client.
pub fn run(hub: &mut Hub, id: ConnId, line: &str) {
    let line = line.strip_prefix('$').unwrap_or(line).trim();
    if line.is_empty() {
        return;
    }
    if super::play::attempt(hub, id, line) {
        return;
    }
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let args: Vec<&str> = rest.split_whitespace().collect();
    let word = word.to_ascii_lowercase();
    let exact = COMMANDS.iter().find(|c| c.name == word);
    let found = exact.map(|c| vec![c]).unwrap_or_else(|| {
        COMMANDS
            .iter()
            .filter(|c| c.name.starts_with(word.as_str()))
            .collect()
    });
    match found[..] {
        [command] => (command.handler)(hub, id, &args, rest),
        [] => {
            let shown: String = word.chars().take(40).collect();
            hub.say(id, &format!("{shown}: Command not found."));
        }
        _ => {
            let names: Vec<&str> = found.iter().map(|c| c.name).collect();
            hub.say(
                id,
                &format!("Ambiguous command. Matches: {}", names.join(" ")),
            );
        }
    }
}

fn help(hub: &mut Hub, id: ConnId) {
    let mut text = String::from("Commands (any unambiguous prefix will do):\n");
    for c in COMMANDS {
        text.push_str("  ");
        text.push_str(c.usage);
        text.push('\n');
    }
    text.push_str(
        "A move is typed as the game writes it (e2e4, e4, Nf3, O-O; a column in Connect N).",
    );
    hub.say(id, &text);
}

fn quit(hub: &mut Hub, id: ConnId) {
    hub.say(id, "Logging you out.\nThank you for using the server.");
    super::leave::close(hub, id);
}

/// `style 12` or `style 1`.
fn style(hub: &mut Hub, id: ConnId, args: &[&str]) {
    let style12 = match args.first().copied() {
        Some("12") => true,
        Some("1") => false,
        _ => {
            return hub.say(
                id,
                "Styles: 12 (<12> lines, for programs) and 1 (boards drawn).",
            );
        }
    };
    if let Some(s) = hub.session_mut(id) {
        s.style12 = style12;
    }
    hub.say(id, &format!("Style {} set.", if style12 { 12 } else { 1 }));
}

/// `set VARIABLE VALUE` and `iset VARIABLE VALUE`: `style`, `ms`, `seat`; the
/// other variables xboard sets (`interface`, `startpos`, `lock`,
/// `seek`, ...) are taken quietly.
fn set(hub: &mut Hub, id: ConnId, args: &[&str]) {
    match args {
        ["style", value, ..] => style(hub, id, &[value]),
        ["ms", value, ..] => {
            let on = *value == "1";
            if let Some(s) = hub.session_mut(id) {
                s.ms = on;
            }
            hub.say(id, &format!("ms {}.", if on { "set" } else { "unset" }));
        }
        ["seat", value, ..] => {
            let on = *value == "1";
            if let Some(s) = hub.session_mut(id) {
                s.seat = on;
            }
            hub.say(id, &format!("seat {}.", if on { "set" } else { "unset" }));
        }
        [] => hub.say(id, "Usage: set VARIABLE VALUE"),
        _ => {}
    }
}
