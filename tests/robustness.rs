//! Bad input of any kind gets an answer, never a panic: mutated game files
//! through the reader, and random command lines through a TextUI session.

use antichess::file;
use antichess::game::Game;
use antichess::textui::{EngineOptions, Session};
use proptest::prelude::*;

fn corpus() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/valid");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
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
        if let Ok(contents) = file::parse(&bytes) {
            // A file that still parses loads, saves and reloads.
            let game = Game::from_file(&contents);
            let xml = file::to_xml(&game.to_file());
            prop_assert!(file::parse(xml.as_bytes()).is_ok(), "{xml}");
        }
    }

    #[test]
    fn random_command_lines_never_panic(lines in proptest::collection::vec(
        prop_oneof![
            Just("StartNewGame human 0 human 0".to_string()),
            Just("StartNewGame computer 0 human 5 6170-spring-2007-encastle".to_string()),
            Just("PrintAllMoves".to_string()),
            Just("PrintBoard".to_string()),
            Just("MakeNextMove".to_string()),
            Just("GetNextMove".to_string()),
            "[a-j][0-9]-[a-j][0-9]".prop_map(|m| format!("MakeMove {m} 3")),
            "[a-h][1-8]-[a-h][1-8]".prop_map(|m| format!("IsLegalMove {m}")),
            "\\PC{0,40}",
            proptest::collection::vec(any::<u8>(), 0..40).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        ],
        1..60,
    )) {
        let mut session = Session::new(EngineOptions { depth: Some(1), hash_mb: 1, ..EngineOptions::default() });
        for line in lines {
            let reply = session.handle_line(line.as_bytes());
            prop_assert!(reply.text.is_empty() || reply.text.ends_with('\n'));
            if reply.quit {
                break;
            }
        }
    }
}
