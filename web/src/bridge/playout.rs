//! Bot games for the page: core's playout figures as rows, each with a
//! small chart of its centres by year (the median line in the band of the
//! middle half of the games). Pure, tested natively.

use judgepad_core::map::{Map, PowerId};
use judgepad_core::playout::Figures;

/// The chart's box (SVG user units).
pub const CHART: (f64, f64) = (72.0, 24.0);

/// One power's row.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayoutRow {
    /// Display name.
    pub power: String,
    /// Games won alone.
    pub solos: u32,
    /// Games survived.
    pub survivals: u32,
    /// Games eliminated.
    pub eliminations: u32,
    /// Mean centres at the end, to one decimal.
    pub mean: String,
    /// The chart's median line (SVG path data).
    pub median: String,
    /// The chart's band from the first to the third quartile (path data).
    pub band: String,
    /// The chart's text for a screen reader: the median by year.
    pub by_year: String,
}

/// The rows of `figures` of `map`; the charts share one scale (the most
/// centres any power has in a third quartile).
pub fn rows_of(map: &Map, figures: &Figures) -> Vec<PlayoutRow> {
    let top = figures
        .powers
        .iter()
        .flat_map(|p| p.centres_by_year.iter().map(|y| y.3))
        .max()
        .unwrap_or(0)
        .max(1);
    let (w, h) = CHART;
    let x = |i: usize, n: usize| if n < 2 { w / 2.0 } else { w * i as f64 / (n - 1) as f64 };
    let y = |v: u32| h - h * f64::from(v) / f64::from(top);
    let line = |points: &[(f64, f64)]| -> String {
        points
            .iter()
            .enumerate()
            .map(|(i, (px, py))| format!("{}{px:.1},{py:.1}", if i == 0 { 'M' } else { 'L' }))
            .collect()
    };
    figures
        .powers
        .iter()
        .map(|p| {
            let years = &p.centres_by_year;
            let n = years.len();
            let median: Vec<(f64, f64)> =
                years.iter().enumerate().map(|(i, v)| (x(i, n), y(v.2))).collect();
            let mut band: Vec<(f64, f64)> =
                years.iter().enumerate().map(|(i, v)| (x(i, n), y(v.3))).collect();
            band.extend(years.iter().enumerate().rev().map(|(i, v)| (x(i, n), y(v.1))));
            let mut band = line(&band);
            if !band.is_empty() {
                band.push('Z');
            }
            PlayoutRow {
                power: map.pow(p.power).name.clone(),
                solos: p.solos,
                survivals: p.survivals,
                eliminations: p.eliminations,
                mean: format!("{:.1}", p.mean_final_centres),
                median: line(&median),
                band,
                by_year: years
                    .iter()
                    .map(|v| format!("{}: {}", v.0, v.2))
                    .collect::<Vec<_>>()
                    .join(", "),
            }
        })
        .collect()
}

/// Per neutral centre, the power that most often took it first and in how
/// many games: `BEL France 61 %`.
pub fn takers(map: &Map, figures: &Figures) -> Vec<String> {
    figures
        .neutrals
        .iter()
        .filter_map(|(centre, counts)| {
            let (p, &n) =
                counts.iter().enumerate().max_by_key(|&(p, &n)| (n, std::cmp::Reverse(p)))?;
            (n > 0).then(|| {
                let share = 100 * n / figures.games.max(1);
                format!(
                    "{} {} {share}\u{a0}%",
                    map.prov(*centre).abbr.to_uppercase(),
                    map.pow(PowerId(p as u32)).name
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use judgepad_core::playout::playout;

    #[test]
    fn rows_and_charts_of_standard() {
        let map = crate::bridge::load("standard.map", &crate::bridge::variant_text("standard")).map;
        let figures = playout(&map, 6, 3, 1);
        let rows = rows_of(&map, &figures);
        assert_eq!(rows.len(), 7);
        for row in &rows {
            assert_eq!(row.survivals + row.eliminations, 6);
            assert!(
                row.median.starts_with('M') && row.median.matches('L').count() == 2,
                "{}",
                row.median
            );
            assert!(row.band.ends_with('Z') && row.band.matches('L').count() == 5, "{}", row.band);
            assert!(row.by_year.starts_with("1901: "), "{}", row.by_year);
        }
        let taken = takers(&map, &figures);
        assert!(taken.iter().any(|t| t.starts_with("SPA FRANCE")), "{taken:?}");
    }
}
