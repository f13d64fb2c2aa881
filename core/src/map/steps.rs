//! A load in steps: [`Loading`] reads the top-level file so many lines at a
//! time, so a caller that must not block for the whole of a big map (the
//! page's main thread, which answers keys between steps) can spread it
//! over several tasks. Its map and diagnostics are [`super::load_as_reusing`]'s,
//! bit for bit (`tests/corpus.rs` holds the two together on every bundled
//! variant).

use alloc::string::ToString;
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::dialect::{Dialect, read_as};
use super::load::{Loader, Reading};
use super::validate::Checking;
use super::{
    BUILT_CHECKS, Map, Parses, Places, Sources, assemble, connect, name_places, place, placing,
};
use crate::diagnostics::Diagnostic;
use crate::syntax::Parser;

/// How many locations' adjacencies a step connects.
const CONNECTED: usize = 2048;

/// How many of the loader's locations a step places (twice over: as
/// provinces, then as locations).
const PLACED: usize = 4096;

/// A load under way. Each [`Loading::step`] is one of: the parse of so
/// many of the top-level file's lines; the reading of so many of them (a
/// `USE` among them reads the whole used file); one of the checks on the
/// loader state; the places of [`PLACED`] of the loader's locations; their
/// names; the adjacencies of [`CONNECTED`] locations; the rest of the map;
/// one of the checks on it; the sort of the diagnostics. Then
/// [`Loading::finish`] hands the result over. No step is long: the
/// longest, a check on a 26,000-province map, takes 6–7 ms natively.
pub struct Loading<'a> {
    name: Arc<str>,
    dialect: Dialect,
    loader: Loader<'a>,
    stage: Stage,
}

enum Stage {
    Parse(Arc<str>),
    /// The top-level file's parse, so many lines a step.
    Parsing(Arc<str>, Parser),
    Lines(Reading),
    /// The checks on the loader state, one a step.
    Checking(Checking),
    /// The places, from this place on ([`super::place`]).
    Place(super::Checked, Places, usize),
    Name(super::Checked, Places),
    /// From this location on.
    Connect(super::Checked, Places, usize),
    Assemble(super::Checked, Places),
    /// The checks on the built map, from this one on ([`BUILT_CHECKS`]).
    Check(Map, usize),
    Sort(Map),
    Done(Map, Vec<Diagnostic>),
}

impl<'a> Loading<'a> {
    /// A load of `text` as the top-level file `name`, `USE` resolved
    /// through `sources`, read as `dialect` reads it, reusing `parses` (the
    /// last load's) for files whose text is unchanged.
    pub fn new(
        name: &str,
        text: &str,
        sources: &'a dyn Sources,
        dialect: Dialect,
        parses: Parses,
    ) -> Loading<'a> {
        let mut loader = Loader::new(sources);
        loader.reuse = parses;
        Loading { name: Arc::from(name), dialect, loader, stage: Stage::Parse(Arc::from(text)) }
    }

    /// Does the next step, reading at most `lines` lines if it reads lines.
    /// Returns whether steps are left.
    #[cfg_attr(judgepad_size, optimize(size))]
    pub fn step(&mut self, lines: usize) -> bool {
        let stage = core::mem::replace(&mut self.stage, Stage::Checking(Checking::default()));
        self.stage = match stage {
            Stage::Parse(text) => match self.loader.known(self.loader.next_file(), &text) {
                Some(parse) => {
                    Stage::Lines(self.loader.open_parsed(self.name.to_string(), text, parse))
                }
                None => {
                    let parser = Parser::new(self.loader.next_file(), &text);
                    Stage::Parsing(text, parser)
                }
            },
            Stage::Parsing(text, mut parser) => {
                if parser.step(&text, lines) {
                    Stage::Parsing(text, parser)
                } else {
                    let parse = Arc::new(parser.finish());
                    Stage::Lines(self.loader.open_parsed(self.name.to_string(), text, parse))
                }
            }
            Stage::Lines(mut reading) => {
                if self.loader.read_lines(&mut reading, lines.max(1)) {
                    Stage::Lines(reading)
                } else {
                    self.loader.close_file(reading);
                    Stage::Checking(Checking::default())
                }
            }
            Stage::Checking(mut checking) => {
                if checking.step(&self.loader.raw, &mut self.loader.diags) {
                    Stage::Checking(checking)
                } else {
                    Stage::Place(checking.finish(), Places::new(&self.loader.raw), 0)
                }
            }
            Stage::Place(checked, mut places, from) => {
                let to = place(&self.loader.raw, &mut places, from, PLACED);
                if to < placing(&self.loader.raw) {
                    Stage::Place(checked, places, to)
                } else {
                    Stage::Name(checked, places)
                }
            }
            Stage::Name(checked, mut places) => {
                name_places(&self.loader.raw, &mut places);
                Stage::Connect(checked, places, 0)
            }
            Stage::Connect(checked, mut places, from) => {
                let to = connect(&self.loader.raw, &mut places, from, CONNECTED);
                if to < places.locations.len() {
                    Stage::Connect(checked, places, to)
                } else {
                    Stage::Assemble(checked, places)
                }
            }
            Stage::Assemble(checked, places) => {
                let files = core::mem::take(&mut self.loader.files);
                let raw = core::mem::take(&mut self.loader.raw);
                Stage::Check(assemble(&self.name, files, raw, checked, places), 0)
            }
            Stage::Check(mut map, next) => {
                BUILT_CHECKS[next](&mut map, &mut self.loader.diags);
                if next + 1 < BUILT_CHECKS.len() {
                    Stage::Check(map, next + 1)
                } else {
                    Stage::Sort(map)
                }
            }
            Stage::Sort(map) => {
                let mut diags = core::mem::take(&mut self.loader.diags);
                read_as(self.dialect, &map, &mut diags);
                Stage::Done(map, diags)
            }
            done @ Stage::Done(..) => done,
        };
        !matches!(self.stage, Stage::Done(..))
    }

    /// The dialect the load reads.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// What the next step does, in a word or two (tests count the steps
    /// of each kind): `parse`, `lines`, `checks`, `places`, `names`,
    /// `adjacencies`, `assembly`, `built checks`, `sort` or `done`.
    pub fn next_step(&self) -> &'static str {
        match self.stage {
            Stage::Parse(..) | Stage::Parsing(..) => "parse",
            Stage::Lines(..) => "lines",
            Stage::Checking(..) => "checks",
            Stage::Place(..) => "places",
            Stage::Name(..) => "names",
            Stage::Connect(..) => "adjacencies",
            Stage::Assemble(..) => "assembly",
            Stage::Check(..) => "built checks",
            Stage::Sort(..) => "sort",
            Stage::Done(..) => "done",
        }
    }

    /// The loaded map and its diagnostics (the steps left are done first),
    /// and this load's parses, for the next load to reuse.
    pub fn finish(mut self) -> (Map, Vec<Diagnostic>, Parses) {
        while self.step(usize::MAX) {}
        let parses = core::mem::take(&mut self.loader.parses);
        match self.stage {
            Stage::Done(map, diags) => (map, diags, parses),
            _ => unreachable!("the steps end in Done"),
        }
    }
}
