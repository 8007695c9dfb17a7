//! Comment boxes sorted into a thread's posts, which are its content, and comments set aside,
//! whose mass no longer counts toward choosing the content.

use super::measure::Stats;
use crate::classify::PageKind;
use crate::tree::{NodeId, NodeSet, Tree};
use std::collections::HashMap;

/// Above this much prose mass outside the comments, the page is a text with comments, not a
/// thread of posts (about 250 words of prose).
const COMMENTED_TEXT_MASS: f32 = 2500.0;

/// The prose mass of a post that remarks (comment boxes) can sit under (about 30 words), and
/// of a remark (a sentence: a reaction bar or a reply count is not one).
const POST_BODY_MASS: f32 = 250.0;
pub(super) const REMARK_MASS: f32 = 100.0;

pub(super) struct Comments {
    /// Every comment box.
    pub(super) boxes: NodeSet,
    /// The boxes that are the content: a thread's posts and replies.
    pub(super) posts: NodeSet,
    /// The boxes set aside, whose mass no longer counts in their ancestors'.
    pub(super) aside: Vec<NodeId>,
}

/// Sorts the comment `boxes` into posts and comments set aside. Comments that are most of the
/// page are its posts (forum threads, Q&A); beside an article, a product description or any
/// long text they are set aside, and do not count toward choosing the main content. On a Q&A
/// page, the remarks under each post are set aside first.
pub(super) fn sort_comments(tree: &Tree, stats: &mut [Stats], boxes: Vec<NodeId>, kind: PageKind) -> Comments {
    let remarks = if kind == PageKind::Discussion { remarks_under_posts(tree, stats, &boxes) } else { Vec::new() };
    set_aside(tree, stats, &remarks);
    let remark_set = NodeSet::of(tree, &remarks);
    let rest: Vec<NodeId> = boxes.iter().copied().filter(|&c| !remark_set.contains(c)).collect();
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
    Comments { boxes: NodeSet::of(tree, &boxes), posts: NodeSet::of(tree, &posts), aside }
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
