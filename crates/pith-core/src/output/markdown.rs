//! Markdown: ATX headings, nested lists, fenced code with its language, blockquotes, GFM
//! tables, inline code and described images (`![alt](src)`). Links are kept as their text only.

use super::blocks::{Block, Kind};
use std::fmt::Write;

pub fn render(blocks: &[Block]) -> String {
    let mut out = String::new();
    // One block's Markdown before quoting; reused.
    let mut body = String::new();
    let mut previous: Option<&Block> = None;
    // The language a label paragraph named for the code block after it.
    let mut label: Option<String> = None;
    for (i, block) in blocks.iter().enumerate() {
        if let Some(language) = fence_label(block, blocks.get(i + 1)) {
            label = Some(language.to_ascii_lowercase());
            continue;
        }
        body.clear();
        let inline = block.markdown.as_deref().unwrap_or(&block.text);
        match &block.kind {
            Kind::Heading(level) => {
                body.extend(std::iter::repeat_n('#', *level as usize));
                body.push(' ');
                // (A heading's text opens no block: "## 2. Sony A7 IV" needs no escape.)
                push_inline(&mut body, inline);
            }
            Kind::Paragraph => {
                // A list item's later paragraph, indented past its marker to stay in the item.
                body.extend(std::iter::repeat_n("   ", block.item_depth as usize));
                push_escaped(&mut body, inline);
            }
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
                let label = label.take();
                let language = language.as_deref().or(label.as_deref()).unwrap_or("");
                write!(body, "{fence}{language}\n{}\n{fence}", block.text).expect("writing to a String");
            }
            Kind::TableRow { cells, first } => {
                body.push('|');
                for cell in cells {
                    body.push(' ');
                    for (i, part) in cell.markdown.as_ref().unwrap_or(&cell.text).split('|').enumerate() {
                        if i > 0 {
                            body.push_str("\\|");
                        }
                        push_inline(&mut body, part);
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
            let tight = matches!((&prev.kind, &block.kind), (Kind::ListItem { .. }, Kind::ListItem { .. }) | (Kind::TableRow { .. }, Kind::TableRow { first: false, .. }));
            out.push('\n');
            if !tight {
                // The blank line between two blocks of one quote is quoted too, or the quote
                // would end there and each paragraph be a quote of its own.
                for level in 0..prev.quote_depth.min(block.quote_depth) {
                    out.push_str(if level == 0 { ">" } else { " >" });
                }
                out.push('\n');
            }
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
        previous = Some(block);
    }
    out
}

/// A code block's label ("js" over the code, from a highlighter's header, or a `<p>Python</p>`
/// above a bare `<pre>`): the language its fence says instead. The plain text keeps the label,
/// as the page shows it.
fn fence_label<'a>(block: &'a Block, next: Option<&'a Block>) -> Option<&'a str> {
    let Some(Block { kind: Kind::Code { language }, .. }) = next else { return None };
    if block.kind != Kind::Paragraph || block.quote_depth != 0 {
        return None;
    }
    let label = block.text.as_str();
    match language {
        Some(language) => label.eq_ignore_ascii_case(language).then_some(language),
        None => is_language_name(label).then_some(label),
    }
}

/// Names of programming and markup languages as code samples label themselves. A paragraph
/// only of such a name, right above an unnamed code block, is that block's label.
fn is_language_name(label: &str) -> bool {
    const NAMES: &[&str] = &[
        "bash", "c", "c#", "c++", "clojure", "cpp", "csharp", "css", "dart", "diff", "dockerfile", "elixir", "erlang", "go",
        "golang", "graphql", "groovy", "haskell", "html", "java", "javascript", "js", "json", "jsx", "kotlin", "lua",
        "makefile", "nginx", "objective-c", "perl", "php", "powershell", "python", "ruby", "rust", "scala", "scss",
        "shell", "sql", "swift", "toml", "ts", "tsx", "typescript", "xml", "yaml", "yml", "zsh",
    ];
    NAMES.iter().any(|name| label.eq_ignore_ascii_case(name))
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
                push_inline(out, &line[digits..]);
            }
            None => {
                if opens_block(line) {
                    out.push('\\');
                }
                push_inline(out, line);
            }
        }
    }
}

/// Appends a line of inline Markdown with a backslash before each `<` that would open raw HTML
/// (`<table>`, `</b>`, `<!--`): pages about HTML name tags in their text ("<table>: The Table
/// element"), which a Markdown reader would take as markup and hide. Code spans stay as they
/// are, since a backslash in one is printed.
fn push_inline(out: &mut String, line: &str) {
    let b = line.as_bytes();
    let (mut at, mut from) = (0, 0);
    // Most text holds neither a backtick nor a `<`: memchr steps over it.
    while let Some(found) = memchr::memchr2(b'`', b'<', &b[at..]) {
        at += found;
        if b[at] == b'`' {
            let run = b[at..].iter().take_while(|&&c| c == b'`').count();
            at += run;
            if let Some(end) = backtick_run(&b[at..], run) {
                at += end + run;
            }
            continue;
        }
        if opens_html(&b[at + 1..]) {
            out.push_str(&line[from..at]);
            out.push('\\');
            from = at;
        }
        at += 1;
    }
    out.push_str(&line[from..]);
}

/// Where in `b` a run of exactly `len` backticks starts: the end of a code span opened by one.
fn backtick_run(b: &[u8], len: usize) -> Option<usize> {
    let mut at = 0;
    while let Some(found) = memchr::memchr(b'`', &b[at..]) {
        at += found;
        let run = b[at..].iter().take_while(|&&c| c == b'`').count();
        if run == len {
            return Some(at);
        }
        at += run;
    }
    None
}

/// Whether the text after a `<` reads as a tag, a comment or a declaration to a Markdown
/// reader (CommonMark's raw HTML): a tag name (a letter, then letters, digits and hyphens)
/// ended by a space, `/` or `>`, or after `/` by `>`; or `!` or `?`; closed by a `>` on the
/// same line. ("Result<bool, Error>" and "<jo_doe at example.org>" read as text.)
fn opens_html(rest: &[u8]) -> bool {
    let opens = match rest.first() {
        Some(b'!' | b'?') => true,
        Some(b'/') => matches!(after_tag_name(&rest[1..]), Some(b'>' | b' ' | b'\t')),
        _ => matches!(after_tag_name(rest), Some(b'>' | b'/' | b' ' | b'\t')),
    };
    opens && memchr::memchr(b'>', rest).is_some()
}

/// The byte after the tag name `b` opens with (a letter, then letters, digits and hyphens); None
/// when `b` opens with no name or ends with it.
fn after_tag_name(b: &[u8]) -> Option<u8> {
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    b.iter().copied().find(|c| !(c.is_ascii_alphanumeric() || *c == b'-'))
}

/// Whether a line of text would be read as Markdown syntax: a heading, a quote, a bullet, a
/// thematic break, a setext underline (after a line broken by `<br>`), a code fence or a table
/// row. Other lines start as they are: "#1 pick", "-15%", "+0.9%" and "*Prices as of May" are
/// text, and a backslash before them would be written into every copy of the text.
fn opens_block(line: &str) -> bool {
    let b = line.as_bytes();
    let space_after = |n: usize| matches!(b.get(n), None | Some(b' ' | b'\t'));
    let only = |c: u8| line.bytes().all(|x| x == c || x == b' ' || x == b'\t');
    match b.first() {
        Some(b'>' | b'|') => true,
        Some(b'#') => {
            let hashes = b.iter().take_while(|&&c| c == b'#').count();
            hashes <= 6 && space_after(hashes)
        }
        Some(&c @ (b'-' | b'+' | b'*')) => space_after(1) || only(c),
        Some(&c @ (b'=' | b'_')) => only(c),
        _ => line.starts_with("```") || line.starts_with("~~~"),
    }
}

/// Where a line that reads as an ordered list item ("2. Mix", "10) Bake") has its `.` or `)`.
fn ordered_list_marker(line: &str) -> Option<usize> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let marks = (1..=9).contains(&digits) && matches!(&line.as_bytes()[digits..], [b'.' | b')'] | [b'.' | b')', b' ' | b'\t', ..]);
    marks.then_some(digits)
}
