//! A throwaway PostgreSQL cluster for a test: `initdb` in a temporary
//! folder, the server started with `pg_ctl` on a socket in that folder
//! only (no TCP port), stopped and removed when the value is dropped.
//! Run as root, the cluster is made and run as the `postgres` user (the
//! server refuses root), through `runuser`.
//!
//! Without PostgreSQL's programs a test that needs a cluster is skipped
//! with a note, unless `ANTICHESS_POSTGRES_TESTS=required` (as `.ci/run`
//! sets it), where it fails.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A running cluster.
pub struct Cluster {
    dir: tempfile::TempDir,
    bin: PathBuf,
    as_postgres: bool,
    /// The address of its database `postgres`, through its socket.
    pub url: String,
}

/// The folder of PostgreSQL's server programs: the newest under
/// `/usr/lib/postgresql` (Debian), else the folder of `initdb` on `PATH`.
fn bin_dir() -> Option<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    versions.sort();
    if let Some((_, bin)) = versions.pop() {
        return Some(bin);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find(|d| d.join("initdb").is_file())
}

impl Cluster {
    /// Starts a cluster; `None` (with a note) when PostgreSQL is not
    /// installed and not required.
    pub fn start() -> Option<Cluster> {
        let required = std::env::var("ANTICHESS_POSTGRES_TESTS").as_deref() == Ok("required");
        let Some(bin) = bin_dir() else {
            assert!(!required, "PostgreSQL (initdb, pg_ctl) is not installed");
            eprintln!(
                "skipped: PostgreSQL is not installed (ANTICHESS_POSTGRES_TESTS=required makes this a failure)"
            );
            return None;
        };
        let as_postgres = nix::unistd::geteuid().is_root();
        let dir = tempfile::Builder::new()
            .prefix("antichess-pg-")
            .tempdir()
            .unwrap();
        if as_postgres {
            let user = nix::unistd::User::from_name("postgres")
                .unwrap()
                .expect("running as root, the cluster needs the user postgres");
            std::os::unix::fs::chown(dir.path(), Some(user.uid.as_raw()), Some(user.gid.as_raw()))
                .unwrap();
        }
        let cluster = Cluster {
            url: format!(
                "postgresql:///postgres?host={}&user=antichess",
                dir.path().display()
            ),
            dir,
            bin,
            as_postgres,
        };
        let data = cluster.dir.path().join("data");
        let made = cluster.run(
            "initdb",
            &[
                "-D",
                &data.to_string_lossy(),
                "-U",
                "antichess",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        assert!(
            made.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&made.stderr)
        );
        cluster.start_server();
        Some(cluster)
    }

    /// Starts the cluster's server (made by `initdb`, stopped).
    fn start_server(&self) {
        let data = self.dir.path().join("data");
        let log = self.dir.path().join("log");
        let options = format!(
            "-k {} -c listen_addresses= -c fsync=off -c max_connections=200",
            self.dir.path().display()
        );
        let started = self.run(
            "pg_ctl",
            &[
                "-D",
                &data.to_string_lossy(),
                "-l",
                &log.to_string_lossy(),
                "-o",
                &options,
                "-w",
                "-t",
                "60",
                "start",
            ],
        );
        if !started.status.success() {
            let log = std::fs::read_to_string(&log).unwrap_or_default();
            panic!(
                "pg_ctl start: {}\n{log}",
                String::from_utf8_lossy(&started.stderr)
            );
        }
    }

    /// Stops the server at once (every connection cut), waits `down`,
    /// and starts it again.
    #[allow(dead_code)]
    pub fn restart(&self, down: std::time::Duration) {
        let stopped = self.stop();
        assert!(
            stopped.status.success(),
            "{}",
            String::from_utf8_lossy(&stopped.stderr)
        );
        std::thread::sleep(down);
        self.start_server();
    }

    /// Stops the server at once, every connection cut.
    fn stop(&self) -> Output {
        let data = self.dir.path().join("data");
        self.run(
            "pg_ctl",
            &[
                "-D",
                &data.to_string_lossy(),
                "-m",
                "immediate",
                "-w",
                "stop",
            ],
        )
    }

    /// The cluster's folder (its socket is there).
    #[allow(dead_code)]
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    fn run(&self, program: &str, args: &[&str]) -> Output {
        let program = self.bin.join(program);
        let mut command = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(program);
            c
        } else {
            Command::new(program)
        };
        command
            .args(args)
            .current_dir(self.dir.path())
            .output()
            .unwrap()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self.stop();
    }
}
