//! The code editor: a transparent textarea (the text, the caret, selection,
//! IME, native accessibility) over a drawn layer of the same lines with the
//! core's syntax classes, squiggles under each diagnostic's span and the
//! other uses of the abbreviation at the caret. Only the lines in view are
//! drawn (a 1 MB file costs what a screenful costs). Line numbers beside;
//! hovering a squiggle shows its message and help; Ctrl/⌘+click on an
//! abbreviation goes to its definition; Ctrl+Z / Ctrl+Shift+Z undo and redo
//! across typing, fixes and pins. Long lines wrap (Alt+Z or the Wrap button
//! turns it off; kept in the browser's storage): both layers wrap at the
//! same character and `bridge::wrap` says how many rows each line takes,
//! so only the lines in view are drawn still (`editor_rows`). The text
//! area's value and what is typed or pasted into it: `editor_input`.

use leptos::prelude::*;

use judgepad_core::syntax::highlight::{Highlight, highlight};

use crate::bridge::Analysis;
use crate::bridge::editor::{
    LineView, byte_offset, definition, line_starts, lines, marks_of, status_line, tip_at, uses,
    visible_highlights, word_at,
};
use crate::components::editor_foot::EditorFoot;
use crate::components::editor_gutter::EditorGutter;
use crate::components::editor_layer::EditorLayer;
use crate::doc::Doc;
use crate::editor_box::{self, px};
use crate::editor_input;
use crate::editor_rows::EditorRows;
use crate::editor_rows::WHOLE_FILE;

/// The editor of the open file.
#[component]
pub fn Editor(
    /// The document.
    doc: Doc,
    /// The analysis of the settled files (squiggles).
    analysis: Memo<Analysis>,
    /// The loaded map (definitions for go-to-definition).
    loaded: Memo<crate::bridge::Loaded>,
) -> impl IntoView {
    let text = Memo::new(move |_| {
        let open = doc.open.get();
        doc.workspace.with(|w| w.text(&open).unwrap_or_default())
    });
    let starts = Memo::new(move |_| text.with(|t| line_starts(t)));
    let scroll = RwSignal::new((0.0f64, 0.0f64));
    let area = NodeRef::<leptos::html::Textarea>::new();
    let measure = NodeRef::<leptos::html::Span>::new();
    let boxed = editor_box::measured(area, measure);
    let height = boxed.height;
    let rows = EditorRows::new(text, starts, scroll, boxed, area);
    let EditorRows { wrapping, tops, window, big, choice } = rows;
    // Colours for the whole file; a very large file is coloured a screenful
    // at a time (the lines drawn, read on their own).
    let highlights: Memo<Vec<Highlight>> = Memo::new(move |_| {
        text.with(|t| {
            if t.len() <= WHOLE_FILE {
                return highlight(t);
            }
            let (first, count) = window.get();
            starts.with(|s| visible_highlights(t, s, first, count))
        })
    });
    let caret = RwSignal::new(0usize);
    // Squiggles of the diagnostics in this file (primary and related).
    let marks = Memo::new(move |_| {
        let open = doc.open.get();
        analysis.with(|a| marks_of(&a.diagnostics, &open))
    });
    // The other uses of the abbreviation at the caret.
    let same = Memo::new(move |_| {
        let at = caret.get();
        text.with(|t| {
            highlights.with(|hl| match word_at(hl, at) {
                Some(word) if word.class == judgepad_core::syntax::highlight::Class::Abbr => {
                    uses(t, hl, word.span.text(t))
                }
                _ => Vec::new(),
            })
        })
    });
    let drawn = move || -> Vec<(LineView, usize)> {
        let (first, count) = window.get();
        let mut all = marks.get();
        all.extend(same.get());
        let views = text
            .with(|t| starts.with(|s| highlights.with(|hl| lines(t, s, hl, &all, first, count))));
        rows.with_rows(views)
    };
    let offset = move || {
        format!("translate({}, {})", px(-scroll.get().1), px(rows.first_top(scroll.get().0)))
    };
    let gutter_offset =
        Signal::derive(move || format!("translate(0, {})", px(rows.first_top(scroll.get().0))));
    let row_width = move || wrapping.get().map(|_| px(boxed.row_width())).unwrap_or_default();
    let pad_right = move |layer: bool| {
        let (area, under) = boxed.pad_right.get();
        wrapping.get().map(|_| px(if layer { under } else { area })).unwrap_or_default()
    };
    let sync_caret = move || {
        if let Some(el) = area.get_untracked() {
            let at = el.selection_start().ok().flatten().unwrap_or(0);
            caret.set(text.with_untracked(|t| byte_offset(t, at)));
        }
    };
    // The text into the text area, and what is typed or pasted there back
    // into the text (`editor_input`).
    let (on_input, on_paste, on_before_input) =
        editor_input::text_in_area(doc, text, area, rows, boxed, sync_caret);
    let on_scroll = move |_| {
        if let Some(el) = area.get_untracked() {
            scroll.set((f64::from(el.scroll_top()), f64::from(el.scroll_left())));
            height.set(f64::from(el.client_height()));
        }
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        let command = ev.ctrl_key() || ev.meta_key();
        let key = ev.key().to_ascii_lowercase();
        if ev.alt_key() && !command && key == "z" {
            ev.prevent_default();
            choice.toggle();
        } else if command && key == "z" {
            ev.prevent_default();
            if ev.shift_key() { doc.redo() } else { doc.undo() }
        } else if command && key == "y" {
            ev.prevent_default();
            doc.redo();
        }
    };
    // Ctrl/⌘+click: the definition of the abbreviation under the caret.
    let on_click = move |ev: leptos::ev::MouseEvent| {
        sync_caret();
        if !(ev.ctrl_key() || ev.meta_key()) {
            return;
        }
        let at = caret.get_untracked();
        let word = text.with_untracked(|t| {
            highlights.with_untracked(|hl| word_at(hl, at).map(|w| w.span.text(t).to_string()))
        });
        let Some(word) = word else { return };
        let place = loaded.with_untracked(|l| definition(&l.map, &word));
        if place.is_some() {
            ev.prevent_default();
            doc.reveal.set(place);
        }
    };
    // Hover: the message of the squiggle under the pointer, as a tooltip.
    let hover = RwSignal::new(String::new());
    let on_mousemove = move |ev: leptos::ev::MouseEvent| {
        let Some(el) = area.get_untracked() else { return };
        let point = (f64::from(ev.client_x()), f64::from(ev.client_y()));
        let at = rows.byte_at(&el, point, boxed.char_width.get_untracked(), text, starts);
        let open = doc.open.get_untracked();
        let tip = at
            .map(|at| analysis.with_untracked(|a| tip_at(&a.diagnostics, &open, at)))
            .unwrap_or_default();
        if hover.get_untracked() != tip {
            hover.set(tip);
        }
    };
    // Show a place asked for (a diagnostic clicked, a definition).
    rows.reveal(doc, text, area, scroll, caret);
    let status = Signal::derive(move || {
        let (at, open) = (caret.get(), doc.open.get());
        text.with(|t| analysis.with(|a| status_line(t, at, &a.diagnostics, &open)))
    });
    view! {
        <div class="code" data-rows=move || tops.with(|t| t.last().copied().unwrap_or(0))>
            <EditorGutter window=window.into() tops=tops shift=gutter_offset />
            <div class="surface">
                <EditorLayer drawn=Signal::derive(drawn) shift=Signal::derive(offset)
                    wrapped=Signal::derive(move || wrapping.get().is_some())
                    pad_right=Signal::derive(move || pad_right(true)) row_width=Signal::derive(row_width)
                    sample=measure />
                <textarea
                    class=move || editor_input::looks(wrapping.get().is_some()).0
                    data-testid="editor"
                    node_ref=area
                    spellcheck="false"
                    autocomplete="off"
                    autocapitalize="off"
                    wrap=move || editor_input::looks(wrapping.get().is_some()).1
                    style:padding-right=move || pad_right(false)
                    aria-label=move || format!("contents of {}", doc.open.get())
                    title=move || hover.get()
                    on:input=on_input
                    on:paste=on_paste
                    on:beforeinput=on_before_input
                    on:scroll=on_scroll
                    on:keydown=on_keydown
                    on:keyup=move |_| sync_caret()
                    on:click=on_click
                    on:select=move |_| sync_caret()
                    on:mousemove=on_mousemove
                ></textarea>
            </div>
        </div>
        <EditorFoot status=status wrap=choice big=big.into() />
    }
}
