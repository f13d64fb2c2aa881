fn main() {
    console_error_panic_hook::set_once();
    // The same wasm runs the worker (see worker.rs): there it registers the
    // engine, whose code is in the later part, and mounts nothing.
    if judgepad_web::worker::in_worker() {
        wasm_bindgen_futures::spawn_local(async { (judgepad_web::later::parts().await.worker)() });
        return;
    }
    leptos::mount::mount_to_body(judgepad_web::App);
    leptos::task::spawn_local(judgepad_web::js_api::install_later());
    // The static "Loading…" line of index.html goes once the app is up.
    if let Some(loading) = leptos::prelude::document().get_element_by_id("loading") {
        loading.remove();
    }
}
