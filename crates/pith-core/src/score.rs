//! Stage 3: find the main content. Measure every node (text, link text, punctuation),
//! flag boilerplate boxes, weigh each text block by how much it reads like prose, then walk
//! down from the page (or from the container the page itself names as main) into the child
//! that holds most of the good text, and stop where the text is spread over several
//! children, so multi-section pages keep all their sections, or where the child would leave
//! the page's title box or a thread's replies behind. Finally prune link-dense and flagged
//! boxes inside the winner, and take back the prose between the page's headline and the
//! winner (an intro the markup kept apart from the body).

use crate::api::Favor;
use crate::classify::PageKind;
use crate::hints;
use crate::script::{is_cjk, is_punct, is_spaceless};
use crate::tags::Tag;
use crate::tree::{Child, Node, NodeId, Tree};
use std::collections::HashMap;

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
    fn reads_as_prose(&self, min_chars: u32, max_link_density: f32) -> bool {
        self.chars >= min_chars && self.punct >= 1 && self.link_density() < max_link_density
    }

    /// Is a chosen content with these counts a listing rather than an article ([`LISTING_MASS`])?
    fn is_listing(&self) -> bool {
        self.mass < LISTING_MASS
    }

    /// Adds a child's counts (not its mass, which is summed separately).
    fn add_counts(&mut self, other: &Stats) {
        self.chars += other.chars;
        self.link_chars += other.link_chars;
        self.code_chars += other.code_chars;
        self.links += other.links;
        self.punct += other.punct;
    }
}

pub struct Selection {
    /// The node whose subtree is the main content.
    pub root: NodeId,
    /// Prose paragraphs beside `root` that belong with it (markup closed too early pushed
    /// them out), in document order, `root` included.
    pub roots: Vec<NodeId>,
    /// Nodes left out of the output (with their subtrees).
    pub removed: Vec<bool>,
    /// Comment sections, left out of the main text.
    pub comments: Vec<NodeId>,
    pub stats: Vec<Stats>,
}

/// Tunables that `--favor` shifts.
struct Thresholds {
    /// Descend into a child holding at least this share of its parent's good text.
    descend: f32,
    /// Prune boxes inside the winner whose link density is above this...
    prune_link_density: f32,
    /// ...unless they hold this much text outside links (teaser cards with summaries).
    prune_keep_text: u32,
}

impl Thresholds {
    fn for_favor(favor: Favor) -> Self {
        match favor {
            Favor::Precision => Thresholds { descend: 0.6, prune_link_density: 0.35, prune_keep_text: 400 },
            Favor::Balanced => Thresholds { descend: 0.75, prune_link_density: 0.5, prune_keep_text: 200 },
            Favor::Recall => Thresholds { descend: 0.88, prune_link_density: 0.7, prune_keep_text: 100 },
        }
    }
}

/// Below this much prose mass, the chosen content is a listing, not an article.
const LISTING_MASS: f32 = 2500.0;

/// Characters of a sentence beside a listing that make it the listing's intro,
const LISTING_INTRO_CHARS: u32 = 20;
/// and the link density it stays under (an intro may point to the full list).
const LISTING_INTRO_LINK_DENSITY: f32 = 0.5;

/// Link boxes holding more than this share of the chosen content's text are its items.
const LISTING_ITEMS_SHARE: f32 = 0.3;

/// A box of this many short `<article>` cards, each with a link, is a feed of other stories.
const FEED_TEASERS: usize = 3;
/// Characters below which an `<article>` is a teaser (a title, a line or two, a byline).
const TEASER_CHARS: u32 = 400;
/// Share of the content's prose a teaser feed stays under: more, and the feed is the content.
const FEED_SHARE: f32 = 0.5;

/// Above this much prose mass outside the comments, the page is a text with comments, not a
/// thread of posts (about 250 words of prose).
const COMMENTED_TEXT_MASS: f32 = 2500.0;

/// The prose mass of a post that remarks (comment boxes) can sit under (about 30 words), and
/// of a remark (a sentence: a reaction bar or a reply count is not one).
const POST_BODY_MASS: f32 = 250.0;
const REMARK_MASS: f32 = 100.0;

/// Below this share of the prose beside the sure boilerplate (furniture, overlays, hidden
/// boxes) left after removing all flagged boxes, the flags are taken to be misleading.
const MISFLAGGED_SHARE: f32 = 0.25;

/// Page furniture (a footer, a menu) this full of links is a link list, however much of the
/// page's prose its one notice holds.
const FURNITURE_LINK_DENSITY: f32 = 0.5;

/// Text outside all of a page's furniture, as a share of one furniture box's text, from which
/// that box goes however much of the prose it holds: the page has content of its own beside it
/// (a grid of short product tiles beside a footer of legal notes).
const CONTENT_BESIDE_FURNITURE: f32 = 0.25;

/// A box named as page links (`hints::PAGER`) with this much text (a page of a list: a dozen
/// items or more) at under this link density holds the list's items too: a wrapper, not the row
/// of links. (A slider of three teasers under an article, also so named, stays boilerplate.)
const PAGED_LIST_CHARS: u32 = 1500;
const PAGED_LIST_LINK_DENSITY: f32 = 0.5;

/// Prose weight per character of a box that reads as prose (paragraphs weigh 1.5, menus 0).
const PROSE_PER_CHAR: f32 = 0.8;

/// A box that a class word calls boilerplate, kept for its prose, misleads about the boxes
/// inside it when it holds less than this share of the page's prose (more is a false flag on
/// a page wrapper) ...
const MISLED_SHARE: f32 = 0.8;

/// ... and when boxes inside it that class words call boilerplate hold at least this share of
/// its own prose (its cards, not a sign-up box beside its article).
const MISLED_INNER_SHARE: f32 = 0.5;

/// Prose mass that makes a <main> element the page's own word on where its content is.
const MAIN_ELEMENT_PROSE: f32 = 200.0;

/// Hidden text inside the content this long (a paragraph, not a screen-reader label) is
/// collapsed content.
const COLLAPSED_PROSE_CHARS: u32 = 80;

/// A block this long without one punctuation mark is not prose.
const UNPUNCTUATED_RUN: u32 = 300;

/// The prose weight of a block that is mostly a headline link.
const HEADLINE_WEIGHT: f32 = 0.4;

/// A section beside the longest one counts as its peer from this share of its prose.
const PEER_SECTION_SHARE: f32 = 0.1;

/// Characters beside the `<h1>` that make its box a title box with text of its own (a lede, a
/// product's price and options) rather than a bare banner heading.
const TITLE_BOX_CHARS: u32 = 200;

/// A text block this long (with punctuation, few links) is a paragraph of prose wherever the
/// markup left it: beside the content, between the `<h1>` and it (a standfirst, not a byline or
/// a date), inside a box of links.
const PARAGRAPH_CHARS: u32 = 80;
/// Link density under which such a block is prose.
const PARAGRAPH_LINK_DENSITY: f32 = 0.25;

/// Text between the `<h1>` and the content beyond which the headline is too far away for the
/// blocks between to be its standfirst.
const LEDE_REGION_CHARS: u32 = 4000;

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

/// The main content of `tree`, in the stages of this module: measure every node, flag the
/// boilerplate, sort comment boxes into posts and comments set aside, find the content's root,
/// prune inside it.
pub fn select(tree: &Tree, favor: Favor, kind: PageKind) -> Selection {
    let t = Thresholds::for_favor(favor);
    let (mut stats, inline) = measure(tree);
    let (mut removed, comments) = flag_boilerplate(tree, &inline, &stats, kind);
    // Outside declared articles and threads, a page's title box with text of its own opens
    // the content: a product's name, price and options above its description, a landing
    // page's hero above its sections.
    let title_box = match kind {
        PageKind::Other | PageKind::Product => title_box(tree, &stats, &removed),
        PageKind::Article | PageKind::Discussion => None,
    };
    if let (PageKind::Product, Some(title_box)) = (kind, title_box) {
        remove_other_products(tree, &mut removed, title_box);
    }
    for (s, m) in stats.iter_mut().zip(sum_mass(tree, &inline, &removed, HEADLINE_WEIGHT)) {
        s.mass = m;
    }
    let Comments { boxes: comment_boxes, posts, aside: comments } = sort_comments(tree, &mut stats, comments, kind);
    let root = find_root(tree, &stats, &removed, &comment_boxes, &posts, title_box, kind == PageKind::Discussion, &t);
    prune(tree, root, &stats, &mut removed, &t);
    if kind != PageKind::Discussion {
        remove_teaser_feeds(tree, root, &stats, &mut removed);
    }
    let mut roots = match kind {
        PageKind::Discussion => Vec::new(),
        _ => lede(tree, root, &stats, &removed, &comment_boxes, kind != PageKind::Article),
    };
    roots.extend(with_orphan_paragraphs(tree, root, &stats, &removed));
    roots.sort_unstable();
    roots.dedup();
    Selection { root, roots, removed, comments, stats }
}

/// Counts every subtree (`Stats` without mass), and each block's own inline text (its mass
/// stays unused).
fn measure(tree: &Tree) -> (Vec<Stats>, Vec<Stats>) {
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

/// The boxes left out as boilerplate or hidden, and the comment boxes outside them.
fn flag_boilerplate(tree: &Tree, inline: &[Stats], stats: &[Stats], kind: PageKind) -> (Vec<bool>, Vec<NodeId>) {
    // Good text per subtree, first with nothing removed: a box flagged as boilerplate or
    // hidden that holds much of the page's prose ("sidebar-first-only" on the content
    // column, a page wrapper hidden until a script runs) is a layout hint, not a box to drop.
    let nothing_removed = vec![false; tree.nodes.len()];
    // Headline links do not count here: a menu of long entries must not shield itself.
    let prose = sum_mass(tree, inline, &nothing_removed, 0.0);
    let product = kind == PageKind::Product;
    let first = remove_flagged(tree, &prose, stats, false, product);
    // Boilerplate words mislead on some sites ("content-nav-section" around the article,
    // "sidebar-first-only" on the content column): when the boxes they flagged held most of
    // the prose that the sure boilerplate leaves, those that read as prose stay. (A cookie
    // dialog longer than a short thread must not make the thread's signatures look misflagged.)
    let flagged = if sum_mass(tree, inline, &first.removed, 0.0)[0] < MISFLAGGED_SHARE * (prose[0] - first.surely_boilerplate) {
        remove_flagged(tree, &prose, stats, true, product)
    } else {
        first
    };
    (flagged.removed, flagged.comments)
}

struct Comments {
    /// Every comment box.
    boxes: Vec<NodeId>,
    /// The boxes that are the content: a thread's posts and replies.
    posts: Vec<NodeId>,
    /// The boxes set aside, whose mass no longer counts in their ancestors'.
    aside: Vec<NodeId>,
}

/// Sorts the comment `boxes` into posts and comments set aside. Comments that are most of the
/// page are its posts (forum threads, Q&A); beside an article, a product description or any
/// long text they are set aside, and do not count toward choosing the main content. On a Q&A
/// page, the remarks under each post are set aside first.
fn sort_comments(tree: &Tree, stats: &mut [Stats], boxes: Vec<NodeId>, kind: PageKind) -> Comments {
    let remarks = if kind == PageKind::Discussion { remarks_under_posts(tree, stats, &boxes) } else { Vec::new() };
    set_aside(tree, stats, &remarks);
    let rest: Vec<NodeId> = boxes.iter().copied().filter(|c| !remarks.contains(c)).collect();
    let total = stats[0].mass;
    let comment_mass: f32 = rest.iter().map(|&c| stats[c as usize].mass).sum();
    let all_posts = comment_mass > 0.5 * total
        && match kind {
            PageKind::Discussion => true,
            PageKind::Product => false,
            PageKind::Other | PageKind::Article => total - comment_mass < COMMENTED_TEXT_MASS,
        };
    // In a thread, comment boxes that together hold a large share of the page are its
    // replies (one box around them all, or one box per reply beside the first post); the
    // small ones are remarks under a question or an answer.
    let (posts, mut aside): (Vec<NodeId>, Vec<NodeId>) = if all_posts {
        (rest, Vec::new())
    } else if kind == PageKind::Discussion {
        let with_siblings = mass_by_parent(tree, stats, &rest);
        rest.iter().partition(|&&c| with_siblings[&tree.node(c).parent] >= 0.2 * total)
    } else {
        (Vec::new(), rest)
    };
    set_aside(tree, stats, &aside);
    aside.extend(remarks);
    Comments { boxes, posts, aside }
}

/// Takes the mass of the comment boxes `aside` out of their ancestors'.
fn set_aside(tree: &Tree, stats: &mut [Stats], aside: &[NodeId]) {
    for &c in aside {
        let m = stats[c as usize].mass;
        for p in tree.ancestors(c) {
            stats[p as usize].mass -= m;
        }
    }
}

/// The comment boxes of a Q&A page that are remarks under its posts: each sits beside the
/// prose of its own post (a question, an answer), and there are several such posts. A
/// thread's replies do not: they share one box, or one parent beside the first post.
fn remarks_under_posts(tree: &Tree, stats: &[Stats], boxes: &[NodeId]) -> Vec<NodeId> {
    let with_siblings = mass_by_parent(tree, stats, boxes);
    let beside_post = |parent: NodeId| stats[parent as usize].mass - with_siblings[&parent] >= POST_BODY_MASS;
    let remarks: Vec<NodeId> =
        boxes.iter().copied().filter(|&c| stats[c as usize].mass >= REMARK_MASS && beside_post(tree.node(c).parent)).collect();
    let mut posts: Vec<NodeId> = remarks.iter().map(|&c| tree.node(c).parent).collect();
    posts.sort_unstable();
    posts.dedup();
    if posts.len() >= 2 { remarks } else { Vec::new() }
}

/// The mass of the comment `boxes` summed by their parent.
fn mass_by_parent(tree: &Tree, stats: &[Stats], boxes: &[NodeId]) -> HashMap<NodeId, f32> {
    let mut by_parent: HashMap<NodeId, f32> = HashMap::new();
    for &c in boxes {
        *by_parent.entry(tree.node(c).parent).or_default() += stats[c as usize].mass;
    }
    by_parent
}

struct Flagged {
    /// Nodes left out of the output (with their subtrees).
    removed: Vec<bool>,
    /// Comment boxes outside the removed ones.
    comments: Vec<NodeId>,
    /// Prose of the removed boxes that sparing prose would not bring back.
    surely_boilerplate: f32,
}

/// Marks boilerplate and hidden boxes as removed, unless they hold much of the page's
/// `prose`, and lists the comment boxes outside them. With `spare_prose`, boxes whose text
/// reads as prose stay too (overlays, recommendations and hidden boxes excepted). On a `product`
/// page, forms are not boilerplate (the add-to-cart form holds the product's options and often
/// its description) and carousels are (of other products).
fn remove_flagged(tree: &Tree, prose: &[f32], stats: &[Stats], spare_prose: bool, product: bool) -> Flagged {
    let n = tree.nodes.len();
    let main = (1..n).find(|&id| tree.nodes[id].tag == Tag::Main && prose[id] >= MAIN_ELEMENT_PROSE).map(|id| id as NodeId);
    let mut removed = vec![false; n];
    let mut comments = Vec::new();
    let mut surely_boilerplate = 0.0;
    // The text outside all furniture, counted when a furniture box first holds nearly all the prose.
    let mut beside_furniture = None;
    // Inside the page's marked content, where a <header> holds an article's title.
    let mut in_content = vec![false; n];
    // Inside a box that a class word called boilerplate but that held much of the prose: the
    // site's class words mislead here ("promo" on every card of a services page).
    let mut misled = vec![false; n];
    // (Summed on the first such box only: most pages keep none.)
    let mut flagged_inside = None;
    for id in 1..n {
        let node = &tree.nodes[id];
        let parent = node.parent as usize;
        if removed[parent] {
            removed[id] = true;
            continue;
        }
        in_content[id] = in_content[parent] || matches!(node.tag, Tag::Main | Tag::Article) || node.hints & hints::MAIN != 0;
        misled[id] = misled[parent];
        let furniture = is_furniture(node) || node.tag == Tag::Header && !in_content[id];
        // Beside the page's <main>, furniture is furniture however wordy (an Apple footer of
        // legal notes outweighs the product grid).
        if furniture && !in_content[id] && main.is_some_and(|m| !is_ancestor(tree, id as NodeId, m)) {
            removed[id] = true;
            surely_boilerplate += prose[id];
            continue;
        }
        // A form's text is labels, choices and consent notes (search, sign-up, contact forms);
        // a page wrapped whole in a form (ASP.NET) keeps it as the guard below spares it. A form
        // that shows one price, or two (was and now), is an order form: the item's name, code
        // and price, which shops that declare no product put in it. (A filter's price ranges
        // and a grid of items show more.)
        let form = node.tag == Tag::Form && !product && !(1..=2).contains(&prices_in(tree, id as NodeId));
        let other_products = product && node.hints & hints::CAROUSEL != 0;
        let reads_as_prose = prose[id] >= PROSE_PER_CHAR * stats[id].chars as f32;
        let tab_labels = node.hints & hints::TABS != 0 && !reads_as_prose;
        let page_links = node.hints & hints::PAGER != 0
            && (stats[id].chars < PAGED_LIST_CHARS || stats[id].link_density() >= PAGED_LIST_LINK_DENSITY);
        let boilerplate_box = furniture
            || form
            || other_products
            || tab_labels
            || page_links
            || node.hints & (hints::BOILERPLATE | hints::HIDDEN) != 0;
        // A box that only a class word calls boilerplate, or that is only hidden, may be the
        // page's content column or a wrapper a script reveals: it stays if it holds much of
        // the prose. Overlays, furniture tags, boxes a heading names as recommendations and
        // hidden boxes that a class word also calls boilerplate are surer, and only go when they
        // would take nearly all of it (a privacy policy in a modal, a footer listing every
        // office, a banner of shipping terms).
        let hidden_boilerplate = node.hints & (hints::HIDDEN | hints::BOILERPLATE) == hints::HIDDEN | hints::BOILERPLATE;
        let sure = furniture || hidden_boilerplate || node.hints & (hints::OVERLAY | hints::RECOMMENDATIONS) != 0;
        // A page whose only prose is a notice in its link-filled footer (an app shell, the rest
        // drawn by a script) has no content there.
        let guard = if furniture && stats[id].link_density() > FURNITURE_LINK_DENSITY {
            f32::INFINITY
        } else if sure {
            0.8
        } else {
            0.4
        };
        // Hidden prose outside the page furniture is collapsed answers and "read more" text,
        // whether or not the page marks its content.
        let collapsed_prose = !furniture
            && node.hints & (hints::COLLAPSED | hints::BOILERPLATE | hints::OVERLAY) == hints::COLLAPSED
            && stats[id].chars >= COLLAPSED_PROSE_CHARS
            && reads_as_prose;
        let never_spared = furniture || node.hints & (hints::OVERLAY | hints::HIDDEN | hints::RECOMMENDATIONS) != 0;
        let spared = collapsed_prose || (spare_prose || misled[id]) && !never_spared && reads_as_prose;
        let outweighs = prose[id] >= guard * prose[0];
        // (Furniture tags only: the text beside is counted outside them, and a page header
        // counted as beside itself would always go.)
        let content_beside = is_furniture(node)
            && outweighs
            && *beside_furniture.get_or_insert_with(|| stats[0].chars.saturating_sub(furniture_chars(tree, stats)) as f32)
                >= CONTENT_BESIDE_FURNITURE * stats[id].chars as f32;
        if boilerplate_box && (!outweighs || content_beside) && !spared && !matches!(node.tag, Tag::Html | Tag::Body) {
            removed[id] = true;
            if never_spared {
                surely_boilerplate += prose[id];
            }
        } else {
            misled[id] |= node.hints & hints::BOILERPLATE != 0
                && !never_spared
                && prose[id] < MISLED_SHARE * prose[0]
                && flagged_inside.get_or_insert_with(|| flagged_prose_inside(tree, prose))[id] >= MISLED_INNER_SHARE * prose[id];
            if node.hints & hints::COMMENTS != 0 && !comments.iter().any(|&c| is_ancestor(tree, c, id as NodeId)) {
                comments.push(id as NodeId);
            }
        }
    }
    Flagged { removed, comments, surely_boilerplate }
}

/// The prose of the outermost boxes flagged as boilerplate inside each box.
fn flagged_prose_inside(tree: &Tree, prose: &[f32]) -> Vec<f32> {
    let mut inside = vec![0f32; tree.nodes.len()];
    for id in (1..tree.nodes.len()).rev() {
        let node = &tree.nodes[id];
        let own = if node.hints & hints::BOILERPLATE != 0 { prose[id] } else { inside[id] };
        inside[node.parent as usize] += own;
    }
    inside
}

/// The prices shown in the text of `id`.
fn prices_in(tree: &Tree, id: NodeId) -> usize {
    tree.children(id)
        .iter()
        .map(|c| match *c {
            Child::Text(s, e) => crate::classify::count_prices(tree.text_of(s, e)),
            Child::Node(c) => prices_in(tree, c),
        })
        .sum()
}

/// Priced items a box must hold to be a grid of products.
const PRODUCT_GRID_ITEMS: usize = 3;

/// On a product page whose title box shows the product's price, a box of three or more items
/// that each link somewhere and show a price or two is a grid of other products ("How about
/// these?", "Complete the look", "Customers also bought"), whatever its heading says. (Where
/// the title box shows no price, the page may be a category declared as a product, whose grid is
/// its content.)
fn remove_other_products(tree: &Tree, removed: &mut [bool], title_box: NodeId) {
    let n = tree.nodes.len();
    let (mut prices, mut links) = (vec![0u32; n], vec![0u32; n]);
    for id in (0..n).rev() {
        for child in tree.children(id as NodeId) {
            if let Child::Text(s, e) = *child {
                prices[id] += crate::classify::count_prices(tree.text_of(s, e)) as u32;
            }
        }
        links[id] += (tree.nodes[id].tag == Tag::A) as u32;
        if id > 0 {
            let parent = tree.nodes[id].parent as usize;
            prices[parent] += prices[id];
            links[parent] += links[id];
        }
    }
    if prices[title_box as usize] == 0 {
        return;
    }
    let priced_item = |c: &Child| matches!(*c, Child::Node(c) if (1..=2).contains(&prices[c as usize]) && links[c as usize] > 0);
    // The title box, the boxes around it and those inside it hold the product itself.
    let mut product = vec![false; n];
    for a in std::iter::once(title_box).chain(tree.ancestors(title_box)) {
        product[a as usize] = true;
    }
    for id in 1..n {
        let parent = tree.nodes[id].parent as usize;
        if removed[parent] {
            removed[id] = true;
            continue;
        }
        product[id] |= parent == title_box as usize || product[parent] && parent > title_box as usize;
        if removed[id] || product[id] {
            continue;
        }
        if tree.children(id as NodeId).iter().filter(|c| priced_item(c)).count() >= PRODUCT_GRID_ITEMS {
            removed[id] = true;
        }
    }
}

/// Sums the prose weight of every text block into its ancestors, skipping removed boxes.
fn sum_mass(tree: &Tree, inline: &[Stats], removed: &[bool], headline_weight: f32) -> Vec<f32> {
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

fn is_ancestor(tree: &Tree, ancestor: NodeId, id: NodeId) -> bool {
    tree.ancestors(id).any(|a| a == ancestor)
}

/// Elements that are page furniture by their tag, wherever they stand: navigation, asides and
/// footers (not a product's description sheet drawn in an `<aside>`, see `details`).
fn is_furniture(node: &Node) -> bool {
    matches!(node.tag, Tag::Nav | Tag::Aside | Tag::Footer) && node.hints & hints::DETAILS == 0
}

/// Characters in the page's furniture (its outermost `<nav>`, `<aside>` and `<footer>` boxes).
fn furniture_chars(tree: &Tree, stats: &[Stats]) -> u32 {
    let mut inside = vec![false; tree.nodes.len()];
    let mut chars = 0;
    for (id, node) in tree.nodes.iter().enumerate().skip(1) {
        let parent_inside = inside[node.parent as usize];
        inside[id] = parent_inside || is_furniture(node);
        if inside[id] && !parent_inside {
            chars += stats[id].chars;
        }
    }
    chars
}

/// Walks down from the page (or the container it marks as main) into the child holding most of
/// the good text. It never enters a comment box: comments are not the content, and posts belong
/// with the thread around them, whose first post sits outside the box. For the same reason it
/// never walks away from the `posts` it keeps, into a long first post beside them.
fn find_root(tree: &Tree, stats: &[Stats], removed: &[bool], comment_boxes: &[NodeId], posts: &[NodeId], title_box: Option<NodeId>, thread: bool, t: &Thresholds) -> NodeId {
    let total = stats[0].mass;
    if total <= 0.0 {
        return body(tree);
    }
    // A container the page marks as its main content, if it holds enough of the good text.
    let marked = (1..tree.nodes.len())
        .filter(|&id| !removed[id])
        .filter(|&id| {
            let node = &tree.nodes[id];
            // A thread's `<article>`s are its posts, the first of them often most of its text.
            node.hints & hints::MAIN != 0 || node.tag == Tag::Main || node.tag == Tag::Article && !thread
        })
        .max_by(|&a, &b| stats[a].mass.total_cmp(&stats[b].mass))
        .filter(|&id| stats[id].mass >= 0.5 * total);
    let mut current = marked.map_or_else(|| body(tree), |id| id as NodeId);
    loop {
        if tree.node(current).hints & hints::ENTITY != 0 {
            return current;
        }
        let here = stats[current as usize].mass;
        let best = tree
            .children(current)
            .iter()
            .filter_map(|c| match *c {
                Child::Node(id) if !removed[id as usize] && !comment_boxes.contains(&id) => Some(id),
                _ => None,
            })
            .max_by(|&a, &b| stats[a as usize].mass.total_cmp(&stats[b as usize].mass));
        match best {
            // Text blocks are not containers: the content around a dominant paragraph belongs
            // with it. A table cell is a column of the page's layout, whatever it holds: what
            // is around it is other columns (a cell of text broken by `<br>`s beside a column
            // of links).
            Some(child)
                if stats[child as usize].mass >= t.descend * here
                    && here > 0.0
                    && !tree.children(current).iter().any(|c| matches!(c, Child::Node(id) if posts.contains(id)))
                    && !has_peer_section(tree, current, child, stats, removed, comment_boxes)
                    && !(thread && is_first_of_posts(tree, current, child, stats, removed))
                    && !title_box.is_some_and(|b| leaves_behind(tree, current, child, b))
                    && (!is_text_block(tree, child) || matches!(tree.node(child).tag, Tag::Td | Tag::Th)) =>
            {
                current = child
            }
            _ => return current,
        }
    }
}

/// A block of text rather than a container of blocks: a paragraph, heading, code block or
/// caption, or any box whose only blocks inside are line breaks (a `<div>` used as a paragraph).
fn is_text_block(tree: &Tree, id: NodeId) -> bool {
    let node = tree.node(id);
    matches!(node.tag, Tag::P | Tag::H(_) | Tag::Pre | Tag::Blockquote | Tag::Figcaption | Tag::Caption | Tag::Dt | Tag::Dd)
        || !tree.holds_blocks(id)
}

/// The smallest box around the page's first `<h1>` that holds [`TITLE_BOX_CHARS`] more
/// characters than the heading.
fn title_box(tree: &Tree, stats: &[Stats], removed: &[bool]) -> Option<NodeId> {
    let h1 = (1..tree.nodes.len()).find(|&id| !removed[id] && tree.nodes[id].tag == Tag::H(1))? as NodeId;
    let least = stats[h1 as usize].chars + TITLE_BOX_CHARS;
    tree.ancestors(h1).find(|&a| stats[a as usize].chars >= least)
}

/// Whether descending from `current` into `child` leaves `id`, inside `current`, behind.
fn leaves_behind(tree: &Tree, current: NodeId, child: NodeId, id: NodeId) -> bool {
    id != child && is_ancestor(tree, current, id) && !is_ancestor(tree, child, id)
}

/// Whether a box whose `before` siblings are these comes right after a heading the page keeps:
/// the list of a section of its own (a guide's picks under "Best digital oscilloscopes"), not a
/// box of links beside the prose.
fn follows_heading(tree: &Tree, before: &[Child], removed: &[bool]) -> bool {
    before
        .iter()
        .rev()
        .find(|c| !tree.is_blank(c))
        .is_some_and(|c| matches!(*c, Child::Node(h) if tree.node(h).tag.is_heading() && !removed[h as usize]))
}

/// The level of the heading a box opens with (`<section><header><h2>`), if it opens with one.
fn leading_heading(tree: &Tree, id: NodeId) -> Option<u8> {
    let mut at = id;
    for _ in 0..3 {
        let Child::Node(first) = *tree.children(at).iter().find(|c| !tree.is_blank(c))? else { return None };
        if let Tag::H(level) = tree.node(first).tag {
            return Some(level);
        }
        at = first;
    }
    None
}

/// Whether `child`, a section opening with a heading, has a sibling section opening with a heading
/// of the same level and holding a tenth of its prose or more: the page's content is the run of
/// sections, not its longest one (a reference page's "Parameters" beside its "Description").
fn has_peer_section(tree: &Tree, parent: NodeId, child: NodeId, stats: &[Stats], removed: &[bool], comment_boxes: &[NodeId]) -> bool {
    let Some(level) = leading_heading(tree, child) else { return false };
    tree.children(parent).iter().any(|c| match *c {
        Child::Node(id) if id != child && !removed[id as usize] && !comment_boxes.contains(&id) => {
            stats[id as usize].mass > PEER_SECTION_SHARE * stats[child as usize].mass && leading_heading(tree, id) == Some(level)
        }
        _ => false,
    })
}

/// Whether `child` is one of a thread's posts: two or more list items or `<article>`s beside it,
/// or a box built as it is (the same tags down its first children), hold a remark's prose. A
/// long first post holds most of the thread's text, but the replies under it are the thread
/// too, even when the markup does not name them as comments.
fn is_first_of_posts(tree: &Tree, parent: NodeId, child: NodeId, stats: &[Stats], removed: &[bool]) -> bool {
    let tag = tree.node(child).tag;
    let mut replies = tree.children(parent).iter().filter_map(|c| match *c {
        Child::Node(id) if id != child && !removed[id as usize] && tree.node(id).tag == tag && stats[id as usize].mass >= REMARK_MASS => Some(id),
        _ => None,
    });
    if matches!(tag, Tag::Li | Tag::Article) {
        return replies.take(2).count() == 2;
    }
    let own_shape = shape(tree, child);
    own_shape.len() == SHAPE_DEPTH && replies.any(|id| shape(tree, id) == own_shape)
}

/// Levels of first children that make a post's shape: enough for a forum's nested boxes and
/// tables, more than two `<div>`s around text have.
const SHAPE_DEPTH: usize = 5;

/// The tags down `id`'s first child elements, [`SHAPE_DEPTH`] of them at most.
fn shape(tree: &Tree, id: NodeId) -> Vec<Tag> {
    let mut tags = vec![tree.node(id).tag];
    let mut at = id;
    while tags.len() < SHAPE_DEPTH {
        let Some(&Child::Node(first)) = tree.children(at).iter().find(|c| matches!(c, Child::Node(_))) else { break };
        tags.push(tree.node(first).tag);
        at = first;
    }
    tags
}

/// `root` and the prose paragraphs among its siblings ([`PARAGRAPH_CHARS`]), which read as
/// content wherever the markup left them; beside a listing, its intro line too.
fn with_orphan_paragraphs(tree: &Tree, root: NodeId, stats: &[Stats], removed: &[bool]) -> Vec<NodeId> {
    if root == Tree::ROOT || tree.node(root).tag == Tag::Body {
        return vec![root];
    }
    // A listing's intro is a line or two ("These are jobs at YC startups. See more at ...").
    let listing = stats[root as usize].is_listing();
    let (min_chars, max_link_density) = if listing { (LISTING_INTRO_CHARS, LISTING_INTRO_LINK_DENSITY) } else { (PARAGRAPH_CHARS, PARAGRAPH_LINK_DENSITY) };
    let orphan = |id: NodeId| {
        let node = tree.node(id);
        !removed[id as usize]
            && matches!(node.tag, Tag::P | Tag::Div | Tag::Blockquote)
            && !tree.holds_blocks(id)
            && stats[id as usize].reads_as_prose(min_chars, max_link_density)
    };
    tree.children(tree.node(root).parent)
        .iter()
        .filter_map(|c| match *c {
            Child::Node(id) if id == root || orphan(id) => Some(id),
            _ => None,
        })
        .collect()
}

/// The prose blocks between the page's `<h1>` and `root`, when the markup keeps the headline's
/// standfirst or an intro box apart from the body it chose: short text (bylines, dates,
/// captions) and link lists stay out, and so does everything when the region is long (the
/// `<h1>` is then a banner far above the content).
fn lede(tree: &Tree, root: NodeId, stats: &[Stats], removed: &[bool], comment_boxes: &[NodeId], headline_side: bool) -> Vec<NodeId> {
    let Some(h1) = tree.nodes.iter().position(|n| n.tag == Tag::H(1)).map(|i| i as NodeId) else { return Vec::new() };
    // (A box removed as boilerplate has its whole subtree marked, so this covers the `<h1>`'s
    // ancestors; `prune` marks boxes only inside `root`, which the `<h1>` precedes.)
    if h1 >= root || removed[h1 as usize] {
        return Vec::new();
    }
    // The region's outermost boxes: the children, between the two, of the boxes on the way
    // from the `<h1>` up to the smallest box that also holds `root`, and from there down to it.
    let up_h1: Vec<NodeId> = tree.ancestors(h1).collect();
    let up_root: Vec<NodeId> = std::iter::once(root).chain(tree.ancestors(root)).collect();
    let Some((common_h1, common_root)) = up_h1.iter().enumerate().find_map(|(i, a)| up_root.iter().position(|b| b == a).map(|j| (i, j))) else {
        return Vec::new();
    };
    let beside_h1 = if headline_side { &up_h1[..=common_h1] } else { &up_h1[common_h1..=common_h1] };
    let beside_root = &up_root[1..common_root];
    let mut region: Vec<NodeId> = beside_h1
        .iter()
        .chain(beside_root)
        .flat_map(|&p| tree.children(p))
        .filter_map(|c| match *c {
            Child::Node(c) if c > h1 && c < root && !up_root.contains(&c) => Some(c),
            _ => None,
        })
        .collect();
    region.sort_unstable();
    let region_chars: u32 = region.iter().map(|&id| stats[id as usize].chars).sum();
    if region_chars > LEDE_REGION_CHARS {
        return Vec::new();
    }
    let mut lede = Vec::new();
    let mut stack: Vec<NodeId> = region.into_iter().rev().collect();
    while let Some(id) = stack.pop() {
        let s = stats[id as usize];
        if removed[id as usize] || comment_boxes.contains(&id) || tree.node(id).hints & hints::BYLINE != 0 || s.chars == 0 {
            continue;
        }
        if !is_text_block(tree, id) {
            stack.extend(tree.children(id).iter().rev().filter_map(|c| match *c {
                Child::Node(c) => Some(c),
                Child::Text(..) => None,
            }));
        } else if s.reads_as_prose(PARAGRAPH_CHARS, PARAGRAPH_LINK_DENSITY) {
            lede.push(id);
        }
    }
    lede
}

fn body(tree: &Tree) -> NodeId {
    tree.nodes.iter().position(|n| n.tag == Tag::Body).map_or(Tree::ROOT, |i| i as NodeId)
}

/// Removes link-dense boxes without prose inside the chosen subtree.
fn prune(tree: &Tree, root: NodeId, stats: &[Stats], removed: &mut [bool], t: &Thresholds) {
    // With little prose around them, lists of item titles are the page (a job board, a
    // section front); beside an article they are an archive or "more stories", unless a
    // heading of their own introduces them.
    let listing = stats[root as usize].is_listing();
    let mut pruned = Vec::new();
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        let children = tree.children(id);
        for (at, child) in children.iter().enumerate() {
            let Child::Node(c) = *child else { continue };
            let ci = c as usize;
            if removed[ci] {
                continue;
            }
            let s = stats[ci];
            let node = tree.node(c);
            let container = matches!(node.tag, Tag::Div | Tag::Section | Tag::Ul | Tag::Ol | Tag::Table | Tag::Header | Tag::Dl | Tag::Form | Tag::OtherBlock);
            let unlinked = s.chars - s.link_chars;
            let items = s.headline_links() && (listing || follows_heading(tree, &children[..at], removed));
            if container && s.chars > 0 && s.link_density() > t.prune_link_density && unlinked < t.prune_keep_text && !items && !holds_prose_block(tree, c, stats, removed) {
                pruned.push(c);
            } else {
                stack.push(c);
            }
        }
    }
    // Link boxes that hold a large share of the chosen text are its items (a feed of posts,
    // each a title with tag and author links; a grid of products; a list of releases), not
    // boxes of links beside it, however much prose is around them: beside an article, its
    // "more stories" and tag lists are a small share of the text.
    // (Unless the content is page furniture, left as the root of a page without content.)
    // (Not a menu printed again below the prose, as above it: a mailing list archive's links
    // to the messages before and after its message. An item's one link, its author's name,
    // may rightly come twice.)
    let around_prose = menus_around_prose(tree, stats, &pruned);
    let pruned_chars: u32 = pruned.iter().filter(|c| !around_prose.contains(c)).map(|&c| stats[c as usize].chars).sum();
    let in_furniture = std::iter::once(root).chain(tree.ancestors(root)).any(|id| is_furniture(tree.node(id)));
    let items = !in_furniture && pruned_chars as f32 > LISTING_ITEMS_SHARE * stats[root as usize].chars as f32;
    for c in pruned {
        if !items || around_prose.contains(&c) {
            removed[c as usize] = true;
        }
    }
}

/// Links a box needs to be a menu.
const MENU_LINKS: u32 = 3;

/// Of the `boxes` of links, the menus printed twice with prose between the copies. Copies are
/// found as neighbours once sorted by their counts, then by place: each gap between two copies is
/// read once, and a page of a thousand alike boxes costs one pass over its nodes per kind of box.
fn menus_around_prose(tree: &Tree, stats: &[Stats], boxes: &[NodeId]) -> Vec<NodeId> {
    let counts = |id: NodeId| {
        let s = stats[id as usize];
        (s.chars, s.links, s.link_chars)
    };
    let mut menus: Vec<NodeId> = boxes.iter().copied().filter(|&c| stats[c as usize].links >= MENU_LINKS).collect();
    menus.sort_unstable_by_key(|&c| (counts(c), c));
    let mut found = Vec::new();
    for pair in menus.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if counts(a) == counts(b) && prose_between(tree, stats, a, b) && tree.plain_text(a) == tree.plain_text(b) {
            found.extend([a, b]);
        }
    }
    found
}

/// Whether a text block that reads as prose, and outweighs box `first`, stands between it and
/// the box `last` after it (node ids run in document order).
fn prose_between(tree: &Tree, stats: &[Stats], first: NodeId, last: NodeId) -> bool {
    (first + 1..last).any(|id| {
        let s = &stats[id as usize];
        is_text_block(tree, id) && !is_ancestor(tree, first, id) && s.mass >= s.chars as f32 && s.mass > stats[first as usize].chars as f32
    })
}

/// Whether a paragraph of prose sits inside `id`: a box of links around one (an item's blurb
/// above its "read more" links) is pruned around it, not with it.
fn holds_prose_block(tree: &Tree, id: NodeId, stats: &[Stats], removed: &[bool]) -> bool {
    tree.children(id).iter().any(|c| match *c {
        Child::Node(c) if !removed[c as usize] => {
            if is_text_block(tree, c) {
                stats[c as usize].reads_as_prose(PARAGRAPH_CHARS, PARAGRAPH_LINK_DENSITY)
            } else {
                holds_prose_block(tree, c, stats, removed)
            }
        }
        _ => false,
    })
}

/// Removes the feeds of other stories inside the content: boxes of [`FEED_TEASERS`] or more
/// short `<article>` cards, each with a link (and headings at most besides), holding less than
/// [`FEED_SHARE`] of its prose. A news site's "more stories" often has no heading to name it, and
/// its teasers' excerpts are prose, not links; but it is laid out as cards, which the content
/// itself is not.
fn remove_teaser_feeds(tree: &Tree, root: NodeId, stats: &[Stats], removed: &mut [bool]) {
    // Most pages have too few `<article>` elements for a feed: one scan of the node list spares
    // them the walk.
    if tree.nodes.iter().filter(|n| n.tag == Tag::Article).nth(FEED_TEASERS - 1).is_none() {
        return;
    }
    let limit = FEED_SHARE * stats[root as usize].mass;
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        for child in tree.children(id) {
            let Child::Node(c) = *child else { continue };
            if removed[c as usize] {
                continue;
            }
            if stats[c as usize].mass < limit && is_teaser_feed(tree, c, stats, removed) {
                removed[c as usize] = true;
            } else {
                stack.push(c);
            }
        }
    }
}

/// Does `id` hold [`FEED_TEASERS`] or more `<article>` cards, all short and each with a link,
/// and no other text but headings, whose links read as headlines taken together ("Learn more"
/// cards of a features grid do not)?
fn is_teaser_feed(tree: &Tree, id: NodeId, stats: &[Stats], removed: &[bool]) -> bool {
    let mut teasers = 0;
    let mut links = Stats::default();
    for child in tree.children(id) {
        let c = match *child {
            Child::Node(c) if !removed[c as usize] => c,
            Child::Text(..) if !tree.is_blank(child) => return false,
            _ => continue,
        };
        let s = stats[c as usize];
        match tree.node(c).tag {
            Tag::Article if s.chars < TEASER_CHARS && s.links > 0 => {
                links.add_counts(&s);
                teasers += 1;
            }
            Tag::H(_) => {}
            _ if s.chars > 0 => return false,
            _ => {}
        }
    }
    teasers >= FEED_TEASERS && links.headline_links()
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
