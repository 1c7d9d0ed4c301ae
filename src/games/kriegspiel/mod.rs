//! Kriegspiel as the Internet Chess Club played it ("wild 16"): orthodox
//! chess in which each player sees only their own pieces, and an umpire
//! who sees the whole board refuses illegal attempts privately and
//! announces captures, checks and pawn tries.
//!
//! The umpire ([`judge`]) is a layer over the rules core's `chess` ruleset:
//! it judges an attempt against a [`Position`](crate::rules::chess::Position) and
//! produces an [`Announcement`]. As a game of the shared traits
//! (`plugin.rs`, with its registry entry in `kind.rs`), each side sees its
//! own view and refused attempts are told to the mover alone.

mod announcement;
pub mod filter;
mod game;
mod kind;
pub mod player;
mod plugin;
pub mod protocol;
pub mod referee;
pub mod seat;
mod tokens;
pub mod told_seats;
mod umpire;
mod view;

pub use announcement::{Announcement, Capture, CheckKind, Ending, Next, NotAnnouncement};
pub use game::{Answer, Ply, Record, ending_words, protocol_word};
pub use kind::Kriegspiel;
pub use player::{Player, Strategy};
pub use plugin::{KRIEGSPIEL, Players, player_view};
pub use tokens::{Token, TokenKind, Tokens};
pub use umpire::{
    Attempt, NotAttempt, Verdict, announce, announce_position, checks, ending, judge, pawn_tries,
};
pub use view::PlayerView;
