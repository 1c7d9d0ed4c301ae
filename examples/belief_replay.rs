//! Replays a Kriegspiel record (PGN written by `kriegspiel referee` or
//! `save`) through one side's belief, as that side heard it, and prints
//! every twentieth ply (and the last forty) how well the belief tracks the
//! enemy king: the true square, whether the boards still fit, whether the
//! true board is among them, and the king squares they hold.
//!
//! `cargo run --release --example belief_replay -- GAME.pgn white|black`

use antichess::games::kriegspiel::player::belief::Belief;
use antichess::games::kriegspiel::{Announcement, Attempt, PlayerView};
use antichess::rules::chess::{Color, Role};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let color = if std::env::args().nth(2).as_deref() == Some("black") {
        Color::Black
    } else {
        Color::White
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let games = antichess::rules::pgn::read_text(&text);
    let g = &games[0].game;
    let mut view = PlayerView::new(color);
    let mut belief = Belief::new(1);
    let mut pos = g.start;
    let mut pending: Vec<Attempt> = g
        .comment
        .as_deref()
        .and_then(|c| c.strip_prefix("Illegal: "))
        .map(|l| l.split(' ').map(|a| a.parse().unwrap()).collect())
        .unwrap_or_default();
    for (i, node) in g.moves.iter().enumerate() {
        let mover = pos.turn();
        let refused = std::mem::take(&mut pending);
        let c = node.comment.as_deref().unwrap();
        let (ann_text, rest) = match c.split_once(" Illegal: ") {
            Some((a, r)) => (a, Some(r)),
            None => (c, None),
        };
        if let Some(r) = rest {
            pending = r.split(' ').map(|a| a.parse().unwrap()).collect();
        }
        let ann: Announcement = ann_text.parse().unwrap();
        let a = Attempt::of(node.mv);
        if mover == color {
            for r in refused {
                view.refused(r);
                belief.refused(r);
            }
            view.own_move(a);
            view.announcement(&ann);
            belief.own_move(a, &ann, &view);
        } else {
            view.announcement(&ann);
            belief.opponent_moved(&ann, &view);
        }
        belief.find_king(&view);
        pos = pos.play(node.mv);
        let king = pos
            .board()
            .by_piece(color.other(), Role::King)
            .first()
            .unwrap();
        let kings: std::collections::BTreeSet<String> = belief
            .boards()
            .iter()
            .filter_map(|p| p.board().by_piece(color.other(), Role::King).first())
            .map(|s| s.to_string())
            .collect();
        let truth_in = belief.boards().iter().any(|p| p.board() == pos.board());
        if i % 20 == 0 || i + 40 > g.moves.len() {
            println!(
                "ply {i}: true king {king}; exact {} truth-in {truth_in} boards {} kings {:?}",
                belief.is_exact(),
                belief.boards().len(),
                kings
            );
        }
    }
}
