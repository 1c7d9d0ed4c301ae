//! Move tokens read leniently, as PGN readers do: SAN first, then the
//! forms people and programs write instead (a promotion without `=` or
//! with a lower-case piece, a `-` between squares, `0-0`), each a warning
//! that names the standard form.

use crate::rules::chess::{Move, Position, notation};

/// A move token read leniently: the move, and its standard SAN when the
/// token is not written so. Errors are the diagnostics' messages.
pub(super) fn read_move(pos: &Position, token: &str) -> Result<(Move, Option<String>), String> {
    let candidates = |text: &str| notation::read_san(pos, text);
    let mut moves = candidates(token);
    if moves.is_empty() && shakmaty::san::San::from_ascii(token.as_bytes()).is_err() {
        for variant in lenient_forms(token) {
            moves = candidates(&variant);
            if !moves.is_empty() || shakmaty::san::San::from_ascii(variant.as_bytes()).is_ok() {
                break;
            }
        }
        if moves.is_empty() && !looks_like_san(token) {
            return Err(format!("not a move: {token}"));
        }
    }
    match moves.as_slice() {
        [] => Err(format!("illegal move {token}")),
        [m] => {
            let standard = notation::san(pos, *m);
            Ok((*m, (standard != token).then_some(standard)))
        }
        several => {
            let mut sans: Vec<String> = several.iter().map(|&m| notation::san(pos, m)).collect();
            sans.sort();
            Err(format!("ambiguous move {token} ({})", sans.join(" or ")))
        }
    }
}

/// Whether a token is SAN in form (even if no legal move matches), or one
/// of the lenient forms.
pub(super) fn looks_like_san(token: &str) -> bool {
    shakmaty::san::San::from_ascii(token.as_bytes()).is_ok()
        || lenient_forms(token)
            .iter()
            .any(|t| shakmaty::san::San::from_ascii(t.as_bytes()).is_ok())
}

/// What a non-standard move token may stand for: zeros for castling, a
/// promotion without `=` or with a lower-case piece, a `-` between squares.
pub(super) fn lenient_forms(token: &str) -> Vec<String> {
    let mut forms = Vec::new();
    let body = token.trim_end_matches(['+', '#']);
    match body {
        "0-0" => forms.push("O-O".to_string()),
        "0-0-0" => forms.push("O-O-O".to_string()),
        _ => {}
    }
    let bytes = body.as_bytes();
    if let [.., rank @ (b'1' | b'8'), piece] = bytes
        && b"QRBNqrbn".contains(piece)
        && rank.is_ascii_digit()
    {
        let (head, last) = body.split_at(body.len() - 1);
        forms.push(format!("{head}={}", last.to_ascii_uppercase()));
    }
    if let Some((head, piece)) = body.split_once('=') {
        forms.push(format!("{head}={}", piece.to_ascii_uppercase()));
    }
    if body.contains('-') {
        forms.push(body.replace('-', ""));
    }
    forms
}
