//! Where the panel for files of other formats goes (issue 15): shown above
//! the page when an opened file is an nJudge map or an Xconq mapfile. The
//! panel itself (`foreign_panel`) is in the later part of the wasm: a
//! first visit never opens one.

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
    let close = Callback::new(move |()| foreign.set(None));
    move || {
        foreign
            .get()
            .map(|opened| crate::later::later(move |p| (p.foreign)(opened, doc, done, close)))
    }
}
