//! The tag name and the attributes extraction reads, taken from an element in one pass:
//! lol-html looks each attribute up with a linear scan, and reading a dozen names one by one
//! cost more than the rest of the element handler. Names and values are borrowed from the
//! source document by their source locations, since lol-html's `tag_name()`, `name()` and
//! `value()` allocate a `String` per call.

use lol_html::html_content::Attribute;
use std::borrow::Cow;

/// A name lower-cased, as lol-html reports names; most are written in lower case already and
/// are borrowed as they are.
pub fn lower(raw: &str) -> Cow<'_, str> {
    if raw.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(raw.to_ascii_lowercase())
    } else {
        Cow::Borrowed(raw)
    }
}

/// Where a start tag's name is in `source`, the whole document being parsed, given where the
/// tag is: its bytes after `<` up to whitespace, `/` or `>`, as lol-html's tokenizer delimits it.
pub fn tag_name_range(source: &str, tag: &std::ops::Range<usize>) -> std::ops::Range<usize> {
    let name = source.as_bytes().get(tag.start + 1..tag.end).unwrap_or_default();
    let len = name.iter().position(|b| matches!(b, b' ' | b'\n' | b'\r' | b'\t' | b'\x0C' | b'/' | b'>')).unwrap_or(name.len());
    tag.start + 1..tag.start + 1 + len
}

#[derive(Debug, Default)]
pub struct Attrs<'a> {
    pub class: Option<&'a str>,
    pub id: Option<&'a str>,
    /// `data-testid` (or `data-test-id`, `data-test`, `data-qa`, `data-cy`): the name a
    /// component goes by in its tests (`notify-modal`, `related-products`), read like an `id`.
    /// Pages styled with utility classes name their boxes nowhere else.
    pub test_id: Option<&'a str>,
    pub role: Option<&'a str>,
    pub itemprop: Option<&'a str>,
    pub rel: Option<&'a str>,
    pub style: Option<&'a str>,
    pub href: Option<&'a str>,
    pub alt: Option<&'a str>,
    /// A `<math>` formula's text: its TeX source, as MathML writers put it.
    pub alttext: Option<&'a str>,
    /// A `<math>` formula's `display`: `block` sets it on a line of its own.
    pub display: Option<&'a str>,
    pub src: Option<&'a str>,
    /// Where lazy-loading scripts keep an image's real source (`src` is then a placeholder).
    pub data_src: Option<&'a str>,
    pub r#type: Option<&'a str>,
    pub content: Option<&'a str>,
    pub property: Option<&'a str>,
    pub name: Option<&'a str>,
    pub datetime: Option<&'a str>,
    pub lang: Option<&'a str>,
    pub colspan: Option<&'a str>,
    pub rowspan: Option<&'a str>,
    /// `hidden`, or Vue's `v-cloak` and Alpine's `x-cloak`, which those frameworks' pages hide
    /// (`[v-cloak] {display: none}`) until the script decides whether to show the element.
    pub hidden: bool,
    pub aria_hidden: bool,
    /// `aria-labelledby`: a panel named by the control that shows it (tab, accordion).
    pub labelled_by_control: bool,
    /// `aria-controls`: the ids of the panels this control (a tab, an accordion's button) shows.
    pub controls: Option<&'a str>,
    /// `aria-expanded` or `aria-controls`: a control that shows or hides a panel.
    pub expands: bool,
    /// `popover`: shown over the page on demand, like a dialog.
    pub popover: bool,
    /// `data-nosnippet`: the site tells search engines not to quote this part (a related-article
    /// card, an author's bio, an advertisement's label, a cookie notice).
    pub nosnippet: bool,
    /// `shadowrootmode` (or the older `shadowroot`) on a `<template>`: a declarative shadow
    /// root, which browsers render in place, unlike other templates.
    pub shadow_root: bool,
}

impl<'a> Attrs<'a> {
    /// Reads a start tag's attributes; `source` is the whole document being parsed. Values are
    /// as written (entities not decoded).
    pub fn read(attributes: &[Attribute], source: &'a str) -> Attrs<'a> {
        let mut a = Attrs::default();
        for attr in attributes {
            let slot = match &*lower(source_name(attr, source)) {
                "class" => &mut a.class,
                "id" => &mut a.id,
                "data-testid" | "data-test-id" | "data-test" | "data-qa" | "data-cy" => &mut a.test_id,
                "role" => &mut a.role,
                "itemprop" => &mut a.itemprop,
                "rel" => &mut a.rel,
                "style" => &mut a.style,
                "href" => &mut a.href,
                "alt" => &mut a.alt,
                "alttext" => &mut a.alttext,
                "display" => &mut a.display,
                "src" => &mut a.src,
                "data-src" => &mut a.data_src,
                "type" => &mut a.r#type,
                "content" => &mut a.content,
                "property" => &mut a.property,
                "name" => &mut a.name,
                "datetime" => &mut a.datetime,
                "lang" | "xml:lang" => &mut a.lang,
                "colspan" => &mut a.colspan,
                "rowspan" => &mut a.rowspan,
                "aria-controls" => {
                    a.expands = true;
                    &mut a.controls
                }
                "aria-expanded" => {
                    a.expands = true;
                    continue;
                }
                "hidden" | "v-cloak" | "x-cloak" => {
                    a.hidden = true;
                    continue;
                }
                "popover" => {
                    a.popover = true;
                    continue;
                }
                "data-nosnippet" => {
                    a.nosnippet = true;
                    continue;
                }
                "shadowrootmode" | "shadowroot" => {
                    a.shadow_root = true;
                    continue;
                }
                "aria-labelledby" => {
                    a.labelled_by_control = true;
                    continue;
                }
                "aria-hidden" => {
                    a.aria_hidden = source_value(attr, source).trim().eq_ignore_ascii_case("true");
                    continue;
                }
                _ => continue,
            };
            // The first occurrence wins, as in browsers.
            if slot.is_none() {
                *slot = Some(source_value(attr, source));
            }
        }
        a
    }

    /// Whether `rel` lists `value` (`rel="author nofollow"`).
    pub fn rel_has(&self, value: &str) -> bool {
        lists_any(self.rel, &[value])
    }

    /// Whether `class` lists any of `words`, in any case.
    pub fn class_has_any(&self, words: &[&str]) -> bool {
        lists_any(self.class, words)
    }

    /// Whether `itemprop` lists `name` (`itemprop="name headline"`; schema.org names are
    /// case-sensitive).
    pub fn itemprop_has(&self, name: &str) -> bool {
        self.itemprop.is_some_and(|p| p.split_ascii_whitespace().any(|p| p == name))
    }
}

/// Whether a space-separated attribute value lists any of `words`, in any case.
fn lists_any(value: Option<&str>, words: &[&str]) -> bool {
    value.is_some_and(|v| v.split_ascii_whitespace().any(|t| words.iter().any(|w| t.eq_ignore_ascii_case(w))))
}

/// The attribute's name as written. Parsed attributes always have a source location (only
/// attributes a handler adds lack one, and extraction adds none).
fn source_name<'a>(attr: &Attribute, source: &'a str) -> &'a str {
    attr.name_source_location().and_then(|l| source.get(l.bytes())).unwrap_or_default()
}

/// The attribute's value as written; empty when it has none (`<div hidden>`).
fn source_value<'a>(attr: &Attribute, source: &'a str) -> &'a str {
    attr.value_source_location().and_then(|l| source.get(l.bytes())).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lol_html::{element, rewrite_str, RewriteStrSettings};

    /// Every element's (name, attrs) as lol-html's allocating accessors and as read here.
    fn both_ways(html: &str) -> Vec<(String, String)> {
        let mut seen = Vec::new();
        rewrite_str(
            html,
            RewriteStrSettings::new().append_element_content_handler(element!("*", |el| {
                let allocating = format!(
                    "{} {:?}",
                    el.tag_name(),
                    el.attributes().iter().map(|a| (a.name(), a.value())).collect::<Vec<_>>()
                );
                let borrowed = format!(
                    "{} {:?}",
                    lower(&html[tag_name_range(html, &el.source_location().bytes())]),
                    el.attributes()
                        .iter()
                        .map(|a| (lower(source_name(a, html)).into_owned(), source_value(a, html).to_string()))
                        .collect::<Vec<_>>()
                );
                seen.push((allocating, borrowed));
                Ok(())
            })),
        )
        .unwrap();
        seen
    }

    #[test]
    fn source_names_and_values_match_lol_html() {
        let html = "<DIV Class='a &amp; b' ID=x hidden data-x=\"é\"><Img\nSRC=/i.png/><p/><br/>\
                    <Custom-Element Aria-Hidden = \"TRUE\">x</Custom-Element><a href=a>y</a>";
        for (allocating, borrowed) in both_ways(html) {
            assert_eq!(allocating, borrowed);
        }
    }
}
