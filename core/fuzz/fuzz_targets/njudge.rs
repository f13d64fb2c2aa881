//! Fuzzes the nJudge reader and converter: the input is split at the first
//! NUL into a map file and a seed file; no panics, spans in bounds, and the
//! converted text loads without panicking.
#![no_main]

use judgepad_core::{map, njudge, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (map_bytes, seed_bytes) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], Some(&data[at + 1..])),
        None => (data, None),
    };
    let map_text = text::decode(map_bytes);
    let seed_text = seed_bytes.map(text::decode);
    let (conversion, diags) = njudge::convert(
        ("map.fuzz", &map_text),
        seed_text.as_deref().map(|text| ("seed.fuzz", text)),
        &njudge::PowerNames::default(),
    );
    for diag in &diags {
        let len = if diag.primary.at.file == njudge::SEED_FILE {
            seed_text.as_deref().map_or(0, str::len)
        } else {
            map_text.len()
        };
        assert!(diag.primary.at.span.end as usize <= len, "{diag:?}");
    }
    let _ = map::load("fuzz.map", &conversion.text, &map::NoSources);
});
