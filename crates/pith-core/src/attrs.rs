//! The attributes extraction reads, taken from an element in one pass: lol-html looks each
//! name up with a linear scan, and reading a dozen names one by one cost more than the rest
//! of the element handler.

use lol_html::html_content::Element;

#[derive(Debug, Default)]
pub struct Attrs {
    pub class: Option<String>,
    pub id: Option<String>,
    pub role: Option<String>,
    pub itemprop: Option<String>,
    pub rel: Option<String>,
    pub style: Option<String>,
    pub href: Option<String>,
    pub alt: Option<String>,
    pub r#type: Option<String>,
    pub content: Option<String>,
    pub property: Option<String>,
    pub name: Option<String>,
    pub datetime: Option<String>,
    pub lang: Option<String>,
    pub hidden: bool,
    pub aria_hidden: bool,
}

impl Attrs {
    pub fn read(el: &Element) -> Attrs {
        let mut a = Attrs::default();
        for attr in el.attributes() {
            let slot = match attr.name().as_str() {
                "class" => &mut a.class,
                "id" => &mut a.id,
                "role" => &mut a.role,
                "itemprop" => &mut a.itemprop,
                "rel" => &mut a.rel,
                "style" => &mut a.style,
                "href" => &mut a.href,
                "alt" => &mut a.alt,
                "type" => &mut a.r#type,
                "content" => &mut a.content,
                "property" => &mut a.property,
                "name" => &mut a.name,
                "datetime" => &mut a.datetime,
                "lang" | "xml:lang" => &mut a.lang,
                "hidden" => {
                    a.hidden = true;
                    continue;
                }
                "aria-hidden" => {
                    a.aria_hidden = attr.value().trim().eq_ignore_ascii_case("true");
                    continue;
                }
                _ => continue,
            };
            // The first occurrence wins, as in browsers.
            if slot.is_none() {
                *slot = Some(attr.value());
            }
        }
        a
    }

    /// Whether `rel` lists `value` (`rel="author nofollow"`).
    pub fn rel_has(&self, value: &str) -> bool {
        self.rel.as_deref().is_some_and(|r| r.split_ascii_whitespace().any(|r| r.eq_ignore_ascii_case(value)))
    }
}
