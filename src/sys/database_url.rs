//! A database's address (`postgres://USER:PASSWORD@HOST/DB`): told from
//! a file's path, and shown without its password.

/// A database address as it may be shown: without its password (in
/// the user part or as a `password=` parameter).
pub fn shown(url: &str) -> String {
    let url = &hide_parameter(url);
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, tail) = rest.split_at(rest.find(['/', '?']).unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((user, host)) if user.contains(':') => {
            let user = user.split(':').next().unwrap_or_default();
            format!("{scheme}://{user}:***@{host}{tail}")
        }
        _ => url.to_string(),
    }
}

/// `url` with the value of its `password=` parameter, if any, hidden.
fn hide_parameter(url: &str) -> String {
    let Some((base, query)) = url.split_once('?') else {
        return url.to_string();
    };
    let parameters: Vec<String> = query
        .split('&')
        .map(|p| match p.split_once('=') {
            Some(("password", _)) => "password=***".to_string(),
            _ => p.to_string(),
        })
        .collect();
    format!("{base}?{}", parameters.join("&"))
}

/// Whether `text` names a PostgreSQL database (`postgres://...` or
/// `postgresql://...`).
pub fn is_postgres(text: &str) -> bool {
    text.starts_with("postgres://") || text.starts_with("postgresql://")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_not_shown() {
        assert_eq!(
            shown("postgres://ann:secret@db.example:5432/games"),
            "postgres://ann:***@db.example:5432/games"
        );
        assert_eq!(
            shown("postgresql:///games?host=/tmp/x"),
            "postgresql:///games?host=/tmp/x"
        );
        assert_eq!(shown("postgres://ann@db/games"), "postgres://ann@db/games");
        assert_eq!(
            shown("postgresql:///g?user=ann&password=secret&host=/tmp"),
            "postgresql:///g?user=ann&password=***&host=/tmp"
        );
    }
}
