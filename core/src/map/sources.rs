//! Where map files come from: the caller supplies [`Sources`] (the core does
//! no IO), and every file read is kept as a [`SourceFile`] so spans can be
//! shown later.

use alloc::string::String;
use alloc::sync::Arc;

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
