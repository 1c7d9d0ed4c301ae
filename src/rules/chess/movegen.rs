//! Legal move generation, with the forced-capture rule where the ruleset
//! has it, and every promotion piece where the ruleset allows them.
//!
//! With exactly one king the generator is fully legal by construction
//! (checkers, pins, king safety, en passant by a trial). With several kings
//! every king is royal, so moves are generated pseudo-legally and each is
//! verified by playing it. Without a king nothing can be in check.

use shakmaty::{Bitboard, Color, File, Rank, Role, Square, attacks};

use super::moves::{Move, MoveKind, MoveList, PROMOTION_ROLES};
use super::position::{CASTLES, Position};
use super::ruleset::PromotionRule;

/// What the generator knows about the side to move before generating.
struct Context {
    us: Color,
    /// The single king, when the side has exactly one.
    king: Option<Square>,
    /// Squares a non-king move must land on (all squares when not in check).
    check_mask: Bitboard,
    /// Our pieces pinned to the single king.
    pinned: Bitboard,
    /// Whether a king of ours is attacked.
    in_check: bool,
    /// Several kings: every move must be verified by playing it.
    verify: bool,
}

impl Position {
    /// The legal moves of the side to move: only captures when a capture is
    /// legal, otherwise every legal move. Empty when the side has no move
    /// (this says nothing of game-ending rules; see [`Position::status`]).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// [`Position::legal_moves`] into a list of the caller's (emptied
    /// first): the search's way, which spares copying the list.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        let ctx = self.context();
        if !self.ruleset.forced_capture {
            return self.every_legal_move(&ctx, list);
        }
        self.legal_captures(&ctx, list);
        if list.is_empty() {
            self.gen_quiets(&ctx, list);
            if ctx.verify {
                self.retain_legal(list);
            }
        }
    }

    /// How many legal moves the side to move has, counted without listing
    /// them where the rules allow (one king, no forced capture: chess), as
    /// perft's last ply wants; otherwise the length of the list.
    ///
    /// ```
    /// use antichess::rules::chess::{Position, Ruleset};
    /// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// let pos = Position::from_fen(kiwipete, Ruleset::CHESS).unwrap();
    /// assert_eq!(pos.count_legal_moves(), 48);
    /// ```
    pub fn count_legal_moves(&self) -> usize {
        let ctx = self.context();
        if self.ruleset.forced_capture || ctx.king.is_none() {
            return self.legal_moves().len();
        }
        let us = ctx.us;
        let occupied = self.board.occupied();
        let victims = self.board.by_color(us.other()) & !self.board.by_role(Role::King);
        let open = victims | !occupied;
        let targets = open & ctx.check_mask;
        let mut count = 0;
        for from in self.ours(Role::Knight) & !ctx.pinned {
            count += (attacks::knight_attacks(from) & targets).count();
        }
        for from in self.ours(Role::Bishop) | self.ours(Role::Queen) {
            let to = attacks::bishop_attacks(from, occupied) & targets & self.pin_mask(&ctx, from);
            count += to.count();
        }
        for from in self.ours(Role::Rook) | self.ours(Role::Queen) {
            let to = attacks::rook_attacks(from, occupied) & targets & self.pin_mask(&ctx, from);
            count += to.count();
        }
        if let Some(king) = ctx.king {
            let without_king = occupied.without(king);
            count += (attacks::king_attacks(king) & open)
                .into_iter()
                .filter(|&sq| {
                    self.board
                        .attackers(sq, us.other(), without_king)
                        .is_empty()
                })
                .count();
        }
        count + self.count_pawn_moves(&ctx, victims) + self.count_specials(&ctx)
    }

    /// Pawn pushes and captures, a promotion counted once per piece: the
    /// pawns that are not pinned all at once by shifting the set, the
    /// pinned ones one by one.
    fn count_pawn_moves(&self, ctx: &Context, victims: Bitboard) -> usize {
        let us = ctx.us;
        let empty = !self.board.occupied();
        let last = Bitboard::from_rank(last_rank(us));
        let promotions = match self.ruleset.promotion {
            PromotionRule::QueenOnly => 1,
            PromotionRule::AnyPiece => PROMOTION_ROLES.len(),
        };
        let counted = |to: Bitboard| {
            let to = to & ctx.check_mask;
            (to & !last).count() + (to & last).count() * promotions
        };
        // Forward, then the captures towards the a-file and the h-file.
        let (forward, west, east, third) = match us {
            Color::White => (8, 7, 9, Rank::Third),
            Color::Black => (-8, -9, -7, Rank::Sixth),
        };
        let pawns = self.ours(Role::Pawn);
        let free = pawns & !ctx.pinned;
        let single = free.shift(forward) & empty;
        let double = (single & Bitboard::from_rank(third)).shift(forward) & empty;
        let west_captures = (free & !Bitboard::from_file(File::A)).shift(west) & victims;
        let east_captures = (free & !Bitboard::from_file(File::H)).shift(east) & victims;
        let mut count =
            counted(single) + counted(double) + counted(west_captures) + counted(east_captures);
        for from in pawns & ctx.pinned {
            let mut to = attacks::pawn_attacks(us, from) & victims;
            if let Some(one) = from.offset(forward).filter(|&sq| empty.contains(sq)) {
                to = to.with(one);
                if Bitboard::from_rank(third).contains(one)
                    && let Some(two) = one.offset(forward).filter(|&sq| empty.contains(sq))
                {
                    to = to.with(two);
                }
            }
            count += counted(to & self.pin_mask(ctx, from));
        }
        count
    }

    /// En passant captures and castling moves, which are rare: listed.
    fn count_specials(&self, ctx: &Context) -> usize {
        let mut list = MoveList::new();
        self.gen_en_passant(ctx, &mut list);
        if self.castling != 0 && !ctx.in_check {
            self.gen_castles(ctx, &mut list);
        }
        list.len()
    }

    /// Every move that is legal apart from the forced-capture rule (captures
    /// and quiet moves alike): what a player might try, for explanations.
    pub fn legal_moves_ignoring_forced_capture(&self) -> MoveList {
        let mut list = MoveList::new();
        self.every_legal_move(&self.context(), &mut list);
        list
    }

    /// Appends every legal move, captures and quiet moves alike.
    fn every_legal_move(&self, ctx: &Context, list: &mut MoveList) {
        self.gen_captures(ctx, list);
        self.gen_quiets(ctx, list);
        if ctx.verify {
            self.retain_legal(list);
        }
    }

    /// Whether the side to move has a legal capture (and so must capture).
    /// Only captures are generated.
    ///
    /// ```
    /// use antichess::rules::chess::{Position, Ruleset};
    /// let pos = Position::new(Ruleset::SPRING_2007);
    /// assert!(!pos.capture_forced());
    /// let pos = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", Ruleset::SPRING_2007).unwrap();
    /// assert!(pos.capture_forced());
    /// ```
    pub fn capture_forced(&self) -> bool {
        if !self.ruleset.forced_capture {
            return false;
        }
        let mut list = MoveList::new();
        self.legal_captures(&self.context(), &mut list);
        !list.is_empty()
    }

    /// The legal captures (en passant and capturing promotions included),
    /// under any ruleset: what quiescence search looks at.
    pub fn captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.captures_into(&mut list);
        list
    }

    /// [`Position::captures`] into a list of the caller's (emptied first),
    /// as [`Position::legal_moves_into`].
    pub fn captures_into(&self, list: &mut MoveList) {
        list.clear();
        self.legal_captures(&self.context(), list);
    }

    /// Whether the side to move has a legal en passant capture.
    pub fn has_legal_en_passant(&self) -> bool {
        let ctx = self.context();
        let mut list = MoveList::new();
        self.gen_en_passant(&ctx, &mut list);
        if ctx.verify {
            self.retain_legal(&mut list);
        }
        !list.is_empty()
    }

    /// Appends the legal captures to `list` (an empty one: the check
    /// for legality looks at the whole list).
    fn legal_captures(&self, ctx: &Context, list: &mut MoveList) {
        self.gen_captures(ctx, list);
        if ctx.verify {
            self.retain_legal(list);
        }
    }

    fn retain_legal(&self, list: &mut MoveList) {
        let us = self.turn;
        list.retain(|m| !self.play(*m).board.in_check(us));
    }

    fn context(&self) -> Context {
        let us = self.turn;
        let board = &self.board;
        let kings = self.ours(Role::King);
        let Some(king) = kings.single_square() else {
            let verify = kings.more_than_one();
            return Context {
                us,
                king: None,
                check_mask: Bitboard::FULL,
                pinned: Bitboard::EMPTY,
                in_check: verify && board.in_check(us),
                verify,
            };
        };
        let them = us.other();
        let occupied = board.occupied();
        let checkers = board.attackers(king, them, occupied);
        let check_mask = match checkers.count() {
            0 => Bitboard::FULL,
            1 => checkers | attacks::between(king, checkers.first().unwrap_or(king)),
            _ => Bitboard::EMPTY,
        };
        let snipers = board.by_color(them)
            & ((attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
                | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()));
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & board.by_color(us);
            }
        }
        Context {
            us,
            king: Some(king),
            check_mask,
            pinned,
            in_check: checkers.any(),
            verify: false,
        }
    }

    /// Where the piece on `from` may go given pins.
    #[inline]
    fn pin_mask(&self, ctx: &Context, from: Square) -> Bitboard {
        match ctx.king {
            Some(king) if ctx.pinned.contains(from) => attacks::ray(king, from),
            _ => Bitboard::FULL,
        }
    }

    /// Knight, bishop, rook, queen and king moves onto `targets`.
    fn gen_pieces(&self, ctx: &Context, targets: Bitboard, kind: MoveKind, list: &mut MoveList) {
        let occupied = self.board.occupied();
        let masked = targets & ctx.check_mask;
        for from in self.ours(Role::Knight) & !ctx.pinned {
            push_all(list, from, attacks::knight_attacks(from) & masked, kind);
        }
        for from in self.ours(Role::Bishop) | self.ours(Role::Queen) {
            let to = attacks::bishop_attacks(from, occupied) & masked & self.pin_mask(ctx, from);
            push_all(list, from, to, kind);
        }
        for from in self.ours(Role::Rook) | self.ours(Role::Queen) {
            let to = attacks::rook_attacks(from, occupied) & masked & self.pin_mask(ctx, from);
            push_all(list, from, to, kind);
        }
        for from in self.ours(Role::King) {
            let mut to = attacks::king_attacks(from) & targets;
            if ctx.king.is_some() {
                let them = ctx.us.other();
                let without_king = occupied.without(from);
                to = to
                    .into_iter()
                    .filter(|&sq| self.board.attackers(sq, them, without_king).is_empty())
                    .collect();
            }
            push_all(list, from, to, kind);
        }
    }

    fn gen_captures(&self, ctx: &Context, list: &mut MoveList) {
        let us = ctx.us;
        let them = us.other();
        let victims = self.board.by_color(them) & !self.board.by_role(Role::King);
        let last_rank = Bitboard::from_rank(last_rank(us));
        for from in self.ours(Role::Pawn) {
            let to = attacks::pawn_attacks(us, from)
                & victims
                & ctx.check_mask
                & self.pin_mask(ctx, from);
            push_all(list, from, to & !last_rank, MoveKind::Capture);
            for to in to & last_rank {
                self.push_promotions(list, from, to, true);
            }
        }
        self.gen_pieces(ctx, victims, MoveKind::Capture, list);
        self.gen_en_passant(ctx, list);
    }

    fn gen_en_passant(&self, ctx: &Context, list: &mut MoveList) {
        if let Some(ep) = self.ep_square {
            for from in attacks::pawn_attacks(ctx.us.other(), ep) & self.ours(Role::Pawn) {
                let m = Move::new(from, ep, MoveKind::EnPassant);
                if self.en_passant_safe(ctx, m) {
                    list.push(m);
                }
            }
        }
    }

    /// A pawn's move to the last rank: one move to a queen, or under
    /// [`PromotionRule::AnyPiece`] one per piece, the queen first.
    fn push_promotions(&self, list: &mut MoveList, from: Square, to: Square, capture: bool) {
        match self.ruleset.promotion {
            PromotionRule::QueenOnly => list.push(Move::promoting(from, to, capture, Role::Queen)),
            PromotionRule::AnyPiece => {
                for role in PROMOTION_ROLES {
                    list.push(Move::promoting(from, to, capture, role));
                }
            }
        }
    }

    /// Whether an en passant capture leaves the single king unattacked.
    fn en_passant_safe(&self, ctx: &Context, m: Move) -> bool {
        let Some(king) = ctx.king else {
            return true;
        };
        let victim = Square::from_coords(m.to().file(), m.from().rank());
        let occupied = (self.board.occupied() ^ m.from() ^ victim) | m.to();
        let attackers = self.board.attackers(king, ctx.us.other(), occupied);
        attackers.without(victim).is_empty()
    }

    fn gen_quiets(&self, ctx: &Context, list: &mut MoveList) {
        let us = ctx.us;
        let empty = !self.board.occupied();
        let (forward, start_rank) = match us {
            Color::White => (8, Rank::Second),
            Color::Black => (-8, Rank::Seventh),
        };
        let last = last_rank(us);
        for from in self.ours(Role::Pawn) {
            let Some(to) = from.offset(forward).filter(|&to| empty.contains(to)) else {
                continue;
            };
            let mask = ctx.check_mask & self.pin_mask(ctx, from);
            if mask.contains(to) {
                if to.rank() == last {
                    self.push_promotions(list, from, to, false);
                } else {
                    list.push(Move::new(from, to, MoveKind::Quiet));
                }
            }
            if from.rank() == start_rank
                && let Some(to2) = to.offset(forward)
                && empty.contains(to2)
                && mask.contains(to2)
            {
                list.push(Move::new(from, to2, MoveKind::DoublePush));
            }
        }
        self.gen_pieces(ctx, empty, MoveKind::Quiet, list);
        if self.castling != 0 && !ctx.in_check {
            self.gen_castles(ctx, list);
        }
    }

    fn gen_castles(&self, ctx: &Context, list: &mut MoveList) {
        let them = ctx.us.other();
        for c in CASTLES
            .iter()
            .filter(|c| c.color == ctx.us && self.castling & c.right != 0)
        {
            if !self.ours(Role::King).contains(c.king_from)
                || !self.ours(Role::Rook).contains(c.rook_from)
            {
                continue;
            }
            let path = attacks::between(c.king_from, c.rook_from);
            if (path & self.board.occupied()).any() {
                continue;
            }
            let occupied = self.board.occupied().without(c.king_from);
            let walk = attacks::between(c.king_from, c.king_to).with(c.king_to);
            if walk
                .into_iter()
                .all(|sq| self.board.attackers(sq, them, occupied).is_empty())
            {
                list.push(Move::new(c.king_from, c.king_to, MoveKind::Castle));
            }
        }
    }
}

fn last_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::Eighth,
        Color::Black => Rank::First,
    }
}

#[inline]
fn push_all(list: &mut MoveList, from: Square, targets: Bitboard, kind: MoveKind) {
    for to in targets {
        list.push(Move::new(from, to, kind));
    }
}
