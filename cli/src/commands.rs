//! The subcommands. Each returns the process exit code.

mod bench;
mod check;
mod dump;
mod phases;

use crate::args::{self, Command};

/// Runs a command.
pub(crate) fn run(command: Command) -> Result<u8, String> {
    match command {
        Command::Check { files, json } => check::run(&files, json),
        Command::Dump { file } => dump::run(&file),
        Command::Phases { file, count, from, changes } => {
            phases::run(&file, count, from.as_deref(), changes)
        }
        Command::Bench { save } => bench::run(save),
        Command::Adjudicate => {
            crate::batch::run_stdio().map_err(|err| err.to_string())?;
            Ok(0)
        }
        Command::Help => {
            println!("{}", args::USAGE);
            Ok(0)
        }
    }
}
