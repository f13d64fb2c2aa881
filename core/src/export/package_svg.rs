//! The package's map art, drawn from judgepad's layout: the jDip-style
//! metadata its `Renderer` reads (`jdipNS:DISPLAY`, `jdipNS:ORDERDRAWING`
//! with the powers' colours and the symbols' sizes, `jdipNS:PROVINCE_DATA`
//! with each location's unit and dislodged-unit corner), the `MapLayer`
//! with one path per province (`id="_abbr"`, class `water`, `nopower` or
//! `shut`: the renderer sets a power's class on the land it holds), and
//! the layers it writes into (supply centres, orders, units, dislodged
//! units, labels). The symbols are judgepad's own (a disc for an army, a
//! diamond for a fleet, as the page draws them).

use alloc::string::String;
use core::fmt::Write;

use crate::layout::palette::power_colour;
use crate::layout::svg::{Num, abbreviations, centres, escape, marks, path_d};
use crate::layout::{Layout, Point};
use crate::map::{Map, Terrain};

/// The package's SVG for `map` drawn as `layout`.
pub(crate) fn svg(map: &Map, layout: &Layout) -> String {
    let mut out = String::new();
    let [x, y, w, h] = layout.fit();
    let size = symbol_size(map, layout);
    let _ = writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" xmlns:jdipNS=\"svg.dtd\" width=\"{}px\" height=\"{}px\" viewBox=\"{} {} {} {}\" preserveAspectRatio=\"xMinYMin\" text-rendering=\"optimizeLegibility\">",
        Num(layout.width),
        Num(layout.width * h / w.max(1.0)),
        Num(x),
        Num(y),
        Num(w),
        Num(h)
    );
    out.push_str("<jdipNS:DISPLAY><jdipNS:ZOOM min=\"5\" max=\"1000\" factor=\"1.2\"/><jdipNS:LABELS brief=\"true\" full=\"false\"/></jdipNS:DISPLAY>\n");
    order_drawing(map, size, &mut out);
    province_data(map, layout, size, &mut out);
    let _ = writeln!(out, "<title>{}</title>", escape(&map.name));
    defs(map, size, &mut out);
    map_layer(map, layout, [x, y, w, h], &mut out);
    connectors(layout, &mut out);
    labels(map, layout, &mut out);
    // The renderer writes the phase and two notes into these texts.
    let line = h / 30.0;
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" class=\"currentnotetext\" font-size=\"{}\" id=\"CurrentNote\"> </text>",
        Num(x + line / 2.0),
        Num(y + line),
        Num(line * 0.8)
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" class=\"currentnotetext\" font-size=\"{}\" id=\"CurrentNote2\"> </text>",
        Num(x + line / 2.0),
        Num(y + 2.0 * line),
        Num(line * 0.8)
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" class=\"currentphasetext\" font-size=\"{}\" id=\"CurrentPhase\">S1901M</text>",
        Num(x + w - 5.0 * line),
        Num(y + h - line / 2.0),
        Num(line)
    );
    supply_centres(map, layout, size, &mut out);
    out.push_str("<g id=\"OrderLayer\"><g id=\"Layer2\"/><g id=\"Layer1\"/></g>\n");
    out.push_str("<g id=\"UnitLayer\"/>\n<g id=\"DislodgedUnitLayer\"/>\n");
    out.push_str(
        "<g id=\"HighestOrderLayer\"/>\n<g id=\"BriefLabelLayer\"/>\n<g id=\"MouseLayer\"/>\n",
    );
    out.push_str("</svg>\n");
    out
}

/// One size for every unit symbol (the package has one per kind): the
/// median unit of the regions' marks, so a unit fits most regions.
fn symbol_size(map: &Map, layout: &Layout) -> f64 {
    let mut sizes: alloc::vec::Vec<f64> = layout
        .provinces
        .iter()
        .map(|r| {
            let chars = map.prov(r.province).abbr.chars().count();
            2.0 * marks(r.label, r.room, chars).unit_r
        })
        .collect();
    if sizes.is_empty() {
        return 10.0;
    }
    let middle = sizes.len() / 2;
    crate::sorting::nth(&mut sizes, middle).clamp(4.0, 40.0)
}

/// A power's name as the renderer writes it into a class (`power.lower()`),
/// escaped for a CSS selector.
fn class_selector(name: &str) -> String {
    let mut out = String::new();
    for c in name.to_lowercase().chars() {
        if !c.is_ascii_alphanumeric() && c != '-' && c != '_' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `#rrggbb` mixed with white: `keep` of the colour.
fn tint(colour: &str, keep: f64) -> String {
    let hex = colour.trim_start_matches('#');
    let channel = |i: usize| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0);
    let mix = |c: u8| libm::round(f64::from(c) * keep + 255.0 * (1.0 - keep)) as u8;
    alloc::format!("#{:02x}{:02x}{:02x}", mix(channel(0)), mix(channel(2)), mix(channel(4)))
}

fn order_drawing(map: &Map, size: f64, out: &mut String) {
    out.push_str("<jdipNS:ORDERDRAWING>\n<jdipNS:POWERCOLORS>\n");
    for (p, power) in map.powers.iter().enumerate() {
        let _ = writeln!(
            out,
            "<jdipNS:POWERCOLOR power=\"{}\" color=\"{}\"/>",
            escape(&power.name.to_lowercase()),
            power_colour(p)
        );
    }
    out.push_str("</jdipNS:POWERCOLORS>\n");
    let s = size;
    let sizes: [(&str, f64, f64); 15] = [
        ("Fleet", s, s),
        ("Army", s, s),
        ("Wing", s, s),
        ("DislodgedFleet", s, s),
        ("DislodgedArmy", s, s),
        ("DislodgedWing", s, s),
        ("FailedOrder", 0.75 * s, 0.75 * s),
        ("SupplyCenter", 0.4 * s, 0.4 * s),
        ("BuildUnit", 1.5 * s, 1.5 * s),
        ("RemoveUnit", 1.25 * s, 1.25 * s),
        ("WaivedBuild", s, s),
        ("HoldUnit", 1.6 * s, 1.6 * s),
        ("SupportHoldUnit", 1.9 * s, 1.9 * s),
        ("ConvoyTriangle", 1.6 * s, 1.4 * s),
        // Stroke widths: power-coloured lines in `width`, plain in `height`.
        ("Stroke", 0.15 * s, 0.25 * s),
    ];
    for (name, width, height) in sizes {
        let _ = writeln!(
            out,
            "<jdipNS:SYMBOLSIZE name=\"{name}\" width=\"{}\" height=\"{}\"/>",
            Num(width),
            Num(height)
        );
    }
    out.push_str("</jdipNS:ORDERDRAWING>\n");
}

/// Each location's unit corner (the symbol's top left) and its dislodged
/// unit's, up and to the right of it.
fn province_data(map: &Map, layout: &Layout, size: f64, out: &mut String) {
    out.push_str("<jdipNS:PROVINCE_DATA>\n");
    for (l, loc) in map.locations.iter().enumerate() {
        let chars = map.prov(loc.province).abbr.chars().count();
        let Some((at, _)) = layout.unit_at(crate::map::LocationId(l as u32), loc.province, chars)
        else {
            continue;
        };
        let corner = |p: Point| [p[0] - size / 2.0, p[1] - size / 2.0];
        let unit = corner(at);
        let dislodged = corner([at[0] + size / 3.0, at[1] - size / 3.0]);
        let _ = writeln!(
            out,
            "<jdipNS:PROVINCE name=\"{}\"><jdipNS:UNIT x=\"{}\" y=\"{}\"/><jdipNS:DISLODGED_UNIT x=\"{}\" y=\"{}\"/></jdipNS:PROVINCE>",
            escape(&loc.abbr.to_lowercase().replace('/', "-")),
            Num(unit[0]),
            Num(unit[1]),
            Num(dislodged[0]),
            Num(dislodged[1])
        );
    }
    out.push_str("</jdipNS:PROVINCE_DATA>\n");
}

/// Styles (the classes the renderer sets) and the symbols it uses.
fn defs(map: &Map, size: f64, out: &mut String) {
    out.push_str("<defs>\n<style type=\"text/css\"><![CDATA[\n");
    out.push_str(concat!(
        "svg{font-family:sans-serif}\n",
        ".nopower{fill:#eadfc0;stroke:#5b5347;stroke-width:0.6}\n",
        ".water{fill:#a9cfe6;stroke:#5b5347;stroke-width:0.6}\n",
        ".shut{fill:#c9c3b6;stroke:#5b5347;stroke-width:0.6}\n",
        ".connector{fill:none;stroke:#7a4f9a;stroke-width:1.5;stroke-dasharray:5 3}\n",
        ".labeltext{text-anchor:middle;dominant-baseline:central;fill:#222}\n",
        ".currentnotetext,.currentphasetext{fill:#222}\n",
        ".supportorder{fill:none;stroke-dasharray:5,5}\n",
        ".convoyorder{fill:none;stroke-dasharray:15,5}\n",
        ".shadowdash{fill:none;stroke:black;opacity:0.45}\n",
        ".varwidthorder{fill:none}\n",
        ".varwidthshadow{fill:none;stroke:black;opacity:0.45}\n",
    ));
    let stroke = 0.15 * size;
    let _ = writeln!(
        out,
        ".supportorder,.convoyorder{{stroke-width:{}}}\n.shadowdash{{stroke-width:{}}}",
        Num(stroke),
        Num(0.25 * size)
    );
    for (p, power) in map.powers.iter().enumerate() {
        let colour = power_colour(p);
        let class = class_selector(&power.name);
        let _ = writeln!(
            out,
            ".{class}{{fill:{};stroke:#5b5347;stroke-width:0.6}}\n.unit{class}{{fill:{colour};fill-opacity:0.9}}",
            tint(colour, 0.45)
        );
    }
    out.push_str("]]></style>\n");
    out.push_str(concat!(
        "<marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerUnits=\"strokeWidth\" markerWidth=\"4\" markerHeight=\"3\" orient=\"auto\"><path d=\"M 0 0 L 10 5 L 0 10 z\"/></marker>\n",
        "<symbol id=\"Army\" viewBox=\"0 0 10 10\" overflow=\"visible\"><circle cx=\"5\" cy=\"5\" r=\"4.5\" stroke=\"#111\" stroke-width=\"0.8\"/></symbol>\n",
        "<symbol id=\"Fleet\" viewBox=\"0 0 10 10\" overflow=\"visible\"><polygon points=\"5,0.3 9.7,5 5,9.7 0.3,5\" stroke=\"#111\" stroke-width=\"0.8\"/></symbol>\n",
        "<symbol id=\"Wing\" viewBox=\"0 0 10 10\" overflow=\"visible\"><polygon points=\"5,0.5 9.5,9.5 0.5,9.5\" stroke=\"#111\" stroke-width=\"0.8\"/></symbol>\n",
        "<symbol id=\"DislodgedArmy\" viewBox=\"0 0 10 10\" overflow=\"visible\"><circle cx=\"5\" cy=\"5\" r=\"4.5\" stroke=\"#c00\" stroke-width=\"1.2\" stroke-dasharray=\"1.5 1\"/></symbol>\n",
        "<symbol id=\"DislodgedFleet\" viewBox=\"0 0 10 10\" overflow=\"visible\"><polygon points=\"5,0.3 9.7,5 5,9.7 0.3,5\" stroke=\"#c00\" stroke-width=\"1.2\" stroke-dasharray=\"1.5 1\"/></symbol>\n",
        "<symbol id=\"DislodgedWing\" viewBox=\"0 0 10 10\" overflow=\"visible\"><polygon points=\"5,0.5 9.5,9.5 0.5,9.5\" stroke=\"#c00\" stroke-width=\"1.2\" stroke-dasharray=\"1.5 1\"/></symbol>\n",
        "<symbol id=\"SupplyCenter\" viewBox=\"0 0 10 10\" overflow=\"visible\"><circle cx=\"5\" cy=\"5\" r=\"4.2\" fill=\"#fff\" stroke=\"#222\" stroke-width=\"1.2\"/><circle cx=\"5\" cy=\"5\" r=\"1.8\" fill=\"#222\"/></symbol>\n",
        "<symbol id=\"HoldUnit\" viewBox=\"0 0 10 10\" overflow=\"visible\"><polygon fill=\"none\" stroke-width=\"0.9\" points=\"3,0 7,0 10,3 10,7 7,10 3,10 0,7 0,3\"/></symbol>\n",
        "<symbol id=\"SupportHoldUnit\" viewBox=\"0 0 10 10\" overflow=\"visible\"><polygon fill=\"none\" stroke-width=\"0.8\" stroke-dasharray=\"1,1\" points=\"3,0 7,0 10,3 10,7 7,10 3,10 0,7 0,3\"/></symbol>\n",
        "<symbol id=\"ConvoyTriangle\" viewBox=\"0 0 10 10\" overflow=\"visible\"><polygon fill=\"none\" stroke-width=\"0.9\" stroke-dasharray=\"2,0.7\" points=\"5,0 10,10 0,10\"/></symbol>\n",
        "<symbol id=\"BuildUnit\" viewBox=\"0 0 10 10\" overflow=\"visible\"><g fill=\"none\" stroke=\"#e6b800\" stroke-width=\"0.7\"><circle cx=\"5\" cy=\"5\" r=\"1.5\"/><circle cx=\"5\" cy=\"5\" r=\"3.2\"/><circle cx=\"5\" cy=\"5\" r=\"4.9\"/></g></symbol>\n",
        "<symbol id=\"RemoveUnit\" viewBox=\"0 0 10 10\" overflow=\"visible\"><g fill=\"none\" stroke=\"#c00\" stroke-width=\"0.9\"><circle cx=\"5\" cy=\"5\" r=\"4.5\"/><line x1=\"1.8\" y1=\"1.8\" x2=\"8.2\" y2=\"8.2\"/><line x1=\"1.8\" y1=\"8.2\" x2=\"8.2\" y2=\"1.8\"/></g></symbol>\n",
        "<symbol id=\"WaivedBuild\" viewBox=\"0 0 10 10\" overflow=\"visible\"><polyline fill=\"none\" stroke=\"#e6b800\" stroke-width=\"1.2\" points=\"1,6 4,9 9,1\"/></symbol>\n",
        "<symbol id=\"FailedOrder\" viewBox=\"0 0 10 10\" overflow=\"visible\"><g stroke=\"#c00\" stroke-width=\"1.5\"><line x1=\"1\" y1=\"1\" x2=\"9\" y2=\"9\"/><line x1=\"1\" y1=\"9\" x2=\"9\" y2=\"1\"/></g></symbol>\n",
        "</defs>\n",
    ));
}

/// The background and one path per province.
fn map_layer(map: &Map, layout: &Layout, [x, y, w, h]: [f64; 4], out: &mut String) {
    out.push_str("<g id=\"MapLayer\">\n");
    crate::layout::svg::backdrop([x, y, w, h], out);
    for region in &layout.provinces {
        let province = map.prov(region.province);
        let class = match province.terrain {
            Terrain::Water => "water",
            Terrain::Shut => "shut",
            Terrain::Land | Terrain::Coast | Terrain::Port => "nopower",
        };
        let _ = writeln!(
            out,
            "<path id=\"_{}\" class=\"{class}\" d=\"{}\"><title>{}</title></path>",
            escape(&province.abbr.to_lowercase()),
            path_d(&region.polygon),
            escape(&province.name)
        );
    }
    out.push_str("</g>\n");
}

/// Adjacencies the plane drawing could not carry as borders, dashed.
fn connectors(layout: &Layout, out: &mut String) {
    out.push_str("<g id=\"ConnectorLayer\">\n");
    for connector in &layout.connectors {
        for (piece, _) in connector.pieces() {
            let _ = writeln!(
                out,
                "<polyline class=\"connector\" points=\"{}\"/>",
                crate::layout::svg::points(&piece)
            );
        }
    }
    out.push_str("</g>\n");
}

/// Every province's abbreviation, sized to its region.
fn labels(map: &Map, layout: &Layout, out: &mut String) {
    out.push_str("<g id=\"LabelLayer\">\n");
    abbreviations(map, layout, " class=\"labeltext\"", out);
    out.push_str("</g>\n");
}

/// A supply-centre mark beside each centre's unit.
fn supply_centres(map: &Map, layout: &Layout, size: f64, out: &mut String) {
    out.push_str("<g id=\"SupplyCenterLayer\">\n");
    let mark = 0.4 * size;
    for (region, at) in centres(map, layout) {
        let province = map.prov(region.province);
        let _ = writeln!(
            out,
            "<use id=\"sc_{}\" xlink:href=\"#SupplyCenter\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            escape(&province.abbr.to_uppercase()),
            Num(at.dot[0] - mark / 2.0),
            Num(at.dot[1] - mark / 2.0),
            Num(mark),
            Num(mark)
        );
    }
    out.push_str("</g>\n");
}
