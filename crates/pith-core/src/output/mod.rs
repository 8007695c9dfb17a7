//! Stage 4: the selected content as plain text (with heading-path sections) and Markdown.

mod blocks;
mod markdown;
mod text;
mod tidy;

use crate::api::{Link, Options, Section};
use crate::score::Selection;
use crate::tree::{NodeId, Tree};
use blocks::Walker;

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
    let is_comment = |id: NodeId| selection.comments.contains(&id);
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
    let blocks = tidy::tidy(walker.blocks);
    let (text, sections) = text::render(&blocks);
    let markdown = options.markdown.then(|| markdown::render(&blocks));
    let comments = (options.comments && !selection.comments.is_empty()).then(|| {
        let none = |_: NodeId| false;
        let mut walker = Walker::new(tree, &selection.removed, &none);
        for &c in &selection.comments {
            walker.walk(c);
        }
        text::render(&tidy::dedupe(walker.blocks)).0
    });
    let mut links = walker.links;
    if let Some(base) = base {
        for link in &mut links {
            link.href = crate::url::resolve(base, &link.href);
        }
    }
    Rendered { text, markdown, sections, links, comments }
}
