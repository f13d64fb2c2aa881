//! `judgepad`: the command line for variant designers' CI and bots.
//!
//! `check` prints map diagnostics rustc-style (or as JSON) and fails on
//! errors; `dump` prints the resolved map as JSON. The CLI is the only crate
//! that touches the filesystem and the terminal: it reads files (UTF-8, else
//! latin-1), resolves USE from the file's folder and then the bundled maps,
//! and renders core's byte spans as lines and columns.

mod args;
mod commands;
mod render;
mod sources;

use std::process::ExitCode;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let command = match args::parse(&argv) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("judgepad: {message}");
            eprintln!("{}", args::USAGE);
            return ExitCode::from(2);
        }
    };
    match commands::run(command) {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("judgepad: {message}");
            ExitCode::from(2)
        }
    }
}
