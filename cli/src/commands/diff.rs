//! `judgepad diff OLD NEW [--json]`: what changed in meaning between two
//! versions of a variant (files or bundled names), each change with its
//! source line on each side; "no change in play" when only names,
//! comments, the order of lines or pins differ. Exit code as diff(1): 0 no
//! change in play, 1 changes.

use serde_json::json;

use judgepad_core::api::Locator;
use judgepad_core::diff::diff;
use judgepad_core::map;
use judgepad_core::text::FileSpan;

use crate::out::outln;
use crate::sources::read_root;

pub(crate) fn run(old: &str, new: &str, json_out: bool) -> Result<u8, String> {
    let (text, code) = report(old, new, json_out)?;
    outln!("{}", text.trim_end());
    Ok(code)
}

/// What `judgepad diff` prints, and its exit code.
pub(crate) fn report(old: &str, new: &str, json_out: bool) -> Result<(String, u8), String> {
    let (a, b) = (read_root(old)?, read_root(new)?);
    let (map_a, _) = map::load(&a.name, &a.text, &*a.sources);
    let (map_b, _) = map::load(&b.name, &b.text, &*b.sources);
    let (loc_a, loc_b) =
        (Locator::new(&map_a.files, &a.display), Locator::new(&map_b.files, &b.display));
    let changes = diff(&map_a, &map_b);
    let play = changes.iter().filter(|c| c.play).count();
    let place = |locator: &Locator<'_>, at: Option<FileSpan>| {
        at.map(|at| {
            let pos = locator.position(at);
            (pos.file, pos.start.line)
        })
    };
    let mut out = String::new();
    if json_out {
        let list: Vec<_> = changes
            .iter()
            .map(|c| {
                let side = |p: Option<(String, u32)>| {
                    p.map(|(file, line)| json!({"file": file, "line": line}))
                };
                json!({"section": c.section, "change": c.text, "play": c.play,
                       "old": side(place(&loc_a, c.old)), "new": side(place(&loc_b, c.new)),
                       "provinces": c.provinces})
            })
            .collect();
        out.push_str(&json!({"changes": list, "play_changes": play}).to_string());
        out.push('\n');
    } else {
        for c in &changes {
            let mut sides = Vec::new();
            if let Some((file, line)) = place(&loc_a, c.old) {
                sides.push(format!("old {file}:{line}"));
            }
            if let Some((file, line)) = place(&loc_b, c.new) {
                sides.push(format!("new {file}:{line}"));
            }
            let sides =
                if sides.is_empty() { String::new() } else { format!("  ({})", sides.join(", ")) };
            out.push_str(&format!("{}: {}{sides}\n", c.section, c.text));
        }
        if play == 0 {
            out.push_str("no change in play\n");
        } else {
            out.push_str(&format!("{play} change(s) in play\n"));
        }
    }
    Ok((out, u8::from(play > 0)))
}
