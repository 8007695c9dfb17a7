//! Node-API binding of pith-core. One call per record, all per-element work inside Rust:
//! `extract` for the library API and `extractLine` for `pith extract`. Results are the core's
//! bytes unchanged, so the native and WebAssembly builds can be compared byte for byte.
//! Besides it, the WARC reader's gzip inflater (inflate.rs).

mod inflate;

use napi::bindgen_prelude::{BufferSlice, Uint8Array};
use napi::Env;
use napi_derive::napi;

/// The core allocates a tree, its text and its output per record, and lol-html a token and an
/// attribute list per tag: mimalloc's thread-local free lists serve these small, short-lived
/// blocks faster than glibc's malloc (about 7% of the time of an extraction; bench/results/profile.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `extract(html, requestJson) -> responseJson`.
/// `html` is a Buffer or Uint8Array; `request` is the JSON `Request` (`{"hints":..,"options":..}`).
/// Never throws for extraction failures: they come back as `{"ok":false,"error":{..}}`.
#[napi]
pub fn extract(html: Uint8Array, request: String) -> String {
    QUIET_PANICS.call_once(install_quiet_panic_hook);
    pith_core::extract_json(&html, &request)
}

/// `extractLine(html, requestJson) -> Buffer`: `pith_core::extract_line`'s summary, newline and
/// output line, copied into a buffer that V8 owns. Handing the Vec over as an external buffer
/// saves a copy of a few microseconds, but leaves its release to a Rust finalizer that V8 may run
/// on any thread, even while a worker thread is being torn down.
#[napi]
pub fn extract_line<'env>(env: &'env Env, html: Uint8Array, request: String) -> napi::Result<BufferSlice<'env>> {
    QUIET_PANICS.call_once(install_quiet_panic_hook);
    BufferSlice::copy_from(env, pith_core::extract_line(&html, &request))
}

static QUIET_PANICS: std::sync::Once = std::sync::Once::new();

/// A panic in the core is caught by `extract_json` and `extract_line` and returned as a `panic`
/// error record, so the default hook's multi-line report (a full backtrace when RUST_BACKTRACE is
/// set) would only flood a crawl's stderr. Print one line instead; `PITH_PANIC_BACKTRACE=1` keeps the default.
/// The hook belongs to this addon's own copy of std, so it affects nothing else in the process.
fn install_quiet_panic_hook() {
    if std::env::var_os("PITH_PANIC_BACKTRACE").is_some_and(|v| v == "1") {
        return;
    }
    std::panic::set_hook(Box::new(|info| {
        let msg = info.payload_as_str().unwrap_or("unknown panic");
        let at = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
        eprintln!("pith: core panicked at {at}: {msg} (record returned as a panic error)");
    }));
}

/// Fingerprint of the pith-core sources this addon was built from (see build.rs); equal to the
/// WebAssembly build's when both come from the same core.
#[napi]
pub fn core_source_hash() -> String {
    pith_core::SOURCE_HASH.to_string()
}
