//! Diagnostics for terminals (rustc/gcc style) and for JSON consumers
//! (`judgepad check --json`, `judgepad.check`): byte spans become file names,
//! lines and columns here.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::{Value, json};

use crate::Diagnostic;
use crate::map::SourceFile;
use crate::text::{FileSpan, LineCol, LineIndex};

/// Line/column of both ends of a span in the loaded files.
#[allow(missing_docs)]
pub struct Position {
    pub file: String,
    pub start: LineCol,
    pub end: LineCol,
}

/// Resolves spans against the files of one load (root displayed as `root`;
/// the files it USEs are shown in the root's folder).
pub struct Locator<'a> {
    files: &'a [SourceFile],
    indexes: Vec<LineIndex>,
    root: &'a str,
    root_dir: String,
}

impl<'a> Locator<'a> {
    /// A locator for `files` (the root first).
    pub fn new(files: &'a [SourceFile], root: &'a str) -> Locator<'a> {
        let root_dir = match root.rfind('/') {
            Some(idx) => root[..=idx].to_string(),
            None => String::new(),
        };
        Locator {
            files,
            indexes: files.iter().map(|file| LineIndex::new(&file.text)).collect(),
            root,
            root_dir,
        }
    }

    /// Where `at` is.
    pub fn position(&self, at: FileSpan) -> Position {
        let idx = at.file.0 as usize;
        let Some(file) = self.files.get(idx) else {
            return Position {
                file: self.root.to_string(),
                start: LineCol::default(),
                end: LineCol::default(),
            };
        };
        let index = &self.indexes[idx];
        let name = if idx == 0 {
            self.root.to_string()
        } else {
            format!("{}{}", self.root_dir, file.name)
        };
        Position {
            file: name,
            start: index.line_col(&file.text, at.span.start),
            end: index.line_col(&file.text, at.span.end),
        }
    }

    /// `path:line:col: severity[code]: message` plus help and related lines.
    pub fn text(&self, diag: &Diagnostic) -> String {
        let pos = self.position(diag.primary.at);
        let mut res = format!(
            "{}:{}:{}: {}[{}]: {}",
            pos.file, pos.start.line, pos.start.char_col, diag.severity, diag.code, diag.message
        );
        for label in &diag.secondary {
            let other = self.position(label.at);
            res.push_str(&format!(
                "\n{}:{}:{}: note: {}",
                other.file, other.start.line, other.start.char_col, label.message
            ));
        }
        if let Some(help) = &diag.help {
            res.push_str(&format!("\n  help: {help}"));
        }
        res
    }

    /// `{file, line, column, end_line, end_column, severity, code, message}` (+ help, related, fix).
    pub fn json(&self, diag: &Diagnostic) -> Value {
        let pos = self.position(diag.primary.at);
        let mut value = json!({
            "file": pos.file,
            "line": pos.start.line,
            "column": pos.start.char_col,
            "end_line": pos.end.line,
            "end_column": pos.end.char_col,
            "severity": diag.severity.as_str(),
            "code": diag.code,
            "message": diag.message,
        });
        if let Some(help) = &diag.help {
            value["help"] = json!(help);
        }
        if !diag.secondary.is_empty() {
            value["related"] = diag
                .secondary
                .iter()
                .map(|label| {
                    let other = self.position(label.at);
                    json!({"file": other.file, "line": other.start.line, "column": other.start.char_col, "message": label.message})
                })
                .collect();
        }
        if let Some(fix) = &diag.fix {
            value["fix"] = json!({
                "description": fix.description,
                "edits": fix.edits.iter().map(|edit| {
                    let at = self.position(edit.at);
                    json!({"file": at.file, "line": at.start.line, "column": at.start.char_col,
                           "end_line": at.end.line, "end_column": at.end.char_col, "replacement": edit.replacement})
                }).collect::<Vec<_>>(),
            });
        }
        value
    }
}
