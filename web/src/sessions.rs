//! The work across visits: at start, a share link in the address (the
//! work on screen kept as a draft first) or else the autosave; a link
//! pasted into the address bar later opens the same way; and every change
//! autosaved, at most twice a second, a failure shown in the bar (the work
//! stays in the page) and cleared by the next good save.

use leptos::prelude::*;

use crate::bridge::share;
use crate::doc::Doc;
use crate::later;
use crate::persist;
use crate::play::Play;

/// Opens the share link in the address, else the autosave, through
/// `apply`; and any link pasted into the address bar later. `snapshot` is
/// the work on screen; what goes wrong is said in `notice`.
pub fn open_at_start(
    apply: Callback<share::Shared>,
    snapshot: Callback<(), share::Shared>,
    notice: RwSignal<Option<String>>,
) {
    // A share link opened over work on screen: that work is kept as a
    // draft first (unless it is the same), then the link's state is shown.
    let open_link = move |fragment: &str, before: Option<share::Shared>| -> Result<(), String> {
        let shared = share::decode(fragment, persist::known)?;
        if let Some(saved) = before
            && saved != shared
            && let Err(why) = persist::save_draft("before a shared link", &saved)
        {
            notice.set(Some(format!("Your previous work could not be kept as a draft: {why}.")));
        }
        apply.run(shared);
        Ok(())
    };
    // At start: a share link in the address, else the autosave.
    let autosaved = persist::restore();
    match persist::fragment() {
        Some(fragment) => {
            let before = autosaved.clone().and_then(Result::ok);
            if let Err(why) = open_link(&fragment, before) {
                notice.set(Some(format!(
                    "This link was not opened: {why}. Your autosaved work is shown instead."
                )));
                if let Some(Ok(saved)) = autosaved {
                    apply.run(saved);
                }
            }
        }
        None => match autosaved {
            Some(Ok(saved)) => apply.run(saved),
            Some(Err(why)) => {
                notice.set(Some(format!("The autosave could not be read ({why}); starting fresh.")))
            }
            None => {}
        },
    }
    // A link pasted into the address bar of this tab changes only the
    // fragment (no reload): open it the same way.
    let _ = window_event_listener(leptos::ev::hashchange, move |_| {
        if let Some(fragment) = persist::fragment()
            && let Err(why) = open_link(&fragment, Some(snapshot.run(())))
        {
            notice.set(Some(format!("This link was not opened: {why}. Your work is unchanged.")));
        }
    });
}

/// Saves `doc`'s files and `play`'s game (as `snapshot` has them) after
/// every change, at most twice a second; says in `notice` when it fails.
pub fn keep_saved(
    doc: Doc,
    play: Play,
    snapshot: Callback<(), share::Shared>,
    notice: RwSignal<Option<String>>,
) {
    // Autosave: every change, at most twice a second; a failure is shown
    // (the work stays in the page) and cleared by the next good save.
    let saving = StoredValue::new(false);
    Effect::new(move |first: Option<()>| {
        doc.workspace.track();
        play.orders.track();
        play.log.track();
        if first.is_none() || saving.get_value() {
            return;
        }
        saving.set_value(true);
        // Compressed in the worker once the map's part (which talks to it)
        // is there: a 10,000-province map's is a 150 ms task.
        let save = move |fragment: String| match persist::autosave(&fragment) {
            Ok(()) => {
                if notice
                    .with_untracked(|n| n.as_deref().is_some_and(|n| n.starts_with("Autosave")))
                {
                    notice.set(None);
                }
            }
            Err(why) => notice.set(Some(format!(
                "Autosave failed: {why}. Your work is still here: share a link or \
                 download the files to keep it."
            ))),
        };
        set_timeout(
            move || {
                saving.set_value(false);
                let shared = snapshot.run(());
                if !later::map_parts_loaded() {
                    return save(share::encode(&shared));
                }
                leptos::task::spawn_local(async move {
                    (later::map_parts().await.encode)(shared, Box::new(save));
                });
            },
            std::time::Duration::from_millis(500),
        );
    });
}
