//! Title, author, dates, language, canonical URL, site name and description, from `<meta>`,
//! Open Graph, `<link>`, `<title>` and JSON-LD. The tree stage feeds the collector as it
//! parses; [`MetaCollector::finish`] picks the best value of each field.
//!
//! The fields' readers, one module each: `json_ld` (schema.org blocks), `title` (the headline
//! beside the site's name), `author` (declared authors and visible bylines), `date`
//! (declared, addressed and written dates).

mod author;
mod date;
mod json_ld;
mod title;

pub use author::{author_of_bylines, byline_in_text};

use crate::attrs::Attrs;
use crate::json::Json;
use author::{besides_publisher, by_word, meta_name, names_publisher, strip_byline};
use date::{first_written_date, normalize_date, url_date};
use json_ld::{parse_json_ld, JsonLd};
use title::{headline_length, is_a_home_link, names_site, strip_site_name, visible_headline};

#[derive(Debug, Default)]
pub struct MetaCollector {
    /// `(key, value)` of `<meta name|property|itemprop content>`, keys lower-cased, in order.
    metas: Vec<(String, String)>,
    title: Option<String>,
    html_lang: Option<String>,
    canonical: Option<String>,
    base_href: Option<String>,
    /// The first `<time datetime>` not marked as an update, a last resort for the publication date.
    first_time: Option<String>,
    time_elements: usize,
    json_ld: Vec<String>,
    /// The name microdata gives the page's first byline (`<meta itemprop="name" content>` inside
    /// `itemprop="author"`), where its shown text may add an avatar's initial and a group badge,
    /// or show nothing.
    microdata_byline: Option<String>,
}

#[derive(Debug, Default, Clone)]
pub struct Metadata {
    pub title: Option<String>,
    pub author: Option<String>,
    /// `author` is a name the page's text gives (a byline), which the markup does not declare.
    pub author_in_text: bool,
    pub published: Option<String>,
    /// `published` is a date the page's body gives (its first `<time>` element, or its text),
    /// which its head, JSON-LD and address do not declare.
    pub published_in_body: bool,
    pub modified: Option<String>,
    pub html_lang: Option<String>,
    pub canonical_url: Option<String>,
    /// `<base href>`, for resolving links.
    pub base_href: Option<String>,
    pub site_name: Option<String>,
    pub description: Option<String>,
    /// schema.org `@type`s found in JSON-LD.
    pub json_ld_types: Vec<String>,
    pub og_type: Option<String>,
    /// `<time>` elements on the page: an article has one or two, a thread or a listing one per
    /// post or teaser. A trait of the page type.
    pub time_elements: usize,
}

impl MetaCollector {
    pub fn element(&mut self, name: &str, a: &Attrs) {
        match name {
            "meta" => {
                let key = a.property.or(a.name).or(a.itemprop);
                if let (Some(key), Some(content)) = (key, a.content) {
                    let content = clean(&htmlize::unescape_attribute(content));
                    if !content.is_empty() {
                        self.metas.push((key.trim().to_ascii_lowercase(), content));
                    }
                }
            }
            "html" => {
                if self.html_lang.is_none() {
                    self.html_lang = a.lang.map(|l| l.trim().to_string());
                }
            }
            "link" => {
                if a.rel_has("canonical") && self.canonical.is_none() {
                    self.canonical = a.href.map(|h| htmlize::unescape_attribute(h).trim().to_string());
                }
            }
            "base" => {
                if self.base_href.is_none() {
                    self.base_href = a.href.map(|h| htmlize::unescape_attribute(h).trim().to_string());
                }
            }
            "time" => {
                self.time_elements += 1;
                let updated = a.class.is_some_and(|c| {
                    let c = c.to_ascii_lowercase();
                    c.contains("updat") || c.contains("modif")
                });
                if self.first_time.is_none() && !updated {
                    self.first_time = a.datetime.map(str::to_string);
                }
                self.itemprop(a);
            }
            _ => self.itemprop(a),
        }
    }

    /// `<time itemprop=datePublished datetime>`, `<span itemprop=author content>`.
    fn itemprop(&mut self, a: &Attrs) {
        if let (Some(prop), Some(value)) = (a.itemprop, a.datetime.or(a.content)) {
            self.metas.push((prop.trim().to_ascii_lowercase(), clean(value)));
        }
    }

    /// A `<meta itemprop="name">` inside the page's first byline.
    pub fn microdata_byline(&mut self, content: Option<&str>) {
        if self.microdata_byline.is_none() {
            self.microdata_byline = content.map(|c| clean(&htmlize::unescape_attribute(c))).filter(|c| meta_name(c));
        }
    }

    pub fn title_text(&mut self, text: &str) {
        if self.title.is_none() {
            self.title = Some(clean(text));
        }
    }

    /// A JSON-LD script's text, parsed in `finish`.
    pub fn json_ld_text(&mut self, raw: &str) {
        self.json_ld.push(raw.to_string());
    }

    fn meta(&self, keys: &[&str]) -> Option<&str> {
        keys.iter().find_map(|k| self.metas.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str()))
    }

    /// Scholarly pages list one `citation_author` per author, as "Last, First".
    fn citation_authors(&self) -> String {
        let names: Vec<String> = self
            .metas
            .iter()
            .filter(|(k, _)| k == "citation_author")
            .map(|(_, v)| match v.split_once(',') {
                Some((last, first)) if !first.contains(',') && !first.trim().is_empty() => format!("{} {}", first.trim(), last.trim()),
                _ => v.clone(),
            })
            .collect();
        names.join(", ")
    }

    /// The first of `keys` whose value reads as a date.
    fn date_meta(&self, keys: &[&str]) -> Option<String> {
        keys.iter().find_map(|k| self.metas.iter().filter(|(key, _)| key == k).find_map(|(_, v)| normalize_date(v)))
    }

    /// Picks each field. `h1s` are the texts of the page's `<h1>`s, `home_h1s` those of the ones
    /// that link to the site's home page (the site's name in a theme's header), and `bylines`
    /// gives those of its bylines, in order: the visible headline and author when the head says
    /// nothing better. `home_links` gives the texts of the page's links to its site's home page
    /// (none on the home page itself): what the site calls itself.
    /// `bylines` is only called when the head names no author, `home_links` when no `<h1>`
    /// agrees with the declared title, and `visible_text` (the page text, for a written date)
    /// when the page declares no date; `fetched` is when the page was fetched, if known.
    #[allow(clippy::too_many_arguments)]
    pub fn finish(
        self,
        h1s: &[String],
        home_h1s: &[String],
        home_links: impl FnOnce() -> Vec<String>,
        bylines: impl FnOnce() -> Vec<String>,
        visible_text: impl FnOnce() -> String,
        url: Option<&str>,
        fetched: Option<&str>,
    ) -> Metadata {
        let mut ld = JsonLd::default();
        let blocks: Vec<Json> = self.json_ld.iter().filter_map(|b| parse_json_ld(b)).collect();
        blocks.iter().for_each(|v| ld.index(v, 0));
        blocks.iter().for_each(|v| ld.visit(v, 0));
        let site_name = self.meta(&["og:site_name", "application-name", "twitter:site"]).map(str::to_string).or(ld.site_name.clone());
        let raw_title = ld
            .headline
            .clone()
            .or_else(|| self.meta(&["og:title", "twitter:title", "dc.title", "headline"]).map(str::to_string))
            .or_else(|| self.title.clone());
        // An <h1> that names the site is its logo, not the page's headline; it also tells what
        // to strip off the title when the head does not name the site.
        let og_title = self.meta(&["og:title"]);
        let (mut logos, h1s): (Vec<&str>, Vec<&str>) =
            h1s.iter().map(String::as_str).partition(|h| names_site(h, site_name.as_deref(), og_title, self.title.as_deref()));
        logos.splice(0..0, home_h1s.iter().map(String::as_str));
        let strip_as_site = site_name.as_deref().or(logos.first().copied());
        let declared_title = raw_title.map(|t| strip_site_name(&t, strip_as_site));
        let visible = visible_headline(&h1s, [declared_title.as_deref(), self.title.as_deref()]);
        // A theme that writes the site's name as every page's title: the `<h1>` names the page.
        let first_h1 = h1s.first().filter(|h| headline_length(h));
        let only_site = visible.is_none() && first_h1.is_some() && declared_title.as_deref().is_some_and(|t| is_a_home_link(t, home_links));
        let (title, site_name) = if only_site {
            (first_h1.map(|h| h.to_string()), site_name.or(declared_title))
        } else {
            (visible.or(declared_title), site_name)
        };
        let declared_author = ld
            .author
            .clone()
            .or_else(|| {
                let named = ["author", "article:author", "parsely-author", "sailthru.author", "dc.creator", "dcterms.creator", "byl", "citation_author"];
                let declared = |k: &str| named.contains(&k) || (k.ends_with("author") && !k.contains("twitter"));
                let written_by = self.meta(&["twitter:label1"]).is_some_and(|l| l.eq_ignore_ascii_case("written by"));
                named
                    .iter()
                    .find_map(|k| self.metas.iter().find(|(key, v)| key == k && meta_name(v)))
                    .or_else(|| self.metas.iter().find(|(k, v)| declared(k) && meta_name(v)))
                    .or_else(|| self.metas.iter().find(|(k, v)| written_by && k == "twitter:data1" && meta_name(v)))
                    .map(|(k, v)| if k == "citation_author" { self.citation_authors() } else { strip_byline(v, by_word(self.html_lang.as_deref())).to_string() })
            });
        // Else the page's bylines, in its text; first, too, where the declared author is the site
        // itself, the publisher ("Cleveland Clinic" on its health library), if they name someone
        // else. (Microdata's name for a byline first: its shown text may hold an avatar's initial.)
        let publisher = site_name.as_deref().filter(|site| declared_author.as_deref().is_some_and(|a| names_publisher(a, site)));
        let byline = if declared_author.is_none() || publisher.is_some() {
            self.microdata_byline.clone().or_else(|| author_of_bylines(&bylines(), self.html_lang.as_deref()))
        } else {
            None
        };
        let byline = match publisher {
            Some(site) => byline.and_then(|b| besides_publisher(&b, site)),
            None => byline,
        };
        let declared_author = declared_author.filter(|_| publisher.is_none() || byline.is_none());
        let modified = ld
            .modified
            .as_deref()
            .and_then(normalize_date)
            .or_else(|| self.date_meta(&["article:modified_time", "og:updated_time", "datemodified", "last-modified", "dcterms.modified"]));
        let published = ld
            .published
            .as_deref()
            .and_then(normalize_date)
            .or_else(|| {
                self.date_meta(&[
                    "article:published_time", "datepublished", "og:published_time", "publishdate", "pubdate",
                    "dc.date.issued", "sailthru.date", "parsely-pub-date", "citation_publication_date",
                ])
            })
            // Site-specific names ("published", "w-published-date") say what the date is; a
            // bare "date" may be the page's build date.
            .or_else(|| {
                self.metas
                    .iter()
                    .filter(|(k, _)| k.contains("publish") && !k.contains("publisher"))
                    .find_map(|(_, v)| normalize_date(v))
            })
            .or_else(|| self.date_meta(&["date", "dc.date", "dcterms.date", "dcterms.created", "datecreated"]))
            .or_else(|| url.and_then(url_date));
        // Else the page's body (`true`): its first `<time>` element, JSON-LD of another type,
        // and failing all that the first date its text gives (a blog's "March 3, 2014" under
        // the title).
        let published = published
            .map(|d| (d, false))
            .or_else(|| self.first_time.as_deref().and_then(normalize_date).map(|d| (d, true)))
            .or_else(|| ld.other_published.as_deref().and_then(normalize_date).map(|d| (d, false)))
            .or_else(|| first_written_date(&visible_text(), fetched.and_then(normalize_date).as_deref(), self.html_lang.as_deref()).map(|d| (d, true)));
        Metadata {
            title,
            author_in_text: byline.is_some(),
            author: declared_author.or(byline).or(ld.organization_author.clone()),
            published_in_body: published.as_ref().is_some_and(|(_, in_body)| *in_body),
            published: published.map(|(d, _)| d),
            modified,
            html_lang: self.html_lang.clone(),
            canonical_url: self.canonical.clone().or_else(|| self.meta(&["og:url"]).map(str::to_string)),
            base_href: self.base_href.clone(),
            site_name,
            description: self.meta(&["description", "og:description", "twitter:description"]).map(str::to_string),
            json_ld_types: ld.types,
            og_type: self.meta(&["og:type"]).map(|t| t.to_ascii_lowercase()),
            time_elements: self.time_elements,
        }
    }
}

/// Collapses whitespace.
pub fn clean(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// JSON-LD strings often carry HTML entities (`&#8211;`, `&amp;`).
fn clean_json(s: &str) -> String {
    clean(&htmlize::unescape(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a collector makes of the head it read, on a page without headings, bylines or text.
    fn finished(c: MetaCollector) -> Metadata {
        c.finish(&[], &[], Vec::new, Vec::new, String::new, None, None)
    }

    #[test]
    fn json_ld_author_names_lose_a_byline_prefix() {
        let mut c = MetaCollector::default();
        c.json_ld.push(r#"{"@type":"NewsArticle","author":[{"@type":"Person","name":"By Arlene Marturano"},{"@type":"Person","name":"Jo Lee"}]}"#.into());
        let meta = finished(c);
        assert_eq!(meta.author.as_deref(), Some("Arlene Marturano, Jo Lee"));
    }

    #[test]
    fn empty_json_ld_fields_leave_room_for_the_others() {
        let mut c = MetaCollector::default();
        c.title = Some("Ice on the lake".into());
        c.json_ld.push(r#"{"@graph":[{"@type":"WebSite","name":""},{"@type":"Article","headline":" ","datePublished":"","dateCreated":"2024-02-03"}]}"#.into());
        let meta = finished(c);
        assert_eq!(meta.site_name, None);
        assert_eq!(meta.title.as_deref(), Some("Ice on the lake"));
        assert_eq!(meta.published.as_deref(), Some("2024-02-03"));
    }
}
