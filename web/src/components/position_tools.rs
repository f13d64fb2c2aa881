//! The position editor's tools above the map: "Edit position" and, while
//! it is on, the power and what a click does (place an army or a fleet,
//! remove a unit, give a centre). The map view applies the clicks.

use leptos::prelude::*;

/// What a click does in the position editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditTool {
    /// Place an army.
    Army,
    /// Place a fleet.
    Fleet,
    /// Remove the unit.
    Remove,
    /// Give the centre to the power.
    Owner,
}

/// "Edit position" and its tools.
#[component]
pub fn PositionTools(
    /// The game.
    play: crate::play::Play,
    /// The power and tool while the editor is on.
    editing: RwSignal<Option<(String, EditTool)>>,
) -> impl IntoView {
    view! {
        <button type="button" data-testid="edit-position" aria-pressed=move || editing.with(Option::is_some).to_string()
            title="place and remove units, give centres: a test situation"
            on:click=move |_| {
                play.pick.set(None);
                let first = play.session.with_untracked(|s| {
                    s.as_ref().and_then(|s| s.game.map.powers.first().map(|p| p.name.clone()))
                });
                editing.update(|e| *e = if e.is_some() { None } else { first.map(|p| (p, EditTool::Army)) });
            }>"Edit position"</button>
        {move || editing.get().map(|(power, tool)| {
            let powers = play.session.with(|s| {
                s.as_ref().map(|s| s.game.map.powers.iter().map(|p| (p.name.clone(), p.display.clone())).collect::<Vec<_>>()).unwrap_or_default()
            });
            let chosen = power.clone();
            let button = move |this: EditTool, label: &'static str, id: &'static str| {
                let power = power.clone();
                view! {
                    <button type="button" data-testid=id aria-pressed=(tool == this).to_string()
                        on:click=move |_| editing.set(Some((power.clone(), this)))>{label}</button>
                }
            };
            view! {
                <span class="order-tools" data-testid="position-tools">
                    <select data-testid="edit-power" aria-label="power"
                        on:change=move |ev| {
                            let name = event_target_value(&ev);
                            editing.update(|e| if let Some(e) = e { e.0 = name });
                        }>
                        {powers.into_iter().map(|(name, display)| {
                            let selected = name == chosen;
                            view! { <option value=name selected=selected>{display}</option> }
                        }).collect_view()}
                        <option value="NONE" selected=chosen == "NONE">"nobody (centres)"</option>
                    </select>
                    {button(EditTool::Army, "Army", "edit-army")}
                    {button(EditTool::Fleet, "Fleet", "edit-fleet")}
                    {button(EditTool::Remove, "Remove", "edit-remove")}
                    {button(EditTool::Owner, "Owner", "edit-owner")}
                    <span class="muted">"click a province"</span>
                </span>
            }
        })}
    }
}
