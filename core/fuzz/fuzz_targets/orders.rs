//! Fuzzes the order reader: any text, as one phase's orders, against
//! maps whose names collide with order words (classical's THE, youngstown's
//! AND, standard_glhetg's VIA) and the standard map, then adjudicates what
//! it read. No panics; every diagnostic's span lies inside the text.
#![no_main]

use std::sync::OnceLock;

use judgepad_core::adjudicate::{Rulebook, adjudicate_adjustments, adjudicate_movement, adjudicate_retreats};
use judgepad_core::board::Board;
use judgepad_core::bundled::{self, Bundled};
use judgepad_core::map::{self, Map, PowerId};
use judgepad_core::orders::{OrderPhase, parse_orders};
use judgepad_core::text::{FileId, decode};
use libfuzzer_sys::fuzz_target;

fn maps() -> &'static [Map] {
    static MAPS: OnceLock<Vec<Map>> = OnceLock::new();
    MAPS.get_or_init(|| {
        ["standard", "classical", "youngstown", "standard_glhetg"]
            .iter()
            .map(|name| {
                let file = format!("{name}.map");
                map::load(&file, &bundled::source(&file).unwrap(), &Bundled).0
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let map = &maps()[pick as usize % maps().len()];
    let text = decode(rest);
    let board = Board::initial(map);
    let power = PowerId(u32::from(pick >> 4) % map.powers.len() as u32);
    let phases = [OrderPhase::Movement, OrderPhase::Retreats, OrderPhase::Adjustments];
    {
        let phase = phases[usize::from(pick >> 2) % 3];
        let (orders, diags) = parse_orders(map, power, phase, FileId(9), &text);
        for diag in &diags {
            assert!(diag.primary.at.span.end as usize <= text.len());
            assert!(diag.primary.at.span.start <= diag.primary.at.span.end);
        }
        match phase {
            OrderPhase::Movement => {
                adjudicate_movement(map, &board, &orders, Rulebook::of(map));
            }
            OrderPhase::Retreats => {
                adjudicate_retreats(map, &board, &orders);
            }
            OrderPhase::Adjustments => {
                adjudicate_adjustments(map, &board, &orders);
            }
        }
    }
});
