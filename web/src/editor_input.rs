//! The editor's text area and the text: the text area's value follows the
//! open file's text (except for the change the text area itself just
//! made: setting a large value again makes the browser lay the whole text
//! out once more), what is typed there goes back into the text, and a
//! paste is put into the text by the page, not by the browser.

use leptos::prelude::*;

use crate::bridge::editor::paste;
use crate::doc::Doc;
use crate::editor_box::EditorBox;
use crate::editor_rows::{EditorRows, WHOLE_FILE};

/// Keeps `area`'s value on `text` (the open file of `doc`), and gives the
/// text area's input and paste handlers; `sync_caret` reads the caret
/// from the text area after each change.
pub fn text_in_area(
    doc: Doc,
    text: Memo<String>,
    area: NodeRef<leptos::html::Textarea>,
    rows: EditorRows,
    boxed: EditorBox,
    sync_caret: impl Fn() + Copy + 'static,
) -> (
    impl Fn(leptos::ev::Event) + Copy + 'static,
    impl Fn(leptos::ev::ClipboardEvent) + Copy + 'static,
) {
    // The textarea's value follows the text, except for the change the
    // textarea itself just made (setting a large value again would make
    // the browser lay the whole text out once more).
    let echo = StoredValue::new(false);
    // A value that crosses the size past which lines do not wrap: the text
    // area takes its new wrap before it takes the value, so the browser
    // lays the text out once, not once per wrap (a 10,000-province paste:
    // one layout of its 20,000 lines is a 200 ms task).
    let put = move |el: &web_sys::HtmlTextAreaElement, value: &str| {
        let will_wrap = rows.choice.on.get_untracked() && value.len() <= WHOLE_FILE;
        if will_wrap != rows.wrapping.get_untracked().is_some() {
            let (class, wrap) = looks(will_wrap);
            el.set_class_name(class);
            let _ = el.set_attribute("wrap", wrap);
            let style = web_sys::HtmlElement::style(el);
            let pad = will_wrap.then(|| format!("{}px", boxed.pad_right.get_untracked().0));
            let _ = match pad {
                Some(pad) => style.set_property("padding-right", &pad),
                None => style.remove_property("padding-right").map(|_| ()),
            };
        }
        el.set_value(value);
    };
    Effect::new(move |_| {
        let value = text.get();
        if echo.get_value() {
            echo.set_value(false);
            return;
        }
        if let Some(el) = area.get() {
            put(&el, &value);
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
        put(&el, &value);
        let _ = el.set_selection_range(at, at);
        echo.set_value(true);
        let file = doc.open.get_untracked();
        doc.change(None, |w| w.set(&file, value));
        sync_caret();
    };
    (on_input, on_paste)
}

/// The text area's class and `wrap` attribute when lines wrap or not.
pub fn looks(wraps: bool) -> (&'static str, &'static str) {
    if wraps { ("editor wrapped", "soft") } else { ("editor", "off") }
}
