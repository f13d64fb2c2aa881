//! Reading nJudge `map.` text into [`NjMap`], with a
//! diagnostic at its span for everything the how-to says the judge rejects
//! (bad type letters, unknown abbreviations, moves that cannot get back) and
//! for the naming conflicts it says the judge does not catch.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{
    Area, AreaKind, Coast, MAP_FILE, Modifier, MoveKind, MoveLine, NjMap, OptionBlock, OptionKind,
    Target, at,
};
use crate::Diagnostic;
use crate::diagnostics::codes;
use crate::text::{Span, lines, span_in as span_of};

/// Words of `line` (which starts at `base`) with their spans.
fn words(line: &str, base: u32) -> impl Iterator<Item = (&str, Span)> {
    line.split_ascii_whitespace().map(move |word| {
        let start = base + (word.as_ptr() as usize - line.as_ptr() as usize) as u32;
        (word, Span::new(start, start + word.len() as u32))
    })
}

/// A section end: `-1`, alone or followed by a space and text.
pub(super) fn is_end(trimmed: &str) -> bool {
    trimmed == "-1"
        || trimmed.strip_prefix("-1").is_some_and(|rest| rest.starts_with(char::is_whitespace))
}

const SECTIONS: [&str; 3] = ["area", "move", "option"];

/// Reads a `map.` file.
pub fn read_map(text: &str) -> (NjMap, Vec<Diagnostic>) {
    let mut reader = MapReader { map: NjMap::default(), diags: Vec::new() };
    if !lines(text).any(|(_, line)| is_end(line.trim())) {
        let first = Span::new(0, text.find('\n').unwrap_or(text.len()) as u32);
        reader.diags.push(
            Diagnostic::new(codes::NJUDGE_SYNTAX, at(MAP_FILE, first), "this is not an nJudge map file: no line `-1` ends its sections")
                .with_help("An nJudge map file has three sections (areas, moves, options), each ended by a line `-1`."),
        );
        return (reader.map, reader.diags);
    }
    let mut section = 0usize;
    let mut block: Option<OptionBlock> = None;
    let mut trailing_noted = false;
    for (span, line) in lines(text) {
        let start = span.start;
        let trimmed = line.trim();
        let line_span = span_of(line, start, trimmed);
        if section >= 3 {
            if !trimmed.is_empty() && !trimmed.starts_with('#') && !trailing_noted {
                trailing_noted = true;
                reader.diags.push(
                    Diagnostic::new(
                        codes::NJUDGE_SYNTAX,
                        at(MAP_FILE, line_span),
                        "text after the options section's `-1` is ignored",
                    )
                    .with_severity(crate::Severity::Warning),
                );
            }
            continue;
        }
        if is_end(trimmed) {
            if let Some(open) = block.take() {
                reader.diags.push(
                    Diagnostic::new(
                        codes::NJUDGE_SYNTAX,
                        at(MAP_FILE, open.at),
                        "this option block has no `#end` line",
                    )
                    .with_secondary(at(MAP_FILE, line_span), "the options section ends here")
                    .with_severity(crate::Severity::Warning),
                );
                reader.map.options.push(open);
            }
            section += 1;
            continue;
        }
        if trimmed.is_empty() {
            continue;
        }
        if section == 2 {
            reader.option_line(trimmed, line_span, &mut block);
            continue;
        }
        if trimmed.starts_with('#') {
            if section == 0 && reader.map.areas.is_empty() {
                reader.map.header.push(trimmed.trim_start_matches('#').trim_end().to_string());
            }
            continue;
        }
        if section == 0 {
            reader.area_line(line, start);
        } else {
            reader.move_line(line, start);
        }
    }
    if let Some(open) = block.take() {
        reader.diags.push(Diagnostic::new(
            codes::NJUDGE_SYNTAX,
            at(MAP_FILE, open.at),
            "this option block has no `#end` line",
        ));
        reader.map.options.push(open);
    }
    let end = Span::empty(text.len() as u32);
    if section < 2 {
        let message = if reader.map.areas.is_empty() {
            String::from("this is not an nJudge map file: it has no area lines ended by `-1`")
        } else {
            format!(
                "the file ends inside the {} section: each of the three sections ends with a line `-1`",
                SECTIONS[section]
            )
        };
        let where_ = if reader.map.areas.is_empty() {
            Span::new(0, text.find('\n').unwrap_or(text.len()) as u32)
        } else {
            end
        };
        reader.diags.push(Diagnostic::new(codes::NJUDGE_SYNTAX, at(MAP_FILE, where_), message));
    } else if section == 2 {
        let mut diag = Diagnostic::new(
            codes::NJUDGE_SYNTAX,
            at(MAP_FILE, end),
            "the options section has no closing `-1`",
        );
        diag.severity = crate::Severity::Warning;
        reader.diags.push(diag);
    }
    reader.check_moves();
    (reader.map, reader.diags)
}

struct MapReader {
    map: NjMap,
    diags: Vec<Diagnostic>,
}

impl MapReader {
    fn error(&mut self, code: &'static str, span: Span, message: String) -> &mut Diagnostic {
        self.diags.push(Diagnostic::new(code, at(MAP_FILE, span), message));
        self.diags.last_mut().expect("just pushed")
    }

    fn area_line(&mut self, line: &str, base: u32) {
        let Some((name, rest)) = line.split_once(',') else {
            let trimmed = line.trim();
            self.error(
                codes::NJUDGE_SYNTAX,
                span_of(line, base, trimmed),
                String::from("an area line is `Name, type abbreviation…`: there is no comma"),
            );
            return;
        };
        let name_trimmed = name.trim();
        let name_at = span_of(line, base, name_trimmed);
        if name_trimmed.is_empty() {
            self.error(
                codes::NJUDGE_SYNTAX,
                Span::new(base, base + name.len() as u32 + 1),
                String::from("the area has no name before the comma"),
            );
            return;
        }
        let rest_base = base + name.len() as u32 + 1;
        let mut tokens = words(rest, rest_base);
        let Some((types, types_at)) = tokens.next() else {
            self.error(
                codes::NJUDGE_AREA_TYPE,
                name_at,
                format!("`{name_trimmed}` has no type letter and abbreviation after the comma"),
            );
            return;
        };
        let Some((kind, convoys)) = self.area_type(types, types_at) else { return };
        let index = self.map.areas.len();
        let mut abbrs = Vec::new();
        for (abbr, abbr_at) in tokens {
            let lower = abbr.to_lowercase();
            if lower.chars().count() < 2 {
                self.error(
                    codes::NJUDGE_SYNTAX,
                    abbr_at,
                    format!("one-letter abbreviation `{abbr}`: nJudge needs at least two letters"),
                );
                continue;
            }
            if !lower.chars().all(|ch| ch.is_alphanumeric() || ch == '.' || ch == '\'' || ch == '_')
            {
                self.error(
                    codes::NJUDGE_SYNTAX,
                    abbr_at,
                    format!("abbreviation `{abbr}` has a character orders cannot type"),
                );
                continue;
            }
            if let Some(&other) = self.map.names.get(&lower) {
                if other != index {
                    let first = abbrs.is_empty();
                    let other_area = &self.map.areas[other];
                    let first_at = other_area
                        .abbrs
                        .iter()
                        .find(|it| it.0 == lower)
                        .map_or(other_area.name_at, |it| it.1);
                    let other_name = other_area.name.clone();
                    let diag = self
                        .error(
                            codes::NJUDGE_NAMING,
                            abbr_at,
                            format!("`{abbr}` already names {other_name}"),
                        )
                        .with_secondary_ref(at(MAP_FILE, first_at), "first defined here");
                    diag.help = Some(String::from(
                        "nJudge does not catch this: it reports only \"No movement table for\" when it meets the second definition. Give each area its own abbreviations.",
                    ));
                    if !first {
                        diag.severity = crate::Severity::Warning;
                        diag.message
                            .push_str(&format!("; the alias is left out of {name_trimmed}"));
                    }
                    continue;
                }
                continue;
            }
            self.map.names.insert(lower.clone(), index);
            abbrs.push((lower, abbr_at));
        }
        if abbrs.is_empty() {
            self.error(
                codes::NJUDGE_SYNTAX,
                name_at,
                format!("{name_trimmed} has no usable abbreviation"),
            );
            return;
        }
        let key = name_trimmed.to_lowercase();
        match self.map.names.get(&key) {
            Some(&other) if other != index => {
                let other_area = &self.map.areas[other];
                let same_name = other_area.name.to_lowercase() == key;
                let other_at = if same_name {
                    other_area.name_at
                } else {
                    other_area
                        .abbrs
                        .iter()
                        .find(|it| it.0 == key)
                        .map_or(other_area.name_at, |it| it.1)
                };
                let message = if same_name {
                    format!("a second area is named {name_trimmed}")
                } else {
                    format!(
                        "the name {name_trimmed} is also an abbreviation of {}",
                        other_area.name
                    )
                };
                let diag = self
                    .error(codes::NJUDGE_NAMING, name_at, message)
                    .with_secondary_ref(at(MAP_FILE, other_at), "first defined here");
                if !same_name {
                    diag.severity = crate::Severity::Warning;
                }
            }
            Some(_) => (),
            None => {
                self.map.names.insert(key, index);
            }
        }
        self.map.areas.push(Area { name: name_trimmed.to_string(), name_at, kind, convoys, abbrs });
    }

    fn unknown_type(&mut self, types: &str, types_at: Span) {
        self.error(codes::NJUDGE_AREA_TYPE, types_at, format!("unknown area type `{types}`"))
            .help = Some(String::from(
            "The type is one of h g l r v w x, or a power letter (0-9, A-L, N, P-Z), optionally followed by w.",
        ));
    }

    fn area_type(&mut self, types: &str, types_at: Span) -> Option<(AreaKind, bool)> {
        let mut chars = types.chars();
        let first = chars.next()?;
        let kind = match first {
            'l' => AreaKind::Land,
            'x' => AreaKind::Center,
            'w' => AreaKind::Water,
            'h' => AreaKind::HighSea,
            'v' => AreaKind::Arctic,
            'g' => AreaKind::Gateway,
            'r' => AreaKind::Railway,
            'M' | 'O' => {
                self.error(
                    codes::NJUDGE_AREA_TYPE,
                    types_at,
                    format!(
                        "power letter `{first}` is reserved in nJudge (M and O are not powers)"
                    ),
                );
                return None;
            }
            '0'..='9' | 'A'..='Z' => AreaKind::Home(first),
            _ => {
                self.unknown_type(types, types_at);
                return None;
            }
        };
        let rest: String = chars.collect();
        let convoys = match rest.as_str() {
            "" => false,
            "w" if matches!(kind, AreaKind::Land | AreaKind::Center | AreaKind::Home(_)) => true,
            "w" => {
                self.error(
                    codes::NJUDGE_AREA_TYPE,
                    types_at,
                    format!("`{types}`: the convoy flag `w` follows only l, x or a power letter"),
                );
                return Some((kind, false));
            }
            other if other.starts_with(|ch: char| ch.is_ascii_digit()) => {
                let diag = self.error(
                    codes::NJUDGE_AREA_TYPE,
                    types_at,
                    format!("`{types}`: Machiavelli income and city fields are not read"),
                );
                diag.severity = crate::Severity::Warning;
                false
            }
            _ => {
                self.unknown_type(types, types_at);
                return None;
            }
        };
        Some((kind, convoys))
    }

    fn move_line(&mut self, line: &str, base: u32) {
        let trimmed = line.trim();
        let (head, rest) = match trimmed.split_once(':') {
            Some(split) => split,
            None => {
                // `sig-xc mal javs` (colonial): the head is still readable.
                let head = trimmed.split_ascii_whitespace().next().unwrap_or("");
                let Some(rest) = trimmed.get(head.len()..).filter(|_| head.contains('-')) else {
                    self.error(codes::NJUDGE_SYNTAX, span_of(line, base, trimmed), String::from("a move line is `abc-mv: targets…` (or -xc, -nc, -sc, -ec, -wc, -mx): there is no colon"));
                    return;
                };
                let diag = self.error(
                    codes::NJUDGE_SYNTAX,
                    span_of(line, base, head),
                    format!("`{head}` has no colon; read as `{head}:`"),
                );
                diag.severity = crate::Severity::Warning;
                (head, rest)
            }
        };
        let head_at = span_of(line, base, head);
        let Some((source, kind_text)) = head.trim().rsplit_once('-') else {
            self.error(
                codes::NJUDGE_SYNTAX,
                head_at,
                format!("`{head}` is not `abbreviation-type`"),
            );
            return;
        };
        let kind = match kind_text.to_ascii_lowercase().as_str() {
            "mv" => MoveKind::Army,
            "xc" => MoveKind::Fleet,
            "mx" => MoveKind::ArmyWeak,
            "cc" => MoveKind::Conduit,
            other => match Coast::parse(other) {
                Some(coast) => MoveKind::Coast(coast),
                None => {
                    self.error(
                        codes::NJUDGE_SYNTAX,
                        head_at,
                        format!("unknown move type `{kind_text}`"),
                    )
                    .help = Some(String::from(
                        "Move types: mv (armies), xc (fleets), nc/sc/ec/wc (fleets from a coast), mx (armies with one less support), cc (Machiavelli conduits).",
                    ));
                    return;
                }
            },
        };
        let Some(from) = self.map.area(source.trim()) else {
            self.error(
                codes::NJUDGE_UNKNOWN_AREA,
                span_of(line, base, source.trim()),
                format!("unknown abbreviation `{}`", source.trim()),
            );
            return;
        };
        if let Some(first) = self.map.moves.iter().find(|it| it.from == from && it.kind == kind) {
            let first_at = first.head;
            let diag = self.error(
                codes::NJUDGE_SYNTAX,
                head_at,
                format!("a second `{}` line: its moves are added to the first", head.trim()),
            );
            diag.severity = crate::Severity::Warning;
            diag.help = Some(String::from(
                "The how-to asks for one line per area and move type; the judge reads both (the standard map has two `pru-mv` lines). Merge them.",
            ));
            diag.secondary.push(crate::diagnostics::Label {
                at: at(MAP_FILE, first_at),
                message: String::from("first here"),
            });
        }
        let rest_base = base + (rest.as_ptr() as usize - line.as_ptr() as usize) as u32;
        let mut targets = Vec::new();
        for (word, word_at) in words(rest, rest_base) {
            let (name, modifier) = match word.split_once('/') {
                Some((name, modifier)) => (name, Some(modifier)),
                None => (word, None),
            };
            let Some(area) = self.map.area(name) else {
                self.error(
                    codes::NJUDGE_UNKNOWN_AREA,
                    word_at,
                    format!("unknown abbreviation `{name}`"),
                );
                continue;
            };
            let modifier = match modifier.map(str::to_ascii_lowercase).as_deref() {
                None => None,
                Some("mx") => Some(Modifier::Weak),
                Some("hx") => Some(Modifier::Half),
                Some("lx") => Some(Modifier::HalfConvoy),
                Some("cc") => Some(Modifier::Conduit),
                Some(other) => match Coast::parse(other) {
                    Some(coast) => Some(Modifier::Coast(coast)),
                    None => {
                        self.error(
                            codes::NJUDGE_SYNTAX,
                            word_at,
                            format!("unknown modifier `/{other}`"),
                        );
                        continue;
                    }
                },
            };
            let army = kind.is_army();
            if army && matches!(modifier, Some(Modifier::Coast(_))) {
                self.error(
                    codes::NJUDGE_SYNTAX,
                    word_at,
                    format!("`{word}`: armies move to provinces, not coasts"),
                );
                continue;
            }
            if !army
                && matches!(modifier, Some(Modifier::Weak | Modifier::Half | Modifier::HalfConvoy))
            {
                self.error(
                    codes::NJUDGE_SYNTAX,
                    word_at,
                    format!("`{word}`: move modifiers apply to army moves"),
                );
                continue;
            }
            targets.push(Target { area, modifier, at: word_at });
        }
        self.map.moves.push(MoveLine { from, kind, head: head_at, targets });
    }

    fn option_line(&mut self, trimmed: &str, span: Span, block: &mut Option<OptionBlock>) {
        if let Some(open) = block {
            if trimmed.get(..4).is_some_and(|head| head.eq_ignore_ascii_case("#end")) {
                let open = block.take().expect("open");
                self.map.options.push(open);
            } else if !trimmed.starts_with('#') {
                open.lines.push((trimmed.to_string(), span));
            }
            return;
        }
        if trimmed.starts_with('#') {
            return;
        }
        let lower = trimmed.to_lowercase();
        let kind = if lower.starts_with("center") || lower.starts_with("centre") {
            OptionKind::Centers
        } else if lower.starts_with("hongkong") || lower.starts_with("hong kong") {
            OptionKind::HongKong
        } else if lower.starts_with("gateway") {
            OptionKind::Gateway
        } else if lower.starts_with("railway") {
            OptionKind::Railway
        } else {
            OptionKind::Other
        };
        *block = Some(OptionBlock { kind, at: span, lines: Vec::new() });
    }

    /// "All provinces must have bidirectional paths": every army move needs
    /// the move back, every fleet move the fleet move back to the same coast.
    fn check_moves(&mut self) {
        let mut found = Vec::new();
        for line in &self.map.moves {
            let (army, source_coast) = match line.kind {
                MoveKind::Army | MoveKind::ArmyWeak => (true, None),
                MoveKind::Fleet => (false, None),
                MoveKind::Coast(coast) => (false, Some(coast)),
                MoveKind::Conduit => continue,
            };
            for target in &line.targets {
                if target.area == line.from {
                    continue;
                }
                let back = self.map.moves.iter().any(|other| {
                    other.from == target.area
                        && if army {
                            other.kind.is_army()
                        } else {
                            match target.coast() {
                                Some(coast) => other.kind == MoveKind::Coast(coast),
                                None => other.kind == MoveKind::Fleet,
                            }
                        }
                        && other
                            .targets
                            .iter()
                            .any(|it| it.area == line.from && (army || it.coast() == source_coast))
                });
                if !back {
                    let to = &self.map.areas[target.area];
                    let from_name = self.map.place(line.from, source_coast);
                    let to_name = self.map.place(target.area, target.coast());
                    found.push(
                        Diagnostic::new(
                            codes::NJUDGE_ONE_WAY,
                            at(MAP_FILE, target.at),
                            format!(
                                "Can't get back to {from_name} from {to_name} ({})",
                                if army { "land" } else { "coast" }
                            ),
                        )
                        .with_help(format!(
                            "nJudge rejects one-way moves: add `{from_name}` to the `{}-{}:` line.",
                            to.abbr(),
                            if army { "mv" } else { target.coast().map_or("xc", Coast::as_str) }
                        )),
                    );
                }
            }
        }
        self.diags.extend(found);
    }
}

trait WithSecondaryRef {
    fn with_secondary_ref(&mut self, at: crate::text::FileSpan, message: &str) -> &mut Self;
}

impl WithSecondaryRef for Diagnostic {
    fn with_secondary_ref(&mut self, at: crate::text::FileSpan, message: &str) -> &mut Self {
        self.secondary.push(crate::diagnostics::Label { at, message: message.to_string() });
        self
    }
}
