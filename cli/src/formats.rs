//! Reading a file in any format judgepad knows (DPjudge, the package
//! dialect, nJudge map/seed, Xconq): the format is sniffed from the name and
//! text unless `--format` says it; an nJudge map finds its seed beside it
//! (and a seed its map). One place for `check` and `convert`.

use std::path::{Path, PathBuf};

use judgepad_core::format::{Format, sniff};
use judgepad_core::njudge;
use judgepad_core::text::decode;

/// An nJudge map and seed as read from disk.
pub(crate) struct NjudgePair {
    /// The map file's path as given (or found).
    pub(crate) map_path: String,
    /// Its text.
    pub(crate) map: String,
    /// The seed's path and text, if there is one.
    pub(crate) seed: Option<(String, String)>,
}

impl NjudgePair {
    /// Reads and converts the pair: the map and seed under their base names.
    pub(crate) fn convert(
        &self,
        powers: &njudge::PowerNames,
    ) -> (njudge::Conversion, Vec<judgepad_core::Diagnostic>) {
        let seed = self.seed.as_ref().map(|(path, text)| (base(path), text.as_str()));
        njudge::convert(
            (&base(&self.map_path), &self.map),
            seed.as_ref().map(|(name, text)| (name.as_str(), *text)),
            powers,
        )
    }
}

fn base(path: &str) -> String {
    Path::new(path)
        .file_name()
        .map_or_else(|| path.to_string(), |it| it.to_string_lossy().into_owned())
}

/// Reads a file from disk as text (UTF-8 or latin-1).
pub(crate) fn read_text(path: &str) -> Result<String, String> {
    std::fs::read(path)
        .map(|bytes| decode(&bytes).into_owned())
        .map_err(|err| format!("cannot read `{path}`: {err}"))
}

/// The format of the file at `path` (or `forced`); `None` when the path does
/// not exist (a bundled variant name, read as DPjudge).
pub(crate) fn format_of(path: &str, forced: Option<Format>) -> Option<Format> {
    if let Some(format) = forced {
        return Some(format);
    }
    let bytes = std::fs::read(path).ok()?;
    Some(sniff(&base(path), &decode(&bytes)))
}

/// Reads an nJudge pair from `path` (a map or a seed) and an optional seed
/// path; a missing partner is looked for beside the file.
pub(crate) fn read_njudge(
    path: &str,
    seed: Option<&str>,
    format: Format,
) -> Result<NjudgePair, String> {
    let dir = Path::new(path).parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let (map_path, seed_path) = if format == Format::NJudgeSeed {
        let map_name = njudge::map_name_for(&base(path)).ok_or_else(|| {
            format!("`{path}` is an nJudge seed file; give its map file (map.NAME) instead")
        })?;
        let map_path = dir.join(map_name).to_string_lossy().into_owned();
        if !Path::new(&map_path).exists() {
            return Err(format!(
                "`{path}` is an nJudge seed file and its map `{map_path}` is not beside it"
            ));
        }
        (map_path, Some(path.to_string()))
    } else {
        let seed = match seed {
            Some(seed) => Some(seed.to_string()),
            None => njudge::seed_name_for(&base(path))
                .map(|name| dir.join(name).to_string_lossy().into_owned())
                .filter(|it| Path::new(it).exists()),
        };
        (path.to_string(), seed)
    };
    let map = read_text(&map_path)?;
    let seed = match seed_path {
        Some(seed_path) => {
            let text = read_text(&seed_path)?;
            Some((seed_path, text))
        }
        None => None,
    };
    Ok(NjudgePair { map_path, map, seed })
}

/// Include resolution for Xconq files: the file's folder, by base name.
pub(crate) struct XconqSources {
    pub(crate) dir: PathBuf,
}

impl judgepad_core::map::Sources for XconqSources {
    fn source(&self, name: &str) -> Option<String> {
        if name.contains('/') || name.contains('\\') || name == ".." {
            return None;
        }
        std::fs::read(self.dir.join(name)).ok().map(|bytes| decode(&bytes).into_owned())
    }
}
