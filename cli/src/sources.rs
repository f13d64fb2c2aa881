//! Reading map files from disk: UTF-8 or latin-1, USE resolved from the
//! file's own folder first, then from the bundled corpus. The one resolver
//! of map names for every command (`check`, `dump`, `phases`, `adjudicate`).

use std::path::{Path, PathBuf};

use judgepad_core::api::{Locator, Resolver, Root, bundled_root};
use judgepad_core::bundled;
use judgepad_core::map::{Map, Sources};
use judgepad_core::text::decode;

/// USE resolution for a file on disk: its folder, then the bundled files.
pub(crate) struct FsSources {
    dir: PathBuf,
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

/// Reads and loads `arg` (see [`read_root`]), printing its errors to
/// stderr: the root, the map, and whether the map has errors.
pub(crate) fn load_root(arg: &str) -> Result<(Root, Map, bool), String> {
    let root = read_root(arg)?;
    let (map, diags) = judgepad_core::map::load(&root.name, &root.text, &*root.sources);
    let locator = Locator::new(&map.files, &root.display);
    let mut errors = false;
    for diag in diags.iter().filter(|it| it.is_error()) {
        eprintln!("{}", locator.text(diag));
        errors = true;
    }
    Ok((root, map, errors))
}

/// Reads `arg`: a path, or the name of a bundled variant (`standard`).
pub(crate) fn read_root(arg: &str) -> Result<Root, String> {
    let path = Path::new(arg);
    match std::fs::read(path) {
        Ok(bytes) => {
            let name = path
                .file_name()
                .map_or_else(|| arg.to_string(), |it| it.to_string_lossy().into_owned());
            let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
            Ok(Root {
                display: arg.to_string(),
                name,
                text: decode(&bytes).into_owned(),
                sources: Box::new(FsSources { dir }),
            })
        }
        Err(err) => bundled_root(arg).ok_or_else(|| format!("cannot read `{arg}`: {err}")),
    }
}

/// [`read_root`] as the batch interface's resolver.
pub(crate) struct FsResolver;

impl Resolver for FsResolver {
    fn resolve(&self, name: &str) -> Result<Root, String> {
        read_root(name)
    }

    fn sources(&self) -> Box<dyn judgepad_core::map::Sources> {
        Box::new(judgepad_core::bundled::Bundled)
    }
}
