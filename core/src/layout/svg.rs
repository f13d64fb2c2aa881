//! A drawing as a stand-alone SVG document (`judgepad layout --svg`):
//! regions coloured by terrain, borders styled by who may cross, connectors
//! dashed, supply centres dotted in their owner's colour, units as army and
//! fleet symbols, labels sized to fit their region. The page draws the same
//! [`Layout`] with the same [`palette`](super::palette).

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use core::fmt::Write;

use super::geom::sqrt;
use super::palette::{PAPER, power_colour, terrain_colour};
use super::{Crossing, Layout, Point, Region};
use crate::map::{Map, UnitKind};

/// A coordinate in hundredths (what a drawing holds), written without the
/// float formatter, which would cost the page 20 KB of wasm.
#[derive(Clone, Copy)]
pub struct Num(pub f64);

impl Num {
    /// Writes it onto `out`, as `Display` does, without the formatter (the
    /// page's Xconq hexes: 48,000 pairs of numbers).
    pub fn push_to(self, out: &mut String) {
        self.with_text(|text| out.push_str(text));
    }

    /// Calls `f` with it written out.
    fn with_text<R>(self, f: impl FnOnce(&str) -> R) -> R {
        // Written digit by digit from the end of a buffer, not through
        // `write!` with its integer formatting: a 10,000-province map's
        // labels are 60,000 numbers formatted in the page's task.
        let hundredths = libm::round(self.0 * 100.0) as i64;
        let abs = hundredths.unsigned_abs();
        let (whole, frac) = (abs / 100, abs % 100);
        let mut buf = [0u8; 24];
        let mut at = buf.len();
        let mut put = |byte: u8| {
            at -= 1;
            buf[at] = byte;
        };
        match frac {
            0 => (),
            _ if frac.is_multiple_of(10) => {
                put(b'0' + (frac / 10) as u8);
                put(b'.');
            }
            _ => {
                put(b'0' + (frac % 10) as u8);
                put(b'0' + (frac / 10) as u8);
                put(b'.');
            }
        }
        at = crate::text::digits_before(&mut buf, at, whole);
        if hundredths < 0 {
            at -= 1;
            buf[at] = b'-';
        }
        f(core::str::from_utf8(&buf[at..]).unwrap_or("0"))
    }
}

impl core::fmt::Display for Num {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.with_text(|text| f.write_str(text))
    }
}

/// An SVG `points` attribute.
pub fn points(path: &[Point]) -> String {
    let mut out = String::with_capacity(path.len() * 14);
    for (i, p) in path.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{},{}", Num(p[0]), Num(p[1]));
    }
    out
}

/// Text made safe for markup (SVG or HTML), content and attribute values
/// alike; borrowed when there is nothing to escape.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.contains(['&', '<', '>', '"', '\'']) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The SVG text of `layout`, a drawing of `map`.
pub fn render(map: &Map, layout: &Layout) -> String {
    let mut out = String::new();
    // The regions' box, shown 1000 units wide.
    let [x, y, w, h] = layout.fit();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{x:.2} {y:.2} {w:.2} {h:.2}\" width=\"{}\" height=\"{:.0}\" font-family=\"sans-serif\">",
        layout.width,
        layout.width * h / w.max(1.0)
    );
    out.push_str(concat!(
        "<defs><pattern id=\"shut\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">",
        "<rect width=\"6\" height=\"6\" fill=\"#c9c3b6\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#8d877a\" stroke-width=\"2\"/></pattern></defs>\n",
        "<style>.b{fill:none;stroke-linejoin:round}.both{stroke:#5b5347;stroke-width:1}",
        ".army{stroke:#5b5347;stroke-width:1}.fleet{stroke:#3f7fa8;stroke-width:1.2;stroke-dasharray:4 2}",
        ".barrier{stroke:#3b2f20;stroke-width:3}.c{fill:none;stroke:#7a4f9a;stroke-width:1.5;stroke-dasharray:5 3}.wt{font-size:6px;fill:#7a4f9a}",
        "text{text-anchor:middle;dominant-baseline:central;fill:#222;pointer-events:none}</style>\n",
    ));
    let _ = writeln!(
        out,
        "<rect x=\"{x:.2}\" y=\"{y:.2}\" width=\"{w:.2}\" height=\"{h:.2}\" fill=\"{PAPER}\"/>"
    );
    out.push_str("<g>\n");
    for region in &layout.provinces {
        let province = map.prov(region.province);
        let fill = terrain_colour(province.terrain);
        let _ = writeln!(
            out,
            "<polygon data-province=\"{}\" points=\"{}\" fill=\"{}\" stroke=\"#a59c8c\" stroke-width=\"0.4\"><title>{}</title></polygon>",
            escape(&province.abbr.to_uppercase()),
            points(&region.polygon),
            fill,
            escape(&province.name)
        );
    }
    out.push_str("</g>\n<g>\n");
    for border in &layout.borders {
        let class = match border.kind {
            Crossing::Both => "both",
            Crossing::Army => "army",
            Crossing::Fleet => "fleet",
            Crossing::Barrier => "barrier",
        };
        let _ =
            writeln!(out, "<polyline class=\"b {class}\" points=\"{}\"/>", points(&border.path));
    }
    for connector in &layout.connectors {
        for (piece, to) in connector.pieces() {
            let _ = writeln!(out, "<polyline class=\"c\" points=\"{}\"/>", points(&piece));
            // A stub off the edge of a globe's map: named where it leaves.
            if let (Some(to), Some(end)) = (to, piece.last()) {
                let _ = writeln!(
                    out,
                    "<text class=\"wt\" x=\"{}\" y=\"{}\">{}</text>",
                    Num(end[0]),
                    Num(end[1] - 3.0),
                    escape(&map.prov(to).abbr.to_uppercase())
                );
            }
        }
    }
    out.push_str("</g>\n<g>\n");
    // Supply centres in their owner's colour, then units.
    let owner = |province| map.powers.iter().position(|power| power.centers.contains(&province));
    for (region, at) in centres(map, layout) {
        let colour = owner(region.province).map_or("#ffffff", power_colour);
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{:.2}\" fill=\"{colour}\" stroke=\"#222\" stroke-width=\"0.6\"/>",
            Num(at.dot[0]),
            Num(at.dot[1]),
            at.dot_r,
        );
    }
    for (p, power) in map.powers.iter().enumerate() {
        for unit in &power.units {
            let province = map.province_of(unit.location);
            let chars = map.prov(province).abbr.chars().count();
            let Some((at, r)) = layout.unit_at(unit.location, province, chars) else {
                continue;
            };
            let colour = power_colour(p);
            let shape = match unit.kind {
                UnitKind::Army => format!(
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{r:.2}\" fill=\"{colour}\" stroke=\"#111\" stroke-width=\"0.8\"/>",
                    Num(at[0]),
                    Num(at[1])
                ),
                UnitKind::Fleet => format!(
                    "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"{colour}\" stroke=\"#111\" stroke-width=\"0.8\" transform=\"rotate(45 {} {})\"/>",
                    at[0] - r * 0.7,
                    at[1] - r * 0.7,
                    r * 1.4,
                    r * 1.4,
                    Num(at[0]),
                    Num(at[1])
                ),
            };
            let _ = writeln!(out, "<g data-unit=\"{}\">{shape}</g>", escape(&map.unit_text(*unit)));
        }
    }
    for coast in &layout.coasts {
        let loc = map.loc(coast.location);
        let short = loc.coast.clone().unwrap_or_default().to_lowercase();
        let _ = writeln!(
            out,
            "<g data-coast=\"{}\"><circle cx=\"{}\" cy=\"{}\" r=\"1.2\" fill=\"#3f7fa8\"/><text x=\"{}\" y=\"{}\" font-size=\"4.5\" fill=\"#1f4f70\" font-style=\"italic\">{}</text></g>",
            escape(&loc.abbr.to_uppercase()),
            coast.at[0],
            coast.at[1],
            coast.at[0],
            coast.at[1] - 3.0,
            escape(&short)
        );
    }
    out.push_str("</g>\n<g>\n");
    abbreviations(map, layout, "", &mut out);
    out.push_str("</g>\n</svg>\n");
    out
}

/// Every province's abbreviation at its label's place, sized to its
/// region ([`marks`]), one `<text{attrs} x y font-size>` a line: the
/// stand-alone SVG's labels and the exports'.
pub fn abbreviations(map: &Map, layout: &Layout, attrs: &str, out: &mut String) {
    for region in &layout.provinces {
        let abbr = map.prov(region.province).abbr.to_uppercase();
        let at = marks(region.label, region.room, abbr.chars().count());
        let _ = writeln!(
            out,
            "<text{attrs} x=\"{}\" y=\"{}\" font-size=\"{:.2}\">{}</text>",
            Num(at.label[0]),
            Num(at.label[1]),
            at.font,
            escape(&abbr)
        );
    }
}

/// The paper under a map, over box `[x, y, w, h]` (the exports' maps).
pub fn backdrop([x, y, w, h]: [f64; 4], out: &mut String) {
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{PAPER}\"/>",
        Num(x),
        Num(y),
        Num(w),
        Num(h)
    );
}

/// An SVG path's `d` for a closed polygon: `M x,y L x,y … Z`.
pub fn path_d(polygon: &[Point]) -> String {
    let mut d = String::with_capacity(polygon.len() * 14);
    for (i, p) in polygon.iter().enumerate() {
        let _ = write!(d, "{}{},{} ", if i == 0 { "M" } else { "L" }, Num(p[0]), Num(p[1]));
    }
    d.push('Z');
    d
}

/// Where a region's marks go round its label point, none over another:
/// the abbreviation above, a unit below it, the supply-centre dot beside
/// the unit, the whole block sized to the circle of radius `room` (the
/// room the region has round its label point), so inside the region.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Marks {
    /// The label's font size (its text box: 0.6 em wide a character, 1 em
    /// high, centred on `label`).
    pub font: f64,
    /// The label's centre.
    pub label: Point,
    /// A unit's centre.
    pub unit: Point,
    /// A unit's radius.
    pub unit_r: f64,
    /// The supply-centre dot's centre.
    pub dot: Point,
    /// The supply-centre dot's radius.
    pub dot_r: f64,
}

/// Each supply centre's region with its [`Marks`] (the stand-alone SVG and
/// the exports mark the centres there).
pub fn centres<'a>(map: &'a Map, layout: &'a Layout) -> impl Iterator<Item = (&'a Region, Marks)> {
    layout.provinces.iter().filter_map(move |region| {
        let province = map.prov(region.province);
        province
            .supply_center
            .then(|| (region, marks(region.label, region.room, province.abbr.chars().count())))
    })
}

/// The [`Marks`] of a region with `room` round `at`, for a label of
/// `chars` characters.
pub fn marks(at: Point, room: f64, chars: usize) -> Marks {
    // In ems: the label (1 high), a gap, the unit (radius 0.5) below it,
    // the dot (radius 0.14) beside the unit.
    const UNIT: f64 = 0.5;
    const DOT: f64 = 0.14;
    const GAP: f64 = 0.08;
    let n = chars.max(1) as f64;
    let high = 1.0 + GAP + 2.0 * UNIT;
    let wide = (0.6 * n).max(2.0 * (UNIT + GAP + 2.0 * DOT));
    // The block's half-diagonal within 0.95 of the room; at most 12 units.
    let half = sqrt(wide * wide / 4.0 + high * high / 4.0);
    let font = font_step(0.95 * room / half);
    let unit_y = at[1] + (high / 2.0 - UNIT) * font;
    Marks {
        font,
        label: [at[0], at[1] - (high / 2.0 - 0.5) * font],
        unit: [at[0], unit_y],
        unit_r: UNIT * font,
        dot: [at[0] + (UNIT + GAP + DOT) * font, unit_y],
        dot_r: DOT * font,
    }
}

/// The largest font of the ladder 12, 12·r, 12·r², … (r = 2^(-1/6), six
/// steps an octave) not over `font`: a map's labels come in a score of
/// sizes, not one each. A browser makes a font and shapes its text for
/// every size it meets: imperial's 262 sizes were 70–110 ms of layout when
/// its drawing arrived, the same labels in one size none worth counting.
/// Smaller by 11 % at most (1 − r), never larger, so the marks stay in
/// their room.
pub fn font_step(font: f64) -> f64 {
    const STEP: f64 = 0.890_898_718_140_339_3;
    // Under a 512th of the largest size a label is a dot whatever its
    // size: the rest of the ladder is not walked.
    const SMALLEST: f64 = 12.0 / 512.0;
    if font.is_nan() || font <= SMALLEST {
        return font.max(0.0);
    }
    let mut step = 12.0;
    while step > font {
        step *= STEP;
    }
    step
}

/// Font size that keeps a label of `chars` characters (about 0.6 em wide
/// each, 1 em high) inside the circle of radius `room` around its point, so
/// inside its region and clear of every other label; at most 12 units.
pub fn label_size(room: f64, chars: usize) -> f64 {
    // Half-diagonal of the text box: sqrt((0.3 n)² + 0.5²) em ≤ 0.95 room.
    let n = chars.max(1) as f64;
    let half = super::geom::sqrt(0.09 * n * n + 0.25);
    (0.95 * room / half).min(12.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    /// Label fonts come from a ladder of six steps an octave: never over
    /// the room's font, never more than a step under it, and a map's
    /// thousands of rooms give a score of sizes.
    #[test]
    fn label_fonts_come_in_steps() {
        let mut sizes = alloc::collections::BTreeSet::new();
        for i in 0..10_000 {
            let room = 0.5 + f64::from(i) * 0.003;
            let exact = (0.95 * room / libm::sqrt(0.9 * 0.9 + 1.04 * 1.04)).min(12.0);
            let font = marks([0.0, 0.0], room, 3).font;
            assert!(font <= exact && font >= exact * 0.89, "{room}: {font} for {exact}");
            sizes.insert(font.to_bits());
        }
        // Rooms of 0.5 to 30.5 units: fonts of 0.35 to 12 (12 from a
        // room of 17.4 on), five octaves: 32 steps.
        assert_eq!(sizes.len(), 32);
        assert_eq!(font_step(12.0), 12.0);
        assert_eq!(font_step(40.0), 12.0);
        assert_eq!(font_step(0.01), 0.01);
        assert_eq!(font_step(f64::NAN), 0.0);
    }

    /// Numbers read as `write!` wrote them (the SVG's bytes stay the
    /// CLI's and the page's alike): whole, tenths, hundredths, negative,
    /// zero and large, and values that round across a unit.
    #[test]
    fn numbers_are_written_as_before() {
        fn reference(x: f64) -> String {
            let hundredths = libm::round(x * 100.0) as i64;
            let sign = if hundredths < 0 { "-" } else { "" };
            let abs = hundredths.unsigned_abs();
            let (whole, frac) = (abs / 100, abs % 100);
            match frac {
                0 => format!("{sign}{whole}"),
                _ if frac.is_multiple_of(10) => format!("{sign}{whole}.{}", frac / 10),
                _ => format!("{sign}{whole}.{frac:02}"),
            }
        }
        for i in -200_000i64..200_000 {
            let x = i as f64 * 0.0137 - 3.0;
            assert_eq!(Num(x).to_string(), reference(x), "{x}");
        }
        for x in [0.0, -0.0, -0.004, 0.005, 0.995, -0.995, 9.999, 1e12, -1e12, 1000.05, 0.1, 0.01] {
            assert_eq!(Num(x).to_string(), reference(x), "{x}");
        }
        assert_eq!(Num(-1.5).to_string(), "-1.5");
        assert_eq!(Num(3.05).to_string(), "3.05");
    }

    /// A user's name stays text in markup: every markup character escaped,
    /// and a plain name passed through without a copy.
    #[test]
    fn names_are_escaped_for_markup() {
        assert_eq!(
            escape(r#"<b>"Tom" & 'Jerry'</b>"#),
            "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;"
        );
        assert!(matches!(escape("Saint-Pétersbourg"), Cow::Borrowed("Saint-Pétersbourg")));
    }
}
