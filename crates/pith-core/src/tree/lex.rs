//! How lol-html is driven over the document for `build`. Tree building needs lol-html's start
//! tags (with their attributes, namespace and source location) and the end of each raw text
//! element; the rest it reads from the source.
//!
//! Without `--drop` selectors pith takes the start tags straight from lol-html's token stream
//! (`TransformStream`, with a controller of its own). Through the `HtmlRewriter`, a `*` element
//! handler costs lol-html's selector machine on every start and end tag, only to match
//! everything: 10% of an extraction's instructions (bench/results/profile.md). `--drop`
//! selectors need that machine, so requests with them go through the rewriter. The token stream
//! is public under lol-html's `_integration_test` feature only, so pith-core pins the crate to
//! one version: an upgrade is a deliberate change, and the tests here check that both paths
//! report the same events.

use crate::api::ExtractError;
use crate::attrs;
use crate::deadline::Deadline;
use lol_html::errors::RewritingError;
use lol_html::html_content::{Attribute, DocumentEnd, Element};
use lol_html::{
    doctype, element, end_tag, AsciiCompatibleEncoding, HtmlRewriter, LocalName, MemorySettings, Namespace, Settings, SharedMemoryLimiter,
    StartTagHandlingResult, Token, TokenCaptureFlags, TransformController, TransformStream, TransformStreamSettings,
};
use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::ops::Range;
use std::rc::Rc;

/// The input is written to lol-html this much at a time. Each chunk after one that ended inside
/// a token is copied whole into lol-html's buffer: at 64 KiB that copied about every page once;
/// at 1 MiB most pages are one chunk.
const CHUNK_BYTES: usize = 1024 * 1024;

/// A start tag as lol-html reports it.
pub struct StartTag<'t, 'i> {
    /// Where the whole tag is in the document.
    pub location: Range<usize>,
    /// Where its name is.
    pub name: Range<usize>,
    pub attributes: &'t [Attribute<'i>],
    pub html_namespace: bool,
    /// Not a void element (`<br>`), nor a self-closed one in SVG or MathML.
    pub can_have_content: bool,
}

/// What tree building does with lol-html's events.
pub trait Events {
    /// A start tag; returns whether the element's content is raw text (a script, a style...),
    /// whose end tag only lol-html can find (script data has escapes of its own).
    fn start_tag(&mut self, tag: &StartTag) -> bool;
    /// The end tag of the raw text element open.
    fn raw_text_end(&mut self, location: Range<usize>);
    /// A `--drop` selector matched the element whose start tag comes next.
    fn drop_next(&mut self);
}

/// Runs lol-html over `html` (already UTF-8), reporting to `events`.
pub fn run<E: Events>(html: &str, drop_selectors: &[String], max_memory: usize, deadline: &Deadline, events: E) -> Result<E, ExtractError> {
    if drop_selectors.is_empty() {
        run_tokens(html, max_memory, deadline, events)
    } else {
        run_rewriter(html, drop_selectors, max_memory, deadline, events)
    }
}

fn parse_error(e: RewritingError) -> ExtractError {
    match e {
        RewritingError::MemoryLimitExceeded(_) => ExtractError::MemoryLimit,
        other => ExtractError::Parse(other.to_string()),
    }
}

/// Fed in chunks, as a stream would be: lol-html then buffers only what spans a chunk boundary,
/// and its memory limit bounds that buffering.
fn feed(html: &str, deadline: &Deadline, mut write: impl FnMut(&[u8]) -> Result<(), RewritingError>) -> Result<(), ExtractError> {
    for chunk in html.as_bytes().chunks(CHUNK_BYTES) {
        deadline.check()?;
        write(chunk).map_err(parse_error)?;
    }
    Ok(())
}

fn run_tokens<E: Events>(html: &str, max_memory: usize, deadline: &Deadline, mut events: E) -> Result<E, ExtractError> {
    let mut stream = TransformStream::new(TransformStreamSettings {
        transform_controller: Controller { html, events: &mut events, in_raw_text: false },
        output_sink: |_: &[u8]| {},
        preallocated_parsing_buffer_size: 4096.min(max_memory),
        memory_limiter: SharedMemoryLimiter::new(max_memory),
        encoding: AsciiCompatibleEncoding::utf_8(),
        next_encoding: Default::default(),
        // Not strict: lol-html would otherwise refuse markup whose text context is ambiguous (a
        // stray `<script>` inside `<select>`), and real pages have it.
        strict: false,
        graceful_bail_out_on_memory_limit_exceeded: false,
        graceful_bail_out_on_content_handler_error: false,
    });
    feed(html, deadline, |chunk| stream.write(chunk))?;
    stream.end().map_err(parse_error)?;
    drop(stream);
    Ok(events)
}

/// The next start tag, and doctypes: a flag that stays set (a start tag clears its own) keeps
/// lol-html's lexer on from tag to tag. With nothing to capture lol-html scans ahead for tag
/// names only, and goes back to lex each start tag a second time.
const LEXING: TokenCaptureFlags = TokenCaptureFlags::NEXT_START_TAG.union(TokenCaptureFlags::DOCTYPES);

/// Asks lol-html for every start tag, and for the end tag of a raw text element.
struct Controller<'h, 'e, E> {
    html: &'h str,
    events: &'e mut E,
    in_raw_text: bool,
}

impl<E: Events> TransformController for Controller<'_, '_, E> {
    fn initial_capture_flags(&self) -> TokenCaptureFlags {
        LEXING
    }

    fn handle_start_tag(&mut self, _: LocalName<'_>, _: Namespace) -> StartTagHandlingResult<Self> {
        Ok(LEXING)
    }

    fn handle_end_tag(&mut self, _: LocalName<'_>) -> TokenCaptureFlags {
        // In raw text the only end tag lol-html's lexer reports is the element's own.
        if self.in_raw_text {
            LEXING | TokenCaptureFlags::NEXT_END_TAG
        } else {
            LEXING
        }
    }

    fn handle_token(&mut self, token: &mut Token<'_>) -> Result<(), RewritingError> {
        match token {
            Token::StartTag(tag) => {
                let html_namespace = tag.namespace_uri() == HTML_NAMESPACE;
                let location = tag.source_location().bytes();
                let name = attrs::tag_name_range(self.html, &location);
                let can_have_content = if html_namespace { !is_void(&self.html.as_bytes()[name.clone()]) } else { !tag.self_closing() };
                let tag = StartTag { location, name, attributes: tag.attributes(), html_namespace, can_have_content };
                self.in_raw_text = self.events.start_tag(&tag);
            }
            Token::EndTag(tag) if self.in_raw_text => {
                self.in_raw_text = false;
                self.events.raw_text_end(tag.source_location().bytes());
            }
            _ => {}
        }
        Ok(())
    }

    fn handle_end(&mut self, _: &mut DocumentEnd<'_>) -> Result<(), RewritingError> {
        Ok(())
    }

    /// Nothing is written out: the tokens are read, not rewritten, and serializing each one to a
    /// sink that drops it cost 0.6% of an extraction's instructions.
    fn should_emit_content(&self) -> bool {
        false
    }
}

fn run_rewriter<E: Events>(html: &str, drop_selectors: &[String], max_memory: usize, deadline: &Deadline, events: E) -> Result<E, ExtractError> {
    let events = RefCell::new(events);
    let mut settings = Settings::new().with_strict(false).with_memory_settings(
        MemorySettings::new().with_preallocated_parsing_buffer_size(4096.min(max_memory)).with_max_allowed_memory_usage(max_memory),
    );
    // The `--drop` handlers come first, so they flag an element before `*` reports it.
    for selector in drop_selectors {
        let parsed: lol_html::Selector =
            selector.parse().map_err(|e| ExtractError::BadRequest(format!("drop selector {selector:?}: {e}")))?;
        let events = &events;
        settings = settings.append_element_content_handler((
            Cow::Owned(parsed),
            lol_html::ElementContentHandlers::default().element(move |_: &mut Element| {
                events.borrow_mut().drop_next();
                Ok(())
            }),
        ));
    }
    // lol-html's end-tag handlers must be `'static`: a raw text element's end waits in a cell of
    // its own until the next event.
    let raw_text_end: Rc<Cell<Option<Range<usize>>>> = Rc::default();
    let (end_found, events_ref) = (raw_text_end.clone(), &events);
    settings = settings.append_element_content_handler(element!("*", move |el| {
        let mut events = events_ref.borrow_mut();
        if let Some(end) = end_found.take() {
            events.raw_text_end(end);
        }
        let location = el.source_location().bytes();
        let tag = StartTag {
            name: attrs::tag_name_range(html, &location),
            location,
            attributes: el.attributes(),
            html_namespace: el.namespace_uri() == HTML_NAMESPACE,
            can_have_content: el.can_have_content(),
        };
        if events.start_tag(&tag) {
            let end_found = end_found.clone();
            el.on_end_tag(end_tag!(move |end| {
                end_found.set(Some(end.source_location().bytes()));
                Ok(())
            }))?;
        }
        Ok(())
    }));
    // Any document-level handler keeps lol-html's lexer on from the first byte. Without one it
    // scans ahead for tag names only and, as `*` matches every start tag, lexes each tag again.
    settings = settings.append_document_content_handler(doctype!(|_| Ok(())));
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    feed(html, deadline, |chunk| rewriter.write(chunk))?;
    rewriter.end().map_err(parse_error)?;
    let mut events = events.into_inner();
    if let Some(end) = raw_text_end.take() {
        events.raw_text_end(end);
    }
    Ok(events)
}

const HTML_NAMESPACE: &str = "http://www.w3.org/1999/xhtml";

/// The void elements of lol-html's stack of open elements (which never hold content there).
fn is_void(name: &[u8]) -> bool {
    let mut lower = [0u8; 8];
    let Some(lower) = lower.get_mut(..name.len()) else { return false };
    for (l, n) in lower.iter_mut().zip(name) {
        *l = n.to_ascii_lowercase();
    }
    matches!(
        &*lower,
        b"area" | b"base" | b"basefont" | b"bgsound" | b"br" | b"col" | b"embed" | b"hr" | b"img" | b"input" | b"keygen" | b"link" | b"meta"
            | b"param" | b"source" | b"track" | b"wbr"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every event: a start tag's name, whether it can have content, whether it is HTML and its
    /// number of attributes; a raw text end tag's source.
    #[derive(Default)]
    struct Log<'h> {
        html: &'h str,
        events: Vec<String>,
    }

    impl Events for Log<'_> {
        fn start_tag(&mut self, tag: &StartTag) -> bool {
            let name = &self.html[tag.name.clone()];
            self.events.push(format!("<{name}> {} {} {}", tag.can_have_content, tag.html_namespace, tag.attributes.len()));
            let raw_text = ["script", "style", "title", "textarea", "noscript", "xmp"].iter().any(|r| r.eq_ignore_ascii_case(name));
            raw_text && tag.html_namespace && tag.can_have_content
        }

        fn raw_text_end(&mut self, location: Range<usize>) {
            self.events.push(format!("end {}", &self.html[location]));
        }

        fn drop_next(&mut self) {
            self.events.push("drop".into());
        }
    }

    fn events(html: &str, drop: &[String]) -> Vec<String> {
        run(html, drop, 1 << 20, &Deadline::after(0.0), Log { html, ..Log::default() }).unwrap().events
    }

    #[test]
    fn the_token_stream_reports_what_the_rewriter_reports() {
        // A selector that matches nothing sends the page through the rewriter.
        let rewriter = vec!["never-an-element".to_string()];
        for html in [
            "<!doctype html><html><head><title>a <b> title</title><meta charset=utf-8><link rel=x></head>\
             <body class=c><p id=p>text<br>more<img src=a alt=b><wbr><hr></p></body></html>",
            "<script>if (a </b) { x = '</scr' + 'ipt>'; }</script><p>after</p>",
            "<script><!-- document.write('<script></script>'); --></script><div>x</div>",
            "<style>p { color: red }</style><textarea>a <p> b</textarea><xmp><b></xmp><noscript><i>n</i></noscript>",
            "<svg viewBox='0 0 1 1'><path d=M0/><circle r=1></circle><style>.a{}</style><foreignObject><p>in</p></foreignObject></svg>",
            "<math><mi>x</mi><annotation encoding='application/x-tex'>x</annotation></math><p/>self-closed p",
            "<DIV CLASS=Upper><Span>mixed case</SPAN></div><br/><input type=hidden>",
            "<select><script>stray</script><option>o</select><table><tr><td>cell</table>",
            "<p>unclosed <script>var a = 1;",
            "<iframe srcdoc='<p>x</p>'></iframe><template><p>t</p></template><plaintext><p>all text",
        ] {
            let tokens = events(html, &[]);
            assert!(tokens.len() >= 2, "{html}: {tokens:?}");
            assert_eq!(tokens, events(html, &rewriter), "{html}");
        }
    }

    #[test]
    fn raw_text_ends_where_lol_htmls_tokenizer_ends_it() {
        let html = "<script>a = '</scr' + 'ipt>';</script><style>x</style ><p>y</p>";
        let got = events(html, &[]);
        assert_eq!(got, ["<script> true true 0", "end </script>", "<style> true true 0", "end </style >", "<p> true true 0"]);
    }
}
