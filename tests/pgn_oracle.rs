//! Our PGN reader against a second one: `pgn-reader` (a dev-dependency),
//! over the public corpora. Both must see the same games, tags, main-line
//! moves (as SAN), NAGs and comments.

use std::ops::ControlFlow;
use std::path::Path;

use antichess::rules::chess::{Status, notation};
use antichess::rules::pgn::Reader;
use pgn_reader::{Nag, RawComment, RawTag, SanPlus, Visitor};

/// What pgn-reader sees of a game.
#[derive(Debug, Default, PartialEq, Eq)]
struct Seen {
    tags: Vec<(String, String)>,
    sans: Vec<String>,
    nags: Vec<u8>,
    comments: usize,
}

struct Collect;

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = Seen;
    type Output = Seen;

    fn begin_tags(&mut self) -> ControlFlow<Seen, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Seen> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Seen, Seen> {
        ControlFlow::Continue(Seen {
            tags,
            ..Seen::default()
        })
    }

    fn san(&mut self, seen: &mut Seen, san: SanPlus) -> ControlFlow<Seen> {
        seen.sans.push(san.to_string());
        ControlFlow::Continue(())
    }

    fn nag(&mut self, seen: &mut Seen, nag: Nag) -> ControlFlow<Seen> {
        seen.nags.push(nag.0);
        ControlFlow::Continue(())
    }

    fn comment(&mut self, seen: &mut Seen, _comment: RawComment<'_>) -> ControlFlow<Seen> {
        seen.comments += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, seen: Seen) -> Seen {
        seen
    }
}

/// What our reader sees of each game, in the same terms.
fn ours(text: &[u8]) -> Vec<Seen> {
    Reader::new(text)
        .map(|read| {
            let game = read.unwrap().game;
            let mut pos = game.start;
            let mut seen = Seen {
                tags: game.tags.clone(),
                comments: usize::from(game.comment.is_some()),
                ..Seen::default()
            };
            for node in &game.moves {
                seen.sans.push(notation::san(&pos, node.mv));
                seen.nags.extend(&node.nags);
                seen.comments += usize::from(node.comment.is_some());
                pos = pos.play(node.mv);
                if pos.status() == Status::Pass {
                    pos = pos.pass();
                }
            }
            seen
        })
        .collect()
}

fn compare(name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/corpora")
        .join(name);
    let text = std::fs::read(&path).unwrap();
    let mut reader = pgn_reader::Reader::new(&text[..]);
    let theirs: Vec<Seen> = reader
        .read_games(&mut Collect)
        .collect::<Result<_, _>>()
        .unwrap();
    let ours = ours(&text);
    assert_eq!(ours.len(), theirs.len(), "{name}: games");
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(a, b, "{name}: game {}", i + 1);
    }
}

#[test]
fn the_kasparov_games_read_the_same() {
    compare("kasparov-deep-blue-1997.pgn");
}

#[test]
fn the_lichess_games_read_the_same() {
    compare("lichess_db_1000k.pgn");
}
