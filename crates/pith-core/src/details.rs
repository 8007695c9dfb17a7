//! Stage 2c: on a product page, a panel that opens over the page (a "Product details" modal, a
//! "Description" sheet or drawer) and that its own heading names as the product's description
//! is content: its overlay class or role, or the `<aside>` it is drawn in, says how it is shown,
//! not what it holds. Size guides, delivery terms and consent dialogs are named otherwise and
//! stay overlays.

use crate::classify::PageKind;
use crate::hints;
use crate::recommendations::short_label;
use crate::tags::Tag;
use crate::tree::{NodeId, Tree};

/// Headings that name a product's description, lower-cased, whole.
const DETAILS_LABELS: &[&str] = &[
    "description", "product description", "details", "product details", "product information", "product info",
    "about this item", "about this product", "about the product",
];

/// Marks the panels named as the product's description, and everything inside them, as
/// `DETAILS` instead of overlays or boilerplate (their inner boxes carry the same class words).
pub fn mark(tree: &mut Tree, kind: PageKind) {
    if kind != PageKind::Product {
        return;
    }
    let n = tree.nodes.len();
    let mut in_panel = vec![false; n];
    let mut label = String::new();
    for id in 1..n {
        let node = tree.node(id as NodeId);
        let parent = node.parent as usize;
        in_panel[id] = in_panel[parent] || node.hints & hints::OVERLAY != 0 && names_details(tree, id as NodeId, &mut label);
        if in_panel[id] {
            tree.nodes[id].hints = tree.nodes[id].hints & !(hints::OVERLAY | hints::BOILERPLATE) | hints::DETAILS;
        }
    }
}

/// Whether the first heading inside `id` names the product's description.
fn names_details(tree: &Tree, id: NodeId, label: &mut String) -> bool {
    // Nodes are numbered in document order: the subtree of `id` is the run of nodes after it
    // whose parents are `id` or come after it.
    let first_heading = (id + 1..tree.nodes.len() as NodeId)
        .take_while(|&j| tree.node(j).parent >= id)
        .find(|&j| matches!(tree.node(j).tag, Tag::H(_)));
    first_heading.is_some_and(|h| short_label(tree, h, label) && DETAILS_LABELS.contains(&label.as_str()))
}
