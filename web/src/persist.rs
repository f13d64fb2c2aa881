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

/// A preference kept in the browser's storage under `key` (none if the
/// browser keeps no storage).
pub fn preference(key: &str) -> Option<String> {
    storage().ok()?.get_item(key).ok().flatten()
}

/// Keeps `value` as the preference `key`; `None` forgets it (the default
/// again).
pub fn set_preference(key: &str, value: Option<&str>) {
    if let Ok(storage) = storage() {
        let _ = match value {
            Some(value) => storage.set_item(key, value),
            None => storage.remove_item(key),
        };
    }
}

/// Saves `fragment` (`share::encode` of the page's state) as the
/// autosave.
pub fn autosave(fragment: &str) -> Result<(), String> {
    storage()?
        .set_item(AUTOSAVE, fragment)
        .map_err(|_| "the browser's storage is full or refused the save".to_string())
}

/// The autosave, if there is a readable one.
pub fn restore() -> Option<Result<Shared, String>> {
    let text = storage().ok()?.get_item(AUTOSAVE).ok().flatten()?;
    Some(share::decode(&text, known))
}

/// Whether the page starts from the first variant: no link in the
/// address and no autosave (what the page shows is then known before it
/// mounts, and its map can be loaded ahead).
pub fn starts_fresh() -> bool {
    fragment().is_none()
        && storage().ok().and_then(|s| s.get_item(AUTOSAVE).ok().flatten()).is_none()
}

/// Whether a bundled variant of this name exists.
pub fn known(name: &str) -> bool {
    crate::library::is_bundled(&format!("{name}.map"))
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

/// The drafts' index key; each draft is `judgepad.draft.<id>`.
const DRAFTS: &str = "judgepad.drafts";

/// The saved drafts, newest first.
pub fn drafts() -> Vec<crate::bridge::drafts::Draft> {
    let text = storage().ok().and_then(|s| s.get_item(DRAFTS).ok().flatten());
    crate::bridge::drafts::read(text.as_deref())
}

/// Saves `shared` as a new draft called `name` (a default name if empty).
pub fn save_draft(name: &str, shared: &Shared) -> Result<(), String> {
    let store = storage()?;
    let mut index = drafts();
    let payload = share::encode(shared);
    let date = String::from(js_sys::Date::new_0().to_iso_string());
    let id = crate::bridge::drafts::add(&mut index, name, &shared.variant, &date, payload.len());
    let full = "the browser's storage is full or refused the draft".to_string();
    store.set_item(&format!("judgepad.draft.{id}"), &payload).map_err(|_| full.clone())?;
    store.set_item(DRAFTS, &crate::bridge::drafts::write(&index)).map_err(|_| full)
}

/// The draft `id`, decoded.
pub fn open_draft(id: u64) -> Result<Shared, String> {
    let text = storage()?
        .get_item(&format!("judgepad.draft.{id}"))
        .ok()
        .flatten()
        .ok_or_else(|| "this draft is no longer in the browser's storage".to_string())?;
    share::decode(&text, known)
}

/// Renames draft `id`.
pub fn rename_draft(id: u64, name: &str) -> Result<(), String> {
    let mut index = drafts();
    if let Some(draft) = index.iter_mut().find(|d| d.id == id) {
        draft.name = name.trim().to_string();
    }
    storage()?
        .set_item(DRAFTS, &crate::bridge::drafts::write(&index))
        .map_err(|_| "the browser's storage refused the change".to_string())
}

/// Deletes draft `id`.
pub fn delete_draft(id: u64) -> Result<(), String> {
    let store = storage()?;
    let index: Vec<_> = drafts().into_iter().filter(|d| d.id != id).collect();
    let _ = store.remove_item(&format!("judgepad.draft.{id}"));
    store
        .set_item(DRAFTS, &crate::bridge::drafts::write(&index))
        .map_err(|_| "the browser's storage refused the change".to_string())
}
