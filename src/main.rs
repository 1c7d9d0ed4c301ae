use std::process::ExitCode;

fn main() -> ExitCode {
    antichess::fronts::cli::run()
}
