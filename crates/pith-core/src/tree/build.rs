//! Stage 2: one lol-html pass over the decoded document. lol-html builds no tree, so this
//! stage builds the small one scoring needs from its events: block and inline nodes with
//! their text, class/id hints and the few attributes output uses. lol-html reports the start
//! tags (`lex`); the text and end tags between them are read from the source (`markup`), and
//! end tags close elements by name, as lol-html's stack of open elements would match them. Payload
//! (scripts, styles, media, form controls, comments) is stripped here: it never enters the
//! tree. Hidden elements are flagged for the scorer. What `metadata` needs from the head and
//! from JSON-LD is collected on the way.

use super::lex::{self, StartTag};
use super::{formula, Child, Node, NodeId, Tree, Twins, IMAGE_SEPARATOR};
use crate::api::ExtractError;
use crate::attrs::{self, Attrs};
use crate::deadline::Deadline;
use crate::hints;
use crate::markup::{Between, Piece};
use crate::metadata::MetaCollector;
use crate::tags::{belongs_in_head, implied_close, Tag};
use foldhash::fast::FixedState;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// Parses `html` (already UTF-8) into a [`Tree`], collecting metadata into `meta`.
pub fn build(html: &str, drop_selectors: &[String], max_memory: usize, deadline: &Deadline) -> Result<(Tree, MetaCollector), ExtractError> {
    let Reading { mut builder, .. } = lex::run(html, drop_selectors, max_memory, deadline, Reading { html, builder: Builder::new(html.len()) })?;
    builder.catch_up(html, html.len());
    Ok(builder.finish())
}

/// The builder, with the document it reads lol-html's events against.
struct Reading<'h> {
    html: &'h str,
    builder: Builder,
}

impl lex::Events for Reading<'_> {
    fn start_tag(&mut self, tag: &StartTag) -> bool {
        let (b, html) = (&mut self.builder, self.html);
        let name = attrs::lower(&html[tag.name.clone()]);
        b.catch_up(html, tag.location.start);
        let opened = b.open(tag, &name, html);
        b.at = tag.location.end;
        if !tag.can_have_content {
            return false;
        }
        // lol-html's stack of open elements, which its end tags close by name.
        let raw_text = is_raw_text(&name) && tag.html_namespace;
        b.names.push(html, tag.name.clone(), opened, raw_text);
        raw_text
    }

    fn raw_text_end(&mut self, location: Range<usize>) {
        self.builder.raw_text_end = Some(location);
    }

    fn drop_next(&mut self) {
        self.builder.drop_next = true;
    }
}

/// How deep elements nest in the tree (see [`Builder::open`]).
const MAX_DEPTH: usize = 512;

/// What opened since the last text (see [`Builder::text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opened {
    Nothing,
    /// A plain inline element: the text may need a space.
    Inline,
    /// A link ended: as `Inline`, and a link opening next is another item beside it.
    LinkEnded,
    /// A link opened right after a link: a separate item, unless its text continues a word.
    NextLink,
    /// A form control or an embedded graphic, dropped: on screen it stands between the texts
    /// beside it, so they take a space (filter labels each after a checkbox:
    /// `<input><label>arrival</label><input><label>running</label>`).
    Control,
    /// This many code lines inside `<pre>` (more than one: the lines between were blank).
    CodeLines(u8),
}

/// Whether a dropped graphic or form control between the text `before` it and the text `after`
/// it stands for a space: not where either side has one already, nor before closing punctuation
/// (a link's external-link icon before the sentence's period: "Development Kit<svg/>.") or after
/// opening punctuation ("(<img>see").
fn graphic_separates(before: &str, after: &str) -> bool {
    let Some(next) = after.chars().next() else { return false };
    let closes = matches!(next, '.' | ',' | ';' | ':' | '!' | '?' | ')' | ']' | '}' | '…' | '»' | '”' | '’' | '。' | '，' | '、' | '）' | '！' | '？' | '：' | '；');
    let opens = before.chars().next_back().is_some_and(|p| p.is_whitespace() || matches!(p, '(' | '[' | '{' | '«' | '“' | '‘' | '（'));
    !next.is_whitespace() && !closes && !opens
}

/// Whether `after` continues the word `before` ends with: a lower-case letter after a letter
/// (a drop cap's "P" and "acking", a word its links split).
fn continues_word(before: &str, after: &str) -> bool {
    before.chars().next_back().is_some_and(char::is_alphabetic) && after.chars().next().is_some_and(char::is_lowercase)
}

/// Whether a start tag's source has an `itemprop` attribute (or the word anywhere in it: this
/// only decides whether to read its attributes).
fn names_itemprop(start_tag: &[u8]) -> bool {
    memchr::memchr2_iter(b'i', b'I', start_tag).any(|at| start_tag[at..].get(..8).is_some_and(|w| w.eq_ignore_ascii_case(b"itemprop")))
}

/// `<sub>` and `<sup>`, whose text continues the word before it ("CO<sub>2</sub>") or
/// after it.
fn is_script_position(name: &str) -> bool {
    name.eq_ignore_ascii_case("sub") || name.eq_ignore_ascii_case("sup")
}

/// A dropped element that takes room on screen between the texts around it.
fn stands_between_texts(name: &str, attrs: &Attrs) -> bool {
    match name {
        "input" => !attrs.r#type.is_some_and(|t| t.eq_ignore_ascii_case("hidden")),
        "button" | "select" | "textarea" | "svg" | "iframe" | "video" | "audio" | "canvas" | "picture" | "object" | "embed" | "meter" | "progress" => true,
        _ => false,
    }
}

/// A class naming one line of highlighted code, first: `line` (Shiki), `token-line` (Prism),
/// `ec-line`, `code-line`; not `inline`, `headline` or `line-of-code` (a wrapper around a line).
fn names_code_line(class: &str) -> bool {
    class.split_ascii_whitespace().next().is_some_and(|c| c == "line" || c.ends_with("-line"))
}

/// What the text of the current element is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Capture {
    None,
    Title,
    JsonLd,
    NoScript,
}

struct Open {
    id: NodeId,
    tag: Tag,
    /// Dropped subtrees stay on the stack so their end tags balance, but add nothing.
    dropped: bool,
    capture: Capture,
    /// Where this element's children start in [`Builder::pending`].
    first_child: u32,
    /// Where a `<div>`'s `class` value is in the document (empty: none, or not a `<div>`), for a
    /// `<pre>` inside to read the language a highlighter names on its wrapper.
    class: (u32, u32),
}

struct Builder {
    nodes: Vec<Node>,
    text: String,
    stack: Vec<Open>,
    /// The children of the open elements, each element's after its parent's. An element's
    /// children move to `child_lists` ([`Tree::child_lists`]) in one run when it closes.
    pending: Vec<Child>,
    child_lists: Vec<Child>,
    /// Every text run as it is attached, so in document order (see [`Tree::runs`]).
    runs: Vec<(u32, u32)>,
    /// The tags of `stack`, kept beside it for the implied-end-tag rules.
    open_tags: Vec<Tag>,
    /// Open elements whose content is dropped (payload, `--drop`).
    dropped_depth: usize,
    capture: Capture,
    /// What opened since the last text, which the next text may need a separator after.
    opened: Opened,
    /// Where the last text node shown starts in `text`: a period ending a node of words (one
    /// with a space) ends a sentence, a period ending a single word may end a name's part (a
    /// Python signature's `json.` before `JSONDecoder`).
    last_text_start: usize,
    /// The words of the `class` values seen so far: most elements repeat a class of the
    /// page's, and reading one costs ~1,500 instructions.
    class_words: HashMap<Box<str>, hints::Words, FixedState>,
    /// The ids that controls seen so far name in `aria-controls`: panels a click shows.
    controlled: HashSet<Box<str>, FixedState>,
    drop_next: bool,
    /// The first element marked as a byline (see [`Builder::in_first_byline`]).
    first_byline: Option<NodeId>,
    /// The elements hidden by `aria-hidden` alone, and the screen-reader-only ones, in
    /// document order: one of each side by side are twins (see [`Tree::show_screen_reader_twins`]).
    twins: Twins,
    meta: MetaCollector,
    noscript_html: String,
    payload_bytes: usize,
    script_sources: usize,
    /// Where the markup not yet read starts: the end of the last start tag (or raw text end
    /// tag) seen.
    at: usize,
    /// lol-html's stack of open elements: every element that can have content, plain inline
    /// ones included, as its end tags find them (by name, the innermost of that name).
    names: OpenNames,
    /// The end tag of the raw text element open, once lol-html has found it.
    raw_text_end: Option<Range<usize>>,
}

/// An element on lol-html's stack of open elements.
struct OpenName {
    /// Where its tag name is in the document.
    name: Range<u32>,
    /// Its node (or dropped subtree), if [`Builder::open`] waits for its end tag.
    id: Option<NodeId>,
    /// Its text is raw text (scripts, styles, `<title>`...), which ends only at its own end tag.
    raw_text: bool,
    /// Its name's bucket in [`OpenNames::deep_in_bucket`], when it is counted there.
    bucket: Option<u8>,
}

/// lol-html's stack of open elements. Below [`OpenNames::COUNTED_FROM`] an end tag's element is
/// found by reading the stack; the elements above it are also counted in 64 buckets of names, so
/// that an end tag whose bucket is empty reads only the part below. (An end tag matching no open
/// element, `</p>` after thousands of unclosed `<div>`s, read the whole stack each time: 80,000
/// of them took 10 s.) Real pages stay below it, and pay nothing for the counts.
struct OpenNames {
    stack: Vec<OpenName>,
    deep_in_bucket: [u32; 64],
}

impl OpenNames {
    const COUNTED_FROM: usize = 256;

    fn new() -> OpenNames {
        OpenNames { stack: Vec::new(), deep_in_bucket: [0; 64] }
    }

    /// A name's bucket: its length and its first and last letters, any case.
    fn bucket(name: &[u8]) -> u8 {
        let (first, last) = (name.first().copied().unwrap_or(0), name.last().copied().unwrap_or(0));
        ((name.len() as u32 * 13 + (first | 0x20) as u32 * 7 + (last | 0x20) as u32) % 64) as u8
    }

    fn push(&mut self, source: &str, name: Range<usize>, id: Option<NodeId>, raw_text: bool) {
        let bucket = (self.stack.len() >= Self::COUNTED_FROM).then(|| Self::bucket(&source.as_bytes()[name.clone()]));
        if let Some(b) = bucket {
            self.deep_in_bucket[b as usize] += 1;
        }
        self.stack.push(OpenName { name: name.start as u32..name.end as u32, id, raw_text, bucket });
    }

    fn pop(&mut self) -> Option<OpenName> {
        let open = self.stack.pop()?;
        if let Some(b) = open.bucket {
            self.deep_in_bucket[b as usize] -= 1;
        }
        Some(open)
    }

    /// Where the innermost open element named `name` is on the stack.
    fn innermost(&self, source: &str, name: &str) -> Option<usize> {
        let deep = self.stack.len() > Self::COUNTED_FROM && self.deep_in_bucket[Self::bucket(name.as_bytes()) as usize] > 0;
        let candidates = if deep { &self.stack[..] } else { &self.stack[..self.stack.len().min(Self::COUNTED_FROM)] };
        let same_name = |n: &OpenName| source.as_bytes()[n.name.start as usize..n.name.end as usize].eq_ignore_ascii_case(name.as_bytes());
        candidates.iter().rposition(same_name)
    }
}

/// Elements whose content the tokenizer reads as raw text, as lol-html's tree builder
/// simulator switches to it (scripting on, so `<noscript>` too).
fn is_raw_text(name: &str) -> bool {
    matches!(name, "script" | "style" | "title" | "textarea" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" | "plaintext")
}

impl Builder {
    /// A builder for a document of `html_bytes`, its lists sized for a median page of the WCXB
    /// dev set (a node per 210 bytes, a child per 95, a text byte per 7, a text run per 180):
    /// grown from empty by doubling, their reallocations were 0.7% of an extraction's
    /// instructions.
    fn new(html_bytes: usize) -> Self {
        let mut nodes = Vec::with_capacity(html_bytes / 210 + 1);
        nodes.push(Node { tag: Tag::Root, parent: 0, children: (0, 0), hints: 0, attr: None });
        Builder {
            nodes,
            child_lists: Vec::with_capacity(html_bytes / 95),
            text: String::with_capacity(html_bytes / 7),
            stack: vec![Open { id: 0, tag: Tag::Root, dropped: false, capture: Capture::None, first_child: 0, class: (0, 0) }],
            pending: Vec::new(),
            runs: Vec::with_capacity(html_bytes / 180),
            open_tags: vec![Tag::Root],
            dropped_depth: 0,
            capture: Capture::None,
            opened: Opened::Nothing,
            last_text_start: 0,
            class_words: HashMap::default(),
            controlled: HashSet::default(),
            drop_next: false,
            first_byline: None,
            twins: Twins::default(),
            meta: MetaCollector::default(),
            noscript_html: String::new(),
            payload_bytes: 0,
            script_sources: 0,
            at: 0,
            names: OpenNames::new(),
            raw_text_end: None,
        }
    }

    /// Reads the markup from [`Builder::at`] up to `until` (where the next start tag or the
    /// document ends): raw text up to its end tag, if one was open, then text and end tags.
    fn catch_up(&mut self, source: &str, until: usize) {
        if let Some(end) = self.raw_text_end.take() {
            if end.start > self.at {
                self.text(&source[self.at..end.start]);
            }
            self.close_names(self.names.stack.len() - 1);
            self.at = end.end;
        }
        if self.at >= until {
            return;
        }
        // Raw text whose end tag never came runs to the end of the document.
        if self.names.stack.last().is_some_and(|n| n.raw_text) {
            self.text(&source[self.at..until]);
        } else {
            for piece in Between::new(source, self.at, until) {
                match piece {
                    Piece::Text(text) => self.text(&source[text]),
                    Piece::EndTag(name) => self.end_tag(source, &source[name]),
                }
            }
        }
        self.at = until;
    }

    /// An end tag closes the innermost open element of its name and all inside it, as
    /// lol-html's end tags do; it closes nothing when none is open.
    fn end_tag(&mut self, source: &str, name: &str) {
        if let Some(at) = self.names.innermost(source, name) {
            self.close_names(at);
            if is_script_position(name) && self.opened == Opened::Inline {
                self.opened = Opened::Nothing;
            }
        }
    }

    /// Closes `names[at]` and everything opened after it, innermost first.
    fn close_names(&mut self, at: usize) {
        while self.names.stack.len() > at {
            match self.names.pop().and_then(|n| n.id) {
                Some(id) => self.close(id),
                None => self.inline_ended(false),
            }
        }
    }

    fn push(&mut self, id: NodeId, tag: Tag, dropped: bool, capture: Capture, class: (u32, u32)) {
        self.open_tags.push(tag);
        self.stack.push(Open { id, tag, dropped, capture, first_child: self.pending.len() as u32, class });
    }

    /// The language a highlighter names on the boxes it wraps around a `<pre>` about to open:
    /// `<div class="language-python highlight"><pre>` (MkDocs), `<div class="highlight-python">
    /// <div class="highlight"><pre>` (Sphinx), `<div class="highlight highlight-source-js"><pre>`.
    fn wrapper_language(&self, source: &str) -> Option<Box<str>> {
        self.stack.iter().rev().take(2).filter(|o| o.tag == Tag::Div).find_map(|o| {
            let class = source.get(o.class.0 as usize..o.class.1 as usize)?;
            code_language(class).or_else(|| highlighter_language(class))
        })
    }

    /// Whether a `<button>` opening here is shown as text: an accordion's question, the first
    /// content of a heading (WAI-ARIA's pattern: `<h3><button aria-expanded="false">Who is it
    /// for?</button></h3>`), or a control showing a panel that opens a paragraph, a list item or
    /// a term. Not a control after a heading's text ("Copy item path").
    fn button_is_text(&self, attrs: &Attrs) -> bool {
        let Some(parent) = self.stack.last().filter(|o| !o.dropped) else { return false };
        match parent.tag {
            Tag::H(_) => attrs.expands || self.opens_empty(),
            Tag::P | Tag::Li | Tag::Dt => attrs.expands && self.opens_empty(),
            _ => false,
        }
    }

    /// Whether the innermost open element has nothing in it yet but whitespace.
    fn opens_empty(&self) -> bool {
        self.pending[self.open_first_child()..].iter().all(|c| match *c {
            Child::Text(s, e) => self.text[s as usize..e as usize].trim().is_empty(),
            Child::Node(_) => false,
        })
    }

    /// Where the innermost open element's children start in `pending`.
    fn open_first_child(&self) -> usize {
        self.stack.last().map_or(0, |o| o.first_child) as usize
    }

    /// Moves the children of `open`, the innermost open element, to `child_lists` as its node's
    /// run.
    fn close_children(&mut self, open: &Open) {
        if !open.dropped {
            self.store_children(open.id, open.first_child as usize..self.pending.len());
        }
    }

    /// Moves `pending[range]` to the end of `child_lists` as the children of `id`.
    fn store_children(&mut self, id: NodeId, range: Range<usize>) {
        let start = self.child_lists.len() as u32;
        self.child_lists.extend(self.pending.drain(range));
        self.nodes[id as usize].children = (start, self.child_lists.len() as u32);
    }

    /// The hint flags of an element's `class` and its other names (`id`, test id), the class's
    /// words remembered per value.
    fn class_hints(&mut self, class: Option<&str>, names: [Option<&str>; 2], tag: Tag) -> hints::Flags {
        /// Distinct classes remembered at most (a page has a few hundred).
        const MAX_CLASSES: usize = 4096;
        let class_words = match class {
            None => hints::Words::default(),
            Some(class) => match self.class_words.get(class) {
                Some(&words) => words,
                None => {
                    let words = hints::Words::of(class);
                    if self.class_words.len() < MAX_CLASSES {
                        self.class_words.insert(class.into(), words);
                    }
                    words
                }
            },
        };
        names.into_iter().flatten().fold(class_words, |words, name| words.and(hints::Words::of(name))).flags(tag)
    }

    /// Handles a start tag; `source` is the document being parsed. Returns the node id when the
    /// element has an end tag to wait for.
    fn open(&mut self, el: &StartTag, name: &str, source: &str) -> Option<NodeId> {
        // Inside payload (an `<svg>`'s shapes, a `<select>`'s options, a `<button>`'s label)
        // nothing reaches the text, and the payload element's own end tag closes all of it; only
        // metadata may sit there (a post's date as microdata inside a button).
        if self.stack.last().is_some_and(|o| o.dropped && o.tag == Tag::Payload) {
            self.drop_next = false;
            if matches!(name, "meta" | "link" | "base" | "time") || names_itemprop(&source.as_bytes()[el.location.clone()]) {
                self.meta.element(name, &Attrs::read(el.attributes, source));
            }
            return None;
        }
        let mut tag = Tag::from_name(name);
        // <head> is dropped, so it can only be open inside dropped content.
        if self.dropped_depth > 0 && !belongs_in_head(name) {
            if let Some(at) = self.stack.iter().rposition(|o| o.tag == Tag::Head) {
                self.pop_to(at);
            }
        }
        if tag != Tag::Inline && tag != Tag::A && tag != Tag::Code {
            if let Some(at) = implied_close(&self.open_tags, tag) {
                self.pop_to(at);
            }
        }
        let drop_requested = std::mem::take(&mut self.drop_next);
        // Browsers nest elements at most 512 deep (Blink's parser attaches deeper ones to the
        // 512th). Deeper ones pass through here like plain inline elements, no node and no stack
        // entry, their text joining the deepest element's: no real page nests so deep, and the
        // cap bounds every scan of the stack per element and every walk down the tree (a page of
        // 50,000 nested <blockquote>s overflowed the thread's stack). Script and title content
        // is still dropped.
        if self.stack.len() >= MAX_DEPTH && !matches!(tag, Tag::Payload | Tag::Title) {
            return None;
        }
        let attrs = Attrs::read(el.attributes, source);
        if tag == Tag::Payload && name == "button" && self.button_is_text(&attrs) {
            tag = Tag::Inline;
        }
        // A web component rendered on the server: its shadow root's content is on show, as if
        // written in place of the template.
        if tag == Tag::Payload && name == "template" && attrs.shadow_root {
            tag = Tag::Inline;
        }
        if self.dropped_depth == 0 {
            let after = &source[el.location.end..];
            // A formula is its TeX in the line: MathML and MathJax's scripts are then dropped as
            // payload; an image of a formula stands for it whole.
            if let Some((tex, display)) = formula::tex_of(name, &attrs, after) {
                self.formula(&tex, display);
                if name == "img" {
                    return None;
                }
            }
            // An emoji drawn as an image (WordPress and Twitter swap every emoji for one) is the
            // emoji, its alt text, in the line.
            if let Some(alt) = attrs.alt.filter(|_| name == "img" && is_emoji_image(&attrs)) {
                self.text_in_line(alt.trim());
                return None;
            }
        }
        self.meta.element(name, &attrs);
        if loads_script(name, &attrs) {
            self.script_sources += 1;
        }
        if name == "meta" && attrs.itemprop_has("name") && self.in_first_byline() {
            self.meta.microdata_byline(attrs.content);
        }
        let capture = match tag {
            Tag::Title if !self.stack.iter().any(|o| o.tag == Tag::Payload) => Capture::Title,
            Tag::Payload
                if name == "script"
                    && attrs.r#type.is_some_and(|t| t.trim().eq_ignore_ascii_case("application/ld+json")) =>
            {
                Capture::JsonLd
            }
            Tag::Payload if name == "noscript" && self.dropped_depth == 0 => Capture::NoScript,
            _ => Capture::None,
        };
        let mut flags = self.class_hints(attrs.class, [attrs.id, attrs.test_id], tag);
        let screen_reader = flags & (hints::HIDDEN | hints::COLLAPSED) == hints::HIDDEN;
        if let Some(role) = attrs.role {
            flags |= hints::from_role(role);
        }
        if attrs.popover {
            flags |= hints::OVERLAY | hints::BOILERPLATE;
        }
        // (A flag like a class word's: a box so marked that holds much of the prose stays.)
        if attrs.nosnippet {
            flags |= hints::BOILERPLATE;
        }
        if attrs.rel_has("author") {
            flags |= hints::BYLINE;
        }
        if let Some(itemprop) = attrs.itemprop {
            flags |= hints::from_itemprop(itemprop);
        }
        // Hidden boxes stay in the tree, flagged: scripts reveal some of them (a page-wide
        // wrapper with class "hide"), so the scorer decides. An aria-hidden link is shown: it
        // repeats a card's link around its image or summary for sighted readers only.
        let hidden = if attrs.hidden || attrs.style.is_some_and(hints::style_hides) {
            hints::HIDDEN | hints::COLLAPSED
        } else if attrs.aria_hidden && tag != Tag::A {
            hints::HIDDEN
        } else {
            0
        };
        if let Some(ids) = attrs.controls {
            self.controlled.extend(ids.split_ascii_whitespace().map(Box::from));
        }
        let mut aria_hidden_only = false;
        if hidden != 0 {
            let controlled = attrs.id.is_some_and(|id| self.controlled.contains(id.trim()));
            if !hints::shown_on_demand(attrs.id, attrs.role, attrs.labelled_by_control || controlled) {
                aria_hidden_only = hidden == hints::HIDDEN && flags & hints::HIDDEN == 0;
                flags |= hidden;
            }
        }
        let dropped = drop_requested || matches!(tag, Tag::Payload | Tag::Head | Tag::Title);
        // A plain <span> or <b> says nothing a scorer needs: its text joins the enclosing
        // element's, and it costs no node and no end-tag handler.
        if tag == Tag::Inline && flags == 0 && !dropped {
            let code_line = attrs.class.is_some_and(names_code_line) && self.open_tags.contains(&Tag::Pre);
            self.opened = match self.opened {
                Opened::CodeLines(n) => Opened::CodeLines(n.saturating_add(code_line as u8)),
                _ if code_line => Opened::CodeLines(1),
                Opened::Control => Opened::Control,
                _ if is_script_position(name) => Opened::Nothing,
                _ => Opened::Inline,
            };
            return None;
        }

        let attr = match tag {
            Tag::A => attrs.href.map(decode_attr),
            Tag::Img => image(&attrs),
            Tag::Pre => attrs.class.and_then(code_language).or_else(|| self.wrapper_language(source)),
            Tag::Code => attrs.class.and_then(code_language),
            Tag::Td | Tag::Th => spans(&attrs),
            _ => None,
        };
        // (An attribute value is a slice of `source`; a value without a source location is an
        // empty string from elsewhere, hence the checked subtraction.)
        let class_range = attrs
            .class
            .filter(|_| tag == Tag::Div)
            .and_then(|c| (c.as_ptr() as usize).checked_sub(source.as_ptr() as usize).map(|start| (start, start + c.len())))
            .filter(|&(_, end)| end <= source.len())
            .map_or((0, 0), |(start, end)| (start as u32, end as u32));
        let parent = self.stack.last().map_or(0, |o| o.id);
        let parent_dropped = self.dropped_depth > 0;
        let can_have_content = el.can_have_content;
        if !parent_dropped && !dropped {
            if tag.is_block() {
                self.opened = Opened::Nothing;
            } else if tag == Tag::Img && !self.in_code() {
                // An image stands between the texts beside it like a dropped graphic does (a
                // rating's stars between "5 star reviews" and "Trustpilot").
                self.opened = Opened::Control;
            } else if tag == Tag::A && self.opened == Opened::LinkEnded {
                // A link right after a link is another item (a store's tags, `<a>FPS</a><a>PvP</a>`).
                self.opened = Opened::NextLink;
            }
            let id = self.nodes.len() as NodeId;
            if flags & hints::BYLINE != 0 && self.first_byline.is_none() {
                self.first_byline = Some(id);
            }
            if aria_hidden_only {
                self.twins.aria_hidden.push(id);
            } else if screen_reader {
                self.twins.screen_reader.push(id);
            }
            self.nodes.push(Node { tag, parent, children: (0, 0), hints: flags, attr });
            self.pending.push(Child::Node(id));
            if !can_have_content {
                return None;
            }
            self.push(id, tag, false, capture, class_range);
            return Some(id);
        }
        if !parent_dropped && stands_between_texts(name, &attrs) && !self.in_code() {
            self.opened = Opened::Control;
        }
        if !can_have_content {
            return None;
        }
        // A dropped element still gets an id so its end tag can find it on the stack.
        let id = u32::MAX - self.stack.len() as u32;
        self.push(id, tag, true, capture, class_range);
        self.dropped_depth += 1;
        self.capture = capture;
        Some(id)
    }

    /// Handles an explicit end tag of the element `id`.
    fn close(&mut self, id: NodeId) {
        let Some(at) = self.stack.iter().rposition(|o| o.id == id) else { return };
        let tag = self.stack[at].tag;
        // Browsers put content after `</body>` or `</html>` into the body all the same.
        if matches!(tag, Tag::Html | Tag::Body) {
            return;
        }
        // An inline end tag does not close the blocks opened inside it (misnested markup such
        // as `<b><p>..</b>..</p>`): drop just the inline element from the stack.
        if !tag.is_block() && self.stack[at + 1..].iter().any(|o| o.tag.is_block()) {
            let open = self.stack.remove(at);
            self.open_tags.remove(at);
            self.close_children_inside(&open, at);
            if open.dropped {
                self.dropped_depth -= 1;
            }
            return;
        }
        self.pop_to(at);
    }

    /// Closes `stack[at]` and everything opened after it.
    fn pop_to(&mut self, at: usize) {
        if at == 0 {
            return;
        }
        while self.stack.len() > at {
            let open = self.stack.pop().expect("stack is longer than at");
            self.open_tags.pop();
            if !open.dropped && !open.tag.is_block() {
                self.inline_ended(open.tag == Tag::A);
            }
            self.close_children(&open);
            if open.dropped {
                self.dropped_depth -= 1;
            }
        }
        self.capture = self.stack.last().map_or(Capture::None, |o| o.capture);
    }

    /// Moves the children of `open`, just removed from `stack[at]` with elements still open
    /// inside it, to `child_lists` as its node's run; theirs follow in `pending`.
    fn close_children_inside(&mut self, open: &Open, at: usize) {
        let end = self.stack[at].first_child;
        if !open.dropped {
            self.store_children(open.id, open.first_child as usize..end as usize);
        }
        for inner in &mut self.stack[at..] {
            inner.first_child -= end - open.first_child;
        }
    }

    /// Shops set a brand and a product name in sibling spans that CSS lays out on two lines
    /// (`<span>Merrell</span><span>Moab 3</span>`); read as one string they make a word that is
    /// in neither ("MerrellMoab"). Across an element boundary (inline elements opening or
    /// closing, whether or not they make nodes: `<b class=title>Diverse Clientele</b>We have`),
    /// a lower-case letter meeting an upper-case one, a capital meeting a capitalized word (the
    /// brand "YETI" and "Rambler"), a letter meeting a digit ("Antennas" and its count "320"), a
    /// digit meeting an upper-case letter ("€25" and "Build a Pack") or another digit (a movie's
    /// year "2026" and its running time "1h 54m"), a sentence's end meeting
    /// the next one ("most-loved multicookers." and a "Shop now" link) and a label's colon
    /// meeting its value ("eBay item number:" and "3659...", "Ayytaly wrote:" and the quote; not
    /// a time's "10:" and "30") get a space; not in code, where `getValue` is split by
    /// highlighting, nor at `<sub>`/`<sup>`.
    fn needs_space_before(&self, raw: &str) -> bool {
        let (text, raw) = (self.text.as_bytes(), raw.as_bytes());
        let (Some(&last), Some(&first)) = (text.last(), raw.first()) else { return false };
        let before_last = || text.len().checked_sub(2).map(|at| text[at]);
        let label_colon = last == b':' && before_last().is_some_and(|b| b.is_ascii_alphabetic());
        let sentence_end = matches!(last, b'.' | b'!' | b'?')
            && before_last().is_some_and(|b| b.is_ascii_lowercase())
            && memchr::memchr(b' ', text[self.last_text_start.min(text.len())..].trim_ascii_start()).is_some();
        let meets = (last.is_ascii_lowercase() && first.is_ascii_uppercase())
            || (last.is_ascii_alphabetic() && first.is_ascii_digit())
            || (last.is_ascii_digit() && first.is_ascii_uppercase())
            || (last.is_ascii_digit() && first.is_ascii_digit())
            || (last.is_ascii_uppercase() && first.is_ascii_uppercase() && raw.get(1).is_some_and(u8::is_ascii_lowercase))
            || (label_colon && first.is_ascii_alphanumeric())
            || (sentence_end && first.is_ascii_uppercase());
        meets && !self.in_code()
    }

    /// An inline element ended (a plain one, or one with a node; a `link`): the text after it
    /// may need a space (see [`Builder::needs_space_before`]).
    fn inline_ended(&mut self, link: bool) {
        if self.opened == Opened::Nothing {
            self.opened = if link { Opened::LinkEnded } else { Opened::Inline };
        }
    }

    /// Whether the page's first byline is open: schema.org microdata gives an author's name in a
    /// `<meta itemprop="name">` inside the `itemprop="author"` box. (The first only: on a thread,
    /// the later ones are the repliers'.)
    fn in_first_byline(&self) -> bool {
        self.first_byline.is_some_and(|b| self.stack.iter().any(|o| o.id == b && !o.dropped))
    }

    /// Inside `<pre>` or `<code>`, where text is kept as written.
    fn in_code(&self) -> bool {
        self.open_tags.iter().any(|t| matches!(t, Tag::Pre | Tag::Code))
    }

    /// A formula's TeX source as an inline node of its own (Markdown writes it between `$`s, or
    /// `$$`s for a `display` formula: its node's `attr` is then `block`), in
    /// place of its MathML (dropped like other payload). Pages that draw a formula as an image
    /// hide the MathML in an inline wrapper for screen readers (Wikipedia); the text keeps the
    /// formula rather than a gap, so the wrapper shows it.
    fn formula(&mut self, tex: &str, display: bool) {
        let tex = tex.trim();
        if tex.is_empty() {
            return;
        }
        if let Some(wrapper) = self.stack.last().filter(|o| o.tag == Tag::Inline && o.first_child as usize == self.pending.len()) {
            self.nodes[wrapper.id as usize].hints &= !(hints::HIDDEN | hints::COLLAPSED);
        }
        let (id, parent) = (self.nodes.len() as NodeId, self.stack.last().map_or(0, |o| o.id));
        self.nodes.push(Node { tag: Tag::Math, parent, children: (0, 0), hints: 0, attr: display.then(|| "block".into()) });
        self.pending.push(Child::Node(id));
        self.push(id, Tag::Math, false, Capture::None, (0, 0));
        self.text_in_line(tex);
        self.pop_to(self.stack.len() - 1);
    }

    /// Text that stands in for an element (a formula's TeX, an emoji image's alt), spaced from
    /// the text around it as an inline element's is.
    fn text_in_line(&mut self, text: &str) {
        self.opened = Opened::Inline;
        self.text(text);
        self.opened = Opened::Inline;
    }

    /// Handles a text node, as written (entities not decoded).
    fn text(&mut self, raw: &str) {
        // Text that is not shown (inside a dropped `<button>`, say) leaves the state for the next.
        let shown = self.capture == Capture::None && self.dropped_depth == 0;
        let opened = if shown { std::mem::replace(&mut self.opened, Opened::Nothing) } else { Opened::Nothing };
        match self.capture {
            Capture::Title => self.meta.title_text(&htmlize::unescape(raw)),
            Capture::JsonLd => self.meta.json_ld_text(raw),
            Capture::NoScript => {
                self.noscript_html.push_str(raw);
                self.noscript_html.push('\n');
            }
            Capture::None if self.dropped_depth == 0 => {
                let separator = match opened {
                    Opened::Inline | Opened::LinkEnded if self.needs_space_before(raw) => " ",
                    Opened::Control if graphic_separates(&self.text, raw) => " ",
                    Opened::NextLink if graphic_separates(&self.text, raw) && !continues_word(&self.text, raw) => " ",
                    // Highlighters (Shiki, Prism) put each line of code in a `<span class="line">`
                    // that CSS lays out as a line; minified pages leave no newline between them.
                    // (The text before may sit in a highlighted token's node, or before the `<pre>`:
                    // code blocks are rendered with their outer newlines trimmed.)
                    // A line that so far holds only indentation has begun already.
                    Opened::CodeLines(n) => match self.text.trim_end_matches([' ', '\t']).as_bytes().last() {
                        Some(b'\n') => &"\n\n\n"[..(n as usize - 1).min(3)],
                        Some(_) => &"\n\n\n"[..(n as usize).min(3)],
                        None => "",
                    },
                    _ => "",
                };
                let start = self.text.len() as u32;
                self.text.push_str(separator);
                self.text.push_str(raw);
                self.attach_text(start);
                self.last_text_start = start as usize + separator.len();
            }
            Capture::None => self.payload_bytes += raw.len(),
        }
    }

    /// Decodes the text from `start` to the end of [`Builder::text`] in place and attaches it
    /// to the open element.
    fn attach_text(&mut self, start: u32) {
        let decoded = match htmlize::unescape(&self.text[start as usize..]) {
            Cow::Owned(decoded) => Some(decoded),
            Cow::Borrowed(_) => None,
        };
        if let Some(decoded) = decoded {
            self.text.truncate(start as usize);
            self.text.push_str(&decoded);
        }
        let end = self.text.len() as u32;
        if end == start {
            return;
        }
        let first = self.open_first_child();
        match self.pending[first..].last_mut() {
            Some(Child::Text(_, last_end)) if *last_end == start => {
                *last_end = end;
                // Text only grows at its end, so the run ending where this text starts is
                // the last one attached.
                if let Some(run) = self.runs.last_mut() {
                    debug_assert_eq!(run.1, start);
                    run.1 = end;
                }
            }
            _ => {
                self.pending.push(Child::Text(start, end));
                self.runs.push((start, end));
            }
        }
    }

    fn finish(mut self) -> (Tree, MetaCollector) {
        while let Some(open) = self.stack.pop() {
            self.close_children(&open);
        }
        let mut tree = Tree { nodes: self.nodes, child_lists: self.child_lists, text: self.text, runs: self.runs, noscript_html: self.noscript_html, payload_bytes: self.payload_bytes, script_sources: self.script_sources };
        tree.show_screen_reader_twins(&self.twins);
        tree.mark_laid_out_prose();
        (tree, self.meta)
    }
}

fn decode_attr(value: &str) -> Box<str> {
    htmlize::unescape_attribute(value).trim().into()
}

/// `language-rust`, `lang-py`, `highlight-source-js` (GitHub), `brush:js` or `brush: js`
/// (SyntaxHighlighter, MDN) -> the language name.
fn code_language(class: &str) -> Option<Box<str>> {
    let mut words = class.split_ascii_whitespace();
    while let Some(c) = words.next() {
        let lang = match c.strip_prefix("brush:") {
            Some("") => words.next().map(|next| next.trim_end_matches(';')),
            Some(lang) => Some(lang.trim_end_matches(';')),
            None => c.strip_prefix("language-").or_else(|| c.strip_prefix("lang-")).or_else(|| c.strip_prefix("highlight-source-")),
        };
        if let Some(lang) = lang.and_then(language_name) {
            return Some(lang);
        }
    }
    None
}

/// Sphinx's `highlight-python` on a code block's wrapper (not on the `<pre>` itself, where
/// `highlight-*` classes are layout: `highlight-height`).
fn highlighter_language(class: &str) -> Option<Box<str>> {
    class.split_ascii_whitespace().find_map(|c| {
        // `highlight-default` names Sphinx's configured default, not a language.
        language_name(c.strip_prefix("highlight-")?).filter(|l| &**l != "default")
    })
}

/// `<script src>`, or a `<link>` that preloads a script (`modulepreload`, or `preload` of a
/// `.js` file).
fn loads_script(name: &str, attrs: &Attrs) -> bool {
    match name {
        "script" => attrs.src.is_some_and(|src| !src.trim().is_empty()),
        "link" => {
            attrs.rel_has("modulepreload")
                || attrs.rel_has("preload") && attrs.href.is_some_and(|href| href.split(['?', '#']).next().is_some_and(|path| path.ends_with(".js") || path.ends_with(".mjs")))
        }
        _ => false,
    }
}

/// A highlighter's language name as a fence's info string. `none` (Prism's `language-none`,
/// Sphinx's `highlight-none`) says that there is none.
fn language_name(lang: &str) -> Option<Box<str>> {
    (!lang.is_empty() && lang.len() <= 20 && !lang.eq_ignore_ascii_case("none")).then(|| lang.to_ascii_lowercase().into())
}

/// A described image's alt text and source, for Markdown: images without alt text are
/// decoration, and `data:` sources are payload, so neither is kept. A lazy-loaded image's
/// `data-src` wins over the placeholder in its `src`.
fn image(attrs: &Attrs) -> Option<Box<str>> {
    let alt = htmlize::unescape_attribute(attrs.alt?);
    let alt = alt.trim();
    let usable = |s: &&str| !s.trim().is_empty() && !s.trim_start().starts_with("data:");
    let src = attrs.data_src.filter(usable).or(attrs.src.filter(usable))?;
    if alt.is_empty() || alt.contains(IMAGE_SEPARATOR) {
        return None;
    }
    let src = htmlize::unescape_attribute(src);
    let mut both = String::with_capacity(alt.len() + 1 + src.len());
    both.push_str(alt);
    both.push(IMAGE_SEPARATOR);
    both.push_str(src.trim());
    Some(both.into())
}

/// An image standing for an emoji or a smiley: a class word says so (`emoji`, WordPress's
/// `wp-smiley`), and its alt text is as short as one (a flag or a family is several code points)
/// and no name for one (Discourse's `:slight_smile:`, which is no text of the post).
fn is_emoji_image(attrs: &Attrs) -> bool {
    attrs.alt.is_some_and(|a| (1..=32).contains(&a.trim().len()) && !a.bytes().any(|b| b.is_ascii_alphabetic()))
        && attrs.class_has_any(&["emoji", "wp-smiley"])
}

/// A table cell's `colspan` and `rowspan`, as "columns rows", when either is above 1.
fn spans(attrs: &Attrs) -> Option<Box<str>> {
    // As browsers read them: leading digits; 0 or garbage is 1.
    let span = |v: Option<&str>| {
        let v = v.unwrap_or("").trim();
        let digits = &v[..v.bytes().position(|b| !b.is_ascii_digit()).unwrap_or(v.len())];
        digits.parse::<u32>().unwrap_or(1).max(1)
    };
    let (columns, rows) = (span(attrs.colspan), span(attrs.rowspan));
    (columns > 1 || rows > 1).then(|| format!("{columns} {rows}").into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(tree: &Tree) -> String {
        let mut out = String::new();
        fn walk(tree: &Tree, id: NodeId, out: &mut String) {
            for child in tree.children(id) {
                match *child {
                    Child::Text(s, e) => out.push_str(tree.text_of(s, e)),
                    Child::Node(n) => {
                        out.push('[');
                        walk(tree, n, out);
                        out.push(']');
                    }
                }
            }
        }
        walk(tree, Tree::ROOT, &mut out);
        out
    }

    fn parse(html: &str) -> Tree {
        build(html, &[], 1 << 20, &Deadline::after(0.0)).unwrap().0
    }

    #[test]
    fn strips_payload_and_flags_hidden() {
        let t = parse(
            "<p>a<script>var x='<p>no</p>'</script><style>p{}</style>b</p><!-- c --><svg><text>s</text></svg>\
             <noscript>n</noscript><template>t</template><button>b</button><p>z",
        );
        assert_eq!(texts(&t), "[ab][z]");
        let t = parse("<div hidden>h</div><div style='display: none'>h</div><span aria-hidden=true>h</span>x<p class=sr-only>h");
        assert!(t.nodes[1..].iter().all(|n| n.hints & hints::HIDDEN != 0));
    }

    #[test]
    fn a_screen_reader_twin_of_aria_hidden_text_is_shown_in_its_place() {
        let hidden = |t: &Tree| t.nodes[1..].iter().map(|n| n.hints & hints::HIDDEN != 0).collect::<Vec<_>>();
        // A sale price: each struck or inserted price is shown to the eye, its words to screen readers.
        let t = parse(
            "<span class=price><del aria-hidden=true>$26.95</del> <span class=screen-reader-text>Original price was: $26.95.</span>\
             <ins aria-hidden=true>$16.17</ins><span class=screen-reader-text>Current price is: $16.17.</span></span>",
        );
        assert_eq!(hidden(&t), [true, false, true, false]);
        // No twin: an icon's empty aria-hidden box beside its label, text between the two, a
        // label alone.
        let t = parse("<a href=/cart><i aria-hidden=true></i><span class=sr-only>Cart</span></a><p><span aria-hidden=true>★★★★</span> rated <span class=sr-only>4 of 5</span><p class=sr-only>Skip to content");
        assert_eq!(hidden(&t), [false, true, true, false, true, true, true]);
    }

    #[test]
    fn end_tags_close_by_name_as_lol_html_matches_them() {
        // A plain <span> makes no node, but its end tag is its own, not the flagged span's.
        let t = parse("<div><span class=nav><span>a</span>b</span>c</div>");
        assert_eq!(texts(&t), "[[ab]c]");
        // An end tag with nothing of its name open closes nothing; one of an outer element
        // closes what is open inside it.
        let t = parse("<div><p>a</span>b</div>c<section><p>d</section>e");
        assert_eq!(texts(&t), "[[ab]]c[[d]]e");
    }

    #[test]
    fn comments_and_doctypes_split_text_and_raw_text_keeps_its_markup() {
        let t = parse("<!DOCTYPE html><p>a<!-- <p>x</p> -->b<?php y ?>c</p>");
        assert_eq!(texts(&t), "[abc]");
        let t = parse("<p>x</p><script>if (a </p> b) {}</script><p>y<textarea>t</p></textarea>z</p><script>open");
        assert_eq!(texts(&t), "[x][y z]");
        assert!(t.payload_bytes >= "if (a </p> b) {}".len() + "open".len());
        let (_, meta) = build("<title>A <b>&amp;</b> B</title><p>x", &[], 1 << 20, &Deadline::after(0.0)).unwrap();
        let meta = meta.finish(&[], &[], Vec::new, Vec::new, String::new, None, None);
        assert_eq!(meta.title.as_deref(), Some("A <b>&</b> B"));
    }

    #[test]
    fn closes_implied_end_tags() {
        let t = parse("<ul><li>one<li>two</ul><p>x<p>y<table><tr><td>1<td>2<tr><td>3</table>");
        assert_eq!(texts(&t), "[[one][two]][x][y][[[1][2]][[3]]]");
    }

    #[test]
    fn keeps_text_after_misnested_inline() {
        // lol-html ends the <p> at </b>; the tail stays, in the enclosing div. (A plain <b>
        // makes no node.)
        let t = parse("<div><b><p>bold</b> tail</p><p>next</div>");
        assert_eq!(texts(&t), "[[bold] tail[next]]");
    }

    #[test]
    fn content_ends_an_unclosed_head() {
        let t = parse("<html><head><title>t</title><custom-el><p>body text</p>");
        assert_eq!(texts(&t), "[[body text]]");
        let t = parse("<head><meta charset=utf-8><div>x</div>");
        assert_eq!(texts(&t), "[x]");
    }

    #[test]
    fn content_after_body_end_stays_in_body() {
        let t = parse("<body><p>a</p></body></html><p>b</p>");
        assert_eq!(texts(&t), "[[a][b]]");
    }

    #[test]
    fn decodes_entities_split_across_chunks() {
        let long = "x".repeat(5000);
        let t = parse(&format!("<p>{long}&amp;&eacute;&#x41;&nbsp;y</p>"));
        assert!(texts(&t).ends_with("&éA\u{a0}y]"));
    }

    #[test]
    fn drop_selectors_remove_elements() {
        let (t, _) = build("<div class=ad>x</div><p>y</p>", &[".ad".to_string()], 1 << 20, &Deadline::after(0.0)).unwrap();
        assert_eq!(texts(&t), "[y]");
    }
}

