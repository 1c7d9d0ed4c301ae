use std::process::ExitCode;

fn main() -> ExitCode {
    antichess::cli::run()
}
