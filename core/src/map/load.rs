//! The loader: DPjudge's `Map.load` as a state machine over parsed lines.
//!
//! [`Raw`] mirrors the dictionaries and lists DPjudge's loader mutates
//! (`locName`, `aliases`, `locs`, `locType`, `locAbut`, `homes`, …), string
//! keyed and insertion ordered, each fact carrying the span that stated it.
//! Mirroring the original state is what makes the odd corners (renames,
//! `DROP`, case flips, `AMEND`, `UNPLAYED`, re-selecting a power) behave as
//! DPjudge's do; the id-based [`crate::map::Map`] is built from it afterwards.
//!
//! Where DPjudge's code and its documentation disagree, this module follows
//! the documentation and says so in a warning (see `codes`). Dynamic
//! (`IN`/`FROM`) blocks are stored, not applied; [`crate::map::Map::at`]
//! re-runs them on a copy of the static state.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::diagnostics::{Diagnostic, Edit, codes};
use crate::map::names::{
    edit_distance, is_lower, is_upper, keyword, lower, norm, norm_power, province_part, upper,
};
use crate::name::Name;
use crate::omap::OMap;
use crate::syntax::{self, DynamicKeyword, Line, LineKind, Scope, TerrainKeyword, UseKeyword};
use crate::text::{FileId, FileSpan, Span};

/// Where `USE` finds files: supplied by the caller (core does no IO).
pub trait Sources {
    /// The text of `name` (as written after USE/MAP, with `.map` added when
    /// the name has no `.`), or `None` if there is no such file.
    fn source(&self, name: &str) -> Option<String>;
}

/// No files at all: every USE is reported missing.
pub struct NoSources;

impl Sources for NoSources {
    fn source(&self, _name: &str) -> Option<String> {
        None
    }
}

impl<F: Fn(&str) -> Option<String>> Sources for F {
    fn source(&self, name: &str) -> Option<String> {
        self(name)
    }
}

/// One loaded file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// Its name as USEd (the root's as given by the caller).
    pub name: String,
    /// Its text.
    pub text: Arc<str>,
}

/// A piece of text and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tok {
    /// The text (upper-cased where DPjudge upper-cases it).
    pub text: Name,
    /// Where.
    pub at: FileSpan,
}

impl Tok {
    fn new(text: impl Into<Name>, at: FileSpan) -> Tok {
        Tok { text: text.into(), at }
    }
}

/// Terrain of a location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Terrain {
    /// Fleets only.
    Water,
    /// Armies only.
    Land,
    /// Both.
    Coast,
    /// Both, and fleets there convoy.
    Port,
    /// Impassable.
    Shut,
}

impl Terrain {
    /// Lower-case name: `water`, `land`, `coast`, `port`, `shut`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Terrain::Water => "water",
            Terrain::Land => "land",
            Terrain::Coast => "coast",
            Terrain::Port => "port",
            Terrain::Shut => "shut",
        }
    }
}

/// A restriction mark on one abut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AbutRule {
    /// `EI:X`: only units of powers with these abbreviation letters may cross.
    /// Empty (`:X`) means nobody: a one-way adjacency.
    Powers(String),
    /// `X(CON,SMY)`: only a power owning every listed centre may cross.
    Centers(Vec<String>),
    /// `~`: strait (no strength, no support across).
    Strait,
    /// `*`: cape (half strength, no support across, weak retreats).
    Cape,
    /// Any other mark (an error).
    Other(char),
}

/// One entry of an ABUTS list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbutTok {
    /// The destination as written, restriction marks stripped (case kept).
    pub dest: Name,
    /// Its restrictions.
    pub rules: Vec<AbutRule>,
    /// The whole token.
    pub at: FileSpan,
}

/// A terrain definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainDef {
    /// The terrain.
    pub terrain: Terrain,
    /// The place word of the line that set it.
    pub at: FileSpan,
    /// The whole line that last defined or amended the place.
    pub line: FileSpan,
}

/// A full-name definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameDef {
    /// The abbreviation it names (upper case).
    pub abbr: Name,
    /// The name part of the line.
    pub at: FileSpan,
    /// The full name as written (case kept).
    pub written: String,
}

/// An alias definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AliasDef {
    /// What it stands for: a location abbreviation or a power name.
    pub value: Name,
    /// Where.
    pub at: FileSpan,
}

/// A dynamic (`IN`/`FROM`) block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynamicBlock {
    /// IN or FROM.
    pub keyword: DynamicKeyword,
    /// The key as written, upper-cased.
    pub key: String,
    /// Where the key is.
    pub key_at: FileSpan,
    /// The header line.
    pub line_at: FileSpan,
    /// Its directives.
    pub lines: Vec<(FileId, Line)>,
}

/// A `[VARIANT] DIRECTIVES` stanza or the RULE/ROTATE lines of "ALL".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stanza {
    /// `ALL` or the variant name, upper case.
    pub variant: String,
    /// Its lines, verbatim.
    pub lines: Vec<Tok>,
}

/// DPjudge's loader state (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[allow(missing_docs)]
pub struct Raw {
    pub files: Vec<String>,
    pub loc_name: OMap<NameDef>,
    pub aliases: OMap<AliasDef>,
    pub unclear: OMap<AliasDef>,
    pub locs: OMap<FileSpan>,
    pub loc_type: OMap<TerrainDef>,
    pub loc_abut: OMap<Vec<AbutTok>>,
    pub pow_name: OMap<Tok>,
    pub own_word: OMap<String>,
    pub abbrev: OMap<Tok>,
    pub homes: OMap<Vec<Tok>>,
    pub centers: OMap<Vec<Tok>>,
    pub units: OMap<Vec<Tok>>,
    pub owns: Vec<String>,
    pub inhabits: Vec<String>,
    pub dummies: Vec<String>,
    pub reserves: OMap<Tok>,
    pub militia: OMap<Tok>,
    pub factory: OMap<Vec<Tok>>,
    pub partisan: OMap<Vec<Tok>>,
    pub hidden: OMap<Vec<Tok>>,
    pub alternative: OMap<Vec<Vec<Tok>>>,
    pub controls: OMap<Vec<String>>,
    pub leagues: OMap<Tok>,
    pub flag: OMap<String>,
    pub stanzas: Vec<Stanza>,
    pub rules: Vec<Tok>,
    pub flow: Vec<Tok>,
    pub flow_reset: Option<FileSpan>,
    pub begin: Option<Tok>,
    pub victory: Option<(Vec<i64>, FileSpan)>,
    pub home_years: Vec<Tok>,
    pub dynamic: Vec<DynamicBlock>,
    pub text_only: bool,
    pub root_map: Option<String>,
    pub notify: Vec<String>,
    pub flag_dirs: Vec<String>,
    /// Power-line spans, for diagnostics about powers.
    pub power_at: OMap<FileSpan>,
}

impl Raw {
    /// `Map.areatype`: the terrain of `place` in either case.
    pub fn areatype(&self, place: &str) -> Option<Terrain> {
        self.terrain_def(place).map(|def| def.terrain)
    }

    /// The terrain definition of `place` (upper-case key first).
    pub fn terrain_def(&self, place: &str) -> Option<&TerrainDef> {
        let upper_def = if is_upper(place) {
            self.loc_type.get(place)
        } else {
            self.loc_type.get(&upper(place))
        };
        upper_def.or_else(|| {
            if is_lower(place) {
                self.loc_type.get(place)
            } else {
                self.loc_type.get(&lower(place))
            }
        })
    }

    /// `Map.abutList`.
    pub fn abut_list(&self, place: &str) -> &[AbutTok] {
        self.loc_abut
            .get(place)
            .or_else(|| self.loc_abut.get(&lower(place)))
            .map_or(&[][..], Vec::as_slice)
    }
}

/// USE chains deeper than this are refused (DPjudge's corpus needs 5).
pub const MAX_USE_DEPTH: usize = 64;

/// Runs DPjudge's loader.
pub(crate) struct Loader<'a> {
    sources: &'a dyn Sources,
    pub(crate) files: Vec<SourceFile>,
    pub(crate) raw: Raw,
    pub(crate) diags: Vec<Diagnostic>,
    stack: Vec<FileId>,
}

impl<'a> Loader<'a> {
    pub(crate) fn new(sources: &'a dyn Sources) -> Loader<'a> {
        Loader {
            sources,
            files: Vec::new(),
            raw: Raw::default(),
            diags: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// Loads a file's text (the root, or a USEd file).
    pub(crate) fn load_file(&mut self, name: String, text: Arc<str>) -> FileId {
        let file = FileId(self.files.len() as u32);
        self.files.push(SourceFile { name: name.clone(), text: text.clone() });
        self.raw.files.push(name);
        let parse = syntax::parse(file, &text);
        self.diags.extend(parse.diagnostics);
        self.stack.push(file);
        let mut power: Option<String> = None;
        let mut stanza: Option<usize> = None;
        let mut block: Option<(u32, usize)> = None;
        for line in &parse.lines {
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
        self.stack.pop();
        file
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
                        self.raw.flag.insert(power.clone(), upper(word(1)));
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
                        self.raw.centers.insert(power, sites);
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
                    self.raw.units.insert(power.clone(), Vec::new());
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
                map.insert(power, Tok::new(count.to_string(), line_at));
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
                        self.raw.controls.insert(power, controllers);
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
                    self.raw.leagues.insert(power, Tok::new(joined.join(" "), line_at));
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
                for units in self.raw.units.values_mut() {
                    units.retain(|it| province_part(&it.text[2..]) != province);
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

    fn names(&mut self, file: FileId, text: &str, line: &Line, eq: u32) {
        let fs = |span: Span| FileSpan::new(file, span);
        let left = syntax::trim_span(text, Span::new(line.span.start, eq));
        let rest_end = Span::new(eq + 1, line.span.end)
            .text(text)
            .find('=')
            .map_or(line.span.end, |at| eq + 1 + at as u32);
        if rest_end != line.span.end {
            self.diags.push(Diagnostic::new(
                codes::BAD_ALIASES,
                fs(Span::new(rest_end, rest_end + 1)),
                "a second `=`: DPjudge ignores everything from here",
            ));
        }
        let alias_words = syntax::split_words(text, Span::new(eq + 1, rest_end));
        let Some(&abbr_span) = alias_words.first() else {
            self.diags.push(
                Diagnostic::new(
                    codes::BAD_ALIASES,
                    fs(Span::new(eq, eq + 1)),
                    "a name line needs an abbreviation after `=`",
                )
                .with_help("Write `Full Name = abr alias…`."),
            );
            return;
        };
        let abbr: Name = upper(abbr_span.text(text)).into();
        // `old -> Name`.
        let left_text = left.text(text);
        let mut name_span = left;
        let mut old: Option<(String, FileSpan)> = None;
        let arrows: Vec<usize> = left_text.match_indices("->").map(|(at, _)| at).collect();
        if arrows.len() > 1 {
            self.diags.push(Diagnostic::new(
                codes::BAD_RENAME,
                fs(left),
                "more than one `->` (DPjudge: BAD RENAME DIRECTIVE)",
            ));
        } else if let Some(&arrow) = arrows.first() {
            let old_span =
                syntax::trim_span(text, Span::new(left.start, left.start + arrow as u32));
            name_span = syntax::trim_span(text, Span::new(left.start + arrow as u32 + 2, left.end));
            old = Some((upper(old_span.text(text)), fs(old_span)));
        }
        let name = upper(name_span.text(text));
        let name_at = fs(name_span);
        self.check_abbreviation(&abbr, fs(abbr_span));
        if let Some((old, old_at)) = old {
            self.rename(&old, &abbr, old_at);
        }
        let normed = if keyword(&name).is_some() {
            self.diags.push(Diagnostic::new(
                codes::RESERVED_NAME,
                name_at,
                format!("`{name}` is an order keyword and cannot name a location (DPjudge: MAP LOCATION IS RESERVED KEYWORD)"),
            ));
            name.clone()
        } else {
            norm(&name)
        };
        if name.is_empty() {
            self.diags.push(Diagnostic::new(
                codes::BAD_ALIASES,
                fs(Span::new(eq, eq + 1)),
                "a name line needs a name before `=`",
            ));
        }
        if let Some(first) = self.raw.loc_name.get(&name) {
            self.diags.push(
                Diagnostic::new(
                    codes::DUPLICATE_NAME,
                    name_at,
                    format!("location name `{}` is defined twice (DPjudge: DUPLICATE MAP LOCATION OR POWER)", name_span.text(text)),
                )
                .with_secondary(first.at, "first defined here"),
            );
        } else if let Some(first) = self.raw.aliases.get(&normed)
            && first.value != abbr
        {
            let what = if self.raw.pow_name.contains(&first.value) { "power" } else { "location" };
            let mut diag = Diagnostic::new(
                    codes::DUPLICATE_ALIAS,
                    name_at,
                    format!("`{}` already names the {what} {}; DPjudge reports DUPLICATE MAP LOCATION OR POWER", name_span.text(text), first.value),
                )
                .with_secondary(first.at, "first defined here");
            if what == "power" {
                // The 2017 duplicate checks (112c90d) made this an error; the
                // corpus relies on older DPjudge accepting it.
                diag.severity = crate::diagnostics::Severity::Warning;
                diag = diag.with_help("DPjudge before 2017 accepted a location named like a power; order text naming it may be read as the power.");
            }
            self.diags.push(diag);
        }
        self.raw.loc_name.insert(
            name.clone(),
            NameDef {
                abbr: abbr.clone(),
                at: name_at,
                written: String::from(name_span.text(text)),
            },
        );
        self.raw.aliases.insert(normed, AliasDef { value: abbr.clone(), at: name_at });
        for &span in &alias_words[1..] {
            let alias = span.text(text);
            let unclear = alias.ends_with('?');
            if unclear && alias.contains('+') {
                self.diags.push(Diagnostic::new(
                    codes::AMBIGUOUS_ALIAS,
                    fs(span),
                    "an ambiguous alias (`…?`) must be one word, without `+`",
                ));
            }
            let mut normed = if unclear {
                upper(&alias[..alias.len() - 1].replace('+', " "))
            } else {
                norm(alias)
            };
            if !unclear && let Some(meaning) = keyword(&upper(alias)) {
                self.diags.push(keyword_name_warning(fs(span), alias, &abbr, meaning));
                // `norm` drops a filler word: keep the alias findable as written.
                if normed.is_empty() {
                    normed = upper(alias);
                }
            }
            if unclear {
                self.raw.unclear.insert(normed, AliasDef { value: abbr.clone(), at: fs(span) });
            } else if let Some(first) = self.raw.aliases.get(&normed) {
                if first.value != abbr {
                    self.diags.push(
                        Diagnostic::new(
                            codes::DUPLICATE_ALIAS,
                            fs(span),
                            format!("alias `{alias}` already names {}; judgepad keeps that meaning, DPjudge refuses the map (DUPLICATE MAP ALIAS OR POWER)", first.value),
                        )
                        .with_secondary(first.at, "first defined here")
                        .with_help(format!("Remove it, or end it with `?` to mark it ambiguous between {} and {abbr}.", first.value))
                        .with_fix(
                            format!("remove the alias `{alias}`"),
                            alloc::vec![Edit { at: fs(Span::new(span.start - 1, span.end)), replacement: String::new() }],
                        ),
                    );
                }
            } else {
                self.raw.aliases.insert(normed, AliasDef { value: abbr.clone(), at: fs(span) });
            }
        }
    }

    fn check_abbreviation(&mut self, abbr: &str, at: FileSpan) {
        let first_ok = abbr.chars().next().is_some_and(char::is_alphanumeric);
        let last_ok = abbr.chars().last().is_some_and(char::is_alphanumeric);
        let normed = norm(abbr).replace(' ', "");
        if first_ok && last_ok && normed == abbr {
            let province = province_part(abbr);
            if province.chars().count() != 3 {
                self.diags.push(
                    Diagnostic::new(
                        codes::ABBREVIATION_LENGTH,
                        at,
                        format!("location abbreviation `{abbr}` is not three characters; DPjudge accepts it, but its order parser expects three"),
                    )
                    .with_help("The documentation asks for exactly three characters (plus /XX for a coast)."),
                );
            }
            return;
        }
        // Only keywords make `norm` drop or change the word?
        let keywordish = first_ok
            && last_ok
            && abbr.split('/').next().is_some_and(|province| keyword(province).is_some());
        if keywordish {
            self.diags.push(
                Diagnostic::new(
                    codes::KEYWORD_ABBREVIATION,
                    at,
                    format!("location abbreviation `{abbr}` is an order keyword; DPjudge (since 2017) reports INVALID LOCATION ABBREVIATION, and in orders older DPjudge {}; judgepad reads it as the place wherever an order expects one", dpjudge_reading(keyword(province_part(abbr)).unwrap_or(""))),
                )
                .with_help("Orders that also make sense with the word as an order word get an ambiguous-order warning; a three-letter abbreviation that is not an order word avoids both."),
            );
            return;
        }
        self.diags.push(
            Diagnostic::new(
                codes::BAD_ABBREVIATION,
                at,
                format!("invalid location abbreviation `{abbr}` (DPjudge: INVALID LOCATION ABBREVIATION)"),
            )
            .with_help("An abbreviation starts and ends with a letter or digit and has no punctuation except /XX for a coast."),
        );
    }

    /// `Map.rename`: renames location `old` to `new` everywhere.
    fn rename(&mut self, old: &str, new: &str, at: FileSpan) {
        if !self.raw.loc_name.values().any(|it| it.abbr == old) {
            self.diags.push(
                Diagnostic::new(
                    codes::BAD_RENAME,
                    at,
                    format!("no location `{old}` to rename (DPjudge: INVALID RENAME LOCATION)"),
                )
                .with_help("The left side of `->` is an existing abbreviation."),
            );
            return;
        }
        self.raw.loc_name.retain(|_, def| def.abbr != old);
        self.raw.aliases.retain(|_, def| def.value != old);
        if old == new {
            return;
        }
        let has_rules = self.raw.loc_abut.iter().any(|(place, abuts)| {
            abuts.iter().any(|tok| {
                !tok.rules.is_empty()
                    && (upper(place) == old || upper(province_part(&tok.dest)) == old)
            })
        });
        if has_rules {
            self.diags.push(Diagnostic::new(
                codes::RENAME_WITH_RULES,
                at,
                format!("DPjudge crashes renaming `{old}`, which has abut restrictions; judgepad renames them too"),
            ));
        }
        let sites: Vec<String> =
            self.raw.locs.keys().filter(|site| upper(site) == old).map(String::from).collect();
        for site in sites {
            let at = self.raw.locs.remove(&site).unwrap();
            let renamed = if site == old { new.to_string() } else { lower(new) };
            self.raw.locs.insert(renamed, at);
        }
        let rename_in = |list: &mut Vec<Tok>| {
            if let Some(idx) = list.iter().position(|it| it.text == old) {
                let mut tok = list.remove(idx);
                tok.text = Name::from(new);
                list.push(tok);
            }
        };
        for map in [
            &mut self.raw.homes,
            &mut self.raw.centers,
            &mut self.raw.factory,
            &mut self.raw.partisan,
            &mut self.raw.hidden,
        ] {
            for list in map.values_mut() {
                rename_in(list);
            }
        }
        for alternatives in self.raw.alternative.values_mut() {
            for sites in alternatives.iter_mut() {
                for site in sites.iter_mut() {
                    if site.text == old {
                        site.text = Name::from(new);
                    }
                }
            }
        }
        for units in self.raw.units.values_mut() {
            let mut moved = Vec::new();
            units.retain(|unit| {
                if unit.text.ends_with(old) && unit.text.len() == old.len() + 2 {
                    moved.push(Tok::new(format!("{}{new}", &unit.text[..2]), unit.at));
                    false
                } else {
                    true
                }
            });
            units.extend(moved);
        }
        let key = if self.raw.loc_type.contains(old) { old.to_string() } else { lower(old) };
        let new_key = if self.raw.loc_type.contains(old) { new.to_string() } else { lower(new) };
        if let Some(def) = self.raw.loc_type.remove(&key) {
            self.raw.loc_type.insert(new_key.clone(), def);
        }
        let key = if self.raw.loc_abut.contains(old) { old.to_string() } else { lower(old) };
        let new_key = if self.raw.loc_abut.contains(old) { new.to_string() } else { lower(new) };
        if let Some(abuts) = self.raw.loc_abut.remove(&key) {
            self.raw.loc_abut.insert(new_key, abuts);
        }
        let variants = [
            (old.to_string(), new.to_string()),
            (lower(old), lower(new)),
            (title(old), title(new)),
        ];
        for abuts in self.raw.loc_abut.values_mut() {
            for (from, to) in &variants {
                if let Some(idx) = abuts.iter().position(|tok| tok.dest == *from) {
                    let mut tok = abuts.remove(idx);
                    tok.dest = Name::from(to);
                    abuts.push(tok);
                }
            }
        }
    }

    fn terrain(&mut self, file: FileId, text: &str, line: &Line, keyword: TerrainKeyword) {
        let fs = |span: Span| FileSpan::new(file, span);
        let words = &line.words;
        let place = words[1].text(text).to_string();
        let place_at = fs(words[1]);
        let line_at = fs(line.span);
        let other = swapcase(&place);
        let is_upper = place == upper(&place) && place != lower(&place);
        if place != upper(&place) && place != lower(&place) {
            self.diags.push(
                Diagnostic::new(
                    codes::TERRAIN_CASE,
                    place_at,
                    format!("`{place}` is neither upper nor lower case; DPjudge then cannot find its terrain"),
                )
                .with_help("Write the place in upper case, or in lower case when fleets cannot stand in the province itself (multi-coast)."),
            );
        }
        if other != place && self.raw.locs.contains(&other) {
            self.raw.locs.remove(&other);
            let old_type = self.raw.loc_type.remove(&other);
            let old_abut = self.raw.loc_abut.remove(&other);
            if keyword == TerrainKeyword::Amend {
                if let Some(def) = old_type {
                    self.raw.loc_type.insert(place.clone(), def);
                }
                if let Some(abuts) = old_abut {
                    self.raw.loc_abut.insert(place.clone(), abuts);
                }
            }
            if is_upper {
                // The province takes fleets itself now: its coasts go, and
                // abuts that named a coast name the province.
                let prefix = format!("{place}/");
                let coasts: Vec<String> = self
                    .raw
                    .locs
                    .keys()
                    .filter(|it| it.starts_with(&prefix))
                    .map(String::from)
                    .collect();
                for coast in coasts {
                    self.drop_place(&coast, place_at, true);
                }
            }
        }
        self.raw.locs.remove(&place);
        self.raw.locs.insert(place.clone(), place_at);
        if keyword != TerrainKeyword::Amend {
            let terrain = match keyword {
                TerrainKeyword::Water => Terrain::Water,
                TerrainKeyword::Land => Terrain::Land,
                TerrainKeyword::Coast => Terrain::Coast,
                TerrainKeyword::Port => Terrain::Port,
                TerrainKeyword::Shut | TerrainKeyword::Amend => Terrain::Shut,
            };
            self.raw
                .loc_type
                .insert(place.clone(), TerrainDef { terrain, at: place_at, line: line_at });
            if words.len() > 2 {
                self.raw.loc_abut.insert(place.clone(), Vec::new());
            }
        } else if let Some(def) = self.raw.loc_type.get_mut(&place) {
            def.line = line_at;
        } else {
            self.raw.locs.remove(&place);
            self.diags.push(
                Diagnostic::new(codes::AMEND_UNKNOWN, place_at, format!("nothing to AMEND: `{place}` has no terrain yet (DPjudge: NO DATA TO \"AMEND\")"))
                    .with_help("Define the place with WATER, LAND, COAST, PORT or SHUT first, or check its case."),
            );
            return;
        }
        if words.len() > 2 && !words[2].text(text).eq_ignore_ascii_case("ABUTS") {
            self.diags.push(Diagnostic::new(
                codes::NO_ABUTS,
                fs(words[2]),
                format!(
                    "expected ABUTS after `{place}`, found `{}` (DPjudge: NO \"ABUTS\")",
                    words[2].text(text)
                ),
            ));
        }
        if words.len() <= 3 {
            return;
        }
        self.raw.loc_abut.get_or_insert_with(&place, Vec::new);
        // Parsed abuts are appended in batches (one map lookup), flushed
        // before each `-X` removal so the list changes in line order.
        let mut pending: Vec<AbutTok> = Vec::new();
        for &span in &words[3..] {
            let tok_text = span.text(text);
            let at = fs(span);
            if let Some(removed) = tok_text.strip_prefix('-') {
                self.flush_abuts(&place, &mut pending);
                self.remove_abut(&place, removed, at);
                continue;
            }
            let Some(tok) = parse_abut(tok_text, at) else {
                self.diags.push(
                    Diagnostic::new(codes::BAD_SPECIAL_ABUT, at, format!("`{tok_text}` names no place (DPjudge: BAD SPECIAL ABUT FOR {})", upper(&place)))
                        .with_help("An abut is a place abbreviation, optionally with restriction marks such as `~X`, `*X`, `EI:X` or `X(CON)`. DPjudge stops reading the line here."),
                );
                continue;
            };
            pending.push(tok);
        }
        self.flush_abuts(&place, &mut pending);
    }

    fn flush_abuts(&mut self, place: &str, pending: &mut Vec<AbutTok>) {
        if !pending.is_empty() {
            self.raw.loc_abut.get_or_insert_with(place, Vec::new).append(pending);
        }
    }

    /// `-X` in an ABUTS list: removes X from this place's list, as documented.
    fn remove_abut(&mut self, place: &str, removed: &str, at: FileSpan) {
        let removed_upper = upper(removed);
        let Some(abuts) = self.raw.loc_abut.get_mut(place) else { return };
        let before = abuts.len();
        let exact = |dest: &str| {
            let dest = upper(dest);
            dest == removed_upper
                || (!removed_upper.contains('/') && province_part(&dest) == removed_upper)
        };
        let prefix_only = abuts
            .iter()
            .any(|tok| upper(&tok.dest).starts_with(&removed_upper) && !exact(&tok.dest));
        abuts.retain(|tok| !exact(&tok.dest));
        let gone = before - abuts.len();
        // DPjudge also deletes every restriction, anywhere on the map, whose
        // pair mentions X[:3]; say so when that would matter.
        let key: String = removed_upper.chars().take(3).collect();
        let place_upper = upper(place);
        let elsewhere = self.raw.loc_abut.iter().any(|(other, abuts)| {
            abuts.iter().any(|tok| {
                !tok.rules.is_empty()
                    && (upper(other) != place_upper || !exact(&tok.dest))
                    && (upper(other).contains(&key) || upper(&tok.dest).contains(&key))
            })
        });
        let prefixed: Vec<Name> = self
            .raw
            .loc_abut
            .get(place)
            .map(|abuts| {
                abuts
                    .iter()
                    .filter(|tok| upper(&tok.dest).starts_with(&removed_upper))
                    .map(|tok| tok.dest.clone())
                    .collect()
            })
            .unwrap_or_default();
        if gone == 0 && prefixed.is_empty() {
            self.diags.push(Diagnostic::new(
                codes::ABUT_REMOVAL,
                at,
                format!("`{removed}` is not in {place_upper}'s ABUTS list, so there is nothing to remove"),
            ));
        } else if gone == 0 {
            self.diags.push(Diagnostic::new(
                codes::ABUT_REMOVAL,
                at,
                format!("`{removed}` names no abut of {place_upper} exactly, so judgepad removes nothing; DPjudge removes every abut starting with `{removed_upper}`: {}", prefixed.join(" ")),
            ));
        } else if prefix_only || elsewhere {
            self.diags.push(Diagnostic::new(
                codes::ABUT_REMOVAL,
                at,
                format!("judgepad removes only `{removed}` from {place_upper}'s list, as documented; DPjudge also removes every abut starting with `{removed_upper}` and every restriction mentioning {key} anywhere on the map"),
            ));
        }
    }

    /// `Map.drop`. `de_coast`: a coast is merged into its province (abuts that
    /// named it name the province).
    fn drop_place(&mut self, place: &str, at: FileSpan, de_coast: bool) {
        let starts = |key: &str| upper(key).starts_with(place);
        let mut found = false;
        let locs: Vec<String> =
            self.raw.locs.keys().filter(|key| starts(key)).map(String::from).collect();
        for key in &locs {
            self.raw.locs.remove(key);
            found = true;
        }
        let before = self.raw.loc_name.len() + self.raw.aliases.len();
        self.raw.loc_name.retain(|_, def| !def.abbr.starts_with(place));
        self.raw.aliases.retain(|_, def| !def.value.starts_with(place));
        found |= before != self.raw.loc_name.len() + self.raw.aliases.len();
        for homes in self.raw.homes.values_mut() {
            if let Some(idx) = homes.iter().position(|it| it.text == place) {
                homes.remove(idx);
            }
        }
        let province = String::from(province_part(place));
        for units in self.raw.units.values_mut() {
            if de_coast {
                units.retain(|unit| unit.text.get(2..) != Some(place));
            } else {
                units.retain(|unit| province_part(unit.text.get(2..).unwrap_or("")) != province);
            }
        }
        for abuts in self.raw.loc_abut.values_mut() {
            let before = abuts.len();
            abuts.retain(|tok| !starts(&tok.dest));
            if de_coast
                && before != abuts.len()
                && !abuts.iter().any(|tok| upper(&tok.dest) == province)
            {
                abuts.push(AbutTok { dest: Name::from(&province), rules: Vec::new(), at });
            }
        }
        let lower_place = lower(place);
        self.raw
            .loc_type
            .retain(|key, _| !(key.starts_with(place) || key.starts_with(&lower_place)));
        self.raw
            .loc_abut
            .retain(|key, _| !(key.starts_with(place) || key.starts_with(&lower_place)));
        if de_coast {
            return;
        }
        if !found {
            self.diags.push(Diagnostic::new(
                codes::DROP_UNKNOWN,
                at,
                format!("nothing to DROP: no place `{place}`"),
            ));
            return;
        }
        // The documentation: "all record of the space will be forgotten".
        // DPjudge keeps it in ownership, factory, partisan and alternative lists.
        let mut leftovers = false;
        for map in [&mut self.raw.centers, &mut self.raw.factory, &mut self.raw.partisan] {
            for list in map.values_mut() {
                let before = list.len();
                list.retain(|it| it.text != place);
                leftovers |= before != list.len();
            }
        }
        for alternatives in self.raw.alternative.values_mut() {
            let before = alternatives.len();
            alternatives.retain(|sites| sites[0].text != place);
            leftovers |= before != alternatives.len();
            for sites in alternatives.iter_mut() {
                sites.retain(|it| it.text != place);
            }
        }
        if leftovers {
            self.diags.push(Diagnostic::new(
                codes::DROP_LEFTOVER,
                at,
                format!("judgepad forgets {place} everywhere, as documented; DPjudge keeps it in OWNS, factory, partisan or alternative-home lists"),
            ));
        }
    }

    fn add_homes(&mut self, power: &str, file: FileId, text: &str, args: &[Span], reinit: bool) {
        if reinit {
            self.raw.homes.insert(power.to_string(), Vec::new());
            self.raw.partisan.remove(power);
            self.raw.factory.remove(power);
            self.raw.hidden.remove(power);
            self.raw.alternative.remove(power);
        } else {
            self.raw.homes.get_or_insert_with(power, Vec::new);
        }
        for &span in args {
            let at = FileSpan::new(file, span);
            let mut home = upper(span.text(text));
            let (mut remove, mut partisan, mut factory, mut hidden, mut alternative) =
                (false, false, false, false, false);
            loop {
                match home.chars().next() {
                    Some('-') => remove = true,
                    Some('*') => partisan = true,
                    Some('+') => factory = true,
                    Some('~') => hidden = true,
                    Some('@') => alternative = true,
                    _ => break,
                }
                home.remove(0);
            }
            if home.is_empty() {
                continue;
            }
            let mut limits: Vec<Tok> = Vec::new();
            if let (Some(open), true) = (home.find('('), home.ends_with(')')) {
                limits =
                    home[open + 1..home.len() - 1].split(',').map(|it| Tok::new(it, at)).collect();
                home.truncate(open);
            }
            if home.is_empty() {
                continue;
            }
            if let Some(alternatives) = self.raw.alternative.get_mut(power) {
                alternatives.retain(|sites| sites[0].text != home);
            }
            if let Some(hidden) = self.raw.hidden.get_mut(power) {
                hidden.retain(|it| it.text != home);
            }
            let in_factory = self
                .raw
                .factory
                .get(power)
                .is_some_and(|it| it.iter().any(|site| site.text == home));
            let in_partisan = self
                .raw
                .partisan
                .get(power)
                .is_some_and(|it| it.iter().any(|site| site.text == home));
            if in_factory {
                let list = self.raw.factory.get_mut(power).unwrap();
                let idx = list.iter().position(|site| site.text == home).unwrap();
                list.remove(idx);
            } else if in_partisan {
                let list = self.raw.partisan.get_mut(power).unwrap();
                let idx = list.iter().position(|site| site.text == home).unwrap();
                list.remove(idx);
            } else {
                let homes = self.raw.homes.get_mut(power).unwrap();
                if let Some(idx) = homes.iter().position(|site| site.text == home) {
                    let tok = homes.remove(idx);
                    if power != "UNOWNED"
                        && let Some(unowned) = self.raw.homes.get_mut("UNOWNED")
                    {
                        unowned.push(tok);
                    }
                }
            }
            if remove {
                continue;
            }
            let tok = Tok::new(home, at);
            if alternative {
                let mut sites = alloc::vec![tok.clone()];
                sites.extend(limits);
                self.raw.alternative.get_or_insert_with(power, Vec::new).push(sites);
            }
            if hidden {
                self.raw.hidden.get_or_insert_with(power, Vec::new).push(tok.clone());
            }
            if partisan {
                self.raw.partisan.get_or_insert_with(power, Vec::new).push(tok);
            } else if factory {
                self.raw.factory.get_or_insert_with(power, Vec::new).push(tok);
            } else {
                self.raw.homes.get_mut(power).unwrap().push(tok);
            }
        }
    }

    fn dummy(&mut self, file: FileId, text: &str, line: &Line, power: &mut Option<String>) {
        let words = &line.words;
        let line_at = FileSpan::new(file, line.span);
        let keyword = upper(words[0].text(text));
        if words.len() > 1 {
            *power = None;
        }
        if words.len() == 1 {
            if keyword == "DUMMIES" {
                self.diags.push(Diagnostic::new(
                    codes::BAD_DUMMY,
                    line_at,
                    "DUMMIES needs powers, or ALL (DPjudge: DUMMIES REQUIRES LIST OF POWERS)",
                ));
            } else if let Some(power) = power.clone() {
                if !self.raw.dummies.contains(&power) {
                    self.raw.dummies.push(power);
                }
            } else {
                self.before_power(line_at, "DUMMY");
            }
            return;
        }
        let powers: Vec<String> =
            self.raw.homes.keys().filter(|it| *it != "UNOWNED").map(String::from).collect();
        if !words[1].text(text).eq_ignore_ascii_case("ALL") {
            for &span in &words[1..] {
                let name = norm_power(span.text(text));
                if !powers.contains(&name) {
                    self.diags.push(Diagnostic::new(
                        codes::NO_SUCH_POWER,
                        FileSpan::new(file, span),
                        format!("no power `{}` to make a dummy", span.text(text)),
                    ));
                }
                if !self.raw.dummies.contains(&name) {
                    self.raw.dummies.push(name);
                }
            }
        } else if words.len() == 2 {
            self.raw.dummies = powers;
        } else if !words[2].text(text).eq_ignore_ascii_case("EXCEPT") {
            self.diags.push(Diagnostic::new(
                codes::BAD_DUMMY,
                FileSpan::new(file, words[2]),
                format!(
                    "expected EXCEPT after {keyword} ALL (DPjudge: NO EXCEPT AFTER {keyword} ALL)"
                ),
            ));
        } else if words.len() == 3 {
            self.diags.push(Diagnostic::new(codes::BAD_DUMMY, line_at, format!("{keyword} ALL EXCEPT needs powers (DPjudge: NO POWER AFTER {keyword} ALL EXCEPT)")));
        } else {
            let except: Vec<String> =
                words[3..].iter().map(|span| norm_power(span.text(text))).collect();
            self.raw.dummies = powers.into_iter().filter(|it| !except.contains(it)).collect();
        }
    }

    fn team(&mut self, file: FileId, text: &str, line: &Line, power: &mut Option<String>) {
        let words = &line.words;
        let line_at = FileSpan::new(file, line.span);
        if words.len() == 1 {
            self.diags.push(Diagnostic::new(
                codes::BAD_TEAM,
                line_at,
                "TEAM needs teams such as `ENGLAND-FRANCE`",
            ));
            return;
        }
        *power = None;
        let mut teams: Vec<(String, Span)> =
            alloc::vec![(words[1].text(text).to_string(), words[1])];
        for &span in &words[2..] {
            let team = span.text(text);
            let last = teams.last_mut().unwrap();
            if team.starts_with('-') || last.0.ends_with('-') {
                last.0.push_str(team);
                last.1 = last.1.cover(span);
            } else {
                teams.push((team.to_string(), span));
            }
        }
        for (team, span) in teams {
            let members: Vec<String> = team.split('-').map(norm_power).collect();
            if members.iter().any(String::is_empty) {
                self.diags.push(Diagnostic::new(
                    codes::BAD_TEAM,
                    FileSpan::new(file, span),
                    "too many hyphens in a team (DPjudge: TOO MANY HYPHENS IN TEAM LINE)",
                ));
                continue;
            }
            if members.len() < 2 {
                continue;
            }
            let leader = members[0].clone();
            if let Some(bad) = members[1..].iter().find(|member| !self.raw.homes.contains(member)) {
                self.diags.push(Diagnostic::new(codes::BAD_TEAM, FileSpan::new(file, span), format!("{bad} is not a power of this map (DPjudge: CONTROLLED POWER {bad} IS NOT A MAP POWER)")));
                continue;
            }
            for member in &members[1..] {
                if !self.raw.dummies.contains(member) {
                    self.raw.dummies.push(member.clone());
                }
                self.raw.controls.insert(member.clone(), alloc::vec![leader.clone()]);
            }
        }
    }

    fn unplayed(&mut self, file: FileId, text: &str, line: &Line, power: &mut Option<String>) {
        let words = &line.words;
        let line_at = FileSpan::new(file, line.span);
        let powers: Vec<String> =
            self.raw.homes.keys().filter(|it| *it != "UNOWNED").map(String::from).collect();
        let mut goners: Vec<(String, FileSpan)> = Vec::new();
        if words.len() == 1 {
            match power.clone() {
                None => self.diags.push(Diagnostic::new(codes::BAD_UNPLAYED, line_at, "UNPLAYED without powers needs a current power (DPjudge: UNPLAYED BEFORE POWER)")),
                Some(power) => goners.push((power, line_at)),
            }
        } else if !words[1].text(text).eq_ignore_ascii_case("ALL") {
            goners = words[1..]
                .iter()
                .map(|&span| (norm_power(span.text(text)), FileSpan::new(file, span)))
                .collect();
        } else if words.len() == 2 {
            goners = powers.into_iter().map(|it| (it, line_at)).collect();
        } else if !words[2].text(text).eq_ignore_ascii_case("EXCEPT") {
            self.diags.push(Diagnostic::new(
                codes::BAD_UNPLAYED,
                FileSpan::new(file, words[2]),
                "expected EXCEPT after UNPLAYED ALL (DPjudge: NO EXCEPT AFTER UNPLAYED ALL)",
            ));
        } else if words.len() == 3 {
            self.diags.push(Diagnostic::new(
                codes::BAD_UNPLAYED,
                line_at,
                "UNPLAYED ALL EXCEPT needs powers (DPjudge: NO POWER AFTER UNPLAYED ALL EXCEPT)",
            ));
        } else {
            let except: Vec<String> =
                words[3..].iter().map(|span| norm_power(span.text(text))).collect();
            goners = powers
                .into_iter()
                .filter(|it| !except.contains(it))
                .map(|it| (it, line_at))
                .collect();
        }
        *power = None;
        for (goner, at) in goners {
            if self.raw.pow_name.remove(&goner).is_none() {
                self.diags.push(Diagnostic::new(
                    codes::NO_SUCH_POWER,
                    at,
                    format!("no power `{goner}` to remove (DPjudge: NO SUCH POWER TO REMOVE)"),
                ));
                continue;
            }
            self.raw.own_word.remove(&goner);
            self.raw.homes.remove(&goner);
            self.raw.dummies.retain(|it| *it != goner);
            self.raw.inhabits.retain(|it| *it != goner);
            self.raw.centers.remove(&goner);
            self.raw.owns.retain(|it| *it != goner);
            self.raw.abbrev.remove(&goner);
            self.raw.factory.remove(&goner);
            self.raw.partisan.remove(&goner);
            self.raw.hidden.remove(&goner);
            self.raw.alternative.remove(&goner);
            self.raw.units.remove(&goner);
            self.raw.reserves.remove(&goner);
            self.raw.militia.remove(&goner);
            self.raw.power_at.remove(&goner);
        }
    }

    fn power_line(&mut self, file: FileId, text: &str, line: &Line, current: &mut Option<String>) {
        let fs = |span: Span| FileSpan::new(file, span);
        let mut words: Vec<Span> = line.words.clone();
        let unowned = |word: &str| matches!(word, "UNOWNED" | "NEUTRAL" | "CENTERS");
        let mut upword = upper(words[0].text(text));
        let mut power = if unowned(&upword) { None } else { Some(power_key(&upword)) };
        let mut renamed = false;
        if words.len() > 2 && words[1].text(text) == "->" {
            renamed = true;
            let old = power.clone();
            let old_at = fs(words[0]);
            words.drain(..2);
            upword = upper(words[0].text(text));
            power = if unowned(&upword) { None } else { Some(power_key(&upword)) };
            match (&old, &power) {
                (Some(old), Some(new)) => {
                    if !self.raw.pow_name.contains(old) {
                        self.diags.push(Diagnostic::new(
                            codes::BAD_RENAME,
                            old_at,
                            format!(
                                "no power `{old}` to rename (DPjudge: RENAMING UNDEFINED POWER)"
                            ),
                        ));
                    } else {
                        self.diags.push(
                            Diagnostic::new(codes::POWER_RENAME, old_at, format!("power rename {old} -> {new}: judgepad renames it as documented; DPjudge (since 2017) crashes here"))
                                .with_help("DPjudge's renamePower changes its alias table while iterating over it."),
                        );
                        self.rename_power(old, new);
                    }
                }
                _ => self.diags.push(Diagnostic::new(
                    codes::BAD_RENAME,
                    fs(line.span),
                    "UNOWNED cannot be renamed (DPjudge: RENAMING UNOWNED DIRECTIVE NOT ALLOWED)",
                )),
            }
        }
        *current = power.clone();
        let name_at = fs(words[0]);
        if let Some(power) = &power
            && !self.raw.pow_name.contains(power)
        {
            let has_own_word = words.get(1).is_some_and(|span| span.text(text).starts_with('('));
            let close = KNOWN_KEYWORDS
                .iter()
                .find(|keyword| upword.len() >= 3 && edit_distance(keyword, &upword) <= 2);
            if let (false, false, Some(keyword)) = (has_own_word, renamed, close) {
                self.diags.push(
                        Diagnostic::new(
                            codes::UNKNOWN_DIRECTIVE,
                            name_at,
                            format!("`{}` is not a directive, so this line declares a new power {power}", words[0].text(text)),
                        )
                        .with_help(format!("Did you mean `{keyword}`? To declare a power on purpose, give its ownership word: `{upword} (ADJECTIVE)`.")),
                    );
            }
            self.raw.pow_name.insert(power.clone(), Tok::new(upword.clone(), name_at));
            self.raw.power_at.insert(power.clone(), fs(line.span));
            let mut normed = norm(power);
            if normed.is_empty() {
                self.diags.push(Diagnostic::new(codes::DUPLICATE_NAME, name_at, format!("power name `{power}` is an order keyword (DPjudge: POWER NAME IS EMPTY KEYWORD)")));
                normed = power.clone();
            }
            match self.raw.aliases.get(&normed) {
                None => {
                    let letters = province_part(&normed).chars().count();
                    if letters == 1 || letters == 3 {
                        self.diags.push(
                                Diagnostic::new(
                                    codes::POWER_NAME_LENGTH,
                                    name_at,
                                    format!("power name {normed} has {letters} letter(s) and can be read as a location or order; DPjudge (since 2017) reports POWER NAME CAN BE CONFUSED WITH LOCATION ALIAS OR ORDER TYPE"),
                                )
                                .with_help("Older DPjudge accepts it; orders that start with the power name may be misread."),
                            );
                    }
                    self.raw
                        .aliases
                        .insert(normed, AliasDef { value: Name::from(power), at: name_at });
                }
                Some(first) if first.value != *power => {
                    let first_at = first.at;
                    let value = first.value.clone();
                    self.diags.push(
                            Diagnostic::new(
                                codes::DUPLICATE_ALIAS,
                                name_at,
                                format!("power name {normed} already names {value}; DPjudge (since 2017) reports DUPLICATE POWER OR LOCATION"),
                            )
                            .with_secondary(first_at, "first defined here")
                            .with_help("Older DPjudge accepts it; order text naming it is read as the first meaning."),
                        );
                    if let Some(last) = self.diags.last_mut() {
                        last.severity = crate::diagnostics::Severity::Warning;
                    }
                }
                Some(_) => (),
            }
        }
        let key = power.clone().unwrap_or_else(|| "UNOWNED".to_string());
        let mut homes_from = 1;
        if let (Some(power), Some(&own_span)) = (&power, words.get(1)) {
            let own_text = own_span.text(text);
            if let Some(inner) = own_text.strip_prefix('(') {
                homes_from = 2;
                let inner = match inner.strip_suffix(')') {
                    Some(inner) => inner,
                    None => {
                        self.diags.push(
                            Diagnostic::new(codes::BAD_POWER_ABBREV, fs(own_span), "the ownership word is one word in parentheses: `(FRENCH)` or `(FRENCH:F)`")
                                .with_help("Join words with `+`: `(HOLY+ROMAN)`."),
                        );
                        inner
                    }
                };
                let (own, abbrev) = match inner.split_once(':') {
                    Some((own, abbrev)) => (own, Some(abbrev)),
                    None => (inner, None),
                };
                let own_word = if own.is_empty() { power.clone() } else { own.to_string() };
                let normed = norm(&own_word);
                if normed != *power {
                    match self.raw.aliases.get(&normed) {
                        None => {
                            self.raw.aliases.insert(
                                normed,
                                AliasDef { value: Name::from(power), at: fs(own_span) },
                            );
                        }
                        Some(first) if first.value != *power => {
                            let mut diag = Diagnostic::new(
                                codes::DUPLICATE_ALIAS,
                                fs(own_span),
                                format!("ownership word {normed} already names {}; DPjudge (since 2017) reports DUPLICATE POWER OR LOCATION", first.value),
                            )
                            .with_secondary(first.at, "first defined here");
                            diag.severity = crate::diagnostics::Severity::Warning;
                            self.diags.push(diag);
                        }
                        Some(_) => (),
                    }
                }
                self.raw.own_word.insert(power.clone(), own_word);
                if let Some(abbrev) = abbrev {
                    let letter: String = abbrev.chars().take(1).collect::<String>().to_uppercase();
                    if letter.is_empty() || letter == "M" || letter == "?" || abbrev.contains(':') {
                        self.diags.push(
                            Diagnostic::new(codes::BAD_POWER_ABBREV, fs(own_span), format!("illegal power abbreviation `{abbrev}` (DPjudge: ILLEGAL POWER ABBREVIATION)"))
                                .with_help("The abbreviation is one letter other than M and ?."),
                        );
                    }
                    if abbrev.chars().count() > 1 {
                        self.diags.push(Diagnostic::new(codes::BAD_POWER_ABBREV, fs(own_span), format!("a power abbreviation is one letter; DPjudge keeps only `{letter}` of `{abbrev}`")));
                        if let Some(last) = self.diags.last_mut() {
                            last.severity = crate::diagnostics::Severity::Warning;
                        }
                    }
                    self.raw.abbrev.insert(power.clone(), Tok::new(letter, fs(own_span)));
                }
            }
        }
        if homes_from == 1 && !self.raw.own_word.contains(&key) {
            self.raw.own_word.insert(key.clone(), key.clone());
        }
        let reinit = self.raw.inhabits.contains(&key);
        if reinit {
            self.raw.inhabits.retain(|it| *it != key);
        }
        let homes: Vec<Span> = words.get(homes_from..).unwrap_or(&[]).to_vec();
        self.add_homes(&key, file, text, &homes, reinit);
    }

    /// `Map.renamePower`, as documented (DPjudge's crashes).
    fn rename_power(&mut self, old: &str, new: &str) {
        let written = self.raw.pow_name.remove(old);
        self.raw.own_word.remove(old);
        self.raw.abbrev.remove(old);
        self.raw.aliases.retain(|_, def| def.value != old);
        let _ = written;
        if old == new {
            return;
        }
        fn move_key<V>(map: &mut OMap<V>, old: &str, new: &str) {
            if let Some(value) = map.remove(old) {
                map.insert(new.to_string(), value);
            }
        }
        move_key(&mut self.raw.homes, old, new);
        move_key(&mut self.raw.units, old, new);
        move_key(&mut self.raw.centers, old, new);
        move_key(&mut self.raw.factory, old, new);
        move_key(&mut self.raw.partisan, old, new);
        move_key(&mut self.raw.alternative, old, new);
        move_key(&mut self.raw.hidden, old, new);
        move_key(&mut self.raw.reserves, old, new);
        move_key(&mut self.raw.militia, old, new);
        move_key(&mut self.raw.power_at, old, new);
        match self.raw.flag.remove(old) {
            Some(flag) => self.raw.flag.insert(new.to_string(), flag),
            None => self.raw.flag.insert(new.to_string(), old.to_string()),
        };
        for list in [&mut self.raw.dummies, &mut self.raw.owns, &mut self.raw.inhabits] {
            if let Some(idx) = list.iter().position(|it| it == old) {
                list.remove(idx);
                list.push(new.to_string());
            }
        }
    }
}

/// Variant directories DPjudge ships (`DPjudge/variants/`).
const KNOWN_VARIANTS: &[&str] = &["STANDARD", "PAYOLA", "XTALBALL", "DPPD", "SOLITAIRE", "ALL"];

/// Directive keywords, for "did you mean" help.
const KNOWN_KEYWORDS: &[&str] = &[
    "TEXTONLY",
    "VICTORY",
    "USE",
    "USES",
    "MAP",
    "FLAGS",
    "FLOW",
    "NOTIFY",
    "BEGIN",
    "RULE",
    "RULES",
    "ROTATE",
    "NEWHOMES",
    "FLAG",
    "OWNS",
    "CENTERS",
    "INHABITS",
    "HOME",
    "HOMES",
    "UNITS",
    "RESERVES",
    "MILITIA",
    "CONTROL",
    "LEAGUE",
    "DUMMY",
    "DUMMIES",
    "TEAM",
    "TEAMS",
    "DROP",
    "AMEND",
    "WATER",
    "LAND",
    "COAST",
    "PORT",
    "SHUT",
    "UNPLAYED",
    "UNOWNED",
    "NEUTRAL",
    "DIRECTIVES",
];

/// The key of a power name: `normPower`, or the name itself when that is
/// empty (a power called `THE`, which DPjudge reports as an empty keyword).
fn power_key(upword: &str) -> String {
    let key = norm_power(upword);
    if key.is_empty() { upword.to_string() } else { key }
}

/// Python's `str.swapcase`.
fn swapcase(text: &str) -> String {
    text.chars()
        .flat_map(|ch| {
            let mut buf: Vec<char> = Vec::new();
            if ch.is_uppercase() {
                buf.extend(ch.to_lowercase());
            } else if ch.is_lowercase() {
                buf.extend(ch.to_uppercase());
            } else {
                buf.push(ch);
            }
            buf
        })
        .collect()
}

/// Python's `str.title`.
fn title(text: &str) -> String {
    let mut res = String::with_capacity(text.len());
    let mut prev_cased = false;
    for ch in text.chars() {
        if ch.is_alphabetic() {
            if prev_cased {
                res.extend(ch.to_lowercase());
            } else {
                res.extend(ch.to_uppercase());
            }
            prev_cased = true;
        } else {
            res.push(ch);
            prev_cased = false;
        }
    }
    res
}

/// Parses one ABUTS token (`EI:NAF`, `AEG(CON)`, `~NAF`, `*EGY`, `tus`).
fn parse_abut(token: &str, at: FileSpan) -> Option<AbutTok> {
    let mut rules = Vec::new();
    let mut dest = token;
    if dest.matches(':').count() == 1 {
        let (who, rest) = dest.split_once(':').unwrap();
        rules.push(AbutRule::Powers(upper(who)));
        dest = rest;
    }
    if dest.matches('(').count() == 1 && dest.ends_with(')') {
        let (place, need) = dest.split_once('(').unwrap();
        let need = &need[..need.len() - 1];
        rules.push(AbutRule::Centers(need.split(',').map(upper).collect()));
        dest = place;
    }
    while let Some(ch) = dest.chars().next().filter(|ch| !ch.is_alphanumeric()) {
        rules.push(mark(ch));
        dest = &dest[ch.len_utf8()..];
    }
    while let Some(ch) = dest.chars().last().filter(|ch| !ch.is_alphanumeric()) {
        rules.push(mark(ch));
        dest = &dest[..dest.len() - ch.len_utf8()];
    }
    if dest.is_empty() {
        return None;
    }
    Some(AbutTok { dest: Name::from(dest), rules, at })
}

fn mark(ch: char) -> AbutRule {
    match ch {
        '~' => AbutRule::Strait,
        '*' => AbutRule::Cape,
        _ => AbutRule::Other(ch),
    }
}

/// A place named by an order keyword: DPjudge's order reader takes the word
/// as the keyword; judgepad reads it as the place wherever an order expects
/// a place (and warns at the order when both readings make an order).
fn keyword_name_warning(at: FileSpan, written: &str, abbr: &str, meaning: &str) -> Diagnostic {
    let dpjudge = dpjudge_reading(meaning);
    Diagnostic::new(
        codes::KEYWORD_ABBREVIATION,
        at,
        format!("alias `{written}` of {abbr} is an order word: in orders DPjudge {dpjudge}, so `A XXX - {written}` does not reach {abbr} there; judgepad reads it as {abbr} wherever an order expects a place"),
    )
    .with_help("Orders that also make sense with the word as an order word get an ambiguous-order warning; another alias avoids both.")
}

/// How DPjudge's order reader takes a keyword that `norm` maps to `meaning`.
fn dpjudge_reading(meaning: &str) -> String {
    match meaning {
        "" => "drops it as a filler word".to_string(),
        "~" => "reads it as VIA (convoy)".to_string(),
        "|" | "?" | "\\" | "=" | "*" => "reads it as punctuation".to_string(),
        letter => format!("reads it as the order word `{letter}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abut_tokens() {
        let at = FileSpan::default();
        assert_eq!(parse_abut("EI:NAF", at).unwrap().rules, [AbutRule::Powers("EI".into())]);
        assert_eq!(parse_abut(":SKA", at).unwrap().rules, [AbutRule::Powers("".into())]);
        assert_eq!(
            parse_abut("AEG(CON,SMY)", at).unwrap().rules,
            [AbutRule::Centers(alloc::vec!["CON".into(), "SMY".into()])]
        );
        let tok = parse_abut("naf~", at).unwrap();
        assert_eq!((tok.dest.as_str(), tok.rules), ("naf", alloc::vec![AbutRule::Strait]));
        assert!(parse_abut("~*", at).is_none());
        assert_eq!(swapcase("Spa/nc"), "sPA/NC");
        assert_eq!(title("bul/ec"), "Bul/Ec");
        assert_eq!(edit_distance("OWN", "OWNS"), 1);
    }
}
