//! Before the lol-html pass: the text of `<script>` and `<style>` elements is cut out of the
//! document, one space left in its place. `tree` drops that text anyway, and it is half of a
//! typical page's bytes, which lol-html would tokenize, decode and serialize for nothing. The
//! start and end tags stay, so lol-html reports the same elements; the bytes cut are counted,
//! so the payload ratio does not change. JSON-LD scripts, which `metadata` reads, are kept.
//!
//! Where a script ends depends on the tokenizer's state, so the scan follows lol-html's own
//! rules (its state machine and its tree-builder simulation, not a browser's): comments,
//! CDATA sections in SVG and MathML, quoted attribute values, raw-text and RCDATA elements
//! (`<textarea>`, `<title>`, `<noscript>`, ...), `<plaintext>`, the namespaces that decide
//! whether `<script>` starts script data at all, and the escape states of script data
//! (`<!--<script>` inside a script). Where the document ends inside a construct, or at
//! `<plaintext>`, the rest is copied as it is.

use memchr::{memchr, memchr2, memmem};
use std::borrow::Cow;

/// Shorter script and style texts are left in: they cost lol-html less than the cut saves.
const MIN_ELIDED_BYTES: usize = 64;

pub struct Prefiltered<'a> {
    pub html: Cow<'a, str>,
    /// Bytes of script and style text cut out (one space stands for each text).
    pub elided_bytes: usize,
}

/// `html` with the text of scripts (except JSON-LD) and styles cut out.
pub fn elide_payload(html: &str) -> Prefiltered<'_> {
    elide_longer_than(html, MIN_ELIDED_BYTES)
}

fn elide_longer_than(html: &str, min_bytes: usize) -> Prefiltered<'_> {
    let mut scan = Scanner {
        html,
        src: html.as_bytes(),
        ns: vec![Ns::Html],
        attrs: Vec::new(),
        out: String::new(),
        copied: 0,
        elided_bytes: 0,
        min_bytes,
    };
    scan.run();
    let html = if scan.copied == 0 {
        Cow::Borrowed(html)
    } else {
        scan.out.push_str(&html[scan.copied..]);
        Cow::Owned(scan.out)
    };
    Prefiltered { html, elided_bytes: scan.elided_bytes }
}

/// The namespace lol-html's tree-builder simulation tracks: in SVG and MathML, `<script>` and
/// `<style>` hold markup, not raw text, and CDATA sections exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ns {
    Html,
    Svg,
    MathMl,
}

/// How the tokenizer reads the text after a start tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TextType {
    Data,
    /// Up to the element's own end tag, entities decoded (`<title>`, `<textarea>`).
    RcData,
    /// Up to the element's own end tag (`<style>`, `<noscript>`, ...).
    RawText,
    ScriptData,
    /// The rest of the document.
    PlainText,
}

/// An attribute's name and value (without quotes) as byte ranges of the document.
struct Attr {
    name: (usize, usize),
    value: Option<(usize, usize)>,
}

/// A tag the tokenizer finished: its name, the index after its `>`, and how the text after it
/// is read.
struct Tag {
    name: (usize, usize),
    end: usize,
    self_closing: bool,
    /// False after `<x a=>`: lol-html then returns to data, whatever the element.
    switches_text: bool,
}

struct Scanner<'a> {
    html: &'a str,
    src: &'a [u8],
    /// Never empty: the document starts in HTML.
    ns: Vec<Ns>,
    /// The attributes of the last tag scanned.
    attrs: Vec<Attr>,
    out: String,
    /// `src[..copied]` is in `out` (or cut).
    copied: usize,
    elided_bytes: usize,
    min_bytes: usize,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | b'\x0C')
}

fn starts_with_ignore_case(bytes: &[u8], prefix: &[u8]) -> bool {
    bytes.len() >= prefix.len() && bytes[..prefix.len()].eq_ignore_ascii_case(prefix)
}

fn name_is(name: &[u8], names: &[&str]) -> bool {
    names.iter().any(|n| name.eq_ignore_ascii_case(n.as_bytes()))
}

/// HTML start tags that end SVG or MathML content (lol-html's list).
const FOREIGN_EXITS: [&str; 44] = [
    "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2",
    "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre",
    "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
];
const SVG_HTML_POINTS: [&str; 3] = ["desc", "title", "foreignobject"];
const MATHML_TEXT_POINTS: [&str; 5] = ["mi", "mo", "mn", "ms", "mtext"];

impl<'a> Scanner<'a> {
    fn run(&mut self) {
        let mut pos = 0;
        while let Some(next) = self.step(pos) {
            pos = next;
        }
    }

    /// Reads from `pos` in the data state to the end of the next markup; returns where the
    /// data state resumes, or `None` when the scan stops.
    fn step(&mut self, pos: usize) -> Option<usize> {
        let src = self.src;
        let lt = pos + memchr(b'<', &src[pos..])?;
        let after = lt + 1;
        match *src.get(after)? {
            b'!' => self.markup_declaration(after + 1),
            b'/' => self.end_tag_open(after + 1),
            b'?' => self.after_gt(after + 1),
            b if b.is_ascii_alphabetic() => self.start_tag(after),
            _ => Some(after),
        }
    }

    /// After `<!`: a comment, a CDATA section (in SVG and MathML only), or a doctype or bogus
    /// comment, which both end at the first `>`.
    fn markup_declaration(&self, at: usize) -> Option<usize> {
        let rest = &self.src[at..];
        if rest.starts_with(b"--") {
            self.comment_end(at + 2)
        } else if rest.starts_with(b"[CDATA[") && self.current_ns() != Ns::Html {
            memmem::find(&rest[7..], b"]]>").map(|i| at + 7 + i + 3)
        } else {
            self.after_gt(at)
        }
    }

    /// The end of a comment whose text starts at `at`: `<!-->` and `<!--->` are whole
    /// comments; otherwise the first `>` after `--` or `--!` within the text.
    fn comment_end(&self, at: usize) -> Option<usize> {
        let src = self.src;
        if src[at..].starts_with(b">") {
            return Some(at + 1);
        }
        if src[at..].starts_with(b"->") {
            return Some(at + 2);
        }
        let mut from = at;
        loop {
            let gt = from + memchr(b'>', &src[from..])?;
            let text = &src[at..gt];
            if text.ends_with(b"--") || text.ends_with(b"--!") {
                return Some(gt + 1);
            }
            from = gt + 1;
        }
    }

    fn after_gt(&self, at: usize) -> Option<usize> {
        memchr(b'>', &self.src[at..]).map(|i| at + i + 1)
    }

    /// After `</`: an end tag, nothing (`</>`), or a bogus comment.
    fn end_tag_open(&mut self, at: usize) -> Option<usize> {
        match *self.src.get(at)? {
            b if b.is_ascii_alphabetic() => {
                let tag = self.tag(at)?;
                self.end_tag_feedback(tag.name);
                Some(tag.end)
            }
            b'>' => Some(at + 1),
            _ => self.after_gt(at),
        }
    }

    fn start_tag(&mut self, at: usize) -> Option<usize> {
        let tag = self.tag(at)?;
        let text = self.start_tag_feedback(&tag);
        let text = if tag.switches_text { text } else { TextType::Data };
        let src = self.src;
        let name = &src[tag.name.0..tag.name.1];
        match text {
            TextType::Data => Some(tag.end),
            TextType::PlainText => None,
            TextType::ScriptData => {
                let close = self.script_end(tag.end)?;
                let elide = !self.is_json_ld();
                self.text_then_end_tag(tag.end, close, elide)
            }
            TextType::RawText | TextType::RcData => {
                let elide = name.eq_ignore_ascii_case(b"style");
                let close = self.raw_text_end(tag.end, name)?;
                self.text_then_end_tag(tag.end, close, elide)
            }
        }
    }

    /// The text `src[start..close]` of a script or raw-text element, then its end tag at
    /// `close`: the text is cut (if `elide`) only once the end tag is known to be complete.
    fn text_then_end_tag(&mut self, start: usize, close: usize, elide: bool) -> Option<usize> {
        let end_tag = self.tag(close + 2)?;
        self.end_tag_feedback(end_tag.name);
        if elide {
            self.cut(start, close);
        }
        Some(end_tag.end)
    }

    fn cut(&mut self, start: usize, end: usize) {
        if end - start < self.min_bytes.max(2) {
            return;
        }
        // Both ends are at ASCII bytes (`>`, `<`), so on character boundaries.
        self.out.push_str(&self.html[self.copied..start]);
        self.out.push(' ');
        self.copied = end;
        self.elided_bytes += end - start - 1;
    }

    /// Whether the script just opened is JSON-LD (kept for `metadata`): any `type` naming
    /// ld+json, a superset of what `tree` captures.
    fn is_json_ld(&self) -> bool {
        self.attrs.iter().any(|a| {
            self.src[a.name.0..a.name.1].eq_ignore_ascii_case(b"type")
                && a.value.is_some_and(|(s, e)| {
                    self.src[s..e].windows(7).any(|w| w.eq_ignore_ascii_case(b"ld+json"))
                })
        })
    }

    /// Where `</name` followed by whitespace, `/` or `>` starts in raw text or RCDATA from `at`.
    fn raw_text_end(&self, at: usize, name: &[u8]) -> Option<usize> {
        let mut from = at;
        loop {
            let lt = from + memchr(b'<', &self.src[from..])?;
            if self.is_end_tag_of(lt, name) {
                return Some(lt);
            }
            from = lt + 1;
        }
    }

    /// Whether `src[lt..]` starts with `</name` and a byte that ends a tag name.
    fn is_end_tag_of(&self, lt: usize, name: &[u8]) -> bool {
        let rest = &self.src[lt..];
        rest.starts_with(b"</")
            && starts_with_ignore_case(&rest[2..], name)
            && rest.get(2 + name.len()).is_some_and(|&b| is_space(b) || b == b'/' || b == b'>')
    }

    /// Where the script's end tag starts, following script data's escape states: after `<!--`
    /// the text is escaped, `<script` in it starts a double-escaped run where `</script>` does
    /// not end the element, and `-->` returns to plain script data.
    fn script_end(&self, at: usize) -> Option<usize> {
        let src = self.src;
        let mut state = Script::Data;
        let mut i = at;
        loop {
            match state {
                Script::Data => {
                    let lt = i + memchr(b'<', &src[i..])?;
                    if self.is_end_tag_of(lt, b"script") {
                        return Some(lt);
                    }
                    if src[lt + 1..].starts_with(b"!--") {
                        (state, i) = (Script::EscapedDashDash, lt + 4);
                    } else {
                        i = lt + 1;
                    }
                }
                Script::Escaped | Script::DoubleEscaped => {
                    let k = i + memchr2(b'-', b'<', &src[i..])?;
                    if src[k] == b'<' {
                        i = k;
                        state = if state == Script::Escaped { Script::EscapedLt } else { Script::DoubleEscapedLt };
                    } else if src.get(k + 1) == Some(&b'-') {
                        i = k + 2;
                        state = if state == Script::Escaped { Script::EscapedDashDash } else { Script::DoubleEscapedDashDash };
                    } else {
                        i = k + 1;
                    }
                }
                Script::EscapedDashDash | Script::DoubleEscapedDashDash => {
                    let escaped = state == Script::EscapedDashDash;
                    match *src.get(i)? {
                        b'-' => i += 1,
                        b'<' => state = if escaped { Script::EscapedLt } else { Script::DoubleEscapedLt },
                        // `-->` ends the escape; the `>` is script data again.
                        b'>' => state = Script::Data,
                        _ => (state, i) = (if escaped { Script::Escaped } else { Script::DoubleEscaped }, i + 1),
                    }
                }
                Script::EscapedLt => {
                    // `i` is at the `<`.
                    if self.is_end_tag_of(i, b"script") {
                        return Some(i);
                    }
                    let rest = &src[i + 1..];
                    if starts_with_ignore_case(rest, b"script") {
                        let b = *rest.get(6)?;
                        let double = is_space(b) || b == b'/' || b == b'>';
                        (state, i) = if double { (Script::DoubleEscaped, i + 8) } else { (Script::Escaped, i + 7) };
                    } else {
                        (state, i) = (Script::Escaped, i + 1);
                    }
                }
                Script::DoubleEscapedLt => {
                    let rest = &src[i + 1..];
                    if rest.starts_with(b"/") && starts_with_ignore_case(&rest[1..], b"script") {
                        let b = *rest.get(7)?;
                        let ends = is_space(b) || b == b'/' || b == b'>';
                        (state, i) = if ends { (Script::Escaped, i + 9) } else { (Script::DoubleEscaped, i + 8) };
                    } else {
                        (state, i) = (Script::DoubleEscaped, i + 1);
                    }
                }
            }
        }
    }

    /// Reads a tag from its name at `at` to its `>`, collecting its attributes, as lol-html's
    /// tag and attribute states do. `None` when the document ends inside it.
    fn tag(&mut self, at: usize) -> Option<Tag> {
        let src = self.src;
        let name_end = at + src[at..].iter().position(|&b| is_space(b) || b == b'/' || b == b'>')?;
        self.attrs.clear();
        let mut state = Attrs::BeforeName;
        let mut i = name_end;
        let mut start = 0;
        let done = |end, self_closing, switches_text| Some(Tag { name: (at, name_end), end, self_closing, switches_text });
        loop {
            let b = *src.get(i)?;
            match state {
                Attrs::BeforeName => match b {
                    b'/' => state = Attrs::SelfClosing,
                    b'>' => return done(i + 1, false, true),
                    _ if is_space(b) => {}
                    _ => (state, start) = (Attrs::Name, i),
                },
                Attrs::Name | Attrs::AfterName => {
                    let in_name = state == Attrs::Name;
                    if in_name && !(is_space(b) || matches!(b, b'=' | b'/' | b'>')) {
                        i += 1;
                        continue;
                    }
                    if in_name {
                        self.attrs.push(Attr { name: (start, i), value: None });
                    }
                    match b {
                        b'=' => state = Attrs::BeforeValue,
                        b'/' => state = Attrs::SelfClosing,
                        b'>' => return done(i + 1, false, true),
                        _ if is_space(b) => state = Attrs::AfterName,
                        _ => (state, start) = (Attrs::Name, i),
                    }
                }
                Attrs::BeforeValue => match b {
                    b'"' | b'\'' => {
                        let close = i + 1 + memchr(b, &src[i + 1..])?;
                        self.set_value(i + 1, close);
                        (state, i) = (Attrs::BeforeName, close);
                    }
                    // lol-html's `<x a=>`: the tag ends, and text is data whatever `x` is.
                    b'>' => return done(i + 1, false, false),
                    _ if is_space(b) => {}
                    _ => (state, start) = (Attrs::Unquoted, i),
                },
                Attrs::Unquoted => match b {
                    b'>' => {
                        self.set_value(start, i);
                        return done(i + 1, false, true);
                    }
                    _ if is_space(b) => {
                        self.set_value(start, i);
                        state = Attrs::BeforeName;
                    }
                    _ => {}
                },
                Attrs::SelfClosing => {
                    if b == b'>' {
                        return done(i + 1, true, true);
                    }
                    // Not consumed: read again as before an attribute name.
                    state = Attrs::BeforeName;
                    continue;
                }
            }
            i += 1;
        }
    }

    fn set_value(&mut self, start: usize, end: usize) {
        if let Some(attr) = self.attrs.last_mut() {
            attr.value = Some((start, end));
        }
    }

    fn current_ns(&self) -> Ns {
        *self.ns.last().expect("the namespace stack is never empty")
    }

    fn leave_ns(&mut self) {
        if self.ns.len() > 1 {
            self.ns.pop();
        }
    }

    /// lol-html's `get_feedback_for_start_tag`: namespace changes, and the text type after an
    /// HTML start tag.
    fn start_tag_feedback(&mut self, tag: &Tag) -> TextType {
        let src = self.src;
        let name = &src[tag.name.0..tag.name.1];
        if name.eq_ignore_ascii_case(b"svg") {
            self.ns.push(Ns::Svg);
        } else if name.eq_ignore_ascii_case(b"math") {
            self.ns.push(Ns::MathMl);
        } else if self.current_ns() != Ns::Html {
            self.foreign_start_tag(name, tag.self_closing);
        } else {
            return html_text_type(name);
        }
        TextType::Data
    }

    fn foreign_start_tag(&mut self, name: &[u8], self_closing: bool) {
        let ns = self.current_ns();
        if name_is(name, &FOREIGN_EXITS) {
            self.leave_ns();
        } else if ns == Ns::Svg && name_is(name, &SVG_HTML_POINTS) || ns == Ns::MathMl && name_is(name, &MATHML_TEXT_POINTS) {
            if !self_closing {
                self.ns.push(Ns::Html);
            }
        } else if name.eq_ignore_ascii_case(b"font") {
            if self.has_attr(|n, _| name_is(n, &["color", "size", "face"])) {
                self.leave_ns();
            }
        } else if ns == Ns::MathMl && name.eq_ignore_ascii_case(b"annotation-xml") && !self_closing {
            let html_encoding = |n: &[u8], v: Option<&[u8]>| {
                n.eq_ignore_ascii_case(b"encoding") && v.is_some_and(|v| name_is(v, &["text/html", "application/xhtml+xml"]))
            };
            if self.has_attr(html_encoding) {
                self.ns.push(Ns::Html);
            }
        }
    }

    fn has_attr(&self, pred: impl Fn(&[u8], Option<&[u8]>) -> bool) -> bool {
        self.attrs.iter().any(|a| pred(&self.src[a.name.0..a.name.1], a.value.map(|(s, e)| &self.src[s..e])))
    }

    /// lol-html's `get_feedback_for_end_tag`: the end of an SVG or MathML element, or of an
    /// HTML integration point inside one.
    fn end_tag_feedback(&mut self, name: (usize, usize)) {
        let src = self.src;
        let name = &src[name.0..name.1];
        let ns = self.current_ns();
        if ns == Ns::Html {
            let Some(&outer) = self.ns.len().checked_sub(2).and_then(|i| self.ns.get(i)) else { return };
            let exits = match outer {
                Ns::MathMl => name_is(name, &MATHML_TEXT_POINTS) || name.eq_ignore_ascii_case(b"annotation-xml"),
                Ns::Svg => name_is(name, &SVG_HTML_POINTS),
                Ns::Html => false,
            };
            if exits {
                self.leave_ns();
            }
        } else if ns == Ns::Svg && name.eq_ignore_ascii_case(b"svg")
            || ns == Ns::MathMl && name.eq_ignore_ascii_case(b"math")
            || name_is(name, &["p", "br"])
        {
            self.leave_ns();
        }
    }
}

/// The text type an HTML start tag switches the tokenizer to.
fn html_text_type(name: &[u8]) -> TextType {
    if name_is(name, &["textarea", "title"]) {
        TextType::RcData
    } else if name.eq_ignore_ascii_case(b"plaintext") {
        TextType::PlainText
    } else if name.eq_ignore_ascii_case(b"script") {
        TextType::ScriptData
    } else if name_is(name, &["style", "iframe", "xmp", "noembed", "noframes", "noscript"]) {
        TextType::RawText
    } else {
        TextType::Data
    }
}

/// The script data states, named as in lol-html (and the HTML standard).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Script {
    Data,
    Escaped,
    EscapedDashDash,
    EscapedLt,
    DoubleEscaped,
    DoubleEscapedDashDash,
    DoubleEscapedLt,
}

/// The attribute states of a tag, as in lol-html.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Attrs {
    BeforeName,
    Name,
    AfterName,
    BeforeValue,
    Unquoted,
    SelfClosing,
}

#[cfg(test)]
mod tests {
    use super::*;
    use lol_html::html_content::TextType as LolText;
    use lol_html::{doc_text, element, end_tag, HtmlRewriter, Settings};
    use std::cell::RefCell;
    use std::rc::Rc;

    /// What lol-html reports for `html`: elements (name and namespace), end tags and text, with
    /// the text of scripts and styles summed into a byte count (one `#` marks where it was).
    fn lol_html_view(html: &str) -> (Vec<String>, usize) {
        let seen = Rc::new(RefCell::new((Vec::<String>::new(), 0, String::new())));
        let (s, t) = (seen.clone(), seen.clone());
        let settings = Settings::new()
            .with_strict(false)
            .append_element_content_handler(element!("*", move |el| {
                let name = el.tag_name();
                s.borrow_mut().0.push(format!("<{name} {}", el.namespace_uri()));
                s.borrow_mut().2 = name.clone();
                let s = s.clone();
                if el.can_have_content() {
                    el.on_end_tag(end_tag!(move |_| {
                        s.borrow_mut().0.push(format!("</{name}"));
                        Ok(())
                    }))?;
                }
                Ok(())
            }))
            .append_document_content_handler(doc_text!(move |chunk| {
                let mut t = t.borrow_mut();
                let payload = matches!(chunk.text_type(), LolText::ScriptData | LolText::RawText)
                    && matches!(t.2.as_str(), "script" | "style");
                if payload {
                    t.1 += chunk.as_str().len();
                    if t.0.last().map(String::as_str) != Some("#") {
                        t.0.push("#".into());
                    }
                } else if !chunk.as_str().is_empty() {
                    t.0.push(chunk.as_str().to_string());
                }
                Ok(())
            }));
        let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
        rewriter.write(html.as_bytes()).unwrap();
        rewriter.end().unwrap();
        let (events, payload, _) = Rc::try_unwrap(seen).ok().unwrap().into_inner();
        (events, payload)
    }

    /// Cuts `html` (every text of 2 bytes or more) and checks that lol-html reports the same
    /// elements and text for the result, and the same payload bytes once the cut ones are added.
    fn cut(html: &str) -> String {
        let filtered = elide_longer_than(html, 2);
        let (events, payload) = lol_html_view(html);
        let (cut_events, cut_payload) = lol_html_view(&filtered.html);
        assert_eq!(cut_events, events, "lol-html reads {html:?} differently once cut to {:?}", filtered.html);
        assert_eq!(cut_payload + filtered.elided_bytes, payload, "payload bytes of {html:?}");
        filtered.html.into_owned()
    }

    #[test]
    fn cuts_script_and_style_text() {
        assert_eq!(cut("<p>a<script>var x = 1;</script><style>p{}</style>b"), "<p>a<script> </script><style> </style>b");
        let filtered = elide_longer_than("<script>var x = 1;</script>", 2);
        assert_eq!(filtered.elided_bytes, "var x = 1;".len() - 1);
    }

    #[test]
    fn leaves_short_texts_and_borrows() {
        assert!(matches!(elide_payload("<script>x()</script><p>y").html, Cow::Borrowed(_)));
        let long = format!("<script>{}</script>", "x".repeat(MIN_ELIDED_BYTES));
        assert_eq!(elide_payload(&long).html, "<script> </script>");
    }

    #[test]
    fn keeps_json_ld() {
        let html = r#"<script type="application/ld+json">{"@type":"Article"}</script><script type=module>go()</script>"#;
        assert_eq!(cut(html), r#"<script type="application/ld+json">{"@type":"Article"}</script><script type=module> </script>"#);
        assert_eq!(cut("<script TYPE=' Application/LD+JSON '>{}</script>"), "<script TYPE=' Application/LD+JSON '>{}</script>");
    }

    #[test]
    fn comments_hide_tags() {
        assert_eq!(cut("<!-- <script> --><p>x</p><script>ab</script>"), "<!-- <script> --><p>x</p><script> </script>");
        assert_eq!(cut("<!-- a --!><script>ab</script>"), "<!-- a --!><script> </script>");
        // `<!-->` and `<!--->` are whole comments: the script after them is real.
        assert_eq!(cut("<!--><script>ab</script>"), "<!--><script> </script>");
        assert_eq!(cut("<!---><script>ab</script>"), "<!---><script> </script>");
        assert_eq!(cut("<!-- -> <script>ab</script> -->x"), "<!-- -> <script>ab</script> -->x");
    }

    #[test]
    fn bogus_comments_and_doctypes_end_at_gt() {
        assert_eq!(cut("<!DOCTYPE html><?xml a='>'?><script>ab</script>"), "<!DOCTYPE html><?xml a='>'?><script> </script>");
        assert_eq!(cut("</ x><script>ab</script>"), "</ x><script> </script>");
    }

    #[test]
    fn raw_text_and_rcdata_hide_tags() {
        for name in ["textarea", "title", "xmp", "iframe", "noembed", "noframes"] {
            let html = format!("<{name}><script>a</{name}><script>ab</script>");
            assert_eq!(cut(&html), format!("<{name}><script>a</{name}><script> </script>"));
        }
    }

    #[test]
    fn noscript_markup_is_kept() {
        // `tree` captures it as HTML for the noscript fallback.
        assert_eq!(cut("<noscript><script>ab</script><style>cd</style></noscript>"), "<noscript><script>ab</script><style>cd</style></noscript>");
    }

    #[test]
    fn plaintext_ends_the_scan() {
        assert_eq!(cut("<plaintext><script>ab</script>"), "<plaintext><script>ab</script>");
    }

    #[test]
    fn tag_names_are_case_insensitive() {
        assert_eq!(cut("<SCRIPT>ab</ScRiPt><Style>cd</STYLE>"), "<SCRIPT> </ScRiPt><Style> </STYLE>");
    }

    #[test]
    fn end_tags_need_a_delimiter() {
        assert_eq!(cut("<script>a</scripty>b</script\tx>c"), "<script> </script\tx>c");
        assert_eq!(cut("<style>a</styles>b</style/>c"), "<style> </style/>c");
    }

    #[test]
    fn attribute_values_may_hold_gt_and_quotes() {
        assert_eq!(cut(r#"<script data-x="a>b" data-y='"'>ab</script>"#), r#"<script data-x="a>b" data-y='"'> </script>"#);
        assert_eq!(cut(r#"<p title="<script>">x</p><script>ab</script>"#), r#"<p title="<script>">x</p><script> </script>"#);
        assert_eq!(cut(r#"<script>ab</script x=">">c"#), r#"<script> </script x=">">c"#);
    }

    #[test]
    fn unterminated_scripts_are_kept() {
        for html in ["<script>ab", "<script>ab</script", "<script>ab</script x='>", "<style>ab</sty"] {
            assert_eq!(cut(html), html);
        }
    }

    #[test]
    fn escaped_script_data() {
        // After `<!--<script>`, `</script>` does not end the script; `-->` returns to script data.
        assert_eq!(cut("<script><!--<script>x</script>y--></script>z"), "<script> </script>z");
        // Escaped but not double escaped: the first `</script>` ends it.
        assert_eq!(cut("<script><!-- a </script>b<p>"), "<script> </script>b<p>");
        assert_eq!(cut("<script><!--<scripty></script>b"), "<script> </script>b");
        assert_eq!(cut("<script><!--<script></script ><!--></script>b"), "<script> </script>b");
    }

    #[test]
    fn lol_html_reads_text_after_x_a_eq_gt_as_data() {
        assert_eq!(cut("<script a=><p>x</p>a</script>"), "<script a=><p>x</p>a</script>");
    }

    #[test]
    fn svg_and_mathml_hold_markup() {
        assert_eq!(cut("<svg><style>a<b>c</b></style></svg><style>ab</style>"), "<svg><style>a<b>c</b></style></svg><style> </style>");
        assert_eq!(cut("<svg><script>ab</script></svg>"), "<svg><script>ab</script></svg>");
        // HTML integration points and breakout tags return to HTML.
        assert_eq!(cut("<svg><foreignObject><style>ab</style></foreignObject></svg>"), "<svg><foreignObject><style> </style></foreignObject></svg>");
        assert_eq!(cut("<math><mi><style>ab</style></mi><style>a<b>c</style></math>"), "<math><mi><style> </style></mi><style>a<b>c</style></math>");
        assert_eq!(cut("<svg><p><style>ab</style>"), "<svg><p><style> </style>");
        assert_eq!(cut("<svg><font color=red><style>ab</style>"), "<svg><font color=red><style> </style>");
        assert_eq!(cut("<math><annotation-xml encoding='text/html'><style>ab</style>"), "<math><annotation-xml encoding='text/html'><style> </style>");
        assert_eq!(cut("<svg><title/><style>a<b>c</style>"), "<svg><title/><style>a<b>c</style>");
        // CDATA sections exist only there.
        assert_eq!(cut("<svg><![CDATA[></svg><style>]]><style>ab</style>"), "<svg><![CDATA[></svg><style>]]><style>ab</style>");
        assert_eq!(cut("<![CDATA[<script>]]><p>ab</script>"), "<![CDATA[<script>]]><p>ab</script>");
    }

    /// Random documents from the fragments the rules are about: lol-html must read each the same
    /// once cut.
    #[test]
    fn random_documents_read_the_same() {
        const PARTS: [&str; 40] = [
            "<script>", "</script>", "</script ", "<SCRIPT type=x>", "<script type=application/ld+json>", "<style>",
            "</style>", "<!--", "-->", "--!>", "-", "<", ">", "/", "'", "\"", "=", " ", "ab", "<p>", "</p>", "<svg>",
            "</svg>", "<math>", "<mi>", "</mi>", "<foreignObject>", "</foreignObject>", "<![CDATA[", "]]>", "<title>",
            "</title>", "<noscript>", "</noscript>", "<textarea>", "<!DOCTYPE x>", "<br>", "<font size=1>", "<a b=>",
            "<script/>",
        ];
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let len = 1 + next() % 24;
            let html: String = (0..len).map(|_| PARTS[(next() % PARTS.len() as u64) as usize]).collect();
            cut(&html);
        }
    }
}
