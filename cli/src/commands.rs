//! The subcommands. Each returns the process exit code.

mod balance;
mod bench;
pub(crate) mod check;
pub(crate) mod convert;
pub(crate) mod diff;
mod dump;
mod export;
mod layout;
mod phases;
mod playout;
pub(crate) mod test;

use crate::args::{self, Command};
use crate::out::outln;

/// Runs a command.
pub(crate) fn run(command: Command) -> Result<u8, String> {
    match command {
        Command::Check { files, json, all, format, powers } => {
            let powers = power_names(powers.as_deref())?;
            let format = format.as_deref().and_then(judgepad_core::format::Format::parse);
            check::run(&files, &check::CheckOptions { json, all, format, powers: &powers })
        }
        Command::Convert { file, seed, format, powers } => {
            let powers = power_names(powers.as_deref())?;
            let format = format.as_deref().and_then(judgepad_core::format::Format::parse);
            convert::run(&file, seed.as_deref(), format, &powers)
        }
        Command::Dump { file } => dump::run(&file),
        Command::Phases { file, count, from, changes } => {
            phases::run(&file, count, from.as_deref(), changes)
        }
        Command::Layout { file, svg, sheet } => layout::run(&file, svg, sheet),
        Command::Balance { file, json } => balance::run(&file, json),
        Command::Playout { file, games, years, seed, json } => {
            playout::run(&file, games, years, seed, json)
        }
        Command::Export { file, to, out } => export::run(&file, &to, &out),
        Command::Test { file, scenarios, json } => test::run(&file, &scenarios, json),
        Command::Diff { old, new, json } => diff::run(&old, &new, json),
        Command::Bench { save } => bench::run(save),
        Command::Adjudicate => {
            if let Err(err) = crate::batch::run_stdio() {
                crate::out::failed(&err);
            }
            Ok(0)
        }
        Command::Help { command } => {
            outln!("{}", args::help(command.as_deref()));
            Ok(0)
        }
        Command::Version => {
            outln!("judgepad {}", env!("CARGO_PKG_VERSION"));
            Ok(0)
        }
    }
}

pub(crate) fn power_names(list: Option<&str>) -> Result<judgepad_core::njudge::PowerNames, String> {
    let mut names = judgepad_core::njudge::PowerNames::default();
    if let Some(list) = list {
        names.parse_list(list)?;
    }
    Ok(names)
}
