//! Stage 4: the selected content as plain text (with heading-path sections) and Markdown.

mod blocks;
mod markdown;
mod text;
mod tidy;

use crate::api::{Link, Options, Section};
use crate::normalize;
use crate::score::Selection;
use crate::tree::{NodeId, NodeSet, Tree};
use blocks::{Block, Kind, Walker};

pub struct Rendered {
    pub text: String,
    pub markdown: Option<String>,
    pub sections: Vec<Section>,
    pub links: Vec<Link>,
    pub comments: Option<String>,
}

/// Renders what `options` ask for (Markdown, comments and links are work only when asked);
/// `base` is the URL links resolve against (the page's `<base href>` or its own URL).
pub fn render(tree: &Tree, selection: &Selection, options: &Options, base: Option<&str>) -> Rendered {
    let comment_boxes = NodeSet::of(tree, &selection.comments);
    let is_comment = |id: NodeId| comment_boxes.contains(id);
    let mut walker = Walker::new(tree, &selection.removed, &is_comment);
    if options.markdown {
        walker = walker.with_markdown(base);
    }
    if options.links {
        walker = walker.with_links();
    }
    for &root in &selection.roots {
        walker.walk(root);
    }
    let blocks = tidy::tidy(normalized(walker.blocks));
    let (text, sections) = text::render(&blocks);
    let markdown = options.markdown.then(|| markdown::render(&blocks));
    let comments = (options.comments && !selection.comments.is_empty()).then(|| {
        let none = |_: NodeId| false;
        let mut walker = Walker::new(tree, &selection.removed, &none);
        for &c in &selection.comments {
            walker.walk(c);
        }
        text::render(&tidy::tidy_comments(normalized(walker.blocks))).0
    });
    let mut links = walker.links;
    for link in &mut links {
        link.text = normalize::text(std::mem::take(&mut link.text));
        if let Some(base) = base {
            link.href = crate::url::resolve(base, &link.href);
        }
        // As a browser requests it: tabs and line breaks inside the address dropped, spaces escaped.
        if link.href.contains([' ', '\t', '\n', '\r']) {
            link.href = link.href.replace(['\t', '\n', '\r'], "").replace(' ', "%20");
        }
    }
    Rendered { text, markdown, sections, links, comments }
}

/// The blocks with every text (cells and Markdown too) through [`normalize::text`]: before
/// `tidy` compares them, and before `text` counts section offsets.
fn normalized(mut blocks: Vec<Block>) -> Vec<Block> {
    for block in &mut blocks {
        block.text = normalize::text(std::mem::take(&mut block.text));
        block.markdown = block.markdown.take().map(normalize::text);
        if let Kind::TableRow { cells, .. } = &mut block.kind {
            for cell in cells {
                cell.text = normalize::text(std::mem::take(&mut cell.text));
                cell.markdown = cell.markdown.take().map(normalize::text);
            }
        }
    }
    blocks
}
