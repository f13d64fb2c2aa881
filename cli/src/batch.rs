//! `judgepad adjudicate`: JSON Lines on stdin through the core's batch
//! schema (`judgepad_core::api`, docs/batch.md), JSON Lines on stdout.

use std::io::{self, BufRead, Write};

use judgepad_core::api::{Session, write_line};

use crate::sources::FsResolver;

/// A batch session that finds maps as the CLI does: a path, else a bundled
/// variant.
pub fn session() -> Session {
    Session::new(Box::new(FsResolver))
}

/// Reads JSON Lines on stdin, writes JSON Lines on stdout (one output line
/// per input line, flushed in batches).
pub(crate) fn run_stdio() -> io::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut session = session();
    let mut input = stdin.lock();
    // One line buffer and one output buffer for the whole run.
    let mut line = String::new();
    let mut text = String::with_capacity(8192);
    let mut number = 0;
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            break;
        }
        number += 1;
        if line.trim().is_empty() {
            continue;
        }
        text.clear();
        write_line(line.trim_end_matches(['\n', '\r']), number, &mut session, &mut text);
        text.push('\n');
        out.write_all(text.as_bytes())?;
    }
    out.flush()
}
