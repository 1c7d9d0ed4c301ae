//! Reading a game file: well-formedness (roxmltree), then every rule of the
//! schema, checked in code, then the values.
//!
//! The rules are those of `schema/antichess.xsd`; the fixture corpus under
//! `fixtures/` holds each verdict, and the tests compare them with `xmllint`
//! where it is installed.

use std::fmt;
use std::io::Read;
use std::path::Path;

use roxmltree::{Document, Node, ParsingOptions};

use super::encoding::decode;
use super::xsd_types::{builtin_simple_type, is_xml_space, parse_integer};
use super::{GameFile, GameOver, HistoryMove, TimeSpec};
use crate::rules::notation::{parse_protocol, parse_square};
use crate::rules::{Color, Reason, Role, Square};

const XSI: &str = "http://www.w3.org/2001/XMLSchema-instance";
const XS: &str = "http://www.w3.org/2001/XMLSchema";

/// Files larger than this are refused (a game of ten thousand moves is
/// about 600 KB).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Why a file is not a valid game file: what, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// What is wrong.
    pub message: String,
    /// The element concerned, if any.
    pub element: Option<String>,
    /// Line (1-based), 0 when unknown.
    pub line: u32,
    /// Column (1-based), 0 when unknown.
    pub column: u32,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}, column {}: ", self.line, self.column)?;
        }
        if let Some(e) = &self.element {
            write!(f, "element <{e}>: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for FileError {}

fn plain(message: impl Into<String>) -> FileError {
    FileError {
        message: message.into(),
        element: None,
        line: 0,
        column: 0,
    }
}

fn at(node: Node, message: impl Into<String>) -> FileError {
    let pos = node.document().text_pos_at(node.range().start);
    FileError {
        message: message.into(),
        element: node
            .is_element()
            .then(|| node.tag_name().name().to_string()),
        line: pos.row,
        column: pos.col,
    }
}

/// `node` stands where an element `name` in no namespace must be.
fn expected(node: Node, name: &str) -> FileError {
    if node.tag_name().name() == name && node.tag_name().namespace().is_some() {
        at(node, format!("expected <{name}> in no namespace"))
    } else {
        at(node, format!("expected <{name}>"))
    }
}

type Result<T> = std::result::Result<T, FileError>;

/// Reads and checks a game file from disk. Only regular files are read (a
/// pipe or device could block or never end).
pub fn read_path(path: &Path) -> Result<GameFile> {
    let meta = std::fs::metadata(path).map_err(|e| plain(format!("cannot open: {e}")))?;
    if !meta.is_file() {
        return Err(plain("not a regular file"));
    }
    let file = std::fs::File::open(path).map_err(|e| plain(format!("cannot open: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| plain(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(plain(format!("larger than {MAX_FILE_BYTES} bytes")));
    }
    parse(&bytes)
}

/// Checks a document against the schema and returns what it says.
///
/// ```
/// let doc = br#"<game ruleset="6170-spring-2007"><time/><moveHistory/><pieces/></game>"#;
/// let file = antichess::file::parse(doc).unwrap();
/// assert_eq!(file.ruleset, "6170-spring-2007");
/// assert!(antichess::file::parse(b"<game/>").is_err());
/// ```
pub fn parse(bytes: &[u8]) -> Result<GameFile> {
    let text = decode(bytes).map_err(plain)?;
    check_chars(&text)?;
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
    read_game(doc.root_element())
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

/// An unqualified attribute's value.
fn attr<'a>(node: Node<'a, '_>, name: &str) -> Option<&'a str> {
    node.attributes()
        .find(|a| a.namespace().is_none() && a.name() == name)
        .map(|a| a.value())
}

fn required<'a>(node: Node<'a, '_>, name: &str) -> Result<&'a str> {
    attr(node, name).ok_or_else(|| at(node, format!("missing attribute {name}")))
}

/// Children of `node`: an optional trailing `extension` and nothing else.
fn only_extension(node: Node) -> Result<()> {
    match element_children(node)?.as_slice() {
        [] => Ok(()),
        [e] if is_named(*e, "extension") => check_extension(*e),
        [e, ..] => Err(at(*e, "unexpected element")),
    }
}

fn read_game(root: Node) -> Result<GameFile> {
    if !is_named(root, "game") {
        return Err(at(root, "the root element must be <game> in no namespace"));
    }
    let ruleset = required(root, "ruleset")?.to_string();
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
        check_extension(e)?;
    }
    Ok(GameFile {
        ruleset,
        time: read_time(time)?,
        moves: read_history(history)?,
        pieces: read_pieces(pieces)?,
        game_over: game_over.map(read_game_over).transpose()?,
    })
}

fn read_time(node: Node) -> Result<TimeSpec> {
    only_extension(node)?;
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

fn read_history(node: Node) -> Result<Vec<HistoryMove>> {
    let mut moves = Vec::new();
    for m in element_children(node)? {
        if !is_named(m, "move") {
            return Err(expected(m, "move"));
        }
        only_extension(m)?;
        let side = side(m, "side", required(m, "side")?)?;
        let Some((from, to)) = parse_protocol(required(m, "value")?) else {
            return Err(at(m, "value must match [a-h][1-8]-[a-h][1-8]"));
        };
        let time = match attr(m, "time") {
            None => None,
            Some(v) => Some(
                parse_integer(v)
                    .ok_or_else(|| at(m, "time is not an integer"))?
                    .0,
            ),
        };
        moves.push(HistoryMove {
            side,
            from,
            to,
            time,
        });
    }
    Ok(moves)
}

fn read_pieces(node: Node) -> Result<Vec<(Square, Color, Role)>> {
    let mut pieces = Vec::new();
    for sq in element_children(node)? {
        if !is_named(sq, "square") {
            return Err(expected(sq, "square"));
        }
        only_extension(sq)?;
        let id = required(sq, "id")?;
        let square = match id.as_bytes() {
            [f, r] => parse_square(*f, *r),
            _ => None,
        }
        .ok_or_else(|| at(sq, "id must match [a-h][1-8]"))?;
        let color = side(sq, "side", required(sq, "side")?)?;
        let role = match required(sq, "piece")? {
            "pawn" => Role::Pawn,
            "knight" => Role::Knight,
            "bishop" => Role::Bishop,
            "rook" => Role::Rook,
            "queen" => Role::Queen,
            "king" => Role::King,
            _ => {
                return Err(at(
                    sq,
                    "piece must be pawn, rook, knight, bishop, queen or king",
                ));
            }
        };
        pieces.push((square, color, role));
    }
    Ok(pieces)
}

fn read_game_over(node: Node) -> Result<GameOver> {
    only_extension(node)?;
    let winner = attr(node, "winner")
        .map(|w| side(node, "winner", w))
        .transpose()?;
    let description = Reason::from_name(required(node, "description")?).ok_or_else(|| {
        at(
            node,
            "description must be piecesLost, checkmate, stalemate or timeExpired",
        )
    })?;
    Ok(GameOver {
        winner,
        description,
    })
}

/// An `extension`: any attributes, one or more elements, no text; its
/// children are checked laxly.
fn check_extension(node: Node) -> Result<()> {
    let children = element_children(node)?;
    if children.is_empty() {
        return Err(at(node, "an extension needs at least one element"));
    }
    children.into_iter().try_for_each(check_lax)
}

/// Lax validation of a wildcard element, as XML Schema defines it: the
/// global `game` element is validated strictly; an `xsi:type` naming a
/// built-in simple type constrains the text; anything else passes, with its
/// children checked laxly in turn.
fn check_lax(node: Node) -> Result<()> {
    if is_named(node, "game") {
        return read_game(node).map(|_| ());
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
        .try_for_each(check_lax)
}
