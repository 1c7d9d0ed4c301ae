//! Which game a ruleset name means: 6.170 Antichess under one of its
//! rulesets, or Connect N on some board.

use crate::connect::Shape;
use crate::rules::Ruleset;

/// A game and its rules, from a ruleset name.
///
/// ```
/// use antichess::variant::Variant;
/// use antichess::connect::Shape;
/// assert_eq!(Variant::from_name("connect-4"), Some(Variant::Connect(Shape::CONNECT_FOUR)));
/// assert!(matches!(Variant::from_name("6170-spring-2004"), Some(Variant::Antichess(_))));
/// assert!(matches!(Variant::from_name("chess"), Some(Variant::Antichess(r)) if r.is_chess()));
/// assert_eq!(Variant::from_name("checkers"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// 6.170 Antichess.
    Antichess(Ruleset),
    /// Connect N.
    Connect(Shape),
}

impl Variant {
    /// The variant a ruleset name stands for, if any.
    pub fn from_name(name: &str) -> Option<Variant> {
        Ruleset::from_name(name)
            .map(Variant::Antichess)
            .or_else(|| Shape::from_name(name).map(Variant::Connect))
    }

    /// What the command line says of the names it knows.
    pub fn known_names() -> String {
        let names: Vec<&str> = Ruleset::NAMES.iter().map(|(n, _)| *n).collect();
        format!(
            "{}, connect-N-W-H (N in a row on W x H, sides 2 to 10, 2 <= N <= the larger side) or connect-N (7 x 6)",
            names.join(", ")
        )
    }
}
