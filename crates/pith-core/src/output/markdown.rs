//! Markdown: ATX headings, nested lists, fenced code with its language, blockquotes, GFM
//! tables, inline code and described images (`![alt](src)`). Links are kept as their text only.

use super::blocks::{Block, Kind};
use std::fmt::Write;

pub fn render(blocks: &[Block]) -> String {
    let mut out = String::new();
    // One block's Markdown before quoting; reused.
    let mut body = String::new();
    let mut previous: Option<&Kind> = None;
    for (i, block) in blocks.iter().enumerate() {
        if names_next_fence(block, blocks.get(i + 1)) {
            continue;
        }
        body.clear();
        let inline = block.markdown.as_deref().unwrap_or(&block.text);
        match &block.kind {
            Kind::Heading(level) => {
                body.extend(std::iter::repeat_n('#', *level as usize));
                body.push(' ');
                push_escaped(&mut body, inline);
            }
            Kind::Paragraph => push_escaped(&mut body, inline),
            Kind::ListItem { depth, ordinal } => {
                body.extend(std::iter::repeat_n("   ", *depth as usize - 1));
                match ordinal {
                    Some(n) => write!(body, "{n}. ").expect("writing to a String"),
                    None => body.push_str("- "),
                }
                push_escaped(&mut body, inline);
            }
            Kind::Code { language } => {
                let fence = if block.text.contains("```") { "~~~~" } else { "```" };
                write!(body, "{fence}{}\n{}\n{fence}", language.as_deref().unwrap_or(""), block.text).expect("writing to a String");
            }
            Kind::TableRow { cells, first } => {
                body.push('|');
                for cell in cells {
                    body.push(' ');
                    for (i, part) in cell.markdown.as_ref().unwrap_or(&cell.text).split('|').enumerate() {
                        if i > 0 {
                            body.push_str("\\|");
                        }
                        body.push_str(part);
                    }
                    body.push_str(" |");
                }
                if *first {
                    body.push_str("\n|");
                    body.extend(std::iter::repeat_n(" --- |", cells.len().max(1)));
                }
            }
        }
        if let Some(prev) = previous {
            let tight = matches!((prev, &block.kind), (Kind::ListItem { .. }, Kind::ListItem { .. }) | (Kind::TableRow { .. }, Kind::TableRow { first: false, .. }));
            out.push_str(if tight { "\n" } else { "\n\n" });
        }
        if block.quote_depth == 0 {
            out.push_str(&body);
        } else {
            for (i, line) in body.lines().enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                out.extend(std::iter::repeat_n("> ", block.quote_depth as usize));
                out.push_str(line);
            }
        }
        previous = Some(&block.kind);
    }
    out
}

/// A code block's label ("js" over the code, from the highlighter's header), which its fence
/// says now. The plain text keeps it, as the page shows it.
fn names_next_fence(block: &Block, next: Option<&Block>) -> bool {
    let Some(Block { kind: Kind::Code { language: Some(language) }, .. }) = next else { return false };
    block.kind == Kind::Paragraph && block.quote_depth == 0 && block.text.eq_ignore_ascii_case(language)
}

/// Appends `text` with its line breaks as Markdown hard breaks, escaping what would otherwise
/// start Markdown syntax at the beginning of a line: each line can, since headings, quotes,
/// lists, fences and setext underlines all interrupt a paragraph.
fn push_escaped(out: &mut String, text: &str) {
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push_str("  \n");
        }
        match ordered_list_marker(line) {
            Some(digits) => {
                out.push_str(&line[..digits]);
                out.push('\\');
                out.push_str(&line[digits..]);
            }
            None => {
                if line.starts_with(['#', '>', '-', '+', '*', '|', '=']) || line.starts_with("```") || line.starts_with("~~~") {
                    out.push('\\');
                }
                out.push_str(line);
            }
        }
    }
}

/// Where a line that reads as an ordered list item ("2. Mix", "10) Bake") has its `.` or `)`.
fn ordered_list_marker(line: &str) -> Option<usize> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let marks = (1..=9).contains(&digits) && matches!(&line.as_bytes()[digits..], [b'.' | b')'] | [b'.' | b')', b' ' | b'\t', ..]);
    marks.then_some(digits)
}
