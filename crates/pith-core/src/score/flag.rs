//! Boilerplate and hidden boxes left out before the content is chosen: those that class words,
//! roles and tags flag, unless they hold much of the page's prose, and on a product page the
//! grids of other products.

use super::measure::{sum_mass, Stats};
use super::{is_ancestor, is_furniture};
use crate::classify::PageKind;
use crate::hints;
use crate::tags::Tag;
use crate::tree::{Child, NodeId, Tree};

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

/// The boxes left out as boilerplate or hidden, and the comment boxes outside them.
pub(super) fn flag_boilerplate(tree: &Tree, inline: &[Stats], stats: &[Stats], kind: PageKind) -> (Vec<bool>, Vec<NodeId>) {
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
    // Inside a comment box already listed (a thread's reply links each say "comment").
    let mut in_comments = vec![false; n];
    for id in 1..n {
        let node = &tree.nodes[id];
        let parent = node.parent as usize;
        if removed[parent] {
            removed[id] = true;
            continue;
        }
        in_content[id] = in_content[parent] || matches!(node.tag, Tag::Main | Tag::Article) || node.hints & hints::MAIN != 0;
        misled[id] = misled[parent];
        in_comments[id] = in_comments[parent];
        // (A <header> opening a <section> is that section's title, not the page's header.)
        let page_header = node.tag == Tag::Header && !in_content[id] && tree.nodes[parent].tag != Tag::Section;
        let furniture = is_furniture(node) || page_header;
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
        // whether or not the page marks its content; on a product page, a collapsed tab of
        // tables is its specifications.
        let collapsed_prose = !furniture
            && node.hints & (hints::COLLAPSED | hints::BOILERPLATE | hints::OVERLAY) == hints::COLLAPSED
            && stats[id].chars >= COLLAPSED_PROSE_CHARS
            && (reads_as_prose || product && tree.holds(id as NodeId, &|c| tree.node(c).tag == Tag::Table));
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
            if node.hints & hints::COMMENTS != 0 && !in_comments[id] {
                comments.push(id as NodeId);
                in_comments[id] = true;
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
pub(super) fn remove_other_products(tree: &Tree, removed: &mut [bool], title_box: NodeId) {
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
