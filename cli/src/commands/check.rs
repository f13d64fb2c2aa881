//! `judgepad check`: diagnostics for each file in any format judgepad reads
//! (sniffed, or `--format`); exit 1 if any error.

use std::path::Path;

use serde_json::Value;

use crate::formats::{self, XconqSources};
use crate::out::outln;
use crate::sources::read_root;
use judgepad_core::api::Locator;
use judgepad_core::diagnostics::codes;
use judgepad_core::format::Format;
use judgepad_core::njudge::PowerNames;
use judgepad_core::text::{FileId, FileSpan, Span};
use judgepad_core::{Diagnostic, Severity, map, xconq};

/// Options of `check` beyond the files.
pub(crate) struct CheckOptions<'a> {
    pub(crate) json: bool,
    /// Every diagnostic, those a newcomer's mistake set off too (text
    /// output folds them under it; JSON always lists every one).
    pub(crate) all: bool,
    pub(crate) format: Option<Format>,
    pub(crate) powers: &'a PowerNames,
}

struct Report {
    errors: usize,
    json: Vec<Value>,
    text: String,
}

impl Report {
    fn print(&mut self, options: &CheckOptions<'_>, locator: &Locator<'_>, diags: &[Diagnostic]) {
        self.errors += diags.iter().filter(|d| d.is_error()).count();
        if options.json {
            self.json.extend(diags.iter().map(|diag| locator.json(diag)));
            return;
        }
        if options.all {
            for diag in diags {
                self.text.push_str(&locator.text(diag));
                self.text.push('\n');
            }
            return;
        }
        for (root, folded) in judgepad_core::diagnostics::grouped(diags) {
            self.text.push_str(&locator.text(&diags[root]));
            self.text.push('\n');
            if !folded.is_empty() {
                let n = folded.len();
                self.text.push_str(&format!(
                    "  = note: {n} more diagnostic{} follow{} from it (--all shows them)\n",
                    if n == 1 { "" } else { "s" },
                    if n == 1 { "s" } else { "" },
                ));
            }
        }
    }
}

/// A note at the top of file 0 saying how it was read.
pub(crate) fn format_note(message: String) -> Diagnostic {
    Diagnostic::new(codes::DIALECT, FileSpan::new(FileId(0), Span::empty(0)), message)
        .with_severity(Severity::Note)
}

pub(crate) fn run(files: &[String], options: &CheckOptions<'_>) -> Result<u8, String> {
    let (text, code) = report(files, options)?;
    if !text.is_empty() {
        outln!("{}", text.trim_end_matches('\n'));
    }
    Ok(code)
}

/// What `check` prints, and its exit code.
pub(crate) fn report(files: &[String], options: &CheckOptions<'_>) -> Result<(String, u8), String> {
    let mut report = Report { errors: 0, json: Vec::new(), text: String::new() };
    for arg in files {
        match formats::format_of(arg, options.format) {
            Some(format @ (Format::NJudgeMap | Format::NJudgeSeed)) => {
                check_njudge(arg, format, options, &mut report)?
            }
            Some(Format::Xconq) => check_xconq(arg, options, &mut report)?,
            format => {
                let root = read_root(arg)?;
                let dialect = format.map_or(map::Dialect::DpJudge, Format::dialect);
                let (map, mut diags) =
                    map::load_as(&root.name, &root.text, &*root.sources, dialect);
                // Pins are checked by drawing the map with them.
                if !map.pins.is_empty() {
                    let drawing = judgepad_core::layout::layout(&map, &[]);
                    diags.extend(judgepad_core::layout::pin_diagnostics(&map, &drawing));
                    judgepad_core::diagnostics::sort(&mut diags);
                }
                if format == Some(Format::Package) {
                    let how = if options.format.is_some() {
                        "as asked"
                    } else {
                        "it looks like it (`--dialect dpjudge` reads it as DPjudge)"
                    };
                    diags.insert(
                        0,
                        format_note(format!("read as {}: {how}", Format::Package.describe())),
                    );
                }
                let locator = Locator::new(&map.files, &root.display);
                report.print(options, &locator, &diags);
            }
        }
    }
    if options.json {
        report.text = format!("{}\n", Value::Array(report.json));
    }
    Ok((report.text, u8::from(report.errors > 0)))
}

fn check_njudge(
    arg: &str,
    format: Format,
    options: &CheckOptions<'_>,
    report: &mut Report,
) -> Result<(), String> {
    let pair = formats::read_njudge(arg, None, format)?;
    let (conversion, mut diags) = pair.convert(options.powers);
    let seed_note = match &pair.seed {
        Some((path, _)) => format!(" with its seed {}", Path::new(path).display()),
        None => String::from(" (no seed file beside it: no units)"),
    };
    diags.insert(0, format_note(format!("read as {}{seed_note}", Format::NJudgeMap.describe())));
    report.print(options, &Locator::new(&conversion.files, &pair.map_path), &diags);
    // With errors in the nJudge files, the converted text's errors are
    // their echo; show them only when the input reads cleanly.
    if conversion.map.areas.is_empty() || diags.iter().any(Diagnostic::is_error) {
        return Ok(());
    }
    // The converted text must load; anything it reports is judgepad's to fix
    // or the nJudge file's to explain, so show it too.
    let (map, converted) = conversion.load();
    let errors: Vec<Diagnostic> = converted.into_iter().filter(Diagnostic::is_error).collect();
    if !errors.is_empty() {
        let display = format!("{} (converted)", pair.map_path);
        report.print(options, &Locator::new(&map.files, &display), &errors);
    }
    Ok(())
}

fn check_xconq(arg: &str, options: &CheckOptions<'_>, report: &mut Report) -> Result<(), String> {
    let text = formats::read_text(arg)?;
    let dir = Path::new(arg).parent().map_or_else(|| ".".into(), Path::to_path_buf);
    let name = Path::new(arg)
        .file_name()
        .map_or_else(|| arg.to_string(), |it| it.to_string_lossy().into_owned());
    let (world, mut diags) = xconq::load(&name, &text, &XconqSources { dir });
    let what = match &world.grid {
        Some(grid) => format!(
            "{}×{} hexes, {} sides, {} units",
            grid.width,
            grid.height,
            world.sides.len(),
            world.units.len()
        ),
        None => format!(
            "no map; {} terrain types, {} unit types",
            world.period.terrain.len(),
            world.period.units.len()
        ),
    };
    diags.insert(0, format_note(format!("read as {} ({what})", Format::Xconq.describe())));
    report.print(options, &Locator::new(&world.files, arg), &diags);
    Ok(())
}
