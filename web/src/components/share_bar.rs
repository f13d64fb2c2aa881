//! Share: a link whose fragment holds the variant's changed files, the
//! orders of every played phase and the pending orders (copied, and shown
//! in `[data-testid=share-link]`); the same as a Markdown link; the orders
//! as text.

use leptos::prelude::*;

use crate::bridge::share;
use crate::persist;

/// The share buttons and the last link made.
#[component]
pub fn ShareBar(
    /// What to share, made when asked.
    snapshot: Callback<(), share::Shared>,
) -> impl IntoView {
    let link = RwSignal::new(String::new());
    let make = move || {
        let shared = snapshot.run(());
        let url = format!("{}#{}", persist::page_address(), share::encode(&shared));
        (shared, url)
    };
    let on_share = move |_| {
        let (_, url) = make();
        persist::copy(&url);
        link.set(url);
    };
    // Ctrl+Shift+S shares from anywhere.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if (ev.ctrl_key() || ev.meta_key()) && ev.shift_key() && ev.key().eq_ignore_ascii_case("s")
        {
            ev.prevent_default();
            let (_, url) = make();
            persist::copy(&url);
            link.set(url);
        }
    });
    on_cleanup(move || keys.remove());
    let on_markdown = move |_| {
        let (shared, url) = make();
        let text = format!("[{} on judgepad]({url})", shared.variant);
        persist::copy(&text);
        link.set(url);
    };
    let on_orders = move |_| {
        let shared = snapshot.run(());
        let mut text = String::new();
        for (idx, orders) in shared.played.iter().enumerate() {
            text.push_str(&format!("# phase {}\n{}\n", idx + 1, orders.trim_end()));
        }
        if !shared.orders.trim().is_empty() {
            text.push_str(&format!("# pending\n{}\n", shared.orders.trim_end()));
        }
        persist::copy(&text);
    };
    view! {
        <div class="share">
            <button type="button" data-testid="share" on:click=on_share title="copy a link to this variant, its game and its orders">
                "Share"
            </button>
            <button type="button" data-testid="share-markdown" on:click=on_markdown>"Copy as Markdown"</button>
            <button type="button" data-testid="copy-orders" on:click=on_orders>"Copy orders"</button>
            <Show when=move || !link.with(String::is_empty)>
                <div class="share-pop">
                <input
                    type="text"
                    readonly
                    class="share-link"
                    data-testid="share-link"
                    aria-label="share link"
                    prop:value=move || link.get()
                    on:focus=move |ev| {
                        if let Some(el) = ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok()) {
                            el.select();
                        }
                    }
                />
                <span class="share-size">{move || format!("{} characters", link.with(String::len))}</span>
                <button type="button" class="close" aria-label="close the link" on:click=move |_| link.set(String::new())>"×"</button>
                </div>
            </Show>
        </div>
    }
}
