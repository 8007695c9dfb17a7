//! Stage 3: find the main content, in the stages of `select`: measure every node (text, link
//! text, punctuation) and weigh each text block by how much it reads like prose (`measure`);
//! leave out boilerplate boxes (`flag`); sort comment boxes into a thread's posts and comments
//! set aside (`comments`); walk down from the page (or from the container the page itself names
//! as main) into the child that holds most of the good text, and stop where the text is spread
//! over several children, so multi-section pages keep all their sections, or where the child
//! would leave the page's title box or a thread's replies behind (`root`); prune link-dense boxes
//! and feeds of other stories inside the winner (`prune`); take back the prose between the
//! page's headline and the winner, an intro the markup kept apart from the body (`lede`).

mod comments;
mod flag;
mod lede;
mod measure;
mod prune;
mod root;

use crate::api::Favor;
use crate::classify::PageKind;
use crate::hints;
use crate::tags::Tag;
use crate::tree::{Node, NodeId, Tree};
use comments::{sort_comments, Comments};
use flag::{flag_boilerplate, remove_other_products};
use lede::{lede, with_orphan_paragraphs};
use measure::{measure, sum_mass};
use prune::{prune, remove_teaser_feeds};
use root::{find_root, is_card_list, title_box};

pub use measure::Stats;

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

/// The prose weight of a block that is mostly a headline link.
const HEADLINE_WEIGHT: f32 = 0.4;

/// A text block this long (with punctuation, few links) is a paragraph of prose wherever the
/// markup left it: beside the content, between the `<h1>` and it (a standfirst, not a byline or
/// a date), inside a box of links.
const PARAGRAPH_CHARS: u32 = 80;
/// Link density under which such a block is prose.
const PARAGRAPH_LINK_DENSITY: f32 = 0.25;

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
        remove_teaser_feeds(tree, root, &stats, &mut removed, kind == PageKind::Article);
    }
    // Beside a declared article's body, the headline's own box is its header (byline, share
    // buttons, a standfirst left to the description); beside a listing laid out as cards, even
    // on a page declared an article (a recipe site's collection), it holds the list's intro.
    let headline_side = kind != PageKind::Article || stats[root as usize].is_listing() && is_card_list(tree, root, &removed);
    let mut roots = match kind {
        PageKind::Discussion => Vec::new(),
        _ => lede(tree, root, &stats, &removed, &comment_boxes, headline_side),
    };
    roots.extend(with_orphan_paragraphs(tree, root, &stats, &removed));
    roots.sort_unstable();
    roots.dedup();
    Selection { root, roots, removed, comments, stats }
}

fn is_ancestor(tree: &Tree, ancestor: NodeId, id: NodeId) -> bool {
    tree.ancestors(id).any(|a| a == ancestor)
}

/// Elements that are page furniture by their tag, wherever they stand: navigation, asides and
/// footers (not a product's description sheet drawn in an `<aside>`, see `details`).
fn is_furniture(node: &Node) -> bool {
    matches!(node.tag, Tag::Nav | Tag::Aside | Tag::Footer) && node.hints & hints::DETAILS == 0
}

/// A block of text rather than a container of blocks: a paragraph, heading, code block or
/// caption, or any box whose only blocks inside are line breaks (a `<div>` used as a paragraph).
fn is_text_block(tree: &Tree, id: NodeId) -> bool {
    let node = tree.node(id);
    matches!(node.tag, Tag::P | Tag::H(_) | Tag::Pre | Tag::Blockquote | Tag::Figcaption | Tag::Caption | Tag::Dt | Tag::Dd)
        || !tree.holds_blocks(id)
}
