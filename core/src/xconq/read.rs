//! Reading one Xconq mapfile (and, first, the files it includes) into the
//! [`Xconq`] world: header, notes, includes, then the sections its flags
//! announce, each checked against its header's counts.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::{Condition, Globals, Grid, Period, Side, XUnit, Xconq, fs, period};
use crate::Diagnostic;
use crate::diagnostics::codes;
use crate::map::{SourceFile, Sources};
use crate::text::{FileId, FileSpan, Span};

const MAX_DEPTH: usize = 16;
/// The largest map read (the corpus's largest has 48,000 hexes).
const MAX_CELLS: i64 = 4_000_000;

/// A cursor over lines.
struct Lines<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Lines<'a> {
    fn next(&mut self) -> Option<(Span, &'a str)> {
        if self.pos >= self.text.len() {
            return None;
        }
        let start = self.pos;
        let end = self.text[start..].find('\n').map_or(self.text.len(), |it| start + it);
        self.pos = if end < self.text.len() { end + 1 } else { end };
        let line = self.text[start..end].trim_end_matches('\r');
        Some((Span::new(start as u32, (start + line.len()) as u32), line))
    }

    /// The next line that is not blank.
    fn next_nonblank(&mut self) -> Option<(Span, &'a str)> {
        loop {
            let (span, line) = self.next()?;
            if !line.trim().is_empty() {
                return Some((span, line));
            }
        }
    }
}

/// Numbers of a header or data line (`None` if a word is not a number).
fn numbers(line: &str) -> Option<Vec<i64>> {
    line.split_whitespace().map(|word| word.parse::<i64>().ok()).collect()
}

#[allow(clippy::too_many_arguments)]
pub(super) fn load_file(
    world: &mut Xconq,
    diags: &mut Vec<Diagnostic>,
    loading: &mut Vec<String>,
    name: &str,
    text: Arc<str>,
    sources: &dyn Sources,
    included_at: Option<FileSpan>,
    depth: usize,
) {
    let file = FileId(world.files.len() as u32);
    world.files.push(SourceFile { name: name.to_string(), text: text.clone() });
    loading.push(base_name(name).to_string());
    let root = included_at.is_none();
    let text: &str = &text;
    let mut lines = Lines { text, pos: 0 };
    let error = |diags: &mut Vec<Diagnostic>, code: &'static str, span: Span, message: String| {
        diags.push(Diagnostic::new(code, fs(file, span), message));
    };
    let Some((head_at, head)) = lines.next_nonblank() else {
        error(
            diags,
            codes::XCONQ_SYNTAX,
            Span::empty(0),
            String::from("the file is empty: a mapfile starts with `Xconq n ±±±±±± description`"),
        );
        return;
    };
    let mut words = head.split_whitespace();
    if words.next() != Some("Xconq") {
        error(
            diags,
            codes::XCONQ_SYNTAX,
            head_at,
            String::from("a mapfile starts with `Xconq n ±±±±±± description` (case matters)"),
        );
        return;
    }
    let count = words.next().and_then(|it| it.parse::<usize>().ok());
    let flags = words.next().unwrap_or("");
    let (Some(count), true) =
        (count, flags.len() == 6 && flags.bytes().all(|b| b == b'+' || b == b'-'))
    else {
        error(
            diags,
            codes::XCONQ_SYNTAX,
            head_at,
            String::from(
                "the header needs the number of included files and six + or - flags (version, period, map, globals, sides, units)",
            ),
        );
        return;
    };
    let flags: Vec<bool> = flags.bytes().map(|b| b == b'+').collect();
    let description = head.splitn(4, char::is_whitespace).nth(3).unwrap_or("").trim();
    if root {
        world.description = description.trim_end_matches(';').trim().to_string();
    }
    if description.ends_with(';') {
        loop {
            match lines.next() {
                Some((_, line)) if line.trim() == "." => break,
                Some((_, line)) => {
                    if root {
                        world.notes.push(line.to_string());
                    }
                }
                None => {
                    error(
                        diags,
                        codes::XCONQ_SYNTAX,
                        Span::empty(text.len() as u32),
                        String::from(
                            "the notes (the description ends with `;`) need a line `.` to end them",
                        ),
                    );
                    return;
                }
            }
        }
    }
    let mut includes = Vec::new();
    for _ in 0..count {
        match lines.next_nonblank() {
            Some((span, line)) => includes.push((line.trim().to_string(), span)),
            None => {
                error(
                    diags,
                    codes::XCONQ_COUNT,
                    head_at,
                    format!("the header announces {count} included files; the file ends first"),
                );
                return;
            }
        }
    }
    for (include, span) in includes {
        let base = base_name(&include);
        if loading.iter().any(|it| it == base) {
            diags.push(
                Diagnostic::new(
                    codes::XCONQ_SYNTAX,
                    fs(file, span),
                    format!("{base} is already loaded; Xconq loads a file once"),
                )
                .with_severity(crate::Severity::Warning),
            );
            continue;
        }
        if depth >= MAX_DEPTH {
            error(
                diags,
                codes::USE_TOO_DEEP,
                span,
                format!("includes nest deeper than {MAX_DEPTH} files"),
            );
            continue;
        }
        match sources.source(base) {
            Some(included) => load_file(
                world,
                diags,
                loading,
                base,
                Arc::from(included),
                sources,
                Some(fs(file, span)),
                depth + 1,
            ),
            None => error(
                diags,
                codes::FILE_NOT_FOUND,
                span,
                format!("included file `{include}` not found"),
            ),
        }
    }
    let mut reader = Sections { file, text, diags };
    let ok = (|| {
        if flags[0] {
            lines.next_nonblank()?;
        }
        if flags[1] {
            reader.period(&mut lines, &mut world.period)?;
        }
        if flags[2] {
            world.grid = Some(reader.map(&mut lines)?);
        }
        if flags[3] {
            world.globals = Some(reader.globals(&mut lines)?);
        }
        if flags[4] {
            world.sides = reader.sides(&mut lines)?;
        }
        if flags[5] {
            let units = reader.units(&mut lines)?;
            world.units = units;
        }
        Some(())
    })();
    if ok.is_some()
        && let Some((span, _)) = lines.next_nonblank()
    {
        reader.diags.push(
            Diagnostic::new(
                codes::XCONQ_SYNTAX,
                fs(file, span),
                "text after the last section the header announces is ignored",
            )
            .with_severity(crate::Severity::Warning),
        );
    }
}

fn base_name(name: &str) -> &str {
    name.rsplit(['/', '\\']).next().unwrap_or(name)
}

struct Sections<'a, 'd> {
    file: FileId,
    text: &'a str,
    diags: &'d mut Vec<Diagnostic>,
}

impl<'a> Sections<'a, '_> {
    /// A section that announced `count` items and ended after `idx`.
    fn ends_early(&mut self, at: Span, section: &str, items: &str, count: usize, idx: usize) {
        self.error(
            codes::XCONQ_COUNT,
            at,
            format!("{section} announces {count} {items}; the file ends after {idx}"),
        );
    }

    fn error(&mut self, code: &'static str, span: Span, message: String) {
        self.diags.push(Diagnostic::new(code, fs(self.file, span), message));
    }

    /// The header line of section `word`, with its numbers (at least `min`).
    fn header(
        &mut self,
        lines: &mut Lines<'a>,
        word: &str,
        form: &str,
        min: usize,
    ) -> Option<(Span, Vec<i64>)> {
        let Some((span, line)) = lines.next_nonblank() else {
            self.error(
                codes::XCONQ_SYNTAX,
                Span::empty(self.text.len() as u32),
                format!(
                    "the header announces a {word} section, but the file ends: expected `{form}`"
                ),
            );
            return None;
        };
        let rest = line
            .trim_start()
            .strip_prefix(word)
            .filter(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace));
        match rest.and_then(numbers) {
            Some(values) if values.len() >= min => Some((span, values)),
            _ => {
                self.error(
                    codes::XCONQ_SYNTAX,
                    span,
                    format!("expected `{form}`, found `{}`", line.trim()),
                );
                None
            }
        }
    }

    fn period(&mut self, lines: &mut Lines<'a>, period: &mut Period) -> Option<()> {
        let (_, values) = self.header(lines, "Period", "Period extension", 1)?;
        if values[0] == 0 {
            *period = Period::default();
        }
        let (end, problems) = period::run(self.text, lines.pos, period);
        for problem in problems {
            let code = if problem.error { codes::XCONQ_SYNTAX } else { codes::XCONQ_PERIOD };
            self.error(code, problem.at, problem.message);
        }
        lines.pos = end;
        // The rest of the `end` line.
        if let Some(newline) = self.text[end.min(self.text.len())..].find('\n') {
            lines.pos = end + newline + 1;
        } else {
            lines.pos = self.text.len();
        }
        Some(())
    }

    fn map(&mut self, lines: &mut Lines<'a>) -> Option<Grid> {
        let (at, values) = self.header(lines, "Map", "Map width height scale seen extension", 4)?;
        let (width, height) = (values[0], values[1]);
        if !(1..=10_000).contains(&width) || !(1..=10_000).contains(&height) {
            self.error(
                codes::XCONQ_SYNTAX,
                at,
                format!("a {width}×{height} map: width and height are 1 to 10000"),
            );
            return None;
        }
        if width * height > MAX_CELLS {
            self.error(codes::XCONQ_SYNTAX, at, format!("a {width}×{height} map has more than {MAX_CELLS} hexes, more than judgepad reads"));
            return None;
        }
        let (width, height) = (width as u32, height as u32);
        let mut rows = Vec::with_capacity(height as usize);
        let mut chars: Vec<(char, FileSpan)> = Vec::new();
        for row in 0..height {
            let Some((span, line)) = lines.next() else {
                self.error(
                    codes::XCONQ_COUNT,
                    at,
                    format!("the map has {height} rows; the file ends after {row}"),
                );
                break;
            };
            let mut cells = Vec::with_capacity(width as usize);
            let mut count: Option<usize> = None;
            for (offset, ch) in line.char_indices() {
                if let Some(digit) = ch.to_digit(10) {
                    count =
                        Some(count.unwrap_or(0).saturating_mul(10).saturating_add(digit as usize));
                    continue;
                }
                let times = count.take().unwrap_or(1);
                if !chars.iter().any(|it| it.0 == ch) {
                    let at = Span::new(
                        span.start + offset as u32,
                        span.start + (offset + ch.len_utf8()) as u32,
                    );
                    chars.push((ch, fs(self.file, at)));
                }
                let room = (width as usize + 1).saturating_sub(cells.len());
                cells.extend(core::iter::repeat_n(ch, times.min(room)));
            }
            if count.is_some() {
                self.error(codes::XCONQ_SYNTAX, span, String::from("a run-length count at the end of the row has no terrain character (a run cannot cross lines)"));
            }
            if cells.len() != width as usize {
                let real = line
                    .char_indices()
                    .fold((0usize, None::<usize>), |(total, run), (_, ch)| match ch.to_digit(10) {
                        Some(d) => (
                            total,
                            Some(run.unwrap_or(0).saturating_mul(10).saturating_add(d as usize)),
                        ),
                        None => (total.saturating_add(run.unwrap_or(1)), None),
                    })
                    .0;
                self.error(
                    codes::XCONQ_ROW,
                    span,
                    format!("row {} has {real} cells; the map is {width} wide", row + 1),
                );
                cells.resize(width as usize, ' ');
            }
            rows.push(cells);
        }
        // Missing rows stay empty (no terrain), not allocated.
        rows.resize_with(height as usize, Vec::new);
        Some(Grid {
            width,
            height,
            scale: values[2],
            seen: values[3] != 0,
            rows,
            at: fs(self.file, at),
            chars,
        })
    }

    fn globals(&mut self, lines: &mut Lines<'a>) -> Option<Globals> {
        let (at, values) = self.header(
            lines,
            "Globals",
            "Globals gametime endtime setproduct leavemap numconds extension",
            5,
        )?;
        let mut globals = Globals {
            game_time: values[0],
            end_time: values[1],
            set_product: values[2] != 0,
            leave_map: values[3] != 0,
            conditions: Vec::new(),
        };
        let count = values[4].clamp(0, 1000) as usize;
        for idx in 0..count {
            let first = lines.next_nonblank();
            let second = lines.next_nonblank();
            let (Some((span, first)), Some((span2, second))) = (first, second) else {
                self.ends_early(at, "Globals", "conditions", count, idx);
                return None;
            };
            let head = numbers(first).filter(|it| it.len() >= 5);
            let Some(head) = head else {
                self.error(
                    codes::XCONQ_SYNTAX,
                    span,
                    String::from("a condition starts with `win/lose type start end side`"),
                );
                return None;
            };
            let Some(values) = numbers(second) else {
                self.error(
                    codes::XCONQ_SYNTAX,
                    span2,
                    String::from("a condition's second line is numbers"),
                );
                return None;
            };
            globals.conditions.push(Condition {
                win: head[0] != 0,
                kind: head[1],
                start: head[2],
                end: head[3],
                side: head[4],
                values,
            });
        }
        Some(globals)
    }

    fn sides(&mut self, lines: &mut Lines<'a>) -> Option<Vec<Side>> {
        let (at, values) = self.header(lines, "Sides", "Sides numsides detail extension", 2)?;
        let (count, detail) = (values[0].clamp(0, 1000) as usize, values[1]);
        if detail > 2 {
            self.error(codes::XCONQ_SYNTAX, at, format!("sides saved with detail {detail} (views of the world) are not read; detail 1 and 2 are"));
            return None;
        }
        let mut sides = Vec::new();
        for idx in 0..count {
            let Some((_, name)) = lines.next_nonblank() else {
                self.ends_early(at, "Sides", "sides", count, idx);
                return None;
            };
            if detail >= 2 && lines.next_nonblank().is_none() {
                self.ends_early(at, "Sides", "sides", count, idx);
                return None;
            }
            sides.push(Side { name: name.trim().to_string() });
        }
        Some(sides)
    }

    fn units(&mut self, lines: &mut Lines<'a>) -> Option<Vec<XUnit>> {
        let (at, values) = self.header(lines, "Units", "Units numunits detail extension", 2)?;
        let (count, detail) = (values[0].clamp(0, 1_000_000) as usize, values[1]);
        let mut units = Vec::new();
        for idx in 0..count {
            let Some((span, line)) = lines.next_nonblank() else {
                self.ends_early(at, "Units", "units", count, idx);
                return Some(units);
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            let parsed = (|| {
                let [kind, name, xy, side, ..] = words.as_slice() else { return None };
                let mut kind_chars = kind.chars();
                let (Some(kind), None) = (kind_chars.next(), kind_chars.next()) else {
                    return None;
                };
                let (x, y) = xy.split_once(',')?;
                Some(XUnit {
                    kind,
                    name: if *name == "*" { String::new() } else { name.replace('*', " ") },
                    x: x.parse().ok()?,
                    y: y.parse().ok()?,
                    side: side.parse().ok()?,
                })
            })();
            match parsed {
                Some(unit) => units.push(unit),
                None => {
                    self.error(
                        codes::XCONQ_SYNTAX,
                        span,
                        format!("a unit line is `type name x,y side`, found `{}`", line.trim()),
                    );
                    return Some(units);
                }
            }
            if detail >= 2 && lines.next_nonblank().is_none() {
                self.ends_early(at, "Units", "units", count, idx);
                return Some(units);
            }
        }
        Some(units)
    }
}

/// Terrain characters the period does not define; units off the map or of
/// unknown types; sides out of range.
pub(super) fn check_terrain(world: &Xconq, diags: &mut Vec<Diagnostic>) {
    let Some(grid) = &world.grid else { return };
    for (ch, at) in &grid.chars {
        if world.terrain(*ch).is_none() {
            let known: String = world.period.terrain.iter().map(|it| it.ch).collect();
            diags.push(
                Diagnostic::new(
                    codes::XCONQ_TERRAIN,
                    *at,
                    format!(
                        "`{ch}` is not a terrain character of the period ({})",
                        world.period.name.as_deref().unwrap_or("unnamed")
                    ),
                )
                .with_help(format!("The period defines: {known}")),
            );
        }
    }
}
