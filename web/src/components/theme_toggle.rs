//! The theme toggle: auto (the system's choice), light or dark, kept in the
//! browser's storage and applied as `data-theme` on the page's root (the
//! stylesheet's dark rules follow the system unless it says light, and
//! always when it says dark).

use leptos::prelude::*;

const KEY: &str = "judgepad.theme";

fn apply(theme: &str) {
    let Some(root) = leptos::prelude::document().document_element() else { return };
    let _ = match theme {
        "light" | "dark" => root.set_attribute("data-theme", theme),
        _ => root.remove_attribute("data-theme"),
    };
}

fn stored() -> String {
    crate::persist::preference(KEY)
        .filter(|t| t == "light" || t == "dark")
        .unwrap_or_else(|| "auto".to_string())
}

/// The toggle button.
#[component]
pub fn ThemeToggle() -> impl IntoView {
    let theme = RwSignal::new(stored());
    Effect::new(move |_| theme.with(|t| apply(t)));
    let next = move |_| {
        let now = match theme.get_untracked().as_str() {
            "auto" => "light",
            "light" => "dark",
            _ => "auto",
        };
        crate::persist::set_preference(KEY, (now != "auto").then_some(now));
        theme.set(now.to_string());
    };
    view! {
        <button type="button" class="help-button" data-testid="theme" on:click=next
            title="colours: the system's, light or dark">
            {move || format!("Theme: {}", theme.get())}
        </button>
    }
}
