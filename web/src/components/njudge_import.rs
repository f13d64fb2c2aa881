//! An nJudge map (and seed) opened in the page: what reading it found, the
//! names of its power letters (editable: nJudge keeps them in its C source),
//! and "Convert to .map", which opens the converted text as a new variant in
//! the editor. Features DPjudge cannot express stay as comments there and
//! are listed here as warnings.

use leptos::prelude::*;

use crate::bridge::foreign;
use crate::bridge::workspace::Workspace;
use crate::components::xconq_view::ForeignRows;
use crate::doc::Doc;

/// The import panel for one nJudge pair.
#[component]
pub fn NjudgeImport(
    /// The map file (name, text).
    map: (String, String),
    /// The seed file, if opened with it.
    seed: Option<(String, String)>,
    /// The document the conversion opens into.
    doc: Doc,
    /// Called after converting (closes the panel).
    done: Callback<String>,
) -> impl IntoView {
    let powers = RwSignal::new(String::new());
    let map_name = map.0.clone();
    let seed_name = seed.as_ref().map(|s| s.0.clone());
    let converted = {
        let (map, seed) = (map.clone(), seed.clone());
        Memo::new(move |_| powers.with(|p| foreign::convert(&map, seed.as_ref(), p)))
    };
    let on_convert = StoredValue::new(move || {
        if let Ok(result) = converted.get_untracked() {
            let workspace = Workspace {
                variant: result.name.trim_end_matches(".map").to_string(),
                root: result.name.clone(),
                own: [(result.name.clone(), result.text.clone())].into_iter().collect(),
            };
            doc.replace(workspace);
            done.run(format!("Converted {} to {}: it is open in the editor.", map.0, result.name));
        }
    });
    let seed_note = match &seed_name {
        Some(seed) => format!(" with its seed {seed}"),
        None => " (no seed file opened with it: the variant will have no units; open map and seed together)".to_string(),
    };
    view! {
        <div class="njudge-import" data-testid="njudge-import">
            <p data-testid="import-format">{format!("{map_name} is an nJudge map file{seed_note}.")}</p>
            <label>
                "Power names (letter=Name, comma separated; A E F G I R T are the standard seven): "
                <input
                    type="text"
                    data-testid="power-names"
                    placeholder="B=Britain, C=China"
                    prop:value=move || powers.get()
                    on:input=move |ev| powers.set(event_target_value(&ev))
                />
            </label>
            {move || match converted.get() {
                Err(why) => view! { <p class="error" data-testid="power-names-error">{why}</p> }.into_any(),
                Ok(result) => {
                    let summary = format!(
                        "{} in the nJudge files; the converted {} {}.",
                        crate::bridge::plural(result.errors, "error"),
                        result.name,
                        if result.load_errors == 0 { "loads with no error".to_string() } else { format!("has {} when loaded", crate::bridge::plural(result.load_errors, "error")) }
                    );
                    view! {
                        <p data-testid="import-summary">{summary}</p>
                        <button type="button" class="primary" data-testid="convert" on:click=move |_| on_convert.with_value(|f| f())>
                            {format!("Convert to {}", result.name)}
                        </button>
                        <ForeignRows rows=result.rows />
                    }.into_any()
                }
            }}
        </div>
    }
}
