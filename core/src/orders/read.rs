//! Readings: the ways the words of an order can be taken (a place name, an
//! order word, a filler), searched lazily and places first with a step
//! budget, ranked by plausibility; the normal-form shortcut; unknown-place
//! and ambiguity diagnostics.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::diagnostics::{Diagnostic, codes};
use crate::map::names::{edit_distance, upper};
use crate::map::{LocationId, Map, PowerId, ProvinceId, UnitKind};
use crate::text::{FileId, FileSpan, Span};

use crate::orders::words::{MOVE_WORDS, Sep, Word};
use crate::orders::{Order, format_order};

/// A classified piece of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Item {
    /// A filler word read as nothing (`THE`, `TO`); `arrow`: it means a
    /// move (`MOVE`, `TO`, `ATTACKS`), like `-`.
    Skip {
        arrow: bool,
    },
    Kind(UnitKind),
    Place(LocationId),
    Power(PowerId),
    Letter(char),
    Via,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    pub(crate) item: Item,
    pub(crate) span: Span,
    /// The separator before its first word.
    pub(crate) after: Sep,
    /// Its words: `words[first..first + len]`.
    pub(crate) first: usize,
    pub(crate) len: usize,
}

/// A reason an order (or a reading of it) cannot be read.
pub(crate) type Problem = Box<Diagnostic>;

/// At most this many readings of one order are tried (each word that is
/// both a place and an order word doubles them; real orders have one or two).
pub(crate) const MAX_READINGS: usize = 64;

/// The pieces of an order written in normal form: single spaces, unit
/// letters and order letters, ` - `, and abbreviations that name exactly one
/// place and nothing else (no alias elsewhere, no order word, no power).
/// `None` for anything else, which the full reader takes; both give the same
/// order (a test checks it on every bundled variant).
pub(crate) fn normal_form(map: &Map, text: &str, base: u32) -> Option<Normal> {
    if !text.is_ascii() || text.len() > 64 {
        return None;
    }
    let mut pieces = Normal {
        pieces: [Piece {
            item: Item::Via,
            span: Span::default(),
            after: Sep::Space,
            first: 0,
            len: 0,
        }; Normal::MOST],
        len: 0,
    };
    let mut after = Sep::Space;
    let mut offset = 0usize;
    for token in text.split(' ') {
        let start = base + offset as u32;
        offset += token.len() + 1;
        let span = Span::new(start, start + token.len() as u32);
        let item = match token {
            "" => return None,
            "-" => {
                if after != Sep::Space {
                    return None;
                }
                after = Sep::Arrow;
                continue;
            }
            "A" => Item::Kind(UnitKind::Army),
            "F" => Item::Kind(UnitKind::Fleet),
            "H" | "S" | "C" | "R" | "D" | "B" | "V" | "BUILD" | "WAIVE" | "REMOVE" => {
                // A map may call a place `H`.
                if map.location(token).is_some() || map.alias(token).is_some() {
                    return None;
                }
                Item::Letter(match token {
                    "BUILD" => 'B',
                    "WAIVE" => 'V',
                    "REMOVE" => 'D',
                    _ => token.as_bytes()[0] as char,
                })
            }
            _ => {
                let loc = map.plain_location(token)?;
                Item::Place(loc)
            }
        };
        *pieces.pieces.get_mut(pieces.len)? = Piece { item, span, after, first: 0, len: 1 };
        pieces.len += 1;
        after = Sep::Space;
    }
    (after == Sep::Space && well_formed_normal(&pieces)).then_some(pieces)
}

/// The pieces of an order in normal form, held without a heap allocation
/// (a phase reads dozens of orders; a longer one is read the full way).
pub(crate) struct Normal {
    pieces: [Piece; Normal::MOST],
    len: usize,
}

impl Normal {
    /// The most pieces an order in normal form has here (a convoy has 6).
    const MOST: usize = 12;
}

impl core::ops::Deref for Normal {
    type Target = [Piece];
    fn deref(&self) -> &[Piece] {
        &self.pieces[..self.len]
    }
}

/// A normal-form reading must be the reading the full reader ranks first:
/// places after `-`, no two places in a row without one.
pub(crate) fn well_formed_normal(pieces: &[Piece]) -> bool {
    pieces.windows(2).all(|pair| {
        !(matches!(pair[0].item, Item::Place(_)) && matches!(pair[1].item, Item::Place(_)))
            || pair[1].after == Sep::Arrow
    })
}

/// Which words a reading takes as (part of) a place or power name.
pub(crate) fn place_words(reading: &[Piece], n: usize) -> Vec<bool> {
    let mut res = alloc::vec![false; n];
    for piece in reading {
        if matches!(piece.item, Item::Place(_) | Item::Power(_)) {
            for it in &mut res[piece.first..piece.first + piece.len] {
                *it = true;
            }
        }
    }
    res
}

/// How much a reading looks like an order as people write it.
///
/// - 2: two places in a row are separated by `-` or a move word (a move or
///   a convoy path), and a unit's own place (the first place, or the one
///   after `S`/`C` and a unit letter) does not follow one;
/// - 1: DPjudge's compact form, a place right after a place (`A PAR BUR`);
/// - 0: a unit's place after `-`, or a one-letter place with no `-` before
///   it (`A PAR H` on a map with a place called H).
pub(crate) fn plausibility(pieces: &[Piece], words: &[Word]) -> u8 {
    let mut level = 2;
    let mut unit_expected = true;
    let mut after_place = false;
    let mut arrow = false;
    for piece in pieces {
        let arrow_before = arrow || piece.after != Sep::Space;
        arrow = false;
        match piece.item {
            Item::Skip { arrow: means_move } => {
                arrow = arrow_before || means_move;
                continue;
            }
            Item::Place(_) => {
                let one_letter = piece.len == 1 && words[piece.first].raw.chars().count() == 1;
                if (unit_expected && arrow_before) || (one_letter && !arrow_before) {
                    return 0;
                }
                if after_place && !arrow_before {
                    level = 1;
                }
                unit_expected = false;
                after_place = true;
                continue;
            }
            Item::Letter('S' | 'C') => unit_expected = true,
            Item::Kind(_) | Item::Power(_) => (),
            Item::Letter(_) | Item::Via => unit_expected = false,
        }
        after_place = false;
    }
    level
}

/// The warning for an order whose `word` two readings take differently.
pub(crate) fn ambiguity(
    map: &Map,
    text: &str,
    file: FileId,
    word: &Word,
    as_place: bool,
    chosen: &Order,
    other: &Order,
) -> Diagnostic {
    let written = word.span.text(text);
    let what = if as_place {
        format!("`{written}` is read as (part of) a place name")
    } else {
        format!("`{written}` is read as an order word")
    };
    Diagnostic::new(
        codes::AMBIGUOUS_ORDER,
        FileSpan::new(file, word.span),
        format!(
            "{what}, so this order is `{}`; read the other way it would be `{}`",
            format_order(map, chosen),
            format_order(map, other)
        ),
    )
    .with_help("Name the place by another of its names, or write the order with `-` and one-letter order words (`A PAR - BUR`, `A PAR H`).")
}

/// One way to read the words from some position: an item, how many words
/// it takes, its span and the separator before it.
pub(crate) type Reading = (Item, usize, Span, Sep);

/// Every reading of `words` as pieces (places first, at most
/// [`MAX_READINGS`]), and the last problem met on a path that could not be
/// read at all.
pub(crate) fn readings(
    map: &Map,
    file: FileId,
    text: &str,
    words: &[Word],
) -> (Vec<Vec<Piece>>, Option<Problem>) {
    let mut walker = Walker {
        map,
        file,
        text,
        words,
        options: alloc::vec![None; words.len()],
        steps: MAX_STEPS,
        res: Vec::new(),
        error: None,
    };
    let mut acc: Vec<Piece> = Vec::new();
    walker.walk(0, &mut acc);
    (walker.res, walker.error)
}

/// At most this many steps of the search for readings: a long line of
/// words that are both places and order words cannot make it exponential.
pub(crate) const MAX_STEPS: usize = 4096;

/// The depth-first search for readings, places first. The options at each
/// word are computed once, and only for words some reading reaches (so an
/// unreadable word stops the search there, as a reader would).
pub(crate) struct Walker<'a> {
    map: &'a Map,
    file: FileId,
    text: &'a str,
    words: &'a [Word],
    options: Vec<Option<Result<Vec<Reading>, Problem>>>,
    steps: usize,
    res: Vec<Vec<Piece>>,
    /// The last problem met on a path that could not be read.
    error: Option<Problem>,
}

impl Walker<'_> {
    fn walk(&mut self, idx: usize, acc: &mut Vec<Piece>) {
        if self.res.len() >= MAX_READINGS || self.steps == 0 {
            return;
        }
        self.steps -= 1;
        if idx >= self.words.len() {
            self.res.push(acc.clone());
            return;
        }
        if self.options[idx].is_none() {
            self.options[idx] = Some(options_at(self.map, self.file, self.text, self.words, idx));
        }
        let list = match &self.options[idx] {
            Some(Ok(list)) => list.clone(),
            Some(Err(diag)) => {
                self.error = Some(diag.clone());
                return;
            }
            None => return,
        };
        for (item, used, span, after) in list {
            acc.push(Piece { item, span, after, first: idx, len: used });
            self.walk(idx + used, acc);
            acc.pop();
        }
    }
}

/// The ways to read the words starting at `idx`: a place or power (the
/// longest run of words that names one, with a coast after it), then the
/// order word, in that order of preference.
pub(crate) fn options_at(
    map: &Map,
    file: FileId,
    text: &str,
    words: &[Word],
    idx: usize,
) -> Result<Vec<Reading>, Problem> {
    let word = &words[idx];
    let mut res: Vec<Reading> = Vec::new();
    let keyword_item = match word.text.as_str() {
        "" => Some(Item::Skip { arrow: MOVE_WORDS.contains(&word.raw.as_str()) }),
        "(" | ")" | "|" => Some(Item::Skip { arrow: false }),
        "A" => Some(Item::Kind(UnitKind::Army)),
        "F" => Some(Item::Kind(UnitKind::Fleet)),
        "~" => Some(Item::Via),
        one if one.len() == 1 && "HSCBDVR".contains(one) => {
            Some(Item::Letter(one.chars().next().unwrap_or(' ')))
        }
        _ => None,
    };
    // A unit letter is never a place by itself (`A PAR`).
    let kind_letter = matches!(keyword_item, Some(Item::Kind(_)));
    match places_at(map, file, words, idx, kind_letter) {
        Ok(places) => res.extend(places),
        Err(diag) if keyword_item.is_none() => return Err(diag),
        Err(_) => (),
    }
    // Right after a move arrow the grammar expects a place: a place name
    // there is never read as an order word (`F MAL - AND`).
    let place_only = word.after == Sep::Arrow && !res.is_empty();
    match keyword_item {
        Some(_) if place_only => (),
        Some(item) => res.push((item, 1, word.span, word.after)),
        None if res.is_empty() => {
            let single_char = word.text.chars().count() == 1;
            return Err(Box::new(if single_char {
                Diagnostic::new(
                    codes::ORDER_SYNTAX,
                    FileSpan::new(file, word.span),
                    format!("unexpected `{}`", word.span.text(text)),
                )
            } else {
                unknown_place(map, FileSpan::new(file, word.span), word.span.text(text))
            }));
        }
        None => (),
    }
    Ok(res)
}

/// The places (or power) the words from `idx` can name, best first: the
/// longest run of words that names something (`Gulf of Lyon`, `The Hague`,
/// `Mid-Atlantic`), then the same without crossing a hyphen, then the word
/// alone as an abbreviation (`AND`, `THE`). Each with the coast written
/// after it. A run never crosses a move arrow (` - `, `->`) and never starts
/// with a unit letter alone.
pub(crate) fn places_at(
    map: &Map,
    file: FileId,
    words: &[Word],
    idx: usize,
    kind_letter: bool,
) -> Result<Vec<Reading>, Problem> {
    let max = (idx + 6).min(words.len());
    let ends_before = |sep: Sep| {
        words[idx + 1..max].iter().position(|it| it.after >= sep).map_or(max, |pos| idx + 1 + pos)
    };
    let longest = |limit: usize| -> Option<(Item, usize)> {
        (idx + 1..=limit).rev().find_map(|end| {
            let run = &words[idx..end];
            if run.len() == 1 && kind_letter {
                return None;
            }
            // A name never ends with a filler word (`PAR THE` is PAR, then
            // THE), and a filler does not start one before a letter (`AND H`).
            if run.len() > 1
                && (run[run.len() - 1].text.is_empty()
                    || (run[0].text.is_empty() && run[1].text.chars().count() < 2))
            {
                return None;
            }
            name_of(map, run).map(|item| (item, run.len()))
        })
    };
    let mut found: Vec<(Item, usize)> = Vec::new();
    let mut add = |it: Option<(Item, usize)>| {
        if let Some(it) = it
            && !found.contains(&it)
        {
            found.push(it);
        }
    };
    let as_written = (!kind_letter).then(|| map.location(&words[idx].raw)).flatten();
    // An order word that is an abbreviation (`AND`, `THE`) is that place
    // first; other words are read as the longest name first (`Mar Noire`
    // before MAR), and an alias before a clashing abbreviation, as in DPjudge.
    let keyword_word = words[idx].text != words[idx].raw;
    if keyword_word {
        add(as_written.map(|loc| (Item::Place(loc), 1)));
    }
    add(longest(ends_before(Sep::Arrow)));
    add(longest(ends_before(Sep::Hyphen)));
    add(as_written.map(|loc| (Item::Place(loc), 1)));
    let mut res = Vec::with_capacity(found.len());
    let mut error = None;
    for (item, used) in found {
        match with_coast(map, file, words, idx, item, used) {
            Ok(reading) => res.push(reading),
            Err(diag) => error = error.or(Some(diag)),
        }
    }
    match error {
        Some(diag) if res.is_empty() => Err(diag),
        _ => Ok(res),
    }
}

/// What a run of words names: aliases (normalised like `Map.norm`) and
/// abbreviations; a location before a power.
pub(crate) fn name_of(map: &Map, run: &[Word]) -> Option<Item> {
    let mut key = String::new();
    for word in run.iter().filter(|it| !it.text.is_empty()) {
        if !key.is_empty() {
            key.push(' ');
        }
        key.push_str(&word.text);
    }
    let mut targets: Vec<&str> = Vec::with_capacity(4);
    if !key.is_empty()
        && let Some(target) = map.alias(&key)
    {
        targets.push(target);
    }
    if run.len() == 1 {
        // An alias that is an order word is stored as written (`VIA`, `AND`).
        if let Some(target) = map.alias(&run[0].raw) {
            targets.push(target);
        }
        targets.push(&run[0].raw);
        if !key.is_empty() {
            targets.push(&key);
        }
    }
    if let Some(loc) = targets.iter().find_map(|it| map.location(it)) {
        return Some(Item::Place(loc));
    }
    targets.iter().find_map(|it| map.power(it)).map(Item::Power)
}

/// A place read from `words[idx..idx + used]`, with the coast written after
/// it: `STP /NC`, `STP ( /NC )`, `STP NORTH COAST`.
pub(crate) fn with_coast(
    map: &Map,
    file: FileId,
    words: &[Word],
    idx: usize,
    item: Item,
    used: usize,
) -> Result<Reading, Problem> {
    let mut item = item;
    let mut end = idx + used;
    let mut span = words[idx].span.cover(words[end - 1].span);
    // A coast after the place: `STP /NC`, `STP ( /NC )`, `STP NORTH COAST`.
    if let Item::Place(loc) = item {
        let mut look = end;
        if words.get(look).is_some_and(|it| it.text == "(") {
            look += 1;
        }
        // `NORTH COAST` and friends name a coast too (after a place only,
        // so maps with places called East Coast keep them).
        let spelled = match (
            words.get(look).map(|it| it.text.as_str()),
            words.get(look + 1).map(|it| it.text.as_str()),
        ) {
            (Some(dir @ ("NORTH" | "SOUTH" | "EAST" | "WEST")), Some("COAST"))
                if !map.prov(map.province_of(loc)).coasts.is_empty() =>
            {
                Some(Word {
                    after: Sep::Space,
                    raw: format!("/{}C", &dir[..1]),
                    text: format!("/{}C", &dir[..1]),
                    span: words[look].span.cover(words[look + 1].span),
                })
            }
            _ => None,
        };
        let coast_word = match &spelled {
            Some(word) => Some(word),
            None => words.get(look).filter(|it| it.text.starts_with('/') && it.text.len() > 1),
        };
        if let Some(coast) = coast_word {
            let mut after = look + if spelled.is_some() { 2 } else { 1 };
            if words.get(after).is_some_and(|it| it.text == ")") {
                after += 1;
            }
            let province = &map.prov(map.province_of(loc)).abbr;
            let name = format!("{province}{}", coast.text);
            match map.location(&name) {
                Some(coast_loc) => {
                    item = Item::Place(coast_loc);
                    span = span.cover(words[after - 1].span);
                    end = after;
                }
                None => {
                    return Err(Box::new(
                        Diagnostic::new(
                            codes::UNKNOWN_COAST,
                            FileSpan::new(file, coast.span),
                            format!("{province} has no coast {}", &coast.text[1..]),
                        )
                        .with_help(coast_help(map, map.province_of(loc))),
                    ));
                }
            }
        }
    }
    Ok((item, end - idx, span, words[idx].after))
}

pub(crate) fn coast_help(map: &Map, province: ProvinceId) -> String {
    let coasts: Vec<&str> =
        map.prov(province).coasts.iter().map(|&loc| map.loc(loc).abbr.as_str()).collect();
    if coasts.is_empty() {
        String::from("It has no separate coasts.")
    } else {
        format!("Its coasts are {}.", coasts.join(", "))
    }
}

/// "unknown place" with the nearest names as help.
pub(crate) fn unknown_place(map: &Map, at: FileSpan, written: &str) -> Diagnostic {
    let want = upper(written);
    let want_len = want.chars().count();
    // Only names within two edits are suggested; a name whose length differs
    // by more than two cannot be, so it is not measured.
    let near = |name: &str| -> usize {
        if name.chars().count().abs_diff(want_len) > 2 {
            usize::MAX
        } else {
            edit_distance(&want, name)
        }
    };
    let mut best: Vec<(usize, String)> = Vec::new();
    for loc in &map.locations {
        let distance = near(&loc.abbr).min(near(&upper(&loc.name)));
        if distance <= 2 {
            best.push((distance, format!("{} ({})", loc.abbr, loc.name)));
        }
    }
    crate::sorting::sort(&mut best);
    let close: Vec<String> = best.into_iter().take(3).map(|(_, name)| name).collect();
    let diag = Diagnostic::new(codes::UNKNOWN_PLACE, at, format!("unknown place `{written}`"));
    if close.is_empty() {
        diag
    } else {
        diag.with_help(format!("Did you mean {}?", close.join(", ")))
    }
}
