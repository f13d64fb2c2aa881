//! What a click on the map does (issue 13): in the position editor, one
//! edit written into the log; while ordering, a unit picked, a place it may
//! go taken (Shift: support the unit clicked, Alt: convoy it; the unit
//! itself again: hold), or a build. The map view finds what is under the
//! pointer; these decide what that means.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use judgepad_core::orders::OrderPhase;

use crate::bridge::entry::{Pick, Target, self_order};
use crate::bridge::position::add_edit;
use crate::components::position_tools::EditTool;
use crate::play::Play;

/// A click (or Enter) on the map: the position editor's when it is on,
/// else the orders' ([`order_click`]). Returns whether it did something.
pub fn click(
    play: Play,
    editing: RwSignal<Option<(String, EditTool)>>,
    lit: Memo<Vec<Target>>,
) -> impl Fn(bool, bool, Option<String>, Option<String>) -> bool + Copy {
    let (edit, order) = (edit_click(play, editing), order_click(play, lit));
    move |shift, alt, unit, place: Option<String>| {
        edit(place.clone()) || order(shift, alt, unit, place)
    }
}

/// A click in the position editor on `place` (a coast or a province):
/// `editing`'s tool for its power, written into the log. Returns whether
/// the editor is on (a click then does nothing else).
fn edit_click(
    play: Play,
    editing: RwSignal<Option<(String, EditTool)>>,
) -> impl Fn(Option<String>) -> bool + Copy {
    move |place: Option<String>| -> bool {
        let Some((power, tool)) = editing.get_untracked() else { return false };
        let Some(place) = place else { return true };
        let province = place.split('/').next().unwrap_or(&place).to_string();
        let line = match tool {
            EditTool::Army => format!("{power}: A {province}"),
            EditTool::Fleet => format!("{power}: F {place}"),
            EditTool::Remove => format!("REMOVE {province}"),
            EditTool::Owner => format!("OWNER {province} {power}"),
        };
        play.view.set(None);
        play.log.update(|log| *log = add_edit(log, &line));
        true
    }
}

/// A click on the map while ordering: `unit` (or dislodged unit) and
/// `place` (a coast mark, else the province) under the pointer, Shift and
/// Alt held; `lit` the places the pick offers. Returns whether the click
/// was an order click.
fn order_click(
    play: Play,
    lit: Memo<Vec<Target>>,
) -> impl Fn(bool, bool, Option<String>, Option<String>) -> bool + Copy {
    let phase_kind = move || play.session.with(|s| s.as_ref().and_then(|s| s.game.order_phase()));
    move |shift: bool, alt: bool, unit: Option<String>, place: Option<String>| {
        if play.view.get_untracked().is_some() {
            return false;
        }
        let Some(phase) = phase_kind() else { return false };
        let pick = play.pick.get_untracked();
        let game_line = |unit: &str| {
            play.session.with_untracked(|s| s.as_ref().and_then(|s| self_order(&s.game, unit)))
        };
        if let Some(picked) = &pick {
            // Support or convoy chosen from the tools: the unit picked next
            // is the one supported or convoyed (the unit itself again goes
            // back to its own moves).
            if let (Pick::Supporting(u) | Pick::Convoying(u), Some(other)) = (picked, &unit) {
                play.pick.set(Some(if other == u {
                    Pick::Unit(u.clone())
                } else if matches!(picked, Pick::Supporting(_)) {
                    Pick::Support(u.clone(), other.clone())
                } else {
                    Pick::Convoy(u.clone(), other.clone())
                }));
                return true;
            }
            if let (Pick::Unit(u), Some(clicked)) = (picked, &unit)
                && u == clicked
                && !shift
                && !alt
            {
                if let Some(line) = game_line(u) {
                    play.write(&line);
                }
                play.pick.set(None);
                return true;
            }
            if let (Pick::Unit(u), Some(other), OrderPhase::Movement) = (picked, &unit, phase)
                && (shift || alt)
            {
                play.pick.set(Some(if shift {
                    Pick::Support(u.clone(), other.clone())
                } else {
                    Pick::Convoy(u.clone(), other.clone())
                }));
                return true;
            }
            let found = lit.with_untracked(|lit| {
                place.as_ref().and_then(|p| lit.iter().find(|t| t.province == *p).cloned())
            });
            if let Some(target) = found {
                play.write(&target.line);
                if !matches!(picked, Pick::Build(_)) {
                    play.pick.set(None);
                }
                return true;
            }
        }
        if let Some(u) = unit {
            match phase {
                OrderPhase::Movement | OrderPhase::Retreats => play.pick.set(Some(Pick::Unit(u))),
                OrderPhase::Adjustments => {
                    if let Some(line) = game_line(&u) {
                        play.write(&line);
                    }
                }
            }
            return true;
        }
        if pick.is_some() {
            play.pick.set(None);
            return true;
        }
        false
    }
}

/// What is under the pointer at `target`: the unit (or dislodged unit) and
/// the place (a coast mark, a lit place, else `province`, else the unit's
/// province).
pub fn under_pointer(
    target: Option<web_sys::EventTarget>,
    province: Option<String>,
) -> (Option<String>, Option<String>) {
    let element = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let attr = |selector: &str, name: &str| {
        element
            .as_ref()
            .and_then(|el| el.closest(selector).ok().flatten())
            .and_then(|el| el.get_attribute(name))
    };
    let unit =
        attr("[data-unit]", "data-unit").or_else(|| attr("[data-dislodged]", "data-dislodged"));
    let unit_province = unit
        .as_ref()
        .and_then(|u| u.split_whitespace().nth(1))
        .map(|p| p.split('/').next().unwrap_or(p).to_string());
    let place = attr("[data-coast]", "data-coast")
        .or_else(|| attr("[data-target]", "data-target"))
        .or(province)
        .or(unit_province);
    (unit, place)
}

/// The province (its abbreviation) of the region at `target`, if any.
pub fn province_at(target: Option<web_sys::EventTarget>) -> Option<String> {
    target
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("[data-province]").ok().flatten())
        .and_then(|el| el.get_attribute("data-province"))
}
