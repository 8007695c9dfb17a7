//! pith-core: the bytes of one HTML response in, its main content out.
//!
//! The extraction runs as named stages, one module each, driven by `pipeline`:
//! 1. `encoding`: detect, decode to UTF-8, repair mojibake;
//! 2. `tree`: one lol-html pass that strips payload (`tags`, `hints`) and builds a small
//!    block tree, collecting `metadata` on the way; `classify::PageKind` reads the page's
//!    declared kind, and `recommendations` flags the boxes the page's own words name as
//!    pointers elsewhere ("You may also like", "Related: <link>"), `details` a product's
//!    description panels (a "Product details" modal) as content;
//! 3. `score`: find the main content by text density and prune boilerplate inside it (`script`:
//!    how CJK, Thai and other scripts count and end sentences);
//! 4. `output`: plain text with sections, and Markdown, every block in NFC (`normalize`);
//!    `language` of the result;
//! 5. `classify`: the page type and the acceptance verdict.
//!
//! `api` holds the types that cross the boundary to the Node addon and the WebAssembly
//! build, which both call [`extract_json`] (the library API) and [`extract_line`] (`pith
//! extract`, whose output lines `line` writes).

mod api;
mod attrs;
mod classify;
mod deadline;
mod details;
pub mod encoding;
mod explain;
mod hints;
mod json;
mod json_string;
mod language;
mod line;
mod markup;
mod metadata;
mod normalize;
mod output;
mod pipeline;
mod recommendations;
mod score;
mod script;
mod tags;
mod tree;
mod url;

pub use api::*;
pub use explain::explain;
pub use line::extract_line;

/// A fingerprint of this crate's sources, the same in every build made from them.
pub const SOURCE_HASH: &str = env!("PITH_CORE_SOURCE_HASH");
