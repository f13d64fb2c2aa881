//! Fuzzes parse + load + validate + calendar + dynamic blocks: no panics, spans in bounds.
#![no_main]

use judgepad_core::bundled::Bundled;
use judgepad_core::{calendar, map, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = text::decode(data);
    let (map, diags) = map::load("fuzz.map", &text, &Bundled);
    for diag in &diags {
        let file = &map.files[diag.primary.at.file.0 as usize];
        assert!(diag.primary.at.span.end as usize <= file.text.len());
    }
    let (cal, _) = calendar::calendar(&map);
    for phase in cal.phases().take(4) {
        let _ = cal.map_at(&map, &phase);
    }
});
