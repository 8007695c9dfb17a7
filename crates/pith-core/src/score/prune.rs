//! Inside the chosen root: boxes of links without prose, menus printed twice, and feeds of
//! other stories come out.

use super::measure::Stats;
use super::{is_ancestor, is_furniture, is_text_block, Thresholds, PARAGRAPH_CHARS, PARAGRAPH_LINK_DENSITY};
use crate::tags::Tag;
use crate::tree::{Child, NodeId, Tree};

/// Link boxes holding more than this share of the chosen content's text are its items.
const LISTING_ITEMS_SHARE: f32 = 0.3;

/// A box of this many short cards is a feed of other stories.
const FEED_TEASERS: usize = 3;
/// Characters below which a card is a teaser (a title, an excerpt of a sentence or three, a
/// byline or a date).
const TEASER_CHARS: u32 = 600;
/// Share of the content's prose teaser feeds stay under: more, and the feeds are the content.
const FEED_SHARE: f32 = 0.5;

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

/// Removes link-dense boxes without prose inside the chosen subtree.
pub(super) fn prune(tree: &Tree, root: NodeId, stats: &[Stats], removed: &mut [bool], t: &Thresholds) {
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
            if container
                && s.chars > 0
                && s.link_density() > t.prune_link_density
                && unlinked < t.prune_keep_text
                && !items
                && !holds_prose_block(tree, c, stats, removed)
                && !titles_prose(tree, c, &children[at + 1..], stats, removed)
                && !is_card_title(tree, c, stats)
                && !is_card(tree, c, stats, removed)
            {
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

/// Whether box `id` holds a heading alone and the sibling after it (one of `after`) holds prose:
/// the title of a section set in a box of its own (`<header><h3><a>White Oak Bayou Trail</a></h3>
/// </header><main><p>The trail extends…`), whose link goes to the place the section is about.
fn titles_prose(tree: &Tree, id: NodeId, after: &[Child], stats: &[Stats], removed: &[bool]) -> bool {
    tree.sole_child(id).is_some_and(|h| tree.node(h).tag.is_heading())
        && after.iter().find(|c| !tree.is_blank(c)).is_some_and(|c| match *c {
            Child::Node(next) => is_or_holds_prose_block(tree, next, stats, removed),
            Child::Text(..) => false,
        })
}

/// Items in a list that make it a grid of cards, for [`is_card_title`] and [`is_card`].
const CARD_ITEMS: usize = 3;

/// Whether `item` is an item (`<li>`, `<article>`) among [`CARD_ITEMS`] or more of its tag in
/// its list. (Counted no further than needed: this runs for each card of a list of thousands.)
fn is_grid_item(tree: &Tree, item: NodeId) -> bool {
    let (list, tag) = (tree.node(item).parent, tree.node(item).tag);
    matches!(tag, Tag::Li | Tag::Article) && tree.children(list).iter().filter(|c| matches!(**c, Child::Node(e) if tree.node(e).tag == tag)).nth(CARD_ITEMS - 1).is_some()
}

/// Whether `id` is one headline link, the title of a card: inside an item (`<li>`, `<article>`)
/// that holds more text than it (a price, a blurb), among [`CARD_ITEMS`] or more items alike.
/// A product grid's names sit in boxes of their own beside the prices the grid keeps.
fn is_card_title(tree: &Tree, id: NodeId, stats: &[Stats]) -> bool {
    let s = stats[id as usize];
    if s.links != 1 || !s.headline_links() {
        return false;
    }
    let Some(item) = tree.ancestors(id).take(3).find(|&a| matches!(tree.node(a).tag, Tag::Li | Tag::Article)) else { return false };
    stats[item as usize].chars > s.chars && is_grid_item(tree, item)
}

/// Whether `id` is one card of a grid: a grid's item ([`is_grid_item`]) or a box up to four levels
/// into one, that holds a linked headline and unlinked text beside it (a blurb, a byline). A card
/// whose blurb is a few words is as link-dense as a menu; it goes or stays with its grid.
fn is_card(tree: &Tree, id: NodeId, stats: &[Stats], removed: &[bool]) -> bool {
    let s = stats[id as usize];
    s.chars > s.link_chars
        && std::iter::once(id).chain(tree.ancestors(id)).take(5).any(|item| is_grid_item(tree, item))
        && linked_headline_inside(tree, id, stats, removed).is_some_and(|h| stats[h as usize].headline_links())
}

/// Whether a paragraph of prose sits inside `id`: a box of links around one (an item's blurb
/// above its "read more" links) is pruned around it, not with it.
fn holds_prose_block(tree: &Tree, id: NodeId, stats: &[Stats], removed: &[bool]) -> bool {
    tree.children(id).iter().any(|c| match *c {
        Child::Node(c) => is_or_holds_prose_block(tree, c, stats, removed),
        Child::Text(..) => false,
    })
}

/// Whether `id`, not removed, is a paragraph of prose or holds one.
fn is_or_holds_prose_block(tree: &Tree, id: NodeId, stats: &[Stats], removed: &[bool]) -> bool {
    !removed[id as usize]
        && if is_text_block(tree, id) {
            stats[id as usize].reads_as_prose(PARAGRAPH_CHARS, PARAGRAPH_LINK_DENSITY)
        } else {
            holds_prose_block(tree, id, stats, removed)
        }
}

/// Removes the feeds of other stories inside the content: boxes of [`FEED_TEASERS`] or more
/// short cards (see [`is_teaser_feed`]), when together they hold less than [`FEED_SHARE`] of its
/// prose (more, and the feeds are the content: a section front declared as an article). A news
/// site's "more stories" often has no heading to name it, and its teasers' excerpts are prose, not
/// links; but it is laid out as cards, which the content itself is not.
pub(super) fn remove_teaser_feeds(tree: &Tree, root: NodeId, stats: &[Stats], removed: &mut [bool], article_page: bool) {
    // Most pages have too few cards for a feed: one scan of the node list spares them the walk.
    let card = |id: usize| tree.nodes[id].tag == Tag::Article || article_page && is_linked_headline(tree, id as NodeId, stats);
    if (0..tree.nodes.len()).filter(|&id| card(id)).nth(FEED_TEASERS - 1).is_none() {
        return;
    }
    let mut feeds = Vec::new();
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        for child in tree.children(id) {
            let Child::Node(c) = *child else { continue };
            if removed[c as usize] {
                continue;
            }
            if is_teaser_feed(tree, c, stats, removed, article_page) {
                feeds.push(c);
            } else {
                stack.push(c);
            }
        }
    }
    let in_feeds: f32 = feeds.iter().map(|&c| stats[c as usize].mass).sum();
    if in_feeds < FEED_SHARE * stats[root as usize].mass {
        for c in feeds {
            removed[c as usize] = true;
        }
    }
}

/// Does `id` hold [`FEED_TEASERS`] or more cards, all short, and no other text but headings? A
/// card is an `<article>` with a link, and the links of such cards must read as headlines taken
/// together ("Learn more" cards of a features grid do not); on an article's page, any box under a
/// linked headline is one too (a blog's "more posts": image, category, headline, excerpt).
fn is_teaser_feed(tree: &Tree, id: NodeId, stats: &[Stats], removed: &[bool], article_page: bool) -> bool {
    let (mut articles, mut headed) = (0, 0);
    let mut article_links = Stats::default();
    for child in tree.children(id) {
        let c = match *child {
            Child::Node(c) if !removed[c as usize] => c,
            Child::Text(..) if !tree.is_blank(child) => return false,
            _ => continue,
        };
        let s = stats[c as usize];
        let short = s.chars < TEASER_CHARS;
        match tree.node(c).tag {
            Tag::H(_) => {}
            Tag::Article if short && s.links > 0 => {
                article_links.add_counts(&s);
                articles += 1;
            }
            _ if short && article_page && under_linked_headline(tree, c, stats, removed) => headed += 1,
            _ if s.chars > 0 => return false,
            _ => {}
        }
    }
    articles + headed >= FEED_TEASERS && (articles == 0 || article_links.headline_links())
}

/// A heading whose text is all one link's: a card's headline, leading elsewhere. (Not
/// `classify::is_linked_heading`, the page type's looser count, which takes a heading that holds
/// any link: a section's heading with a link in its words would make its section a card.)
fn is_linked_headline(tree: &Tree, id: NodeId, stats: &[Stats]) -> bool {
    let s = &stats[id as usize];
    tree.node(id).tag.is_heading() && s.links == 1 && s.chars > 0 && s.link_chars == s.chars
}

/// Whether a linked headline ([`is_linked_headline`]) stands inside `id`.
fn under_linked_headline(tree: &Tree, id: NodeId, stats: &[Stats], removed: &[bool]) -> bool {
    linked_headline_inside(tree, id, stats, removed).is_some()
}

/// The first linked headline ([`is_linked_headline`]) inside `id`.
fn linked_headline_inside(tree: &Tree, id: NodeId, stats: &[Stats], removed: &[bool]) -> Option<NodeId> {
    tree.children(id).iter().find_map(|c| match *c {
        Child::Node(c) if !removed[c as usize] => {
            if is_linked_headline(tree, c, stats) { Some(c) } else { linked_headline_inside(tree, c, stats, removed) }
        }
        _ => None,
    })
}
