//! The commands of a logged-in client: each defined once in [`COMMANDS`]
//! with its help line and its FICS block code; a command may be shortened
//! to any unambiguous prefix, and xboard's `$` (no alias expansion) is
//! taken. A line that the game being played reads as a move is a move.
//!
//! In FICS block mode (`iset block 1`) each line starts with a number the
//! client chose, and the answer comes back as `BLOCK_START number
//! BLOCK_SEPARATOR code BLOCK_SEPARATOR text BLOCK_END` (bytes 21, 22, 22,
//! 23), so that a program can tell which answer is whose; what is not an
//! answer (a move of the opponent, a tell) comes outside any block.

use super::hub::Hub;
use super::net::ConnId;
use super::{info, movelist, requests, seek, talk};

/// A command's handler: the hub, the client, the words after the
/// command, and the whole text after it (for messages).
type Handler = fn(&mut Hub, ConnId, &[&str], &str);

/// A command: its name, usage and what it does, its code in FICS block
/// mode, and its handler.
struct Verb {
    name: &'static str,
    usage: &'static str,
    code: u16,
    handler: Handler,
}

macro_rules! command {
    ($name:literal, $code:literal, $usage:literal, $handler:expr) => {
        Verb {
            name: $name,
            usage: $usage,
            code: $code,
            handler: $handler,
        }
    };
}

/// Block mode's codes that are no command's: a move, a command not found
/// or ambiguous, a line without its number.
const BLOCK_MOVE: u16 = 1;
const BLOCK_NOT_FOUND: u16 = 512;
const BLOCK_AMBIGUOUS: u16 = 514;
const BLOCK_NO_NUMBER: u16 = 519;

const COMMANDS: &[Verb] = &[
    command!(
        "abort",
        10,
        "abort                      ask to end the game without result",
        |h, id, _, _| requests::abort(h, id)
    ),
    command!(
        "accept",
        11,
        "accept [USER]              accept a challenge",
        |h, id, a, _| seek::accept(h, id, a)
    ),
    command!(
        "adjourn",
        13,
        "adjourn                    ask to adjourn the game",
        |h, id, _, _| requests::adjourn(h, id)
    ),
    command!(
        "alias",
        159,
        "alias ...                  (taken and ignored)",
        |_, _, _, _| {}
    ),
    command!(
        "decline",
        33,
        "decline [USER]             decline a challenge",
        |h, id, a, _| seek::decline(h, id, a)
    ),
    command!(
        "draw",
        34,
        "draw                       offer or accept a draw, or claim one",
        |h, id, _, _| requests::draw(h, id)
    ),
    command!(
        "finger",
        37,
        "finger [USER]              a player's ratings and state",
        |h, id, a, _| info::finger(h, id, a)
    ),
    command!(
        "games",
        43,
        "games                      the games being played",
        |h, id, _, _| info::games(h, id)
    ),
    command!(
        "help",
        50,
        "help                       this list",
        |h, id, _, _| help(h, id)
    ),
    command!(
        "history",
        51,
        "history [USER]             a player's last games",
        |h, id, a, _| info::history(h, id, a)
    ),
    command!(
        "iset",
        56,
        "iset ms|seat|block|seekinfo 1  clocks in ms on <12>; <s1> lines; block mode; <s> seeks",
        |h, id, a, _| set(h, id, a)
    ),
    command!(
        "match",
        73,
        "match USER [TIME INC] [rated|unrated] [white|black] [VARIANT]",
        |h, id, a, _| seek::challenge(h, id, a)
    ),
    command!(
        "moves",
        77,
        "moves [N|USER]             a game's moves so far",
        |h, id, a, _| movelist::moves(h, id, a)
    ),
    command!(
        "observe",
        80,
        "observe N|USER             watch a game",
        |h, id, a, _| talk::observe(h, id, a)
    ),
    command!(
        "play",
        158,
        "play N                     answer seek N",
        |h, id, a, _| seek::play(h, id, a)
    ),
    command!(
        "quit",
        97,
        "quit                       leave the server",
        |h, id, _, _| quit(h, id)
    ),
    command!(
        "refresh",
        101,
        "refresh                    the board again",
        |h, id, _, _| talk::refresh(h, id)
    ),
    command!(
        "rematch",
        102,
        "rematch                    the last opponent again, colours reversed",
        |h, id, a, _| seek::rematch(h, id, a)
    ),
    command!(
        "resign",
        103,
        "resign                     resign the game",
        |h, id, _, _| requests::resign(h, id)
    ),
    command!(
        "resume",
        104,
        "resume [USER]              resume an adjourned game",
        |h, id, a, _| requests::resume(h, id, a)
    ),
    command!(
        "say",
        107,
        "say MESSAGE                to your opponent",
        |h, id, _, t| talk::say(h, id, t)
    ),
    command!(
        "seek",
        155,
        "seek [TIME INC] [rated|unrated] [white|black] [VARIANT]",
        |h, id, a, _| seek::seek(h, id, a)
    ),
    command!(
        "set",
        109,
        "set style 12|1|computer|gin|pin 1  <12> boards or drawn; a computer; games, players",
        |h, id, a, _| set(h, id, a)
    ),
    command!(
        "register",
        200,
        "register PASSWORD          make your guest name an account (if the server allows)",
        |h, id, _, rest| super::register::register(h, id, rest)
    ),
    command!(
        "smoves",
        123,
        "smoves N | smoves USER N   a stored game as PGN",
        |h, id, a, _| info::smoves(h, id, a)
    ),
    command!(
        "sought",
        157,
        "sought                     the open seeks",
        |h, id, a, _| seek::sought(h, id, a)
    ),
    command!(
        "style",
        128,
        "style 12|1                 boards as <12> lines or drawn",
        |h, id, a, _| style(h, id, a)
    ),
    command!(
        "tell",
        132,
        "tell USER MESSAGE          a private message",
        |h, id, _, t| talk::tell(h, id, t)
    ),
    command!(
        "unobserve",
        138,
        "unobserve [N]              stop watching",
        |h, id, a, _| talk::unobserve(h, id, a)
    ),
    command!(
        "unseek",
        156,
        "unseek [N]                 withdraw your seeks",
        |h, id, a, _| seek::unseek(h, id, a)
    ),
    command!(
        "who",
        146,
        "who                        who is logged in",
        |h, id, _, _| info::who(h, id)
    ),
    command!(
        "withdraw",
        147,
        "withdraw [USER]            withdraw a challenge",
        |h, id, a, _| seek::withdraw(h, id, a)
    ),
];

/// The names of the commands, in order (clients complete them).
pub fn names() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().map(|c| c.name)
}

/// Runs one line of a logged-in client (in block mode, its answer
/// wrapped).
pub fn run(hub: &mut Hub, id: ConnId, line: &str) {
    if !hub.session(id).is_some_and(|s| s.block) {
        dispatch(hub, id, line);
        return;
    }
    let (number, rest) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
    let Ok(number) = number.parse::<u32>() else {
        let text = "Block mode: a line starts with its number.";
        return hub.say(id, &block(0, BLOCK_NO_NUMBER, text));
    };
    let before = hub.session(id).map_or(0, |s| s.pending.len());
    let code = dispatch(hub, id, rest);
    if let Some(s) = hub.session_mut(id) {
        let start = before.min(s.pending.len());
        let answer = s.pending.split_off(start);
        let answer = answer.strip_suffix('\n').unwrap_or(&answer);
        s.pending.push_str(&block(number, code, answer));
        s.pending.push('\n');
    }
}

/// An answer in block mode.
fn block(number: u32, code: u16, text: &str) -> String {
    format!("\u{15}{number}\u{16}{code}\u{16}{text}\u{17}")
}

/// Runs one line: a move, or a command; its block code.
fn dispatch(hub: &mut Hub, id: ConnId, line: &str) -> u16 {
    let line = line.trim();
    let line = line.strip_prefix('$').unwrap_or(line).trim();
    if line.is_empty() {
        return 0;
    }
    if super::play::attempt(hub, id, line) {
        return BLOCK_MOVE;
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
        [command] => {
            (command.handler)(hub, id, &args, rest);
            command.code
        }
        [] => {
            let shown: String = word.chars().take(40).collect();
            hub.say(id, &format!("{shown}: Command not found."));
            BLOCK_NOT_FOUND
        }
        _ => {
            let names: Vec<&str> = found.iter().map(|c| c.name).collect();
            hub.say(
                id,
                &format!("Ambiguous command. Matches: {}", names.join(" ")),
            );
            BLOCK_AMBIGUOUS
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

/// The session's switch `name`, if it is one.
fn switch<'a>(s: &'a mut super::session::Session, name: &str) -> Option<&'a mut bool> {
    match name {
        "ms" => Some(&mut s.ms),
        "seat" => Some(&mut s.seat),
        "block" => Some(&mut s.block),
        "computer" => Some(&mut s.computer),
        "seekinfo" => Some(&mut s.notices.seeks),
        "gin" => Some(&mut s.notices.games),
        "pin" => Some(&mut s.notices.players),
        _ => None,
    }
}

/// `set VARIABLE VALUE` and `iset VARIABLE VALUE`: `style`, and the
/// switches `ms`, `seat`, `block`, `computer`, and the notices `seekinfo`,
/// `gin` and `pin` (see `notices.rs`); the other variables
/// xboard sets (`interface`, `startpos`, `lock`, `seek`, ...) are taken
/// quietly.
fn set(hub: &mut Hub, id: ConnId, args: &[&str]) {
    match args {
        ["style", value, ..] => style(hub, id, &[value]),
        [name, value, ..] => {
            let on = *value == "1";
            let known = hub
                .session_mut(id)
                .and_then(|s| switch(s, name).map(|v| *v = on))
                .is_some();
            if known {
                hub.say(id, &format!("{name} {}.", if on { "set" } else { "unset" }));
            }
            if known && on && *name == "seekinfo" {
                super::notices::seek_list(hub, id);
            }
        }
        [] => hub.say(id, "Usage: set VARIABLE VALUE"),
        _ => {}
    }
}
