//! A finished variant leaving judgepad for the tools where people play it
//! (issue 30). Each target is a pure function of the resolved map and its
//! drawing, returning the files it writes and a warning for everything the
//! target cannot express, at the span that says it (never dropped
//! silently).
//!
//! - [`package`]: the Python `diplomacy` package (its dialect of the map
//!   language and its jDip-style SVG, which its `Renderer` draws games on);
//! - [`diplicity`]: diplicity's variant definition (DVAR, JSON) and map
//!   (DSVG), with the `json` feature;
//! - [`zip`]: the files in one archive, as the page downloads them.

#[cfg(feature = "json")]
pub mod diplicity;
pub mod package;
mod package_svg;
pub mod zip;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::diagnostics::{Diagnostic, codes};
use crate::map::{Map, Power};
use crate::rules::Rule;
use crate::text::FileSpan;

/// The start of the top-level file: where a warning goes that no line of
/// the map says.
fn root_span() -> FileSpan {
    FileSpan::new(crate::text::FileId(0), crate::text::Span::new(0, 0))
}

/// One thing the target cannot express, at `at`.
fn lose(lost: &mut Vec<Diagnostic>, at: FileSpan, message: String) {
    lost.push(Diagnostic::new(codes::EXPORT_LOST, at, message));
}

/// A power's features neither target has, at its line.
fn power_features(power: &Power, target: &str, lost: &mut Vec<Diagnostic>) {
    let name = &power.name;
    let mut missing = |what: &str| {
        lose(lost, power.at, format!("{target} has no {what}: {name}'s are left out"));
    };
    if power.claims > 0 {
        missing("builds in any owned centre (`&SC`)");
    }
    if !power.factories.is_empty() {
        missing("factories (`+X`)");
    }
    if !power.partisans.is_empty() {
        missing("partisans (`*X`)");
    }
    if !power.hidden.is_empty() {
        missing("hidden builds (`~X`)");
    }
    if !power.alternatives.is_empty() {
        missing("alternative homes (`@X`)");
    }
    if power.reserves > 0 || power.militia > 0 {
        missing("reserves or militia");
    }
    if !power.controllers.is_empty() {
        missing("controlling powers (CONTROL, TEAM)");
    }
    if power.league.is_some() {
        missing("leagues");
    }
    if !power.center_claims.is_empty() {
        missing("claimed centres (`SC!`, `SC?`)");
    }
}

/// Rules judgepad applies that change play (the `NO_…` rules only switch
/// off what neither target has), other than `applied`.
fn rules_not_applied(map: &Map, applied: &[Rule], target: &str, lost: &mut Vec<Diagnostic>) {
    const PLAY: &[Rule] = &[
        Rule::BlankBoard,
        Rule::BuildAny,
        Rule::CdBuilds,
        Rule::CdDummies,
        Rule::CoastalConvoy,
        Rule::Hibernate,
        Rule::HomeBuilds,
        Rule::ImmobileDummies,
        Rule::Mobilize,
        Rule::RemoteBuilds,
        Rule::VictoryHomes,
    ];
    for rule in PLAY.iter().filter(|rule| map.has(**rule) && !applied.contains(rule)) {
        let at = map
            .rule_lines()
            .iter()
            .find(|t| t.text.as_str().trim_start_matches('!') == rule.name())
            .map_or(root_span(), |t| t.at);
        lose(lost, at, format!("{target} does not apply RULE {}", rule.name()));
    }
}

/// The end of a README: what `target` cannot express, one warning a line
/// (`file:line:column: message`), or that nothing was left out.
fn left_out(out: &mut String, target: &str, warnings: &[String]) {
    if warnings.is_empty() {
        out.push_str("\nEverything in the variant is in these files.\n");
        return;
    }
    out.push_str(&format!("\nWhat {target} cannot express (left out or played otherwise):\n"));
    for warning in warnings {
        out.push_str(&format!("- {warning}\n"));
    }
}

/// `files` (extension, bytes) and `README.txt` in one zip, in a folder of
/// the variant's `name`: `NAME/NAME.ext`.
fn folder_zip(name: &str, files: &[(&str, &[u8])], readme: &str) -> Vec<u8> {
    let mut named: Vec<(String, &[u8])> =
        files.iter().map(|(ext, bytes)| (format!("{name}/{name}.{ext}"), *bytes)).collect();
    named.push((format!("{name}/README.txt"), readme.as_bytes()));
    let list: Vec<(&str, &[u8])> = named.iter().map(|(n, b)| (n.as_str(), *b)).collect();
    zip::stored(&list)
}
