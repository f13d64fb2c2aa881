//! A load in steps: [`Loading`] reads the top-level file so many lines at a
//! time, so a caller that must not block for the whole of a big map (the
//! page's main thread, which answers keys between steps) can spread it
//! over several tasks. Its map and diagnostics are [`super::load_as_reusing`]'s,
//! bit for bit: that function is this one run to the end.

use alloc::string::ToString;
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::dialect::{Dialect, package};
use super::load::{Loader, Reading};
use super::{Map, Parses, Places, Sources, assemble, check_built, connect, places, validate};
use crate::diagnostics::{self, Diagnostic};

/// How many locations' adjacencies a step connects.
const CONNECTED: usize = 4096;

/// A load under way. Each [`Loading::step`] is one of: the top-level
/// file's parse; up to so many of its lines (a `USE` among them reads the
/// whole used file); the checks on the loader state; the map's places;
/// their names and the adjacencies of [`CONNECTED`] locations, then of as
/// many more a step; the rest of the map; the checks on it. Then
/// [`Loading::finish`] hands the result over.
pub struct Loading<'a> {
    name: Arc<str>,
    dialect: Dialect,
    loader: Loader<'a>,
    stage: Stage,
}

enum Stage {
    Parse(Arc<str>),
    Lines(Reading),
    Build,
    Place(super::Checked),
    /// From this location on.
    Connect(super::Checked, Places, usize),
    Assemble(super::Checked, Places),
    Check(Map),
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
        let stage = core::mem::replace(&mut self.stage, Stage::Build);
        self.stage = match stage {
            Stage::Parse(text) => Stage::Lines(self.loader.open_file(self.name.to_string(), text)),
            Stage::Lines(mut reading) => {
                if self.loader.read_lines(&mut reading, lines.max(1)) {
                    Stage::Lines(reading)
                } else {
                    self.loader.close_file(reading);
                    Stage::Build
                }
            }
            Stage::Build => {
                Stage::Place(validate::check_raw(&self.loader.raw, &mut self.loader.diags))
            }
            Stage::Place(checked) => Stage::Connect(checked, places(&self.loader.raw), 0),
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
                Stage::Check(assemble(&self.name, files, raw, checked, places))
            }
            Stage::Check(mut map) => {
                let mut diags = core::mem::take(&mut self.loader.diags);
                check_built(&mut map, &mut diags);
                diagnostics::sort(&mut diags);
                if self.dialect == Dialect::Package {
                    package(&map, &mut diags);
                    diagnostics::sort(&mut diags);
                }
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

    /// Whether the next step builds the map (any part) or checks it:
    /// the longest steps of a big map's load (a caller yielding between
    /// steps gives each a task of its own).
    pub fn building(&self) -> bool {
        matches!(
            self.stage,
            Stage::Build
                | Stage::Place(..)
                | Stage::Connect(..)
                | Stage::Assemble(..)
                | Stage::Check(..)
        )
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
