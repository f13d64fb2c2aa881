//! The order tools above the map: what the picked unit may do (hold or
//! disband, support, convoy, cancel) or, in an adjustment phase, what to
//! build; the map view applies the clicks. Support and convoy are buttons
//! too (then the unit to support or convoy is picked), so a phone and the
//! keyboard reach them without Shift or Alt.

use leptos::prelude::*;

use judgepad_core::map::UnitKind;
use judgepad_core::orders::OrderPhase;

use crate::bridge::entry::{Pick, self_order};
use crate::components::position_tools::EditTool;

/// The order tools (none while the position editor is on, or on a played
/// phase).
#[component]
pub fn OrderTools(
    /// The game.
    play: crate::play::Play,
    /// The position editor's state (the order tools hide while it is on).
    editing: RwSignal<Option<(String, EditTool)>>,
) -> impl IntoView {
    let phase_kind = move || play.session.with(|s| s.as_ref().and_then(|s| s.game.order_phase()));
    view! {
        {move || {
            if editing.with(Option::is_some) {
                return None;
            }
            let phase = phase_kind()?;
            if play.view.get().is_some() {
                return None;
            }
            Some(match (phase, play.pick.get()) {
                (OrderPhase::Adjustments, pick) => {
                    let on = move |kind| matches!(pick, Some(Pick::Build(k)) if k == kind);
                    view! {
                        <span class="order-tools" data-testid="order-tools">
                            <button type="button" data-testid="build-army" aria-pressed=on(UnitKind::Army).to_string()
                                on:click=move |_| play.pick.set(Some(Pick::Build(UnitKind::Army)))>"Build army"</button>
                            <button type="button" data-testid="build-fleet" aria-pressed=on(UnitKind::Fleet).to_string()
                                on:click=move |_| play.pick.set(Some(Pick::Build(UnitKind::Fleet)))>"Build fleet"</button>
                            <span class="muted">"click a unit to remove it"</span>
                        </span>
                    }.into_any()
                }
                (_, Some(Pick::Unit(unit))) => {
                    let held = unit.clone();
                    let (supporter, fleet) = (unit.clone(), unit.clone());
                    let movement = phase == OrderPhase::Movement;
                    let convoys = movement && unit.starts_with("F ");
                    view! {
                        <span class="order-tools" data-testid="order-tools">
                            <strong>{unit}</strong>
                            <button type="button" data-testid="order-hold" on:click=move |_| {
                                if let Some(line) = play.session.with_untracked(|s| s.as_ref().and_then(|s| self_order(&s.game, &held))) {
                                    play.write(&line);
                                }
                                play.pick.set(None);
                            }>{if phase == OrderPhase::Retreats { "Disband" } else { "Hold" }}</button>
                            {movement.then(|| view! {
                                <button type="button" data-testid="order-support" title="then pick the unit to support (or Shift+click it)"
                                    on:click=move |_| play.pick.set(Some(Pick::Supporting(supporter.clone())))>"Support…"</button>
                            })}
                            {convoys.then(|| view! {
                                <button type="button" data-testid="order-convoy" title="then pick the army to convoy (or Alt+click it)"
                                    on:click=move |_| play.pick.set(Some(Pick::Convoying(fleet.clone())))>"Convoy…"</button>
                            })}
                            <span class="muted">{if movement { "or pick a lit place" } else { "pick a lit place" }}</span>
                            <button type="button" data-testid="order-cancel" on:click=move |_| play.pick.set(None)>"Cancel"</button>
                        </span>
                    }.into_any()
                }
                (_, Some(Pick::Supporting(unit))) | (_, Some(Pick::Convoying(unit))) => {
                    let verb = if matches!(play.pick.get_untracked(), Some(Pick::Supporting(..))) { "supports: pick the unit to support" } else { "convoys: pick the army to convoy" };
                    view! {
                        <span class="order-tools" data-testid="order-tools">
                            <strong>{format!("{unit} {verb}")}</strong>
                            <button type="button" data-testid="order-cancel" on:click=move |_| play.pick.set(None)>"Cancel"</button>
                        </span>
                    }.into_any()
                }
                (_, Some(Pick::Support(a, b))) | (_, Some(Pick::Convoy(a, b))) => {
                    let verb = if matches!(play.pick.get_untracked(), Some(Pick::Support(..))) { "supports" } else { "convoys" };
                    view! {
                        <span class="order-tools" data-testid="order-tools">
                            <strong>{format!("{a} {verb} {b}")}</strong>
                            <span class="muted">"click a lit place"</span>
                            <button type="button" data-testid="order-cancel" on:click=move |_| play.pick.set(None)>"Cancel"</button>
                        </span>
                    }.into_any()
                }
                _ => view! { <span class="order-tools muted">"click a unit to order it"</span> }.into_any(),
            })
        }}
    }
}
