//! The editor's rows: whether lines wrap (the choice, unless the file is
//! too large to colour whole), the first row of each line
//! (`bridge::wrap::tops`), the lines drawn (those in view and `SLACK`
//! more each way) and where the first of them is. The text area scrolls
//! afresh when its rows change (wrap turned on or off, a narrower box):
//! where it is now is read a task later. A place asked for (a diagnostic
//! clicked, a definition) is scrolled to its row.

use leptos::prelude::*;

use crate::bridge::editor::{LineView, utf16_offset};
use crate::bridge::wrap::{self, Wrap};
use crate::doc::Doc;
use crate::editor_box::{EditorBox, LINE, PAD, WrapChoice};

/// Lines drawn beyond the visible ones, above and below.
const SLACK: usize = 12;
/// Files up to this size are coloured whole on each keystroke (and
/// wrapped; a larger one is drawn a screenful of lines at a time).
pub const WHOLE_FILE: usize = 256 * 1024;

/// The editor's rows.
#[derive(Clone, Copy)]
pub struct EditorRows {
    /// How lines wrap now (`None`: they do not).
    pub wrapping: Memo<Option<Wrap>>,
    /// The first row of each line, then the number of rows.
    pub tops: Memo<Vec<usize>>,
    /// The first line drawn and how many.
    pub window: Memo<(usize, usize)>,
    /// Whether the file is too large to wrap.
    pub big: Memo<bool>,
    /// The user's choice.
    pub choice: WrapChoice,
}

impl EditorRows {
    /// The rows of `text` (lines at `starts`) in `boxed`, scrolled to
    /// `scroll` (top, left); `area` is read again when the rows change.
    pub fn new(
        text: Memo<String>,
        starts: Memo<Vec<usize>>,
        scroll: RwSignal<(f64, f64)>,
        boxed: EditorBox,
        area: NodeRef<leptos::html::Textarea>,
    ) -> EditorRows {
        let choice = WrapChoice::stored();
        let big = Memo::new(move |_| text.with(|t| t.len() > WHOLE_FILE));
        let wrapping = Memo::new(move |_| {
            (choice.on.get() && !big.get())
                .then(|| Wrap { cols: boxed.cols.get(), tabs: boxed.tabs.get() })
        });
        let tops =
            Memo::new(move |_| text.with(|t| starts.with(|s| wrap::tops(t, s, wrapping.get()))));
        let window = Memo::new(move |_| {
            let (top, _) = scroll.get();
            let bottom = top + boxed.height.get();
            tops.with(|tops| {
                let first = wrap::line_at(tops, (top / LINE) as usize).saturating_sub(SLACK);
                let last = wrap::line_at(tops, (bottom / LINE) as usize) + SLACK + 1;
                (first, last.min(tops.len() - 1).saturating_sub(first))
            })
        });
        Effect::new(move |_| {
            wrapping.track();
            leptos::task::spawn_local(async move {
                crate::tasks::next_task().await;
                if let Some(el) = area.get_untracked() {
                    let now = (f64::from(el.scroll_top()), f64::from(el.scroll_left()));
                    if scroll.get_untracked() != now {
                        scroll.set(now);
                    }
                }
            });
        });
        EditorRows { wrapping, tops, window, big, choice }
    }

    /// How far the first line drawn is from the top of the box, in
    /// pixels, at scroll `top`.
    pub fn first_top(&self, top: f64) -> f64 {
        let (first, _) = self.window.get();
        self.tops.with(|tops| tops[first] as f64 * LINE - top)
    }

    /// Shows the place `doc.reveal` asks for (a diagnostic clicked, a
    /// definition): opens its file, selects it in `area` and scrolls it to a
    /// third of the box's height.
    pub fn reveal(
        self,
        doc: Doc,
        text: Memo<String>,
        area: NodeRef<leptos::html::Textarea>,
        scroll: RwSignal<(f64, f64)>,
        caret: RwSignal<usize>,
    ) {
        Effect::new(move |_| {
            let Some((file, start, end)) = doc.reveal.get() else { return };
            if doc.open.get() != file {
                doc.open.set(file);
                return; // runs again once the file is open
            }
            doc.reveal.set(None);
            let Some(el) = area.get_untracked() else { return };
            let (a, b, line) = text.with_untracked(|t| {
                let line = t[..start.min(t.len())].matches('\n').count();
                (utf16_offset(t, start), utf16_offset(t, end), line)
            });
            // The value may not be on the element yet (a file just opened).
            let value = text.get_untracked();
            if el.value() != value {
                el.set_value(&value);
            }
            let _ = el.focus();
            let _ = el.set_selection_range(a, b);
            let row = self.tops.with_untracked(|tops| tops.get(line).copied().unwrap_or(0));
            let top = (row as f64 * LINE - f64::from(el.client_height()) / 3.0).max(0.0);
            el.set_scroll_top(top as i32);
            scroll.set((top, f64::from(el.scroll_left())));
            caret.set(start);
        });
    }

    /// The byte of `text` (lines at `starts`) under client point `point`
    /// in text area `el`, characters `char_width` wide.
    pub fn byte_at(
        &self,
        el: &web_sys::HtmlTextAreaElement,
        point: (f64, f64),
        char_width: f64,
        text: Memo<String>,
        starts: Memo<Vec<usize>>,
    ) -> Option<usize> {
        let rect = el.get_bounding_client_rect();
        let x = point.0 - rect.left() + f64::from(el.scroll_left()) - PAD;
        let y = point.1 - rect.top() + f64::from(el.scroll_top()) - PAD;
        if x < 0.0 || y < 0.0 || char_width <= 0.0 {
            return None;
        }
        let (row, column) = ((y / LINE) as usize, (x / char_width) as usize);
        let wrap = self.wrapping.get_untracked();
        text.with_untracked(|t| {
            starts.with_untracked(|s| {
                self.tops.with_untracked(|tops| wrap::offset_at_row(t, s, tops, wrap, row, column))
            })
        })
    }

    /// `views` with the rows each takes.
    pub fn with_rows(&self, views: Vec<LineView>) -> Vec<(LineView, usize)> {
        self.tops.with(|tops| {
            views
                .into_iter()
                .map(|v| (tops[v.number + 1] - tops[v.number], v))
                .map(|(r, v)| (v, r))
                .collect()
        })
    }
}
