//! What each HTML element means to extraction: payload to drop, a block that breaks text,
//! or inline text; and which open elements a new tag closes implicitly, as browsers do.

/// The elements extraction tells apart. Everything else is `Inline` or `Block` by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tag {
    Root,
    Html,
    Body,
    Head,
    Title,
    Main,
    Article,
    Section,
    Nav,
    Aside,
    Header,
    Footer,
    Div,
    P,
    H(u8),
    Ul,
    Ol,
    Li,
    Dl,
    Dt,
    Dd,
    Table,
    TBody,
    Tr,
    Td,
    Th,
    Caption,
    Pre,
    Code,
    Blockquote,
    Figure,
    Figcaption,
    Form,
    A,
    Img,
    Br,
    Hr,
    /// Content that never reaches the text (scripts, styles, media, form controls).
    Payload,
    /// A formula's TeX, which the builder writes in place of its MathML (`<math>` is payload).
    Math,
    /// Other block-level elements (address, details, fieldset, ...).
    OtherBlock,
    /// Inline elements (span, b, em, ...).
    Inline,
}

impl Tag {
    pub fn from_name(name: &str) -> Tag {
        match name {
            "html" => Tag::Html,
            "body" => Tag::Body,
            "head" => Tag::Head,
            "title" => Tag::Title,
            "main" => Tag::Main,
            "article" => Tag::Article,
            "section" => Tag::Section,
            "nav" => Tag::Nav,
            "aside" => Tag::Aside,
            "header" => Tag::Header,
            "footer" => Tag::Footer,
            "div" => Tag::Div,
            "p" => Tag::P,
            "h1" => Tag::H(1),
            "h2" => Tag::H(2),
            "h3" => Tag::H(3),
            "h4" => Tag::H(4),
            "h5" => Tag::H(5),
            "h6" => Tag::H(6),
            "ul" | "menu" => Tag::Ul,
            "ol" => Tag::Ol,
            "li" => Tag::Li,
            "dl" => Tag::Dl,
            "dt" => Tag::Dt,
            "dd" => Tag::Dd,
            "table" => Tag::Table,
            "tbody" | "thead" | "tfoot" => Tag::TBody,
            "tr" => Tag::Tr,
            "td" => Tag::Td,
            "th" => Tag::Th,
            "caption" => Tag::Caption,
            "pre" | "listing" | "xmp" | "plaintext" => Tag::Pre,
            "code" | "kbd" | "samp" | "tt" => Tag::Code,
            "blockquote" => Tag::Blockquote,
            "figure" => Tag::Figure,
            "figcaption" => Tag::Figcaption,
            "form" => Tag::Form,
            "a" => Tag::A,
            "img" => Tag::Img,
            "br" => Tag::Br,
            "hr" => Tag::Hr,
            "script" | "style" | "noscript" | "template" | "svg" | "math" | "canvas" | "iframe" | "object"
            | "embed" | "select" | "option" | "optgroup" | "datalist" | "textarea" | "button" | "input"
            | "audio" | "video" | "picture" | "source" | "track" | "map" | "area" | "dialog" | "frameset"
            | "frame" | "noframes" | "noembed" | "param" | "meter" | "progress" | "output" | "slot"
            // A ruby's readings (furigana over kanji, pinyin over hanzi) and the parentheses
            // around them: the text reads as the base characters, as set in the line.
            | "rt" | "rp" => Tag::Payload,
            "address" | "details" | "summary" | "fieldset" | "legend" | "hgroup" | "center" | "dir"
            | "search" | "colgroup" => Tag::OtherBlock,
            _ => Tag::Inline,
        }
    }

    /// Elements whose boundaries break the text into separate blocks.
    pub fn is_block(self) -> bool {
        !matches!(self, Tag::Inline | Tag::A | Tag::Code | Tag::Math | Tag::Img | Tag::Payload | Tag::Title)
    }

    pub fn is_heading(self) -> bool {
        matches!(self, Tag::H(_))
    }

    /// Elements a browser closes an open `<p>` for.
    fn closes_p(self) -> bool {
        matches!(
            self,
            Tag::P
                | Tag::Div
                | Tag::H(_)
                | Tag::Ul
                | Tag::Ol
                | Tag::Li
                | Tag::Dl
                | Tag::Dt
                | Tag::Dd
                | Tag::Table
                | Tag::Pre
                | Tag::Blockquote
                | Tag::Figure
                | Tag::Figcaption
                | Tag::Form
                | Tag::Main
                | Tag::Article
                | Tag::Section
                | Tag::Nav
                | Tag::Aside
                | Tag::Header
                | Tag::Footer
                | Tag::Hr
                | Tag::OtherBlock
        )
    }

    /// Elements that stop the search for an implicitly closed element.
    fn is_scope_boundary(self) -> bool {
        matches!(self, Tag::Root | Tag::Html | Tag::Body | Tag::Table | Tag::Td | Tag::Th | Tag::Caption)
    }
}

/// Elements that may stand in `<head>`; any other ends it (its end tag is optional).
pub fn belongs_in_head(name: &str) -> bool {
    matches!(name, "title" | "script" | "style" | "noscript" | "template" | "meta" | "link" | "base")
}

/// Which open element (if any) a new `tag` closes implicitly. `open` is the stack of open
/// tags, outermost first; the answer is an index into it (that element and everything above
/// it close), following the HTML parsing rules for optional end tags.
pub fn implied_close(open: &[Tag], tag: Tag) -> Option<usize> {
    let p_scope = |t: Tag| t.is_scope_boundary();
    match tag {
        Tag::Li => search(open, |t| t == Tag::Li, |t| p_scope(t) || matches!(t, Tag::Ul | Tag::Ol))
            .or_else(|| search(open, |t| t == Tag::P, p_scope)),
        Tag::Dt | Tag::Dd => search(open, |t| matches!(t, Tag::Dt | Tag::Dd), |t| p_scope(t) || t == Tag::Dl)
            .or_else(|| search(open, |t| t == Tag::P, p_scope)),
        Tag::Tr => search(open, |t| t == Tag::Tr, |t| matches!(t, Tag::Table | Tag::Root)),
        Tag::Td | Tag::Th => search(open, |t| matches!(t, Tag::Td | Tag::Th), |t| matches!(t, Tag::Tr | Tag::Table | Tag::Root)),
        Tag::TBody => search(open, |t| matches!(t, Tag::TBody | Tag::Tr | Tag::Td | Tag::Th), |t| matches!(t, Tag::Table | Tag::Root)),
        Tag::H(_) => match open.last() {
            Some(Tag::H(_)) => Some(open.len() - 1),
            _ => search(open, |t| t == Tag::P, p_scope),
        },
        t if t.closes_p() => search(open, |t| t == Tag::P, p_scope),
        _ => None,
    }
}

/// The innermost open element that is `wanted`, unless a `boundary` comes first. Generic
/// rather than `&dyn Fn`, so the tests inline: this runs for nearly every start tag.
fn search(open: &[Tag], wanted: impl Fn(Tag) -> bool, boundary: impl Fn(Tag) -> bool) -> Option<usize> {
    for (i, &t) in open.iter().enumerate().rev() {
        if wanted(t) {
            return Some(i);
        }
        if boundary(t) {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_and_list_items_close_implicitly() {
        assert_eq!(implied_close(&[Tag::Root, Tag::Body, Tag::P], Tag::P), Some(2));
        assert_eq!(implied_close(&[Tag::Root, Tag::Body, Tag::P, Tag::Inline], Tag::Div), Some(2));
        assert_eq!(implied_close(&[Tag::Root, Tag::Ul, Tag::Li, Tag::Inline], Tag::Li), Some(2));
        // A nested list's item does not close the outer item.
        assert_eq!(implied_close(&[Tag::Root, Tag::Ul, Tag::Li, Tag::Ul], Tag::Li), None);
        assert_eq!(implied_close(&[Tag::Root, Tag::Table, Tag::Tr, Tag::Td], Tag::Td), Some(3));
        assert_eq!(implied_close(&[Tag::Root, Tag::Table, Tag::Tr, Tag::Td], Tag::Tr), Some(2));
        // A table cell is a boundary: a <p> outside it stays open.
        assert_eq!(implied_close(&[Tag::Root, Tag::P, Tag::Table, Tag::Tr, Tag::Td], Tag::Div), None);
        assert_eq!(implied_close(&[Tag::Root, Tag::Inline], Tag::Inline), None);
    }
}
