//! A printable sheet of a variant (issue 30): one stand-alone HTML page
//! with the drawn map and what a player needs beside it to play by e-mail
//! or on a forum: the powers with their home centres, and every province
//! with its full name, its kind and whether it is a supply centre (and
//! whose home). The page and `judgepad layout --sheet` give the same bytes.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use super::Layout;
use super::svg::{escape, render};
use crate::map::{Map, ProvinceId};

/// The sheet of `map` drawn as `layout`.
pub fn sheet(map: &Map, layout: &Layout) -> String {
    let name = escape(&map.name);
    let mut out = String::new();
    let _ = write!(
        out,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{name}: map and provinces</title>\n\
         <style>body{{font-family:sans-serif;margin:1.5rem;color:#222}}svg{{width:100%;height:auto;max-height:90vh}}\
         table{{border-collapse:collapse;margin:0.5rem 0 1.5rem}}th,td{{border:1px solid #bbb;padding:0.15rem 0.5rem;text-align:left;font-size:0.9rem}}\
         .cols{{columns:2 22rem}}@media print{{body{{margin:0}}h2{{break-before:page}}}}</style>\n</head>\n<body>\n<h1>{name}</h1>\n"
    );
    out.push_str(&render(map, layout));
    let place = |p: ProvinceId| {
        let p = map.prov(p);
        alloc::format!("{} ({})", escape(&p.name), escape(&p.abbr))
    };
    out.push_str("<h2>Powers</h2>\n<table>\n<tr><th>Power</th><th>Home centres</th></tr>\n");
    for power in &map.powers {
        let homes: Vec<String> = power.homes.iter().map(|&p| place(p)).collect();
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td></tr>",
            escape(&power.display),
            homes.join(", ")
        );
    }
    let _ = write!(
        out,
        "</table>\n<h2>Provinces</h2>\n<p>{} provinces, {} supply centres.</p>\n<div class=\"cols\">\n<table>\n<tr><th>Abbr.</th><th>Name</th><th>Kind</th><th>Centre</th></tr>\n",
        map.provinces.len(),
        map.supply_centers.len()
    );
    let mut order: Vec<usize> = (0..map.provinces.len()).collect();
    crate::sorting::sort_by(&mut order, |&a, &b| map.provinces[a].abbr.cmp(&map.provinces[b].abbr));
    for i in order {
        let p = &map.provinces[i];
        let home = map.powers.iter().find(|w| w.homes.contains(&ProvinceId(i as u32)));
        let centre = match (p.supply_center, home) {
            (true, Some(power)) => alloc::format!("home of {}", escape(&power.display)),
            (true, None) => String::from("yes"),
            (false, _) => String::new(),
        };
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{centre}</td></tr>",
            escape(&p.abbr),
            escape(&p.name),
            p.terrain.as_str()
        );
    }
    out.push_str("</table>\n</div>\n</body>\n</html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{self, NoSources};

    #[test]
    fn the_sheet_names_every_province_and_each_home() {
        let text = "North = NOR\nSouth & Co = SOU\nSea = SEA\nLAND NOR ABUTS SOU\nCOAST SOU ABUTS NOR SEA\n\
                    WATER SEA ABUTS SOU\nREDLAND (Red:R) NOR\nUNOWNED SOU\n";
        let (m, _) = map::load("tiny.map", text, &NoSources);
        let html = sheet(&m, &super::super::layout(&m, &[]));
        assert!(html.starts_with("<!doctype html>") && html.contains("<svg"));
        assert!(html.contains("<td>North (NOR)</td>"), "{html}");
        assert!(html.contains("<td>South &amp; Co</td><td>coast</td><td>yes</td>"), "{html}");
        assert!(html.contains("<td>NOR</td><td>North</td><td>land</td><td>home of"), "{html}");
    }
}
