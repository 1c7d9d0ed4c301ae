//! `antichess worker`: plays the queued games of referees and
//! tournaments on this machine ([`crate::fronts::arena::worker`]).

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Result;

use super::flags::{QueueArg, parse_duration};
use crate::fronts::arena::worker::{self, WorkerOptions};

/// The options of `antichess worker` (its description is on its
/// subcommand).
#[derive(clap::Args)]
#[command(mut_arg("db", |a| a.required(true).help(
    "The PostgreSQL database the referees and tournaments put their matches in \
     (postgres://USER:PASSWORD@HOST:PORT/DB, or postgresql:///DB?host=/run/postgresql \
     through a local socket)"
)))]
pub(super) struct WorkerArgs {
    #[command(flatten)]
    queue: QueueArg,
    /// Pairs of games played at the same time, each with its own two
    /// programs (leave a core per program thinking: 1 on two cores).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: u32,
    /// The worker's name in the queue and in the referee's messages
    /// (unique among the workers) [default: HOST-PID].
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// How long a pair stays this worker's without word from it: a
    /// worker killed or cut off has its pair played again by another
    /// this long after (it renews its leases three times as often).
    #[arg(long, value_name = "TIME", default_value = "30s", value_parser = parse_lease)]
    lease: Duration,
}

/// A lease: from 1 s to an hour.
fn parse_lease(text: &str) -> Result<Duration, String> {
    let lease = parse_duration(text)?;
    if (Duration::from_secs(1)..=Duration::from_secs(3600)).contains(&lease) {
        Ok(lease)
    } else {
        Err("a lease is from 1s to 1h".into())
    }
}

/// This machine's name.
fn host_name() -> String {
    nix::unistd::gethostname()
        .ok()
        .and_then(|h| h.into_string().ok())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "worker".into())
}

/// `antichess worker`: serves until Ctrl-C (status 130).
pub(super) fn run(args: WorkerArgs) -> Result<ExitCode> {
    let options = WorkerOptions {
        url: args.queue.db.unwrap_or_default(),
        name: args
            .name
            .unwrap_or_else(|| format!("{}-{}", host_name(), std::process::id())),
        concurrency: args.concurrency as usize,
        lease: args.lease,
    };
    let stop = Arc::new(AtomicBool::new(false));
    {
        let flag = Arc::clone(&stop);
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    }
    let pairs =
        worker::run(&options, &crate::games::builtin(), &stop).map_err(anyhow::Error::msg)?;
    eprintln!(
        "antichess worker {}: stopped after {pairs} pairs",
        options.name
    );
    Ok(ExitCode::from(130))
}
