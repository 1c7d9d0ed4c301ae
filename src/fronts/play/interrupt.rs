//! Ctrl-C in `play`: while the computer thinks it stops the thought (the
//! session goes back to the prompt); at any other time it ends the
//! program, as it would without `play`. At the prompt the line editor
//! reads Ctrl-C as a key, so this handler sees only the thinking and the
//! moments between.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The search of the computer's move under way, if any: Ctrl-C halts it
/// (and the session goes back to the prompt); at any other time Ctrl-C
/// ends the program, as it would without `play`.
pub(super) static THINKING: Mutex<Option<Arc<AtomicBool>>> = Mutex::new(None);

/// Set when Ctrl-C stopped the computer's thought.
pub(super) static STOPPED: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl-C handler of `play` (once per process).
pub(super) fn catch_interrupts() {
    let _ = ctrlc::set_handler(|| {
        let thinking = THINKING.lock().unwrap_or_else(|e| e.into_inner());
        match thinking.as_ref() {
            Some(halt) => {
                STOPPED.store(true, Ordering::Relaxed);
                halt.store(true, Ordering::Relaxed);
            }
            None => std::process::exit(130),
        }
    });
}
