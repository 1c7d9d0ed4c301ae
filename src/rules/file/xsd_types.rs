//! The XML Schema built-in simple types the reader checks: `xs:integer`
//! (any length, as the schema's clock values are) and the common types an
//! `xsi:type` may name in lax `extension` content.

/// XML's white space: space, tab, line feed, carriage return.
pub(super) fn is_xml_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

/// The value check of a built-in simple type, for the common ones.
pub(super) fn builtin_simple_type(name: &str) -> Option<fn(&str) -> bool> {
    fn any(_: &str) -> bool {
        true
    }
    fn boolean(v: &str) -> bool {
        matches!(v.trim_matches(is_xml_space), "true" | "false" | "1" | "0")
    }
    fn integer(v: &str) -> bool {
        parse_integer(v).is_some()
    }
    fn bounded(v: &str, lo: i128, hi: i128) -> bool {
        parse_integer(v).is_some_and(|(canon, _)| {
            canon.len() <= 40 && canon.parse::<i128>().is_ok_and(|n| (lo..=hi).contains(&n))
        })
    }
    fn non_negative(v: &str) -> bool {
        parse_integer(v).is_some_and(|(c, _)| !c.starts_with('-'))
    }
    fn positive(v: &str) -> bool {
        parse_integer(v).is_some_and(|(c, _)| !c.starts_with('-') && c != "0")
    }
    fn non_positive(v: &str) -> bool {
        parse_integer(v).is_some_and(|(c, _)| c.starts_with('-') || c == "0")
    }
    fn negative(v: &str) -> bool {
        parse_integer(v).is_some_and(|(c, _)| c.starts_with('-'))
    }
    fn decimal(v: &str) -> bool {
        let v = v.trim_matches(is_xml_space);
        let digits = v.strip_prefix(['+', '-']).unwrap_or(v);
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        (!int.is_empty() || !frac.is_empty())
            && int.bytes().all(|b| b.is_ascii_digit())
            && frac.bytes().all(|b| b.is_ascii_digit())
    }
    fn float(v: &str) -> bool {
        let v = v.trim_matches(is_xml_space);
        if matches!(v, "INF" | "-INF" | "+INF" | "NaN") {
            return true;
        }
        let (mantissa, exponent) = match v.split_once(['e', 'E']) {
            Some((m, e)) => (m, Some(e)),
            None => (v, None),
        };
        decimal(mantissa)
            && !mantissa.trim_matches(is_xml_space).is_empty()
            && exponent.is_none_or(|e| {
                let d = e.strip_prefix(['+', '-']).unwrap_or(e);
                !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
            })
    }
    Some(match name {
        "string" | "normalizedString" | "token" | "anySimpleType" | "anyURI" => any,
        "boolean" => boolean,
        "integer" => integer,
        "decimal" => decimal,
        "float" | "double" => float,
        "nonNegativeInteger" => non_negative,
        "positiveInteger" => positive,
        "nonPositiveInteger" => non_positive,
        "negativeInteger" => negative,
        "long" => |v| bounded(v, i64::MIN.into(), i64::MAX.into()),
        "int" => |v| bounded(v, i32::MIN.into(), i32::MAX.into()),
        "short" => |v| bounded(v, i16::MIN.into(), i16::MAX.into()),
        "byte" => |v| bounded(v, i8::MIN.into(), i8::MAX.into()),
        "unsignedLong" => |v| bounded(v, 0, u64::MAX.into()),
        "unsignedInt" => |v| bounded(v, 0, u32::MAX.into()),
        "unsignedShort" => |v| bounded(v, 0, u16::MAX.into()),
        "unsignedByte" => |v| bounded(v, 0, u8::MAX.into()),
        _ => return None,
    })
}

/// Parses an xs:integer (surrounding white space allowed, optional sign,
/// digits of any length): its canonical decimal form and its value
/// saturated to 64 bits.
pub(crate) fn parse_integer(text: &str) -> Option<(String, i64)> {
    let v = text.trim_matches(is_xml_space);
    let (negative, digits) = match v.as_bytes().first()? {
        b'-' => (true, &v[1..]),
        b'+' => (false, &v[1..]),
        _ => (false, v),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let trimmed = digits.trim_start_matches('0');
    let magnitude = if trimmed.is_empty() { "0" } else { trimmed };
    let canonical = if negative && magnitude != "0" {
        format!("-{magnitude}")
    } else {
        magnitude.to_string()
    };
    let value = canonical
        .parse::<i64>()
        .unwrap_or(if negative { i64::MIN } else { i64::MAX });
    Some((canonical, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers() {
        assert_eq!(parse_integer(" +007 "), Some(("7".into(), 7)));
        assert_eq!(parse_integer("-0"), Some(("0".into(), 0)));
        assert_eq!(
            parse_integer("99999999999999999999999"),
            Some(("99999999999999999999999".into(), i64::MAX))
        );
        assert_eq!(
            parse_integer("-99999999999999999999999").unwrap().1,
            i64::MIN
        );
        for bad in ["", " ", "+", "1 2", "1.0", "0x10", "--1"] {
            assert_eq!(parse_integer(bad), None, "{bad:?}");
        }
    }
}
