//! Rulesets: the three 6.170 rule variants as plain values.

/// Who wins when one side is checkmated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MateRule {
    /// The side that delivers checkmate wins (2007 rules).
    MaterWins,
    /// The side that is checkmated wins (2004 rules).
    MatedWins,
}

/// What happens when the side to move has no legal move and is not in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StalemateRule {
    /// The stalemated side loses its turn; both stalemated is a draw (2007).
    LoseTurn,
    /// The game is drawn at once (2004).
    Draw,
}

/// A ruleset: the handful of switches by which the 6.170 variants differ.
///
/// ```
/// use antichess::rules::{Ruleset, MateRule};
/// let r = Ruleset::from_name("6.170-spring-2004").unwrap();
/// assert_eq!(r.mate, MateRule::MatedWins);
/// assert_eq!(Ruleset::from_name("chess"), None);
/// assert_eq!(Ruleset::for_file("chess"), Ruleset::SPRING_2007);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// Castling and en passant are allowed.
    pub castling_and_en_passant: bool,
    /// Who wins by checkmate.
    pub mate: MateRule,
    /// What a stalemate means.
    pub stalemate: StalemateRule,
}

impl Ruleset {
    /// `6170-spring-2007`: mating wins, a stalemated side loses its turn.
    pub const SPRING_2007: Ruleset = Ruleset {
        castling_and_en_passant: false,
        mate: MateRule::MaterWins,
        stalemate: StalemateRule::LoseTurn,
    };
    /// `6170-spring-2007-encastle`: the 2007 rules plus castling and en passant.
    pub const SPRING_2007_ENCASTLE: Ruleset = Ruleset {
        castling_and_en_passant: true,
        ..Ruleset::SPRING_2007
    };
    /// `6170-spring-2004`: being mated wins, stalemate is a draw.
    pub const SPRING_2004: Ruleset = Ruleset {
        castling_and_en_passant: false,
        mate: MateRule::MatedWins,
        stalemate: StalemateRule::Draw,
    };

    /// The name used when none is given.
    pub const DEFAULT_NAME: &'static str = "6170-spring-2007";

    /// Every ruleset name the program knows, with the rules it stands for.
    pub const NAMES: [(&'static str, Ruleset); 5] = [
        ("6170-spring-2007", Ruleset::SPRING_2007),
        ("6170-spring-2007-encastle", Ruleset::SPRING_2007_ENCASTLE),
        ("6170-spring-2004", Ruleset::SPRING_2004),
        ("6.170-spring-2004", Ruleset::SPRING_2004),
        ("6170-spring-2002", Ruleset::SPRING_2004),
    ];

    /// The ruleset with exactly this name (case-sensitive, not trimmed).
    pub fn from_name(name: &str) -> Option<Ruleset> {
        Ruleset::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, r)| r)
    }

    /// The rules a game file with this `ruleset` attribute is played by:
    /// unknown names mean the 2007 rules.
    pub fn for_file(name: &str) -> Ruleset {
        Ruleset::from_name(name).unwrap_or(Ruleset::SPRING_2007)
    }
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::SPRING_2007
    }
}
