//! The block tree every later stage reads: elements as nodes in document order, each with its
//! children (text runs as ranges of the decoded source, and child nodes), class/id hints and the
//! few attributes output uses. Stage 2, `build`, makes it from one lol-html pass.

mod build;
mod lex;
mod formula;

pub use build::build;

use crate::hints;
use crate::tags::Tag;

pub type NodeId = u32;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Child {
    /// A byte range of [`Tree::text`] (entities decoded, whitespace as in the source).
    Text(u32, u32),
    Node(NodeId),
}

#[derive(Debug, Clone)]
pub struct Node {
    pub tag: Tag,
    pub parent: NodeId,
    /// Where this node's children are in [`Tree::child_lists`]: start and end.
    children: (u32, u32),
    /// Flags from [`hints`].
    pub hints: hints::Flags,
    /// `href` of links, the language of code blocks (`<pre>`: also the one its highlighter's
    /// wrapper names), an image's alt text and source (see [`Node::image`]).
    pub attr: Option<Box<str>>,
}

pub struct Tree {
    pub nodes: Vec<Node>,
    /// The children of every node, each node's in one run (see [`Tree::children`]): one
    /// allocation for the tree instead of one per node.
    child_lists: Vec<Child>,
    pub text: String,
    /// Every [`Child::Text`] range, in document order.
    pub runs: Vec<(u32, u32)>,
    /// The markup inside `<noscript>` elements (lol-html reads it as raw text, as a browser
    /// with scripting does). JavaScript apps put their crawler view there.
    pub noscript_html: String,
    /// Bytes of script, style and other payload text that was dropped.
    pub payload_bytes: usize,
    /// Scripts the page loads from elsewhere (`<script src>`, script preloads): its code
    /// bundles, which render an app's content in the browser.
    pub script_sources: usize,
}

impl Tree {
    pub const ROOT: NodeId = 0;

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    pub fn children(&self, id: NodeId) -> &[Child] {
        let (start, end) = self.node(id).children;
        &self.child_lists[start as usize..end as usize]
    }

    /// The parent of `id`, its parent, and so on up to the root.
    pub fn ancestors(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(Some(id), |&id| (id != Tree::ROOT).then(|| self.node(id).parent)).skip(1)
    }

    pub fn text_of(&self, start: u32, end: u32) -> &str {
        &self.text[start as usize..end as usize]
    }

    /// Whether `id` holds blocks other than line breaks: a container of blocks rather than a
    /// block of text (a `<div>` of text broken by `<br>`s is a paragraph).
    pub fn holds_blocks(&self, id: NodeId) -> bool {
        self.children(id).iter().any(|c| matches!(*c, Child::Node(n) if self.node(n).tag.is_block() && self.node(n).tag != Tag::Br))
    }

    /// Whether an element anywhere under `id` satisfies `pred`.
    pub fn holds(&self, id: NodeId, pred: &impl Fn(NodeId) -> bool) -> bool {
        self.children(id).iter().any(|c| matches!(*c, Child::Node(n) if pred(n) || self.holds(n, pred)))
    }

    /// The one element `id` holds, when it holds nothing else but whitespace.
    pub fn sole_child(&self, id: NodeId) -> Option<NodeId> {
        let mut held = self.children(id).iter().filter(|c| !self.is_blank(c));
        match (held.next(), held.next()) {
            (Some(&Child::Node(only)), None) => Some(only),
            _ => None,
        }
    }

    /// The text under `id` as it is laid out in a `<pre>`: whitespace kept, a line started at
    /// each `<br>`, and at a block after a block (lines of code as `<div>`s with no newline
    /// between them). Nodes marked in `removed` are left out.
    pub fn preformatted_text(&self, id: NodeId, removed: &[bool], out: &mut String) {
        let mut after_block = false;
        for child in self.children(id) {
            match *child {
                Child::Text(s, e) => out.push_str(self.text_of(s, e)),
                Child::Node(c) if !removed[c as usize] => {
                    let tag = self.node(c).tag;
                    if tag == Tag::Br || after_block && tag.is_block() && !out.ends_with('\n') {
                        out.push('\n');
                    }
                    after_block = tag.is_block();
                    self.preformatted_text(c, removed, out);
                }
                Child::Node(_) => {}
            }
        }
    }

    /// Shows each screen-reader-only element that says in words what an element beside it
    /// (whitespace between), hidden by `aria-hidden` alone, shows by its layout: WooCommerce's
    /// "Original price was: $26.95." beside the struck-through `<del aria-hidden>$26.95</del>`,
    /// "4.6 out of 5 stars" beside a row of stars, "not specified" beside "--". Text has no
    /// layout either, so the words are its version; with both twins left out, the price went.
    /// The visual twin stays hidden: one of the two is the text.
    fn show_screen_reader_twins(&mut self, twins: &Twins) {
        if twins.aria_hidden.is_empty() || twins.screen_reader.is_empty() {
            return;
        }
        // (Both lists are in document order, so sorted by id.)
        let visual = |id: NodeId| twins.aria_hidden.binary_search(&id).is_ok();
        let spoken = |id: NodeId| twins.screen_reader.binary_search(&id).is_ok();
        let mut parents: Vec<NodeId> = twins.screen_reader.iter().map(|&id| self.node(id).parent).collect();
        parents.sort_unstable();
        parents.dedup();
        let mut shown = Vec::new();
        for parent in parents {
            let mut previous: Option<NodeId> = None;
            for child in self.children(parent).iter().filter(|c| !self.is_blank(c)) {
                let current = match *child {
                    Child::Node(id) => Some(id),
                    Child::Text(..) => None,
                };
                if let (Some(a), Some(b)) = (previous, current) {
                    let twin = if visual(a) && spoken(b) {
                        Some(b)
                    } else if spoken(a) && visual(b) {
                        Some(a)
                    } else {
                        None
                    };
                    if let Some(twin) = twin.filter(|_| self.holds_text(a) && self.holds_text(b)) {
                        shown.push(twin);
                    }
                }
                previous = current;
            }
        }
        for id in shown {
            self.nodes[id as usize].hints &= !hints::HIDDEN;
        }
    }

    /// Whether any text under `id`, hidden or not, is more than whitespace.
    fn holds_text(&self, id: NodeId) -> bool {
        self.children(id).iter().any(|c| match *c {
            Child::Text(..) => !self.is_blank(c),
            Child::Node(n) => self.holds_text(n),
        })
    }

    /// Flags each `<pre>` that holds prose laid out by hand rather than code
    /// (`hints::LAID_OUT_PROSE`), read once here for the scorer and the verdict.
    fn mark_laid_out_prose(&mut self) {
        let mut nothing_removed = Vec::new();
        let mut text = String::new();
        for id in 1..self.nodes.len() {
            if self.nodes[id].tag != Tag::Pre {
                continue;
            }
            if nothing_removed.is_empty() {
                nothing_removed = vec![false; self.nodes.len()];
            }
            text.clear();
            self.preformatted_text(id as NodeId, &nothing_removed, &mut text);
            if reads_as_laid_out_prose(&text) {
                self.nodes[id].hints |= hints::LAID_OUT_PROSE;
            }
        }
    }

    /// Whether `child` is whitespace between elements (source indentation), which says nothing.
    pub fn is_blank(&self, child: &Child) -> bool {
        matches!(*child, Child::Text(s, e) if self.text_of(s, e).trim().is_empty())
    }

    /// Every node matching `pred` (outermost only), in document order.
    pub fn ids_where(&self, pred: impl Fn(&Node) -> bool) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut matched_ancestor = vec![false; self.nodes.len()];
        for (id, node) in self.nodes.iter().enumerate().skip(1) {
            let inside = matched_ancestor[node.parent as usize];
            matched_ancestor[id] = inside || pred(node);
            if !inside && matched_ancestor[id] {
                out.push(id as NodeId);
            }
        }
        out
    }

    /// The text of every node matching `pred` (outermost only), in document order.
    pub fn texts_where(&self, pred: impl Fn(&Node) -> bool) -> Vec<String> {
        self.texts_of(self.ids_where(pred))
    }

    /// The texts of `ids` that have any.
    pub fn texts_of(&self, ids: Vec<NodeId>) -> Vec<String> {
        ids.into_iter().map(|id| self.plain_text(id)).filter(|text| !text.is_empty()).collect()
    }

    /// The text under `id` as it is shown, whitespace collapsed: elements inside it that are
    /// not shown (a screen reader's label, "Author" before a WordPress byline's name) are left
    /// out.
    pub fn plain_text(&self, id: NodeId) -> String {
        self.short_text(id, usize::MAX).unwrap_or_default()
    }

    /// [`Tree::plain_text`] when the text under `id` holds at most `max_bytes` bytes, read no
    /// further than that.
    pub fn short_text(&self, id: NodeId, max_bytes: usize) -> Option<String> {
        fn collect(tree: &Tree, id: NodeId, out: &mut String, max_bytes: usize) -> Option<()> {
            for child in tree.children(id) {
                match *child {
                    // (Measured before it is copied: a long text is not copied to be refused.)
                    Child::Text(s, e) if out.len() + (e - s) as usize > max_bytes => return None,
                    Child::Text(s, e) => out.push_str(tree.text_of(s, e)),
                    Child::Node(c) if tree.node(c).hints & hints::HIDDEN != 0 => {}
                    Child::Node(c) => {
                        out.push(' ');
                        collect(tree, c, out, max_bytes)?;
                    }
                }
                if out.len() > max_bytes {
                    return None;
                }
            }
            Some(())
        }
        let mut raw = String::new();
        collect(self, id, &mut raw, max_bytes)?;
        Some(crate::metadata::clean(&raw))
    }

    /// The page's text with a space at every element boundary, so "May 3, 2024</div><div>Share"
    /// splits into words.
    pub fn spaced_text(&self) -> String {
        let mut out = String::with_capacity(self.text.len() + self.runs.len());
        for &(s, e) in &self.runs {
            out.push_str(self.text_of(s, e));
            out.push(' ');
        }
        out
    }
}

/// The nodes [`Tree::show_screen_reader_twins`] pairs, each list in document order.
#[derive(Default)]
pub(crate) struct Twins {
    /// Hidden by `aria-hidden` alone.
    pub aria_hidden: Vec<NodeId>,
    /// Hidden by a class word alone: screen-reader text (`sr-only`, `screen-reader-text`), or
    /// a code block's line-number gutter.
    pub screen_reader: Vec<NodeId>,
}

/// Some of a tree's nodes, asked about in constant time: the stages ask every node or child
/// whether it is one of a list of boxes, and a thread lists thousands of them.
pub struct NodeSet(Vec<bool>);

impl NodeSet {
    pub fn of(tree: &Tree, ids: &[NodeId]) -> NodeSet {
        let mut set = vec![false; if ids.is_empty() { 0 } else { tree.nodes.len() }];
        ids.iter().for_each(|&id| set[id as usize] = true);
        NodeSet(set)
    }

    pub fn contains(&self, id: NodeId) -> bool {
        self.0.get(id as usize) == Some(&true)
    }
}

/// Separates an image's alt text from its source in [`Node::attr`].
const IMAGE_SEPARATOR: char = '\u{1f}';

impl Node {
    /// An `<img>`'s alt text and source (as written; resolve it against the page's base).
    pub fn image(&self) -> Option<(&str, &str)> {
        self.attr.as_deref().filter(|_| self.tag == Tag::Img)?.split_once(IMAGE_SEPARATOR)
    }

    /// A table cell's columns and rows (`colspan`, `rowspan`; 1 and 1 when not given).
    pub fn spans(&self) -> (u32, u32) {
        let spans = self.attr.as_deref().filter(|_| matches!(self.tag, Tag::Td | Tag::Th)).and_then(|a| a.split_once(' '));
        spans.and_then(|(c, r)| Some((c.parse().ok()?, r.parse().ok()?))).unwrap_or((1, 1))
    }
}

/// Preformatted text with a sentence end (a period, `!` or `?` after a lower-case letter, then
/// a space or the line's end) every [`CHARS_PER_SENTENCE`] characters, two at least, and
/// few of the symbols code is written in ([`CODE_SYMBOLS`]). An e-mail's quote
/// marks (`>` opening a line) are not symbols; comment lines (`//`, `#`) count as code.
fn reads_as_laid_out_prose(text: &str) -> bool {
    let (mut chars, mut symbols, mut sentences) = (0usize, 0usize, 0usize);
    for line in text.lines() {
        let line = line.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
        if line.starts_with("//") || line.starts_with('#') {
            symbols += CODE_SYMBOLS_PER_COMMENT;
        }
        let mut before = ' ';
        let mut rest = line.chars().peekable();
        while let Some(c) = rest.next() {
            if !c.is_whitespace() {
                chars += 1;
            }
            if CODE_SYMBOLS.contains(c) {
                symbols += 1;
            }
            if matches!(c, '.' | '!' | '?') && before.is_lowercase() && rest.peek().is_none_or(|n| n.is_whitespace()) {
                sentences += 1;
            }
            before = c;
        }
    }
    sentences >= 2 && sentences * CHARS_PER_SENTENCE >= chars && symbols * CHARS_PER_CODE_SYMBOL <= chars
}

/// Symbols of code, at most one in fifty characters of laid-out prose (an e-mail's
/// "(home page: ...)" is one in seventy-five).
const CODE_SYMBOLS: &str = "{};=[]()\\|<>_$";
const CHARS_PER_CODE_SYMBOL: usize = 50;
const CODE_SYMBOLS_PER_COMMENT: usize = 5;
const CHARS_PER_SENTENCE: usize = 300;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn laid_out_prose_is_told_from_code() {
        let email = "> Is 79 too short?\n\nIt is not about screens. Short lines are easier to read.\n\
            Side by side diffs need two of them to fit in one window.\n\n--Guido (home page: http://www.python.org/~guido/)\n";
        let man_page = "       grep searches for patterns in each file.  In the synopsis's first\n       form, the first operand is a pattern.\n";
        assert!(reads_as_laid_out_prose(email), "{email:?}");
        assert!(reads_as_laid_out_prose(man_page), "{man_page:?}");
        let code = "def area(r):\n    \"Area of a circle.\"\n    return pi * r ** 2  # a float.\n\nprint(area(2)) # prints it.\n";
        let commented = "// Greets the user.\n// Then says goodbye.\nconsole.log('hi')\n";
        let c = "int main() {\n  printf(\"hello. world.\");\n  return 0; /* done. ok. */\n}\n";
        let one_sentence = "Usage: tool FILE\n  Prints the file.\n";
        for text in [code, commented, c, one_sentence] {
            assert!(!reads_as_laid_out_prose(text), "{text:?}");
        }
    }
}
