//! Writing a game file: byte-exact layout (game-file.md, "Writing"). Saving
//! it to disk goes through [`crate::sys::safe_write`].

use quick_xml::Writer;
use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesEnd, BytesStart, Event};
use quick_xml::name::QName;
use std::borrow::Cow;

use super::cell::cell_text;
use super::{ConnectFile, GameFile, TimeSpec};
use crate::rules::chess::wording::role_name;
use crate::rules::chess::wording::side_word;
use crate::rules::chess::{Color, Reason};

/// Escapes an attribute value: `&`, `<`, `>`, `"` as entities and every
/// character outside printable ASCII as `&#N;`, so the output is ASCII.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            ' '..='~' => out.push(c),
            _ => out.push_str(&format!("&#{};", u32::from(c))),
        }
    }
    out
}

fn element<'a>(name: &'a str, attrs: &'a [(&'a str, String)]) -> BytesStart<'a> {
    let mut start = BytesStart::new(name);
    for (key, value) in attrs {
        start.push_attribute(Attribute {
            key: QName(key),
            value: Cow::Owned(escape(value)),
        });
    }
    start
}

/// What any game file holds, as the writer lays it out.
struct Layout<'a> {
    ruleset: &'a str,
    time: &'a TimeSpec,
    /// Side, value, promotion, time.
    moves: Vec<(Color, String, Option<&'static str>, Option<&'a str>)>,
    /// Id, side, piece.
    squares: Vec<(String, Color, &'static str)>,
    /// Winner, description, reason.
    game_over: Option<(Option<Color>, &'static str, Option<&'static str>)>,
}

/// The document for an antichess game file, exactly as `SaveGame` and
/// `PrintBoard` write it.
pub fn to_xml(file: &GameFile) -> String {
    write(&Layout {
        ruleset: &file.ruleset,
        time: &file.time,
        moves: file
            .moves
            .iter()
            .map(|m| {
                (
                    m.side,
                    format!("{}-{}", m.from, m.to),
                    m.promotion.map(super::promotion_name),
                    m.time.as_deref(),
                )
            })
            .collect(),
        squares: file
            .pieces
            .iter()
            .map(|(sq, color, role)| (sq.to_string(), *color, role_name(*role)))
            .collect(),
        game_over: file.game_over.map(|o| {
            (
                o.winner,
                o.description.as_str(),
                o.reason.map(Reason::as_str),
            )
        }),
    })
}

/// The document for a Connect N game file: the same layout, discs as
/// `chip` pieces in the order given.
pub fn connect_to_xml(file: &ConnectFile) -> String {
    write(&Layout {
        ruleset: &file.ruleset,
        time: &file.time,
        moves: file
            .moves
            .iter()
            .map(|m| (m.side, m.value.clone(), None, m.time.as_deref()))
            .collect(),
        squares: file
            .discs
            .iter()
            .map(|&(column, row, color)| (cell_text(column, row), color, "chip"))
            .collect(),
        game_over: file.game_over.map(|o| (o.winner, o.end.as_str(), None)),
    })
}

fn write(file: &Layout) -> String {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    w.config_mut().add_space_before_slash_in_empty_elements = true;
    // Writing to a Vec cannot fail.
    let mut emit = |event: Event| {
        let _ = w.write_event(event);
    };
    let game_attrs = [("ruleset", file.ruleset.to_string())];
    emit(Event::Start(element("game", &game_attrs)));

    let t = file.time;
    let time_attrs: Vec<(&str, String)> = if t.timed {
        vec![
            ("timed", "true".into()),
            ("initWhite", t.init_white.unwrap_or(0).to_string()),
            ("initBlack", t.init_black.unwrap_or(0).to_string()),
            ("currentWhite", t.current_white.unwrap_or(0).to_string()),
            ("currentBlack", t.current_black.unwrap_or(0).to_string()),
        ]
    } else {
        vec![("timed", "false".into())]
    };
    emit(Event::Empty(element("time", &time_attrs)));

    if file.moves.is_empty() {
        emit(Event::Empty(BytesStart::new("moveHistory")));
    } else {
        emit(Event::Start(BytesStart::new("moveHistory")));
        for (side, value, promotion, time) in &file.moves {
            let mut attrs = vec![
                ("side", side_word(*side).to_string()),
                ("value", value.clone()),
            ];
            if let Some(promotion) = promotion {
                attrs.push(("promotion", promotion.to_string()));
            }
            if let Some(time) = time {
                attrs.push(("time", time.to_string()));
            }
            emit(Event::Empty(element("move", &attrs)));
        }
        emit(Event::End(BytesEnd::new("moveHistory")));
    }

    if file.squares.is_empty() {
        emit(Event::Empty(BytesStart::new("pieces")));
    } else {
        emit(Event::Start(BytesStart::new("pieces")));
        for (id, color, piece) in &file.squares {
            let attrs = [
                ("id", id.clone()),
                ("side", side_word(*color).to_string()),
                ("piece", piece.to_string()),
            ];
            emit(Event::Empty(element("square", &attrs)));
        }
        emit(Event::End(BytesEnd::new("pieces")));
    }

    if let Some((winner, description, reason)) = file.game_over {
        let mut attrs = Vec::new();
        if let Some(winner) = winner {
            attrs.push(("winner", side_word(winner).to_string()));
        }
        attrs.push(("description", description.to_string()));
        if let Some(reason) = reason {
            attrs.push(("reason", reason.to_string()));
        }
        emit(Event::Empty(element("gameOver", &attrs)));
    }
    emit(Event::End(BytesEnd::new("game")));

    let body = String::from_utf8(w.into_inner()).unwrap_or_default();
    format!("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n{body}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_non_ascii() {
        assert_eq!(
            escape("a&b<c>\"d'é\t"),
            "a&amp;b&lt;c&gt;&quot;d'&#233;&#9;"
        );
    }
}
