//! Node-API binding of pith-core. One function, one call per record: all per-element work
//! stays inside Rust. The result is the JSON text produced by `pith_core::extract_json`,
//! returned unchanged so the native and WebAssembly builds can be compared byte for byte.

use napi::bindgen_prelude::Uint8Array;
use napi_derive::napi;

/// `extract(html, requestJson) -> responseJson`.
/// `html` is a Buffer or Uint8Array; `request` is the JSON `Request` (`{"hints":..,"options":..}`).
/// Never throws for extraction failures: they come back as `{"ok":false,"error":{..}}`.
#[napi]
pub fn extract(html: Uint8Array, request: String) -> String {
    pith_core::extract_json(&html, &request)
}

/// Fingerprint of the pith-core sources this addon was built from (see build.rs); equal to the
/// WebAssembly build's when both come from the same core.
#[napi]
pub fn core_source_hash() -> String {
    env!("PITH_CORE_SOURCE_HASH").to_string()
}
