//! Guess tokens: a player's private marks on empty squares of their view,
//! where an enemy unit (piece token), the piece giving check (check token)
//! or the enemy king just checked (king token) may be. Automatic tokens
//! are placed, faded and removed by the events of the game; manual ones
//! stay until removed.

use std::fmt;

use shakmaty::attacks;

use super::announcement::{Announcement, CheckKind};
use super::umpire::Attempt;
use super::view::PlayerView;
use crate::rules::chess::{Bitboard, Color, Role, Square, pawn_attacks};

/// What a token guesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// Some enemy unit may be here.
    Piece,
    /// The piece checking my king may be here.
    Check,
    /// The enemy king (which I just checked) may be here.
    King,
}

impl TokenKind {
    /// The word used in commands and lists.
    pub fn word(self) -> &'static str {
        match self {
            TokenKind::Piece => "piece",
            TokenKind::Check => "check",
            TokenKind::King => "king",
        }
    }

    /// The kind named by `word`.
    pub fn from_word(word: &str) -> Option<TokenKind> {
        [TokenKind::Piece, TokenKind::Check, TokenKind::King]
            .into_iter()
            .find(|k| k.word() == word)
    }
}

/// One token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    /// What it guesses.
    pub kind: TokenKind,
    /// How sure, 1 to 100 (%).
    pub strength: u8,
    /// Placed by the player (never fades).
    pub manual: bool,
    /// An automatic piece token from a pawn-try count (gone when the turn
    /// ends).
    pawn_try: bool,
}

/// A player's tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tokens {
    squares: [Option<Token>; 64],
    auto: bool,
    /// The player's last move was a pawn's two-square advance to here.
    double_push: Option<Square>,
}

impl Default for Tokens {
    fn default() -> Tokens {
        Tokens::new()
    }
}

/// The squares along the line of `kind` through `king`, walking outward in
/// both directions up to the edge or the first of `own` (not included);
/// for a knight, the jumps not on `own`.
pub(crate) fn line_squares(king: Square, kind: CheckKind, own: Bitboard) -> Bitboard {
    if kind == CheckKind::Knight {
        return attacks::knight_attacks(king) & !own;
    }
    let lines = attacks::rook_attacks(king, own) | attacks::bishop_attacks(king, own);
    lines
        .into_iter()
        .filter(|&sq| CheckKind::between(king, sq) == Some(kind))
        .collect::<Bitboard>()
        & !own
}

impl Tokens {
    /// No tokens; automatic tokens on.
    pub fn new() -> Tokens {
        Tokens {
            squares: [None; 64],
            auto: true,
            double_push: None,
        }
    }

    /// The token on `sq`.
    pub fn at(&self, sq: Square) -> Option<Token> {
        self.squares[sq as usize]
    }

    /// Whether automatic tokens are on.
    pub fn auto(&self) -> bool {
        self.auto
    }

    /// Turns automatic tokens on or off (off removes them).
    pub fn set_auto(&mut self, on: bool) {
        self.auto = on;
        if !on {
            self.retain(|t| t.manual);
        }
    }

    fn retain(&mut self, keep: impl Fn(&Token) -> bool) {
        for slot in &mut self.squares {
            if slot.is_some_and(|t| !keep(&t)) {
                *slot = None;
            }
        }
    }

    /// Places a manual token (strength 100), replacing any token there.
    pub fn place_manual(&mut self, kind: TokenKind, sq: Square) {
        self.squares[sq as usize] = Some(Token {
            kind,
            strength: 100,
            manual: true,
            pawn_try: false,
        });
    }

    /// Removes the token on `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.squares[sq as usize] = None;
    }

    /// Removes every token.
    pub fn clear(&mut self) {
        self.squares = [None; 64];
    }

    /// Places an automatic token: never over a manual one; a check or king
    /// token replaces an automatic piece token; a pawn-try token goes only
    /// on a free square.
    fn place_auto(&mut self, sq: Square, kind: TokenKind, strength: u8, pawn_try: bool) {
        if !self.auto || strength == 0 {
            return;
        }
        let slot = &mut self.squares[sq as usize];
        let free = match slot {
            None => true,
            Some(t) if t.manual => false,
            Some(_) if pawn_try => false,
            Some(t) => kind != TokenKind::Piece || t.kind == TokenKind::Piece,
        };
        if free {
            *slot = Some(Token {
                kind,
                strength,
                manual: false,
                pawn_try,
            });
        }
    }

    fn clear_own_squares(&mut self, view: &PlayerView) {
        for sq in view.own().by_color(view.color()) {
            self.squares[sq as usize] = None;
        }
    }

    /// The squares the player's pawns attack that hold no own piece.
    fn pawn_targets(view: &PlayerView) -> Bitboard {
        let own = view.own();
        let color = view.color();
        pawn_attacks(own.by_piece(color, Role::Pawn), color) & !own.occupied()
    }

    /// The player's turn starts: the opponent's move was announced as
    /// `heard` (the view has heard it).
    pub fn turn_starts(&mut self, view: &PlayerView, heard: &Announcement) {
        self.retain(|t| t.manual || t.kind != TokenKind::King);
        for slot in &mut self.squares {
            if let Some(t) = slot
                && !t.manual
                && t.kind == TokenKind::Piece
            {
                t.strength /= 2;
                if t.strength < 12 {
                    *slot = None;
                }
            }
        }
        if let Some(c) = heard.capture {
            self.place_auto(c.square, TokenKind::Piece, 100, false);
        }
        let targets = Tokens::pawn_targets(view);
        let n = heard.pawn_tries();
        let m = targets.count() as u32;
        if n >= 1 && m >= 1 {
            let strength = (100 * n.min(m) / m) as u8;
            for sq in targets {
                self.place_auto(sq, TokenKind::Piece, strength, true);
            }
        }
        if !heard.checks.is_empty()
            && let Some(king) = view.king()
        {
            let own = view.own().occupied();
            let mut all = Bitboard::EMPTY;
            let one_kind = heard.checks.len() == 1;
            for &kind in &heard.checks {
                let mut candidates = line_squares(king, kind, own);
                if let Some(c) = heard.capture {
                    let en_passant_risk =
                        heard.capture.is_some_and(|c| c.pawn) && self.double_push == Some(c.square);
                    if candidates.contains(c.square) && !en_passant_risk {
                        candidates = Bitboard::from_square(c.square);
                    }
                }
                if one_kind && n >= 1 && (candidates & targets).any() {
                    candidates &= targets;
                }
                all |= candidates;
            }
            for sq in all {
                self.place_auto(sq, TokenKind::Check, 100, false);
            }
        }
    }

    /// The player's legal move `attempt` was made (`before` is the view
    /// before it, `after` the view after it and its announcement `heard`).
    pub fn turn_ends(
        &mut self,
        before: &PlayerView,
        after: &PlayerView,
        attempt: Attempt,
        heard: &Announcement,
    ) {
        self.retain(|t| t.manual || !(t.kind == TokenKind::Check || t.pawn_try));
        self.clear_own_squares(after);
        let color = before.color();
        let moved = before.own().role_at(attempt.from);
        self.double_push = (moved == Some(Role::Pawn)
            && (attempt.to.rank() as i32 - attempt.from.rank() as i32).abs() == 2)
            .then_some(attempt.to);
        if heard.checks.is_empty() {
            return;
        }
        let candidates = king_candidates(before, after, attempt, heard, color);
        for sq in candidates {
            self.place_auto(sq, TokenKind::King, 100, false);
        }
    }

    /// The token list: `Tokens: d4 piece 100% manual, e5 piece 50%`, or
    /// `Tokens: none`.
    pub fn list(&self) -> String {
        let items: Vec<String> = Square::ALL
            .into_iter()
            .filter_map(|sq| self.at(sq).map(|t| (sq, t)))
            .map(|(sq, t)| {
                let manual = if t.manual { " manual" } else { "" };
                format!("{sq} {} {}%{manual}", t.kind.word(), t.strength)
            })
            .collect();
        if items.is_empty() {
            "Tokens: none".to_string()
        } else {
            format!("Tokens: {}", items.join(", "))
        }
    }
}

impl fmt::Display for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.list())
    }
}

/// Where the enemy king may be after the player's checking move: for each
/// announced kind, the squares the moved piece attacks directly along a
/// line of that kind, or that an own slider now sees through a vacated
/// square; the intersection over the kinds, or the union if that is empty.
fn king_candidates(
    before: &PlayerView,
    after: &PlayerView,
    attempt: Attempt,
    heard: &Announcement,
    color: Color,
) -> Bitboard {
    let own = after.own().occupied();
    let own_king = after.king();
    let near_king = own_king.map_or(Bitboard::EMPTY, attacks::king_attacks);
    let Some(piece) = before.own().piece_at(attempt.from) else {
        return Bitboard::EMPTY;
    };
    let rank = if color.is_white() { 0 } else { 7 };
    let castle = piece.role == Role::King
        && attempt.from == Square::new(rank * 8 + 4)
        && (attempt.to.file() as i32 - attempt.from.file() as i32).abs() == 2;
    // The moved piece: the rook when castling.
    let (origin, dest) = if castle {
        if attempt.to.file() as u32 == 6 {
            (Square::new(rank * 8 + 7), Square::new(rank * 8 + 5))
        } else {
            (Square::new(rank * 8), Square::new(rank * 8 + 3))
        }
    } else {
        (attempt.from, attempt.to)
    };
    let mut vacated = Bitboard::from_square(origin);
    if castle {
        vacated.add(attempt.from);
    }
    if let Some(c) = heard.capture
        && c.square != attempt.to
    {
        vacated.add(c.square); // en passant
    }
    let Some(now) = after.own().piece_at(dest) else {
        return Bitboard::EMPTY;
    };
    let direct = match now.role {
        Role::King => Bitboard::EMPTY,
        _ => attacks::attacks(dest, now, own) & !own,
    };
    // A slider that moved along a line already controlled it.
    let slid = !castle
        && piece.role == now.role
        && matches!(piece.role, Role::Rook | Role::Bishop | Role::Queen);
    let mut excluded = Bitboard::EMPTY;
    if slid {
        let line = attacks::ray(origin, dest);
        excluded = line;
        if heard.capture.is_some() {
            // Beyond the destination, seen from the origin: the captured
            // unit may have shielded the king.
            let beyond = line
                .into_iter()
                .filter(|&sq| attacks::between(origin, sq).contains(dest))
                .collect::<Bitboard>();
            excluded &= !beyond;
        }
    }
    let candidates_of = |kind: CheckKind| -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for x in direct & !excluded {
            if CheckKind::between(x, dest) == Some(kind) {
                set.add(x);
            }
        }
        // Discovered: an own slider sees a vacated square.
        set |= discovered(after, color, dest, vacated, kind);
        set & !own & !near_king
    };
    let sets: Vec<Bitboard> = heard.checks.iter().map(|&k| candidates_of(k)).collect();
    let both = sets.iter().fold(Bitboard::FULL, |acc, &s| acc & s);
    if both.any() {
        both
    } else {
        sets.iter().fold(Bitboard::EMPTY, |acc, &s| acc | s)
    }
}

/// Where the enemy king may be for a check of `kind` discovered by the
/// move to `dest`: beyond a `vacated` square, on the line of an own
/// slider that now sees through it, up to the edge or the first own
/// piece.
fn discovered(
    after: &PlayerView,
    color: Color,
    dest: Square,
    vacated: Bitboard,
    kind: CheckKind,
) -> Bitboard {
    let own = after.own().occupied();
    let mut set = Bitboard::EMPTY;
    for q in after.own().by_color(color) {
        if q == dest {
            continue;
        }
        let Some(slider) = after.own().piece_at(q) else {
            continue;
        };
        let reach = match slider.role {
            Role::Rook => attacks::rook_attacks(q, own),
            Role::Bishop => attacks::bishop_attacks(q, own),
            Role::Queen => attacks::queen_attacks(q, own),
            _ => continue,
        };
        for v in vacated & reach {
            // Squares on the line from q through v, beyond v, up to the
            // edge or the first own piece.
            let beyond_v = attacks::ray(q, v)
                .into_iter()
                .filter(|&sq| attacks::between(q, sq).contains(v))
                .filter(|&sq| (attacks::between(v, sq) & own).is_empty() && !own.contains(sq));
            for x in beyond_v {
                if CheckKind::between(x, q) == Some(kind) {
                    set.add(x);
                }
            }
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(text: &str) -> Attempt {
        text.parse().unwrap()
    }

    fn heard(text: &str) -> Announcement {
        text.parse().unwrap()
    }

    /// Plays the paper's game for both views and both token sets, as the
    /// terminal does.
    #[test]
    fn the_papers_worked_examples() {
        let mut views = [PlayerView::new(Color::White), PlayerView::new(Color::Black)];
        let mut tokens = [Tokens::new(), Tokens::new()];
        let moves = [
            ("e2e4", "Black's move"),
            ("f7f6", "White's move"),
            ("e4e5", "Black's move, 1 pawn try"),
            ("f6e5", "Pawn at e5 captured, White's move"),
        ];
        let play = |views: &mut [PlayerView; 2],
                    tokens: &mut [Tokens; 2],
                    mover: usize,
                    at: &str,
                    said: &str| {
            let before = views[mover].clone();
            views[mover].own_move(a(at));
            let h = heard(said);
            views[mover].announcement(&h);
            let after = views[mover].clone();
            tokens[mover].turn_ends(&before, &after, a(at), &h);
            views[1 - mover].announcement(&h);
            tokens[1 - mover].turn_starts(&views[1 - mover], &h);
        };
        for (i, (at, said)) in moves.into_iter().enumerate() {
            play(&mut views, &mut tokens, i % 2, at, said);
        }
        assert_eq!(tokens[0].list(), "Tokens: e5 piece 100%");
        play(
            &mut views,
            &mut tokens,
            0,
            "d1h5",
            "Short-diagonal check, Black's move",
        );
        assert_eq!(
            tokens[0].list(),
            "Tokens: e5 piece 100%, g6 king 100%, f7 king 100%, e8 king 100%"
        );
        assert_eq!(
            tokens[1].list(),
            "Tokens: h5 check 100%, g6 check 100%, f7 check 100%"
        );
        play(&mut views, &mut tokens, 1, "g7g6", "White's move");
        assert_eq!(tokens[0].list(), "Tokens: e5 piece 50%");
        assert_eq!(tokens[1].list(), "Tokens: none");
        play(
            &mut views,
            &mut tokens,
            0,
            "f1e2",
            "Black's move, 1 pawn try",
        );
        play(
            &mut views,
            &mut tokens,
            1,
            "g6h5",
            "Piece at h5 captured, White's move",
        );
        assert_eq!(tokens[0].list(), "Tokens: e5 piece 25%, h5 piece 100%");
    }

    #[test]
    fn manual_tokens_stay_and_automatic_ones_do_not_replace_them() {
        let mut t = Tokens::new();
        t.place_manual(TokenKind::King, Square::E5);
        t.place_auto(Square::E5, TokenKind::Piece, 100, false);
        assert_eq!(t.list(), "Tokens: e5 king 100% manual");
        t.place_auto(Square::D4, TokenKind::Piece, 50, true);
        t.set_auto(false);
        assert_eq!(t.list(), "Tokens: e5 king 100% manual");
    }
}
