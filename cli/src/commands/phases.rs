//! `judgepad phases`: the variant's calendar, one phase per line.

use crate::out::outln;
use judgepad_core::calendar;
use judgepad_core::map;

use crate::sources::read_root;
use judgepad_core::api::Locator;

pub(crate) fn run(
    file: &str,
    count: usize,
    from: Option<&str>,
    changes: bool,
) -> Result<u8, String> {
    let root = read_root(file)?;
    let (map, mut diags) = map::load(&root.name, &root.text, &*root.sources);
    let (cal, cal_diags) = calendar::calendar(&map);
    diags.extend(cal_diags);
    let locator = Locator::new(&map.files, &root.display);
    for diag in diags.iter().filter(|it| it.is_error()) {
        eprintln!("{}", locator.text(diag));
    }
    let start = match from {
        Some(text) => {
            cal.parse(text).ok_or_else(|| format!("`{text}` is not a phase of this calendar"))?
        }
        None => cal.phases().next().ok_or("this calendar has no phases")?,
    };
    if changes {
        // Every phase (of the next `count`) in which dynamic blocks apply.
        for phase in cal.phases_from(start).take(count) {
            let blocks = cal.blocks_at(&map, &phase);
            if blocks.is_empty() {
                continue;
            }
            let what: Vec<String> = blocks
                .iter()
                .map(|&idx| {
                    let block = &map.dynamic()[idx];
                    let lines: Vec<&str> = block
                        .lines
                        .iter()
                        .map(|(file, line)| line.span.text(&map.files[file.0 as usize].text))
                        .collect();
                    format!("{} {}: {}", block.keyword.as_str(), block.key, lines.join("; "))
                })
                .collect();
            outln!("{}\t{}\t{}", phase.abbr(), phase.long_name(), what.join(" | "));
        }
        return Ok(0);
    }
    for phase in cal.phases_from(start).take(count) {
        outln!("{}\t{}", phase.abbr(), phase.long_name());
    }
    Ok(u8::from(diags.iter().any(|it| it.is_error())))
}
