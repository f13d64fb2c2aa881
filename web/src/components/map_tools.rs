//! The tools above the map: Fit, Move provinces, undo and redo, the
//! drawing's status, the position and order tools, Unpin all, Export, and
//! the drawing's figures.

use leptos::prelude::*;

use judgepad_core::layout::Layout;

use crate::bridge::Loaded;
use crate::bridge::pins::unpin;
use crate::components::export_menu::ExportMenu;
use crate::components::map_status::MapStatus;
use crate::components::order_tools::OrderTools;
use crate::components::position_tools::{EditTool, PositionTools};
use crate::drawing::Key;

/// The map's toolbar.
#[component]
pub fn MapTools(
    /// The map on screen.
    loaded: Memo<Loaded>,
    /// The game.
    play: crate::play::Play,
    /// The document (undo, redo, pins).
    doc: crate::doc::Doc,
    /// The visible box (`None`: fitted).
    zoom: RwSignal<Option<(f64, f64, f64, f64)>>,
    /// Whether dragging a province pins it.
    moving: RwSignal<bool>,
    /// The position editor's power and tool.
    editing: RwSignal<Option<(String, EditTool)>>,
    /// Asks for the drawing again (after a cancel).
    redraw: Callback<()>,
    /// What the drawing should be drawn for now.
    key: Memo<Key>,
    /// The drawing on screen and the key it was made for.
    drawn: RwSignal<Option<(Key, Layout)>>,
) -> impl IntoView {
    view! {
    <div class="map-tools">
        <button type="button" data-testid="map-fit" on:click=move |_| zoom.set(None)>"Fit"</button>
        <button type="button" data-testid="move-provinces" aria-pressed=move || moving.get().to_string()
            title="drag a province to where your geography has it: a # @pos pin is written into the text"
            on:click=move |_| moving.update(|on| *on = !*on)>"Move provinces"</button>
        <button type="button" data-testid="map-undo" title="undo the last change to the files: a pin, a fix, an edit (Ctrl+Z)"
            aria-label="undo" on:click=move |_| doc.undo()>"↶"</button>
        <button type="button" data-testid="map-redo" title="redo (Ctrl+Shift+Z)"
            aria-label="redo" on:click=move |_| doc.redo()>"↷"</button>
        <MapStatus redraw=redraw />
        <PositionTools play=play editing=editing />
        <OrderTools play=play editing=editing />
        {move || loaded.with(|it| !it.map.pins.is_empty()).then(|| view! {
            <button type="button" data-testid="unpin-all"
                title="remove every # @pos pin: the map is drawn from the graph alone"
                on:click=move |_| loaded.with_untracked(|it| doc.change(None, |w| unpin(w, &it.map, None)))
            >"Unpin all"</button>
        })}
        <ExportMenu loaded=loaded key=key drawn=drawn doc=doc />
        <span class="map-figures" data-testid="map-figures">
            {move || drawn.with(|d| d.as_ref().map(|(_, d)| format!("{} regions, {} borders, {} connectors", d.provinces.len(), d.borders.len(), d.connectors.len())))}
        </span>
    </div>
    }
}
