//! A maintainer's view of one extraction: the block tree as the scorer saw it, one line per box
//! with text, marked with its hint flags, its counts, and what the scorer made of it (the
//! chosen root `ROOT`, a root beside it `ROOT+`, removed boxes `x`, comments set aside `c`).
//! For tuning only (`cargo run --release --bin explain` in `bench/profile`); the extraction
//! itself never calls it.

use crate::api::{Hints, Options};
use crate::deadline::Deadline;
use crate::tree::{Child, NodeId, Tree};
use crate::{hints, pipeline, score};
use std::fmt::Write;

/// The outline of `html`'s block tree, boxes with fewer than `min_chars` characters left out.
pub fn explain(html: &[u8], hints: &Hints, options: &Options, min_chars: u32) -> String {
    match pipeline::score(html, hints, options, &Deadline::after(0.0)) {
        Ok(s) => {
            let mut out = format!("kind {:?}, root #{}, {} nodes\n", s.kind, s.selection.root, s.tree.nodes.len());
            write_box(&s.tree, &s.selection, Tree::ROOT, 0, min_chars, &mut out);
            out
        }
        Err(e) => format!("{e:?}\n"),
    }
}

fn write_box(tree: &Tree, selection: &score::Selection, id: NodeId, depth: usize, min_chars: u32, out: &mut String) {
    let s = selection.stats[id as usize];
    if s.chars < min_chars {
        return;
    }
    let node = tree.node(id);
    let mark = if id == selection.root {
        "ROOT"
    } else if selection.roots.contains(&id) {
        "ROOT+"
    } else if selection.removed[id as usize] {
        "x"
    } else if selection.comments.contains(&id) {
        "c"
    } else {
        ""
    };
    let flags: Vec<&str> = hints::NAMES.iter().filter(|(f, _)| node.hints & f != 0).map(|(_, n)| *n).collect();
    let mut own = String::new();
    for child in tree.children(id) {
        if let Child::Text(a, b) = *child {
            own.push_str(tree.text_of(a, b));
        }
    }
    let own: String = own.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(70).collect();
    let _ = writeln!(
        out,
        "{mark:5} {:indent$}#{id} {:?} [{}] chars {} links {} ld {:.2} punct {} mass {:.0}  {own}",
        "",
        node.tag,
        flags.join(","),
        s.chars,
        s.links,
        s.link_density(),
        s.punct,
        s.mass,
        indent = depth * 2
    );
    for child in tree.children(id) {
        if let Child::Node(c) = *child {
            write_box(tree, selection, c, depth + 1, min_chars, out);
        }
    }
}
