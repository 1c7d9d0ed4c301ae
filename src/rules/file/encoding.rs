//! Turning a file's bytes into text: UTF-8 (with or without a byte order
//! mark), UTF-16 with a byte order mark, ISO-8859-1 and US-ASCII, as the
//! XML declaration says.

/// Decodes a document, or says why it cannot be read.
pub fn decode(bytes: &[u8]) -> Result<String, String> {
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        return utf8(rest);
    }
    if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        return utf16(rest, u16::from_le_bytes);
    }
    if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        return utf16(rest, u16::from_be_bytes);
    }
    match declared_encoding(bytes).map(|e| e.to_ascii_uppercase()) {
        None => utf8(bytes),
        Some(e) => match e.as_str() {
            "UTF-8" | "UTF8" => utf8(bytes),
            "ISO-8859-1" | "ISO8859-1" | "ISO_8859-1" | "LATIN1" | "LATIN-1" | "L1" | "CP819"
            | "IBM819" | "ISO-IR-100" | "CSISOLATIN1" => {
                Ok(bytes.iter().map(|&b| b as char).collect())
            }
            "US-ASCII" | "ASCII" | "ANSI_X3.4-1968" => {
                if bytes.is_ascii() {
                    utf8(bytes)
                } else {
                    Err("a byte outside US-ASCII".to_string())
                }
            }
            _ => Err(format!("unsupported encoding {e}")),
        },
    }
}

fn utf8(bytes: &[u8]) -> Result<String, String> {
    String::from_utf8(bytes.to_vec())
        .map_err(|e| format!("invalid UTF-8 at byte {}", e.utf8_error().valid_up_to()))
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Result<String, String> {
    if !bytes.len().is_multiple_of(2) {
        return Err("odd number of bytes in UTF-16".to_string());
    }
    let units = bytes.chunks_exact(2).map(|c| unit([c[0], c[1]]));
    char::decode_utf16(units)
        .collect::<Result<String, _>>()
        .map_err(|_| "invalid UTF-16".to_string())
}

/// The `encoding` of an XML declaration at the very start, if any.
fn declared_encoding(bytes: &[u8]) -> Option<String> {
    let head = bytes.strip_prefix(b"<?xml")?;
    let end = head.windows(2).position(|w| w == b"?>")?;
    let decl = std::str::from_utf8(&head[..end]).ok()?;
    let at = decl.find("encoding")?;
    let rest = decl[at + "encoding".len()..]
        .trim_start()
        .strip_prefix('=')?
        .trim_start();
    let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let value = &rest[1..];
    Some(value[..value.find(quote)?].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_is_decoded_byte_for_byte() {
        let doc = b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a b=\"\xe9\"/>";
        assert!(decode(doc).unwrap().contains('\u{e9}'));
    }

    #[test]
    fn utf8_default_and_bom() {
        assert_eq!(decode("<a>é</a>".as_bytes()).unwrap(), "<a>é</a>");
        assert_eq!(decode(b"\xEF\xBB\xBF<a/>").unwrap(), "<a/>");
        assert!(decode(b"<a>\xff</a>").is_err());
    }

    #[test]
    fn utf16_with_bom() {
        let mut bytes = vec![0xFF, 0xFE];
        for u in "<a/>".encode_utf16() {
            bytes.extend(u.to_le_bytes());
        }
        assert_eq!(decode(&bytes).unwrap(), "<a/>");
    }

    #[test]
    fn unknown_encoding_is_refused() {
        assert!(decode(b"<?xml version='1.0' encoding='EBCDIC'?><a/>").is_err());
    }
}
