fn main() {
    console_error_panic_hook::set_once();
    judgepad_web::js_api::install();
    leptos::mount::mount_to_body(judgepad_web::App);
}
