//! `antichess manual DIR`: the manual pages, made by `clap_mangen` from the
//! same definitions as `--help` (each flag is documented once, in its
//! help): `antichess.1`, and one page a subcommand (`antichess-referee.1`,
//! `antichess-pgn-check.1`), each written as every file is
//! ([`crate::sys::safe_write`]).

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};

/// Writes the pages of `command` and its subcommands into `dir`.
pub fn write(command: clap::Command, dir: &Path) -> Result<ExitCode> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot make {}", dir.display()))?;
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let mut written = 0;
    page(&command, dir, &mut written)?;
    println!("{written} pages written to {}.", dir.display());
    Ok(ExitCode::SUCCESS)
}

/// Writes `command`'s page, then its subcommands'.
fn page(command: &clap::Command, dir: &Path, written: &mut usize) -> Result<()> {
    let man = clap_mangen::Man::new(command.clone()).date("");
    let mut text = Vec::new();
    man.render(&mut text)
        .context("cannot render a manual page")?;
    let path = dir.join(man.get_filename());
    crate::sys::safe_write::write_atomic(&path, &text)
        .with_context(|| format!("cannot write {}", path.display()))?;
    *written += 1;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        page(sub, dir, written)?;
    }
    Ok(())
}
