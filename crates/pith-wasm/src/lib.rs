//! WebAssembly build of pith-core, exposed as a plain C ABI over linear memory.
//!
//! Target choice: `wasm32-unknown-unknown`. pith-core's dependency tree (lol_html with
//! foldhash/hashbrown/selectors/cssparser, encoding_rs, chardetng, whatlang,
//! unicode-normalization, serde_json, memchr, htmlize) pulls in neither `getrandom` nor
//! `ahash`, and does no I/O, clock or environment access, so nothing needs WASI: the module
//! then has no imports at all and the JS side instantiates it with `{}` and a few lines of glue,
//! without `node:wasi`. (std's HashMap `RandomState` on this target uses fixed keys, which is
//! fine here: the core's output must not depend on hash order anyway.)
//!
//! Protocol (all lengths in bytes, pointers are offsets into the module's memory):
//! 1. `pith_alloc(len) -> ptr` twice: one buffer for the HTML, one for the request JSON;
//!    the caller copies the bytes in.
//! 2. `pith_extract(html_ptr, html_len, req_ptr, req_len) -> handle` takes ownership of both
//!    buffers (frees them) and returns a handle to the response JSON (`pith_core::extract_json`);
//!    `pith_extract_line`, the same for `pith_core::extract_line`.
//! 3. `pith_result_ptr(handle)` / `pith_result_len(handle)` locate the result bytes;
//!    `pith_result_free(handle)` releases it.
//!
//! Panics abort (panic=abort, so the module traps). A panic hook first copies the panic message
//! into a static buffer, readable through `pith_panic_message_ptr/len` even after the trap,
//! so the JS side can report it like the native build's caught panic (`kind: "panic"`), then
//! throws the instance away and instantiates a fresh one for the next call.

mod small_blocks;

use std::sync::Once;

#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: small_blocks::SmallBlocks = small_blocks::SmallBlocks::new();

/// Allocates `len` bytes for the caller to fill. Never returns null (a failed allocation traps).
#[no_mangle]
pub extern "C" fn pith_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len);
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Frees a buffer from `pith_alloc` that was not handed to `pith_extract`.
///
/// # Safety
/// `ptr` and `len` must come from one `pith_alloc(len)` call, freed once.
#[no_mangle]
pub unsafe extern "C" fn pith_free(ptr: *mut u8, len: usize) {
    drop(Vec::from_raw_parts(ptr, 0, len));
}

/// Runs one record through [`pith_core::extract_json`] (the library API). Consumes both input
/// buffers; returns a result handle.
///
/// # Safety
/// Both (ptr, len) pairs must come from `pith_alloc(len)` with `len` bytes written.
#[no_mangle]
pub unsafe extern "C" fn pith_extract(html_ptr: *mut u8, html_len: usize, req_ptr: *mut u8, req_len: usize) -> *mut Vec<u8> {
    run(html_ptr, html_len, req_ptr, req_len, |html, request| pith_core::extract_json(html, request).into_bytes())
}

/// Runs one record through [`pith_core::extract_line`] (`pith extract`'s summary and output
/// line). Consumes both input buffers; returns a result handle.
///
/// # Safety
/// As for [`pith_extract`].
#[no_mangle]
pub unsafe extern "C" fn pith_extract_line(html_ptr: *mut u8, html_len: usize, req_ptr: *mut u8, req_len: usize) -> *mut Vec<u8> {
    run(html_ptr, html_len, req_ptr, req_len, pith_core::extract_line)
}

unsafe fn run(html_ptr: *mut u8, html_len: usize, req_ptr: *mut u8, req_len: usize, extract: impl Fn(&[u8], &str) -> Vec<u8>) -> *mut Vec<u8> {
    install_panic_hook();
    let html = Vec::from_raw_parts(html_ptr, html_len, html_len);
    let req = Vec::from_raw_parts(req_ptr, req_len, req_len);
    let out = match std::str::from_utf8(&req) {
        Ok(request) => extract(&html, request),
        // Same envelope as the core's own errors. JS always sends valid UTF-8, so this is a guard.
        Err(e) => format!(
            "{{\"ok\":false,\"error\":{{\"kind\":\"bad_request\",\"message\":\"bad request: request is not UTF-8: {e}\"}}}}"
        )
        .into_bytes(),
    };
    drop(html);
    drop(req);
    Box::into_raw(Box::new(out))
}

/// # Safety
/// `handle` must be a live handle from `pith_extract` or `pith_extract_line`.
#[no_mangle]
pub unsafe extern "C" fn pith_result_ptr(handle: *const Vec<u8>) -> *const u8 {
    (&*handle).as_ptr()
}

/// # Safety
/// As for [`pith_result_ptr`].
#[no_mangle]
pub unsafe extern "C" fn pith_result_len(handle: *const Vec<u8>) -> usize {
    (&*handle).len()
}

/// # Safety
/// As for [`pith_result_ptr`]; freed once.
#[no_mangle]
pub unsafe extern "C" fn pith_result_free(handle: *mut Vec<u8>) {
    drop(Box::from_raw(handle));
}

const PANIC_CAP: usize = 64 << 10;
static mut PANIC_MSG: [u8; PANIC_CAP] = [0; PANIC_CAP];
static mut PANIC_LEN: usize = 0;
static HOOK: Once = Once::new();

fn install_panic_hook() {
    HOOK.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            // Same text the native build reports: the payload if it is a string.
            let msg = info.payload_as_str().unwrap_or("unknown panic");
            // Cut at a char boundary so the stored text stays valid UTF-8.
            let mut n = msg.len().min(PANIC_CAP);
            while !msg.is_char_boundary(n) {
                n -= 1;
            }
            // SAFETY: single-threaded module; written only here, read by the host after the trap.
            unsafe {
                let dst = std::ptr::addr_of_mut!(PANIC_MSG) as *mut u8;
                std::ptr::copy_nonoverlapping(msg.as_ptr(), dst, n);
                PANIC_LEN = n;
            }
        }));
    });
}

/// Address of the last panic message (valid UTF-8, `pith_panic_message_len` bytes).
/// Plain reads of statics, safe to call on an instance that has just trapped.
#[no_mangle]
pub extern "C" fn pith_panic_message_ptr() -> *const u8 {
    std::ptr::addr_of!(PANIC_MSG) as *const u8
}

#[no_mangle]
pub extern "C" fn pith_panic_message_len() -> usize {
    // SAFETY: see install_panic_hook.
    unsafe { PANIC_LEN }
}

/// Panics on purpose, so tests can exercise the trap -> error -> fresh instance path.
#[no_mangle]
pub extern "C" fn pith_selftest_panic() {
    install_panic_hook();
    panic!("pith-wasm self-test panic");
}

/// Fingerprint of the pith-core sources this module was built from (see build.rs): 16 ASCII hex
/// bytes at `pith_core_source_hash_ptr()`. Equal to the native addon's when built from the same core.
#[no_mangle]
pub extern "C" fn pith_core_source_hash_ptr() -> *const u8 {
    pith_core::SOURCE_HASH.as_ptr()
}

#[no_mangle]
pub extern "C" fn pith_core_source_hash_len() -> usize {
    pith_core::SOURCE_HASH.len()
}
