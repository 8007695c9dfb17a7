//! Walks the selected subtree into a flat list of blocks (headings, paragraphs, list items,
//! code, table rows), the one form both text and Markdown are rendered from.

use crate::api::Link;
use crate::tags::Tag;
use crate::tree::{Child, NodeId, Tree};
use std::collections::HashSet;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Kind {
    Heading(u8),
    Paragraph,
    /// `depth` counts enclosing lists from 1; `ordinal` is set in ordered lists.
    ListItem { depth: u8, ordinal: Option<u32> },
    Code { language: Option<Box<str>> },
    /// A row of a data table; `first` marks the table's first row.
    TableRow { cells: Vec<Cell>, first: bool },
}

/// A table cell's inline text, and its Markdown when that differs (inline code, an image).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Cell {
    pub text: String,
    pub markdown: Option<String>,
}

impl Cell {
    pub fn is_empty(&self) -> bool {
        self.text.is_empty() && self.markdown.is_none()
    }
}

/// A field's label ("Weight", "Heel to toe drop") has at most this many words and characters,
/// and its value at most this many characters.
const LABEL_WORDS: usize = 4;
const LABEL_CHARS: usize = 32;
const VALUE_CHARS: usize = 48;

/// A line that gives one field of a product's or a listing's card: "Weight: 3.6 lbs".
pub fn is_field(text: &str) -> bool {
    // (Every long paragraph is asked: a colon is looked for with `memchr`, and only in a text
    // short enough to be a field.)
    let bytes = text.as_bytes();
    bytes.len() <= 4 * (LABEL_CHARS + VALUE_CHARS) + 2
        && memchr::memchr_iter(b':', bytes)
            .find(|&at| bytes.get(at + 1) == Some(&b' '))
            .is_some_and(|at| is_field_label(&text[..at]) && is_field_value(&text[at + 2..]))
}

fn is_field_label(label: &str) -> bool {
    !label.is_empty() && label.chars().count() <= LABEL_CHARS && label.split_whitespace().count() <= LABEL_WORDS
}

/// (Not a label itself: "Features:" over its list.)
fn is_field_value(value: &str) -> bool {
    !value.is_empty() && value.chars().count() <= VALUE_CHARS && !value.ends_with(':')
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Block {
    pub kind: Kind,
    /// Whitespace-collapsed text (raw for code); empty for table rows.
    pub text: String,
    /// The same inline content as Markdown (inline code in backticks, described images), when
    /// Markdown is wanted and it differs from `text`. A block of images only has no `text`.
    pub markdown: Option<String>,
    pub quote_depth: u32,
    /// A paragraph that goes on a list item of this depth, after its bulleted line (0: none).
    pub item_depth: u8,
}

impl Block {
    /// A block with nothing for the plain text (a paragraph of images, a table row of logos).
    pub fn markdown_only(&self) -> bool {
        match &self.kind {
            Kind::TableRow { cells, .. } => cells.iter().all(|c| c.text.is_empty()),
            _ => self.text.is_empty() && self.markdown.is_some(),
        }
    }
}

#[derive(Default)]
struct Context {
    /// Enclosing lists: (ordered, next ordinal).
    lists: Vec<(bool, u32)>,
    quote_depth: u32,
    /// The kind the next flushed inline text takes.
    kind: Option<Kind>,
    /// Whether the list item being walked has its bulleted line: its later text goes on under it.
    item_began: bool,
}

pub struct Walker<'a> {
    tree: &'a Tree,
    removed: &'a [bool],
    skip: &'a dyn Fn(NodeId) -> bool,
    pub blocks: Vec<Block>,
    /// The content's links (with [`Walker::with_links`]).
    pub links: Vec<Link>,
    collect_links: bool,
    inline: String,
    /// Whether blocks get their Markdown; image sources resolve against `base`.
    markdown: bool,
    base: Option<&'a str>,
    /// The inline text as Markdown, from the first place it differs from `inline` (inline
    /// code, an image) to the end of the block; until then it is `inline` itself.
    inline_markdown: Option<String>,
    /// The alt texts of the images written so far, lower-cased: a gallery repeats its product's
    /// name under every photo.
    images_written: HashSet<String>,
    /// A `<dt>`'s text is the inline text, waiting for its `<dd>`.
    term_waits: bool,
    ctx: Context,
}

impl<'a> Walker<'a> {
    pub fn new(tree: &'a Tree, removed: &'a [bool], skip: &'a dyn Fn(NodeId) -> bool) -> Self {
        Walker {
            tree,
            removed,
            skip,
            blocks: Vec::new(),
            links: Vec::new(),
            collect_links: false,
            inline: String::new(),
            markdown: false,
            base: None,
            inline_markdown: None,
            images_written: HashSet::new(),
            term_waits: false,
            ctx: Context::default(),
        }
    }

    /// Also collects the links.
    pub fn with_links(mut self) -> Self {
        self.collect_links = true;
        self
    }

    /// Also builds each block's Markdown; image sources resolve against `base`.
    pub fn with_markdown(mut self, base: Option<&'a str>) -> Self {
        self.markdown = true;
        self.base = base;
        self
    }

    pub fn walk(&mut self, id: NodeId) {
        let node = self.tree.node(id);
        if id != Tree::ROOT && node.tag == Tag::Root {
            return;
        }
        match node.tag {
            Tag::H(level) => {
                let in_item = matches!(self.ctx.kind, Some(Kind::ListItem { .. }));
                let before = self.blocks.len();
                self.block(id, Kind::Heading(level));
                // An item headed by a heading (a card's title) has its line: what follows in the
                // item goes on under the heading, not as a bulleted line of its own.
                if in_item && self.blocks[before..].iter().any(|b| !b.text.is_empty()) {
                    self.ctx.item_began = true;
                }
            }
            Tag::Li => {
                let depth = self.ctx.lists.len().max(1) as u8;
                let ordinal = self.ctx.lists.last_mut().and_then(|(ordered, next)| {
                    *next += 1;
                    ordered.then_some(*next)
                });
                let outer = std::mem::replace(&mut self.ctx.item_began, false);
                self.block(id, Kind::ListItem { depth, ordinal });
                self.ctx.item_began = outer;
            }
            Tag::Ul | Tag::Ol => {
                self.flush();
                self.ctx.lists.push((node.tag == Tag::Ol, 0));
                self.children(id);
                self.flush();
                self.ctx.lists.pop();
            }
            Tag::Pre => {
                self.flush();
                let language = node.attr.clone().or_else(|| self.first_code_language(id));
                let mut raw = String::new();
                self.tree.preformatted_text(id, self.removed, &mut raw);
                // Tabs and line ends are code's; other control characters (a stray `&#11;`) are not text.
                let stray_control = |c: char| c.is_ascii_control() && !matches!(c, '\t' | '\n' | '\r');
                if raw.contains(stray_control) {
                    raw.retain(|c| !stray_control(c));
                }
                // A CR, alone or before LF, ends a line as in a browser (the HTML parser's newline
                // normalization, which lol-html leaves to its user).
                if raw.contains('\r') {
                    raw = raw.replace("\r\n", "\n").replace('\r', "\n");
                }
                let raw = raw.trim_matches('\n').trim_end();
                let code = without_line_numbers(raw).unwrap_or_else(|| raw.to_string());
                if !code.trim().is_empty() {
                    self.push(Kind::Code { language }, code);
                }
            }
            Tag::Blockquote => {
                self.flush();
                self.ctx.quote_depth += 1;
                self.children(id);
                self.flush();
                self.ctx.quote_depth -= 1;
            }
            Tag::Table if self.is_data_table(id) => {
                self.flush();
                self.table(id);
            }
            // A second line break in a row ends a paragraph: pages without `<p>`s (old table
            // layouts, forum posts, plain CMS fields) part theirs with `<br><br>`. In a list item
            // or heading it stays a line break, which is no new item or heading.
            Tag::Br if self.ends_with_line_break() && matches!(self.ctx.kind, None | Some(Kind::Paragraph)) => self.flush(),
            Tag::Br => self.push_inline(LINE_BREAK.encode_utf8(&mut [0; 4])),
            Tag::Img => {
                let described = node.image().filter(|(alt, _)| self.markdown && !describes_nothing(alt));
                if let Some((alt, src)) = described.filter(|(alt, _)| self.images_written.insert(alt.to_lowercase())) {
                    let src = self.base.map_or_else(|| src.to_string(), |base| crate::url::resolve(base, src));
                    self.diverge().push_str(&format!(" ![{}]({}) ", alt.replace('[', "\\[").replace(']', "\\]"), markdown_destination(&src)));
                }
            }
            Tag::A => {
                let start = self.inline.len();
                let markdown_start = self.markdown_len(start);
                self.children(id);
                // A block inside the link may have flushed the buffer: then no link text.
                let Some((href, inner)) = node.attr.as_deref().zip(self.inline.get(start..)) else { return };
                if href.starts_with('#') {
                    if self.is_permalink(&collapse(inner), start) {
                        self.inline.truncate(start);
                        if let Some(markdown) = &mut self.inline_markdown {
                            markdown.truncate(markdown_start.min(markdown.len()));
                        }
                    }
                } else if self.collect_links && !href.starts_with("javascript:") {
                    let text = one_line([collapse(inner).as_str()]);
                    if !text.is_empty() {
                        self.links.push(Link { text, href: href.to_string() });
                    }
                }
            }
            Tag::Code if self.markdown => self.children_marked_up(id, |code| {
                let fence = if code.contains('`') { "``" } else { "`" };
                let pad = if code.starts_with('`') || code.ends_with('`') { " " } else { "" };
                format!("{fence}{pad}{code}{pad}{fence}")
            }),
            // A formula between `$`s (`$$`s for one set on its own line), as Markdown renderers
            // with math (GitHub's, pandoc's) read it.
            Tag::Math if self.markdown => {
                let delimiter = if node.attr.is_some() { "$$" } else { "$" };
                self.children_marked_up(id, |tex| format!("{delimiter}{tex}{delimiter}"));
            }
            // A term and its description are one paragraph, a line each ("Fit" over "Regular"),
            // so that a chunk does not part them. The term waits in the inline text for its
            // description; one that holds blocks starts a paragraph of its own.
            Tag::Dt => {
                self.flush();
                let outer = self.ctx.kind.replace(Kind::Paragraph);
                self.children(id);
                self.ctx.kind = outer;
                self.push_inline(LINE_BREAK.encode_utf8(&mut [0; 4]));
                self.term_waits = true;
            }
            Tag::Dd if self.term_waits && !self.tree.holds_blocks(id) => {
                self.term_waits = false;
                self.block_continued(id, Kind::Paragraph);
            }
            // A label's value in a box of its own ("Weight: <div>3.6 lbs</div>", which the
            // page's style sets on the label's line) ends that line.
            Tag::Div | Tag::P | Tag::OtherBlock if self.is_labelled_value(id) => {
                self.push_inline(" ");
                self.children(id);
                self.flush();
            }
            // A box inside a heading is part of its line (`<h2><div>Jungo</div></h2>`).
            tag if tag.is_block() && matches!(self.ctx.kind, Some(Kind::Heading(_))) => {
                self.push_inline(" ");
                self.children(id);
                self.push_inline(" ");
            }
            // A box inside a list item is a paragraph of that item (`<li><p>One</p><p>Two</p></li>`):
            // the first is the item's bulleted line, the others go on under it (see `flush`).
            tag if tag.is_block() && matches!(self.ctx.kind, Some(Kind::ListItem { .. })) => {
                let item = self.ctx.kind.clone().expect("matched above");
                // A numbered item's number typed in a box of its own (`<div class="stepnum">1</div>`)
                // is the list's number again.
                let numbered = matches!(item, Kind::ListItem { ordinal: Some(_), .. });
                if numbered && !self.ctx.item_began && !self.inline.chars().any(char::is_alphanumeric) && is_typed_number(&self.tree.plain_text(id)) {
                    return;
                }
                self.block(id, item);
            }
            tag if tag.is_block() => self.block(id, Kind::Paragraph),
            _ => self.children(id),
        }
    }

    /// Whether a link to a fragment of the page, reading `text` and starting at `start` in the
    /// inline text, is a permalink or a way back up rather than text: a symbol ("¶", "#"), or
    /// in a heading after its title a word or three ("#section2", "top", "Back to top").
    fn is_permalink(&self, text: &str, start: usize) -> bool {
        is_anchor_glyph(text)
            || matches!(self.ctx.kind, Some(Kind::Heading(_)))
                && text.split_whitespace().count() <= 3
                && self.inline[..start].chars().any(char::is_alphanumeric)
    }

    /// Whether block `id`, text alone, is the value of a field whose label is all the line
    /// holds so far.
    fn is_labelled_value(&self, id: NodeId) -> bool {
        // (Asked at every `<div>`: the line's last byte is looked at first.)
        let ends_in_colon = self.inline.bytes().rev().find(|b| !b.is_ascii_whitespace()) == Some(b':');
        ends_in_colon
            && self.inline.trim().strip_suffix(':').is_some_and(is_field_label)
            && !self.tree.holds_blocks(id)
            && is_field_value(&self.tree.plain_text(id))
    }

    fn children(&mut self, id: NodeId) {
        // The child before, when it is a removed inline element: if it held text, on screen it
        // stood between the texts beside it (a decorative "·" hidden from screen readers between
        // a date and a reading time), so they take a space where both are words.
        let mut removed_between = None;
        for child in self.tree.children(id) {
            match *child {
                Child::Text(s, e) => {
                    let text = self.tree.text_of(s, e);
                    if removed_between.take().is_some_and(|c| self.separates(c, text)) {
                        self.push_inline(" ");
                    }
                    self.push_inline(text);
                }
                Child::Node(c) if self.removed[c as usize] => {
                    removed_between = Some(c).filter(|&c| !self.tree.node(c).tag.is_block());
                }
                Child::Node(c) => {
                    removed_between = None;
                    if !(self.skip)(c) {
                        self.walk(c);
                    }
                }
            }
        }
    }

    /// Whether removed inline element `removed`, between the inline text so far and `next`,
    /// separates two words.
    fn separates(&self, removed: NodeId, next: &str) -> bool {
        self.inline.ends_with(char::is_alphanumeric)
            && next.starts_with(char::is_alphanumeric)
            && self.tree.plain_text(removed).chars().any(|c| !c.is_whitespace())
    }

    /// A block element: what it holds directly becomes one block of `kind`.
    fn block(&mut self, id: NodeId, kind: Kind) {
        self.flush();
        self.block_continued(id, kind);
    }

    /// [`Walker::block`] that also takes the inline text before it: a term's, for its description.
    fn block_continued(&mut self, id: NodeId, kind: Kind) {
        let outer = self.ctx.kind.replace(kind);
        self.children(id);
        self.flush();
        self.ctx.kind = outer;
    }

    /// Whether the inline text so far ends with a line break, spaces and zero-width characters
    /// after it left aside.
    fn ends_with_line_break(&self) -> bool {
        self.inline.trim_end_matches(|c: char| c != LINE_BREAK && (c.is_whitespace() || is_zero_width(c))).ends_with(LINE_BREAK)
    }

    fn push_inline(&mut self, text: &str) {
        self.inline.push_str(text);
        if let Some(markdown) = &mut self.inline_markdown {
            markdown.push_str(text);
        }
    }

    /// Walks `id`'s children, then sets their Markdown (collapsed, when not empty) in the
    /// markup `mark` writes around it: inline code's backticks, a formula's `$`s.
    fn children_marked_up(&mut self, id: NodeId, mark: impl FnOnce(&str) -> String) {
        let start = self.markdown_len(self.inline.len());
        self.children(id);
        let markdown = self.diverge();
        if let Some(inner) = markdown.get(start..).map(collapse).filter(|c| !c.is_empty()) {
            markdown.truncate(start);
            markdown.push_str(&mark(&inner));
        }
    }

    /// The inline Markdown, split off from the inline text where it starts to differ.
    fn diverge(&mut self) -> &mut String {
        self.inline_markdown.get_or_insert_with(|| self.inline.clone())
    }

    /// Where the inline Markdown ends, `inline_len` being where the inline text does (they
    /// are the same until they diverge).
    fn markdown_len(&self, inline_len: usize) -> usize {
        self.inline_markdown.as_ref().map_or(inline_len, String::len)
    }

    fn flush(&mut self) {
        self.term_waits = false;
        if self.inline.is_empty() && self.inline_markdown.is_none() {
            return;
        }
        let mut text = collapse(&self.inline);
        self.inline.clear();
        if is_invisible(&text) {
            text.clear();
        }
        let markdown = self.inline_markdown.take().map(|m| collapse(&m)).filter(|m| !is_invisible(m) && *m != text);
        if text.is_empty() && markdown.is_none() {
            return;
        }
        let (kind, text, markdown) = match &self.ctx.kind {
            // Several sentences set in a heading's type (a lede, a promo) are a paragraph, not
            // the title of what follows.
            Some(Kind::Heading(_)) if is_paragraph_sized(&text) => (Kind::Paragraph, text, markdown),
            // A heading is one line: its line breaks (`<br>`) are layout.
            Some(Kind::Heading(level)) => (Kind::Heading(*level), one_line([text.as_str()]), markdown.map(|m| one_line([m.as_str()]))),
            // The item's text after its first block (a second `<p>`, text after a nested list)
            // is a paragraph of the item.
            Some(Kind::ListItem { depth, .. }) if self.ctx.item_began => {
                let item_depth = *depth;
                self.blocks.push(Block { kind: Kind::Paragraph, text, markdown, quote_depth: self.ctx.quote_depth, item_depth });
                return;
            }
            // The list marker says it: a bullet typed into the item's text is not text.
            Some(k @ Kind::ListItem { .. }) => {
                // (Images alone do not begin it: the text must come out the same without Markdown.)
                self.ctx.item_began = !text.is_empty();
                (k.clone(), without_typed_bullet(text), markdown.map(without_typed_bullet))
            }
            Some(k) => (k.clone(), text, markdown),
            None => (Kind::Paragraph, text, markdown),
        };
        self.blocks.push(Block { kind, text, markdown, quote_depth: self.ctx.quote_depth, item_depth: 0 });
    }

    fn push(&mut self, kind: Kind, text: String) {
        self.blocks.push(Block { kind, text, markdown: None, quote_depth: self.ctx.quote_depth, item_depth: 0 });
    }

    fn first_code_language(&self, id: NodeId) -> Option<Box<str>> {
        self.tree.children(id).iter().find_map(|c| match *c {
            Child::Node(c) if self.tree.node(c).tag == Tag::Code => self.tree.node(c).attr.clone(),
            _ => None,
        })
    }

    /// Rows of `table` in document order (`<thead>` first where the page puts it first),
    /// skipping nested tables' own rows.
    fn rows(&self, table: NodeId) -> Vec<NodeId> {
        fn collect(walker: &Walker, id: NodeId, rows: &mut Vec<NodeId>) {
            for child in walker.tree.children(id) {
                if let Child::Node(c) = *child {
                    match walker.tree.node(c).tag {
                        Tag::Tr => rows.push(c),
                        Tag::TBody => collect(walker, c, rows),
                        _ => {}
                    }
                }
            }
        }
        let mut rows = Vec::new();
        collect(self, table, &mut rows);
        rows
    }

    fn cells(&self, row: NodeId) -> Vec<NodeId> {
        self.tree
            .children(row)
            .iter()
            .filter_map(|c| match *c {
                Child::Node(c) if matches!(self.tree.node(c).tag, Tag::Td | Tag::Th) && !self.removed[c as usize] => Some(c),
                _ => None,
            })
            .collect()
    }

    /// A table of data, as opposed to a layout table: two columns or more, cells that hold short
    /// inline text, no nested tables or block structure. (A single column is a stack of boxes.)
    fn is_data_table(&self, table: NodeId) -> bool {
        let rows = self.rows(table);
        if !rows.iter().any(|&r| self.cells(r).len() >= 2) {
            return false;
        }
        rows.iter().flat_map(|&r| self.cells(r)).all(|cell| !self.has_structure(cell) || self.is_heading_cell(cell))
    }

    /// A cell that holds one heading and nothing else: a column's or a group's title set in a
    /// heading's type ("<td><h4>Ingredients</h4></td>"), not a layout cell of sections.
    fn is_heading_cell(&self, cell: NodeId) -> bool {
        self.tree.sole_child(cell).is_some_and(|h| self.tree.node(h).tag.is_heading() && !self.has_structure(h))
    }

    fn has_structure(&self, id: NodeId) -> bool {
        self.tree.holds(id, &|c| {
            matches!(self.tree.node(c).tag, Tag::Table | Tag::Ul | Tag::Ol | Tag::H(_) | Tag::Pre | Tag::Blockquote | Tag::Div | Tag::Section)
                && !self.removed[c as usize]
        })
    }

    fn table(&mut self, table: NodeId) {
        let mut rows: Vec<Vec<Cell>> = Vec::new();
        // Rows still to come that each column is taken in by a cell above (`rowspan`).
        let mut spanned_below: Vec<u32> = Vec::new();
        for row in self.rows(table) {
            if self.removed[row as usize] {
                continue;
            }
            // Cells land in their columns as a browser lays them out: a cell spanning columns
            // is followed by empty ones, and a column a cell above spans is skipped.
            let taken: Vec<bool> = spanned_below.iter().map(|&n| n > 0).collect();
            spanned_below.iter_mut().for_each(|n| *n = n.saturating_sub(1));
            let mut cells: Vec<Cell> = Vec::new();
            for cell in self.cells(row) {
                while taken.get(cells.len()).copied().unwrap_or(false) {
                    cells.push(Cell::default());
                }
                let (columns, rows_down) = self.tree.node(cell).spans();
                let column = cells.len();
                cells.push(self.cell(cell));
                let columns = (columns as usize).min(MAX_COLUMNS.saturating_sub(column)).max(1);
                cells.resize_with(column + columns, Cell::default);
                if spanned_below.len() < column + columns {
                    spanned_below.resize(column + columns, 0);
                }
                spanned_below[column..column + columns].iter_mut().for_each(|n| *n = rows_down - 1);
            }
            if !cells.iter().all(Cell::is_empty) {
                rows.push(cells);
            }
        }
        // Columns empty in every row at either edge are spacers (an icon cell beside a notice, a
        // margin column). The first row gets as many cells as the widest: in Markdown it sets how
        // many columns the table has. (Rows with no text at all are gone, so every row has a
        // first and a last filled cell.)
        let lead = rows.iter().filter_map(|r| r.iter().position(|c| !c.is_empty())).min().unwrap_or(0);
        let width = rows.iter().filter_map(|r| r.iter().rposition(|c| !c.is_empty())).map(|last| last + 1 - lead).max().unwrap_or(0);
        for (i, mut cells) in rows.into_iter().enumerate() {
            cells.drain(..lead);
            cells.truncate(width);
            if i == 0 {
                cells.resize_with(width, Cell::default);
            }
            self.push(Kind::TableRow { cells, first: i == 0 }, String::new());
        }
    }

    fn cell(&mut self, cell: NodeId) -> Cell {
        let mut sub = Walker::new(self.tree, self.removed, self.skip);
        sub.collect_links = self.collect_links;
        sub.markdown = self.markdown;
        sub.base = self.base;
        sub.children(cell);
        sub.flush();
        self.links.append(&mut sub.links);
        // A row is one line: the cell's blocks and line breaks (`<br>`) become spaces.
        let text = one_line(sub.blocks.iter().map(|b| b.text.as_str()));
        let markdown = sub
            .blocks
            .iter()
            .any(|b| b.markdown.is_some())
            .then(|| one_line(sub.blocks.iter().map(|b| b.markdown.as_deref().unwrap_or(&b.text))));
        Cell { text, markdown }
    }
}

/// The lines of `parts` on one line, a space between each.
fn one_line<'s>(parts: impl IntoIterator<Item = &'s str>) -> String {
    let lines = parts.into_iter().flat_map(str::lines).map(str::trim).filter(|l| !l.is_empty());
    lines.collect::<Vec<_>>().join(" ")
}

/// Characters above which a heading that holds more than one sentence is a paragraph. Titles
/// run long as one sentence ("Wireless Earbuds, Bluetooth 5.4 Headphones with 50H Playback,
/// ..."), and a question in a FAQ runs to two shorter than this ("... newborns. Is this normal?").
const MAX_HEADING_CHARS: usize = 150;

fn is_paragraph_sized(text: &str) -> bool {
    text.len() > MAX_HEADING_CHARS && text.chars().count() > MAX_HEADING_CHARS && {
        // A sentence ends inside it: a mark followed by more text (after a space, but for CJK's).
        let mut ends = text.match_indices(crate::script::SENTENCE_ENDS);
        ends.any(|(at, mark)| {
            let rest = &text[at + mark.len()..];
            !rest.trim().is_empty() && (mark.len() > 1 || rest.starts_with(' '))
        })
    }
}

/// Code whose lines each start with their number, from 1 ("1export A=1", "2export B=2"), without
/// the numbers: a highlighter's line-number gutter printed as one element per line beside the
/// code (Chroma's inline numbers, CSS-in-JS code blocks), which no class names as a gutter (see
/// `hints::hiding`). One space that follows every number goes with it. None when the code is
/// not so numbered (a single line, which could be "1password", is not).
fn without_line_numbers(code: &str) -> Option<String> {
    if !code.starts_with(['1', ' ']) || !code.contains('\n') {
        return None;
    }
    let mut rest = Vec::new();
    for (line, n) in code.split('\n').zip(1u32..) {
        let after = line.trim_start_matches(' ').strip_prefix(n.to_string().as_str())?;
        if after.starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        rest.push(after);
    }
    let spaced = rest.iter().all(|l| l.is_empty() || l.starts_with(' '));
    let lines: Vec<&str> = rest.iter().map(|l| if spaced { l.strip_prefix(' ').unwrap_or(l) } else { l }).collect();
    Some(lines.join("\n").trim_matches('\n').trim_end().to_string())
}

/// Columns a row of a table is laid out to at most (spans of cells past it are cut).
const MAX_COLUMNS: usize = 64;

/// A permalink's text: a symbol or two, no letters or digits ("¶", "#", "§", "🔗").
fn is_anchor_glyph(text: &str) -> bool {
    !text.is_empty() && text.chars().count() <= 2 && !text.chars().any(char::is_alphanumeric)
}

/// A number alone, as a page types an item's number: "1", "02.", "3)".
fn is_typed_number(text: &str) -> bool {
    let digits = text.trim().trim_end_matches(['.', ')']);
    (1..=3).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A list item's text without a bullet the page typed before it ("• Pasadena" in an `<li>`).
fn without_typed_bullet(text: String) -> String {
    match text.strip_prefix(['•', '·', '▪', '●', '◦', '‣', '∙', '⁃']) {
        Some(rest) if rest.starts_with(' ') && !rest.trim_start().is_empty() => rest.trim_start().to_string(),
        _ => text,
    }
}

/// Alt text that describes nothing: a generic word ("image", "icon", a rating's "star"), a file
/// name ("IMG_2041.jpg"), no letter or digit at all, or Stack Overflow's unedited "Enter image
/// description here".
fn describes_nothing(alt: &str) -> bool {
    const GENERIC: &[&str] = &[
        "image", "img", "icon", "photo", "picture", "pic", "thumbnail", "thumb", "logo", "star", "checkmark", "placeholder",
        "spacer", "banner", "arrow", "alt", "untitled", "null", "undefined", "enter image description here",
    ];
    const IMAGE_FILES: &[&str] = &["jpg", "jpeg", "png", "gif", "webp", "avif", "svg", "bmp"];
    GENERIC.iter().any(|g| alt.eq_ignore_ascii_case(g))
        || alt.rsplit_once('.').is_some_and(|(name, ext)| !name.contains(' ') && IMAGE_FILES.iter().any(|e| ext.eq_ignore_ascii_case(e)))
        || !alt.chars().any(char::is_alphanumeric)
}

/// An image source as a Markdown link destination: spaces and parentheses escaped.
fn markdown_destination(src: &str) -> String {
    src.replace(' ', "%20").replace('(', "%28").replace(')', "%29")
}

/// Text without a visible character: empty, or only zero-width characters (page builders fill
/// "empty" paragraphs with a U+200D).
fn is_invisible(text: &str) -> bool {
    text.chars().all(is_zero_width)
}

/// Zero-width spaces and (non-)joiners, direction marks, word joiners, byte order marks and
/// soft hyphens.
fn is_zero_width(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{61c}' | '\u{2060}' | '\u{feff}' | '\u{ad}')
}

/// Stands for `<br>` in inline text until whitespace is collapsed.
const LINE_BREAK: char = '\u{2028}';

/// Collapses runs of whitespace to one space (keeping `<br>` line breaks), drops control
/// characters, and trims. A zero-width
/// character beside whitespace or at either end joins nothing and is dropped (a U+200D that a
/// page builder puts between two `<br>`s would otherwise be a line of its own); between two
/// visible characters (an emoji sequence, a Persian word) it stays.
pub fn collapse(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    // The separator owed before the next visible character.
    let mut pending: Option<char> = None;
    fn owe(out: &mut String, pending: &mut Option<char>) {
        if let Some(p) = pending.take() {
            if !out.is_empty() {
                out.push(p);
            }
        }
    }
    let bytes = s.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        // A run of visible ASCII words with single spaces between them (most text) is copied
        // whole rather than char by char.
        let mut end = at;
        while end < bytes.len() {
            if bytes[end].is_ascii_graphic() || end > at && bytes[end] == b' ' && bytes.get(end + 1).is_some_and(u8::is_ascii_graphic) {
                end += 1;
            } else {
                break;
            }
        }
        if end > at {
            owe(&mut out, &mut pending);
            out.push_str(&s[at..end]);
            at = end;
            continue;
        }
        let c = s[at..].chars().next().expect("`at` is on a char boundary");
        at += c.len_utf8();
        if c.is_whitespace() {
            // A hard break wins over spaces around it; non-breaking spaces are spaces.
            if c == LINE_BREAK {
                pending = Some('\n');
            } else if pending.is_none() {
                pending = Some(' ');
            }
        } else if is_zero_width(c) && (pending.is_some() || out.is_empty() || s[at..].chars().find(|&n| !is_zero_width(n)).is_none_or(char::is_whitespace)) {
            continue;
        } else if c.is_ascii_control() {
            // Not text (tab and line ends, whitespace, were taken above).
            continue;
        } else {
            owe(&mut out, &mut pending);
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collapses_whitespace() {
        assert_eq!(collapse("  a \t b\u{a0}\u{a0}c\u{2028} d\u{b}é  "), "a b c\nd é");
        assert_eq!(collapse("\u{2028}x"), "x");
    }

    #[test]
    fn strips_line_numbers_that_start_every_line() {
        assert_eq!(without_line_numbers("1export A=1\n2export B=2").as_deref(), Some("export A=1\nexport B=2"));
        // Padded to one width, a space after each number; an empty line holds its number only.
        let padded = (1..=10).map(|n| format!("{n:>2} x{n}")).collect::<Vec<_>>().join("\n");
        assert_eq!(without_line_numbers(&padded).unwrap().lines().next(), Some("x1"));
        assert_eq!(without_line_numbers("1\n2 if a:\n3     b").as_deref(), Some("if a:\n    b"));
        // Not numbered from 1 on every line (a snippet from line 9), or a number that goes on:
        // code as written.
        assert_eq!(without_line_numbers(" 9 fn a() {\n10     x\n11\n12 }"), None);
        assert_eq!(without_line_numbers("1password login\nop read"), None);
        assert_eq!(without_line_numbers("1password"), None);
        assert_eq!(without_line_numbers("10 PRINT A\n20 GOTO 10"), None);
        assert_eq!(without_line_numbers("1\n12"), None);
    }

    #[test]
    fn drops_control_characters() {
        assert_eq!(collapse("\u{1}\u{b}sudo docker\u{7f} compose\u{c}up"), "sudo docker compose up");
    }

    #[test]
    fn drops_zero_width_characters_that_join_nothing() {
        assert_eq!(collapse("much more.\u{2028}\u{200d}\u{2028}The data"), "much more.\nThe data");
        assert_eq!(collapse("\u{200d}Terms of Use\u{200b} page\u{feff}"), "Terms of Use page");
        // A paragraph of a direction mark alone (a figure's placeholder in JMIR articles).
        assert_eq!(collapse("\u{200e}"), "");
        // Between visible characters they are part of the text: a family emoji, a Persian word.
        assert_eq!(collapse("a 👨\u{200d}👩\u{200d}👧 b"), "a 👨\u{200d}👩\u{200d}👧 b");
        assert_eq!(collapse("می\u{200c}خواهم"), "می\u{200c}خواهم");
    }
}
