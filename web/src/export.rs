//! Files the page hands to the user: a download of text or bytes, and an
//! SVG rendered into a PNG of any width by the browser itself (an image of
//! the SVG drawn on a canvas; the SVG is self-contained, so the canvas
//! stays clean and can be read back).

use judgepad_core::api::Locator;
use judgepad_core::diagnostics::Diagnostic;
use judgepad_core::export::{diplicity, package};
use judgepad_core::layout::Layout;
use judgepad_core::map::Map;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The variant for the Python diplomacy package as one zip (`NAME.map`,
/// `NAME.svg` and a README saying how to load them and what was left
/// out), and the export's warnings.
pub fn package_zip(map: &Map, drawing: &Layout) -> (Vec<u8>, Vec<Diagnostic>) {
    let (files, lost) = package::package(map, drawing);
    let lines = warning_lines(map, &lost);
    (files.archive(&lines), lost)
}

/// The variant for diplicity as one zip (`NAME.json`, `NAME.svg` and a
/// README), and the export's warnings.
pub fn diplicity_zip(map: &Map, drawing: &Layout) -> (Vec<u8>, Vec<Diagnostic>) {
    let (files, lost) = diplicity::diplicity(map, drawing);
    let lines = warning_lines(map, &lost);
    (files.archive(&lines), lost)
}

/// Each warning as one line, `file:line:column: warning[code]: message`.
fn warning_lines(map: &Map, lost: &[Diagnostic]) -> Vec<String> {
    let root = map.files.first().map_or(map.name.as_str(), |f| f.name.as_str());
    let locator = Locator::new(&map.files, root);
    lost.iter().map(|d| locator.text(d).lines().next().unwrap_or("").to_string()).collect()
}

/// `bytes` as a blob of type `mime`.
pub fn bytes_blob(bytes: &[u8], mime: &str) -> Result<web_sys::Blob, JsValue> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
}

/// Saves `blob` as a download called `name`.
pub fn save_blob(name: &str, blob: &web_sys::Blob) -> Result<(), JsValue> {
    let url = web_sys::Url::create_object_url_with_blob(blob)?;
    let link: web_sys::HtmlAnchorElement =
        leptos::prelude::document().create_element("a")?.unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    web_sys::Url::revoke_object_url(&url)?;
    Ok(())
}

/// `text` as a blob of type `mime`.
pub fn text_blob(text: &str, mime: &str) -> Result<web_sys::Blob, JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
}

/// Saves `text` (of type `mime`) as a download called `name`.
pub fn save_text(name: &str, text: &str, mime: &str) -> Result<(), JsValue> {
    save_blob(name, &text_blob(text, mime)?)
}

/// `svg` (a stand-alone SVG document) drawn `width` pixels wide, its
/// height in proportion, on a white ground, as a PNG.
pub async fn png_of(svg: &str, width: u32) -> Result<web_sys::Blob, JsValue> {
    let url = web_sys::Url::create_object_url_with_blob(&text_blob(svg, "image/svg+xml")?)?;
    let image = web_sys::HtmlImageElement::new()?;
    let loaded = js_sys::Promise::new(&mut |resolve, reject| {
        image.set_onload(Some(&resolve));
        image.set_onerror(Some(&reject));
    });
    image.set_src(&url);
    let result = wasm_bindgen_futures::JsFuture::from(loaded).await;
    web_sys::Url::revoke_object_url(&url)?;
    result.map_err(|_| JsValue::from_str("the browser could not read the drawing as an image"))?;
    let (w, h) = (f64::from(image.natural_width().max(1)), f64::from(image.natural_height()));
    let height = (f64::from(width) * h / w).round().max(1.0) as u32;
    let canvas: web_sys::HtmlCanvasElement =
        leptos::prelude::document().create_element("canvas")?.unchecked_into();
    canvas.set_width(width);
    canvas.set_height(height);
    let context: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or_else(|| JsValue::from_str("no 2D canvas"))?
        .unchecked_into();
    context.set_fill_style_str("#ffffff");
    context.fill_rect(0.0, 0.0, f64::from(width), f64::from(height));
    context.draw_image_with_html_image_element_and_dw_and_dh(
        &image,
        0.0,
        0.0,
        f64::from(width),
        f64::from(height),
    )?;
    let blob = js_sys::Promise::new(&mut |resolve, reject| {
        if canvas.to_blob(&resolve).is_err() {
            let _ = reject.call0(&JsValue::NULL);
        }
    });
    let blob = wasm_bindgen_futures::JsFuture::from(blob)
        .await
        .map_err(|_| JsValue::from_str("the browser could not make the PNG"))?;
    blob.dyn_into::<web_sys::Blob>().map_err(|_| JsValue::from_str("the PNG is too large"))
}
