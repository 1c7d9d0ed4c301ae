//! The browser page, built from `web/` (TypeScript, the lichess board
//! `chessground`; `npm run build` in `web/`) and compiled into the
//! program, so that serving it needs nothing beside the binary.

/// The page's files: path, content type, bytes.
const FILES: [(&str, &str, &[u8]); 3] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_bytes!("../../../web/dist/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../../web/dist/app.js"),
    ),
    (
        "/app.css",
        "text/css; charset=utf-8",
        include_bytes!("../../../web/dist/app.css"),
    ),
];

/// The file at `path` (`/index.html` is `/`): its content type and bytes.
pub fn file(path: &str) -> Option<(&'static str, &'static [u8])> {
    let path = if path == "/index.html" { "/" } else { path };
    FILES
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|&(_, kind, body)| (kind, body))
}
