//! The bounds a game file must keep, so that reading any file takes time
//! and memory in proportion to its size: at most [`MAX_ATTRIBUTES`]
//! attributes on one element (the XML parser checks duplicates pairwise),
//! entity references that expand to at most [`MAX_EXPANSION`] bytes in
//! all (a small file can otherwise name a large entity many times), and
//! elements nested at most [`MAX_DEPTH`] deep (the schema's checks walk
//! the tree). The first two are found by one pass over the text before
//! parsing, the last on the parsed tree; each is a [`FileError`] with
//! where it is.

use std::collections::HashMap;

use roxmltree::Document;

use super::node::{FileError, at};

/// Attributes allowed on one element.
pub const MAX_ATTRIBUTES: usize = 1024;

/// Bytes that entity references may expand to, in all.
pub const MAX_EXPANSION: u64 = 256 << 10;

/// Elements allowed inside one another.
pub const MAX_DEPTH: usize = 256;

/// The error at byte `offset` of `text`.
fn at_offset(text: &str, offset: usize, message: String) -> FileError {
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    FileError {
        message,
        element: None,
        line: before.matches('\n').count() as u32 + 1,
        column: before[line_start..].chars().count() as u32 + 1,
    }
}

/// Checks the attribute count of every start tag and the size entity
/// references expand to, in one pass over the text (which need not be
/// well-formed: the parser judges that afterwards).
pub fn check_text(text: &str) -> Result<(), FileError> {
    let bytes = text.as_bytes();
    let entities = declared_entities(text).map_err(|why| {
        let offset = text.find("<!ENTITY").unwrap_or(0);
        at_offset(text, offset, why)
    })?;
    let mut expanded: u64 = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' if text[i..].starts_with("<!--") => {
                i = text[i..].find("-->").map_or(bytes.len(), |e| i + e + 3);
            }
            b'<' if text[i..].starts_with("<![CDATA[") => {
                i = text[i..].find("]]>").map_or(bytes.len(), |e| i + e + 3);
            }
            b'<' if text[i..].starts_with("<!") || text[i..].starts_with("<?") => {
                i = skip_declaration(bytes, i);
            }
            b'<' => {
                let (end, attributes) = scan_tag(bytes, i);
                if attributes > MAX_ATTRIBUTES {
                    return Err(at_offset(
                        text,
                        i,
                        format!("more than {MAX_ATTRIBUTES} attributes on one element"),
                    ));
                }
                // References inside attribute values count too.
                expanded = expanded.saturating_add(references(&text[i..end], &entities));
                i = end;
            }
            b'&' => {
                let end = text[i..].find('<').map_or(bytes.len(), |e| i + e);
                expanded = expanded.saturating_add(references(&text[i..end], &entities));
                i = end;
            }
            _ => i += 1,
        }
        if expanded > MAX_EXPANSION {
            return Err(at_offset(
                text,
                i.min(bytes.len()),
                format!("entity references expand to more than {MAX_EXPANSION} bytes"),
            ));
        }
    }
    Ok(())
}

/// The end of the tag that starts at `start` (after its `>`) and how many
/// attributes it has (each `=` outside a quoted value).
fn scan_tag(bytes: &[u8], start: usize) -> (usize, usize) {
    let mut quote = None;
    let mut attributes = 0;
    for (j, &b) in bytes.iter().enumerate().skip(start + 1) {
        match (quote, b) {
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(b),
            (None, b'=') => attributes += 1,
            (None, b'>') => return (j + 1, attributes),
            (None, b'<') => return (j, attributes),
            _ => {}
        }
    }
    (bytes.len(), attributes)
}

/// The end of the `<!...>` or `<?...?>` that starts at `start`: quotes
/// and a DOCTYPE's bracketed internal subset are stepped over.
fn skip_declaration(bytes: &[u8], start: usize) -> usize {
    let mut quote = None;
    let mut brackets = 0usize;
    for (j, &b) in bytes.iter().enumerate().skip(start + 2) {
        match (quote, b) {
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(b),
            (None, b'[') => brackets += 1,
            (None, b']') => brackets = brackets.saturating_sub(1),
            (None, b'>') if brackets == 0 => return j + 1,
            _ => {}
        }
    }
    bytes.len()
}

/// The general entities the document's internal subset declares with a
/// value, and how many bytes each expands to (its references expanded,
/// to the parser's depth of ten; external entities are not read, and
/// count as nothing).
fn declared_entities(text: &str) -> Result<HashMap<&str, u64>, String> {
    let mut values: HashMap<&str, &str> = HashMap::new();
    let mut rest = text;
    while let Some(found) = rest.find("<!ENTITY") {
        rest = &rest[found + "<!ENTITY".len()..];
        let body = rest.trim_start();
        if body.starts_with('%') {
            continue;
        }
        let name_end = body
            .find(|c: char| c.is_whitespace() || c == '"' || c == '\'')
            .unwrap_or(body.len());
        let (name, after) = body.split_at(name_end);
        let after = after.trim_start();
        let Some(q) = after.chars().next().filter(|&c| c == '"' || c == '\'') else {
            continue;
        };
        let Some(close) = after[1..].find(q) else {
            break;
        };
        // The first declaration of a name is the one that holds.
        values.entry(name).or_insert(&after[1..1 + close]);
    }
    // An entity's text may hold elements, with attributes of their own.
    for value in values.values() {
        let bytes = value.as_bytes();
        let mut i = 0;
        while let Some(lt) = value[i..].find('<') {
            let (end, attributes) = scan_tag(bytes, i + lt);
            if attributes > MAX_ATTRIBUTES {
                return Err(format!(
                    "more than {MAX_ATTRIBUTES} attributes on one element"
                ));
            }
            i = end.max(i + lt + 1);
        }
    }
    let mut sizes = HashMap::new();
    for name in values.keys() {
        size_of(name, &values, &mut sizes, 0);
    }
    Ok(sizes)
}

/// How many bytes entity `name` expands to (memoised in `sizes`).
fn size_of<'a>(
    name: &'a str,
    values: &HashMap<&'a str, &'a str>,
    sizes: &mut HashMap<&'a str, u64>,
    depth: u32,
) -> u64 {
    if let Some(&n) = sizes.get(name) {
        return n;
    }
    let Some(value) = values.get(name) else {
        return 0;
    };
    // Deeper than the parser goes is a loop, which it refuses itself.
    if depth > 10 {
        return 0;
    }
    let mut total = value.len() as u64;
    let mut rest: &str = value;
    while let Some(amp) = rest.find('&') {
        rest = &rest[amp + 1..];
        let Some(semi) = rest.find(';') else { break };
        let inner = &rest[..semi];
        if !inner.starts_with('#') {
            total = total.saturating_add(size_of(inner, values, sizes, depth + 1));
        }
        rest = &rest[semi + 1..];
    }
    sizes.insert(name, total);
    total
}

/// What the references in `text` expand to, in bytes.
fn references(text: &str, entities: &HashMap<&str, u64>) -> u64 {
    if entities.is_empty() {
        return 0;
    }
    let mut total: u64 = 0;
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        rest = &rest[amp + 1..];
        let Some(semi) = rest.find(';') else { break };
        if let Some(n) = entities.get(&rest[..semi]) {
            total = total.saturating_add(*n);
        }
        rest = &rest[semi + 1..];
    }
    total
}

/// Checks that no element is nested deeper than [`MAX_DEPTH`] (entities
/// may hold elements, so this is checked on the tree).
pub fn check_depth(doc: &Document) -> Result<(), FileError> {
    let mut depth = vec![0usize; doc.descendants().count() + 1];
    for node in doc.descendants() {
        let d = node
            .parent()
            .map_or(0, |p| depth[p.id().get() as usize] + 1);
        depth[node.id().get() as usize] = d;
        if node.is_element() && d > MAX_DEPTH {
            return Err(at(
                node,
                format!("nested too deeply (more than {MAX_DEPTH} elements)"),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entity_sizes_follow_references() {
        let text = "<!DOCTYPE g [<!ENTITY a \"xxxx\"><!ENTITY b '&a;&a;y'>\
                    <!ENTITY % p \"ignored\">]><g t=\"&b;\">&b;&a;&amp;</g>";
        let sizes = declared_entities(text).unwrap();
        assert_eq!(sizes["a"], 4);
        assert_eq!(sizes["b"], 7 + 8);
        assert!(!sizes.contains_key("p"));
        assert!(check_text(text).is_ok());
    }

    #[test]
    fn a_billion_laughs_is_refused_before_parsing() {
        let mut text = String::from("<!DOCTYPE g [<!ENTITY l0 \"ha\">");
        for i in 1..10 {
            let refs = format!("&l{};", i - 1).repeat(10);
            text.push_str(&format!("<!ENTITY l{i} \"{refs}\">"));
        }
        text.push_str("]>\n<g>\n  &l9;</g>");
        let e = check_text(&text).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("expand to more than"), "{e}");
    }

    #[test]
    fn attributes_are_counted_outside_quotes() {
        let ok = format!("<e {}/>", "a=\"=\" ".repeat(MAX_ATTRIBUTES));
        assert!(check_text(&ok).is_ok());
        let many = format!("<!-- a=b -->\n<e {}/>", "a='=' ".repeat(MAX_ATTRIBUTES + 1));
        let e = check_text(&many).unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
    }
}
