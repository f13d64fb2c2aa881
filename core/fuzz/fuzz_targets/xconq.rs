//! Fuzzes the Xconq reader: the input is split at NULs into a root file and
//! up to three files it may include (`a.per`, `b.map`, `c.scn`); no panics,
//! spans in bounds.
#![no_main]

use judgepad_core::{text, xconq};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut parts = data.split(|&b| b == 0).map(|part| text::decode(part).into_owned());
    let root = parts.next().unwrap_or_default();
    let others: Vec<String> = parts.take(3).collect();
    let sources = |name: &str| {
        let idx = ["a.per", "b.map", "c.scn"].iter().position(|it| *it == name)?;
        others.get(idx).cloned()
    };
    let (world, diags) = xconq::load("fuzz.scn", &root, &sources);
    for diag in &diags {
        let file = &world.files[diag.primary.at.file.0 as usize];
        assert!(diag.primary.at.span.end as usize <= file.text.len(), "{diag:?}");
    }
});
