//! The phase stepper: the game's phases as the map's calendar gives them
//! (played, current, and the next few), the one on screen highlighted,
//! phases where IN/FROM change the map marked. A played phase is a button
//! that shows it; ← and → step (outside text fields).

use leptos::prelude::*;

use crate::bridge::session::{Step, StepState, timeline};
use crate::play::Play;

/// The timeline and its step buttons.
#[component]
pub fn Stepper(play: Play) -> impl IntoView {
    let steps = Memo::new(move |_| {
        play.session.with(|s| s.as_ref().map(|s| timeline(&s.game)).unwrap_or_default())
    });
    // ← and → step through the played phases, unless typing.
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.ctrl_key() || ev.alt_key() || ev.meta_key() || ev.shift_key() {
            return;
        }
        if crate::components::in_text_field(&ev) {
            return;
        }
        match ev.key().as_str() {
            "ArrowLeft" => {
                ev.prevent_default();
                play.step(-1);
            }
            "ArrowRight" => {
                ev.prevent_default();
                play.step(1);
            }
            _ => {}
        }
    });
    on_cleanup(move || handle.remove());
    let shown = move |state: StepState| match (state, play.view.get()) {
        (StepState::Played(i), Some(view)) => i == view,
        (StepState::Current, None) => true,
        _ => false,
    };
    view! {
        <nav class="stepper" aria-label="phases">
            <button type="button" data-testid="step-back" aria-label="previous phase" title="previous phase (←)"
                disabled=move || play.view.get() == Some(0) || play.played() == 0
                on:click=move |_| play.step(-1)>"←"</button>
            <ol class="timeline" data-testid="timeline">
                <For each=move || steps.get() key=|s: &Step| s.clone() let:step>
                    {
                        let Step { abbr, name, state, changes, edit } = step;
                        let class = match state {
                            StepState::Played(_) => "played",
                            StepState::Current => "current",
                            StepState::Future => "future",
                        };
                        let label = if edit { "✎".to_string() } else { abbr.clone() };
                        let title = if edit {
                            format!("position edited in {name}")
                        } else if changes {
                            format!("{name} — IN/FROM change the map")
                        } else {
                            name
                        };
                        view! {
                            <li class=class class:changes=changes class:edit=edit class:shown=move || shown(state)
                                data-phase=abbr.clone()>
                                <button type="button" title=title
                                    disabled=matches!(state, StepState::Future)
                                    aria-current=move || shown(state).then_some("step")
                                    on:click=move |_| {
                                        play.pick.set(None);
                                        play.view.set(match state {
                                            StepState::Played(i) => Some(i),
                                            _ => None,
                                        });
                                    }>{label}</button>
                            </li>
                        }
                    }
                </For>
            </ol>
            <button type="button" data-testid="step-forward" aria-label="next phase" title="next phase (→)"
                disabled=move || play.view.get().is_none()
                on:click=move |_| play.step(1)>"→"</button>
        </nav>
    }
}
