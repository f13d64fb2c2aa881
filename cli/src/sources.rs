//! Reading map files from disk: UTF-8 or latin-1, USE resolved from the
//! file's own folder first, then from the bundled corpus.

use std::path::{Path, PathBuf};

use judgepad_core::bundled;
use judgepad_core::map::Sources;
use judgepad_core::text::decode;

/// USE resolution for a file on disk.
pub(crate) struct FsSources {
    dir: PathBuf,
}

impl FsSources {
    pub(crate) fn new(dir: &Path) -> FsSources {
        FsSources { dir: dir.to_path_buf() }
    }
}

impl Sources for FsSources {
    fn source(&self, name: &str) -> Option<String> {
        // A USE name is a file name, never a path.
        if name.contains('/') || name.contains('\\') || name == ".." {
            return bundled::source(name);
        }
        match std::fs::read(self.dir.join(name)) {
            Ok(bytes) => Some(decode(&bytes).into_owned()),
            Err(_) => bundled::source(name),
        }
    }
}

/// A root map: its display path, file name, text and USE resolution.
pub(crate) struct Root {
    pub(crate) display: String,
    pub(crate) name: String,
    pub(crate) text: String,
    pub(crate) sources: FsSources,
}

/// Reads `arg`: a path, or the name of a bundled variant (`standard`).
pub(crate) fn read_root(arg: &str) -> Result<Root, String> {
    let path = Path::new(arg);
    match std::fs::read(path) {
        Ok(bytes) => {
            let name = path
                .file_name()
                .map_or_else(|| arg.to_string(), |it| it.to_string_lossy().into_owned());
            let dir = path.parent().unwrap_or(Path::new("."));
            Ok(Root {
                display: arg.to_string(),
                name,
                text: decode(&bytes).into_owned(),
                sources: FsSources::new(dir),
            })
        }
        Err(err) => {
            let name = if arg.contains('.') { arg.to_string() } else { format!("{arg}.map") };
            match bundled::source(&name) {
                Some(text) if !arg.contains('/') => Ok(Root {
                    display: format!("maps/{name}"),
                    name,
                    text,
                    sources: FsSources::new(Path::new("/nonexistent")),
                }),
                _ => Err(format!("cannot read `{arg}`: {err}")),
            }
        }
    }
}
