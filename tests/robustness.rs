//! Bad input of any kind gets an answer, never a panic: mutated game files
//! through the reader, and random command lines through a TextUI session.

mod common;

use antichess::fronts::textui::Dialog;
use antichess::game::EngineOptions;
use antichess::game::Game;
use antichess::rules::file;
use proptest::prelude::*;

fn corpus() -> Vec<Vec<u8>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = ["fixtures/valid", "fixtures/connect/valid"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mutated_files_never_panic(
        which in 0usize..1000,
        edits in proptest::collection::vec((any::<u16>(), any::<u8>(), 0u8..3), 1..8),
    ) {
        let files = corpus();
        let mut bytes = files[which % files.len()].clone();
        for (at, byte, op) in edits {
            let i = usize::from(at) % (bytes.len() + 1);
            match op {
                0 if i < bytes.len() => bytes[i] = byte,
                1 => bytes.insert(i, byte),
                _ if i < bytes.len() => { bytes.remove(i); }
                _ => {}
            }
        }
        match file::parse_any(&bytes) {
            // A file that still parses loads, saves and reloads.
            Ok(file::SavedGame::Antichess(contents)) => {
                // A chess board without one king a side does not load.
                if let Ok(game) = Game::from_file(&contents) {
                    let xml = file::to_xml(&game.to_file());
                    prop_assert!(file::parse(xml.as_bytes()).is_ok(), "{xml}");
                }
            }
            Ok(file::SavedGame::Connect(contents)) => {
                let xml = file::connect_to_xml(&contents);
                prop_assert!(file::parse_any(xml.as_bytes()).is_ok(), "{xml}");
            }
            Err(_) => {}
        }
    }
}

/// Random command lines, among them saves to a FIFO and a symbolic link in a
/// temporary folder: every line gets an answer, and after every run the
/// FIFO is still a FIFO and the link still a link to its target.
#[test]
fn random_command_lines_never_panic() {
    use proptest::test_runner::{Config, TestRunner};
    use std::os::unix::fs::FileTypeExt;

    let tmp = tempfile::tempdir().unwrap();
    let fifo = tmp.path().join("fifo");
    let link = tmp.path().join("link.xml");
    common::mkfifo(&fifo);
    std::fs::write(tmp.path().join("target.xml"), "").unwrap();
    std::os::unix::fs::symlink("target.xml", &link).unwrap();

    let lines = proptest::collection::vec(
        prop_oneof![
            Just("StartNewGame human 0 human 0".to_string()),
            Just("StartNewGame computer 0 human 5 6170-spring-2007-encastle".to_string()),
            Just("StartNewGame human 0 computer 0 connect-3-4-3".to_string()),
            Just("StartNewGame human 0 human 0 connect-4".to_string()),
            Just("StartNewGame human 0 computer 0 chess".to_string()),
            Just("GetStatus".to_string()),
            Just("ClaimDraw".to_string()),
            Just("OfferDraw".to_string()),
            Just("AcceptDraw".to_string()),
            "[a-h][1-8]-[a-h][1-8](=[QRBNKqx])?".prop_map(|m| format!("MakeMove {m} 1")),
            "[a-k]([0-9]|10|11)?".prop_map(|m| format!("MakeMove {m} 2")),
            "[a-k][0-9]?".prop_map(|m| format!("IsLegalMove {m}")),
            Just("PrintAllMoves".to_string()),
            Just("PrintBoard".to_string()),
            Just("MakeNextMove".to_string()),
            Just("GetNextMove".to_string()),
            Just(format!("SaveGame {}", fifo.display())),
            Just(format!("SaveGame {}", link.display())),
            Just(format!("LoadGame {}", link.display())),
            "[a-j][0-9]-[a-j][0-9]".prop_map(|m| format!("MakeMove {m} 3")),
            "[a-h][1-8]-[a-h][1-8]".prop_map(|m| format!("IsLegalMove {m}")),
            "\\PC{0,40}",
            proptest::collection::vec(any::<u8>(), 0..40)
                .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        ],
        1..60,
    );
    let mut runner = TestRunner::new(Config::with_cases(400));
    let result = runner.run(&lines, |lines| {
        let mut session = Dialog::new(EngineOptions {
            depth: Some(1),
            hash_mb: 1,
            ..EngineOptions::default()
        });
        for line in lines {
            let reply = session.handle_line(line.as_bytes());
            prop_assert!(reply.text.is_empty() || reply.text.ends_with('\n'));
            if reply.quit {
                break;
            }
        }
        let fifo_kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
        prop_assert!(fifo_kind.is_fifo(), "the FIFO was replaced");
        let link_kind = std::fs::symlink_metadata(&link).unwrap().file_type();
        prop_assert!(link_kind.is_symlink(), "the link was replaced");
        prop_assert_eq!(
            std::fs::read_link(&link).unwrap(),
            std::path::PathBuf::from("target.xml")
        );
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}
