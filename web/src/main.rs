fn main() {
    console_error_panic_hook::set_once();
    judgepad_web::js_api::install();
    leptos::mount::mount_to_body(judgepad_web::App);
    // The static "Loading…" line of index.html goes once the app is up.
    if let Some(loading) = leptos::prelude::document().get_element_by_id("loading") {
        loading.remove();
    }
}
