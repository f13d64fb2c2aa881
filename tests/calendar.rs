//! The calendar cases of `data/calendar.txt`.

use judgepad_core::bundled::{self, Bundled};
use judgepad_core::calendar::{self, Calendar, Phase};
use judgepad_core::map::{self, Map};

fn load_case(text: &str) -> (Map, Calendar) {
    let (map, _) = match text.trim().strip_prefix("use ") {
        Some(name) if !text.trim().contains('\n') => {
            let file = format!("{}.map", name.trim());
            map::load(&file, &bundled::source(&file).expect("bundled map"), &Bundled)
        }
        _ => map::load("case.map", text, &Bundled),
    };
    let (cal, _) = calendar::calendar(&map);
    (map, cal)
}

fn phase(cal: &Calendar, text: &str) -> Phase {
    cal.parse(text).unwrap_or_else(|| panic!("`{text}` is not a phase"))
}

fn check(name: &str, map: &Map, cal: &Calendar, header: &str, body: &[&str]) -> Result<(), String> {
    let args: Vec<&str> = header.split_whitespace().collect();
    let want = body.join("\n");
    let got = match args.as_slice() {
        ["phases", count] => cal
            .phases()
            .take(count.parse().unwrap())
            .map(|it| it.abbr())
            .collect::<Vec<_>>()
            .join(" "),
        ["phases", count, "from", start] => cal
            .phases_from(phase(cal, start))
            .take(count.parse().unwrap())
            .map(|it| it.abbr())
            .collect::<Vec<_>>()
            .join(" "),
        ["names", count] => cal
            .phases()
            .take(count.parse().unwrap())
            .map(|it| it.long_name())
            .collect::<Vec<_>>()
            .join("\n"),
        ["previous", start, count] => {
            let mut res = Vec::new();
            let mut at = phase(cal, start);
            for _ in 0..count.parse().unwrap() {
                let Some(before) = cal.previous(&at) else { break };
                at = before;
                res.push(at.abbr());
            }
            if res.is_empty() { "none".to_string() } else { res.join(" ") }
        }
        ["blocks", at] => {
            let blocks = cal.blocks_at(map, &phase(cal, at));
            if blocks.is_empty() {
                "none".to_string()
            } else {
                blocks
                    .iter()
                    .map(|&idx| {
                        let block = &map.dynamic()[idx];
                        format!("{} {}", block.keyword.as_str(), block.key)
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            }
        }
        ["terrain", at, loc] => {
            let (map_at, _) = cal.map_at(map, &phase(cal, at));
            map_at.location(loc).map_or_else(
                || "missing".to_string(),
                |id| map_at.loc(id).terrain.as_str().to_string(),
            )
        }
        ["parse", ..] => {
            let text = header.trim_start_matches("parse").trim();
            cal.parse(text).map_or_else(|| "none".to_string(), |it| it.abbr())
        }
        _ => panic!("{name}: unknown check `{header}`"),
    };
    if got == want {
        Ok(())
    } else {
        Err(format!("{name} / {header}:\n  want: {want}\n  got:  {got}"))
    }
}

#[test]
fn calendar_cases() {
    let data = include_str!("data/calendar.txt");
    let mut failures = Vec::new();
    let mut n_checks = 0;
    let lines: Vec<&str> = data.lines().filter(|it| !it.starts_with('#')).collect();
    let mut idx = 0;
    while idx < lines.len() {
        let Some(name) = lines[idx].strip_prefix("=== ") else {
            idx += 1;
            continue;
        };
        idx += 1;
        let mut text = String::new();
        while idx < lines.len() && !lines[idx].starts_with("---") && !lines[idx].starts_with("===")
        {
            text.push_str(lines[idx]);
            text.push('\n');
            idx += 1;
        }
        let (map, cal) = load_case(&text);
        while idx < lines.len() && lines[idx].starts_with("--- ") {
            let header = &lines[idx][4..];
            idx += 1;
            let mut body = Vec::new();
            while idx < lines.len()
                && !lines[idx].starts_with("---")
                && !lines[idx].starts_with("===")
            {
                if !lines[idx].trim().is_empty() {
                    body.push(lines[idx]);
                }
                idx += 1;
            }
            n_checks += 1;
            if let Err(message) = check(name, &map, &cal, header, &body) {
                failures.push(message);
            }
        }
    }
    assert!(n_checks > 40, "only {n_checks} checks ran");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ten_thousand_steps_terminate() {
    let (_, cal) = load_case("use hundred");
    let last = cal.phases().nth(10_000).unwrap();
    assert!(last.year > 1425 + 10_000);
}
