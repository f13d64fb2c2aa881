//! The page's header: the name, the variant picker (with what the variant
//! is), the way back to edits left by picking another variant, sharing,
//! drafts, the theme and help. Sharing, drafts and help live in the later
//! part of the wasm and appear when it arrives.

use leptos::prelude::*;

use crate::bridge::share::Shared;
use crate::bridge::workspace::Workspace;
use crate::components::theme_toggle::ThemeToggle;
use crate::components::variant_picker::VariantPicker;
use crate::doc::Doc;
use crate::later::later;

/// The header bar.
#[component]
pub fn AppHeader(
    /// The variant the files started from.
    variant: Signal<String>,
    /// What the variant is (the picker's description of the map on screen).
    about: Memo<String>,
    /// Picks a bundled variant.
    on_pick: impl Fn(String) + Copy + Send + Sync + 'static,
    /// Edits left by picking another variant.
    kept: RwSignal<Option<Workspace>>,
    /// The document.
    doc: Doc,
    /// The work on screen (for a link or a draft).
    snapshot: Callback<(), Shared>,
    /// Opens saved work (a draft).
    apply: Callback<Shared>,
    /// Problems with links and storage, shown in the bar.
    notice: RwSignal<Option<String>>,
) -> impl IntoView {
    view! {
        <header class="bar">
            <h1>"judgepad"</h1>
            <span class="tagline">"DPjudge map playground"</span>
            <VariantPicker selected=variant about=about on_pick=on_pick />
            {move || kept.get().map(|w| {
                let label = format!("Back to your edited {}", w.variant);
                view! {
                    <button type="button" data-testid="restore-edits" on:click=move |_| {
                        if let Some(w) = kept.get_untracked() {
                            kept.set(None);
                            doc.replace(w);
                        }
                    }>{label}</button>
                }
            })}
            {later(move |p| (p.share)(snapshot))}
            {later(move |p| (p.drafts)(snapshot, apply, notice))}
            <ThemeToggle />
            {later(|p| (p.help)())}
        </header>
    }
}
