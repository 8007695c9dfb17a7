//! pith-core: the bytes of one HTML response in, its main content out.
//!
//! The extraction runs as named stages, one module each:
//! `encoding` (detect, decode, repair) -> `tree` (one lol-html pass that strips payload and
//! builds a small block tree, reading `metadata` on the way) -> `score` (find the main
//! content by density) -> `output` (text and Markdown). `api` holds the types that cross the
//! boundary to the Node addon and the WebAssembly build, which both call [`extract_json`].

mod api;
mod pipeline;
pub mod encoding;

pub use api::*;
