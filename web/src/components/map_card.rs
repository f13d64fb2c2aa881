//! The card of a province on the map: its name, where armies and fleets
//! may go from it, and Unpin when it is pinned (in whichever file pins it:
//! the top-level file, or a shipped pin in a bundled file).

use leptos::prelude::*;

use crate::bridge::Loaded;
use crate::bridge::pins::unpin;
use crate::bridge::scene::{Card, card};

/// The card of the province clicked (kept until closed), else of the one
/// under the pointer or focused.
#[component]
pub fn MapCard(
    /// The loaded map.
    loaded: Memo<Loaded>,
    /// The game (the card names the owner and units of the phase on screen).
    play: crate::play::Play,
    /// The document (Unpin edits it).
    doc: crate::doc::Doc,
    /// The province clicked.
    selected: RwSignal<Option<String>>,
    /// The province under the pointer or focused.
    hovered: RwSignal<Option<String>>,
) -> impl IntoView {
    move || {
        let abbr = selected.get().or_else(|| hovered.get())?;
        let sticky = selected.with(Option::is_some);
        let view = play.view.get();
        let (Card { title, army, fleet }, pinned) = loaded.with(|it| {
            let pinned = it.map.pins.iter().any(|p| it.map.prov(p.province).abbr == abbr);
            let shown =
                play.session.with(|s| card(&it.map, s.as_ref().map(|s| s.position(view)), &abbr));
            shown.map(|c| (c, pinned))
        })?;
        let (army, fleet) = (army.join(" "), fleet.join(" "));
        let unpin_it = move |_| {
            loaded.with_untracked(|it| doc.change(None, |w| unpin(w, &it.map, Some(&abbr))));
        };
        Some(view! {
            <div class="map-card" data-testid="map-card">
                <strong>{title}</strong>
                <div>"Armies to: " {army}</div>
                <div>"Fleets to: " {fleet}</div>
                {pinned.then(|| view! {
                    <button type="button" data-testid="unpin" on:click=unpin_it>"Unpin"</button>
                })}
                {sticky.then(|| view! {
                    <button type="button" on:click=move |_| selected.set(None)>"Close"</button>
                })}
            </div>
        })
    }
}
