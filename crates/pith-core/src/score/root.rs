//! The content's root: the walk down from the page into the child holding most of the good
//! text, and where it stops.

use super::comments::REMARK_MASS;
use super::measure::Stats;
use super::{is_ancestor, is_text_block, Thresholds};
use crate::hints;
use crate::tags::Tag;
use crate::tree::{Child, NodeId, NodeSet, Tree};

/// A box beside the one the walk to the root would enter counts as its peer (a section, a list
/// of cards) from this share of its prose.
const PEER_SHARE: f32 = 0.1;

/// Characters beside the `<h1>` that make its box a title box with text of its own (a lede, a
/// product's price and options) rather than a bare banner heading.
const TITLE_BOX_CHARS: u32 = 200;

/// Walks down from the page (or the container it marks as main) into the child holding most of
/// the good text. It never enters a comment box: comments are not the content, and posts belong
/// with the thread around them, whose first post sits outside the box. For the same reason it
/// never walks away from the `posts` it keeps, into a long first post beside them.
pub(super) fn find_root(tree: &Tree, stats: &[Stats], removed: &[bool], comment_boxes: &NodeSet, posts: &NodeSet, title_box: Option<NodeId>, thread: bool, t: &Thresholds) -> NodeId {
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
                Child::Node(id) if !removed[id as usize] && !comment_boxes.contains(id) => Some(id),
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
                    && !tree.children(current).iter().any(|c| matches!(c, Child::Node(id) if posts.contains(*id)))
                    && !has_peer_section(tree, current, child, stats, removed, comment_boxes)
                    && (thread || !has_peer_cards(tree, current, child, stats, removed, comment_boxes))
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

/// The smallest box around the page's first `<h1>` that holds [`TITLE_BOX_CHARS`] more
/// characters than the heading.
pub(super) fn title_box(tree: &Tree, stats: &[Stats], removed: &[bool]) -> Option<NodeId> {
    let h1 = (1..tree.nodes.len()).find(|&id| !removed[id] && tree.nodes[id].tag == Tag::H(1))? as NodeId;
    let least = stats[h1 as usize].chars + TITLE_BOX_CHARS;
    tree.ancestors(h1).find(|&a| stats[a as usize].chars >= least)
}

/// Whether descending from `current` into `child` leaves `id`, inside `current`, behind.
fn leaves_behind(tree: &Tree, current: NodeId, child: NodeId, id: NodeId) -> bool {
    id != child && is_ancestor(tree, current, id) && !is_ancestor(tree, child, id)
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

/// The siblings of `child` under `parent` big enough to be its peers: left in, no comment box,
/// and holding more than [`PEER_SHARE`] of its prose.
fn peers<'t>(tree: &'t Tree, parent: NodeId, child: NodeId, stats: &'t [Stats], removed: &'t [bool], comment_boxes: &'t NodeSet) -> impl Iterator<Item = NodeId> + 't {
    let least = PEER_SHARE * stats[child as usize].mass;
    tree.children(parent).iter().filter_map(move |c| match *c {
        Child::Node(id) if id != child && !removed[id as usize] && !comment_boxes.contains(id) && stats[id as usize].mass > least => Some(id),
        _ => None,
    })
}

/// Whether `child`, a section opening with a heading, has a peer section opening with a heading
/// of the same level: the page's content is the run of sections, not its longest one (a
/// reference page's "Parameters" beside its "Description").
fn has_peer_section(tree: &Tree, parent: NodeId, child: NodeId, stats: &[Stats], removed: &[bool], comment_boxes: &NodeSet) -> bool {
    let Some(level) = leading_heading(tree, child) else { return false };
    peers(tree, parent, child, stats, removed, comment_boxes).any(|id| leading_heading(tree, id) == Some(level))
}

/// Whether `child`, a list of cards, has a peer that is a list of cards too: a section page's
/// featured stories beside its feed, or a shop's featured products beside its grid, are both
/// the listing.
fn has_peer_cards(tree: &Tree, parent: NodeId, child: NodeId, stats: &[Stats], removed: &[bool], comment_boxes: &NodeSet) -> bool {
    let mut peers = peers(tree, parent, child, stats, removed, comment_boxes).peekable();
    peers.peek().is_some() && is_card_list(tree, child, removed) && peers.any(|id| is_card_list(tree, id, removed))
}

/// Wrappers with a single element inside that a card list may sit in.
const CARD_LIST_WRAPPERS: usize = 6;

/// Items of a list read to tell whether it is a list of cards.
const CARD_LIST_ITEMS: usize = 24;

/// Whether `id` is, inside single-element wrappers, a list whose items (its first
/// [`CARD_LIST_ITEMS`]) are mostly cards, two at least: `<article>`s (bare or each in an
/// `<li>`), or items built alike (the same tags down their first children, three or more).
pub(super) fn is_card_list(tree: &Tree, id: NodeId, removed: &[bool]) -> bool {
    let elements = |at: NodeId| {
        tree.children(at).iter().filter_map(move |c| match *c {
            Child::Node(e) if !removed[e as usize] => Some(e),
            _ => None,
        })
    };
    let mut at = id;
    for _ in 0..CARD_LIST_WRAPPERS {
        let mut inside = elements(at);
        match (inside.next(), inside.next()) {
            (Some(only), None) => at = only,
            _ => break,
        }
    }
    let shapes: Vec<Vec<Tag>> = elements(at).take(CARD_LIST_ITEMS).map(|e| shape(tree, e)).collect();
    let is_card = |item: &Vec<Tag>| {
        let article = item[0] == Tag::Article || item[0] == Tag::Li && item.get(1) == Some(&Tag::Article);
        article || item.len() >= 3 && shapes.iter().filter(|s| *s == item).count() >= 3
    };
    let cards = shapes.iter().filter(|s| is_card(s)).count();
    cards >= 2 && 2 * cards >= shapes.len()
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

fn body(tree: &Tree) -> NodeId {
    tree.nodes.iter().position(|n| n.tag == Tag::Body).map_or(Tree::ROOT, |i| i as NodeId)
}
