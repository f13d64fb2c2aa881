//! The editor's text area and the text: the text area's value follows the
//! open file's text (except for the change the text area itself just
//! made: setting a large value again makes the browser lay the whole text
//! out once more), what is typed there goes back into the text, and a
//! paste (or any insertion of several lines) is put into the text by the
//! page, not by the browser.

use leptos::prelude::*;

use crate::bridge::editor::paste;
use crate::doc::Doc;
use crate::editor_box::EditorBox;
use crate::editor_rows::{EditorRows, WHOLE_FILE};

/// Keeps `area`'s value on `text` (the open file of `doc`), and gives the
/// text area's input, paste and before-input handlers; `sync_caret` reads
/// the caret from the text area after each change.
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
    impl Fn(web_sys::InputEvent) + Copy + 'static,
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
            let pad = will_wrap.then(|| crate::editor_box::px(boxed.pad_right.get_untracked().0));
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
    let insert = move |clip: &str| -> bool {
        let Some(el) = area.get_untracked() else { return false };
        let (Ok(Some(from)), Ok(Some(to))) = (el.selection_start(), el.selection_end()) else {
            return false;
        };
        let (value, at) = text.with_untracked(|t| paste(t, from, to, clip));
        put(&el, &value);
        let _ = el.set_selection_range(at, at);
        echo.set_value(true);
        let file = doc.open.get_untracked();
        doc.change(None, |w| w.set(&file, value));
        sync_caret();
        true
    };
    let on_paste = move |ev: leptos::ev::ClipboardEvent| {
        let Some(clip) = ev.clipboard_data().and_then(|data| data.get_data("text/plain").ok())
        else {
            return;
        };
        if insert(&clip) {
            ev.prevent_default();
        }
    };
    // Text of several lines inserted otherwise (dropped, or inserted as
    // typed text: a test tool's `fill`, dictation, an input method) is
    // put in the same way: inserted by the browser, a 1,000-province map
    // took 11 s and 3,000 provinces 116 s, a forced layout of the whole
    // text per line. One line typed stays the browser's (its caret, its
    // input method).
    // Text dragged within the text area is moved by the browser: it
    // deletes it (`deleteByDrag`) and then drops it, both its own steps.
    let dragged = StoredValue::new(false);
    let on_before_input = move |ev: web_sys::InputEvent| {
        let moved = dragged.get_value();
        dragged.set_value(ev.input_type() == "deleteByDrag");
        if moved && ev.input_type() == "insertFromDrop" {
            return;
        }
        if let Some(clip) = many_lines(&ev)
            && insert(&clip)
        {
            ev.prevent_default();
        }
    };
    (on_input, on_paste, on_before_input)
}

/// The text an insertion `ev` is about to put in, when it holds more than
/// one line and the page should put it in itself.
fn many_lines(ev: &web_sys::InputEvent) -> Option<String> {
    let kind = ev.input_type();
    let data = match kind.as_str() {
        "insertText" | "insertReplacementText" => ev.data(),
        "insertFromDrop" => {
            ev.data_transfer().and_then(|transfer| transfer.get_data("text/plain").ok())
        }
        _ => None,
    }?;
    (ev.cancelable() && data.contains(['\n', '\r'])).then_some(data)
}

/// The text area's class and `wrap` attribute when lines wrap or not.
pub fn looks(wraps: bool) -> (&'static str, &'static str) {
    if wraps { ("editor wrapped", "soft") } else { ("editor", "off") }
}
