//! What the map view shows, as memos over the drawing, the map and the
//! game: the scene (names, owners, units of the phase on screen), the pin
//! marks, the orders drawn and the places a picked unit may go. Each is
//! rebuilt only when what it reads changes.

use leptos::prelude::*;

use judgepad_core::layout;

use crate::bridge::Loaded;
use crate::bridge::arrows::{self, ArrowView};
use crate::bridge::entry::{Target, targets};
use crate::bridge::pin_marks::{PinMark, pin_marks_of};
use crate::bridge::scene::{Scene, Shapes, scene, shapes};
use crate::drawing::Key;
use crate::play::Play;

/// The map view's memos.
#[derive(Clone, Copy)]
pub struct MapScene {
    /// The scene drawn.
    pub view_scene: Memo<Scene>,
    /// A mark at each pin.
    pub pin_marks: Memo<Vec<PinMark>>,
    /// The orders of the phase on screen, drawn.
    pub marks: Memo<Vec<ArrowView>>,
    /// The places the pick offers.
    pub lit: Memo<Vec<Target>>,
}

impl MapScene {
    /// Follows `loaded`, `play` and `drawn` (the drawing on screen and the
    /// key it was made for; `made`, its outlines if the worker formatted
    /// them).
    pub fn new(
        loaded: Memo<Loaded>,
        play: Play,
        drawn: RwSignal<Option<(Key, layout::Layout)>>,
        made: StoredValue<Option<Shapes>>,
    ) -> MapScene {
        // The scene: the drawing with this map's names, owners and units. A
        // drawing made for other provinces (an edit not yet laid out) keeps the
        // previous scene on screen.
        //
        // What the scene reads from the map and the game, compared on each
        // check, so that typing which changes none of it (most typing) does not
        // build the scene again: provinces' names, terrain and centres, the
        // powers' starting centres and units, and the position.
        let scene_key = Memo::new(move |_| {
            loaded.with(|it| {
                let provinces: Vec<_> = it
                    .map
                    .provinces
                    .iter()
                    .map(|p| (p.abbr.clone(), p.terrain, p.supply_center))
                    .collect();
                let powers: Vec<_> =
                    it.map.powers.iter().map(|p| (p.centers.clone(), p.units.clone())).collect();
                let units: Vec<String> = it
                    .map
                    .powers
                    .iter()
                    .flat_map(|p| p.units.iter().map(|&u| it.map.unit_text(u)))
                    .collect();
                (provinces, powers, units)
            })
        });
        // A mark at each pin: held, or let go (a pin conflict).
        let pin_marks: Memo<Vec<PinMark>> = Memo::new(move |_| {
            drawn.with(|d| {
                let Some((key, drawing)) = d else { return Vec::new() };
                loaded.with_untracked(|it| pin_marks_of(&it.map, key.pins(), drawing))
            })
        });
        // Outlines and lines formatted once per drawing (by the worker,
        // beside the drawing).
        let drawn_shapes: Memo<Shapes> = Memo::new(move |_| {
            drawn.with(|d| {
                let made = made.try_update_value(Option::take).flatten();
                d.as_ref().map(|(_, l)| made.unwrap_or_else(|| shapes(l))).unwrap_or_default()
            })
        });
        let view_scene: Memo<Scene> = Memo::new(move |previous: Option<&Scene>| {
            scene_key.track();
            let view = play.view.get();
            drawn.with(|d| {
                loaded.with_untracked(|it| {
                    match d {
                        // The phase on screen: its map in force (IN/FROM may
                        // change terrain) and its board.
                        Some((k, drawing)) if k.fits(&it.map) => play.session.with(|s| {
                            let position = s.as_ref().map(|s| s.position(view));
                            drawn_shapes.with(|sh| scene(&it.map, drawing, sh, position))
                        }),
                        _ => previous.cloned().unwrap_or_else(|| {
                            let empty = layout::Layout::default();
                            scene(&it.map, &empty, &Shapes::default(), None)
                        }),
                    }
                })
            })
        });
        // The orders of the phase on screen, drawn: pending ones while they are
        // written, played ones by result.
        let marks: Memo<Vec<ArrowView>> = Memo::new(move |_| {
            let view = play.view.get();
            let text = play.orders.get();
            drawn.with(|d| {
                let Some((_, drawing)) = d else { return Vec::new() };
                play.session.with(|s| {
                    let Some(s) = s else { return Vec::new() };
                    match view.and_then(|i| Some((s.game.history.get(i)?, s.played.get(i)?))) {
                        Some((turn, played)) => loaded.with_untracked(|it| {
                            arrows::played(
                                &it.map,
                                drawing,
                                &turn.map,
                                &played.orders,
                                &turn.report,
                            )
                        }),
                        None => {
                            let (orders, _) = crate::bridge::read_orders(&s.game, &text);
                            loaded.with_untracked(|it| {
                                arrows::pending(&it.map, drawing, &s.game.map, &orders)
                            })
                        }
                    }
                })
            })
        });
        // The places the pick offers (only in the current phase).
        let lit: Memo<Vec<Target>> = Memo::new(move |_| {
            let Some(pick) = play.pick.get() else { return Vec::new() };
            if play.view.get().is_some() {
                return Vec::new();
            }
            play.session.with(|s| s.as_ref().map(|s| targets(&s.game, &pick)).unwrap_or_default())
        });
        MapScene { view_scene, pin_marks, marks, lit }
    }
}
