//! Prose the markup left outside the chosen root that belongs with it: paragraphs among its
//! siblings, and the standfirst or intro between the page's headline and it.

use super::measure::Stats;
use super::{is_text_block, PARAGRAPH_CHARS, PARAGRAPH_LINK_DENSITY};
use crate::hints;
use crate::tags::Tag;
use crate::tree::{Child, NodeId, NodeSet, Tree};

/// Characters of a sentence beside a listing that make it the listing's intro,
const LISTING_INTRO_CHARS: u32 = 20;
/// and the link density it stays under (an intro may point to the full list).
const LISTING_INTRO_LINK_DENSITY: f32 = 0.5;

/// Text between the `<h1>` and the content beyond which the headline is too far away for the
/// blocks between to be its standfirst.
const LEDE_REGION_CHARS: u32 = 4000;

/// `root` and the prose paragraphs among its siblings ([`PARAGRAPH_CHARS`]), which read as
/// content wherever the markup left them; beside a listing, its intro line too.
pub(super) fn with_orphan_paragraphs(tree: &Tree, root: NodeId, stats: &[Stats], removed: &[bool]) -> Vec<NodeId> {
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
/// `<h1>` is then a banner far above the content). With `headline_side`, the boxes around the
/// `<h1>` count too, not only those between the box that holds it and `root`.
pub(super) fn lede(tree: &Tree, root: NodeId, stats: &[Stats], removed: &[bool], comment_boxes: &NodeSet, headline_side: bool) -> Vec<NodeId> {
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
        if removed[id as usize] || comment_boxes.contains(id) || tree.node(id).hints & hints::BYLINE != 0 || s.chars == 0 {
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
