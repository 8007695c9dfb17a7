//! The output line of `pith extract`: one extraction with its WARC record's provenance, written
//! by the core, so that the worker hands the bytes to the compressor without parsing the
//! extraction's JSON and serializing the record again (that round trip and the garbage it left
//! were a tenth of the CPU time outside extraction).

use crate::api::{extract_caught, EncodingReport, ExtractError, Extraction, Hints, Link, Options, PageType, RejectReason, Response, Section};
use serde::{Deserialize, Serialize};
use crate::json_string::JsonText;
use serde_json::value::RawValue;
use std::borrow::Cow;

/// What `pith extract` sends per record: the core's options, the record's provenance (whose URL
/// and Content-Type are also the core's hints), and the run's `extractor` block, copied into the
/// line as it is.
#[derive(Deserialize)]
pub struct LineRequest<'a> {
    #[serde(default)]
    pub options: Options,
    #[serde(borrow)]
    pub record: RecordMeta<'a>,
    #[serde(borrow)]
    pub extractor: &'a RawValue,
}

/// Where the record came from, as the output line reports it.
#[derive(Deserialize)]
pub struct RecordMeta<'a> {
    #[serde(borrow)]
    pub id: Cow<'a, str>,
    #[serde(borrow)]
    pub url: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub date: Option<Cow<'a, str>>,
    pub http_status: Option<u16>,
    #[serde(borrow)]
    pub content_type: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub source: Source<'a>,
    pub warc_truncated: bool,
}

#[derive(Deserialize, Serialize)]
pub struct Source<'a> {
    #[serde(borrow)]
    pub file: Cow<'a, str>,
    pub offset: u64,
    pub length: u64,
}

/// What the worker needs to route and count the record without reading the line.
#[derive(Serialize)]
struct Summary {
    ok: bool,
    /// The text is blank: the record is rejected as `empty`.
    empty: bool,
    accepted: bool,
    reject_reason: Option<RejectReason>,
    page_type: PageType,
    html_bytes: usize,
    text_bytes: usize,
    content_ratio: f64,
}

/// One output line; the key order is the documented schema's (README "Output schema").
#[derive(Serialize)]
struct Line<'a> {
    id: &'a str,
    text: JsonText<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    markdown: Option<JsonText<'a>>,
    /// With `--comments`: the comments, or null when the page has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    comments: Option<Option<JsonText<'a>>>,
    url: Option<&'a str>,
    date: Option<&'a str>,
    title: Option<&'a str>,
    author: Option<&'a str>,
    published: Option<&'a str>,
    modified: Option<&'a str>,
    language: Option<&'a str>,
    language_confidence: Option<f32>,
    description: Option<&'a str>,
    site_name: Option<&'a str>,
    canonical_url: Option<&'a str>,
    encoding: Option<&'a EncodingReport>,
    html_bytes: usize,
    text_bytes: usize,
    content_ratio: f64,
    page_type: PageType,
    accepted: bool,
    reject_reason: Option<RejectReason>,
    sections: &'a [Section],
    #[serde(skip_serializing_if = "Option::is_none")]
    links: Option<&'a [Link]>,
    http_status: Option<u16>,
    content_type: Option<&'a str>,
    source: &'a Source<'a>,
    warc_truncated: bool,
    extractor: &'a RawValue,
}

impl<'a> Line<'a> {
    fn new(x: &'a Extraction, record: &'a RecordMeta<'a>, options: &Options, extractor: &'a RawValue) -> Self {
        Line {
            id: &record.id,
            text: JsonText(&x.text),
            markdown: options.markdown.then(|| JsonText(x.markdown.as_deref().unwrap_or(""))),
            comments: options.comments.then_some(x.comments.as_deref().map(JsonText)),
            url: record.url.as_deref(),
            date: record.date.as_deref(),
            title: x.title.as_deref(),
            author: x.author.as_deref(),
            published: x.published.as_deref(),
            modified: x.modified.as_deref(),
            language: x.language.as_deref(),
            language_confidence: x.language_confidence,
            description: x.description.as_deref(),
            site_name: x.site_name.as_deref(),
            canonical_url: x.canonical_url.as_deref(),
            encoding: x.encoding.as_ref(),
            html_bytes: x.html_bytes,
            text_bytes: x.text_bytes,
            content_ratio: x.content_ratio,
            page_type: x.page_type,
            accepted: x.accepted,
            reject_reason: x.reject_reason,
            sections: &x.sections,
            links: options.links.then(|| x.links.as_deref().unwrap_or(&[])),
            http_status: record.http_status,
            content_type: record.content_type.as_deref(),
            source: &record.source,
            warc_truncated: record.warc_truncated,
            extractor,
        }
    }
}

/// `pith extract`'s call per record: bytes and a JSON [`LineRequest`] in; out, a summary JSON
/// object, a newline, and the output line (no newline after it). On failure, only
/// `{"ok":false,"error":{"kind":..,"message":..}}`. Never panics.
pub fn extract_line(html: &[u8], request_json: &str) -> Vec<u8> {
    let req = match serde_json::from_str::<LineRequest>(request_json) {
        Ok(req) => req,
        Err(e) => return failed(&ExtractError::BadRequest(e.to_string())),
    };
    let record = &req.record;
    let hints = Hints {
        content_type: record.content_type.as_deref().map(str::to_owned),
        url: record.url.as_deref().map(str::to_owned),
        fetched: record.date.as_deref().map(str::to_owned),
    };
    let x = match extract_caught(html, &hints, &req.options) {
        Ok(x) => x,
        Err(e) => return failed(&e),
    };
    let summary = Summary {
        ok: true,
        // As JavaScript's trim() sees it, which also drops U+FEFF.
        empty: x.text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}').is_empty(),
        accepted: x.accepted,
        reject_reason: x.reject_reason,
        page_type: x.page_type,
        html_bytes: x.html_bytes,
        text_bytes: x.text_bytes,
        content_ratio: x.content_ratio,
    };
    let mut out = Vec::with_capacity(x.json_size_hint());
    serde_json::to_writer(&mut out, &summary).expect("serializing plain structs cannot fail");
    out.push(b'\n');
    serde_json::to_writer(&mut out, &Line::new(&x, &req.record, &req.options, req.extractor)).expect("serializing plain structs cannot fail");
    out
}

fn failed(e: &ExtractError) -> Vec<u8> {
    serde_json::to_vec(&Response::failed(e)).expect("serializing plain structs cannot fail")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(options: &str) -> String {
        format!(
            r#"{{"options":{options},"record":{{"id":"urn:uuid:1","url":"https://example.com/a","date":"2024-05-01T00:00:00Z","http_status":200,"content_type":"text/html","source":{{"file":"x.warc.gz","offset":10,"length":20}},"warc_truncated":false}},"extractor":{{"name":"pith","version":"0"}}}}"#
        )
    }

    fn split(out: &[u8]) -> (serde_json::Value, serde_json::Value) {
        let nl = out.iter().position(|&b| b == b'\n').expect("summary line");
        (serde_json::from_slice(&out[..nl]).unwrap(), serde_json::from_slice(&out[nl + 1..]).unwrap())
    }

    const PAGE: &[u8] = b"<html><body><article><h1>Title</h1><p>A paragraph long enough to be read as prose, with punctuation. It goes on, and on, for a while.</p></article></body></html>";

    #[test]
    fn the_line_holds_the_extraction_and_the_record_in_schema_order() {
        let out = extract_line(PAGE, &request(r#"{"markdown":false}"#));
        let raw = std::str::from_utf8(&out).unwrap().split_once('\n').unwrap().1;
        assert!(raw.starts_with(r#"{"id":"urn:uuid:1","text":"#), "{raw}");
        assert!(raw.ends_with(r#","warc_truncated":false,"extractor":{"name":"pith","version":"0"}}"#), "{raw}");
        let (summary, line) = split(&out);
        assert_eq!(summary["ok"], true);
        assert_eq!(summary["empty"], false);
        assert_eq!(summary["text_bytes"], line["text_bytes"]);
        assert!(["markdown", "comments", "links"].iter().all(|k| line.get(k).is_none()));
        assert_eq!(line["source"]["offset"], 10);
        assert_eq!(line["extractor"]["name"], "pith");
        assert!(line["text"].as_str().unwrap().contains("A paragraph long enough"));
    }

    #[test]
    fn a_date_written_for_after_the_fetch_is_not_the_publication_date() {
        // The record was fetched on 2024-05-01 (see `request`).
        let page = b"<html><body><article><h1>Title</h1><p>Posted March 3, 2024. The new rules apply from June 1, 2025, to every member.</p>\
            <p>A paragraph long enough to be read as prose, with punctuation. It goes on, and on, for a while.</p></article></body></html>";
        let (_, line) = split(&extract_line(page, &request(r#"{"markdown":false}"#)));
        assert_eq!(line["published"], "2024-03-03");
        let page = String::from_utf8_lossy(page).replace("Posted March 3, 2024. ", "");
        let (_, line) = split(&extract_line(page.as_bytes(), &request(r#"{"markdown":false}"#)));
        assert!(line["published"].is_null(), "{}", line["published"]);
    }

    #[test]
    fn optional_fields_appear_exactly_when_their_option_is_on() {
        let (_, line) = split(&extract_line(PAGE, &request(r#"{"markdown":true,"comments":true,"links":true}"#)));
        assert!(line["markdown"].as_str().unwrap().starts_with("# Title"));
        assert!(line["comments"].is_null(), "no comments on the page: null, not absent");
        assert_eq!(line["links"], serde_json::json!([]));
    }

    #[test]
    fn failures_are_one_error_object() {
        let out = extract_line(PAGE, "{}");
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v["ok"], false);
        assert_eq!(v["error"]["kind"], "bad_request");
        let big = request(r#"{"maxInputBytes":10}"#);
        let v: serde_json::Value = serde_json::from_slice(&extract_line(PAGE, &big)).unwrap();
        assert_eq!(v["error"]["kind"], "input_too_large");
    }
}
