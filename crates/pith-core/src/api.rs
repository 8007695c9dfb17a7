//! The boundary: what a caller passes in, what comes back.
//! Both bindings (native addon and WebAssembly) go through [`extract_json`], so the two
//! builds serialize results with the same code and give byte-identical output.

use serde::{Deserialize, Serialize};
use crate::json_string;

pub use crate::classify::{PageType, RejectReason};

/// What the transport knows about the record.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Hints {
    /// The HTTP `Content-Type` header, whose charset is a hint for decoding.
    pub content_type: Option<String>,
    /// The page URL, for resolving links and reading URL shape.
    pub url: Option<String>,
    /// When the page was fetched (a WARC-Date, ISO 8601): a date its text gives for a later
    /// day is an event's or a deadline's, not the day it was published.
    pub fetched: Option<String>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Favor {
    /// Keep less, for training data.
    Precision,
    #[default]
    Balanced,
    /// Keep more, for search.
    Recall,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Options {
    pub favor: Favor,
    /// Put comments in `comments` instead of dropping them.
    pub comments: bool,
    /// Collect link targets in `links`.
    pub links: bool,
    /// Also produce `markdown`.
    pub markdown: bool,
    /// CSS selectors of elements removed before scoring.
    pub drop: Vec<String>,
    /// Inputs larger than this are refused.
    pub max_input_bytes: usize,
    /// lol-html's preallocated and maximum parser memory.
    pub max_memory_bytes: usize,
    /// Milliseconds an extraction may take (0: no limit). Checked between parser chunks and
    /// stages; not on WebAssembly, which has no clock.
    pub time_budget_ms: f64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            favor: Favor::Balanced,
            comments: false,
            links: false,
            markdown: true,
            drop: Vec::new(),
            max_input_bytes: 32 << 20,
            max_memory_bytes: 16 << 20,
            time_budget_ms: 0.0,
        }
    }
}

/// The request as it crosses the boundary in JSON: `{"hints": {...}, "options": {...}}`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct Request {
    pub hints: Hints,
    pub options: Options,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct EncodingReport {
    /// WHATWG name of the encoding the bytes were decoded with.
    pub name: String,
    /// What decided it: `bom`, `http`, `meta`, `detected` or `default`.
    pub source: &'static str,
    /// True when UTF-8-read-as-latin-1 mojibake was repaired.
    pub repaired: bool,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Section {
    /// Headings above this block, outermost first.
    pub path: Vec<String>,
    /// Offsets into `text`, in Unicode code points, end exclusive.
    pub start: usize,
    pub end: usize,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Link {
    pub text: String,
    pub href: String,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Extraction {
    #[serde(serialize_with = "json_string::string")]
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "json_string::optional")]
    pub markdown: Option<String>,
    pub title: Option<String>,
    pub author: Option<String>,
    /// Publication date, `YYYY-MM-DD`.
    pub published: Option<String>,
    /// Last-modified date, `YYYY-MM-DD`.
    pub modified: Option<String>,
    pub language: Option<String>,
    pub language_confidence: Option<f32>,
    pub canonical_url: Option<String>,
    pub site_name: Option<String>,
    pub description: Option<String>,
    pub encoding: Option<EncodingReport>,
    pub html_bytes: usize,
    pub text_bytes: usize,
    /// `text_bytes / html_bytes`.
    pub content_ratio: f64,
    pub page_type: PageType,
    /// Whether the text is worth keeping; when not, `reject_reason` says why.
    pub accepted: bool,
    pub reject_reason: Option<RejectReason>,
    pub sections: Vec<Section>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub links: Option<Vec<Link>>,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "json_string::optional")]
    pub comments: Option<String>,
}

impl Extraction {
    /// A first size for the buffer its JSON is written into: the text and the Markdown, with
    /// room for escapes and the other fields, so that the buffer rarely grows (each growth copies).
    pub(crate) fn json_size_hint(&self) -> usize {
        256 + 2 * self.text.len() + self.markdown.as_ref().map_or(0, String::len)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExtractError {
    /// The input is larger than `max_input_bytes`.
    InputTooLarge { size: usize, limit: usize },
    /// lol-html hit `max_memory_bytes`.
    MemoryLimit,
    /// The extraction took longer than `time_budget_ms`.
    TimeBudget { limit_ms: f64 },
    /// The request JSON or a `drop` selector could not be read.
    BadRequest(String),
    /// Anything the parser refused.
    Parse(String),
    /// A bug: the core panicked. Caught so a record fails, not the run.
    Panic(String),
}

impl ExtractError {
    pub fn kind(&self) -> &'static str {
        match self {
            ExtractError::InputTooLarge { .. } => "input_too_large",
            ExtractError::MemoryLimit => "memory_limit",
            ExtractError::TimeBudget { .. } => "time_budget",
            ExtractError::BadRequest(_) => "bad_request",
            ExtractError::Parse(_) => "parse_error",
            ExtractError::Panic(_) => "panic",
        }
    }
}

impl std::fmt::Display for ExtractError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExtractError::InputTooLarge { size, limit } => {
                write!(f, "input of {size} bytes exceeds the limit of {limit} bytes")
            }
            ExtractError::MemoryLimit => write!(f, "parser memory limit exceeded"),
            ExtractError::TimeBudget { limit_ms } => write!(f, "took more than {limit_ms} ms (time budget)"),
            ExtractError::BadRequest(m) => write!(f, "bad request: {m}"),
            ExtractError::Parse(m) => write!(f, "parse error: {m}"),
            ExtractError::Panic(m) => write!(f, "internal error (panic): {m}"),
        }
    }
}

impl std::error::Error for ExtractError {}

/// Extracts the main content of one HTML document.
pub fn extract(html: &[u8], hints: &Hints, options: &Options) -> Result<Extraction, ExtractError> {
    if html.len() > options.max_input_bytes {
        return Err(ExtractError::InputTooLarge { size: html.len(), limit: options.max_input_bytes });
    }
    crate::pipeline::run(html, hints, options)
}

/// The call the bindings make per record for the library API: bytes and a JSON [`Request`] in,
/// JSON out: `{"ok":true,"result":Extraction}` or `{"ok":false,"error":{"kind":..,"message":..}}`.
/// (`pith extract` calls [`crate::extract_line`] instead.) Never panics: a panic inside the core
/// becomes an error value.
pub fn extract_json(html: &[u8], request_json: &str) -> String {
    let outcome = serde_json::from_str::<Request>(if request_json.is_empty() { "{}" } else { request_json })
        .map_err(|e| ExtractError::BadRequest(e.to_string()))
        .and_then(|req| extract_caught(html, &req.hints, &req.options));
    let json = match outcome {
        Ok(result) => {
            let mut out = Vec::with_capacity(result.json_size_hint());
            serde_json::to_writer(&mut out, &Response { ok: true, result: Some(&result), error: None }).map(|()| out)
        }
        Err(e) => serde_json::to_vec(&Response::failed(&e)),
    };
    let json = json.expect("serializing plain structs cannot fail");
    // SAFETY: serde_json writes only UTF-8 (its documented guarantee), and the strings it is
    // handed as `RawValue`s are `json_string::literal`s of `str`s.
    unsafe { String::from_utf8_unchecked(json) }
}

/// [`extract`], with a panic inside the core caught and returned as [`ExtractError::Panic`].
pub(crate) fn extract_caught(html: &[u8], hints: &Hints, options: &Options) -> Result<Extraction, ExtractError> {
    std::panic::catch_unwind(|| extract(html, hints, options)).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        Err(ExtractError::Panic(message))
    })
}

#[derive(Serialize)]
pub(crate) struct Response<'a> {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'a Extraction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorBody>,
}

impl Response<'_> {
    pub(crate) fn failed(e: &ExtractError) -> Self {
        Response { ok: false, result: None, error: Some(ErrorBody { kind: e.kind(), message: e.to_string() }) }
    }
}

#[derive(Serialize)]
struct ErrorBody {
    kind: &'static str,
    message: String,
}
