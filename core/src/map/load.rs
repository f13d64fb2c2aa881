//! The loader: DPjudge's `Map.load` as a state machine over parsed lines.
//!
//! The raw state (`map/raw.rs`) mirrors the dictionaries and lists DPjudge's loader mutates
//! (`locName`, `aliases`, `locs`, `locType`, `locAbut`, `homes`, …), string
//! keyed and insertion ordered, each fact carrying the span that stated it.
//! Mirroring the original state is what makes the odd corners (renames,
//! `DROP`, case flips, `AMEND`, `UNPLAYED`, re-selecting a power) behave as
//! DPjudge's do; the id-based [`crate::map::Map`] is built from it afterwards.
//!
//! Where DPjudge's code and its documentation disagree, this module follows
//! the documentation and says so in a warning (see `codes`). Dynamic
//! (`IN`/`FROM`) blocks are stored, not applied; [`crate::map::Map::with_blocks`]
//! re-runs them on a copy of the static state.
//!
//! The driver lives here (files, USE, the line dispatcher); place lines are
//! in `load/places.rs`, power lines in `load/powers.rs`, the state in
//! `map/raw.rs`.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::diagnostics::{Diagnostic, codes};
use crate::map::names::{norm_power, province_part, upper};
use crate::syntax::{self, DynamicKeyword, Line, LineKind, Scope, UseKeyword};
use crate::text::{FileId, FileSpan, Span};

mod places;
mod powers;

pub(crate) use crate::map::raw::{AbutTok, Raw};
pub(crate) use crate::map::raw::{AliasDef, NameDef, TerrainDef};
pub use crate::map::raw::{DynamicBlock, Stanza, Tok};
pub use crate::map::sources::{NoSources, SourceFile, Sources};
pub use crate::map::terrain::{AbutRule, Terrain};

/// USE chains deeper than this are refused (DPjudge's corpus needs 5).
pub const MAX_USE_DEPTH: usize = 64;

/// The parses of one load's files, for the next load to reuse where a
/// file's text is unchanged (typing in one file of a variant leaves the
/// others as they were): [`crate::map::load_reusing`]. A parse depends on
/// the text and the file's place in the load, nothing else.
#[derive(Clone, Debug, Default)]
pub struct Parses {
    files: Vec<(FileId, Arc<str>, Arc<syntax::Parse>)>,
}

/// A file being read: its parse, the next line to read, and the state its
/// lines carry from one to the next (the power being described, the
/// DIRECTIVES stanza and the IN/FROM block open).
pub(crate) struct Reading {
    file: FileId,
    text: Arc<str>,
    parse: Arc<syntax::Parse>,
    next: usize,
    power: Option<String>,
    stanza: Option<usize>,
    block: Option<(u32, usize)>,
}

/// Runs DPjudge's loader.
pub(crate) struct Loader<'a> {
    sources: &'a dyn Sources,
    /// The last load's parses (reused), and this load's (kept).
    pub(crate) reuse: Parses,
    pub(crate) parses: Parses,
    pub(crate) files: Vec<SourceFile>,
    pub(crate) raw: Raw,
    pub(crate) diags: Vec<Diagnostic>,
    stack: Vec<FileId>,
    /// Every province a unit line has placed a unit in (some may have lost
    /// it since): a unit line looks for an earlier unit there to replace
    /// only when its province is listed, so a file of unit lines is not
    /// quadratic.
    unit_sites: BTreeSet<String>,
}

impl<'a> Loader<'a> {
    pub(crate) fn new(sources: &'a dyn Sources) -> Loader<'a> {
        Loader {
            sources,
            reuse: Parses::default(),
            parses: Parses::default(),
            files: Vec::new(),
            raw: Raw::default(),
            diags: Vec::new(),
            stack: Vec::new(),
            unit_sites: BTreeSet::new(),
        }
    }

    /// The parse of `text` as file `file`: the last load's when it read
    /// the same text there.
    fn parsed(&self, file: FileId, text: &Arc<str>) -> Arc<syntax::Parse> {
        self.known(file, text).unwrap_or_else(|| Arc::new(syntax::parse(file, text)))
    }

    /// The last load's parse of `text` as `file`, if it had one.
    pub(crate) fn known(&self, file: FileId, text: &Arc<str>) -> Option<Arc<syntax::Parse>> {
        let known = self
            .reuse
            .files
            .iter()
            .find(|(at, was, _)| *at == file && (Arc::ptr_eq(was, text) || **was == **text));
        known.map(|(_, _, parse)| parse.clone())
    }

    /// The id the next file opened gets.
    pub(crate) fn next_file(&self) -> FileId {
        FileId(self.files.len() as u32)
    }

    /// Loads a file's text (the root, or a USEd file).
    pub(crate) fn load_file(&mut self, name: String, text: Arc<str>) -> FileId {
        let mut reading = self.open_file(name, text);
        self.read_lines(&mut reading, usize::MAX);
        self.close_file(reading)
    }

    /// Starts reading a file: parses it (or takes the last load's parse)
    /// and puts it on the USE stack. [`Loader::read_lines`] then reads its
    /// lines, as many at a time as asked, and [`Loader::close_file`] ends it.
    pub(crate) fn open_file(&mut self, name: String, text: Arc<str>) -> Reading {
        let parse = self.parsed(self.next_file(), &text);
        self.open_parsed(name, text, parse)
    }

    /// [`Loader::open_file`] with the file's parse made already (by
    /// [`syntax::Parser`], in steps), for the next file's id.
    pub(crate) fn open_parsed(
        &mut self,
        name: String,
        text: Arc<str>,
        parse: Arc<syntax::Parse>,
    ) -> Reading {
        let file = self.next_file();
        self.files.push(SourceFile { name: name.clone(), text: text.clone() });
        self.raw.files.push(name);
        self.parses.files.push((file, text.clone(), parse.clone()));
        self.diags.extend(parse.diagnostics.iter().cloned());
        self.stack.push(file);
        Reading { file, text, parse, next: 0, power: None, stanza: None, block: None }
    }

    /// Ends reading a file (all its lines read).
    pub(crate) fn close_file(&mut self, reading: Reading) -> FileId {
        self.stack.pop();
        reading.file
    }

    /// Reads up to `count` more lines of `reading` (a `USE` among them
    /// reads the whole used file). Returns whether lines are left.
    #[cfg_attr(judgepad_size, optimize(size))]
    pub(crate) fn read_lines(&mut self, reading: &mut Reading, count: usize) -> bool {
        let (file, text, parse) = (reading.file, reading.text.clone(), reading.parse.clone());
        let mut power = reading.power.take();
        let (mut stanza, mut block) = (reading.stanza, reading.block);
        let end = parse.lines.len().min(reading.next.saturating_add(count));
        for line in &parse.lines[reading.next..end] {
            match line.scope {
                Scope::Stanza => {
                    let at = FileSpan::new(file, line.span);
                    let lines = match stanza {
                        Some(idx) => &mut self.raw.stanzas[idx].lines,
                        None => &mut self.stanza("ALL").lines,
                    };
                    lines.push(Tok::new(line.span.text(&text), at));
                }
                Scope::Dynamic(header) => {
                    let block_idx = match block {
                        Some((current, block_idx)) if current == header => block_idx,
                        _ => {
                            let header_line = &parse.lines[header as usize];
                            let LineKind::Dynamic { keyword, key, .. } = header_line.kind else {
                                continue;
                            };
                            self.raw.dynamic.push(DynamicBlock {
                                keyword,
                                key: upper(key.text(&text)),
                                key_at: FileSpan::new(file, key),
                                line_at: FileSpan::new(file, header_line.span),
                                lines: Vec::new(),
                            });
                            let block_idx = self.raw.dynamic.len() - 1;
                            block = Some((header, block_idx));
                            block_idx
                        }
                    };
                    self.raw.dynamic[block_idx].lines.push((file, line.clone()));
                }
                Scope::Static => {
                    match line.kind {
                        LineKind::StanzaOpen { variant } => {
                            let name = if variant {
                                upper(line.words[0].text(&text))
                            } else {
                                "ALL".to_string()
                            };
                            if variant && !KNOWN_VARIANTS.contains(&name.as_str()) {
                                self.diags.push(
                                Diagnostic::new(
                                    codes::BAD_DIRECTIVES,
                                    FileSpan::new(file, line.words[0]),
                                    format!("unknown variant `{}` in a DIRECTIVES line", line.words[0].text(&text)),
                                )
                                .with_help("DPjudge knows STANDARD, PAYOLA, XTALBALL, DPPD and SOLITAIRE."),
                            );
                            }
                            self.raw.stanzas.push(Stanza { variant: name, lines: Vec::new() });
                            stanza = Some(self.raw.stanzas.len() - 1);
                        }
                        LineKind::StanzaEnd => stanza = None,
                        LineKind::StanzaBad | LineKind::StanzaLine => (),
                        LineKind::Dynamic { keyword, key, .. } => {
                            block = None;
                            self.dynamic_header(file, &text, line, keyword, key);
                        }
                        _ => self.line(file, &text, line, &mut power),
                    }
                }
            }
        }
        (reading.next, reading.power, reading.stanza, reading.block) = (end, power, stanza, block);
        end < parse.lines.len()
    }

    fn stanza(&mut self, variant: &str) -> &mut Stanza {
        match self.raw.stanzas.iter().position(|it| it.variant == variant) {
            Some(idx) => &mut self.raw.stanzas[idx],
            None => {
                self.raw.stanzas.push(Stanza { variant: variant.to_string(), lines: Vec::new() });
                self.raw.stanzas.last_mut().unwrap()
            }
        }
    }

    /// Checks an IN/FROM header. Its lines (a one-line body is a line of its
    /// own) are filed into a block by [`Loader::load_file`].
    fn dynamic_header(
        &mut self,
        file: FileId,
        text: &str,
        line: &Line,
        keyword: DynamicKeyword,
        key: Span,
    ) {
        let key_text = key.text(text);
        let at = FileSpan::new(file, key);
        let word = keyword.as_str();
        if key_text.is_empty() {
            self.diags.push(
                Diagnostic::new(
                    codes::BAD_DYNAMIC,
                    FileSpan::new(file, line.words[0]),
                    format!("{word} needs a phase: `{word} S1904M` or `{word} SPRING`"),
                )
                .with_help("DPjudge crashes on a bare FROM."),
            );
            return;
        }
        let looks_like_abbr = |key: &str| {
            let chars: Vec<char> = key.chars().collect();
            chars.len() >= 3
                && !key.contains(' ')
                && chars[chars.len() - 1].eq_ignore_ascii_case(&'m')
                && chars[1..chars.len() - 1].iter().all(|ch| ch.is_ascii_digit() || *ch == '-')
        };
        match keyword {
            DynamicKeyword::From => {
                if key_text.eq_ignore_ascii_case("START") {
                    return;
                }
                if !looks_like_abbr(key_text) {
                    self.diags.push(
                        Diagnostic::new(
                            codes::BAD_DYNAMIC,
                            at,
                            format!("FROM needs a movement phase abbreviation such as S1904M, not `{key_text}`"),
                        )
                        .with_help("FROM takes a complete movement-phase abbreviation; use IN for names like SPRING."),
                    );
                } else {
                    self.diags.push(
                        Diagnostic::new(
                            codes::DPJUDGE_FROM,
                            at,
                            format!("judgepad applies this block from {key_text} onward, as documented; DPjudge applies FROM blocks only in {key_text} itself"),
                        )
                        .with_help("DPjudge passes past phases in lower case, so its FROM test matches only the current phase."),
                    );
                }
            }
            DynamicKeyword::In => {
                // DPjudge upper-cases IN keys and then wants FROM's lower-case
                // `m` suffix, so every IN line fails its check.
                self.diags.push(
                    Diagnostic::new(
                        codes::DPJUDGE_IN,
                        at,
                        "DPjudge (since March 2017) reports BAD FROM DIRECTIVE for every IN line and refuses to start the game; judgepad applies it as documented",
                    )
                    .with_help("DPjudge checks IN keys with FROM's pattern after upper-casing them. Older DPjudge versions accept the line."),
                );
            }
        }
    }

    /// Applies one directive line (static, or a dynamic block's line).
    #[cfg_attr(judgepad_size, optimize(size))]
    pub(crate) fn line(
        &mut self,
        file: FileId,
        text: &str,
        line: &Line,
        power: &mut Option<String>,
    ) {
        let fs = |span: Span| FileSpan::new(file, span);
        let words = &line.words;
        let word = |idx: usize| words[idx].text(text);
        let args = &words[1..];
        let line_at = fs(line.span);
        match &line.kind {
            LineKind::TextOnly => self.raw.text_only = true,
            LineKind::Victory => {
                let mut counts = Vec::new();
                for &span in args {
                    match span.text(text).trim_start_matches('+').parse::<i64>() {
                        Ok(count) if count >= 0 => counts.push(count),
                        _ => self.diags.push(Diagnostic::new(
                            codes::BAD_VICTORY,
                            fs(span),
                            format!("VICTORY needs centre counts, not `{}`", span.text(text)),
                        )),
                    }
                }
                self.raw.victory = Some((counts, line_at));
            }
            LineKind::Use(kind) => {
                if *kind == UseKeyword::Map {
                    if words.len() != 2 {
                        self.diags.push(Diagnostic::new(
                            codes::BAD_ROOT_MAP,
                            line_at,
                            "MAP names exactly one map (DPjudge: BAD ROOT MAP LINE)",
                        ));
                    } else if self.raw.root_map.is_some() {
                        self.diags.push(Diagnostic::new(
                            codes::BAD_ROOT_MAP,
                            line_at,
                            "a second MAP line (DPjudge: TWO ROOT MAPS)",
                        ));
                    } else {
                        self.raw.root_map =
                            Some(word(1).split('.').next().unwrap_or("").to_string());
                    }
                }
                if args.is_empty() && *kind == UseKeyword::Use {
                    self.diags.push(Diagnostic::new(codes::ARITY, line_at, "USE needs file names"));
                }
                for &span in args {
                    self.use_file(span.text(text), fs(span));
                }
            }
            LineKind::Flags => {
                self.raw.flag_dirs = args.iter().map(|span| span.text(text).to_string()).collect();
            }
            LineKind::Flow => {
                if args.is_empty() {
                    self.raw.flow.clear();
                    self.raw.flow_reset = Some(line_at);
                } else {
                    self.raw
                        .flow
                        .extend(args.iter().map(|&span| Tok::new(span.text(text), fs(span))));
                }
            }
            LineKind::Notify => {
                self.raw.notify.extend(args.iter().map(|span| span.text(text).to_string()))
            }
            LineKind::Begin => {
                if args.is_empty() {
                    self.diags.push(Diagnostic::new(
                        codes::BAD_BEGIN,
                        line_at,
                        "BEGIN needs a phase: `BEGIN SPRING 1901 MOVEMENT`",
                    ));
                    return;
                }
                let phase_span = args[0].cover(*args.last().unwrap());
                let joined: Vec<&str> = args.iter().map(|span| span.text(text)).collect();
                self.raw.begin = Some(Tok::new(upper(&joined.join(" ")), fs(phase_span)));
            }
            LineKind::Rule => {
                self.stanza("ALL").lines.push(Tok::new(line.span.text(text), line_at));
                self.raw
                    .rules
                    .extend(args.iter().map(|&span| Tok::new(upper(span.text(text)), fs(span))));
            }
            LineKind::Rotate => {
                self.stanza("ALL").lines.push(Tok::new(line.span.text(text), line_at))
            }
            LineKind::NewHomes => {
                for &span in args {
                    if span.text(text).parse::<i64>().is_err() {
                        self.diags.push(Diagnostic::new(
                            codes::BAD_NEWHOMES,
                            fs(span),
                            format!("NEWHOMES needs years, not `{}`", span.text(text)),
                        ));
                    }
                }
                self.raw.home_years =
                    args.iter().map(|&span| Tok::new(span.text(text), fs(span))).collect();
            }
            LineKind::Names { eq } => self.names(file, text, line, *eq),
            LineKind::Flag => match power {
                None => self.before_power(line_at, "FLAG"),
                Some(power) => {
                    if words.len() != 2 || self.raw.flag.contains(power) {
                        self.diags.push(Diagnostic::new(
                            codes::BAD_FLAG,
                            line_at,
                            "FLAG names one power, once per power (DPjudge: INVALID FLAG)",
                        ));
                    } else {
                        self.raw.flag.insert(power, upper(word(1)));
                    }
                }
            },
            LineKind::Owns | LineKind::Centers => {
                let is_centers = line.kind == LineKind::Centers;
                let Some(power) = power.clone() else {
                    if is_centers {
                        self.diags.push(
                            Diagnostic::new(
                                codes::CENTERS_SYNONYM,
                                fs(words[0]),
                                "CENTERS before any power: judgepad reads it as UNOWNED, as the documentation's UNOWNED section says; DPjudge reports CENTERS BEFORE POWER",
                            )
                            .with_help("Write UNOWNED to list unowned centres."),
                        );
                        *power = None;
                        self.add_homes("UNOWNED", file, text, args, false);
                    } else {
                        self.before_power(line_at, "OWNS");
                    }
                    return;
                };
                if !self.raw.owns.contains(&power) {
                    self.raw.owns.push(power.clone());
                }
                let sites: Vec<Tok> =
                    args.iter().map(|&span| Tok::new(upper(span.text(text)), fs(span))).collect();
                match self.raw.centers.get_mut(&power) {
                    Some(centers) if !is_centers => {
                        for site in sites {
                            if !centers.iter().any(|it| it.text == site.text) {
                                centers.push(site);
                            }
                        }
                    }
                    _ => {
                        self.raw.centers.insert(&power, sites);
                    }
                }
            }
            LineKind::Inhabits => match power.clone() {
                None => self.before_power(line_at, "INHABITS"),
                Some(power) => {
                    let reinit = !self.raw.inhabits.contains(&power);
                    if reinit {
                        self.raw.inhabits.push(power.clone());
                    }
                    self.add_homes(&power, file, text, args, reinit);
                }
            },
            LineKind::Homes => match power.clone() {
                None => self.before_power(line_at, "HOMES"),
                Some(power) => {
                    if !self.raw.inhabits.contains(&power) {
                        self.raw.inhabits.push(power.clone());
                    }
                    self.add_homes(&power, file, text, args, true);
                }
            },
            LineKind::Units => match power {
                None => self.before_power(line_at, "UNITS"),
                Some(power) => {
                    self.raw.units.insert(power, Vec::new());
                }
            },
            LineKind::Reserves | LineKind::Militia => {
                let name = if line.kind == LineKind::Reserves { "RESERVES" } else { "MILITIA" };
                let Some(power) = power.clone() else {
                    self.before_power(line_at, name);
                    return;
                };
                let count = match args {
                    [] => Some(1),
                    [count] => count.text(text).parse::<u32>().ok(),
                    _ => None,
                };
                let Some(count) = count else {
                    self.diags.push(Diagnostic::new(
                        codes::BAD_RESERVES,
                        line_at,
                        format!("{name} takes one optional count, a whole number (DPjudge: INVALID {name} COUNT)"),
                    ));
                    return;
                };
                self.diags.push(
                    Diagnostic::new(
                        codes::RESERVES_SEMANTICS,
                        fs(words[0]),
                        if name == "RESERVES" {
                            format!("judgepad grants {count} reserve unit(s), as documented; DPjudge grants {}", 2 * count)
                        } else {
                            format!("judgepad grants up to {count} militia unit(s), as documented; DPjudge also adds {count} reserve unit(s)")
                        },
                    )
                    .with_help("DPjudge's loader adds the count to its reserves list for both RESERVES and MILITIA."),
                );
                let map =
                    if name == "RESERVES" { &mut self.raw.reserves } else { &mut self.raw.militia };
                map.insert(&power, Tok::new(count.to_string(), line_at));
            }
            LineKind::Control => match power.clone() {
                None => self.before_power(line_at, "CONTROL"),
                Some(power) => {
                    if !self.raw.dummies.contains(&power) {
                        self.diags.push(
                            Diagnostic::new(
                                codes::BAD_CONTROL,
                                line_at,
                                format!("CONTROL needs a dummy power, and {power} is not one"),
                            )
                            .with_help("Put a DUMMY line for the power before CONTROL."),
                        );
                    } else {
                        let controllers =
                            args.iter().map(|span| norm_power(span.text(text))).collect();
                        self.raw.controls.insert(&power, controllers);
                    }
                }
            },
            LineKind::League => match power.clone() {
                None => self.before_power(line_at, "LEAGUE"),
                Some(power) => {
                    if self.raw.leagues.contains(&power) {
                        self.diags.push(
                            Diagnostic::new(
                                codes::BAD_LEAGUE,
                                line_at,
                                format!("{power} is already in a league (DPjudge: POWER IN MULTIPLE LEAGUES)"),
                            )
                            .with_secondary(self.raw.leagues.get(&power).unwrap().at, "first league"),
                        );
                        return;
                    }
                    if args.is_empty() {
                        self.diags.push(Diagnostic::new(
                            codes::BAD_LEAGUE,
                            line_at,
                            "LEAGUE needs a league name",
                        ));
                        return;
                    }
                    if args.len() > 1 {
                        let act = upper(args[1].text(text));
                        if act == "STRICT" && args.len() > 2 {
                            self.diags.push(Diagnostic::new(
                                codes::BAD_LEAGUE,
                                fs(args[2]),
                                "nothing may follow STRICT (DPjudge: BAD STRICT LEAGUE)",
                            ));
                        } else if act != "STRICT" && act != "BENIGN" {
                            self.diags.push(Diagnostic::new(
                                codes::BAD_LEAGUE,
                                fs(args[1]),
                                format!(
                                    "league behaviour is STRICT or BENIGN, not `{}`",
                                    args[1].text(text)
                                ),
                            ));
                        }
                    }
                    let joined: Vec<String> =
                        args.iter().map(|span| upper(span.text(text))).collect();
                    self.raw.leagues.insert(&power, Tok::new(joined.join(" "), line_at));
                }
            },
            LineKind::Unit => {
                let unit = upper(
                    &line
                        .span
                        .text(text)
                        .split(syntax::is_space)
                        .filter(|w| !w.is_empty())
                        .collect::<Vec<_>>()
                        .join(" "),
                );
                let Some(power) = power.clone() else {
                    self.diags.push(Diagnostic::new(
                        codes::BEFORE_POWER,
                        line_at,
                        format!("unit `{unit}` before any power line (DPjudge: UNIT BEFORE POWER)"),
                    ));
                    return;
                };
                if words.len() != 2 {
                    self.diags.push(Diagnostic::new(
                        codes::BAD_UNIT,
                        line_at,
                        "a unit line is `A xxx` or `F xxx` (DPjudge: INVALID UNIT)",
                    ));
                    return;
                }
                let province = String::from(province_part(&unit[2..]));
                if self.unit_sites.contains(&province) {
                    for units in self.raw.units.values_mut() {
                        units.retain(|it| province_part(&it.text[2..]) != province);
                    }
                } else {
                    self.unit_sites.insert(province);
                }
                self.raw.units.get_or_insert_with(&power, Vec::new).push(Tok::new(unit, line_at));
            }
            LineKind::Dummy => self.dummy(file, text, line, power),
            LineKind::Team => self.team(file, text, line, power),
            LineKind::Drop => {
                for &span in args {
                    let place = upper(span.text(text));
                    self.drop_place(&place, fs(span), false);
                }
            }
            LineKind::Terrain(keyword) => self.terrain(file, text, line, *keyword),
            LineKind::Unplayed => self.unplayed(file, text, line, power),
            LineKind::Power => self.power_line(file, text, line, power),
            LineKind::StanzaOpen { .. }
            | LineKind::StanzaEnd
            | LineKind::StanzaBad
            | LineKind::StanzaLine
            | LineKind::Dynamic { .. } => (),
        }
    }

    fn before_power(&mut self, at: FileSpan, what: &str) {
        self.diags.push(
            Diagnostic::new(
                codes::BEFORE_POWER,
                at,
                format!("{what} before any power line (DPjudge: {what} BEFORE POWER)"),
            )
            .with_help("Put the power's declaration line (e.g. `FRANCE`) above it."),
        );
    }

    fn use_file(&mut self, written: &str, at: FileSpan) {
        let mut name = written.to_string();
        if !name.contains('.') {
            name.push_str(".map");
        }
        if let Some(idx) = self.raw.files.iter().position(|it| *it == name) {
            let in_stack = self.stack.iter().any(|&file| file.0 as usize == idx);
            if in_stack {
                self.diags.push(
                    Diagnostic::new(
                        codes::USE_CYCLE,
                        at,
                        format!("`{name}` USEs itself (through this line)"),
                    )
                    .with_help("Remove this USE: the file is already being read."),
                );
            } else {
                self.diags.push(
                    Diagnostic::new(
                        codes::FILE_USED_TWICE,
                        at,
                        format!("`{name}` is already loaded (DPjudge: FILE MULTIPLY USED)"),
                    )
                    .with_help("Each file can be USEd once; remove this line."),
                );
            }
            return;
        }
        if self.stack.len() >= MAX_USE_DEPTH {
            self.diags.push(Diagnostic::new(
                codes::USE_TOO_DEEP,
                at,
                format!("USE chain deeper than {MAX_USE_DEPTH} files"),
            ));
            return;
        }
        let Some(source) = self.sources.source(&name) else {
            self.diags.push(
                Diagnostic::new(
                    codes::FILE_NOT_FOUND,
                    at,
                    format!("map file `{name}` not found (DPjudge: MAP FILE NOT FOUND)"),
                )
                .with_help(
                    "USE names a file next to this one or a bundled map, e.g. `USE standard`.",
                ),
            );
            return;
        };
        self.load_file(name, Arc::from(source));
    }
}

/// Variant directories DPjudge ships (`DPjudge/variants/`).
const KNOWN_VARIANTS: &[&str] = &["STANDARD", "PAYOLA", "XTALBALL", "DPPD", "SOLITAIRE", "ALL"];
