//! The browser's storage and address bar: the autosave in `localStorage`
//! and the share link's fragment. Every failure (storage disabled, quota
//! exceeded) comes back as a message for the page to show; nothing is
//! swallowed, and the work stays in the page.

use crate::bridge::share::{self, Shared};

/// The autosave's key in `localStorage`.
pub const AUTOSAVE: &str = "judgepad.autosave";

fn storage() -> Result<web_sys::Storage, String> {
    leptos::prelude::window()
        .local_storage()
        .ok()
        .flatten()
        .ok_or_else(|| "this browser keeps no storage for the page (private mode?)".to_string())
}

/// Saves `shared` as the autosave.
pub fn autosave(shared: &Shared) -> Result<(), String> {
    let fragment = share::encode(shared);
    storage()?
        .set_item(AUTOSAVE, &fragment)
        .map_err(|_| "the browser's storage is full or refused the save".to_string())
}

/// The autosave, if there is a readable one.
pub fn restore() -> Option<Result<Shared, String>> {
    let text = storage().ok()?.get_item(AUTOSAVE).ok().flatten()?;
    Some(share::decode(&text, known))
}

/// Whether a bundled variant of this name exists.
pub fn known(name: &str) -> bool {
    judgepad_core::bundled::bytes(&format!("{name}.map")).is_some()
}

/// The address bar's fragment, with its `#`, if any.
pub fn fragment() -> Option<String> {
    let hash = leptos::prelude::window().location().hash().ok()?;
    (hash.len() > 1).then_some(hash)
}

/// The page's address without its fragment.
pub fn page_address() -> String {
    let location = leptos::prelude::window().location();
    let href = location.href().unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_string()
}

/// Copies `text` to the clipboard (best effort: the link is also shown).
pub fn copy(text: &str) {
    let clipboard = leptos::prelude::window().navigator().clipboard();
    let _ = clipboard.write_text(text);
}
