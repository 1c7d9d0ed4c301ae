//! Reading a game file: well-formedness (roxmltree), then every rule of the
//! schema, checked in code, then the values.
//!
//! The rules are those of `schema/antichess.xsd`, or of
//! `schema/connect-n.xsd` for a Connect N file; the fixture corpus under
//! `fixtures/` holds each verdict, and the tests compare them with
//! `xmllint`.

use std::path::Path;

use roxmltree::{Document, Node, ParsingOptions};

use super::encoding::decode;
use super::limits;
use super::node::{FileError, Result, at, attr, plain};
use super::values::{Contents, FromContents};
use super::xsd_types::{builtin_simple_type, is_xml_space, parse_integer};
use super::{BoardSize, ConnectFile, GameFile, SavedGame, TimeSpec};
use crate::rules::chess::Color;
use crate::sys::safe_read::read_bounded;

const XSI: &str = "http://www.w3.org/2001/XMLSchema-instance";
const XS: &str = "http://www.w3.org/2001/XMLSchema";

pub use crate::sys::safe_read::MAX_FILE_BYTES;

/// `node` stands where an element `name` in no namespace must be.
fn expected(node: Node, name: &str) -> FileError {
    if node.tag_name().name() == name && node.tag_name().namespace().is_some() {
        at(node, format!("expected <{name}> in no namespace"))
    } else {
        at(node, format!("expected <{name}>"))
    }
}

/// Reads and checks an antichess game file from disk (a Connect N file
/// is refused: see [`read_any_path`]). Only regular files are read (a pipe
/// or device could block or never end).
pub fn read_path(path: &Path) -> Result<GameFile> {
    antichess_only(read_any_path(path)?)
}

/// Reads and checks a game file of either game from disk, against the
/// schema its `ruleset` calls for.
pub fn read_any_path(path: &Path) -> Result<SavedGame> {
    parse_any(&read_bytes(path)?)
}

/// The bytes of a game file on disk: a regular file of at most
/// [`MAX_FILE_BYTES`] (a pipe or device could block or never end).
pub fn read_bytes(path: &Path) -> Result<Vec<u8>> {
    read_bounded(path, MAX_FILE_BYTES).map_err(|e| plain(e.to_string()))
}

fn antichess_only(game: SavedGame) -> Result<GameFile> {
    match game {
        SavedGame::Antichess(file) => Ok(file),
        SavedGame::Connect(file) => Err(plain(format!(
            "{} is a Connect N game, not an antichess one",
            file.ruleset
        ))),
    }
}

/// Checks an antichess document against `schema/antichess.xsd` and
/// returns what it says.
///
/// ```
/// let doc = br#"<game ruleset="6170-spring-2007"><time/><moveHistory/><pieces/></game>"#;
/// let file = antichess::rules::file::parse(doc).unwrap();
/// assert_eq!(file.ruleset, "6170-spring-2007");
/// assert!(antichess::rules::file::parse(b"<game/>").is_err());
/// ```
pub fn parse(bytes: &[u8]) -> Result<GameFile> {
    antichess_only(parse_any(bytes)?)
}

/// Checks a document against the schema its root's `ruleset` calls for
/// (`schema/connect-n.xsd` for a name starting with `connect-`,
/// `schema/antichess.xsd` otherwise) and returns what it says. A Connect
/// N file must also keep its discs on its board.
///
/// ```
/// use antichess::rules::file::{parse_any, SavedGame};
/// let doc = br#"<game ruleset="connect-4"><time/><moveHistory/><pieces>
///   <square id="d1" side="white" piece="chip"/></pieces></game>"#;
/// let SavedGame::Connect(file) = parse_any(doc).unwrap() else { panic!() };
/// assert_eq!(file.discs, [(3, 0, antichess::rules::chess::Color::White)]);
/// let off = br#"<game ruleset="connect-4"><time/><moveHistory/><pieces>
///   <square id="h1" side="white" piece="chip"/></pieces></game>"#;
/// let err = parse_any(off).unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 3: element <square>: h1 is outside the 7x6 board");
/// ```
pub fn parse_any(bytes: &[u8]) -> Result<SavedGame> {
    let text = decode(bytes).map_err(plain)?;
    check_chars(&text)?;
    limits::check_text(&text)?;
    let options = ParsingOptions {
        allow_dtd: true,
        nodes_limit: 4_000_000,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(&text, options).map_err(|e| {
        let pos = e.pos();
        FileError {
            message: format!("not well-formed XML: {e}"),
            element: None,
            line: pos.row,
            column: pos.col,
        }
    })?;
    limits::check_depth(&doc)?;
    read_any(doc.root_element())
}

/// Refuses a character XML 1.0 does not allow in a document (a control
/// character other than tab, line feed and carriage return, or U+FFFE,
/// U+FFFF). The XML parser lets one through inside a DTD entity value,
/// which then reaches an attribute that cannot be written back as
/// well-formed XML.
fn check_chars(text: &str) -> Result<()> {
    let Some(bad) = text.find(|c: char| {
        !matches!(c, '\t' | '\n' | '\r' | ' '..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
    }) else {
        return Ok(());
    };
    let before = &text[..bad];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let c = text[bad..].chars().next().unwrap_or_default();
    Err(FileError {
        message: format!(
            "not well-formed XML: character U+{:04X} is not allowed",
            c as u32
        ),
        element: None,
        line: before.matches('\n').count() as u32 + 1,
        column: before[line_start..].chars().count() as u32 + 1,
    })
}

/// A schema element: in no namespace, with this local name.
fn is_named(node: Node, name: &str) -> bool {
    node.is_element() && node.tag_name().namespace().is_none() && node.tag_name().name() == name
}

/// The element children, after checking that all text between them is
/// white space.
fn element_children<'a, 'i>(node: Node<'a, 'i>) -> Result<Vec<Node<'a, 'i>>> {
    let mut out = Vec::new();
    for child in node.children() {
        if child.is_element() {
            out.push(child);
        } else if child.is_text() && !child.text().unwrap_or("").chars().all(is_xml_space) {
            return Err(at(node, "text is not allowed here"));
        }
    }
    Ok(out)
}

fn required<'a>(node: Node<'a, '_>, name: &str) -> Result<&'a str> {
    attr(node, name).ok_or_else(|| at(node, format!("missing attribute {name}")))
}

/// Children of `node`: an optional trailing `extension` and nothing else.
fn only_extension(node: Node, dialect: Dialect) -> Result<()> {
    match element_children(node)?.as_slice() {
        [] => Ok(()),
        [e] if is_named(*e, "extension") => check_extension(*e, dialect),
        [e, ..] => Err(at(*e, "unexpected element")),
    }
}

/// Which schema a document is checked against: `schema/connect-n.xsd`
/// when the root's `ruleset` starts with `connect-`, `schema/antichess.xsd`
/// otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dialect {
    Antichess,
    Connect,
}

fn read_any(root: Node) -> Result<SavedGame> {
    let connect =
        is_named(root, "game") && attr(root, "ruleset").is_some_and(|r| r.starts_with("connect-"));
    if connect {
        read_as(root, Dialect::Connect).map(SavedGame::Connect)
    } else {
        read_as(root, Dialect::Antichess).map(SavedGame::Antichess)
    }
}

/// Reads a `game` element of the dialect's schema.
fn read_as<T: FromContents>(root: Node, dialect: Dialect) -> Result<T> {
    T::from_contents(read_contents(root, dialect)?)
}

fn read_contents<'a, 'i>(root: Node<'a, 'i>, dialect: Dialect) -> Result<Contents<'a, 'i>> {
    if !is_named(root, "game") {
        return Err(at(root, "the root element must be <game> in no namespace"));
    }
    let ruleset = required(root, "ruleset")?.to_string();
    if dialect == Dialect::Connect && BoardSize::from_ruleset(&ruleset).is_none() {
        return Err(at(
            root,
            "ruleset must match connect-([2-9]|10)(-([2-9]|10)-([2-9]|10))?",
        ));
    }
    let children = element_children(root)?;
    let mut it = children.into_iter().peekable();
    let mut next = |name: &str, optional: bool| -> Result<Option<Node>> {
        match it.peek() {
            Some(n) if is_named(*n, name) => Ok(it.next()),
            Some(n) if !optional => Err(expected(*n, name)),
            None if !optional => Err(at(root, format!("missing <{name}>"))),
            _ => Ok(None),
        }
    };
    let time = next("time", false)?.ok_or_else(|| at(root, "missing <time>"))?;
    let history = next("moveHistory", false)?.ok_or_else(|| at(root, "missing <moveHistory>"))?;
    let pieces = next("pieces", false)?.ok_or_else(|| at(root, "missing <pieces>"))?;
    let game_over = next("gameOver", true)?;
    let extension = next("extension", true)?;
    if let Some(extra) = it.next() {
        return Err(at(extra, "unexpected element"));
    }
    if let Some(e) = extension {
        check_extension(e, dialect)?;
    }
    Ok(Contents {
        root,
        ruleset,
        time: read_time(time, dialect)?,
        moves: read_history(history, dialect)?,
        squares: read_pieces(pieces, dialect)?,
        game_over: game_over.map(|g| read_game_over(g, dialect)).transpose()?,
    })
}

fn read_time(node: Node, dialect: Dialect) -> Result<TimeSpec> {
    only_extension(node, dialect)?;
    let int = |name: &str| -> Result<Option<i64>> {
        attr(node, name)
            .map(|v| {
                parse_integer(v)
                    .map(|(_, n)| n)
                    .ok_or_else(|| at(node, format!("{name} is not an integer")))
            })
            .transpose()
    };
    let timed = match attr(node, "timed") {
        None => false,
        Some(v) => match v.trim_matches(is_xml_space) {
            "true" | "1" => true,
            "false" | "0" => false,
            _ => return Err(at(node, "timed is not a boolean")),
        },
    };
    Ok(TimeSpec {
        timed,
        init_white: int("initWhite")?,
        init_black: int("initBlack")?,
        current_white: int("currentWhite")?,
        current_black: int("currentBlack")?,
    })
}

fn side(node: Node, name: &str, value: &str) -> Result<Color> {
    match value {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(at(node, format!("{name} must be white or black"))),
    }
}

/// The moves: side, value (checked by the dialect later) and time.
type RawMove<'a, 'i> = (Node<'a, 'i>, Color, &'a str, Option<String>);

fn read_history<'a, 'i>(node: Node<'a, 'i>, dialect: Dialect) -> Result<Vec<RawMove<'a, 'i>>> {
    let mut moves = Vec::new();
    for m in element_children(node)? {
        if !is_named(m, "move") {
            return Err(expected(m, "move"));
        }
        only_extension(m, dialect)?;
        let side = side(m, "side", required(m, "side")?)?;
        let value = required(m, "value")?;
        let time = match attr(m, "time") {
            None => None,
            Some(v) => Some(
                parse_integer(v)
                    .ok_or_else(|| at(m, "time is not an integer"))?
                    .0,
            ),
        };
        moves.push((m, side, value, time));
    }
    Ok(moves)
}

/// The squares: id and piece (checked by the dialect later) and side.
type RawSquare<'a, 'i> = (Node<'a, 'i>, &'a str, Color, &'a str);

fn read_pieces<'a, 'i>(node: Node<'a, 'i>, dialect: Dialect) -> Result<Vec<RawSquare<'a, 'i>>> {
    let mut squares = Vec::new();
    for sq in element_children(node)? {
        if !is_named(sq, "square") {
            return Err(expected(sq, "square"));
        }
        only_extension(sq, dialect)?;
        let id = required(sq, "id")?;
        let color = side(sq, "side", required(sq, "side")?)?;
        let piece = required(sq, "piece")?;
        squares.push((sq, id, color, piece));
    }
    Ok(squares)
}

fn read_game_over<'a, 'i>(
    node: Node<'a, 'i>,
    dialect: Dialect,
) -> Result<(Node<'a, 'i>, Option<Color>, &'a str)> {
    only_extension(node, dialect)?;
    let winner = attr(node, "winner")
        .map(|w| side(node, "winner", w))
        .transpose()?;
    Ok((node, winner, required(node, "description")?))
}

/// An `extension`: any attributes, one or more elements, no text; its
/// children are checked laxly.
fn check_extension(node: Node, dialect: Dialect) -> Result<()> {
    let children = element_children(node)?;
    if children.is_empty() {
        return Err(at(node, "an extension needs at least one element"));
    }
    children.into_iter().try_for_each(|c| check_lax(c, dialect))
}

/// Lax validation of a wildcard element, as XML Schema defines it: the
/// global `game` element is validated strictly; an `xsi:type` naming a
/// built-in simple type constrains the text; anything else passes, with its
/// children checked laxly in turn.
fn check_lax(node: Node, dialect: Dialect) -> Result<()> {
    if is_named(node, "game") {
        return match dialect {
            Dialect::Antichess => read_as::<GameFile>(node, dialect).map(|_| ()),
            Dialect::Connect => read_as::<ConnectFile>(node, dialect).map(|_| ()),
        };
    }
    if let Some(xsi_type) = node
        .attributes()
        .find(|a| a.namespace() == Some(XSI) && a.name() == "type")
    {
        let qname = xsi_type.value().trim_matches(is_xml_space);
        let (prefix, local) = match qname.split_once(':') {
            Some((p, l)) => (Some(p), l),
            None => (None, qname),
        };
        if node.lookup_namespace_uri(prefix) == Some(XS)
            && let Some(check) = builtin_simple_type(local)
        {
            if node.children().any(|c| c.is_element()) {
                return Err(at(
                    node,
                    format!("an xs:{local} element has no child elements"),
                ));
            }
            if node.attributes().any(|a| a.namespace() != Some(XSI)) {
                return Err(at(node, format!("an xs:{local} element has no attributes")));
            }
            let text: String = node.children().filter_map(|c| c.text()).collect();
            if !check(&text) {
                return Err(at(node, format!("{text:?} is not a valid xs:{local}")));
            }
            return Ok(());
        }
    }
    node.children()
        .filter(|c| c.is_element())
        .try_for_each(|c| check_lax(c, dialect))
}
