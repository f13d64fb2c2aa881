//! The panel for files of other formats (issue 15), in the later part of
//! the wasm: what the format is, the nJudge import or the Xconq hex viewer,
//! and a way back.

use leptos::prelude::*;

use crate::bridge::foreign::Foreign;
use crate::components::njudge_import::NjudgeImport;
use crate::components::xconq_view::XconqView;
use crate::doc::Doc;

/// The foreign file's panel.
#[component]
pub fn ForeignPanel(
    /// The foreign files open.
    opened: Foreign,
    /// The document (an nJudge conversion opens into it).
    doc: Doc,
    /// Called with what to say when a conversion has opened.
    done: Callback<String>,
    /// Called by "Back to the variant".
    close: Callback<()>,
) -> impl IntoView {
    let title = match &opened {
        Foreign::NJudge { .. } => "nJudge variant".to_string(),
        Foreign::Xconq { root, .. } => format!("Xconq: {root}"),
    };
    let body = match opened {
        Foreign::NJudge { map, seed } => {
            view! { <NjudgeImport map=map seed=seed doc=doc done=done /> }.into_any()
        }
        Foreign::Xconq { root, files } => view! { <XconqView root=root files=files /> }.into_any(),
    };
    view! {
        <section class="foreign" aria-label="file of another format" data-testid="foreign">
            <header>
                <h2>{title}</h2>
                <button type="button" data-testid="foreign-close" on:click=move |_| close.run(())>
                    "Back to the variant"
                </button>
            </header>
            {body}
        </section>
    }
}
