//! Markdown: ATX headings, nested lists, fenced code with its language, blockquotes, GFM
//! tables, inline code and described images (`![alt](src)`). Links are kept as their text only.

use super::blocks::{Block, Kind};

pub fn render(blocks: &[Block]) -> String {
    let mut out = String::new();
    let mut previous: Option<&Kind> = None;
    for block in blocks {
        let quote = "> ".repeat(block.quote_depth as usize);
        let inline = block.markdown.as_deref().unwrap_or(&block.text);
        let body = match &block.kind {
            Kind::Heading(level) => format!("{} {}", "#".repeat(*level as usize), escape(inline)),
            Kind::Paragraph => escape(inline),
            Kind::ListItem { depth, ordinal } => {
                let indent = "   ".repeat(*depth as usize - 1);
                match ordinal {
                    Some(n) => format!("{indent}{n}. {}", escape(inline)),
                    None => format!("{indent}- {}", escape(inline)),
                }
            }
            Kind::Code { language } => {
                let fence = if block.text.contains("```") { "~~~~" } else { "```" };
                format!("{fence}{}\n{}\n{fence}", language.as_deref().unwrap_or(""), block.text)
            }
            Kind::TableRow { cells, first } => {
                let row = format!("| {} |", cells.iter().map(|c| c.replace('|', "\\|")).collect::<Vec<_>>().join(" | "));
                if *first {
                    format!("{row}\n|{}", " --- |".repeat(cells.len().max(1)))
                } else {
                    row
                }
            }
        };
        if let Some(prev) = previous {
            let tight = matches!((prev, &block.kind), (Kind::ListItem { .. }, Kind::ListItem { .. }) | (Kind::TableRow { .. }, Kind::TableRow { first: false, .. }));
            out.push_str(if tight { "\n" } else { "\n\n" });
        }
        if quote.is_empty() {
            out.push_str(&body);
        } else {
            let quoted: Vec<String> = body.lines().map(|l| format!("{quote}{l}")).collect();
            out.push_str(&quoted.join("\n"));
        }
        previous = Some(&block.kind);
    }
    out
}

/// Escapes what would otherwise start Markdown syntax at the beginning of a line.
fn escape(text: &str) -> String {
    let text = text.replace('\n', "  \n");
    let starts_syntax = text.starts_with(['#', '>', '-', '+', '*', '|']) || text.starts_with("```");
    if starts_syntax {
        format!("\\{text}")
    } else {
        text
    }
}
