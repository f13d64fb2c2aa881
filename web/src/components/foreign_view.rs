//! The panel for files of other formats (issue 15): shown above the page
//! when an opened file is an nJudge map or an Xconq mapfile, with what the
//! format is, the nJudge import or the Xconq hex viewer, and a way back.

use leptos::prelude::*;

use crate::bridge::foreign::Foreign;
use crate::doc::Doc;

/// The foreign file's panel, or nothing.
#[component]
pub fn ForeignView(
    /// The foreign files open, if any.
    foreign: RwSignal<Option<Foreign>>,
    /// The document (an nJudge conversion opens into it).
    doc: Doc,
    /// Where to say what happened.
    note: RwSignal<String>,
    /// Called when a conversion opens a new variant (the game starts afresh).
    new_variant: Callback<()>,
) -> impl IntoView {
    let done = Callback::new(move |message: String| {
        foreign.set(None);
        note.set(message);
        new_variant.run(());
    });
    move || {
        foreign.get().map(|opened| {
            let title = match &opened {
                Foreign::NJudge { .. } => "nJudge variant".to_string(),
                Foreign::Xconq { root, .. } => format!("Xconq: {root}"),
            };
            let body = crate::later::later(move |p| (p.foreign)(opened, doc, done));
            view! {
                <section class="foreign" aria-label="file of another format" data-testid="foreign">
                    <header>
                        <h2>{title}</h2>
                        <button type="button" data-testid="foreign-close" on:click=move |_| foreign.set(None)>
                            "Back to the variant"
                        </button>
                    </header>
                    {body}
                </section>
            }
        })
    }
}
