//! The bundled maps, on demand (issue 29). The page knows every bundled
//! file's name from the first moment (the core's `bundled_names`, a few
//! hundred bytes), but holds the text of the default variant's files only
//! ([`FIRST`]); the rest (68 KB gzipped) is one file of the build,
//! `maps-<hash>.txt.gz` (gzipped, unpacked in the browser, so that a host
//! that does not compress sends it compressed all the same), named
//! in the page as `rel=judgepad-maps` (`www/wasm-hook.mjs` writes it; the
//! service worker caches it with the rest of the build for offline use).
//! It is fetched once: after the map's part of the wasm (a visitor who
//! opens standard never waits for it), or at once when something needs a
//! file it holds: a link or an autosave of another variant, the variant
//! picker, a `USE` of another bundled map typed by the user. Each arrival
//! bumps a signal ([`track`]), so a load that missed a file runs again.
//!
//! The worker (a wasm of its own) is handed the bundled files a layout
//! reads with the request ([`texts_read`], [`insert`]).
//!
//! Natively (the web crate's tests) every file is there: the core's
//! bundle.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

use judgepad_core::bundled_names::NAMES;
use judgepad_core::map::Sources;
use leptos::prelude::*;

/// The files that come with the first part: the default variant's.
const FIRST: &[(&str, &[u8])] = &[
    ("standard.geography", include_bytes!("../../maps/standard.geography")),
    ("standard.map", include_bytes!("../../maps/standard.map")),
    ("standard.military", include_bytes!("../../maps/standard.military")),
    ("standard.politics", include_bytes!("../../maps/standard.politics")),
];

thread_local! {
    /// The files fetched (or handed to the worker), decoded.
    static FETCHED: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
    /// Whether the whole bundle has arrived.
    static ARRIVED: Cell<bool> = const { Cell::new(false) };
    /// The fetch under way (a promise of the bytes: any number may await it).
    static PENDING: RefCell<Option<js_sys::Promise>> = const { RefCell::new(None) };
    /// Bumped at each arrival.
    static VERSION: ArcRwSignal<u32> = ArcRwSignal::new(0);
}

/// Whether `name` is a bundled file (its text may not be here yet).
pub fn is_bundled(name: &str) -> bool {
    NAMES.binary_search(&name).is_ok()
}

/// The bundled variants (the `.map` files, without extension).
pub fn variants() -> impl Iterator<Item = &'static str> {
    NAMES.iter().filter_map(|name| name.strip_suffix(".map"))
}

/// The text of bundled file `name`, if it is here.
pub fn source(name: &str) -> Option<String> {
    #[cfg(test)]
    return judgepad_core::bundled::source(name);
    #[cfg(not(test))]
    {
        if let Some((_, bytes)) = FIRST.iter().find(|(it, _)| *it == name) {
            return Some(judgepad_core::text::decode(bytes).into_owned());
        }
        FETCHED.with(|it| it.borrow().get(name).cloned())
    }
}

/// Whether every bundled file is here.
pub fn arrived() -> bool {
    cfg!(test) || ARRIVED.get()
}

/// Subscribes the reactive scope it runs in to the bundle's arrival.
pub fn track() {
    VERSION.with(|it| it.track());
}

/// Adds files (the worker's, handed over with a request).
pub fn insert(files: BTreeMap<String, String>) {
    FETCHED.with(|it| it.borrow_mut().extend(files));
}

/// The texts of the bundled files among `names` (the files a load read),
/// except the first part's: what the worker needs besides the user's own.
pub fn texts_read<'a>(names: impl Iterator<Item = &'a str>) -> BTreeMap<String, String> {
    names
        .filter(|name| is_bundled(name) && FIRST.iter().all(|(it, _)| it != name))
        .filter_map(|name| Some((name.to_string(), source(name)?)))
        .collect()
}

/// [`Sources`] over the bundled files that are here; a miss asks for the
/// bundle (the loads that missed run again when it arrives).
pub struct Library;

impl Sources for Library {
    fn source(&self, name: &str) -> Option<String> {
        let text = source(name);
        if text.is_none() && is_bundled(name) {
            prefetch();
        }
        text
    }
}

/// Fetches the bundle, unless it is here or on its way.
pub fn prefetch() {
    if !arrived() {
        wasm_bindgen_futures::spawn_local(async {
            fetch().await;
        });
    }
}

/// The bundle, fetched once (every caller awaits the same fetch); whether
/// it is here.
pub async fn fetch() -> bool {
    if arrived() {
        return true;
    }
    let promise = PENDING.with(|it| it.borrow_mut().get_or_insert_with(start).clone());
    match wasm_bindgen_futures::JsFuture::from(promise).await {
        Ok(buffer) => {
            if !ARRIVED.get() {
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                FETCHED.with(|it| it.borrow_mut().extend(unpack(&bytes)));
                ARRIVED.set(true);
                VERSION.with(|it| it.update(|n| *n += 1));
            }
            true
        }
        Err(_) => {
            // Another try next time (offline now, online later).
            PENDING.with(|it| *it.borrow_mut() = None);
            false
        }
    }
}

/// Starts the fetch of the bundle named in the page.
fn start() -> js_sys::Promise {
    use wasm_bindgen::{JsCast, JsValue};
    wasm_bindgen_futures::future_to_promise(async {
        let href = document()
            .query_selector("link[rel=judgepad-maps]")
            .ok()
            .flatten()
            .and_then(|link| link.get_attribute("href"))
            .ok_or_else(|| JsValue::from_str("the page names no maps"))?;
        // Gzipped in the build: the boot script's helper unpacks it
        // (unless the server already did).
        let unpacked = js_sys::Reflect::get(&js_sys::global(), &"judgepadUnpacked".into())?;
        let fetched = match unpacked.dyn_ref::<js_sys::Function>() {
            Some(unpack) => js_sys::Promise::from(unpack.call1(&JsValue::NULL, &href.into())?),
            None => window().fetch_with_str(&href),
        };
        let response: web_sys::Response =
            wasm_bindgen_futures::JsFuture::from(fetched).await?.dyn_into()?;
        if !response.ok() {
            return Err(JsValue::from_str("the maps did not arrive"));
        }
        wasm_bindgen_futures::JsFuture::from(response.array_buffer()?).await
    })
}

/// The files of a bundle: each is `NAME LENGTH\n` and then its bytes
/// (`www/wasm-hook.mjs` writes them so). A damaged bundle gives the files
/// before the damage.
pub fn unpack(bytes: &[u8]) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let mut at = 0;
    while at < bytes.len() {
        let Some(end) = bytes[at..].iter().position(|&b| b == b'\n').map(|i| at + i) else {
            break;
        };
        let head = String::from_utf8_lossy(&bytes[at..end]);
        let Some((name, length)) = head.rsplit_once(' ') else { break };
        let Ok(length) = length.parse::<usize>() else { break };
        let Some(body) = bytes.get(end + 1..end + 1 + length) else { break };
        files.insert(name.to_string(), judgepad_core::text::decode(body).into_owned());
        at = end + 1 + length;
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bundle_unpacks_to_its_files() {
        let mut bytes = Vec::new();
        for name in ["standard.map", "standard_glhetg.map", "imperial.locations"] {
            let body = judgepad_core::bundled::bytes(name).unwrap();
            bytes.extend_from_slice(format!("{name} {}\n", body.len()).as_bytes());
            bytes.extend_from_slice(body);
        }
        let files = unpack(&bytes);
        assert_eq!(files.len(), 3);
        for (name, text) in &files {
            assert_eq!(Some(text.clone()), judgepad_core::bundled::source(name));
        }
        // Cut short: the files before the cut.
        assert_eq!(unpack(&bytes[..bytes.len() - 1]).len(), 2);
        assert!(unpack(b"garbage").is_empty());
    }
}
