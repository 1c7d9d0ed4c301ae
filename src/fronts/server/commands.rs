//! The commands of a logged-in client: each named once in
//! [`crate::fronts::fics::VERBS`] with its help line and its FICS block code, and
//! what it does in [`handler`]; a command may be shortened
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
use crate::fronts::fics::VERBS;

/// A command's handler: the hub, the client, the words after the
/// command, and the whole text after it (for messages).
type Handler = fn(&mut Hub, ConnId, &[&str], &str);

/// Block mode's codes that are no command's: a move, a command not found
/// or ambiguous, a line without its number.
const BLOCK_MOVE: u16 = 1;
const BLOCK_NOT_FOUND: u16 = 512;
const BLOCK_AMBIGUOUS: u16 = 514;
const BLOCK_NO_NUMBER: u16 = 519;

/// What the command named `name` does; `None` for no command of
/// [`VERBS`].
fn handler(name: &str) -> Option<Handler> {
    let handler: Handler = match name {
        "abort" => |h, id, _, _| requests::abort(h, id),
        "accept" => |h, id, a, _| seek::accept(h, id, a),
        "adjourn" => |h, id, _, _| requests::adjourn(h, id),
        "alias" => |_, _, _, _| {},
        "decline" => |h, id, a, _| seek::decline(h, id, a),
        "draw" => |h, id, _, _| requests::draw(h, id),
        "finger" => |h, id, a, _| info::finger(h, id, a),
        "games" => |h, id, _, _| info::games(h, id),
        "help" => |h, id, _, _| help(h, id),
        "history" => |h, id, a, _| info::history(h, id, a),
        "iset" => |h, id, a, _| set(h, id, a),
        "match" => |h, id, a, _| seek::challenge(h, id, a),
        "moves" => |h, id, a, _| movelist::moves(h, id, a),
        "observe" => |h, id, a, _| talk::observe(h, id, a),
        "play" => |h, id, a, _| seek::play(h, id, a),
        "quit" => |h, id, _, _| quit(h, id),
        "refresh" => |h, id, _, _| talk::refresh(h, id),
        "rematch" => |h, id, a, _| seek::rematch(h, id, a),
        "resign" => |h, id, _, _| requests::resign(h, id),
        "resume" => |h, id, a, _| requests::resume(h, id, a),
        "say" => |h, id, _, t| talk::say(h, id, t),
        "seek" => |h, id, a, _| seek::seek(h, id, a),
        "set" => |h, id, a, _| set(h, id, a),
        "register" => |h, id, _, rest| super::register::register(h, id, rest),
        "smoves" => |h, id, a, _| info::smoves(h, id, a),
        "sought" => |h, id, a, _| seek::sought(h, id, a),
        "style" => |h, id, a, _| style(h, id, a),
        "tell" => |h, id, _, t| talk::tell(h, id, t),
        "unobserve" => |h, id, a, _| talk::unobserve(h, id, a),
        "unseek" => |h, id, a, _| seek::unseek(h, id, a),
        "who" => |h, id, _, _| info::who(h, id),
        "withdraw" => |h, id, a, _| seek::withdraw(h, id, a),
        _ => return None,
    };
    Some(handler)
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
    let exact = VERBS.iter().find(|c| c.name == word);
    let found = exact.map(|c| vec![c]).unwrap_or_else(|| {
        VERBS
            .iter()
            .filter(|c| c.name.starts_with(word.as_str()))
            .collect()
    });
    match found[..] {
        [command] => {
            let handler = handler(command.name).expect("every verb has a handler");
            handler(hub, id, &args, rest);
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
    for c in VERBS {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verb_has_a_handler() {
        for verb in VERBS {
            assert!(handler(verb.name).is_some(), "{} has no handler", verb.name);
        }
    }
}
