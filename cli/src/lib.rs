//! `judgepad`: the command line for variant designers' CI and bots.
//!
//! `check` prints map diagnostics rustc-style (or as JSON) and fails on
//! errors; `dump` prints the resolved map as JSON; `phases` prints the
//! calendar; `test` runs a variant's scenarios; `adjudicate` runs JSON Lines of positions and orders through the
//! adjudicator; `bench` times the core. The CLI is the only crate that
//! touches the filesystem and the terminal: it reads files (UTF-8, else
//! latin-1), resolves USE from the file's folder and then the bundled maps,
//! and renders core's byte spans as lines and columns.

mod args;
pub mod batch;
mod commands;
mod formats;
mod out;
mod sources;
pub mod synthetic;

/// What `judgepad test FILE SCENARIOS… [--json]` prints, and its exit code
/// (for tests and tools that run it in process).
pub fn test_report(file: &str, scenarios: &[String], json: bool) -> Result<(String, u8), String> {
    commands::test::report(file, scenarios, json)
}

/// What `judgepad diff OLD NEW [--json]` prints, and its exit code.
pub fn diff_report(old: &str, new: &str, json: bool) -> Result<(String, u8), String> {
    commands::diff::report(old, new, json)
}

/// What `judgepad check [--json] [--format F] [--powers LIST] FILES` prints,
/// and its exit code.
pub fn check_report(
    files: &[String],
    format: Option<&str>,
    powers: Option<&str>,
    json: bool,
) -> Result<(String, u8), String> {
    let format = match format {
        Some(name) => Some(
            judgepad_core::format::Format::parse(name)
                .ok_or_else(|| format!("unknown format `{name}`"))?,
        ),
        None => None,
    };
    let powers = commands::power_names(powers)?;
    let options = commands::check::CheckOptions { json, all: false, format, powers: &powers };
    commands::check::report(files, &options)
}

pub use commands::convert::ConvertReport;

/// What `judgepad convert FILE [SEED] [--powers LIST]` prints.
pub fn convert_report(
    file: &str,
    seed: Option<&str>,
    powers: Option<&str>,
) -> Result<ConvertReport, String> {
    let powers = commands::power_names(powers)?;
    commands::convert::report(file, seed, None, &powers)
}

/// Runs the command line; returns the exit code.
pub fn run(argv: &[String]) -> u8 {
    let command = match args::parse(argv) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("judgepad: {message}");
            return 2;
        }
    };
    match commands::run(command) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("judgepad: {message}");
            2
        }
    }
}
