fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(judgepad_web::App);
    leptos::task::spawn_local(judgepad_web::js_api::install_later());
    // The static "Loading…" line of index.html goes once the app is up.
    if let Some(loading) = leptos::prelude::document().get_element_by_id("loading") {
        loading.remove();
    }
}
