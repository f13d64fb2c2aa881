//! The variant's files as tabs: the top-level file, each file it `USE`s
//! (in reading order), then the user's other files. A bundled file edited
//! is marked changed and can be reverted (an Undo notice follows); the user's own files can be
//! created, renamed and deleted. "New variant" starts a variant of the
//! user's own from a small template (renaming its top-level file renames
//! the variant); a file no file of the variant reads says so.

use leptos::prelude::*;

use crate::bridge::Loaded;
use crate::bridge::workspace::{Origin, Workspace};
use crate::components::undo_note::UndoNote;
use crate::doc::Doc;

/// Tabs and file actions.
#[component]
pub fn FileTabs(
    /// The document.
    doc: Doc,
    /// The loaded map (which files it read).
    loaded: Memo<Loaded>,
    /// Starts another variant (the edits on screen are kept aside).
    start: Callback<Workspace>,
) -> impl IntoView {
    let tabs = Memo::new(move |_| loaded.with(|l| doc.workspace.with(|w| w.tabs(l))));
    let name = RwSignal::new(String::new());
    let problem = RwSignal::new(String::new());
    // What was just dropped, with an Undo beside the tools.
    let dropped = RwSignal::new(None::<String>);
    let origin = move |file: &str| doc.workspace.with(|w| w.origin(file));
    let open_origin = move || {
        let open = doc.open.get();
        origin(&open)
    };
    let create = move |_| {
        let wanted = name.get_untracked();
        let mut result = Ok(());
        doc.change(None, |w| result = w.create(&wanted));
        match result {
            Ok(()) => {
                problem.set(String::new());
                doc.open.set(wanted.trim().to_string());
                name.set(String::new());
            }
            Err(why) => problem.set(why),
        }
    };
    let rename = move |_| {
        let (old, new) = (doc.open.get_untracked(), name.get_untracked());
        let mut result = Ok(());
        doc.change(None, |w| result = w.rename(&old, &new));
        match result {
            Ok(()) => {
                problem.set(String::new());
                doc.open.set(new.trim().to_string());
                name.set(String::new());
            }
            Err(why) => problem.set(why),
        }
    };
    let new_variant = move |_| {
        let wanted = name.get_untracked();
        let wanted = if wanted.trim().is_empty() { free_name(doc) } else { wanted };
        match Workspace::new_variant(&wanted) {
            Ok(workspace) => {
                problem.set(String::new());
                name.set(String::new());
                start.run(workspace);
            }
            Err(why) => problem.set(why),
        }
    };
    // The open file, when no file of the variant reads it.
    let unread = move || {
        let open = doc.open.get();
        let read = loaded.with(|l| l.map.files.iter().any(|f| f.name == open));
        (!read && doc.workspace.with(|w| w.origin(&open).is_some())).then_some(open)
    };
    let delete = move |_| {
        let open = doc.open.get_untracked();
        doc.change(None, |w| w.delete(&open));
        let root = doc.workspace.with_untracked(|w| w.root.clone());
        doc.open.set(root);
        dropped.set(Some(format!("{open} deleted")));
    };
    let revert = move |_| {
        let open = doc.open.get_untracked();
        doc.change(None, |w| w.revert(&open));
        dropped.set(Some(format!("{open} reverted to the bundled file")));
    };
    view! {
        <div class="files-bar">
            <div class="tabs" role="tablist" aria-label="files of the variant">
                <For each=move || tabs.get() key=|name| name.clone() let:file>
                    {
                        let here = file.clone();
                        let label = file.clone();
                        let mark = {
                            let file = file.clone();
                            move || match origin(&file) {
                                Some(Origin::Changed) => " ●",
                                Some(Origin::New) => " +",
                                _ => "",
                            }
                        };
                        let selected = {
                            let file = file.clone();
                            move || doc.open.with(|open| *open == file)
                        };
                        let title = {
                            let file = file.clone();
                            move || match origin(&file) {
                                Some(Origin::Changed) => "bundled file, changed by you",
                                Some(Origin::New) => "your file",
                                _ => "bundled file (an edit makes it your copy)",
                            }
                        };
                        view! {
                            <button
                                type="button"
                                role="tab"
                                class="tab"
                                data-file=file.clone()
                                title=title
                                aria-selected=move || selected().to_string()
                                on:click=move |_| doc.open.set(here.clone())
                            >
                                {label}{mark}
                            </button>
                        }
                    }
                </For>
            </div>
            <div class="file-tools">
                <button
                    type="button"
                    data-testid="revert"
                    on:click=revert
                    disabled=move || open_origin() != Some(Origin::Changed)
                    title="drop your changes to this bundled file"
                >"Revert to bundled"</button>
                <input
                    type="text"
                    data-testid="file-name"
                    placeholder="file name"
                    aria-label="file name for New or Rename"
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                />
                <button type="button" data-testid="new-file" on:click=create
                    title="a file in this variant (USE it from another)">"New file"</button>
                <button type="button" data-testid="new-variant" on:click=new_variant
                    title="a variant of your own, from a small template (named as typed, or my-variant)">"New variant"</button>
                <button
                    type="button"
                    data-testid="rename-file"
                    on:click=rename
                    disabled=move || open_origin() != Some(Origin::New)
                >"Rename"</button>
                <button
                    type="button"
                    data-testid="delete-file"
                    on:click=delete
                    disabled=move || open_origin() != Some(Origin::New)
                >"Delete"</button>
                <span class="problem" role="alert">{move || problem.get()}</span>
                <UndoNote doc=doc note=dropped />
            </div>
            {move || unread().map(|file| {
                let root = doc.workspace.with_untracked(|w| w.root.clone());
                view! {
                    <p class="hint" data-testid="unread-file" role="status">
                        {format!("No file of this variant USEs {file}, so it changes nothing: add `USE {file}` to {root}, or start a New variant.")}
                    </p>
                }
            })}
        </div>
    }
}

/// `my-variant`, or `my-variant-2`, … : the first name no variant has.
fn free_name(doc: Doc) -> String {
    let taken = |name: &str| {
        let root = format!("{name}.map");
        crate::library::is_bundled(&root) || doc.workspace.with_untracked(|w| w.root == root)
    };
    (1..)
        .map(|n| if n == 1 { "my-variant".to_string() } else { format!("my-variant-{n}") })
        .find(|name| !taken(name))
        .expect("a free name")
}
