//! What every node holds: its characters, link text, inline code, links and sentence
//! punctuation (`Stats`), and the prose mass of its text blocks, each weighed by how much it
//! reads like prose.

use crate::hints;
use crate::script::{is_cjk, is_punct, is_spaceless};
use crate::tags::Tag;
use crate::tree::{Child, Node, NodeId, Tree};

#[derive(Debug, Clone, Copy, Default)]
pub struct Stats {
    /// Non-whitespace characters in the subtree, CJK characters counted three times: each
    /// carries about as much text as three Latin letters, so one set of length thresholds suits
    /// every script.
    pub chars: u32,
    /// Of those, inside links.
    pub link_chars: u32,
    /// Of those, inside inline `<code>` (a log pasted into a paragraph is not its prose).
    pub code_chars: u32,
    /// Links in the subtree (cards, links wrapping blocks, not counted).
    pub links: u32,
    /// Sentence punctuation in the subtree (Latin and CJK).
    pub punct: u32,
    /// Prose-weighted characters of the subtree's text blocks, boilerplate excluded.
    pub mass: f32,
}

impl Stats {
    pub fn link_density(&self) -> f32 {
        if self.chars == 0 {
            0.0
        } else {
            self.link_chars as f32 / self.chars as f32
        }
    }

    /// Do the links read as item titles ("Beats Solo 4 gains new colours") rather than menu
    /// entries ("Headphones")?
    pub fn headline_links(&self) -> bool {
        const HEADLINE_CHARS: u32 = 30;
        self.links > 0 && self.link_chars >= HEADLINE_CHARS * self.links
    }

    /// Does a text block with these counts read as a paragraph of prose: `min_chars` or more,
    /// a sentence mark, links under `max_link_density` of it?
    pub(super) fn reads_as_prose(&self, min_chars: u32, max_link_density: f32) -> bool {
        self.chars >= min_chars && self.punct >= 1 && self.link_density() < max_link_density
    }

    /// Is a chosen content with these counts a listing rather than an article ([`LISTING_MASS`])?
    pub(super) fn is_listing(&self) -> bool {
        self.mass < LISTING_MASS
    }

    /// Adds a child's counts (not its mass, which is summed separately).
    pub(super) fn add_counts(&mut self, other: &Stats) {
        self.chars += other.chars;
        self.link_chars += other.link_chars;
        self.code_chars += other.code_chars;
        self.links += other.links;
        self.punct += other.punct;
    }
}

/// Below this much prose mass, the chosen content is a listing, not an article.
const LISTING_MASS: f32 = 2500.0;

/// A block this long without one punctuation mark is not prose.
const UNPUNCTUATED_RUN: u32 = 300;

/// Non-whitespace characters (CJK counted three times) and sentence punctuation in `text`
/// (a space after a character of a script without spaces between words counts as one).
/// Runs of ASCII, nearly all of most pages, are counted a chunk at a time with comparisons the
/// compiler turns into SIMD; the rest a character at a time, ASCII bytes by a table.
fn count_text(text: &str) -> (u32, u32) {
    let (mut chars, mut punct) = (0u32, 0u32);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if let Some(chunk) = bytes.get(i..i + CHUNK).and_then(|c| <&[u8; CHUNK]>::try_from(c).ok()).filter(|c| c.is_ascii()) {
            let (c, p) = count_ascii_chunk(chunk);
            chars += c;
            punct += p;
            i += CHUNK;
            continue;
        }
        // A chunk holding a non-ASCII byte, or the tail: a character at a time up to its end.
        let stop = (i + CHUNK).min(bytes.len());
        while i < stop {
            let class = ASCII_CLASS[bytes[i] as usize];
            if class != NOT_ASCII {
                chars += u32::from(class & CHAR);
                punct += u32::from(class & PUNCT != 0);
                i += 1;
                continue;
            }
            let c = text[i..].chars().next().expect("a non-ASCII byte starts a char");
            if !c.is_whitespace() {
                chars += if is_cjk(c) { 3 } else { 1 };
                punct += (is_punct(c) || is_spaceless(c) && bytes.get(i + c.len_utf8()) == Some(&b' ')) as u32;
            }
            i += c.len_utf8();
        }
    }
    (chars, punct)
}

/// Bytes [`count_text`] counts at once.
const CHUNK: usize = 32;

/// [`count_text`] of a chunk of ASCII, without branches.
fn count_ascii_chunk(chunk: &[u8; CHUNK]) -> (u32, u32) {
    let (mut space, mut punct) = (0u8, 0u8);
    for &b in chunk {
        space += u8::from(is_ascii_space(b));
        punct += u8::from(is_ascii_punct(b));
    }
    (CHUNK as u32 - u32::from(space), u32::from(punct))
}

/// `char::is_whitespace` for ASCII.
const fn is_ascii_space(b: u8) -> bool {
    b == b' ' || b.wrapping_sub(b'\t') <= b'\r' - b'\t'
}

/// [`is_punct`] for ASCII.
const fn is_ascii_punct(b: u8) -> bool {
    matches!(b, b'.' | b',' | b';' | b':' | b'!' | b'?')
}

/// ASCII_CLASS: a character that is not whitespace; with PUNCT, sentence punctuation too.
const CHAR: u8 = 1;
const PUNCT: u8 = 2;
/// The first byte of a multi-byte `char` (continuation bytes are skipped with it).
const NOT_ASCII: u8 = 0x80;
const ASCII_CLASS: [u8; 256] = {
    let mut table = [NOT_ASCII; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = if is_ascii_space(b as u8) {
            0
        } else if is_ascii_punct(b as u8) {
            CHAR | PUNCT
        } else {
            CHAR
        };
        b += 1;
    }
    table
};

/// Counts every subtree (`Stats` without mass), and each block's own inline text (its mass
/// stays unused).
pub(super) fn measure(tree: &Tree) -> (Vec<Stats>, Vec<Stats>) {
    let n = tree.nodes.len();
    let mut stats = vec![Stats::default(); n];
    let mut inline = vec![Stats::default(); n];
    let mut has_block = vec![false; n];

    // Node ids are assigned in document order, so children always follow their parent:
    // one reverse sweep aggregates every subtree.
    for id in (0..n).rev() {
        let node = &tree.nodes[id];
        let mut own = Stats::default();
        for child in tree.children(id as NodeId) {
            if let Child::Text(s, e) = *child {
                let (chars, punct) = count_text(tree.text_of(s, e));
                own.chars += chars;
                own.punct += punct;
            }
        }
        stats[id].add_counts(&own);
        inline[id].add_counts(&own);
        // A link wrapping blocks is a card (a teaser's heading and summary), not a link
        // among text: its text counts as text. A `<br>` is no block here: older pages put
        // one between a link's image and its name (`<a><img><br>Name</a>`). Nor is a
        // heading's anchor to itself a link ("#defining_functions" around a section's title):
        // it leads nowhere else.
        if node.tag == Tag::A && !has_block[id] && !is_heading_anchor(tree, node) {
            stats[id].link_chars = stats[id].chars;
            stats[id].links = 1;
            inline[id].link_chars = inline[id].chars;
            inline[id].links = 1;
        }
        if node.tag == Tag::Code {
            stats[id].code_chars = stats[id].chars;
            inline[id].code_chars = inline[id].chars;
        }
        if id == 0 {
            break;
        }
        let parent = node.parent as usize;
        has_block[parent] |= has_block[id] || node.tag.is_block() && node.tag != Tag::Br;
        let s = stats[id];
        stats[parent].add_counts(&s);
        if !node.tag.is_block() {
            // Inline content counts toward the enclosing block's own text.
            let i = inline[id];
            inline[parent].add_counts(&i);
        }
    }
    (stats, inline)
}

/// A link from a heading to a fragment of the page: the heading's permalink.
fn is_heading_anchor(tree: &Tree, link: &Node) -> bool {
    link.attr.as_deref().is_some_and(|href| href.starts_with('#')) && tree.node(link.parent).tag.is_heading()
}

/// Sums the prose weight of every text block into its ancestors, skipping removed boxes.
pub(super) fn sum_mass(tree: &Tree, inline: &[Stats], removed: &[bool], headline_weight: f32) -> Vec<f32> {
    let mut mass = vec![0f32; tree.nodes.len()];
    for id in (1..tree.nodes.len()).rev() {
        if removed[id] {
            continue;
        }
        let node = &tree.nodes[id];
        let own = &inline[id];
        if node.tag.is_block() && own.chars > 0 {
            // (A hidden `<pre>` is not read, whatever it holds: a raw copy of the page, as
            // Markdown for crawlers, is no prose that a click reveals.)
            let code = node.tag == Tag::Pre && (node.hints & hints::HIDDEN != 0 || node.hints & hints::LAID_OUT_PROSE == 0);
            mass[id] += block_weight(node.tag, code, own, headline_weight) * own.chars as f32;
        }
        let m = mass[id];
        mass[node.parent as usize] += m;
    }
    mass
}

/// Inline code this long, most of a block's text, is a log or a listing pasted into a paragraph.
const LONG_CODE_CHARS: u32 = 200;

/// How much a block with `own` inline text reads like prose, from 0 to 1.5. `code`: a `<pre>`
/// of code.
fn block_weight(tag: Tag, code: bool, own: &Stats, headline_weight: f32) -> f32 {
    let (chars, punct) = (own.chars, own.punct);
    let density = own.link_density();
    if density > 0.6 {
        // An item title in a list of items is some content; a menu entry is none.
        return if own.headline_links() { headline_weight } else { 0.0 };
    }
    let mut w = 1.0 - density;
    // Headings and code are content, but long logs or listings should not decide where
    // the prose is.
    if tag.is_heading() || code || own.code_chars >= LONG_CODE_CHARS && 2 * own.code_chars > chars {
        return w * 0.5;
    }
    // Long text without sentence punctuation is a run of names or numbers (a footer's
    // list of cities and zip codes), not prose.
    if punct == 0 && !(30..UNPUNCTUATED_RUN).contains(&chars) {
        w *= 0.3;
    } else if chars >= 80 && punct > 0 {
        w *= 1.5;
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_text_as_chars_do() {
        let text = "Hi, there.\u{b}\u{a0}日本。 \u{2028}x?é\u{85}";
        let by_char = text.chars().filter(|c| !c.is_whitespace()).fold((0, 0), |(n, p), c| {
            (n + if is_cjk(c) { 3 } else { 1 }, p + is_punct(c) as u32)
        });
        assert_eq!(count_text(text), by_char);
        // Whole ASCII chunks, chunks broken by a non-ASCII character at every offset, and tails.
        let ascii = "Some words, then more: all ASCII! Tabs\tand\r\nbreaks?\u{b}\u{c} end.";
        for cut in 0..ascii.len() {
            let text = format!("{}{}é日本。{}", ascii.repeat(3), &ascii[..cut], &ascii[cut..]);
            let by_char = text.chars().filter(|c| !c.is_whitespace()).fold((0, 0), |(n, p), c| {
                (n + if is_cjk(c) { 3 } else { 1 }, p + is_punct(c) as u32)
            });
            assert_eq!(count_text(&text), by_char, "cut at {cut}");
        }
    }

    #[test]
    fn a_space_in_thai_counts_as_punctuation() {
        // Thai, Lao, Myanmar and Khmer part phrases with spaces, not marks.
        assert_eq!(count_text("ฝนตกหนัก ประชาชนควรเตรียม รับมือ"), (30, 2));
        assert_eq!(count_text("ฝนตกหนัก"), (8, 0));
        // A mark before the space counts once.
        assert_eq!(count_text("ខ្មែរ។ ភាសា"), (10, 1));
        // Not after other scripts' letters.
        assert_eq!(count_text("हिन्दी भाषा"), (10, 0));
    }
}

