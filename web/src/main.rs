fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(judgepad_web::App);
}
