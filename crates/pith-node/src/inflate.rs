//! Raw DEFLATE inflation for the WARC reader's gzip members, with libdeflate: faster than
//! node:zlib, and straight into one buffer of the right size instead of zlib's output chunks
//! joined by a copy. Not an extraction call: the reader calls it once per gzip member. The output
//! buffer comes from JS, so that V8 counts its memory (it would not see Rust's allocations, and
//! would not collect them in time).

use libdeflate_sys::{
    libdeflate_alloc_decompressor, libdeflate_deflate_decompress_ex, libdeflate_free_decompressor,
    libdeflate_result_LIBDEFLATE_INSUFFICIENT_SPACE as INSUFFICIENT_SPACE,
    libdeflate_result_LIBDEFLATE_SUCCESS as SUCCESS,
};
use napi::bindgen_prelude::Uint8Array;
use napi_derive::napi;

#[napi(object)]
pub struct Inflated {
    /// Input bytes the DEFLATE stream took (its end rounded up to a byte); 0 when `out` was too
    /// small (a stream takes at least one byte).
    pub used: u32,
    /// Bytes written to `out`.
    pub written: u32,
}

/// `inflateRaw(deflate, out)`: inflates the DEFLATE stream at the start of `deflate` (a gzip
/// member after its header; what follows the stream is ignored) into `out`. Null when the stream
/// is corrupt or cut short: node:zlib then tells which.
#[napi]
pub fn inflate_raw(deflate: Uint8Array, mut out: Uint8Array) -> Option<Inflated> {
    // SAFETY: a synchronous call on the JS thread: nothing else touches `out` meanwhile.
    let out = unsafe { out.as_mut() };
    let (mut used, mut written) = (0usize, 0usize);
    // One decompressor per thread (each worker's JS thread), reused for every member.
    let r = DECOMPRESSOR.with(|d| {
        let d = d.as_ref()?;
        // SAFETY: libdeflate reads `deflate` and writes at most `out.len()` bytes into `out`.
        Some(unsafe {
            libdeflate_deflate_decompress_ex(
                d.0,
                deflate.as_ptr().cast(),
                deflate.len(),
                out.as_mut_ptr().cast(),
                out.len(),
                &mut used,
                &mut written,
            )
        })
    })?;
    match r {
        SUCCESS => Some(Inflated { used: u32::try_from(used).ok()?, written: u32::try_from(written).ok()? }),
        INSUFFICIENT_SPACE => Some(Inflated { used: 0, written: 0 }),
        _ => None,
    }
}

thread_local! {
    static DECOMPRESSOR: Option<Decompressor> = Decompressor::new();
}

struct Decompressor(*mut libdeflate_sys::libdeflate_decompressor);

impl Decompressor {
    fn new() -> Option<Self> {
        // SAFETY: no preconditions; null on allocation failure.
        let d = unsafe { libdeflate_alloc_decompressor() };
        (!d.is_null()).then_some(Self(d))
    }
}

impl Drop for Decompressor {
    fn drop(&mut self) {
        // SAFETY: allocated by libdeflate_alloc_decompressor, freed once.
        unsafe { libdeflate_free_decompressor(self.0) }
    }
}
