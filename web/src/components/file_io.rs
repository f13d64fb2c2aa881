//! Files in and out: open `.map` files (and their USE files, several at
//! once; nJudge and Xconq files go to the foreign panel) with a file picker or by dropping them on the editor; download the
//! open file, or the whole variant as one file with its `USE` lines inlined.
//! Bytes are read as UTF-8, or latin-1 when they are not UTF-8 (as the CLI
//! reads them), and the page says which; downloads are UTF-8.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::bridge::foreign::Foreign;
use crate::doc::Doc;

/// Reads every file of `list` (name and bytes), in order.
pub async fn read_files(list: web_sys::FileList) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for idx in 0..list.length() {
        let Some(file) = list.get(idx) else { continue };
        let Ok(buffer) = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await else {
            continue;
        };
        out.push((file.name(), js_sys::Uint8Array::new(&buffer).to_vec()));
    }
    out
}

/// Opens `files`: DPjudge files into the document, nJudge and Xconq files
/// into the foreign panel; returns what to tell the user (each file's
/// format and encoding).
pub fn open_into(
    doc: Doc,
    foreign: RwSignal<Option<Foreign>>,
    new_variant: Callback<()>,
    files: &[(String, Vec<u8>)],
) -> String {
    if files.is_empty() {
        return String::new();
    }
    let sorted = crate::bridge::foreign::sort(files);
    if sorted.foreign.is_some() {
        foreign.set(sorted.foreign);
    }
    let notes = sorted.notes;
    let files = &sorted.variant[..];
    if files.is_empty() {
        return format!("Opened {}", notes.join("; "));
    }
    let (next, _) = doc.workspace.with_untracked(|w| w.with_opened(files));
    let root_changed = doc.workspace.with_untracked(|w| w.root != next.root);
    let first = files.iter().map(|(n, _)| n.clone()).min().unwrap_or_default();
    if root_changed {
        doc.replace(next);
        new_variant.run(());
    } else {
        doc.change(None, |w| *w = next);
        doc.open.set(first);
    }
    format!("Opened {}", notes.join("; "))
}

/// Saves `text` as a download called `name`.
fn download(name: &str, text: &str) -> Result<(), wasm_bindgen::JsValue> {
    crate::export::save_text(name, text, "text/plain;charset=utf-8")
}

/// Open and download buttons, and what the last open read.
#[component]
pub fn FileIo(
    /// The document.
    doc: Doc,
    /// What the last open said (shared with the drop target).
    note: RwSignal<String>,
    /// Where nJudge and Xconq files open.
    foreign: RwSignal<Option<Foreign>>,
    /// Called when the opened files start a new variant (the game starts afresh).
    new_variant: Callback<()>,
) -> impl IntoView {
    let on_pick = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(list) = input.files() else { return };
        leptos::task::spawn_local(async move {
            let files = read_files(list).await;
            note.set(open_into(doc, foreign, new_variant, &files));
            input.set_value("");
        });
    };
    let save_file = move |_| {
        let name = doc.open.get_untracked();
        let text = doc.workspace.with_untracked(|w| w.text(&name).unwrap_or_default());
        if download(&name, &text).is_err() {
            note.set("The browser refused the download.".into());
        }
    };
    let save_variant = move |_| {
        let (name, text) = doc.workspace.with_untracked(|w| (w.root.clone(), w.inline()));
        if download(&name, &text).is_err() {
            note.set("The browser refused the download.".into());
        }
    };
    view! {
        <div class="file-io">
            <label class="button">
                "Open files…"
                <input
                    type="file"
                    multiple
                    data-testid="open-files"
                    on:change=on_pick
                />
            </label>
            <button type="button" data-testid="download-file" on:click=save_file title="the open file, UTF-8">
                "Download file"
            </button>
            <button
                type="button"
                data-testid="download-variant"
                on:click=save_variant
                title="the whole variant as one .map file: every USE line replaced by the file it names"
            >
                "Download variant (one file)"
            </button>
            <span class="note" data-testid="file-note" role="status">{move || note.get()}</span>
        </div>
    }
}
