//! `window.judgepad`: the core's JSON face for people who script the page
//! from the console, embed it or test it (docs/js-api.md). Every function
//! takes and returns plain JSON values (or JSON text) with the schemas of
//! the CLI (`check --json`, `dump --json`, `adjudicate`); bad input returns
//! `{"error": {"message"}}`, never throws.

use std::cell::RefCell;
use std::collections::BTreeMap;

use js_sys::{JSON, Object, Reflect};
use judgepad_core::api::{self, Resolver, Root, Session};
use judgepad_core::map::Sources;

use crate::library::{self, Library};
use wasm_bindgen::JsValue;
use wasm_bindgen::closure::Closure;

thread_local! {
    /// One batch session for the page: maps load once and stay cached.
    static SESSION: RefCell<Session> = RefCell::new(Session::new(Box::new(Bundle)));
}

/// Installs `window.judgepad` once its part of the wasm has loaded: the
/// JSON face (serde, the batch reader, every `--json` writer) is not needed
/// for the first page, so it comes after it (`www/wasm-hook.mjs`).
pub async fn install_later() {
    let install = crate::later::parts().await.install_api;
    // Every bundled variant is there by name once the API is.
    library::fetch().await;
    install();
}

/// Resolves the bundled variants (`standard`, `ancmed.map`).
struct Bundle;

impl Resolver for Bundle {
    fn resolve(&self, name: &str) -> Result<Root, String> {
        api::named_root(name, Box::new(Library)).ok_or_else(|| {
            if !name.contains('/') && library::is_bundled(&api::variant_file(name)) {
                format!("the bundled maps did not arrive (`{name}`)")
            } else {
                format!("no bundled variant `{name}`")
            }
        })
    }

    fn sources(&self) -> Box<dyn Sources> {
        Box::new(Library)
    }
}

/// Installs `window.judgepad`.
pub fn install() {
    let api = Object::new();
    let set = |name: &str, value: &JsValue| {
        let _ = Reflect::set(&api, &JsValue::from_str(name), value);
    };
    set("version", &JsValue::from_str(env!("CARGO_PKG_VERSION")));
    set("adjudicate", &Closure::<dyn Fn(JsValue) -> JsValue>::new(adjudicate).into_js_value());
    set("check", &Closure::<dyn Fn(JsValue, JsValue) -> JsValue>::new(check).into_js_value());
    set("dump", &Closure::<dyn Fn(JsValue, JsValue) -> JsValue>::new(dump).into_js_value());
    set("phases", &Closure::<dyn Fn(JsValue, JsValue) -> JsValue>::new(phases).into_js_value());
    set("layout", &Closure::<dyn Fn(JsValue, JsValue) -> JsValue>::new(layout).into_js_value());
    let bench = Object::new();
    let _ = Reflect::set(
        &bench,
        &JsValue::from_str("layout"),
        &Closure::<dyn Fn(JsValue) -> JsValue>::new(bench_layout).into_js_value(),
    );
    set("bench", &bench);
    let _ = Reflect::set(&js_sys::global(), &JsValue::from_str("judgepad"), &api);
}

/// One batch line: a JSON string in gives a JSON string out; an object in
/// gives an object out. Same bytes as `judgepad adjudicate`.
fn adjudicate(input: JsValue) -> JsValue {
    let as_text = input.is_string();
    let line = match input.as_string() {
        Some(text) => text,
        None => match JSON::stringify(&input).ok().and_then(|it| it.as_string()) {
            Some(text) => text,
            None => return error("the input must be a JSON object or a JSON string"),
        },
    };
    let mut out = String::with_capacity(4096);
    SESSION.with(|session| api::write_line(&line, 1, &mut session.borrow_mut(), &mut out));
    if as_text { JsValue::from_str(&out) } else { parse(&out) }
}

/// `check(text, files?)`: the diagnostics, as `judgepad check --json`.
fn check(text: JsValue, files: JsValue) -> JsValue {
    match root(text, files) {
        Ok(root) => to_js(&serde_json::Value::Array(api::check(&root))),
        Err(message) => error(&message),
    }
}

/// `dump(text, files?)`: the resolved map, as `judgepad dump --json`.
fn dump(text: JsValue, files: JsValue) -> JsValue {
    match root(text, files) {
        Ok(root) => to_js(&api::dump(&api::load(&root).0)),
        Err(message) => error(&message),
    }
}

/// `layout(text, files?)`: the map drawn from its graph, as `judgepad
/// layout --json`.
fn layout(text: JsValue, files: JsValue) -> JsValue {
    match root(text, files) {
        Ok(root) => {
            let map = api::load(&root).0;
            to_js(&api::layout(&map, &judgepad_core::layout::layout(&map, &[])))
        }
        Err(message) => error(&message),
    }
}

/// `bench.layout(text)`: the layout of an already loaded map with only its
/// counts returned, so a benchmark times the layout and not the JSON.
fn bench_layout(text: JsValue) -> JsValue {
    thread_local! {
        static LOADED: RefCell<Option<(String, judgepad_core::map::Map)>> = const { RefCell::new(None) };
    }
    let Some(text) = text.as_string() else { return error("text must be a string") };
    LOADED.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.as_ref().is_none_or(|(t, _)| *t != text) {
            let map = match root(JsValue::from_str(&text), JsValue::UNDEFINED) {
                Ok(root) => api::load(&root).0,
                Err(message) => return error(&message),
            };
            *cell = Some((text, map));
        }
        let Some((_, map)) = cell.as_ref() else { return error("no map") };
        let drawing = judgepad_core::layout::layout(map, &[]);
        to_js(&serde_json::json!({
            "regions": drawing.provinces.len(),
            "borders": drawing.borders.len(),
            "connectors": drawing.connectors.len(),
        }))
    })
}

/// `phases(text, {count, from, files})`: `[{abbr, name}]`.
fn phases(text: JsValue, options: JsValue) -> JsValue {
    let get = |key: &str| Reflect::get(&options, &JsValue::from_str(key)).ok();
    let count =
        get("count").and_then(|it| it.as_f64()).map_or(12, |it| it.clamp(0.0, 10_000.0) as usize);
    let from = get("from").and_then(|it| it.as_string());
    let files = get("files").unwrap_or(JsValue::UNDEFINED);
    match root(text, files).and_then(|root| api::phases(&root, count, from.as_deref())) {
        Ok(list) => to_js(&list),
        Err(message) => error(&message),
    }
}

/// The root map from a text argument and an optional `{name: text}` object.
fn root(text: JsValue, files: JsValue) -> Result<Root, String> {
    let text = text.as_string().ok_or("the first argument must be the map text (a string)")?;
    let files: BTreeMap<String, String> = if files.is_undefined() || files.is_null() {
        BTreeMap::new()
    } else {
        let json = JSON::stringify(&files)
            .ok()
            .and_then(|it| it.as_string())
            .ok_or("`files` must be an object of file name: text")?;
        serde_json::from_str(&json).map_err(|_| "`files` must be an object of file name: text")?
    };
    Ok(api::text_root(&text, files, Box::new(Library)))
}

fn to_js(value: &serde_json::Value) -> JsValue {
    parse(&value.to_string())
}

fn parse(text: &str) -> JsValue {
    JSON::parse(text).unwrap_or_else(|_| JsValue::from_str(text))
}

fn error(message: &str) -> JsValue {
    to_js(&serde_json::json!({"error": {"message": message}}))
}
