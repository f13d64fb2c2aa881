//! The drawn map against boards whose true geography we know (issue 27):
//! `tests/data/truth/*.tsv` give each province's approximate latitude and
//! longitude; projected into the drawing box they are the designer's
//! picture. Pinning k provinces at their true places must hold every pin,
//! bring the rest closer to their true places as k grows, and keep each
//! province's neighbours round it in the true order.

use judgepad_core::bundled::{self, Unpinned};
use judgepad_core::layout::truth::{self, Row};
use judgepad_core::layout::{self, Layout, Point, quality};
use judgepad_core::map::{self, Map, Sources};

/// A variant's true places, projected into the 1000 × 700 box (north up,
/// west left; `layout::truth::project`).
pub(crate) fn truth(name: &str) -> Vec<(String, Point)> {
    let text = |name: &str| {
        let path = format!("{}/data/truth/{name}.tsv", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).ok()
    };
    let rows = truth::read(&text(name).expect("a truth table"), &text)
        .unwrap_or_else(|e| panic!("{name}.tsv: {e}"));
    truth::project(&rows)
}

pub(crate) use truth::{cyclic_share, spread};

/// A bundled variant with `pins` (indices into `places`) written as
/// `# @pos` lines at the top of its file and no others (the table measures
/// the drawing with exactly the pins it names).
fn with_pins(name: &str, places: &[(String, Point)], pins: &[usize]) -> Map {
    truth::pinned(&format!("{name}.map"), places, pins, &Unpinned).expect("bundled")
}

/// The figures of `drawing` of `map` against `places`, `pinned` held.
pub(crate) fn row(
    map: &Map,
    drawing: &Layout,
    places: &[(String, Point)],
    pinned: &[usize],
) -> Row {
    truth::measure(map, drawing, places, pinned)
        .unwrap_or_else(|| panic!("{}: a province without a true place", map.name))
}

/// The table for one variant: k = 0, 3, 5, 10, 20 pins. Every pin is held
/// or reported as a conflict: none is moved silently.
pub(crate) fn table(name: &str) -> Vec<Row> {
    let places = truth(name);
    [0, 3, 5, 10, 20]
        .into_iter()
        .map(|k| {
            let pins = spread(&places, k);
            let map = with_pins(name, &places, &pins);
            let drawing = layout::layout(&map, &[]);
            let r = row(&map, &drawing, &places, &pins);
            assert_eq!(
                r.held + drawing.pin_conflicts.len(),
                r.pins,
                "{name}, {k} pins: a pin neither held nor reported"
            );
            let warned = layout::pin_diagnostics(&map, &drawing);
            assert_eq!(warned.len(), drawing.pin_conflicts.len(), "{name}: one warning a conflict");
            assert!(warned.iter().all(|d| d.code == "pin-conflict" && d.fix.is_some()));
            r
        })
        .collect()
}

/// The table (issue 27's figures) on the three truth boards. What holds
/// today is asserted: every pin held; cyclic order at least 95 %; the
/// median never rising with k. The issue's 2.5 % at 10 pins holds on
/// modern (2.3 %), not on standard (2.9 %) and ancmed (3.8 %), whose true
/// places are uneven enough that the middle of a province's neighbours,
/// all at their true places, is 2.2 % and 2.9 % from its own
/// ([`pin_floor`]); six other goals for the rest to follow were measured
/// on eight truth boards and none did better (ARCHITECTURE).
#[test]
fn pins_bring_the_drawing_to_the_true_board() {
    let mut failures = Vec::new();
    println!("variant   pins  held  median  p90    cyclic");
    for name in ["standard", "ancmed", "modern"] {
        let rows = table(name);
        for r in &rows {
            println!(
                "{name:9} {:4}  {:4}  {:5.2}%  {:5.2}%  {:5.1}%",
                r.pins,
                r.held,
                100.0 * r.median,
                100.0 * r.p90,
                100.0 * r.cyclic
            );
        }
        // Every pin held, on every board.
        for r in &rows {
            if r.held < r.pins {
                failures.push(format!("{name}: {} of {} pins held", r.held, r.pins));
            }
        }
        // Neighbours round each province in the true order: at least 95 %
        // (standard at 20 pins had 94.6 % while a pinned drawing's labels
        // were its regions' poles: the English Channel's and the North
        // Sea's far from where the solve put them).
        for r in &rows {
            if r.cyclic < 0.95 {
                failures.push(format!("{name}, {} pins: cyclic order {:.3}", r.pins, r.cyclic));
            }
        }
        // More pins, closer to the true board: the median never rises
        // with k (0, 3, 5, 10, 20), on every board.
        for pair in rows.windows(2) {
            if pair[1].median > pair[0].median {
                failures.push(format!(
                    "{name}: median {:.4} with {} pins, {:.4} with {}",
                    pair[0].median, pair[0].pins, pair[1].median, pair[1].pins
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The floor pins can bring the drawing to: a province whose neighbours
/// are all at their true places is best guessed at the middle of them
/// (where the conformal map through them puts it), and the truth's own
/// unevenness (a big sea beside small islands) sets how far that is from
/// its true place. Median and 90th percentile over the provinces, as a
/// share of the truth's diagonal, beside what ten pins give. Ten pins
/// cannot do better than every neighbour pinned: on ancmed the floor is
/// near 2.5 % already. A diagnostic
/// (`cargo test --release -p judgepad-tests pin_floor -- --ignored --nocapture`).
#[test]
#[ignore]
fn pin_floor() {
    for name in ["standard", "ancmed", "modern"] {
        let places = truth(name);
        let map = with_pins(name, &places, &[]);
        let at = |p: map::ProvinceId| {
            let abbr = &map.provinces[p.0 as usize].abbr;
            places.iter().find(|(a, _)| a.eq_ignore_ascii_case(abbr)).expect("a true place").1
        };
        let points: Vec<Point> = places.iter().map(|(_, p)| *p).collect();
        let diagonal = truth::diagonal(&points);
        let graph = layout::ProvinceGraph::of(&map);
        let mut around = vec![Vec::new(); map.provinces.len()];
        for &(a, b) in &graph.edges {
            around[a.0 as usize].push(at(b));
            around[b.0 as usize].push(at(a));
        }
        let mut off: Vec<f64> = (0..map.provinces.len())
            .filter(|&v| !around[v].is_empty())
            .map(|v| {
                let k = around[v].len() as f64;
                let middle =
                    around[v].iter().fold([0.0, 0.0], |m, p| [m[0] + p[0] / k, m[1] + p[1] / k]);
                let truly = at(map::ProvinceId(v as u32));
                ((middle[0] - truly[0]).powi(2) + (middle[1] - truly[1]).powi(2)).sqrt() / diagonal
            })
            .collect();
        off.sort_by(f64::total_cmp);
        let q = |q: f64| 100.0 * off[((off.len() - 1) as f64 * q).round() as usize];
        let ten = table(name).into_iter().find(|r| r.pins == 10).expect("10 pins");
        println!(
            "{name:9} neighbours all pinned: median {:.2}%, p90 {:.2}%; ten pins: median {:.2}%",
            q(0.5),
            q(0.9),
            100.0 * ten.median
        );
    }
}

/// The issue's own example: five pins on standard (without its shipped
/// ones, as it was when the issue was written). Each is held or reported
/// at its line; all five are held exactly (three were, before the rest
/// followed the pins' conformal map), with no conflict.
#[test]
fn the_five_pins_of_the_issue() {
    let file = "standard.map";
    let text = format!(
        "# @pos LON 300 300\n# @pos MOS 800 250\n# @pos CON 750 600\n# @pos SPA 150 600\n# @pos NAO 100 100\n{}",
        Unpinned.source(file).unwrap()
    );
    let (map, _) = map::load(file, &text, &Unpinned);
    let drawing = layout::layout(&map, &[]);
    let warned = layout::pin_diagnostics(&map, &drawing);
    for pin in &map.pins {
        let held = judgepad_tests::holds(&drawing, pin);
        let reported = warned.iter().any(|d| d.primary.at == pin.line);
        assert!(
            held != reported,
            "{}: held {held}, reported {reported}",
            map.prov(pin.province).abbr
        );
    }
    assert!(drawing.pin_conflicts.is_empty(), "{:?}", drawing.pin_conflicts);
    for abbr in ["LON", "MOS", "CON", "SPA", "NAO"] {
        let p = map.province(abbr).unwrap();
        let label = drawing.provinces[p.0 as usize].label;
        let pin = map.pins.iter().find(|pin| pin.province == p).unwrap().point();
        assert_eq!(label, pin, "{abbr}");
    }
}

/// The bundled files with `file`'s pins replaced by `pins`.
struct Trial<'a> {
    file: &'a str,
    pins: String,
}

impl map::Sources for Trial<'_> {
    fn source(&self, name: &str) -> Option<String> {
        let text = bundled::source(name)?;
        Some(if name == self.file {
            format!("{}{}", self.pins, map::pins::without_pins(&text))
        } else {
            text
        })
    }
}

/// Prints shipped pins for `JUDGEPAD_PINS=name`: the spread order's first
/// provinces whose pins every bundled variant that reads the truth table's
/// file holds together, with no region under 1/50 of the median, up to a
/// dozen
/// (`cargo test -p judgepad-tests shipped_pins_for -- --ignored --nocapture`).
#[test]
#[ignore]
fn shipped_pins_for() {
    let name = std::env::var("JUDGEPAD_PINS").unwrap_or_else(|_| "standard".into());
    let (_, file) = SHIPPED.iter().find(|(n, _)| *n == name).expect("a shipped table");
    let places = truth(&name);
    let lines = |chosen: &[usize]| -> String {
        chosen
            .iter()
            .map(|&i| {
                let (abbr, at) = &places[i];
                format!("# @pos {abbr} {} {}\n", at[0].round(), at[1].round())
            })
            .collect()
    };
    let family: Vec<String> = bundled::variants()
        .map(|v| format!("{v}.map"))
        .filter(|v| {
            let (map, _) = map::load(v, &bundled::source(v).unwrap(), &bundled::Bundled);
            map.files.iter().any(|f| f.name == *file)
        })
        .collect();
    // Only provinces every variant of the family has.
    let everywhere = |abbr: &str| {
        family.iter().all(|v| {
            let (map, _) = map::load(v, &bundled::source(v).unwrap(), &bundled::Bundled);
            map.province(abbr).is_some()
        })
    };
    let mut chosen: Vec<usize> = Vec::new();
    for candidate in spread(&places, places.len()).into_iter().filter(|&i| everywhere(&places[i].0))
    {
        if chosen.len() == 12 {
            break;
        }
        let mut trial = chosen.clone();
        trial.push(candidate);
        let sources = Trial { file, pins: lines(&trial) };
        let held = family.iter().all(|v| {
            let (map, _) = map::load(v, &sources.source(v).unwrap(), &sources);
            let drawing = layout::layout(&map, &[]);
            let conflicts = &drawing.pin_conflicts;
            let room = crate::layout_room::room(&map, &drawing);
            if std::env::var_os("JUDGEPAD_PINS_WHY").is_some() {
                println!(
                    "{v} {trial:?}: let go {conflicts:?}, smallest {:.3} ({})",
                    room.smallest, room.crumb
                );
            }
            // Held, and no crumb (what `pinned_regions_are_roomy` asks).
            conflicts.is_empty() && room.smallest >= 1.0 / 50.0
        });
        if held {
            chosen = trial;
        }
    }
    chosen.sort_by_key(|&i| places[i].0.clone());
    print!("{}", lines(&chosen));
}

/// The truth tables the shipped pins come from, and the bundled file that
/// ships them.
const SHIPPED: [(&str, &str); 12] = [
    ("zeus", "zeus.map"),
    ("standard", "standard.geography"),
    ("ancmed", "ancmed.map"),
    ("modern", "modern.map"),
    ("1900", "1900.map"),
    ("ambition", "ambition.map"),
    ("hundred", "hundred.map"),
    ("sengoku", "sengoku.map"),
    ("canton", "canton.map"),
    ("classical", "classical.map"),
    ("youngstown", "youngstown.geography"),
    ("empire", "empire.map"),
];

/// Truth tables of world maps that ship no pins: drawn from the graph
/// alone they come out north up already (a pinned world map is slower to
/// draw: imperial 10.5 → 25 ms with a dozen pins); the tables name a few
/// dozen well-known provinces, enough to check which way the drawing
/// turns. (Zeus, a world map drawn from its graph alone turned 101° and
/// mirrored, ships pins: its table is in `SHIPPED`.)
const WORLDS: [&str; 1] = ["imperial"];

/// Shipped pins are facts: each is its province's true place (the truth
/// table projected), to the unit.
#[test]
fn shipped_pins_are_the_true_places() {
    for (name, file) in SHIPPED {
        let places = truth(name);
        let text = bundled::source(file).unwrap();
        let pins: Vec<&str> = text.lines().filter_map(map::pins::pin_words).collect();
        assert!(pins.len() >= 9, "{file}: {} pins", pins.len());
        for words in pins {
            let w: Vec<&str> = words.split_whitespace().collect();
            let (_, at) = places.iter().find(|(a, _)| a == w[0]).expect("a true place");
            let pin = [w[1].parse::<f64>().unwrap(), w[2].parse::<f64>().unwrap()];
            assert!(
                (pin[0] - at[0]).abs() <= 0.5 && (pin[1] - at[1]).abs() <= 0.5,
                "{file}: {} at {pin:?}, truly {at:?}",
                w[0]
            );
        }
    }
}

/// Every bundled variant on real geography (most of its provinces in one
/// truth table, or for a world map a few dozen in its own) is drawn north
/// up, within 30°, and not mirrored, its shipped pins all held; no bundled
/// variant has a pin conflict.
#[test]
fn real_boards_are_drawn_north_up() {
    let tables: Vec<(&str, Vec<(String, Point)>)> = SHIPPED
        .iter()
        .map(|(name, _)| *name)
        .chain(WORLDS)
        .map(|name| (name, truth(name)))
        .collect();
    let mut failures = Vec::new();
    let mut real = 0;
    for variant in bundled::variants() {
        let file = format!("{variant}.map");
        let (map, _) = map::load(&file, &bundled::source(&file).unwrap(), &bundled::Bundled);
        let drawing = layout::layout(&map, &[]);
        if !drawing.pin_conflicts.is_empty() {
            failures.push(format!("{variant}: {} pin conflicts", drawing.pin_conflicts.len()));
        }
        let known = |places: &[(String, Point)]| -> Vec<(Point, Point)> {
            map.provinces
                .iter()
                .zip(&drawing.provinces)
                .filter_map(|(p, r)| {
                    let (_, at) = places.iter().find(|(a, _)| a.eq_ignore_ascii_case(&p.abbr))?;
                    Some((r.label, *at))
                })
                .collect()
        };
        // The variant's own table if it has one (a world map's names a few
        // dozen of its provinces: `imperial.tsv`); else the first table
        // that knows most of its provinces, if most.
        let own = tables.iter().find(|(name, _)| *name == variant);
        let Some((name, pairs)) = own
            .map(|(name, places)| (*name, known(places)))
            .filter(|(_, pairs)| pairs.len() >= 20)
            .or_else(|| {
                tables
                    .iter()
                    .map(|(name, places)| (*name, known(places)))
                    .rev()
                    .max_by_key(|(_, pairs)| pairs.len())
                    .filter(|(_, pairs)| {
                        pairs.len() >= 20 && pairs.len() * 10 >= map.provinces.len() * 8
                    })
            })
        else {
            continue;
        };
        real += 1;
        let sim = quality::fit(&pairs, true).unwrap();
        let turn = sim.factor[1].atan2(sim.factor[0]).to_degrees();
        println!("{variant:14} on {name:8}: turned {turn:6.1}°, mirrored {}", sim.mirror);
        if sim.mirror || turn.abs() > 30.0 {
            failures
                .push(format!("{variant} ({name}): turned {turn:.1}°, mirrored {}", sim.mirror));
        }
    }
    assert!(real >= 35, "{real} variants on real geography");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Which provinces have their neighbours out of the true order, with every
/// province pinned at its true place (a diagnostic:
/// `JUDGEPAD_TRUTH=ancmed cargo test -p judgepad-tests out_of_order -- --ignored --nocapture`).
#[test]
#[ignore]
fn out_of_order() {
    let name = std::env::var("JUDGEPAD_TRUTH").unwrap_or_else(|_| "ancmed".into());
    let places = truth(&name);
    let k: usize =
        std::env::var("JUDGEPAD_K").ok().and_then(|k| k.parse().ok()).unwrap_or(places.len());
    let pins = spread(&places, k);
    let map = with_pins(&name, &places, &pins);
    let drawing = layout::layout(&map, &[]);
    println!("conflicts: {:?}", drawing.pin_conflicts);
    let at = |abbr: &str| places.iter().find(|p| p.0.eq_ignore_ascii_case(abbr)).unwrap().1;
    let truth: Vec<Point> = map.provinces.iter().map(|p| at(&p.abbr)).collect();
    let drawn: Vec<Point> = drawing.provinces.iter().map(|r| r.label).collect();
    let graph = layout::ProvinceGraph::of(&map);
    let mut adjacency = vec![Vec::new(); truth.len()];
    for &(a, b) in &graph.edges {
        adjacency[a.0 as usize].push(b.0);
        adjacency[b.0 as usize].push(a.0);
    }
    // Straight-line crossings at the true places.
    let crossings = truth::crossings(&graph.edges, &truth);
    for ((a, b), (c, d)) in &crossings {
        let abbr = |p: &map::ProvinceId| map.provinces[p.0 as usize].abbr.as_str();
        println!("true crossing {}-{} x {}-{}", abbr(a), abbr(b), abbr(c), abbr(d));
    }
    println!("{} crossings at the true places", crossings.len());
    for (v, list) in adjacency.iter().enumerate() {
        if list.len() < 3 {
            continue;
        }
        let order = |places: &[Point]| {
            let mut around: Vec<(f64, u32)> = list
                .iter()
                .map(|&u| {
                    let d = [
                        places[u as usize][0] - places[v][0],
                        places[u as usize][1] - places[v][1],
                    ];
                    (d[1].atan2(d[0]), u)
                })
                .collect();
            around.sort_by(|x, y| x.0.total_cmp(&y.0));
            let names: Vec<&str> =
                around.iter().map(|it| map.provinces[it.1 as usize].abbr.as_str()).collect();
            names
        };
        let (t, d) = (order(&truth), order(&drawn));
        fn rot(x: &[&str]) -> String {
            let s = x.iter().enumerate().min_by_key(|it| it.1).unwrap().0;
            x[s..].iter().chain(&x[..s]).copied().collect::<Vec<_>>().join(" ")
        }
        if rot(&t) != rot(&d) {
            println!("{:4} true {:?}\n     drawn {:?}", map.provinces[v].abbr, rot(&t), rot(&d));
        }
    }
}

/// A world map with one pin or two (a province dragged on imperial): the
/// map keeps its regions and holds the pins. The first shape of a globe is
/// cut open along a meridian; spreading it by stress round the pins folded
/// it shut again, and with one pin 222 of 356 regions came out as points.
#[test]
fn a_world_map_takes_a_pin() {
    let places = truth("imperial");
    let file = "imperial.map";
    let (map, _) = map::load(file, &bundled::source(file).unwrap(), &Unpinned);
    let at = |abbr: &str| {
        let (_, p) = places.iter().find(|(a, _)| a == abbr).expect("a true place");
        (map.province(abbr).expect("a province"), *p)
    };
    for pins in [vec![at("ALA")], vec![at("ALA"), at("NZL")], vec![at("STP")]] {
        let drawing = layout::layout(&map, &pins);
        let room = crate::layout_room::room(&map, &drawing);
        let names: Vec<&str> = pins.iter().map(|(p, _)| map.prov(*p).abbr.as_str()).collect();
        assert!(room.smallest >= 1.0 / 50.0, "{names:?}: {room:?}");
        assert!(drawing.pin_conflicts.is_empty(), "{names:?}: {:?}", drawing.pin_conflicts);
        for (p, pin) in &pins {
            let label = drawing.provinces[p.0 as usize].label;
            let off = ((label[0] - pin[0]).powi(2) + (label[1] - pin[1]).powi(2)).sqrt();
            assert!(off <= 0.01 * drawing.width, "{names:?}: held {off:.1} off");
        }
    }
}

/// True places on every truth board (3, 5, 10 and 20 pins): each pin held
/// or reported, and few let go. A faithful drawing of each exists (the
/// real map), but not always one with straight lines between the places
/// (hundred's Atlantic–Mediterranean border runs round Castile), so some
/// are let go; what is held is measured. Before pins let go one a round
/// were tried back (`solve::positions`) and a let-go pin's vertex was
/// drawn towards it, 31 were let go over these boards (hundred at twenty
/// places 9, zeus 6, youngstown 4), now 21.
#[test]
fn true_places_on_every_board() {
    let mut let_go = 0;
    let mut report = Vec::new();
    for name in truth::BOARDS {
        let places = truth(name);
        for k in [3, 5, 10, 20] {
            let pins = spread(&places, k);
            let map = with_pins(name, &places, &pins);
            let drawing = layout::layout(&map, &[]);
            let mut held = 0;
            for pin in &map.pins {
                let reported = drawing.pin_conflicts.iter().any(|c| c.province == pin.province);
                let is_held = judgepad_tests::holds(&drawing, pin);
                assert!(is_held || reported, "{name}, {k} pins: a pin moved silently");
                held += usize::from(is_held && !reported);
            }
            let_go += map.pins.len() - held;
            if held < map.pins.len() {
                report.push(format!("{name} {k}: {} let go", map.pins.len() - held));
            }
        }
    }
    println!("{}", report.join(", "));
    assert!(let_go <= 21, "{let_go} true pins let go: {}", report.join(", "));
}
