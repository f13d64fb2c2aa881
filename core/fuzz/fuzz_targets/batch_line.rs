//! Fuzzes one batch line (docs/batch.md): any bytes through the JSON schema,
//! into adjudication and the game loop, and out. No panics; the output is
//! always one JSON object.
#![no_main]

use std::cell::RefCell;

use judgepad_core::api::{BundledOnly, Session, run_line};
use libfuzzer_sys::fuzz_target;

thread_local! {
    static SESSION: RefCell<Session> = RefCell::new(Session::new(Box::new(BundledOnly)));
}

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let out = SESSION.with(|session| run_line(&line, 1, &mut session.borrow_mut()));
    assert!(out.starts_with('{') && out.ends_with('}'), "{out}");
    assert!(!out.contains('\n'));
});
