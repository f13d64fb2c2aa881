fn main() {
    console_error_panic_hook::set_once();
    // The same wasm runs both workers, which mount nothing: the warming one
    // (warm.rs) runs the first load and ends; the map's (worker.rs)
    // registers the engine, whose code is in the later part.
    if judgepad_web::warm::in_warm_worker() {
        judgepad_web::warm::run();
        return;
    }
    if judgepad_web::worker::in_worker() {
        wasm_bindgen_futures::spawn_local(async {
            (judgepad_web::later::map_parts().await.worker)()
        });
        return;
    }
    // Each step in a task of its own (each is long on a phone): the wasm
    // started, the first map a visitor sees loaded (when it is known: a
    // link or an autosave is read by the page itself), the page mounted.
    wasm_bindgen_futures::spawn_local(async {
        // The warming worker first (warm.rs): the first load then runs code
        // compiled on its thread, not this one.
        judgepad_web::warm::waited().await;
        judgepad_web::tasks::next_task().await;
        if judgepad_web::persist::starts_fresh() {
            let first = judgepad_web::app::FIRST_VARIANT;
            judgepad_web::bridge::workspace::Workspace::bundled(first).warm();
            judgepad_web::tasks::next_task().await;
        } else {
            // A link or an autosave may be of any variant: the bundled maps
            // come first (a failed fetch still mounts the page; the loads
            // that miss a file say so and run again when it arrives).
            judgepad_web::library::fetch().await;
        }
        leptos::mount::mount_to_body(judgepad_web::App);
        leptos::task::spawn_local(judgepad_web::js_api::install_later());
        // The static first paint of index.html goes once the app is up.
        if let Some(loading) = leptos::prelude::document().get_element_by_id("loading") {
            loading.remove();
        }
    });
}
