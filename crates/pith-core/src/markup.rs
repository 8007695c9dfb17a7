//! The markup between two start tags, read from the source. lol-html reports every start tag
//! with its place in the document; what lies between two of them is text, end tags, comments
//! and doctypes, which this reads with the tokenizer's rules for the data state. (Asking
//! lol-html for text chunks and end tags instead costs it a decoder pass over every text node
//! and a token and a boxed handler per end tag: together about as much as all of pith's own work
//! on the tree.) Raw text (script, style, title ...) is not read here: lol-html reports where it
//! ends.

use std::ops::Range;

/// A piece of the markup between two start tags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Text, as written (entities not decoded): one text node.
    Text(Range<usize>),
    /// An end tag's name, as written.
    EndTag(Range<usize>),
}

/// The pieces of `source[from..until]`, a stretch with no start tag in it, in order. Comments,
/// doctypes and the tokenizer's bogus comments (`<?xml ...>`, `</ 3>`) are skipped.
pub struct Between<'a> {
    source: &'a [u8],
    at: usize,
    until: usize,
    /// An end tag found after the text that is returned first.
    end_tag: Option<Range<usize>>,
}

impl<'a> Between<'a> {
    pub fn new(source: &'a str, from: usize, until: usize) -> Self {
        Between { source: source.as_bytes(), at: from, until, end_tag: None }
    }

    /// Where the markup starting at `lt` (a `<`) ends, and the name of the end tag it is, if it
    /// is one; `None` when the `<` is text.
    fn markup_at(&self, lt: usize) -> Option<(usize, Option<Range<usize>>)> {
        let s = &self.source[..self.until];
        let close = |from: usize| memchr::memchr(b'>', &s[from.min(s.len())..]).map(|i| from + i + 1);
        match s.get(lt + 1)? {
            // A start tag lol-html did not report is one the document ends inside: dropped, as
            // is an end tag the document ends inside.
            b if b.is_ascii_alphabetic() => Some((s.len(), None)),
            b'/' => match s.get(lt + 2)? {
                b if b.is_ascii_alphabetic() => {
                    let name_end = s[lt + 2..]
                        .iter()
                        .position(|&b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'/' | b'>'))
                        .map_or(s.len(), |i| lt + 2 + i);
                    Some(end_tag_end(s, name_end).map_or((s.len(), None), |end| (end, Some(lt + 2..name_end))))
                }
                // `</>` is dropped; `</ 3>` is a bogus comment.
                _ => Some((close(lt + 2).unwrap_or(s.len()), None)),
            },
            b'!' if s[lt..].starts_with(b"<!--") => {
                let body = lt + 4;
                // `<!-->` and `<!--->` are empty comments.
                let end = if s[body..].starts_with(b">") {
                    body + 1
                } else if s[body..].starts_with(b"->") {
                    body + 2
                } else {
                    comment_end(&s[body..]).map_or(s.len(), |e| body + e)
                };
                Some((end, None))
            }
            // Doctypes, CDATA outside foreign content, processing instructions.
            b'!' | b'?' => Some((close(lt + 2).unwrap_or(s.len()), None)),
            _ => None,
        }
    }
}

/// Just past the `>` that ends an end tag whose name ends at `from`: its attributes (which the
/// tokenizer reads, and drops) may quote a `>` in a value.
fn end_tag_end(s: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    while at < s.len() {
        match s[at] {
            b'>' => return Some(at + 1),
            b'=' => {
                at += 1;
                while s.get(at).is_some_and(|b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')) {
                    at += 1;
                }
                if let Some(&quote @ (b'"' | b'\'')) = s.get(at) {
                    at += 1 + memchr::memchr(quote, &s[at + 1..])?;
                }
            }
            _ => {}
        }
        at += 1;
    }
    None
}

/// The end of a comment's body: just past `-->` or `--!>`.
fn comment_end(body: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = memchr::memmem::find(&body[from..], b"--") {
        let dashes = from + i;
        match body.get(dashes + 2) {
            Some(b'>') => return Some(dashes + 3),
            Some(b'!') if body.get(dashes + 3) == Some(&b'>') => return Some(dashes + 4),
            _ => from = dashes + 1,
        }
    }
    None
}

impl Iterator for Between<'_> {
    type Item = Piece;

    fn next(&mut self) -> Option<Piece> {
        if let Some(name) = self.end_tag.take() {
            return Some(Piece::EndTag(name));
        }
        loop {
            let text_start = self.at;
            let mut from = self.at;
            let mut markup = None;
            while let Some(i) = memchr::memchr(b'<', &self.source[from..self.until]) {
                let lt = from + i;
                match self.markup_at(lt) {
                    Some(found) => {
                        markup = Some((lt, found));
                        break;
                    }
                    None => from = lt + 1,
                }
            }
            let Some((lt, (end, name))) = markup else {
                self.at = self.until;
                return (self.until > text_start).then_some(Piece::Text(text_start..self.until));
            };
            self.at = end;
            if lt > text_start {
                self.end_tag = name;
                return Some(Piece::Text(text_start..lt));
            }
            if let Some(name) = name {
                return Some(Piece::EndTag(name));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(source: &str) -> Vec<String> {
        Between::new(source, 0, source.len())
            .map(|p| match p {
                Piece::Text(r) => format!("t:{}", &source[r]),
                Piece::EndTag(r) => format!("/{}", &source[r]),
            })
            .collect()
    }

    #[test]
    fn text_end_tags_and_comments() {
        assert_eq!(pieces("a</b>c"), ["t:a", "/b", "t:c"]);
        assert_eq!(pieces("</DIV >x</p\n>"), ["/DIV", "t:x", "/p"]);
        assert_eq!(pieces("</a x='1>2' y=\"3\">b"), ["/a", "t:b"]);
        assert_eq!(pieces("a<!-- <p>x</p> -->b"), ["t:a", "t:b"]);
        assert_eq!(pieces("<!---->a<!-->b<!--->c<!-- x --!>d"), ["t:a", "t:b", "t:c", "t:d"]);
        assert_eq!(pieces("<!DOCTYPE html>\n<?xml x?>y</>z</ 3>w"), ["t:\n", "t:y", "t:z", "t:w"]);
    }

    #[test]
    fn a_lone_angle_bracket_is_text() {
        assert_eq!(pieces("1 < 2 <3 and </"), ["t:1 < 2 <3 and </"]);
        assert_eq!(pieces("x<"), ["t:x<"]);
        // A tag the document ends inside is dropped.
        assert_eq!(pieces("x<b"), ["t:x"]);
        assert_eq!(pieces("x</b"), ["t:x"]);
    }

    #[test]
    fn an_unclosed_comment_runs_to_the_end() {
        assert_eq!(pieces("a<!-- b </p> c"), ["t:a"]);
    }

    /// The text lol-html's own tokenizer finds in `html` (chunks concatenated), and the text
    /// read here from the stretches between the start tags it reports.
    fn both_ways(html: &str) -> (String, String) {
        use lol_html::{doc_text, element, rewrite_str, RewriteStrSettings};
        let (mut theirs, mut starts) = (String::new(), Vec::new());
        rewrite_str(
            html,
            RewriteStrSettings::new()
                .append_element_content_handler(element!("*", |el| {
                    starts.push(el.source_location().bytes());
                    Ok(())
                }))
                .append_document_content_handler(doc_text!(|t| {
                    theirs.push_str(t.as_str());
                    Ok(())
                })),
        )
        .unwrap();
        let mut ours = String::new();
        let mut at = 0;
        for stretch in starts.iter().map(|s| (s.start, s.end)).chain([(html.len(), html.len())]) {
            for piece in Between::new(html, at, stretch.0) {
                if let Piece::Text(t) = piece {
                    ours.push_str(&html[t]);
                }
            }
            at = stretch.1;
        }
        (theirs, ours)
    }

    #[test]
    fn finds_the_text_lol_htmls_tokenizer_finds() {
        const PARTS: &[&str] = &[
            "<p>", "</p>", "<div class='a>b'>", "</div >", "text", " < ", "<3", "a<b", "<!--c-->", "<!-->", "<!--->",
            "<!-- x --!>", "<!---- -->", "<!DOCTYPE html>", "</ div>", "</>", "<?xml x?>", "&amp;", "<b>", "</b\n>",
            "</span foo=bar>", "<![CDATA[x]]>", "<br/>", "--", ">", "-->", "é", "</", "<!", "<a href=x>", "</a>",
            "</p a=\"x>\">", "<!doctype x>", "<!--a--!-->", "<!-- a -- b -->", "</P>", "\r\n", "&lt;", "<x-y>", "</x-y>",
            "=", "'", "\"",
        ];
        let mut seed = 0x9e37_79b9_u32;
        for _ in 0..3000 {
            let mut html = String::new();
            for _ in 0..12 {
                seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                html.push_str(PARTS[(seed >> 16) as usize % PARTS.len()]);
            }
            let (theirs, ours) = both_ways(&html);
            assert_eq!(theirs, ours, "in {html:?}");
        }
    }
}
