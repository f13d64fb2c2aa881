//! The files of the variant being edited: the user's own files over the
//! bundled ones. A bundled file is shown as it ships until the user edits
//! it; then the edit is the user's copy (marked changed, revertible). `USE`
//! resolves the user's files first, then the bundled ones, as the CLI does
//! with files beside the map.

use std::collections::BTreeMap;

use crate::library;
use judgepad_core::map::{Loading, Sources};

use super::Loaded;

/// A variant's files as the user has them.
#[derive(Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Workspace {
    /// The bundled variant it started from (its name, e.g. `standard`).
    pub variant: String,
    /// The top-level file (`standard.map`).
    pub root: String,
    /// The user's files: edited copies of bundled files, and new files.
    pub own: BTreeMap<String, String>,
}

/// Where a file's text comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Bundled, unchanged.
    Bundled,
    /// A bundled file the user changed.
    Changed,
    /// The user's own file (no bundled file of that name).
    New,
}

std::thread_local! {
    /// A load done ahead by [`Workspace::warm`], with its files.
    static WARM: std::cell::RefCell<Option<(Workspace, Loaded)>> = const { std::cell::RefCell::new(None) };
    /// The last load's parses: a keystroke in one file of a variant
    /// parses that file again, not all of them (`map::load_reusing`).
    static PARSES: std::cell::RefCell<judgepad_core::map::Parses> = std::cell::RefCell::default();
}

impl Workspace {
    /// A bundled variant, unchanged.
    pub fn bundled(variant: &str) -> Workspace {
        Workspace {
            variant: variant.to_string(),
            root: format!("{variant}.map"),
            own: BTreeMap::new(),
        }
    }

    /// A new variant called `name` (`my-variant` or `my-variant.map`): one
    /// file of the user's own, from a small template of two powers that
    /// plays as it is. A bundled variant's name is refused (its files
    /// would mix with the new one's).
    pub fn new_variant(name: &str) -> Result<Workspace, String> {
        let name = valid_name(name)?;
        let stem = name.strip_suffix(".map").unwrap_or(name);
        if stem.is_empty() {
            return Err("a variant needs a name".to_string());
        }
        let root = format!("{stem}.map");
        if library::is_bundled(&root) {
            return Err(format!("{stem} is a bundled variant: choose another name"));
        }
        Ok(Workspace {
            variant: stem.to_string(),
            own: BTreeMap::from([(root.clone(), NEW_VARIANT.to_string())]),
            root,
        })
    }

    /// The text of `name`: the user's, else the bundled one.
    pub fn text(&self, name: &str) -> Option<String> {
        self.own.get(name).cloned().or_else(|| library::Library.source(name))
    }

    /// Where `name` comes from, if it exists.
    pub fn origin(&self, name: &str) -> Option<Origin> {
        match (self.own.contains_key(name), library::is_bundled(name)) {
            (true, true) => Some(Origin::Changed),
            (true, false) => Some(Origin::New),
            (false, true) => Some(Origin::Bundled),
            (false, false) => None,
        }
    }

    /// Bytes of the user's own files (what an undo step holds).
    pub fn bytes(&self) -> usize {
        self.own.values().map(String::len).sum()
    }

    /// Whether anything differs from the bundled variant.
    pub fn is_edited(&self) -> bool {
        !self.own.is_empty()
    }

    /// Sets the text of `name`. A bundled file set back to its bundled text
    /// is no longer the user's copy.
    pub fn set(&mut self, name: &str, text: String) {
        if library::source(name).is_some_and(|it| it == text) {
            self.own.remove(name);
        } else {
            self.own.insert(name.to_string(), text);
        }
    }

    /// Changes the text of `name` with `change`.
    pub fn edit(&mut self, name: &str, change: impl FnOnce(&str) -> String) {
        let text = self.text(name).unwrap_or_default();
        let new = change(&text);
        if new != text {
            self.set(name, new);
        }
    }

    /// Drops the user's copy of a bundled file.
    pub fn revert(&mut self, name: &str) {
        self.own.remove(name);
    }

    /// Adds an empty file of the user's own.
    pub fn create(&mut self, name: &str) -> Result<(), String> {
        let name = valid_name(name)?;
        if self.origin(name).is_some() {
            return Err(format!("there is already a file called {name}"));
        }
        self.own.insert(name.to_string(), String::new());
        Ok(())
    }

    /// Renames one of the user's own files (a bundled file keeps its name:
    /// the variant's `USE` lines name it).
    pub fn rename(&mut self, old: &str, new: &str) -> Result<(), String> {
        let new = valid_name(new)?;
        if self.origin(old) != Some(Origin::New) {
            return Err(format!("{old} is a bundled file; only your own files can be renamed"));
        }
        if self.origin(new).is_some() {
            return Err(format!("there is already a file called {new}"));
        }
        let text = self.own.remove(old).unwrap_or_default();
        self.own.insert(new.to_string(), text);
        if self.root == old {
            // The top-level file names the variant.
            self.root = new.to_string();
            self.variant = new.strip_suffix(".map").unwrap_or(new).to_string();
        }
        Ok(())
    }

    /// Deletes one of the user's own files (or reverts a changed one).
    pub fn delete(&mut self, name: &str) {
        if name != self.root || self.origin(name) != Some(Origin::New) {
            self.own.remove(name);
        }
    }

    /// [`Workspace::load`], unless [`Workspace::warm`] has loaded these
    /// very files already (then that load, taken once).
    pub fn load_warm(&self) -> Loaded {
        let warm = WARM.with(|it| it.borrow_mut().take_if(|(files, _)| files == self));
        match warm {
            Some((_, loaded)) => loaded,
            None => self.load(),
        }
    }

    /// Loads these files ahead, for the next [`Workspace::load_warm`] of
    /// the same files: the page loads its first map in a task of its own,
    /// before it mounts (each is long on a phone).
    pub fn warm(self) {
        let loaded = self.load();
        WARM.with(|it| *it.borrow_mut() = Some((self, loaded)));
    }

    /// Loads the variant from its top-level file, in one go (the same map
    /// as [`Workspace::loading`] run to the end, without the steps' state
    /// machine, which stays in the map's part of the wasm).
    pub fn load(&self) -> Loaded {
        let (text, dialect) = self.root_text();
        let mut parses = PARSES.with(|it| it.take());
        let (map, diags) =
            judgepad_core::map::load_as_reusing(&self.root, &text, self, dialect, &mut parses);
        Workspace::keep(map, diags, dialect, parses)
    }

    /// A load of the variant to be done in steps ([`Workspace::loaded`]
    /// ends it), reusing the last load's parses.
    pub fn loading(&self) -> Loading<'_> {
        let (text, dialect) = self.root_text();
        let parses = PARSES.with(|it| it.take());
        Loading::new(&self.root, &text, self, dialect, parses)
    }

    /// The map a load in steps ends in (the steps left done first); its
    /// parses are kept for the next load.
    pub fn loaded(loading: Loading<'_>) -> Loaded {
        let dialect = loading.dialect();
        let (map, diags, parses) = loading.finish();
        Workspace::keep(map, diags, dialect, parses)
    }

    /// The top-level file's text and the dialect it is read in: a file in
    /// the diplomacy package's dialect is read as the package reads it (its
    /// errors where it refuses what DPjudge takes).
    fn root_text(&self) -> (String, judgepad_core::map::Dialect) {
        let text = self.text(&self.root).unwrap_or_default();
        let dialect = judgepad_core::format::dialect_of(&text);
        (text, dialect)
    }

    /// A load's result, its parses kept for the next load.
    fn keep(
        map: judgepad_core::map::Map,
        diags: Vec<judgepad_core::diagnostics::Diagnostic>,
        dialect: judgepad_core::map::Dialect,
        parses: judgepad_core::map::Parses,
    ) -> Loaded {
        PARSES.with(|it| *it.borrow_mut() = parses);
        Loaded { map: std::sync::Arc::new(map), diags, dialect }
    }

    /// The files to show as tabs: the ones the map read (top-level first,
    /// then each `USE` in reading order), then the user's other files.
    pub fn tabs(&self, loaded: &Loaded) -> Vec<String> {
        let mut tabs: Vec<String> = Vec::new();
        let mut push = |name: &str| {
            if !tabs.iter().any(|it| it == name) {
                tabs.push(name.to_string());
            }
        };
        push(&self.root);
        for file in &loaded.map.files {
            if self.origin(&file.name).is_some() {
                push(&file.name);
            }
        }
        for name in self.own.keys() {
            push(name);
        }
        tabs
    }
}

impl Workspace {
    /// The variant as one file: each `USE` line (and `MAP` line) replaced by
    /// the text of the files it names, recursively, between comment lines
    /// that say where each part came from. A file named twice is inlined
    /// once (DPjudge reads a file once); a missing one is left as it was.
    pub fn inline(&self) -> String {
        let mut out = String::new();
        let mut seen = vec![self.root.clone()];
        let text = self.text(&self.root).unwrap_or_default();
        self.inline_into(&text, &mut seen, &mut out);
        out
    }

    fn inline_into(&self, text: &str, seen: &mut Vec<String>, out: &mut String) {
        use judgepad_core::syntax::{LineKind, parse};
        use judgepad_core::text::FileId;
        let parsed = parse(FileId(0), text);
        let mut at = 0usize;
        for line in &parsed.lines {
            if !matches!(line.kind, LineKind::Use(_)) {
                continue;
            }
            let start = text[..line.span.start as usize].rfind('\n').map_or(0, |i| i + 1);
            let end = text[line.span.end as usize..]
                .find('\n')
                .map_or(text.len(), |i| line.span.end as usize + i + 1);
            out.push_str(&text[at..start]);
            at = end;
            let written = &text[start..end];
            let mut kept = false;
            for word in line.words.iter().skip(1) {
                let mut name = word.text(text).to_string();
                if !name.contains('.') {
                    name.push_str(".map");
                }
                match self.text(&name) {
                    Some(body) if !seen.contains(&name) => {
                        seen.push(name.clone());
                        out.push_str(&format!("# ---- {name} (inlined by judgepad) ----\n"));
                        self.inline_into(&body, seen, out);
                        if !body.ends_with('\n') {
                            out.push('\n');
                        }
                        out.push_str(&format!("# ---- end of {name} ----\n"));
                    }
                    _ => kept = true,
                }
            }
            if kept {
                out.push_str(written);
                if !written.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        out.push_str(&text[at..]);
    }

    /// Files opened by the user (name and bytes). A `.map` among them starts
    /// a new variant rooted at it (the first by name), with all of them as
    /// the user's files; otherwise they join the current variant. Returns
    /// the workspace and, per file, how its bytes were read.
    pub fn with_opened(&self, files: &[(String, Vec<u8>)]) -> (Workspace, Vec<String>) {
        let mut notes = Vec::new();
        let mut decoded: Vec<(String, String)> = Vec::new();
        for (name, bytes) in files {
            let utf8 = std::str::from_utf8(bytes).is_ok();
            let text = judgepad_core::text::decode(bytes).into_owned();
            notes.push(format!(
                "{name}: {}",
                if utf8 { "UTF-8" } else { "not UTF-8, read as latin-1" }
            ));
            decoded.push((name.clone(), text));
        }
        judgepad_core::sorting::sort(&mut decoded);
        let root = decoded.iter().find(|(name, _)| name.ends_with(".map")).map(|(n, _)| n.clone());
        let mut next = match &root {
            Some(root) => Workspace {
                variant: root.strip_suffix(".map").unwrap_or(root).to_string(),
                root: root.clone(),
                own: BTreeMap::new(),
            },
            None => self.clone(),
        };
        for (name, text) in decoded {
            next.own.insert(name, text);
        }
        (next, notes)
    }
}

impl Sources for Workspace {
    fn source(&self, name: &str) -> Option<String> {
        self.text(name)
    }
}

/// What "New variant" starts from.
pub const NEW_VARIANT: &str = include_str!("new-variant.map");

/// A file name the user may give: not empty, no path separators.
fn valid_name(name: &str) -> Result<&str, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("a file needs a name".to_string());
    }
    if name.contains(['/', '\\']) || name.starts_with('.') {
        return Err(format!("`{name}` is not a plain file name (no folders, no leading dot)"));
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_files_become_own_copies_and_revert() {
        let mut ws = Workspace::bundled("standard");
        let loaded = ws.load();
        assert!(loaded.diags.is_empty());
        assert_eq!(
            ws.tabs(&loaded),
            ["standard.map", "standard.politics", "standard.geography", "standard.military"]
        );
        assert_eq!(ws.origin("standard.geography"), Some(Origin::Bundled));
        ws.edit("standard.geography", str::to_string);
        assert!(!ws.is_edited(), "an edit that changes nothing is no copy");
        ws.edit("standard.geography", |t| format!("{t}\nLAND XYZ ABUTS par\n"));
        assert_eq!(ws.origin("standard.geography"), Some(Origin::Changed));
        assert!(ws.load().diags.iter().any(|d| d.primary.at.file.0 == 2));
        ws.revert("standard.geography");
        assert!(!ws.is_edited());
        assert!(ws.load().diags.is_empty());
    }

    #[test]
    fn the_variant_inlines_into_one_file_that_loads_the_same() {
        let ws = Workspace::bundled("standard");
        let one = ws.inline();
        assert!(!one.lines().any(|l| l.trim_start().to_ascii_uppercase().starts_with("USE")));
        let (map, diags) =
            judgepad_core::map::load("one.map", &one, &judgepad_core::map::NoSources);
        assert!(diags.is_empty(), "{diags:?}");
        let whole = ws.load().map;
        assert_eq!(map.locations.len(), whole.locations.len());
        assert_eq!(map.powers.len(), whole.powers.len());
        assert_eq!(map.supply_centers, whole.supply_centers);
    }

    #[test]
    fn opened_files_start_a_variant_and_say_how_they_were_read() {
        let ws = Workspace::bundled("standard");
        let files = vec![
            ("mine.map".to_string(), b"USE standard\nMAP mine\n".to_vec()),
            ("notes.txt".to_string(), vec![b'P', 0xe9]),
        ];
        let (next, notes) = ws.with_opened(&files);
        assert_eq!(next.root, "mine.map");
        assert_eq!(next.text("notes.txt").as_deref(), Some("Pé"));
        assert_eq!(notes, ["mine.map: UTF-8", "notes.txt: not UTF-8, read as latin-1"]);
        let (same, _) = ws.with_opened(&files[1..]);
        assert_eq!(same.root, "standard.map");
    }

    #[test]
    fn a_new_variant_plays_as_it_is_and_is_renamed_as_a_whole() {
        let mut ws = Workspace::new_variant("atlantis").unwrap();
        assert_eq!((ws.variant.as_str(), ws.root.as_str()), ("atlantis", "atlantis.map"));
        let loaded = ws.load();
        assert!(loaded.diags.is_empty(), "{:?}", loaded.diags);
        assert_eq!(
            (loaded.map.powers.len(), loaded.map.supply_centers.len(), loaded.map.provinces.len()),
            (2, 5, 7)
        );
        let game = crate::bridge::game_of(&loaded).expect("it plays");
        assert_eq!(game.board.pieces.len(), 4);
        let drawing = judgepad_core::layout::layout(&loaded.map, &[]);
        assert!(drawing.pin_conflicts.is_empty());
        assert_eq!(ws.origin("atlantis.map"), Some(Origin::New));
        ws.rename("atlantis.map", "lemuria.map").unwrap();
        assert_eq!((ws.variant.as_str(), ws.root.as_str()), ("lemuria", "lemuria.map"));
        assert!(Workspace::new_variant("standard").is_err());
        assert!(Workspace::new_variant("imperial.map").is_err());
        assert!(Workspace::new_variant(" ").is_err());
        assert!(Workspace::new_variant(".map").is_err());
    }

    #[test]
    fn own_files_resolve_first_and_can_be_renamed() {
        let mut ws = Workspace::bundled("standard");
        ws.create("mine.extra").unwrap();
        assert!(ws.create("mine.extra").is_err());
        assert!(ws.create("../x").is_err());
        ws.edit("standard.map", |t| format!("{t}USE mine.extra\n"));
        ws.edit("mine.extra", |_| "Atlantis = atl\nWATER ATL\n".to_string());
        let loaded = ws.load();
        assert!(loaded.map.locations.iter().any(|loc| loc.abbr == "ATL"));
        assert!(ws.tabs(&loaded).contains(&"mine.extra".to_string()));
        assert!(ws.rename("standard.geography", "x").is_err());
        ws.rename("mine.extra", "mine.more").unwrap();
        assert_eq!(ws.origin("mine.more"), Some(Origin::New));
        ws.delete("mine.more");
        assert_eq!(ws.origin("mine.more"), None);
    }
}
