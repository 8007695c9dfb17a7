//! Title, author, dates, language, canonical URL, site name and description, from `<meta>`,
//! Open Graph, `<link>`, `<title>` and JSON-LD. The tree stage feeds the collector as it
//! parses; [`MetaCollector::finish`] picks the best value of each field.

use crate::attrs::Attrs;
use serde_json::Value;

#[derive(Debug, Default)]
pub struct MetaCollector {
    /// `(key, value)` of `<meta name|property|itemprop content>`, keys lower-cased, in order.
    metas: Vec<(String, String)>,
    title: Option<String>,
    html_lang: Option<String>,
    canonical: Option<String>,
    base_href: Option<String>,
    /// The first `<time datetime>`, a last resort for the publication date.
    first_time: Option<String>,
    json_ld: Vec<String>,
    pending_json_ld: String,
}

#[derive(Debug, Default, Clone)]
pub struct Metadata {
    pub title: Option<String>,
    pub author: Option<String>,
    pub published: Option<String>,
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
}

impl MetaCollector {
    pub fn element(&mut self, name: &str, a: &Attrs) {
        match name {
            "meta" => {
                let key = a.property.as_ref().or(a.name.as_ref()).or(a.itemprop.as_ref());
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
                if self.first_time.is_none() {
                    self.first_time = a.datetime.map(str::to_string);
                }
            }
            _ => {
                if let (Some(prop), Some(value)) = (a.itemprop, a.datetime.or(a.content)) {
                    self.metas.push((prop.trim().to_ascii_lowercase(), clean(value)));
                }
            }
        }
    }

    pub fn title_text(&mut self, text: &str) {
        if self.title.is_none() {
            self.title = Some(clean(text));
        }
    }

    pub fn json_ld_text(&mut self, raw: &str, last_in_node: bool) {
        self.pending_json_ld.push_str(raw);
        if last_in_node {
            self.json_ld.push(std::mem::take(&mut self.pending_json_ld));
        }
    }

    fn meta(&self, keys: &[&str]) -> Option<&str> {
        keys.iter().find_map(|k| self.metas.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str()))
    }

    /// Picks each field. `h1s` and `bylines` are the texts of the page's `<h1>`s and byline
    /// elements, in order: the visible headline and author when the head says nothing better.
    pub fn finish(self, h1s: &[String], bylines: &[String], visible_text: &str) -> Metadata {
        let mut ld = JsonLd::default();
        for block in &self.json_ld {
            if let Ok(value) = serde_json::from_str::<Value>(block.trim().trim_end_matches(';')) {
                ld.visit(&value, 0);
            }
        }
        let site_name = self.meta(&["og:site_name", "application-name", "twitter:site"]).map(str::to_string).or(ld.site_name.clone());
        let raw_title = ld
            .headline
            .clone()
            .or_else(|| self.meta(&["og:title", "twitter:title", "dc.title", "headline"]).map(str::to_string))
            .or_else(|| self.title.clone());
        let declared_title = raw_title.map(|t| strip_site_suffix(&t, site_name.as_deref()));
        let title = visible_headline(h1s, [declared_title.as_deref(), self.title.as_deref()]).or(declared_title);
        let author = ld
            .author
            .clone()
            .or_else(|| {
                self.meta(&["author", "article:author", "parsely-author", "sailthru.author", "dc.creator", "dcterms.creator", "byl", "citation_author"])
                    .filter(|a| !a.starts_with("http"))
                    .map(strip_byline)
            })
            .or_else(|| bylines.iter().map(|b| strip_byline(b)).find(|b| plausible_name(b)))
            .or(ld.organization_author.clone());
        let modified = ld
            .modified
            .clone()
            .or_else(|| self.meta(&["article:modified_time", "og:updated_time", "datemodified", "last-modified", "dcterms.modified"]).map(str::to_string))
            .and_then(|d| normalize_date(&d));
        let published = ld
            .published
            .clone()
            .or_else(|| {
                self.meta(&[
                    "article:published_time", "datepublished", "og:published_time", "publishdate", "pubdate",
                    "date", "dc.date", "dcterms.date", "dc.date.issued", "dcterms.created", "sailthru.date",
                    "parsely-pub-date", "citation_publication_date", "datecreated",
                ])
                .map(str::to_string)
            })
            .and_then(|d| normalize_date(&d))
            .or_else(|| self.first_time.as_deref().and_then(normalize_date))
            .or_else(|| first_written_date(visible_text));
        Metadata {
            title,
            author,
            published,
            modified,
            html_lang: self.html_lang.clone(),
            canonical_url: self.canonical.clone().or_else(|| self.meta(&["og:url"]).map(str::to_string)),
            base_href: self.base_href.clone(),
            site_name,
            description: self.meta(&["description", "og:description", "twitter:description"]).map(str::to_string),
            json_ld_types: ld.types,
            og_type: self.meta(&["og:type"]).map(|t| t.to_ascii_lowercase()),
        }
    }
}

#[derive(Default)]
struct JsonLd {
    types: Vec<String>,
    headline: Option<String>,
    author: Option<String>,
    organization_author: Option<String>,
    published: Option<String>,
    modified: Option<String>,
    site_name: Option<String>,
}

const ARTICLE_TYPES: &[&str] = &[
    "Article", "NewsArticle", "BlogPosting", "Report", "TechArticle", "ScholarlyArticle", "AnalysisNewsArticle",
    "OpinionNewsArticle", "ReviewNewsArticle", "LiveBlogPosting", "Review", "HowTo", "Recipe", "QAPage",
    "DiscussionForumPosting", "SocialMediaPosting",
];

impl JsonLd {
    fn visit(&mut self, value: &Value, depth: usize) {
        if depth > 8 {
            return;
        }
        match value {
            Value::Array(items) => items.iter().for_each(|v| self.visit(v, depth + 1)),
            Value::Object(map) => {
                let types: Vec<&str> = match map.get("@type") {
                    Some(Value::String(t)) => vec![t.as_str()],
                    Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
                    _ => Vec::new(),
                };
                for t in &types {
                    if !self.types.iter().any(|x| x == t) {
                        self.types.push(t.to_string());
                    }
                }
                let is_article = types.iter().any(|t| ARTICLE_TYPES.contains(t));
                if is_article {
                    if self.headline.is_none() {
                        self.headline = map.get("headline").or_else(|| map.get("name")).and_then(Value::as_str).map(clean_json);
                    }
                    if self.author.is_none() {
                        self.author = map.get("author").and_then(|a| names(a, false));
                    }
                    if self.organization_author.is_none() {
                        self.organization_author = map.get("author").and_then(|a| names(a, true));
                    }
                    if self.published.is_none() {
                        self.published = map.get("datePublished").or_else(|| map.get("dateCreated")).and_then(Value::as_str).map(str::to_string);
                    }
                    if self.modified.is_none() {
                        self.modified = map.get("dateModified").and_then(Value::as_str).map(str::to_string);
                    }
                }
                if types.iter().any(|t| *t == "WebSite") && self.site_name.is_none() {
                    self.site_name = map.get("name").and_then(Value::as_str).map(clean_json);
                }
                if let Some(graph) = map.get("@graph") {
                    self.visit(graph, depth + 1);
                }
                if let Some(main) = map.get("mainEntity") {
                    self.visit(main, depth + 1);
                }
            }
            _ => {}
        }
    }
}

/// Names of the people (or, with `organizations`, only the organizations) in a schema.org
/// `author` value.
fn names(value: &Value, organizations: bool) -> Option<String> {
    let names: Vec<String> = match value {
        Value::String(s) if !organizations => vec![clean_json(s)],
        Value::Object(m) => {
            let is_org = m.get("@type").and_then(Value::as_str).is_some_and(|t| t.contains("Organization"));
            if is_org == organizations {
                m.get("name").and_then(Value::as_str).map(clean_json).into_iter().collect()
            } else {
                Vec::new()
            }
        }
        Value::Array(items) => items.iter().filter_map(|v| names(v, organizations)).collect(),
        _ => Vec::new(),
    };
    let names: Vec<String> = names.into_iter().filter(|n| !n.is_empty() && !n.starts_with("http")).collect();
    (!names.is_empty()).then(|| names.join(", "))
}

/// Collapses whitespace.
pub fn clean(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// JSON-LD strings often carry HTML entities (`&#8211;`, `&amp;`).
fn clean_json(s: &str) -> String {
    clean(&htmlize::unescape(s))
}

fn words_of(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// The `<h1>` that the declared titles agree with: most of its words appear in them.
fn visible_headline(h1s: &[String], declared: [Option<&str>; 2]) -> Option<String> {
    let declared_words: Vec<String> = declared.iter().flatten().flat_map(|t| words_of(t)).collect();
    h1s.iter()
        .take(3)
        .filter(|h| (2..=300).contains(&h.chars().count()))
        .map(|h| {
            let words = words_of(h);
            let shared = words.iter().filter(|w| declared_words.contains(w)).count();
            (h, if words.is_empty() { 0.0 } else { shared as f32 / words.len() as f32 })
        })
        .filter(|(_, overlap)| *overlap >= 0.5)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(h, _)| h.clone())
}

/// "By Jane Doe | March 3" -> "Jane Doe".
fn strip_byline(s: &str) -> String {
    let mut s = s.trim();
    for prefix in ["written by", "posted by", "reviewed by", "published by", "author:", "authors:", "by:", "by"] {
        if s.len() > prefix.len() && s.get(..prefix.len()).is_some_and(|head| head.eq_ignore_ascii_case(prefix)) {
            s = s[prefix.len()..].trim_start();
            break;
        }
    }
    let end = s.find(['|', '•', '·', '\n']).unwrap_or(s.len());
    s[..end].trim().trim_end_matches([',', '-', '–', '—']).trim().to_string()
}

/// A byline's text that reads like a name, not a sentence or a date.
fn plausible_name(s: &str) -> bool {
    let words = s.split_whitespace().count();
    (1..=8).contains(&words) && s.chars().count() <= 80 && s.chars().next().is_some_and(char::is_alphabetic) && !s.chars().any(|c| c.is_ascii_digit())
}

/// "Headline | Site" -> "Headline", when the part after the separator is the site's name or
/// the title has a separator near its end.
fn strip_site_suffix(title: &str, site_name: Option<&str>) -> String {
    for sep in [" | ", " - ", " – ", " — ", " :: ", " · ", " • "] {
        if let Some(at) = title.rfind(sep) {
            let (head, tail) = (&title[..at], &title[at + sep.len()..]);
            let tail_is_site = site_name.is_some_and(|s| {
                let (a, b) = (s.to_lowercase(), tail.to_lowercase());
                a.contains(&b) || b.contains(&a)
            });
            if tail_is_site || (tail.split_whitespace().count() <= 4 && head.split_whitespace().count() >= 3) {
                return head.trim().to_string();
            }
        }
    }
    title.to_string()
}

/// ISO dates and timestamps (and `YYYY/MM/DD`, `YYYYMMDD`) to `YYYY-MM-DD`.
pub fn normalize_date(s: &str) -> Option<String> {
    let s = s.trim();
    let digits: Vec<&str> = s.split(|c: char| !c.is_ascii_digit()).filter(|p| !p.is_empty()).collect();
    let (y, m, d) = match digits.as_slice() {
        [ymd, ..] if ymd.len() == 8 => (&ymd[..4], &ymd[4..6], &ymd[6..8]),
        [y, m, d, ..] if y.len() == 4 => (*y, *m, *d),
        _ => return None,
    };
    let (y, m, d): (u32, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    ((1990..=2100).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d)).then(|| format!("{y:04}-{m:02}-{d:02}"))
}

/// Days in a written date must be 1..=31; the year 1990..=2100.
fn ymd(y: u32, m: u32, d: u32) -> Option<String> {
    ((1990..=2100).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d)).then(|| format!("{y:04}-{m:02}-{d:02}"))
}

fn month_of(word: &str) -> Option<u32> {
    let w = word.trim_end_matches('.');
    if w.len() < 3 || w.len() > 9 {
        return None;
    }
    // Lower-cased on the stack and matched at once: this runs for every word of the page.
    let mut buf = [0u8; 9];
    let lower = &mut buf[..w.len()];
    lower.copy_from_slice(w.as_bytes());
    lower.make_ascii_lowercase();
    let month = match &*lower {
        b"jan" | b"january" => 1,
        b"feb" | b"february" => 2,
        b"mar" | b"march" => 3,
        b"apr" | b"april" => 4,
        b"may" => 5,
        b"jun" | b"june" => 6,
        b"jul" | b"july" => 7,
        b"aug" | b"august" => 8,
        b"sep" | b"sept" | b"september" => 9,
        b"oct" | b"october" => 10,
        b"nov" | b"november" => 11,
        b"dec" | b"december" => 12,
        _ => return None,
    };
    Some(month)
}

fn day_of(word: &str) -> Option<u32> {
    // Only a word starting as a number can parse as one (the suffixes below are trimmed from
    // the end); this runs for every word of the page.
    if !word.starts_with(|c: char| c.is_ascii_digit() || c == '+') {
        return None;
    }
    let w = word.trim_end_matches(',');
    let w = w.trim_end_matches("st").trim_end_matches("nd").trim_end_matches("rd").trim_end_matches("th");
    (1..=2).contains(&w.len()).then(|| w.parse().ok()).flatten()
}

fn year_of(word: &str) -> Option<u32> {
    let w = word.trim_end_matches([',', '.', ')', ';']);
    (w.len() == 4).then(|| w.parse().ok()).flatten()
}

/// The first date written out in the page's visible text, as a reader sees a byline's date:
/// "March 3, 2024", "3 March 2024", "Mar. 3rd, 2024" or "2024-03-03".
pub fn first_written_date(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        let next = |k: usize| words.get(i + k).copied().unwrap_or("");
        if let Some(m) = month_of(w) {
            if let (Some(d), Some(y)) = (day_of(next(1)), year_of(next(2))) {
                if let Some(date) = ymd(y, m, d) {
                    return Some(date);
                }
            }
        }
        if let (Some(d), Some(m), Some(y)) = (day_of(w), month_of(next(1)), year_of(next(2))) {
            if let Some(date) = ymd(y, m, d) {
                return Some(date);
            }
        }
        let b = w.as_bytes();
        if b.len() >= 10 && b[4] == b'-' && b[7] == b'-' && b[..4].iter().all(u8::is_ascii_digit) {
            if let Some(date) = normalize_date(&w[..10]) {
                return Some(date);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_dates() {
        assert_eq!(first_written_date("By Jane | Published March 3, 2024 at noon").as_deref(), Some("2024-03-03"));
        assert_eq!(first_written_date("Updated 3rd Sept. 2023").as_deref(), Some("2023-09-03"));
        assert_eq!(first_written_date("on 2022-11-05T10:00 we").as_deref(), Some("2022-11-05"));
        assert_eq!(first_written_date("May 2024 was warm; may 40 2024"), None);
    }

    #[test]
    fn dates() {
        assert_eq!(normalize_date("2025-09-04T10:00:00+02:00").as_deref(), Some("2025-09-04"));
        assert_eq!(normalize_date("2025/9/4").as_deref(), Some("2025-09-04"));
        assert_eq!(normalize_date("20250904").as_deref(), Some("2025-09-04"));
        assert_eq!(normalize_date("Sept 4"), None);
    }

    #[test]
    fn site_suffix() {
        assert_eq!(strip_site_suffix("Big News Today | The Paper", None), "Big News Today");
        assert_eq!(strip_site_suffix("Rust - A language", Some("Nope")), "Rust - A language");
        assert_eq!(strip_site_suffix("How to cook rice - Example", Some("Example.com")), "How to cook rice");
    }
}
