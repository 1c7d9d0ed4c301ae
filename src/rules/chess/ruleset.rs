//! Rulesets: the three 6.170 antichess rule variants and orthodox chess, as
//! plain values of one type that the one move generator reads.

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

/// Which pieces a pawn may become on the last rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PromotionRule {
    /// Always a queen (the 6.170 rules); the move text names no piece.
    QueenOnly,
    /// A queen, rook, bishop or knight, each a move of its own (`e7-e8=N`).
    AnyPiece,
}

/// A ruleset: the handful of switches by which the games on the 8 x 8
/// board differ.
///
/// ```
/// use antichess::rules::chess::{Ruleset, MateRule};
/// let r = Ruleset::from_name("6.170-spring-2004").unwrap();
/// assert_eq!(r.mate, MateRule::MatedWins);
/// assert_eq!(Ruleset::from_name("chess"), Some(Ruleset::CHESS));
/// assert!(!Ruleset::CHESS.forced_capture);
/// assert_eq!(Ruleset::for_file("checkers"), Ruleset::SPRING_2007);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// Castling and en passant are allowed.
    pub castling_and_en_passant: bool,
    /// Who wins by checkmate.
    pub mate: MateRule,
    /// What a stalemate means.
    pub stalemate: StalemateRule,
    /// A side that can capture must capture (antichess).
    pub forced_capture: bool,
    /// A side left with nothing but its king wins (antichess).
    pub depletion: bool,
    /// What a promoting pawn may become.
    pub promotion: PromotionRule,
    /// The FIDE draws: insufficient material, the fifty- and
    /// seventy-five-move rules, threefold and fivefold repetition, and
    /// agreement (chess).
    pub fide_draws: bool,
}

impl Ruleset {
    /// `6170-spring-2007`: mating wins, a stalemated side loses its turn.
    pub const SPRING_2007: Ruleset = Ruleset {
        castling_and_en_passant: false,
        mate: MateRule::MaterWins,
        stalemate: StalemateRule::LoseTurn,
        forced_capture: true,
        depletion: true,
        promotion: PromotionRule::QueenOnly,
        fide_draws: false,
    };
    /// `6170-spring-2007-encastle`: the 2007 rules plus castling and en passant.
    pub const SPRING_2007_ENCASTLE: Ruleset = Ruleset {
        castling_and_en_passant: true,
        ..Ruleset::SPRING_2007
    };
    /// `6170-spring-2004`: being mated wins, stalemate is a draw.
    pub const SPRING_2004: Ruleset = Ruleset {
        mate: MateRule::MatedWins,
        stalemate: StalemateRule::Draw,
        ..Ruleset::SPRING_2007
    };
    /// `chess`: orthodox chess under the FIDE Laws, every draw included.
    pub const CHESS: Ruleset = Ruleset {
        castling_and_en_passant: true,
        mate: MateRule::MaterWins,
        stalemate: StalemateRule::Draw,
        forced_capture: false,
        depletion: false,
        promotion: PromotionRule::AnyPiece,
        fide_draws: true,
    };

    /// The name used when none is given.
    pub const DEFAULT_NAME: &'static str = "6170-spring-2007";

    /// Every ruleset name the program knows, with the rules it stands for.
    pub const NAMES: [(&'static str, Ruleset); 6] = [
        ("6170-spring-2007", Ruleset::SPRING_2007),
        ("6170-spring-2007-encastle", Ruleset::SPRING_2007_ENCASTLE),
        ("6170-spring-2004", Ruleset::SPRING_2004),
        ("6.170-spring-2004", Ruleset::SPRING_2004),
        ("6170-spring-2002", Ruleset::SPRING_2004),
        ("chess", Ruleset::CHESS),
    ];

    /// The ruleset with exactly this name (case-sensitive, not trimmed).
    pub fn from_name(name: &str) -> Option<Ruleset> {
        Ruleset::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, r)| r)
    }

    /// Whether this is orthodox chess (no forced capture): the switch for
    /// what only chess has (draw commands, reasons on result lines).
    pub fn is_chess(self) -> bool {
        self == Ruleset::CHESS
    }

    /// The name this ruleset is written with (the first name of
    /// [`Ruleset::NAMES`] for it).
    pub fn name(self) -> &'static str {
        Ruleset::NAMES
            .iter()
            .find(|(_, r)| *r == self)
            .map_or(Ruleset::DEFAULT_NAME, |(n, _)| n)
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
