//! The map's Export menu (issue 30): the drawing as it is on screen (the
//! text alone decides it) saved as an SVG, as a PNG of any width (drawn by
//! the browser from the SVG), or as a printable sheet (the map, the powers
//! with their home centres, every province with its full name), to post on
//! a forum or to play by e-mail with a picture. The SVG and the sheet are
//! `judgepad layout --svg` and `--sheet`'s bytes. And the variant for the
//! Python diplomacy package (`judgepad export --to diplomacy-package`'s
//! files in a zip, with a README), its warnings shown in the diagnostics.

use judgepad_core::diagnostics::codes;
use judgepad_core::layout::{self, Layout};
use judgepad_core::map::Map;
use leptos::prelude::*;

use crate::bridge::Loaded;
use crate::drawing::Key;
use crate::export::{bytes_blob, png_of, save_blob, save_text};

/// Widths offered for the PNG (pixels).
const WIDTHS: [u32; 4] = [1000, 2000, 3000, 4000];

/// The Export menu.
#[component]
pub fn ExportMenu(
    /// The map on screen.
    loaded: Memo<Loaded>,
    /// What the drawing should be drawn for now.
    key: Memo<Key>,
    /// The drawing on screen and the key it was made for.
    drawn: RwSignal<Option<(Key, Layout)>>,
    /// The document (the export's warnings join the diagnostics).
    doc: crate::doc::Doc,
) -> impl IntoView {
    let note = RwSignal::new(String::new());
    let width = RwSignal::new(2000u32);
    // `make` of the map and the drawing of the text as it is (only the
    // export asked for is made), with the map's name; or why there is no
    // drawing yet.
    fn current<T>(
        loaded: Memo<Loaded>,
        key: Memo<Key>,
        drawn: RwSignal<Option<(Key, Layout)>>,
        make: impl FnOnce(&Map, &Layout) -> T,
    ) -> Result<(String, T), String> {
        drawn.with_untracked(|d| match d {
            Some((drawn_for, drawing)) if key.with_untracked(|k| k == drawn_for) => {
                Ok(loaded.with_untracked(|it| (it.map.name.clone(), make(&it.map, drawing))))
            }
            _ => Err("The map is still being drawn; export it once it is.".to_string()),
        })
    }
    let said = move |result: Result<(), wasm_bindgen::JsValue>, what: String| {
        note.set(match result {
            Ok(()) => what,
            Err(why) => format!("The export failed: {}", why.as_string().unwrap_or_default()),
        });
    };
    let svg = move |_| match current(loaded, key, drawn, layout::svg::render) {
        Ok((stem, svg)) => {
            let name = format!("{stem}.svg");
            said(save_text(&name, &svg, "image/svg+xml"), format!("Saved {name}."));
        }
        Err(why) => note.set(why),
    };
    let sheet = move |_| match current(loaded, key, drawn, layout::sheet::sheet) {
        Ok((stem, sheet)) => {
            let name = format!("{stem}-sheet.html");
            said(
                save_text(&name, &sheet, "text/html;charset=utf-8"),
                format!("Saved {name}: open it in a browser to print it."),
            );
        }
        Err(why) => note.set(why),
    };
    let png = move |_| match current(loaded, key, drawn, layout::svg::render) {
        Ok((stem, svg)) => {
            let w = width.get_untracked();
            note.set(format!("Drawing the PNG, {w} pixels wide…"));
            leptos::task::spawn_local(async move {
                let name = format!("{stem}-{w}.png");
                let result = match png_of(&svg, w).await {
                    Ok(blob) => save_blob(&name, &blob),
                    Err(why) => Err(why),
                };
                said(result, format!("Saved {name}."));
            });
        }
        Err(why) => note.set(why),
    };
    // An export for another platform, made in the later part of the wasm:
    // a zip, and its warnings in the diagnostics until the next drawing.
    let platform = move |target: Target| match current(loaded, key, drawn, |m, d| {
        (m.clone(), d.clone())
    }) {
        Ok((stem, (map, drawing))) => {
            note.set(format!("Writing the files for {}…", target.title()));
            leptos::task::spawn_local(async move {
                let parts = crate::later::parts().await;
                let make = match target {
                    Target::Package => parts.package,
                    Target::Diplicity => parts.diplicity,
                };
                let (zip, lost) = make(&map, &drawing);
                let name = format!("{stem}-{}.zip", target.suffix());
                let result = bytes_blob(&zip, "application/zip").and_then(|b| save_blob(&name, &b));
                said(result, package_note(&name, target, lost.len()));
                doc.drawing_notes.update(|(pins, notes)| {
                    *pins = map.pins.clone();
                    notes.retain(|d| d.code != codes::EXPORT_LOST);
                    notes.extend(lost);
                });
            });
        }
        Err(why) => note.set(why),
    };
    // A popover: in the top layer, so the toolbar's scrolling does not
    // clip it; Esc or a click outside closes it.
    view! {
        <button type="button" data-testid="export" popovertarget="export-menu"
            title="save the drawn map: SVG, PNG or a printable sheet">"Export"</button>
        <div id="export-menu" popover="auto" class="export-menu" data-testid="export-menu"
            role="group" aria-label="export the map">
            <button type="button" data-testid="export-svg" on:click=svg
                title="the drawn map as a stand-alone SVG (judgepad layout --svg)">"Map as SVG"</button>
            <span class="export-png">
                <button type="button" data-testid="export-png" on:click=png
                    title="the drawn map as a PNG picture, to post on a forum">"Map as PNG"</button>
                <label>
                    " width "
                    <select data-testid="export-width" on:change=move |ev| {
                        if let Ok(w) = event_target_value(&ev).parse() {
                            width.set(w);
                        }
                    } prop:value=move || width.get().to_string()>
                        {WIDTHS.iter().map(|w| view! { <option value=w.to_string()>{format!("{w} px")}</option> }).collect_view()}
                    </select>
                </label>
            </span>
            <button type="button" data-testid="export-sheet" on:click=sheet
                title="a page to print: the map, the powers with their home centres, every province with its full name (judgepad layout --sheet)">"Printable sheet"</button>
            <button type="button" data-testid="export-package" on:click=move |_| platform(Target::Package)
                title="the variant for the Python diplomacy package: NAME.map in its dialect and NAME.svg drawn for its renderer, in a zip (judgepad export --to diplomacy-package)">"For the diplomacy package (.zip)"</button>
            <button type="button" data-testid="export-diplicity" on:click=move |_| platform(Target::Diplicity)
                title="the variant for diplicity: its variant definition (DVAR, JSON) and map (DSVG), in a zip to upload as a draft (judgepad export --to diplicity)">"For diplicity (.zip)"</button>
            <p class="export-note" role="status" data-testid="export-note">{move || note.get()}</p>
        </div>
    }
}

/// The platforms the menu exports to.
#[derive(Clone, Copy)]
enum Target {
    Package,
    Diplicity,
}

impl Target {
    fn title(self) -> &'static str {
        match self {
            Target::Package => "the diplomacy package",
            Target::Diplicity => "diplicity",
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Target::Package => "diplomacy",
            Target::Diplicity => "diplicity",
        }
    }
}

/// What the page says after an export for another platform.
fn package_note(name: &str, target: Target, lost: usize) -> String {
    let who = target.title();
    match lost {
        0 => format!("Saved {name}: the variant, its map and a README on using them."),
        1 => format!(
            "Saved {name}. One thing {who} cannot express is listed in the diagnostics and the README."
        ),
        n => format!(
            "Saved {name}. {n} things {who} cannot express are listed in the diagnostics and the README."
        ),
    }
}
