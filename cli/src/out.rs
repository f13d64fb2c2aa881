//! Standard output that tolerates being closed: `judgepad check --json … |
//! head` ends quietly with exit code 0, as `rg` does, instead of panicking
//! on a broken pipe.

use std::fmt;
use std::io::{self, Write};

/// Writes one line to stdout (see [`line`]).
macro_rules! outln {
    ($($arg:tt)*) => { $crate::out::line(format_args!($($arg)*)) };
}
pub(crate) use outln;

/// Writes `args` and a newline to stdout; a closed stdout ends the process.
pub(crate) fn line(args: fmt::Arguments<'_>) {
    let mut stdout = io::stdout().lock();
    if let Err(err) = stdout.write_fmt(args).and_then(|()| stdout.write_all(b"\n")) {
        failed(&err);
    }
}

/// Ends the process after a failed write to stdout: quietly (exit 0) when
/// the reader went away, with a message (exit 1) otherwise.
pub(crate) fn failed(err: &io::Error) -> ! {
    if err.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("judgepad: cannot write the output: {err}");
    std::process::exit(1);
}
