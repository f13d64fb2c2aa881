//! `judgepad convert FILE [SEED] [--to dpjudge]`: an nJudge map (with its
//! seed) or a package-dialect map as DPjudge `.map` text on stdout; what the
//! reading found on stderr. Exit 1 when the input has errors or the result
//! does not load cleanly.

use std::path::Path;

use crate::commands::check::format_note;
use crate::formats;
use crate::out::outln;
use judgepad_core::api::Locator;
use judgepad_core::format::Format;
use judgepad_core::njudge::PowerNames;

pub(crate) fn run(
    file: &str,
    seed: Option<&str>,
    format: Option<Format>,
    powers: &PowerNames,
) -> Result<u8, String> {
    let report = report(file, seed, format, powers)?;
    if !report.diagnostics.is_empty() {
        eprint!("{}", report.diagnostics);
    }
    outln!("{}", report.text.trim_end());
    Ok(report.code)
}

/// What `convert` prints: the .map text (stdout), the diagnostics (stderr),
/// and the exit code.
pub struct ConvertReport {
    /// The DPjudge text.
    pub text: String,
    /// Diagnostics, one per line as `check` prints them.
    pub diagnostics: String,
    /// 0 clean, 1 errors in the input or the result.
    pub code: u8,
}

pub(crate) fn report(
    file: &str,
    seed: Option<&str>,
    format: Option<Format>,
    powers: &PowerNames,
) -> Result<ConvertReport, String> {
    let format = formats::format_of(file, format)
        .ok_or_else(|| format!("cannot read `{file}`: no such file"))?;
    match format {
        Format::NJudgeMap | Format::NJudgeSeed => (),
        Format::Xconq => {
            return Err(format!(
                "`{file}` is {}: it is a hex wargame map, not a Diplomacy variant; `judgepad check` reads it",
                format.describe()
            ));
        }
        Format::DpJudge | Format::Package => {
            return Err(format!(
                "`{file}` is already {}; `judgepad check` reads it as it is",
                format.describe()
            ));
        }
    }
    let pair = formats::read_njudge(file, seed, format)?;
    let (conversion, mut diags) = pair.convert(powers);
    match (&pair.seed, seed) {
        (None, _) => diags.insert(
            0,
            format_note(String::from("no seed file: the variant has no units (give SEED)")),
        ),
        (Some(_), None) if format == Format::NJudgeSeed => diags.insert(
            0,
            format_note(format!("using the map {} found beside the seed", pair.map_path)),
        ),
        (Some((path, _)), None) => diags.insert(
            0,
            format_note(format!(
                "using the seed {} found beside the map",
                Path::new(path).display()
            )),
        ),
        _ => (),
    }
    let locator = Locator::new(&conversion.files, &pair.map_path);
    let mut errors = 0usize;
    let mut diagnostics = String::new();
    for diag in &diags {
        errors += usize::from(diag.is_error());
        diagnostics.push_str(&locator.text(diag));
        diagnostics.push('\n');
    }
    let (loaded, converted) = conversion.load();
    let display = format!("{}.map (converted)", conversion.title);
    let locator = Locator::new(&loaded.files, &display);
    for diag in converted.iter().filter(|it| it.is_error()) {
        errors += 1;
        diagnostics.push_str(&locator.text(diag));
        diagnostics.push('\n');
    }
    Ok(ConvertReport { text: conversion.text, diagnostics, code: u8::from(errors > 0) })
}
