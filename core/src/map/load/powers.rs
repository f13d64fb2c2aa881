//! The loader's power lines: a power and its homes, DUMMY, TEAM, UNPLAYED,
//! OWNS/HOMES/UNITS lists after a power, and power renames.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::diagnostics::{Diagnostic, codes};
use crate::map::names::{edit_distance, norm, norm_power, province_part, upper};
use crate::name::Name;
use crate::omap::OMap;
use crate::syntax::Line;
use crate::text::{FileId, FileSpan, Span};

use crate::map::load::Loader;
use crate::map::load::{AliasDef, Tok};

impl Loader<'_> {
    pub(super) fn add_homes(
        &mut self,
        power: &str,
        file: FileId,
        text: &str,
        args: &[Span],
        reinit: bool,
    ) {
        if reinit {
            self.raw.homes.insert(power, Vec::new());
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

    pub(super) fn dummy(
        &mut self,
        file: FileId,
        text: &str,
        line: &Line,
        power: &mut Option<String>,
    ) {
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

    pub(super) fn team(
        &mut self,
        file: FileId,
        text: &str,
        line: &Line,
        power: &mut Option<String>,
    ) {
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
                self.raw.controls.insert(member, alloc::vec![leader.clone()]);
            }
        }
    }

    pub(super) fn unplayed(
        &mut self,
        file: FileId,
        text: &str,
        line: &Line,
        power: &mut Option<String>,
    ) {
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

    pub(super) fn power_line(
        &mut self,
        file: FileId,
        text: &str,
        line: &Line,
        current: &mut Option<String>,
    ) {
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
            let close = || {
                crate::syntax::directive_words()
                    .find(|keyword| upword.len() >= 3 && edit_distance(keyword, &upword) <= 2)
            };
            if !has_own_word
                && !renamed
                && let Some(keyword) = close()
            {
                self.diags.push(
                        Diagnostic::new(
                            codes::UNKNOWN_DIRECTIVE,
                            name_at,
                            format!("`{}` is not a directive, so this line declares a new power {power}", words[0].text(text)),
                        )
                        .with_help(format!("Did you mean `{keyword}`? To declare a power on purpose, give its ownership word: `{upword} (ADJECTIVE)`.")),
                    );
            }
            self.raw.pow_name.insert(power, Tok::new(upword.clone(), name_at));
            self.raw.power_at.insert(power, fs(line.span));
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
                        .insert(&normed, AliasDef { value: Name::from(power), at: name_at });
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
                                &normed,
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
                self.raw.own_word.insert(power, own_word);
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
                    self.raw.abbrev.insert(power, Tok::new(letter, fs(own_span)));
                }
            }
        }
        if homes_from == 1 && !self.raw.own_word.contains(&key) {
            self.raw.own_word.insert(&key, key.clone());
        }
        let reinit = self.raw.inhabits.contains(&key);
        if reinit {
            self.raw.inhabits.retain(|it| *it != key);
        }
        let homes: Vec<Span> = words.get(homes_from..).unwrap_or(&[]).to_vec();
        self.add_homes(&key, file, text, &homes, reinit);
    }

    /// `Map.renamePower`, as documented (DPjudge's crashes).
    pub(super) fn rename_power(&mut self, old: &str, new: &str) {
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
                map.insert(new, value);
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
            Some(flag) => self.raw.flag.insert(new, flag),
            None => self.raw.flag.insert(new, old.to_string()),
        };
        for list in [&mut self.raw.dummies, &mut self.raw.owns, &mut self.raw.inhabits] {
            if let Some(idx) = list.iter().position(|it| it == old) {
                list.remove(idx);
                list.push(new.to_string());
            }
        }
    }
}

/// The key of a power name: `normPower`, or the name itself when that is
/// empty (a power called `THE`, which DPjudge reports as an empty keyword).
pub(super) fn power_key(upword: &str) -> String {
    let key = norm_power(upword);
    if key.is_empty() { upword.to_string() } else { key }
}
