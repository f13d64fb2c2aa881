//! The map's lower layer (issue 11): one region per province
//! (`[data-province]`, the map's single tab stop among them, named for a
//! screen reader: province, terrain, owner, units), borders and
//! connectors, wrap-around tags, pin marks (`[data-pin]`) and coast marks.
//! It changes only when the drawing or the names do. The regions are one
//! piece of markup (`scene::regions_markup`), parsed by the browser when
//! they change; the tab stop and its spoken name are then set on the two
//! regions concerned, and a focused region keeps the focus.

use std::sync::Arc;

use leptos::prelude::*;

use wasm_bindgen::JsCast;

use crate::bridge::pin_marks::PinMark;
use crate::bridge::scene::{
    CoastView, FIRST_PIECE, LineView, PIECES_A_FRAME, START_PIECE, Scene, TagView, next_piece,
    regions_markup,
};

/// The drawing's SVG.
#[component]
pub fn DrawingLayer(
    /// The scene drawn.
    scene: Memo<Scene>,
    /// The regions' classes (labels too small to see at this zoom hidden).
    regions_class: Memo<String>,
    /// A mark at each pin.
    pin_marks: Memo<Vec<PinMark>>,
    /// The province that holds the map's tab stop.
    tab_stop: Memo<Option<String>>,
    /// The tab stop's accessible name (its province, and what it says).
    spoken: Memo<Option<(String, String)>>,
    /// The view box shown.
    view_box: Memo<String>,
    /// The SVG (pointer positions are read against it).
    svg_ref: NodeRef<leptos::svg::Svg>,
    /// The size in pixels (or a percentage before the stage is measured).
    width: Signal<String>,
    height: Signal<String>,
) -> impl IntoView {
    let regions = NodeRef::<leptos::svg::G>::new();
    regions_drawn(regions, scene, tab_stop, spoken);
    let lines = lines_drawn(scene);
    view! {
    <svg class="drawing" viewBox=view_box node_ref=svg_ref width=width height=height>
        <defs>
            <pattern id="shut" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="6" height="6" fill="#c9c3b6" />
                <line x1="0" y1="0" x2="0" y2="6" stroke="#8d877a" stroke-width="2" />
            </pattern>
        </defs>
        <g class=regions_class node_ref=regions></g>
        <g class="lines">
            <For each=move || lines.with(|l| l.to_vec()) key=|l: &LineView| Drawn(l.clone()) let:l>
                <path class=l.class d=l.d />
            </For>
        </g>
        <g class="wrap-tags">
            <For each=move || scene.with(|s| s.tags.clone()) key=|t: &TagView| t.clone() let:t>
                <text class="wt" x=t.x y=t.y>{t.text}</text>
            </For>
        </g>
        <g class="pins">
            <For each=move || pin_marks.get() key=|m: &PinMark| m.clone() let:m>
                <g class="pin-mark" class:let-go=m.let_go data-pin=m.abbr>
                    <title>{if m.let_go { "pin let go: see the diagnostics" } else { "pinned" }}</title>
                    <circle cx=m.x.clone() cy=m.y.clone() r="2.4" />
                    <line x1=m.x.clone() y1=m.y.clone() x2=m.x y2=m.tip />
                </g>
            </For>
        </g>
        <g class="coasts">
            <For each=move || scene.with(|s| s.coasts.clone()) key=|c: &CoastView| c.clone() let:c>
                <g data-coast=c.abbr>
                    <circle cx=c.at.0.clone() cy=c.at.1 r="1.2" />
                    <text x=c.at.0 y=c.at.2>{c.short}</text>
                </g>
            </For>
        </g>
    </svg>
    }
}

/// Fills `layer` with the scene's regions whenever they change, and keeps
/// the tab stop (`tabindex="0"`, every other region -1) and its accessible
/// name on the right regions. A map of up to [`FIRST_PIECE`] regions is
/// drawn in the task that brings it; a bigger one is filled over the
/// regions on screen, each piece in place of as many of them (so the map
/// is never half empty while it fills; the layer is marked `data-filling`
/// until it is done), two pieces a frame from the next (`scene::PIECES_A_FRAME`), each in a
/// task of its own and as big as the browser parses in the budget at the
/// last piece's pace (`scene::next_piece`): the task
/// that brings a 10,000-province drawing also works out its scene (30 ms),
/// and a first piece of 1,500 regions parsed in it took 40–60 ms more
/// (so the first piece is [`START_PIECE`]).
/// Each piece's markup is written in its own task: written for every
/// region up front, a 26,000-province map's took 23 ms of the scene's task.
fn regions_drawn(
    layer: NodeRef<leptos::svg::G>,
    scene: Memo<Scene>,
    tab_stop: Memo<Option<String>>,
    spoken: Memo<Option<(String, String)>>,
) {
    // The regions (the memo compares them, so that a scene whose units
    // alone changed leaves the layer as it is).
    let regions = Memo::new(move |_| scene.with(|s| Arc::clone(&s.regions)));
    // Each filling counted, so that a later one stops an earlier one's
    // remaining pieces; the regions given the tab stop and the name (to
    // be given them back when they move).
    let filled = StoredValue::new_local(0u64);
    let given = StoredValue::new_local((None::<String>, None::<String>));
    // The regions, afresh each time they change (the memo says when).
    Effect::new(move |_| {
        let Some(g) = layer.get() else { return };
        let count = regions.with(|r| r.len());
        let focused = document()
            .active_element()
            .filter(|el| g.contains(Some(el)))
            .and_then(|el| el.closest(".region").ok().flatten())
            .and_then(|el| el.get_attribute("data-province"));
        // A small map at once; a big one in pieces over the regions on
        // screen, each piece taking the place of as many of them, so the
        // map stays whole while it fills (the last drawing, or the sketch,
        // until each piece replaces it).
        let now = if count <= FIRST_PIECE { count } else { 0 };
        if now == count {
            regions.with(|all| g.set_inner_html(&regions_markup(all)));
        }
        let _ = g.set_attribute("data-filling", "");
        filled.update_value(|n| *n += 1);
        let filling = filled.get_value();
        leptos::task::spawn_local(async move {
            let (mut next, mut size) = (now, START_PIECE);
            let mut pieces = 0;
            // The regions of the last drawing not yet replaced.
            let mut old = if now == count { None } else { g.first_element_child() };
            while next < count {
                if pieces % PIECES_A_FRAME == 0 {
                    crate::tasks::next_frame().await;
                } else {
                    crate::tasks::next_task().await;
                }
                pieces += 1;
                if filled.get_value() != filling {
                    return;
                }
                let end = count.min(next + size);
                let start = crate::doc::now_ms();
                let Some(piece) =
                    regions.with_untracked(|all| all.get(next..end).map(regions_markup))
                else {
                    return;
                };
                for _ in next..end {
                    if !remove_first(&mut old) {
                        break;
                    }
                }
                let _ = match &old {
                    Some(el) => el.insert_adjacent_html("beforebegin", &piece),
                    None => g.insert_adjacent_html("beforeend", &piece),
                };
                size = next_piece(end - next, crate::doc::now_ms() - start);
                next = end;
            }
            // Regions of the last drawing past the new one's.
            while remove_first(&mut old) {}
            let _ = g.remove_attribute("data-filling");
            // Every region is in: the tab stop, the name, the focus.
            given.set_value((None, None));
            mark(&g, given, tab_stop.get_untracked(), spoken.get_untracked());
            focus(&g, focused.as_deref());
        });
    });
    // The tab stop and the name, moved as they move.
    Effect::new(move |_| {
        let (stop, named) = (tab_stop.get(), spoken.get());
        if let Some(g) = layer.get_untracked() {
            mark(&g, given, stop, named);
        }
    });
}

/// Removes the element `old` holds, holding its next sibling instead;
/// false when it held none.
fn remove_first(old: &mut Option<web_sys::Element>) -> bool {
    let Some(el) = old.take() else { return false };
    *old = el.next_element_sibling();
    el.remove();
    true
}

/// A line's key in the layer: its class and its path data by identity (a
/// scene worked out again shares its lines, and hashing a big map's 4 MB
/// of path data on every change is not free). The key holds the data, so
/// its address is not reused while the key lives.
#[derive(Clone)]
struct Drawn(LineView);

impl Drawn {
    /// Whether `a` and `b` are the same line: one class, one path data.
    fn same(a: &LineView, b: &LineView) -> bool {
        a.class == b.class && Arc::ptr_eq(&a.d, &b.d)
    }
}

impl PartialEq for Drawn {
    fn eq(&self, other: &Drawn) -> bool {
        Drawn::same(&self.0, &other.0)
    }
}

impl Eq for Drawn {}

impl std::hash::Hash for Drawn {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.class.hash(state);
        Arc::as_ptr(&self.0.d).cast::<u8>().hash(state);
    }
}

/// The scene's lines as drawn: with the scene on a map of up to
/// [`FIRST_PIECE`] regions; on a bigger one a line a frame from the next
/// (the browser reads a path's data as it is set: a 26,000-province map's
/// 4 MB took 64 ms in one task, and each line holds at most
/// `scene::LINE_PIECE` bytes).
fn lines_drawn(scene: Memo<Scene>) -> ReadSignal<Arc<[LineView]>> {
    let lines = RwSignal::new(Arc::from([]));
    let asked = StoredValue::new_local(0u64);
    Effect::new(move |_| {
        let (now, big) = scene.with(|s| (s.lines.clone(), s.regions.len() > FIRST_PIECE));
        asked.update_value(|n| *n += 1);
        if !big {
            lines.set(now);
            return;
        }
        // The lines drawn already stay (a unit moved: the scene is new, its
        // lines the same); the others go now, the rest follow.
        let (kept, more) = lines.with_untracked(|drawn| {
            let kept = drawn.iter().zip(now.iter()).take_while(|(a, b)| Drawn::same(a, b)).count();
            (kept, drawn.len() > kept)
        });
        if more {
            lines.set(Arc::from(&now[..kept]));
        }
        let mine = asked.get_value();
        leptos::task::spawn_local(async move {
            for drawn in kept + 1..=now.len() {
                crate::tasks::next_frame().await;
                if asked.get_value() != mine {
                    return;
                }
                lines.set(Arc::from(&now[..drawn]));
            }
        });
    });
    lines.read_only()
}

/// Gives the tab stop `stop` and the name `named` to their regions in
/// `g`, taking them from the regions `given` them before.
fn mark(
    g: &web_sys::SvgElement,
    given: StoredValue<(Option<String>, Option<String>), leptos::prelude::LocalStorage>,
    stop: Option<String>,
    named: Option<(String, String)>,
) {
    let (old_stop, old_named) = given.get_value();
    if old_stop != stop {
        if let Some(el) = old_stop.and_then(|abbr| region(g, &abbr)) {
            let _ = el.set_attribute("tabindex", "-1");
        }
        if let Some(el) = stop.as_deref().and_then(|abbr| region(g, abbr)) {
            let _ = el.set_attribute("tabindex", "0");
        }
    }
    let name = named.as_ref().map(|(abbr, _)| abbr.clone());
    if let Some(el) =
        old_named.filter(|old| Some(old) != name.as_ref()).and_then(|abbr| region(g, &abbr))
    {
        let _ = el.remove_attribute("aria-label");
    }
    if let Some((abbr, text)) = &named
        && let Some(el) = region(g, abbr)
        && el.get_attribute("aria-label").as_deref() != Some(text)
    {
        let _ = el.set_attribute("aria-label", text);
    }
    given.set_value((stop, name));
}

/// Focuses province `abbr`'s region in `g` (the one focused before the
/// regions were drawn afresh), without scrolling.
fn focus(g: &web_sys::SvgElement, abbr: Option<&str>) {
    if let Some(el) = abbr.and_then(|abbr| region(g, abbr)) {
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = el.unchecked_into::<web_sys::HtmlElement>().focus_with_options(&options);
    }
}

/// Province `abbr`'s region in `layer`.
fn region(layer: &web_sys::SvgElement, abbr: &str) -> Option<web_sys::Element> {
    let quoted = abbr.replace('\\', "\\\\").replace('"', "\\\"");
    layer.query_selector(&format!(".region[data-province=\"{quoted}\"]")).ok().flatten()
}
