//! The code editor: a transparent textarea (the text, the caret, selection,
//! IME, native accessibility) over a drawn layer of the same lines with the
//! core's syntax classes, squiggles under each diagnostic's span and the
//! other uses of the abbreviation at the caret. Only the lines in view are
//! drawn (a 1 MB file costs what a screenful costs). Line numbers beside;
//! hovering a squiggle shows its message and help; Ctrl/⌘+click on an
//! abbreviation goes to its definition; Ctrl+Z / Ctrl+Shift+Z undo and redo
//! across typing, fixes and pins.

use leptos::prelude::*;

use judgepad_core::syntax::highlight::{Highlight, highlight};

use crate::bridge::Analysis;
use crate::bridge::editor::{
    LineView, Mark, byte_offset, line_starts, lines, paste, province_key, uses, utf16_offset,
    visible_highlights, word_at,
};
use crate::doc::Doc;

/// Pixels per line (the CSS of `.code` says the same).
const LINE: f64 = 18.0;
/// Padding inside the text area, in pixels (the CSS says the same).
const PAD: f64 = 6.0;
/// Lines drawn beyond the visible ones, above and below.
const SLACK: usize = 12;
/// Files up to this size are coloured whole on each keystroke.
const WHOLE_FILE: usize = 256 * 1024;

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
    let height = RwSignal::new(800.0f64);
    // Colours for the whole file; a very large file is coloured a screenful
    // at a time (its lines in view, read on their own).
    let highlights: Memo<Vec<Highlight>> = Memo::new(move |_| {
        text.with(|t| {
            if t.len() <= WHOLE_FILE {
                return highlight(t);
            }
            let (top, _) = scroll.get();
            let first = ((top / LINE) as usize).saturating_sub(SLACK);
            let count = (height.get() / LINE) as usize + 2 * SLACK;
            starts.with(|s| visible_highlights(t, s, first, count))
        })
    });
    let caret = RwSignal::new(0usize);
    let char_width = StoredValue::new(7.8f64);
    let area = NodeRef::<leptos::html::Textarea>::new();
    let measure = NodeRef::<leptos::html::Span>::new();

    // Squiggles of the diagnostics in this file (primary and related).
    let marks = Memo::new(move |_| {
        let open = doc.open.get();
        analysis.with(|a| {
            let mut marks = Vec::new();
            for row in &a.diagnostics {
                if row.path == open {
                    let class = match row.severity {
                        "error" => "sq-error",
                        "warning" => "sq-warning",
                        _ => "sq-note",
                    };
                    marks.push(Mark { start: row.span.0, end: row.span.1, class });
                }
                for (path, span, _) in &row.related {
                    if *path == open {
                        marks.push(Mark { start: span.0, end: span.1, class: "sq-related" });
                    }
                }
            }
            marks
        })
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
    let window = move || {
        let (top, _) = scroll.get();
        let first = ((top / LINE) as usize).saturating_sub(SLACK);
        let count = (height.get() / LINE) as usize + 2 * SLACK;
        (first, count)
    };
    let drawn = move || -> Vec<LineView> {
        let (first, count) = window();
        let mut all = marks.get();
        all.extend(same.get());
        text.with(|t| starts.with(|s| highlights.with(|hl| lines(t, s, hl, &all, first, count))))
    };
    let offset = move || {
        let (top, left) = scroll.get();
        let (first, _) = window();
        format!("translate({}px, {}px)", -left, first as f64 * LINE - top)
    };
    let gutter_offset = move || {
        let (top, _) = scroll.get();
        let (first, _) = window();
        format!("translate(0, {}px)", first as f64 * LINE - top)
    };

    let sync_caret = move || {
        if let Some(el) = area.get_untracked() {
            let at = el.selection_start().ok().flatten().unwrap_or(0);
            caret.set(text.with_untracked(|t| byte_offset(t, at)));
        }
    };
    // The textarea's value follows the text, except for the change the
    // textarea itself just made (setting a large value again would make
    // the browser lay the whole text out once more).
    let echo = StoredValue::new(false);
    Effect::new(move |_| {
        let value = text.get();
        if echo.get_value() {
            echo.set_value(false);
            return;
        }
        if let Some(el) = area.get() {
            el.set_value(&value);
        }
    });
    let on_input = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        if text.with_untracked(|t| *t != value) {
            echo.set_value(true);
        }
        let file = doc.open.get_untracked();
        doc.change(Some(&file), |w| w.set(&file, value));
        sync_caret();
    };
    // A paste is put into the text here, not by the browser: Chromium's
    // textarea inserts pasted lines one by one, which took 3 s for a
    // 10,000-province map (454 KB) on this page; setting the value takes a
    // frame. The page keeps its own undo (a paste is one step).
    let on_paste = move |ev: leptos::ev::ClipboardEvent| {
        let Some(clip) = ev.clipboard_data().and_then(|data| data.get_data("text/plain").ok())
        else {
            return;
        };
        let Some(el) = area.get_untracked() else { return };
        let (Ok(Some(from)), Ok(Some(to))) = (el.selection_start(), el.selection_end()) else {
            return;
        };
        ev.prevent_default();
        let (value, at) = text.with_untracked(|t| paste(t, from, to, &clip));
        el.set_value(&value);
        let _ = el.set_selection_range(at, at);
        echo.set_value(true);
        let file = doc.open.get_untracked();
        doc.change(None, |w| w.set(&file, value));
        sync_caret();
    };
    let on_scroll = move |_| {
        if let Some(el) = area.get_untracked() {
            scroll.set((f64::from(el.scroll_top()), f64::from(el.scroll_left())));
            height.set(f64::from(el.client_height()));
        }
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        let command = ev.ctrl_key() || ev.meta_key();
        let key = ev.key().to_ascii_lowercase();
        if command && key == "z" {
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
        let key = province_key(&word).to_ascii_uppercase();
        let place = loaded.with_untracked(|l| {
            let loc = l.map.locations.iter().find(|loc| loc.abbr == key)?;
            let file = l.map.files.get(loc.at.file.0 as usize)?;
            Some((file.name.clone(), loc.at.span.start as usize, loc.at.span.end as usize))
        });
        if place.is_some() {
            ev.prevent_default();
            doc.reveal.set(place);
        }
    };
    // Hover: the message of the squiggle under the pointer, as a tooltip.
    let hover = RwSignal::new(String::new());
    let on_mousemove = move |ev: leptos::ev::MouseEvent| {
        let Some(el) = area.get_untracked() else { return };
        let rect = el.get_bounding_client_rect();
        let x = f64::from(ev.client_x()) - rect.left() + f64::from(el.scroll_left()) - PAD;
        let y = f64::from(ev.client_y()) - rect.top() + f64::from(el.scroll_top()) - PAD;
        if x < 0.0 || y < 0.0 {
            hover.set(String::new());
            return;
        }
        let line = (y / LINE) as usize;
        let column = (x / char_width.get_value()) as usize;
        let at = text.with_untracked(|t| {
            starts.with_untracked(|s| {
                let start = *s.get(line)?;
                let end = s.get(line + 1).map_or(t.len(), |n| n - 1);
                let mut col = 0usize;
                for (offset, ch) in t[start..end].char_indices() {
                    let width = if ch == '\t' { 8 - col % 8 } else { 1 };
                    if column < col + width {
                        return Some(start + offset);
                    }
                    col += width;
                }
                None
            })
        });
        let open = doc.open.get_untracked();
        let tip = at
            .and_then(|at| {
                analysis.with_untracked(|a| {
                    a.diagnostics
                        .iter()
                        .find(|row| {
                            row.path == open
                                && row.span.0 <= at
                                && at <= row.span.1.max(row.span.0 + 1)
                        })
                        .map(|row| {
                            let mut tip =
                                format!("{}[{}]: {}", row.severity, row.code, row.message);
                            if let Some(help) = &row.help {
                                tip.push('\n');
                                tip.push_str(help);
                            }
                            tip
                        })
                })
            })
            .unwrap_or_default();
        if hover.get_untracked() != tip {
            hover.set(tip);
        }
    };
    // Show a place asked for (a diagnostic clicked, a definition).
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
        let top = (line as f64 * LINE - f64::from(el.client_height()) / 3.0).max(0.0);
        el.set_scroll_top(top as i32);
        scroll.set((top, f64::from(el.scroll_left())));
        caret.set(start);
    });
    // The width of one character and the box's height, once the font is
    // there: measured a task later, as the page being built is not laid
    // out yet and reading it now forced its whole layout into the first
    // page's task (80 ms on a phone).
    Effect::new(move |_| {
        let (span, el) = (measure.get(), area.get());
        leptos::task::spawn_local(async move {
            crate::tasks::next_task().await;
            if let Some(span) = span {
                let width = span.get_bounding_client_rect().width() / 32.0;
                if width > 0.0 {
                    char_width.set_value(width);
                }
            }
            if let Some(el) = el {
                height.set(f64::from(el.client_height()).max(LINE));
            }
        });
    });
    let status = move || {
        let at = caret.get();
        let open = doc.open.get();
        let (line, col) = text.with(|t| {
            let at = at.min(t.len());
            let line_start = t[..at].rfind('\n').map_or(0, |i| i + 1);
            (t[..at].matches('\n').count() + 1, utf16_offset(&t[line_start..], at - line_start) + 1)
        });
        let here = analysis.with(|a| {
            a.diagnostics
                .iter()
                .find(|row| row.path == open && row.span.0 <= at && at <= row.span.1)
                .map(|row| format!(" — {}[{}]: {}", row.severity, row.code, row.message))
        });
        format!("Ln {line}, Col {col}{}", here.unwrap_or_default())
    };
    view! {
        <div class="code">
            <div class="gutter" aria-hidden="true">
                <div style:transform=gutter_offset>
                    <For
                        each=move || {
                            let (first, count) = window();
                            let total = starts.with(Vec::len);
                            first..(first + count).min(total)
                        }
                        key=|n: &usize| *n
                        let:n
                    >
                        <div class="num">{n + 1}</div>
                    </For>
                </div>
            </div>
            <div class="surface">
                <pre class="hl" aria-hidden="true">
                    <span class="measure" node_ref=measure>"MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM"</span>
                    <div style:transform=offset>
                        // Keyed by the line's number and pieces: a keystroke
                        // redraws the line it changed, not the screen.
                        <For each=drawn key=|line: &LineView| line.clone() let:line>
                            <div class="l">
                                {line.pieces.into_iter().map(|piece| {
                                    if piece.class.is_empty() {
                                        piece.text.into_any()
                                    } else {
                                        view! { <span class=piece.class>{piece.text}</span> }.into_any()
                                    }
                                }).collect_view()}
                            </div>
                        </For>
                    </div>
                </pre>
                <textarea
                    class="editor"
                    data-testid="editor"
                    node_ref=area
                    spellcheck="false"
                    autocomplete="off"
                    autocapitalize="off"
                    wrap="off"
                    aria-label=move || format!("contents of {}", doc.open.get())
                    title=move || hover.get()
                    on:input=on_input
                    on:paste=on_paste
                    on:scroll=on_scroll
                    on:keydown=on_keydown
                    on:keyup=move |_| sync_caret()
                    on:click=on_click
                    on:select=move |_| sync_caret()
                    on:mousemove=on_mousemove
                ></textarea>
            </div>
        </div>
        <div class="status" data-testid="editor-status" aria-live="polite">{status}</div>
    }
}
