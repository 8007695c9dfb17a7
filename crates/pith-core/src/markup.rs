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
        let close = |from: usize| memchr::memchr(b'>', &s[from.min(s.len())..]).map_or(s.len(), |i| from + i + 1);
        match s.get(lt + 1)? {
            b'/' => match s.get(lt + 2)? {
                b if b.is_ascii_alphabetic() => {
                    let name_end = s[lt + 2..]
                        .iter()
                        .position(|&b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'/' | b'>'))
                        .map_or(s.len(), |i| lt + 2 + i);
                    Some((close(name_end), Some(lt + 2..name_end)))
                }
                // `</>` is dropped; `</ 3>` is a bogus comment.
                _ => Some((close(lt + 2), None)),
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
            b'!' | b'?' => Some((close(lt + 2), None)),
            _ => None,
        }
    }
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
                return (self.until > text_start).then(|| Piece::Text(text_start..self.until));
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
        assert_eq!(pieces("a<!-- <p>x</p> -->b"), ["t:a", "t:b"]);
        assert_eq!(pieces("<!---->a<!-->b<!--->c<!-- x --!>d"), ["t:a", "t:b", "t:c", "t:d"]);
        assert_eq!(pieces("<!DOCTYPE html>\n<?xml x?>y</>z</ 3>w"), ["t:\n", "t:y", "t:z", "t:w"]);
    }

    #[test]
    fn a_lone_angle_bracket_is_text() {
        assert_eq!(pieces("1 < 2 <3 and </"), ["t:1 < 2 <3 and </"]);
        assert_eq!(pieces("x<"), ["t:x<"]);
    }

    #[test]
    fn an_unclosed_comment_runs_to_the_end() {
        assert_eq!(pieces("a<!-- b </p> c"), ["t:a"]);
    }
}
