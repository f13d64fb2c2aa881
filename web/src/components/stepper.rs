//! The phase stepper: the game's phases as the map's calendar gives them
//! (played, current, and the next few), the one on screen highlighted,
//! phases where IN/FROM change the map marked. A played phase is a button
//! that shows it; ← and → step (outside text fields). The items are one
//! piece of markup with one click handler (a long game's hundreds of
//! phases were a view and two effects each).

use leptos::prelude::*;

use wasm_bindgen::JsCast;

use crate::bridge::session::{
    Step, StepState, shown_step, timeline, timeline_markup, widest_label,
};
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
    // The items as one piece of markup (a long game has hundreds), the
    // one on screen marked apart, the focus kept on the phase it was on.
    let list = NodeRef::<leptos::html::Ol>::new();
    Effect::new(move |_| {
        let Some(ol) = list.get() else { return };
        let focused = document()
            .active_element()
            .filter(|el| ol.contains(Some(el)))
            .and_then(|el| el.closest("li").ok().flatten())
            .and_then(|li| li.get_attribute("data-step"));
        let chars = steps.with(|steps| {
            ol.set_inner_html(&timeline_markup(steps));
            widest_label(steps)
        });
        // Every item as wide as the longest label (the style sheet sizes
        // them by it; the CSP refuses style attributes, not the CSSOM).
        let _ = web_sys::HtmlElement::style(&ol).set_property("--chars", &chars.to_string());
        mark_shown(&ol, steps, play.view.get_untracked());
        if let Some(step) = focused {
            let button = ol.query_selector(&format!("li[data-step=\"{step}\"] button"));
            if let Some(button) = button.ok().flatten() {
                let _ = button.unchecked_into::<web_sys::HtmlElement>().focus();
            }
        }
    });
    Effect::new(move |_| {
        let view = play.view.get();
        if let Some(ol) = list.get_untracked() {
            mark_shown(&ol, steps, view);
        }
    });
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some(li) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("li").ok().flatten())
        else {
            return;
        };
        let step = li.get_attribute("data-step").and_then(|i| i.parse::<usize>().ok());
        let Some(state) = step.and_then(|i| steps.with_untracked(|s| s.get(i).map(|s| s.state)))
        else {
            return;
        };
        if state == StepState::Future {
            return;
        }
        play.pick.set(None);
        play.view.set(match state {
            StepState::Played(i) => Some(i),
            _ => None,
        });
    };
    view! {
        <nav class="stepper" aria-label="phases">
            <button type="button" data-testid="step-back" aria-label="previous phase" title="previous phase (←)"
                disabled=move || play.view.get() == Some(0) || play.played() == 0
                on:click=move |_| play.step(-1)>"←"</button>
            <ol class="timeline" data-testid="timeline" node_ref=list on:click=on_click></ol>
            <button type="button" data-testid="step-forward" aria-label="next phase" title="next phase (→)"
                disabled=move || play.view.get().is_none()
                on:click=move |_| play.step(1)>"→"</button>
        </nav>
    }
}

/// Marks the step on screen (`shown`, `aria-current`), and no other.
fn mark_shown(ol: &web_sys::Element, steps: Memo<Vec<Step>>, view: Option<usize>) {
    let at = steps.with_untracked(|steps| shown_step(steps, view));
    if let Some(old) = ol.query_selector("li.shown").ok().flatten() {
        if at.is_some_and(|i| old.get_attribute("data-step") == Some(i.to_string())) {
            return;
        }
        let _ = old.class_list().remove_1("shown");
        if let Some(button) = old.first_element_child() {
            let _ = button.remove_attribute("aria-current");
        }
    }
    let Some(li) =
        at.and_then(|i| ol.query_selector(&format!("li[data-step=\"{i}\"]")).ok().flatten())
    else {
        return;
    };
    let _ = li.class_list().add_1("shown");
    if let Some(button) = li.first_element_child() {
        let _ = button.set_attribute("aria-current", "step");
    }
}
