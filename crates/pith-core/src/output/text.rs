//! Plain text: one block per line group, paragraphs apart by a blank line, list items and
//! table rows on consecutive lines; and the heading path of every run of blocks.

use super::blocks::{Block, Kind};
use crate::api::Section;
use std::borrow::Cow;

pub fn render(blocks: &[Block]) -> (String, Vec<Section>) {
    let mut out = String::new();
    let mut chars = 0usize;
    let mut sections: Vec<Section> = Vec::new();
    let mut headings: Vec<(u8, String)> = Vec::new();
    let mut previous: Option<&Kind> = None;
    for block in blocks.iter().filter(|b| !b.markdown_only()) {
        let line: Cow<str> = match &block.kind {
            Kind::Heading(_) | Kind::Paragraph | Kind::Code { .. } => Cow::Borrowed(&block.text),
            Kind::ListItem { depth, ordinal } => {
                let indent = "  ".repeat(*depth as usize - 1);
                match ordinal {
                    Some(n) => format!("{indent}{n}. {}", block.text).into(),
                    None => format!("{indent}- {}", block.text).into(),
                }
            }
            Kind::TableRow { cells, .. } => {
                // The first row's padding (see `Walker::table`) is not text.
                let filled = cells.iter().rposition(|c| !c.text.is_empty()).map_or(0, |last| last + 1);
                cells[..filled].iter().map(|c| c.text.as_str()).collect::<Vec<_>>().join(" | ").into()
            }
        };
        if let Some(prev) = previous {
            let tight = matches!((prev, &block.kind), (Kind::ListItem { .. }, Kind::ListItem { .. }) | (Kind::TableRow { .. }, Kind::TableRow { first: false, .. }));
            let sep = if tight { "\n" } else { "\n\n" };
            out.push_str(sep);
            chars += sep.len();
        }
        if let Kind::Heading(level) = block.kind {
            while headings.last().is_some_and(|(l, _)| *l >= level) {
                headings.pop();
            }
            headings.push((level, block.text.clone()));
        }
        let start = chars;
        out.push_str(&line);
        chars += line.chars().count();
        let same_path = |path: &[String]| path.iter().eq(headings.iter().map(|(_, h)| h));
        match sections.last_mut() {
            // A run of blocks under the same headings is one section; a heading starts one.
            Some(last) if same_path(&last.path) && !matches!(block.kind, Kind::Heading(_)) => last.end = chars,
            _ => sections.push(Section { path: headings.iter().map(|(_, h)| h.clone()).collect(), start, end: chars }),
        }
        previous = Some(&block.kind);
    }
    (out, sections)
}
