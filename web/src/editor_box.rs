//! The editor's box, measured: one character's width, the height in view
//! and, for soft wrap, the characters a row holds and the padding that
//! makes the text's width that many characters and one pixel (so the
//! textarea and the coloured layer under it wrap at the same character,
//! which `bridge::wrap` counts), and what this engine does with a tab that
//! does not fit. Measured a task after mount (the font is there, the page
//! is laid out: reading it in the first task forced the whole page's
//! layout, 80 ms on a phone) and whenever the box changes (a
//! ResizeObserver: the window, the splitter, a scrollbar coming or going).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::bridge::wrap::Tabs;

/// Padding inside the text area, in pixels (the CSS of `.editor` says the
/// same).
pub const PAD: f64 = 6.0;
/// Pixels per line (the CSS of `.code` says the same).
pub const LINE: f64 = 18.0;
/// Room left over at the end of a wrapped row, in pixels: rounding never
/// takes the last character's room away.
const SPARE: f64 = 1.0;

/// The editor's box, measured.
#[derive(Clone, Copy)]
pub struct EditorBox {
    /// One character's width, in pixels.
    pub char_width: RwSignal<f64>,
    /// The text area's height, in pixels.
    pub height: RwSignal<f64>,
    /// Characters per wrapped row.
    pub cols: RwSignal<usize>,
    /// Right padding of the text area and of the layer under it (which
    /// has no scrollbar), in pixels.
    pub pad_right: RwSignal<(f64, f64)>,
    /// What a tab that does not fit the row does in this engine.
    pub tabs: RwSignal<Tabs>,
}

impl EditorBox {
    /// The width of a wrapped row's text, in pixels (`cols` characters
    /// and the spare pixel): what the layer's lines are given.
    pub fn row_width(&self) -> f64 {
        self.cols.get() as f64 * self.char_width.get() + SPARE
    }
}

/// `value` pixels as CSS (`12.5px`), to the ten-millionth of a pixel
/// (exact for every multiple of 1/128: Chromium lays out in 1/64 px). By
/// integer formatting: `f64`'s `Display` and its tables would otherwise be
/// in the page's first module for these few lengths alone (issue 29).
pub fn px(value: f64) -> String {
    const PLACES: i64 = 10_000_000;
    let scaled = if value.is_finite() { (value * PLACES as f64).round() as i64 } else { 0 };
    let (whole, mut fraction) =
        (scaled.unsigned_abs() / PLACES as u64, scaled.unsigned_abs() % PLACES as u64);
    let sign = if scaled < 0 { "-" } else { "" };
    if fraction == 0 {
        return format!("{sign}{whole}px");
    }
    let mut places = 7;
    while fraction % 10 == 0 {
        fraction /= 10;
        places -= 1;
    }
    format!("{sign}{whole}.{fraction:0places$}px")
}

/// The wrap preference's key in the browser's storage ("off" when off).
const WRAP_KEY: &str = "judgepad.wrap";

/// Whether long lines wrap: on unless turned off, kept in the browser's
/// storage.
#[derive(Clone, Copy)]
pub struct WrapChoice {
    /// On.
    pub on: RwSignal<bool>,
}

impl WrapChoice {
    /// The choice stored (on if none).
    pub fn stored() -> WrapChoice {
        let off = crate::persist::preference(WRAP_KEY);
        WrapChoice { on: RwSignal::new(off.as_deref() != Some("off")) }
    }

    /// Turns it over, and keeps it.
    pub fn toggle(self) {
        let on = !self.on.get_untracked();
        self.on.set(on);
        crate::persist::set_preference(WRAP_KEY, (!on).then_some("off"));
    }
}

/// Measures the text area `area`, the characters of `sample` (32 of them)
/// and the engine's tabs, now and whenever the box changes.
pub fn measured(
    area: NodeRef<leptos::html::Textarea>,
    sample: NodeRef<leptos::html::Span>,
) -> EditorBox {
    let it = EditorBox {
        char_width: RwSignal::new(7.8),
        height: RwSignal::new(800.0),
        cols: RwSignal::new(80),
        pad_right: RwSignal::new((PAD, PAD)),
        tabs: RwSignal::new(Tabs::Hang),
    };
    let fit = move || {
        let Some(el) = area.get_untracked() else { return };
        let width = el.get_bounding_client_rect().width();
        let scrollbar = f64::from((el.offset_width() - el.client_width()).max(0));
        let space = width - scrollbar - 2.0 * PAD;
        let char_width = it.char_width.get_untracked();
        if space <= 0.0 || char_width <= 0.0 {
            return;
        }
        let cols = ((space - SPARE) / char_width).floor().max(1.0);
        let extra = (space - cols * char_width - SPARE).max(0.0);
        let pad = (PAD + extra, PAD + extra + scrollbar);
        if it.cols.get_untracked() != cols as usize {
            it.cols.set(cols as usize);
        }
        if it.pad_right.get_untracked() != pad {
            it.pad_right.set(pad);
        }
        let height = f64::from(el.client_height()).max(LINE);
        if it.height.get_untracked() != height {
            it.height.set(height);
        }
    };
    Effect::new(move |_| {
        let (Some(span), Some(el)) = (sample.get(), area.get()) else { return };
        leptos::task::spawn_local(async move {
            crate::tasks::next_task().await;
            let width = span.get_bounding_client_rect().width() / 32.0;
            if width > 0.0 {
                it.char_width.set(width);
            }
            it.tabs.set(probe_tabs(&el, width.max(1.0)));
            fit();
            let callback = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(fit);
            if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
                // The editor lives as long as the page: so does its observer.
                observer.observe(&el);
            }
            callback.forget();
        });
    });
    it
}

/// What this engine does with a tab that does not fit: a hidden text area
/// beside `area`, wrapped as the editor wraps, ten characters wide, holding
/// [`Tabs::PROBE`], measured.
fn probe_tabs(area: &web_sys::HtmlTextAreaElement, char_width: f64) -> Tabs {
    let probe = || -> Option<Tabs> {
        let parent = area.parent_element()?;
        let probe = document().create_element("textarea").ok()?;
        let probe: web_sys::HtmlTextAreaElement = probe.dyn_into().ok()?;
        probe.set_class_name("editor wrapped");
        // By the CSS object model: the page's CSP refuses style attributes.
        let style = web_sys::HtmlElement::style(&probe);
        let width = px(10.0 * char_width + SPARE);
        for (name, value) in [
            ("visibility", "hidden"),
            ("inset", "auto"),
            ("left", "0"),
            ("top", "0"),
            ("padding", "0"),
            ("height", "18px"),
            ("width", width.as_str()),
        ] {
            style.set_property(name, value).ok()?;
        }
        probe.set_attribute("aria-hidden", "true").ok()?;
        probe.set_value(Tabs::PROBE);
        parent.append_child(&probe).ok()?;
        let rows = (f64::from(probe.scroll_height()) / LINE).round() as usize;
        probe.remove();
        Tabs::from_probe(rows)
    };
    probe().unwrap_or(Tabs::Hang)
}

#[cfg(test)]
mod tests {
    use super::px;

    #[test]
    fn px_writes_what_display_wrote_for_layout_lengths() {
        // Every multiple of 1/128 px from -2,000 to 20,000 px.
        for k in (-256_000i64..2_560_000).step_by(3) {
            let value = k as f64 / 128.0;
            assert_eq!(px(value), format!("{value}px"));
        }
        assert_eq!(px(10.0 * 8.4296875 + 1.0), "85.296875px");
        assert_eq!(px(0.1 + 0.2), "0.3px");
        assert_eq!(px(-0.000_000_04), "0px");
        assert_eq!(px(f64::NAN), "0px");
        assert_eq!(px(f64::INFINITY), "0px");
    }
}
