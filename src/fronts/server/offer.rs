//! What is on offer between players: an open seek, an open challenge.

use super::terms::Terms;
use crate::rules::chess::Color;

/// An open seek.
#[derive(Clone, Debug)]
pub struct Seek {
    /// Its number, for `play N`.
    pub number: u32,
    /// Who seeks.
    pub owner: String,
    /// The game sought.
    pub terms: Terms,
    /// The colour the seeker asked for.
    pub color: Option<Color>,
}

/// An open challenge.
#[derive(Clone, Debug)]
pub struct Offer {
    /// The challenger.
    pub from: String,
    /// The one challenged.
    pub to: String,
    /// The game offered.
    pub terms: Terms,
    /// The colour the challenger asked for.
    pub color: Option<Color>,
    /// The stored game to go on with, for a request to resume one.
    pub resume: Option<i64>,
}
