//! The Diff panel: what the variant on screen changes in play against the
//! bundled original, a saved draft or a pasted share link (`core::diff`: provinces, terrain,
//! centres, adjacencies per unit type, powers, homes, starting units,
//! rules, calendar; "no change in play" when only names, comments, order
//! or pins differ). Rows are `[data-testid=diff-row]`; "Show on map" lights
//! the provinces concerned.

use leptos::prelude::*;

use crate::bridge::Loaded;
use crate::bridge::workspace::Workspace;
use crate::doc::Doc;
use crate::persist;

/// The panel.
#[component]
pub fn DiffView(loaded: Memo<Loaded>, doc: Doc, highlight: RwSignal<Vec<String>>) -> impl IntoView {
    // "bundled", or a draft's id.
    let against = RwSignal::new(String::from("bundled"));
    let open = RwSignal::new(false);
    let drafts = RwSignal::new(Vec::<crate::bridge::drafts::Draft>::new());
    // A share link pasted to compare against (`against` = "link").
    let link = RwSignal::new(String::new());
    // The version compared against, loaded once per choice (not again on
    // every edit of the variant on screen), or why a pasted link is refused.
    let base = Memo::new_with_compare(
        move |_| -> Result<Option<std::sync::Arc<Loaded>>, String> {
            if !open.get() {
                return Ok(None);
            }
            crate::library::track();
            let workspace = match against.get().as_str() {
                "bundled" => Some(Workspace::bundled(&doc.workspace.with(|w| w.variant.clone()))),
                "link" => {
                    let text = link.get();
                    if text.trim().is_empty() {
                        return Ok(None);
                    }
                    let fragment = text.split_once('#').map_or(text.as_str(), |(_, f)| f);
                    let shared =
                        crate::bridge::share::decode(&format!("#{fragment}"), persist::known)?;
                    Some(Workspace {
                        variant: shared.variant,
                        root: shared.root,
                        own: shared.files,
                    })
                }
                id => id.parse::<u64>().ok().and_then(|id| persist::open_draft(id).ok()).map(
                    |shared| Workspace {
                        variant: shared.variant,
                        root: shared.root,
                        own: shared.files,
                    },
                ),
            };
            Ok(workspace.map(|w| std::sync::Arc::new(w.load())))
        },
        // A new load is a new version (maps are large to compare).
        |_, _| true,
    );
    let link_problem = move || base.with(|b| b.as_ref().err().cloned());
    let changes = Memo::new(move |_| {
        base.with(|b| match b {
            Ok(Some(old)) => loaded.with(|new| judgepad_core::diff::diff(&old.map, &new.map)),
            _ => Vec::new(),
        })
    });
    let play = move || changes.with(|c| c.iter().filter(|c| c.play).count());
    view! {
        <details class="diff" data-testid="diff"
            on:toggle=move |ev| {
                let shown = ev
                    .target()
                    .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
                    .is_some_and(|el| el.has_attribute("open"));
                if shown {
                    drafts.set(persist::drafts());
                } else {
                    highlight.set(Vec::new());
                }
                open.set(shown);
            }>
            <summary><h2>"Changes in play"</h2></summary>
            <label>"against "
                <select data-testid="diff-against" on:change=move |ev| against.set(event_target_value(&ev))>
                    <option value="bundled">{move || format!("the bundled {}", doc.workspace.with(|w| w.variant.clone()))}</option>
                    {move || drafts.get().into_iter().map(|d| view! {
                        <option value=d.id.to_string()>{format!("draft: {}", d.name)}</option>
                    }).collect_view()}
                    <option value="link">"a share link…"</option>
                </select>
            </label>
            {move || (against.get() == "link").then(|| view! {
                <input type="text" class="diff-link" data-testid="diff-link" placeholder="paste a judgepad link"
                    aria-label="share link to compare against"
                    prop:value=move || link.get()
                    on:change=move |ev| link.set(event_target_value(&ev)) />
                {move || link_problem().map(|why| view! { <p class="problem">{why}</p> })}
            })}
            " "
            <button type="button" data-testid="diff-show" on:click=move |_| {
                let provinces: Vec<String> = changes.with(|c| {
                    let mut all: Vec<String> = c.iter().filter(|c| c.play).flat_map(|c| c.provinces.clone()).collect();
                    judgepad_core::sorting::sort(&mut all);
                    all.dedup();
                    all
                });
                highlight.set(provinces);
            }>"Show on map"</button>
            <p data-testid="diff-summary">{move || match play() {
                0 => "No change in play.".to_string(),
                n => format!("{n} change(s) in play."),
            }}</p>
            <ul>
                {move || changes.get().into_iter().map(|c| view! {
                    <li data-testid="diff-row" data-section=c.section class:name-only=!c.play>
                        <span class="section">{c.section}</span>": "{c.text}
                    </li>
                }).collect_view()}
            </ul>
        </details>
    }
}
