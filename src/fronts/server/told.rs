//! What a client that asks (`iset seat 1`) is told of the games it plays
//! or watches, as lines a program reads (`antichess connect` keeps its
//! seat with them; other clients never see them). Each line is what the
//! game says that viewer may know ([`crate::game::AnyGame::told`]):
//!
//! ```text
//! <s1> N start RULESET SIDE WHITE BLACK INCREMENT_MS WHITE_MS BLACK_MS
//! <s1> N board KIND              (after start: `chess` (a chess board, the
//!                                 same for everyone), `chess hidden` (each
//!                                 side sees its own), `grid COLUMNS ROWS`
//!                                 (moves are cells, `d1`), or `none`)
//! <s1> N moved SIDE TEXT         (TEXT is ? when the move is hidden)
//! <s1> N heard ANNOUNCEMENT
//! <s1> N refused TEXT            (the viewer's own attempt)
//! <s1> N clock WHITE_MS BLACK_MS (after the start and each move; - for
//!                                 no clock)
//! <s1> N attempts TEXT...        (a hidden game's every attempt, at its end)
//! <s1> N stored ID               (at the end: the database's number for the
//!                                 game, for `smoves ID`)
//! <s1> N end RESULT REASON       (1-0, 0-1, 1/2-1/2 and the reason's name,
//!                                 or * aborted, * adjourned)
//! <s1> N legal TEXT...           (to the side to move, after the clock
//!                                 line: the moves it may try, as its seat
//!                                 knows them)
//! <s1> N marks [SQ KIND PCT]...  (after the clock line, to a side of a
//!                                 hidden game always, else when there are
//!                                 any: the squares the viewer's helpers
//!                                 mark, as the game places them:
//!                                 Kriegspiel's automatic tokens `piece`,
//!                                 `check`, `king` with their strength,
//!                                 Connect N's winning `line`)
//! ```
//!
//! SIDE is `white`, `black`, or `none` for an onlooker. A client with
//! these lines gets no text boards (it draws its own); with `set style 12`
//! as well, it gets the `<12>` lines, each viewer's own.

use super::hub::Hub;
use super::net::ConnId;
use crate::game::{Told, Viewer};
use crate::rules::chess::{Color, Outcome};

fn side(viewer: Viewer) -> &'static str {
    match viewer {
        Viewer::Side(Color::White) => "white",
        Viewer::Side(Color::Black) => "black",
        Viewer::Onlooker => "none",
    }
}

fn color_word(color: Color) -> &'static str {
    side(Viewer::Side(color))
}

/// `told` as its line.
fn line(number: u32, told: &Told) -> String {
    match told {
        Told::Moved { side, text } => format!(
            "<s1> {number} moved {} {}",
            color_word(*side),
            text.as_deref().unwrap_or("?")
        ),
        Told::Heard(text) => format!("<s1> {number} heard {text}"),
        Told::Refused(text) => format!("<s1> {number} refused {text}"),
    }
}

/// Whether `conn` asked for these lines.
fn wants(hub: &Hub, conn: ConnId) -> bool {
    hub.session(conn).is_some_and(|s| s.seat)
}

/// The clocks' line of game `number`.
fn clocks(hub: &Hub, number: u32) -> Option<String> {
    let table = hub.table(number)?;
    let left = |c: Color| {
        table
            .game
            .clock(c)
            .remaining()
            .map_or("-".to_string(), |ms| ms.to_string())
    };
    Some(format!(
        "<s1> {number} clock {} {}",
        left(Color::White),
        left(Color::Black)
    ))
}

/// The squares `viewer`'s helpers mark: always to a side of a hidden
/// game (an empty line takes the last ones away), else when there are
/// any.
fn marks(hub: &Hub, number: u32, viewer: Viewer) -> Option<String> {
    let table = hub.table(number)?;
    let marks = table.game.marks(viewer);
    let side = matches!(viewer, Viewer::Side(_));
    if marks.is_empty() && !(side && table.game.hidden()) {
        return None;
    }
    let mut line = format!("<s1> {number} marks");
    for m in marks {
        line.push_str(&format!(" {} {} {}", m.square, m.kind, m.strength));
    }
    Some(line)
}

/// The moves `viewer` may try now, when it is its turn: the legal moves
/// in a game of full information, in a hidden one those its own view
/// allows (its seat's, built from what it was told: nothing it may not
/// know).
fn legal(hub: &Hub, number: u32, viewer: Viewer) -> Option<String> {
    let table = hub.table(number)?;
    if viewer != Viewer::Side(table.game.turn()) || table.game.outcome().is_some() {
        return None;
    }
    let moves = table.game.seat(viewer).completions();
    Some(format!("<s1> {number} legal {}", moves.join(" ")))
}

/// The game as it stands, for a viewer that just sat down (a new or
/// resumed game, an observer).
pub fn start(hub: &mut Hub, number: u32, conn: ConnId, viewer: Viewer) {
    if !wants(hub, conn) {
        return;
    }
    let Some(table) = hub.table(number) else {
        return;
    };
    let left = |c: Color| table.game.clock(c).remaining().unwrap_or(0);
    let mut lines = vec![format!(
        "<s1> {number} start {} {} {} {} {} {} {}",
        table.terms.ruleset,
        side(viewer),
        table.players.white,
        table.players.black,
        table.terms.increment_ms,
        left(Color::White),
        left(Color::Black),
    )];
    let board = match (table.game.diagram(viewer), table.game.grid()) {
        (Some(_), _) if table.game.hidden() => "chess hidden".to_string(),
        (Some(_), _) => "chess".to_string(),
        (None, Some((columns, rows))) => format!("grid {columns} {rows}"),
        (None, None) => "none".to_string(),
    };
    lines.push(format!("<s1> {number} board {board}"));
    lines.extend(table.game.told(viewer, 0).iter().map(|t| line(number, t)));
    lines.extend(clocks(hub, number));
    lines.extend(marks(hub, number, viewer));
    lines.extend(legal(hub, number, viewer));
    hub.say(conn, &lines.join("\n"));
}

/// After a move: what each viewer may know of the moves from ply `from`
/// on, and the clocks.
pub fn moved(hub: &mut Hub, number: u32, from: usize, audience: &[(ConnId, Viewer)]) {
    let clock_line = clocks(hub, number);
    for &(conn, viewer) in audience {
        if !wants(hub, conn) {
            continue;
        }
        let Some(table) = hub.table(number) else {
            return;
        };
        let mut lines: Vec<String> = table
            .game
            .told(viewer, from)
            .iter()
            .map(|t| line(number, t))
            .collect();
        lines.extend(clock_line.clone());
        lines.extend(marks(hub, number, viewer));
        lines.extend(legal(hub, number, viewer));
        hub.say(conn, &lines.join("\n"));
    }
}

/// The mover's attempt `text` was refused.
pub fn refused(hub: &mut Hub, number: u32, conn: ConnId, text: &str) {
    if wants(hub, conn) {
        let told = Told::Refused(text.to_string());
        hub.say(conn, &line(number, &told));
    }
}

/// The end (`None`: aborted or adjourned, as `why_not` says): a hidden
/// game's attempts, then the result.
pub fn end(
    hub: &mut Hub,
    number: u32,
    outcome: Option<Outcome>,
    why_not: &str,
    audience: &[(ConnId, Viewer)],
) {
    let Some(table) = hub.table(number) else {
        return;
    };
    let attempts = if table.game.hidden() && outcome.is_some() {
        let texts: Vec<String> = hub
            .db
            .moves(table.id)
            .unwrap_or_default()
            .into_iter()
            .map(|m| m.text)
            .collect();
        Some(format!("<s1> {number} attempts {}", texts.join(" ")))
    } else {
        None
    };
    let result = match outcome {
        Some(o) => format!(
            "<s1> {number} end {} {}",
            super::result::score(o.winner),
            o.reason.as_str()
        ),
        None => format!("<s1> {number} end * {why_not}"),
    };
    let stored = format!("<s1> {number} stored {}", table.id);
    for &(conn, _) in audience {
        if wants(hub, conn) {
            let mut lines: Vec<String> = attempts.iter().cloned().collect();
            lines.push(stored.clone());
            lines.push(result.clone());
            hub.say(conn, &lines.join("\n"));
        }
    }
}
