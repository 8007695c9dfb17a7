//! Title, author, dates, language, canonical URL, site name and description, from `<meta>`,
//! Open Graph, `<link>`, `<title>` and JSON-LD. The tree stage feeds the collector as it
//! parses; [`MetaCollector::finish`] picks the best value of each field.

use crate::attrs::Attrs;
use crate::json::Json;

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
        // Else the page's bylines, in its text.
        // (Microdata's name for a byline first: its shown text may hold an avatar's initial.)
        let byline = if declared_author.is_none() { self.microdata_byline.clone().or_else(|| author_of_bylines(&bylines(), self.html_lang.as_deref())) } else { None };
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

#[derive(Default)]
struct JsonLd {
    types: Vec<String>,
    headline: Option<String>,
    author: Option<String>,
    organization_author: Option<String>,
    published: Option<String>,
    /// `datePublished` of a node of another type (`WebPage`, `LearningResource`).
    other_published: Option<String>,
    modified: Option<String>,
    site_name: Option<String>,
    /// `@id` -> (`name`, is an organization) of every node, for authors given as
    /// `{"@id": ...}` (Yoast's `@graph`).
    names_by_id: std::collections::HashMap<String, (String, bool)>,
}

const ARTICLE_TYPES: &[&str] = &[
    "Article", "NewsArticle", "BlogPosting", "Report", "TechArticle", "ScholarlyArticle", "AnalysisNewsArticle",
    "OpinionNewsArticle", "ReviewNewsArticle", "LiveBlogPosting", "Review", "HowTo", "Recipe", "QAPage",
    "DiscussionForumPosting", "SocialMediaPosting",
];

impl JsonLd {
    fn index(&mut self, value: &Json, depth: usize) {
        if depth > 8 {
            return;
        }
        match value {
            Json::Array(items) => items.iter().for_each(|v| self.index(v, depth + 1)),
            Json::Object(members) => {
                if let (Some(Json::String(id)), Some(name)) = (value.get("@id"), filled(value.get("name"))) {
                    self.names_by_id.entry(id.to_string()).or_insert_with(|| (clean_json(name), is_organization(value)));
                }
                members.iter().for_each(|(_, v)| self.index(v, depth + 1));
            }
            _ => {}
        }
    }

    fn visit(&mut self, value: &Json, depth: usize) {
        if depth > 8 {
            return;
        }
        match value {
            Json::Array(items) => items.iter().for_each(|v| self.visit(v, depth + 1)),
            map @ Json::Object(_) => {
                let types: Vec<&str> = match map.get("@type") {
                    Some(Json::String(t)) => vec![t],
                    Some(Json::Array(ts)) => ts.iter().filter_map(Json::as_str).collect(),
                    _ => Vec::new(),
                };
                for t in &types {
                    if !self.types.iter().any(|x| x == t) {
                        self.types.push(t.to_string());
                    }
                }
                let is_article = types.iter().any(|t| ARTICLE_TYPES.contains(t));
                // A forum's question (QAPage's mainEntity) has the thread's author and date, but
                // an FAQ's questions are no headline.
                let is_question = types.contains(&"Question");
                if is_article || is_question {
                    if self.headline.is_none() && is_article {
                        self.headline = filled(map.get("headline")).or_else(|| filled(map.get("name"))).map(clean_json);
                    }
                    if self.author.is_none() {
                        self.author = map.get("author").and_then(|a| self.names(a, false));
                    }
                    if self.organization_author.is_none() {
                        self.organization_author = map.get("author").and_then(|a| self.names(a, true));
                    }
                    if self.published.is_none() {
                        self.published = filled(map.get("datePublished")).or_else(|| filled(map.get("dateCreated"))).map(str::to_string);
                    }
                    if self.modified.is_none() {
                        self.modified = filled(map.get("dateModified")).map(str::to_string);
                    }
                }
                if !is_article && self.other_published.is_none() {
                    self.other_published = filled(map.get("datePublished")).map(str::to_string);
                }
                if types.contains(&"WebSite") && self.site_name.is_none() {
                    self.site_name = filled(map.get("name")).map(clean_json);
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

    /// Names of the people (or, with `organizations`, only the organizations) in a schema.org
    /// `author` value.
    fn names(&self, value: &Json, organizations: bool) -> Option<String> {
        let names: Vec<String> = match value {
            Json::String(s) if !organizations => vec![clean_json(s)],
            m @ Json::Object(_) => {
                let named = filled(m.get("name")).map(|n| (clean_json(n), is_organization(m)));
                let referenced = || m.get("@id").and_then(Json::as_str).and_then(|id| self.names_by_id.get(id)).cloned();
                named.or_else(referenced).filter(|(_, is_org)| *is_org == organizations).map(|(n, _)| n).into_iter().collect()
            }
            Json::Array(items) => items.iter().filter_map(|v| self.names(v, organizations)).collect(),
            _ => Vec::new(),
        };
        // Some templates write the byline's "By" into the name too.
        let names: Vec<String> = names.into_iter().map(|n| strip_byline(&n, None).to_string()).filter(|n| !n.is_empty() && !n.starts_with("http")).collect();
        (!names.is_empty()).then(|| names.join(", "))
    }
}

/// JSON-LD as pages write it: hand-written templates leave raw newlines and tabs inside
/// strings, which JSON forbids; as spaces they change nothing else.
fn parse_json_ld(block: &str) -> Option<Json<'_>> {
    let block = block.trim().trim_end_matches(';');
    Json::parse(block).or_else(|| {
        let spaced: String = block.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        Json::parse(&spaced).map(Json::into_owned)
    })
}

/// A JSON-LD string with something in it: templates leave fields empty (`"name": ""`), which
/// must not stand in for what the page declares elsewhere.
fn filled<'a>(value: Option<&'a Json>) -> Option<&'a str> {
    value.and_then(Json::as_str).filter(|s| !s.trim().is_empty())
}

fn is_organization(node: &Json) -> bool {
    node.get("@type").and_then(Json::as_str).is_some_and(|t| t.contains("Organization"))
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

/// Does the `<h1>` name the site rather than the page? It does when it is the site's declared
/// name; when the `<title>` is the h1 and the Open Graph title, which leaves the site out,
/// joined ("RogerBW's Blog: Advent of Code" beside "Advent of Code"); or when it begins the
/// title's last part and the rest is longer ("What happened with the ISO / Arch Discussion /
/// Arch Linux Forums" beside "Arch Linux").
fn names_site(h1: &str, site_name: Option<&str>, og_title: Option<&str>, title: Option<&str>) -> bool {
    let h = words_of(h1);
    if h.is_empty() {
        return false;
    }
    let site = site_name.map(words_of);
    if site.as_ref() == Some(&h) {
        return true;
    }
    let Some(title) = title else {
        return false;
    };
    // An Open Graph title that is the site's name says nothing here.
    let og = og_title.map(words_of).filter(|og| site.as_ref() != Some(og));
    let parts = |sep: &&str| title.find(*sep).map(|at| (words_of(&title[..at]), words_of(&title[at + sep.len()..])));
    let with_og = [": "].iter().chain(&TITLE_SEPARATORS).filter_map(parts).any(|(head, tail)| {
        og.as_ref().is_some_and(|og| (head == h && tail == *og) || (tail == h && head == *og))
    });
    with_og
        || TITLE_SEPARATORS.iter().filter_map(|sep| title.rfind(sep).map(|at| (&title[..at], &title[at + sep.len()..]))).any(|(head, tail)| {
            let (head, tail) = (words_of(head), words_of(tail));
            tail.starts_with(&h) && head.len() >= 3 && head.len() > tail.len()
        })
}

/// What sites put between a page's title and their name.
const TITLE_SEPARATORS: [&str; 8] = [" | ", " - ", " – ", " — ", " / ", " :: ", " · ", " • "];

/// Whether `title` says what a link to the home page says (in the same words): the site's name.
fn is_a_home_link(title: &str, home_links: impl FnOnce() -> Vec<String>) -> bool {
    let words = words_of(title);
    !words.is_empty() && home_links().iter().any(|link| words_of(link) == words)
}

/// Whether an `<h1>`'s text is as long as a headline can be.
fn headline_length(h1: &str) -> bool {
    (2..=300).contains(&h1.chars().count())
}

/// The `<h1>` that the declared titles agree with: most of its words appear in them.
fn visible_headline(h1s: &[&str], declared: [Option<&str>; 2]) -> Option<String> {
    let declared_words: Vec<String> = declared.iter().flatten().flat_map(|t| words_of(t)).collect();
    h1s.iter()
        .take(3)
        .filter(|h| headline_length(h))
        .map(|h| {
            let words = words_of(h);
            let shared = words.iter().filter(|w| declared_words.contains(w)).count();
            (h, if words.is_empty() { 0.0 } else { shared as f32 / words.len() as f32 })
        })
        .filter(|(_, overlap)| *overlap >= 0.5)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(h, _)| h.to_string())
}

/// The first name among byline texts, in page order; `lang` is the page's declared language,
/// whose word for "by" is read beside the English one ("Von Hans Müller").
pub fn author_of_bylines(bylines: &[String], lang: Option<&str>) -> Option<String> {
    let by = by_word(lang);
    bylines.iter().map(|b| byline_name(b, by)).find(|b| plausible_name(b))
}

/// The word a byline opens with in `lang` (a language tag: "de-AT") where it is not English:
/// "Von", "Par", "Por". Only read on pages declaring the language, as in English text these
/// open names ("Di Maio", "Von Miller").
fn by_word(lang: Option<&str>) -> Option<&'static str> {
    Some(match &*crate::language::declared(lang?)? {
        "de" => "von",
        "fr" => "par",
        "es" | "pt" | "gl" => "por",
        "ca" => "per",
        "it" => "di",
        "nl" => "door",
        "sv" | "no" | "nb" | "nn" => "av",
        "da" => "af",
        _ => return None,
    })
}

/// A byline the markup does not mark, as the text's first lines show it: "By John Miller,
/// Staff Writer" under an old news page's headline. Only a line that opens with "By" (or the
/// word of `lang`, the page's declared language: "Von") and names someone in two to four
/// capitalized words of letters ("By the time we arrived" names no one).
pub fn byline_in_text(text: &str, lang: Option<&str>) -> Option<String> {
    const FIRST_LINES: usize = 4;
    const PARTICLES: &[&str] = &["de", "van", "von", "der", "den", "la", "le", "di", "da", "du", "del", "bin", "al"];
    let by = by_word(lang);
    text.lines().filter(|l| !l.trim().is_empty()).take(FIRST_LINES).find_map(|line| {
        let line = line.trim();
        let after = |word: &str| line.get(..word.len()).filter(|head| head.eq_ignore_ascii_case(word) && head.starts_with(char::is_uppercase)).and_then(|_| line[word.len()..].strip_prefix(' '));
        let rest = after("by").or_else(|| by.and_then(after))?;
        let name = rest.split([',', '|', '•', '·', '(']).next()?.trim();
        let words: Vec<&str> = name.split_whitespace().collect();
        // Letters only: "Lark Manor™" is a brand.
        let named = (2..=4).contains(&words.len())
            && name.chars().all(|c| c.is_alphabetic() || matches!(c, ' ' | '.' | '-' | '\'' | '’'))
            && words.iter().all(|w| w.starts_with(char::is_uppercase) || PARTICLES.contains(w))
            && words.first().is_some_and(|w| w.starts_with(char::is_uppercase));
        (named && plausible_name(name)).then(|| name.to_string())
    })
}

/// "By Jane Doe | Staff" -> "Jane Doe"; "Von Hans Müller" too with `by`, the page's language's
/// word for "by" ([`by_word`]).
fn strip_byline<'a>(s: &'a str, by: Option<&str>) -> &'a str {
    let mut s = s.trim();
    for prefix in ["written by", "posted by", "post by", "reviewed by", "published by", "author:", "authors:", "by:", "by"].into_iter().chain(by) {
        let (Some(head), Some(rest)) = (s.get(..prefix.len()), s.get(prefix.len()..)) else { continue };
        // The prefix is a word of its own: "Byron Smith" is not "by Ron Smith".
        if !rest.is_empty() && head.eq_ignore_ascii_case(prefix) && !rest.starts_with(char::is_alphanumeric) {
            s = rest.trim_start();
            break;
        }
    }
    let s = s.trim_start_matches([':', ',', ' ']);
    let end = s.find(['|', '•', '·', '»', '\n']).unwrap_or(s.len());
    s[..end].trim().trim_end_matches([',', '-', '–', '—']).trim()
}

/// A visible byline's name, without what follows it: "By Jane Doe - March 3, 2024",
/// "Posted by jd on Monday", "jd Member Joined 2019"; `by` as for [`strip_byline`].
fn byline_name(s: &str, by: Option<&str>) -> String {
    // "16 December 2025 by Sam O'Brien": the name follows "by" wherever it stands.
    let s = s
        .split_whitespace()
        .position(|w| w.eq_ignore_ascii_case("by") || by.is_some_and(|by| w.eq_ignore_ascii_case(by)))
        .filter(|&i| i > 0)
        .and_then(|i| s.split_whitespace().nth(i + 1))
        .map_or(s, |name| &s[name.as_ptr() as usize - s.as_ptr() as usize..]);
    let s = strip_byline(s, by);
    let mut end = s.len();
    for (at, w) in s.split_whitespace().map(|w| (w.as_ptr() as usize - s.as_ptr() as usize, w)).skip(1) {
        let tail = matches!(w.to_lowercase().as_str(), "-" | "–" | "—" | "on" | "published" | "updated" | "last" | "posted" | "joined" | "member" | "since" | "wrote" | "writes" | "said" | "says")
            || w.starts_with(|c: char| c.is_ascii_digit())
            || month_of(w.trim_end_matches(',')).is_some() && s[at + w.len()..].trim_start().starts_with(|c: char| c.is_ascii_digit());
        if tail {
            end = at;
            break;
        }
    }
    without_avatar_initial(s[..end].trim().trim_end_matches([',', '-', '–', '—']).trim()).to_string()
}

/// "J julian" or "JosephF J" -> the name: forum software draws a poster without a picture as
/// their initial, a letter beside the name. (Not "J. Smith": an initial has its period.)
fn without_avatar_initial(name: &str) -> &str {
    let initial_of = |letter: &str, word: &str| {
        let mut l = letter.chars();
        l.next().zip(word.chars().next()).is_some_and(|(a, b)| l.next().is_none() && a.is_alphabetic() && a.to_lowercase().eq(b.to_lowercase()))
    };
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.as_slice() {
        [first, second, ..] if initial_of(first, second) => name[first.len()..].trim_start(),
        [first, .., last] if initial_of(last, first) => name[..name.len() - last.len()].trim_end(),
        _ => name,
    }
}

/// A meta author value that names someone: not a URL, an @handle or a numeric id.
fn meta_name(v: &str) -> bool {
    !v.starts_with("http") && !v.starts_with('@') && !v.contains("://") && !v.bytes().all(|b| b.is_ascii_digit()) && !is_template_key(v)
}

/// A template's key left unrendered: "{{ author }}", "${author}", "page.head.extra.author" (a
/// translation key: three or more lower-case names joined by dots; "j.r.r.tolkien" has initials).
fn is_template_key(v: &str) -> bool {
    let dotted = v.split('.').count() >= 3 && v.split('.').all(|part| part.len() >= 2 && part.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
    dotted || v.contains("{{") || v.contains("${") || v.contains("{%")
}

/// A byline's text that reads like a name, not a sentence, a date or a bare label ("By").
fn plausible_name(s: &str) -> bool {
    let words: Vec<&str> = s.split_whitespace().collect();
    let lower = s.to_lowercase();
    let label = ["by", "author", "authors", "written by", "posted by", "updated", "published", "posted", "joined", "member"].contains(&lower.as_str());
    // "Dec.", "Sat": the date part of a byline, not its name.
    let calendar = words.len() == 1 && (month_of(s).is_some() || weekday(&lower));
    // Forum handles carry digits ("luizjr4"); a longer text with digits is a date or a count.
    let digits_ok = words.len() == 1 || !s.chars().any(|c| c.is_ascii_digit());
    // "a relentless pursuit of results": a sentence that a "by" in a bio split off ("the
    // Lavazza Team" names someone).
    let sentence = words.first().is_some_and(|w| ["a", "an", "the", "of", "to", "in", "on", "at", "for", "and", "with", "his", "her", "their"].contains(w))
        && !words.iter().any(|w| w.starts_with(char::is_uppercase));
    (1..=8).contains(&words.len())
        && !label
        && !sentence
        && !calendar
        && digits_ok
        && s.chars().count() <= 80
        && s.chars().next().is_some_and(char::is_alphabetic)
        && !s.chars().any(|c| c == '*' || c == ':')
}

fn weekday(w: &str) -> bool {
    let w = w.trim_end_matches(['.', ',']);
    ["mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"].contains(&w)
        || ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].contains(&w)
}

/// "Headline | Site" -> "Headline", when the part after the separator is the site's name or
/// the title has a separator near its end; "Site: Headline" -> "Headline" (Blogger's titles),
/// when the part before is the site's name.
fn strip_site_name(title: &str, site_name: Option<&str>) -> String {
    if let Some(site) = site_name.filter(|s| !s.is_empty()) {
        let after_site = title.get(..site.len()).filter(|head| head.eq_ignore_ascii_case(site)).map(|_| &title[site.len()..]);
        let headline = after_site.and_then(|rest| [": "].iter().chain(&TITLE_SEPARATORS).find_map(|sep| rest.strip_prefix(sep)));
        if let Some(headline) = headline.map(str::trim).filter(|h| !h.is_empty()) {
            return headline.to_string();
        }
    }
    for sep in TITLE_SEPARATORS {
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

/// ISO dates and timestamps (and `YYYY/MM/DD`, `YYYYMMDD`, `MM/DD/YYYY`, `DD.MM.YYYY`,
/// "Oct 31, 2025") to `YYYY-MM-DD`.
pub fn normalize_date(s: &str) -> Option<String> {
    let s = s.trim();
    let digits: Vec<&str> = s.split(|c: char| !c.is_ascii_digit()).filter(|p| !p.is_empty()).collect();
    let num = |p: &str| p.parse::<u32>().ok();
    match digits.as_slice() {
        [ymd, ..] if ymd.len() == 8 && s.starts_with(ymd) => ymd_of(num(&ymd[..4])?, num(&ymd[4..6])?, num(&ymd[6..8])?),
        [y, m, d, ..] if y.len() == 4 && s.starts_with(y) => ymd_of(num(y)?, num(m)?, num(d)?),
        [a, b, y, ..] if a.len() <= 2 && b.len() <= 2 && y.len() == 4 && s.starts_with(a) => {
            let dotted = s.trim_start_matches(|c: char| c.is_ascii_digit()).starts_with('.');
            numeric_date(num(a)?, num(b)?, num(y)?, dotted)
        }
        _ => first_written_date(s, None, None),
    }
}

/// `a/b/y` or `a.b.y`: day first when `day_first` (dotted dates) or when `a` cannot be a
/// month, else month first, the US reading.
fn numeric_date(a: u32, b: u32, y: u32, day_first: bool) -> Option<String> {
    if day_first || a > 12 {
        ymd_of(y, b, a)
    } else {
        ymd_of(y, a, b)
    }
}

/// `/2024/03/05/` in a URL's path.
fn url_date(url: &str) -> Option<String> {
    let path = crate::url::path(url);
    let parts: Vec<&str> = path.split('/').collect();
    parts.windows(3).find_map(|w| {
        let all_digits = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
        (all_digits(w[0], 4) && all_digits(w[1], 2) && all_digits(w[2], 2)).then(|| ymd_of(w[0].parse().ok()?, w[1].parse().ok()?, w[2].parse().ok()?)).flatten()
    })
}

/// Days in a date must be 1..=31; the year 1990..=2100.
fn ymd_of(y: u32, m: u32, d: u32) -> Option<String> {
    ((1990..=2100).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d)).then(|| format!("{y:04}-{m:02}-{d:02}"))
}

fn month_of(word: &str) -> Option<u32> {
    let w = word.trim_end_matches(['.', ',']);
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
    // "3rd,", and in other languages "5." (German) and "1er" (French).
    let w = word.trim_end_matches([',', '.']);
    let w = w.trim_end_matches("st").trim_end_matches("nd").trim_end_matches("rd").trim_end_matches("th").trim_end_matches("er");
    (1..=2).contains(&w.len()).then(|| w.parse().ok()).flatten()
}

/// "2024", "2024," and "2024Julian" (inline elements run together: "Dec 17, 2024<span>Julian").
fn year_of(word: &str) -> Option<u32> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    (digits == 4).then(|| word[..4].parse().ok()).flatten()
}

/// A date written out at `words[i]`, as a reader sees a byline's date: "March 3, 2024",
/// "3 March 2024", "Mar. 3rd, 2024", "2024-03-03" or "03.03.2024"; with `months`, the
/// page's language's names too, day first ("5. März 2024", "5 marzo 2024").
fn written_date_at(words: &[&str], i: usize, months: Option<&MonthNames>) -> Option<String> {
    let w = words[i];
    let next = |k: usize| words.get(i + k).copied().unwrap_or("");
    // A month first needs a year, which starts with a digit, two words on: tested first, as
    // this runs for every word of the page and most are no month.
    if next(2).starts_with(|c: char| c.is_ascii_digit()) {
        if let Some(date) = month_of(w).and_then(|m| day_of(next(1)).zip(year_of(next(2))).and_then(|(d, y)| ymd_of(y, m, d))) {
            return Some(date);
        }
    }
    // Every other form starts with a number ("+3" as a day too); most words do not, and this
    // runs for every word of the page.
    if !w.starts_with(|c: char| c.is_ascii_digit() || c == '+') {
        return None;
    }
    if let Some((d, y)) = day_of(w).zip(year_of(next(2))) {
        // (The page's own month names are looked up only here, for a day and a year two words
        // apart: they are lower-cased into a new string.)
        let month = month_of(next(1)).or_else(|| months.and_then(|names| foreign_month(names, next(1))));
        if let Some(date) = month.and_then(|m| ymd_of(y, m, d)) {
            return Some(date);
        }
    }
    let b = w.as_bytes();
    let num = |r: std::ops::Range<usize>| std::str::from_utf8(&b[r]).ok()?.parse::<u32>().ok();
    let digits_but = |n: usize, seps: &[usize]| b.len() >= n && b[..n].iter().enumerate().all(|(i, c)| if seps.contains(&i) { !c.is_ascii_digit() } else { c.is_ascii_digit() });
    if digits_but(10, &[4, 7]) && b[4] == b'-' && b[7] == b'-' {
        return ymd_of(num(0..4)?, num(5..7)?, num(8..10)?);
    }
    if digits_but(10, &[2, 5]) && b[2] == b'.' && b[5] == b'.' && b.get(10).is_none_or(|c| !c.is_ascii_digit()) {
        return ymd_of(num(6..10)?, num(3..5)?, num(0..2)?);
    }
    // 10/31/2024, 15/12/2025, 2/24/2026: month first unless the first number cannot be a month.
    // Split without collecting: this runs for every word of the page.
    let mut parts = w.trim_end_matches([',', '.', ')']).split('/');
    if let (Some(a), Some(b), Some(y), None) = (parts.next(), parts.next(), parts.next(), parts.next()) {
        let small = |p: &str| (1..=2).contains(&p.len()) && p.bytes().all(|c| c.is_ascii_digit());
        if small(a) && small(b) && y.len() == 4 && y.bytes().all(|c| c.is_ascii_digit()) {
            return numeric_date(a.parse().ok()?, b.parse().ok()?, y.parse().ok()?, false);
        }
    }
    None
}

/// The first date written out in the page's visible text, on or before `not_after` (a
/// YYYY-MM-DD day) when given. English month names are read on every page; those of `lang`
/// (the page's declared language, `de-AT`) too, and CJK dates ("2020年02月07日") on any page.
pub fn first_written_date(text: &str, not_after: Option<&str>, lang: Option<&str>) -> Option<String> {
    // (YYYY-MM-DD strings sort as the days they name.)
    let in_time = |d: &String| not_after.is_none_or(|last| d.as_str() <= last);
    let months = lang.and_then(month_names);
    // Dates in the language's own digits ("٥ مارس ٢٠٢٤") are read as their ASCII twins.
    let ascii: String;
    let text = match months.and_then(|m| m.zero_digit) {
        Some(zero) if text.chars().any(|c| digit_of(zero, c).is_some()) => {
            ascii = text.chars().map(|c| digit_of(zero, c).map_or(c, |d| char::from(b'0' + d as u8))).collect();
            &ascii
        }
        _ => text,
    };
    // "5 de marzo de 2024": the word between day, month and year is not read.
    let joining = months.and_then(|m| m.joining_word);
    let is_joining = |w: &&str| joining.is_some_and(|j| w.eq_ignore_ascii_case(j));
    // A date spans at most three words: they are read through a window as they are split, as
    // collecting every word of a long page first cost more than the search (the date, when
    // there is one, is usually near the top). Past the last word the window holds "".
    let mut words = text.split_whitespace().filter(|w| !is_joining(w));
    let mut window = [""; 3];
    window.fill_with(|| words.next().unwrap_or(""));
    let mut spelled = None;
    while !window[0].is_empty() {
        if let Some(date) = written_date_at(&window, 0, months).filter(in_time) {
            spelled = Some((window[0].as_ptr() as usize - text.as_ptr() as usize, date));
            break;
        }
        window = [window[1], window[2], words.next().unwrap_or("")];
    }
    // The earlier of the first date in words and the first in CJK characters.
    let cjk = first_cjk_date(text, spelled.as_ref().map_or(text.len(), |(at, _)| *at), in_time);
    cjk.or(spelled).map(|(_, date)| date)
}

/// A Chinese, Japanese or Korean date starting before byte `before` of `text`: "2020年02月07日",
/// "2024년 3월 5일" (year, month and day each followed by its character). Such dates need no
/// spaces around them ("发布时间：2020年02月07日"), so they are found by their year's character.
fn first_cjk_date(text: &str, before: usize, in_time: impl Fn(&String) -> bool) -> Option<(usize, String)> {
    const MONTH: [char; 2] = ['月', '월'];
    const DAY: [char; 2] = ['日', '일'];
    let digit = |c: char| digit_of('0', c).or_else(|| digit_of('０', c));
    // After optional spaces, one or two digits (ASCII or full-width), then optional spaces and
    // the unit's character: the number, and the bytes of `s` read.
    let number = |s: &str, units: [char; 2]| -> Option<(u32, usize)> {
        let t = s.trim_start();
        let digits: Vec<u32> = t.chars().map_while(digit).take(3).collect();
        if !(1..=2).contains(&digits.len()) {
            return None;
        }
        let rest = t[t.char_indices().nth(digits.len()).map_or(t.len(), |(i, _)| i)..].trim_start();
        let unit = rest.chars().next().filter(|u| units.contains(u))?;
        Some((digits.iter().fold(0, |v, d| v * 10 + d), s.len() - rest.len() + unit.len_utf8()))
    };
    let at_year = |year_at: usize, unit_len: usize| {
        // Four digits before the year's character (spaces between allowed), not the end of a
        // longer number.
        let head = text[..year_at].trim_end();
        let mut back = head.char_indices().rev();
        let year_digits: Vec<(usize, char)> = back.by_ref().take(4).collect();
        let start = year_digits.last()?.0;
        if year_digits.len() < 4 || start >= before || back.next().is_some_and(|(_, c)| digit(c).is_some()) {
            return None;
        }
        let year = year_digits.iter().rev().try_fold(0, |y, &(_, c)| Some(y * 10 + digit(c)?))?;
        let after = &text[year_at + unit_len..];
        let (month, used) = number(after, MONTH)?;
        let (day, _) = number(&after[used..], DAY)?;
        ymd_of(year, month, day).filter(&in_time).map(|d| (start, d))
    };
    // (A year's character stands at most 4 full-width digits and a space after its date's start.)
    let first = |unit: char| {
        let mut utf8 = [0; 4];
        let needle = unit.encode_utf8(&mut utf8).as_bytes();
        let mut found = memchr::memmem::find_iter(text.as_bytes(), needle).take_while(|&at| at <= before.saturating_add(13));
        found.find_map(|at| at_year(at, needle.len()))
    };
    let (chinese, korean) = (first('年'), first('년'));
    chinese.into_iter().chain(korean).min_by_key(|(at, _)| *at)
}

/// `c` as one of the ten digits from `zero` ('0', full-width '０', Arabic-Indic '٠').
fn digit_of(zero: char, c: char) -> Option<u32> {
    (c as u32).checked_sub(zero as u32).filter(|d| *d <= 9)
}

/// Month names of a language beside English, as its dates write them: day, month, year.
struct MonthNames {
    /// Each month's forms, lower-cased: full, genitive ("марта") and abbreviated.
    forms: [&'static [&'static str]; 12],
    /// A word between day and month and between month and year ("5 de marzo de 2024").
    joining_word: Option<&'static str>,
    /// The zero of the language's own digits, which its pages write dates in as often as in
    /// ASCII ones: '٠' for Arabic ("٥ مارس ٢٠٢٤").
    zero_digit: Option<char>,
}

impl MonthNames {
    const fn new(forms: [&'static [&'static str]; 12]) -> Self {
        MonthNames { forms, joining_word: None, zero_digit: None }
    }
}

/// The month names of `lang` (a language tag: "de", "pt-BR"), for the languages of the web's
/// larger shares that write dates day first; None for English and for others (Hungarian and
/// the CJK languages write the year first; Vietnamese numbers its months).
fn month_names(lang: &str) -> Option<&'static MonthNames> {
    const DE: MonthNames = MonthNames::new([&["januar", "jänner", "jan"], &["februar", "feb"], &["märz", "mär", "maerz"], &["april", "apr"], &["mai"], &["juni", "jun"], &["juli", "jul"], &["august", "aug"], &["september", "sep", "sept"], &["oktober", "okt"], &["november", "nov"], &["dezember", "dez"]]);
    const FR: MonthNames = MonthNames::new([&["janvier", "janv"], &["février", "fevrier", "févr", "fevr"], &["mars"], &["avril", "avr"], &["mai"], &["juin"], &["juillet", "juil"], &["août", "aout"], &["septembre", "sept"], &["octobre", "oct"], &["novembre", "nov"], &["décembre", "decembre", "déc", "dec"]]);
    const ES: MonthNames = MonthNames { joining_word: Some("de"), ..MonthNames::new([&["enero", "ene"], &["febrero", "feb"], &["marzo", "mar"], &["abril", "abr"], &["mayo", "may"], &["junio", "jun"], &["julio", "jul"], &["agosto", "ago"], &["septiembre", "setiembre", "sept", "sep"], &["octubre", "oct"], &["noviembre", "nov"], &["diciembre", "dic"]]) };
    const PT: MonthNames = MonthNames { joining_word: Some("de"), ..MonthNames::new([&["janeiro", "jan"], &["fevereiro", "fev"], &["março", "marco", "mar"], &["abril", "abr"], &["maio", "mai"], &["junho", "jun"], &["julho", "jul"], &["agosto", "ago"], &["setembro", "set"], &["outubro", "out"], &["novembro", "nov"], &["dezembro", "dez"]]) };
    const IT: MonthNames = MonthNames::new([&["gennaio", "gen"], &["febbraio", "feb"], &["marzo", "mar"], &["aprile", "apr"], &["maggio", "mag"], &["giugno", "giu"], &["luglio", "lug"], &["agosto", "ago"], &["settembre", "set"], &["ottobre", "ott"], &["novembre", "nov"], &["dicembre", "dic"]]);
    const NL: MonthNames = MonthNames::new([&["januari", "jan"], &["februari", "feb"], &["maart", "mrt"], &["april", "apr"], &["mei"], &["juni", "jun"], &["juli", "jul"], &["augustus", "aug"], &["september", "sep", "sept"], &["oktober", "okt"], &["november", "nov"], &["december", "dec"]]);
    const RU: MonthNames = MonthNames::new([&["января", "январь", "янв"], &["февраля", "февраль", "фев"], &["марта", "март", "мар"], &["апреля", "апрель", "апр"], &["мая", "май"], &["июня", "июнь", "июн"], &["июля", "июль", "июл"], &["августа", "август", "авг"], &["сентября", "сентябрь", "сен"], &["октября", "октябрь", "окт"], &["ноября", "ноябрь", "ноя"], &["декабря", "декабрь", "дек"]]);
    const PL: MonthNames = MonthNames::new([&["stycznia", "styczeń", "sty"], &["lutego", "luty", "lut"], &["marca", "marzec", "mar"], &["kwietnia", "kwiecień", "kwi"], &["maja", "maj"], &["czerwca", "czerwiec", "cze"], &["lipca", "lipiec", "lip"], &["sierpnia", "sierpień", "sie"], &["września", "wrzesień", "wrz"], &["października", "październik", "paź"], &["listopada", "listopad", "lis"], &["grudnia", "grudzień", "gru"]]);
    const SCANDINAVIAN: MonthNames = MonthNames::new([&["januari", "januar", "jan"], &["februari", "februar", "feb"], &["mars", "marts", "mar"], &["april", "apr"], &["maj", "mai"], &["juni", "jun"], &["juli", "jul"], &["augusti", "august", "aug"], &["september", "sep", "sept"], &["oktober", "okt"], &["november", "nov"], &["december", "desember", "dec", "des"]]);
    const TR: MonthNames = MonthNames::new([&["ocak", "oca"], &["şubat", "şub"], &["mart", "mar"], &["nisan", "nis"], &["mayıs", "mayis", "may"], &["haziran", "haz"], &["temmuz", "tem"], &["ağustos", "agustos", "ağu"], &["eylül", "eylul", "eyl"], &["ekim", "eki"], &["kasım", "kasim", "kas"], &["aralık", "aralik", "ara"]]);
    const ID: MonthNames = MonthNames::new([&["januari", "jan"], &["februari", "feb"], &["maret", "mar"], &["april", "apr"], &["mei"], &["juni", "jun"], &["juli", "jul"], &["agustus", "agu", "ags"], &["september", "sep"], &["oktober", "okt"], &["november", "nov"], &["desember", "des"]]);
    const CS: MonthNames = MonthNames::new([&["ledna", "leden"], &["února", "únor"], &["března", "březen"], &["dubna", "duben"], &["května", "květen"], &["června", "červen"], &["července", "červenec"], &["srpna", "srpen"], &["září"], &["října", "říjen"], &["listopadu", "listopad"], &["prosince", "prosinec"]]);
    const UK: MonthNames = MonthNames::new([&["січня", "січень"], &["лютого", "лютий"], &["березня", "березень"], &["квітня", "квітень"], &["травня", "травень"], &["червня", "червень"], &["липня", "липень"], &["серпня", "серпень"], &["вересня", "вересень"], &["жовтня", "жовтень"], &["листопада", "листопад"], &["грудня", "грудень"]]);
    const RO: MonthNames = MonthNames::new([&["ianuarie", "ian"], &["februarie", "feb"], &["martie", "mar"], &["aprilie", "apr"], &["mai"], &["iunie", "iun"], &["iulie", "iul"], &["august", "aug"], &["septembrie", "sep"], &["octombrie", "oct"], &["noiembrie", "nov"], &["decembrie", "dec"]]);
    const EL: MonthNames = MonthNames::new([&["ιανουαρίου", "ιανουάριος"], &["φεβρουαρίου", "φεβρουάριος"], &["μαρτίου", "μάρτιος"], &["απριλίου", "απρίλιος"], &["μαΐου", "μάιος"], &["ιουνίου", "ιούνιος"], &["ιουλίου", "ιούλιος"], &["αυγούστου", "αύγουστος"], &["σεπτεμβρίου", "σεπτέμβριος"], &["οκτωβρίου", "οκτώβριος"], &["νοεμβρίου", "νοέμβριος"], &["δεκεμβρίου", "δεκέμβριος"]]);
    const FI: MonthNames = MonthNames::new([&["tammikuuta"], &["helmikuuta"], &["maaliskuuta"], &["huhtikuuta"], &["toukokuuta"], &["kesäkuuta"], &["heinäkuuta"], &["elokuuta"], &["syyskuuta"], &["lokakuuta"], &["marraskuuta"], &["joulukuuta"]]);
    const AR: MonthNames = MonthNames { zero_digit: Some('٠'), ..MonthNames::new([&["يناير"], &["فبراير"], &["مارس"], &["أبريل", "ابريل"], &["مايو"], &["يونيو"], &["يوليو"], &["أغسطس", "اغسطس"], &["سبتمبر"], &["أكتوبر", "اكتوبر"], &["نوفمبر"], &["ديسمبر"]]) };
    Some(match &*crate::language::declared(lang)? {
        "tr" => &TR,
        "id" => &ID,
        "cs" => &CS,
        "uk" => &UK,
        "ro" => &RO,
        "el" => &EL,
        "fi" => &FI,
        "ar" => &AR,
        "de" => &DE,
        "fr" => &FR,
        "es" => &ES,
        "pt" => &PT,
        "it" => &IT,
        "nl" => &NL,
        "ru" => &RU,
        "pl" => &PL,
        "sv" | "da" | "no" | "nb" | "nn" => &SCANDINAVIAN,
        _ => return None,
    })
}

/// `word` as one of `names`' months ("März", "marzo,", "févr.").
fn foreign_month(names: &MonthNames, word: &str) -> Option<u32> {
    let w = word.trim_end_matches(['.', ',']).to_lowercase();
    names.forms.iter().position(|forms| forms.contains(&w.as_str())).map(|i| i as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_h1_naming_the_site_is_not_the_headline() {
        let forum = "What happened with Arch Linux ISO in 2024 / Arch Discussion / Arch Linux Forums";
        assert!(names_site("Arch Linux", None, None, Some(forum)));
        assert!(names_site("RogerBW's Blog", None, Some("Advent of Code week 2"), Some("RogerBW's Blog: Advent of Code week 2")));
        assert!(names_site("Cory Dransfeldt", Some("Cory Dransfeldt"), None, None));
        // The headline, with the site after it or a different social title beside it.
        assert!(!names_site("How to Install Solar Panels", Some("EnergySage"), Some("Solar Panels in 2025"), Some("How to Install Solar Panels | EnergySage")));
        assert!(!names_site("Which mower suits my lawn?", Some("Robomow"), Some("Robomow"), Some("Which mower suits my lawn? | Robomow")));
        assert!(!names_site("Pricing", None, None, Some("Pricing | Acme Cloud Platform Inc")));

        let mut c = MetaCollector::default();
        c.title_text(forum);
        let meta = c.finish(&["Arch Linux".to_string()], &[], Vec::new, Vec::new, String::new, None, None);
        assert_eq!(meta.title.as_deref(), Some("What happened with Arch Linux ISO in 2024 / Arch Discussion"));
    }

    #[test]
    fn a_byline_prefix_is_a_word_of_its_own() {
        assert_eq!(strip_byline("By Jane Doe | Staff", None), "Jane Doe");
        assert_eq!(strip_byline("by: Jane Doe", None), "Jane Doe");
        assert_eq!(strip_byline("Byron Smith", None), "Byron Smith");
        assert_eq!(byline_name("Byung-hun Lee - March 3, 2024", None), "Byung-hun Lee");
        assert_eq!(byline_name("Posted by Byron Smith on Monday", None), "Byron Smith");
        assert_eq!(byline_name("Maria Lopez wrote on 27 November", None), "Maria Lopez");
    }

    #[test]
    fn a_bylines_avatar_initial_is_not_the_name() {
        assert_eq!(byline_name("J julian", None), "julian");
        assert_eq!(byline_name("JosephF J", None), "JosephF");
        assert_eq!(byline_name("xJewishNinjax X", None), "xJewishNinjax");
        // Initials that are part of the name stay.
        assert_eq!(byline_name("J. Julian", None), "J. Julian");
        assert_eq!(byline_name("Harry S Truman", None), "Harry S Truman");
        assert_eq!(byline_name("Jane D", None), "Jane D");
    }

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

    #[test]
    fn written_dates() {
        assert_eq!(first_written_date("By Jane | Published March 3, 2024 at noon", None, None).as_deref(), Some("2024-03-03"));
        assert_eq!(first_written_date("Updated 3rd Sept. 2023", None, None).as_deref(), Some("2023-09-03"));
        assert_eq!(first_written_date("on 2022-11-05T10:00 we", None, None).as_deref(), Some("2022-11-05"));
        assert_eq!(first_written_date("May 2024 was warm; may 40 2024", None, None), None);
        assert_eq!(first_written_date("2024-03-0x 2025-01-02", None, None).as_deref(), Some("2025-01-02"));
        assert_eq!(first_written_date("Elliot Raba 23.07.2025 · 6 min", None, None).as_deref(), Some("2025-07-23"));
        assert_eq!(first_written_date("v1.02.20255 and 1.2.2025", None, None), None);
        assert_eq!(first_written_date("Dec 17, 2025Julian K. Arni", None, None).as_deref(), Some("2025-12-17"));
        assert_eq!(first_written_date("19 Dec, 2025 Newsdesk", None, None).as_deref(), Some("2025-12-19"));
        assert_eq!(first_written_date("Posted on the 15/12/2025 at 19:00", None, None).as_deref(), Some("2025-12-15"));
        assert_eq!(first_written_date("Updated: 10/31/2024", None, None).as_deref(), Some("2024-10-31"));
        assert_eq!(first_written_date("1/2/24 and 3/4/20245 and 13/13/2024", None, None), None);
        // A day after the fetch is an event's: the first date on or before it is the one.
        let text = "Posted March 3, 2025. The law applies from 1 January 2027.";
        assert_eq!(first_written_date(text, Some("2026-05-01"), None).as_deref(), Some("2025-03-03"));
        assert_eq!(first_written_date("From 1 January 2027, then 2 May 2025.", Some("2026-05-01"), None).as_deref(), Some("2025-05-02"));
        assert_eq!(first_written_date("From 1 January 2027.", Some("2026-05-01"), None), None);
    }

    #[test]
    fn written_dates_in_the_pages_language() {
        let de = "Von Hans Müller | 5. März 2024, 14:00 Uhr";
        assert_eq!(first_written_date(de, None, Some("de-DE")).as_deref(), Some("2024-03-05"));
        // Another language's month names are not read: "Mars 2024" is no date on an English page.
        assert_eq!(first_written_date(de, None, Some("en")), None);
        assert_eq!(first_written_date("Publié le 1er mars 2024", None, Some("fr")).as_deref(), Some("2024-03-01"));
        assert_eq!(first_written_date("Mars 2024: 5 mars 2024", None, Some("en")), None);
        assert_eq!(first_written_date("Publicado el 5 de marzo de 2024", None, Some("es")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("12 de Setembro de 2023", None, Some("pt-BR")).as_deref(), Some("2023-09-12"));
        assert_eq!(first_written_date("Опубликовано 5 марта 2024 г.", None, Some("ru")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("opublikowano 3 października 2023 r.", None, Some("pl")).as_deref(), Some("2023-10-03"));
        assert_eq!(first_written_date("Yayınlanma: 5 Mart 2024", None, Some("tr")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("Diterbitkan 17 Agustus 2023", None, Some("id")).as_deref(), Some("2023-08-17"));
        assert_eq!(first_written_date("Publikováno 5. března 2024", None, Some("cs")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("Опубліковано 5 березня 2024", None, Some("uk")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("Publicat 5 martie 2024", None, Some("ro")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("Δημοσιεύθηκε 5 Μαρτίου 2024", None, Some("el")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("Julkaistu 5. maaliskuuta 2024", None, Some("fi")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("نشر في 5 مارس 2024", None, Some("ar")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("نشر في ٥ مارس ٢٠٢٤", None, Some("ar")).as_deref(), Some("2024-03-05"));
        // English dates are read on every page.
        assert_eq!(first_written_date("Aktualisiert am March 3, 2024", None, Some("de")).as_deref(), Some("2024-03-03"));
    }

    #[test]
    fn written_date_scans_never_cut_a_character() {
        // Every string of up to five of these characters (digits, full-width digits, CJK units,
        // spaces), after a year and before a day: the scans slice around multi-byte characters.
        const ALPHABET: [&str; 9] = ["2", "０", "年", "月", "日", " ", "년", "월", "é"];
        let mut s = String::new();
        for n in 0..ALPHABET.len().pow(5) {
            s.clear();
            let mut k = n;
            s.push_str("2024");
            for _ in 0..5 {
                s.push_str(ALPHABET[k % ALPHABET.len()]);
                k /= ALPHABET.len();
            }
            s.push_str("5日");
            for lang in [None, Some("de"), Some("es")] {
                first_written_date(&s, Some("2030-01-01"), lang);
            }
        }
    }

    #[test]
    fn cjk_written_dates() {
        assert_eq!(first_written_date("发布时间：2020年02月07日 14:28", None, None).as_deref(), Some("2020-02-07"));
        assert_eq!(first_written_date("投稿日 ２０２４年３月５日（火）", None, Some("ja")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("게시일 2024년 3월 5일", None, Some("ko")).as_deref(), Some("2024-03-05"));
        // The earlier of a date in words and one in CJK characters.
        assert_eq!(first_written_date("2023-01-02 更新 2020年2月7日", None, None).as_deref(), Some("2023-01-02"));
        assert_eq!(first_written_date("2020年2月7日 更新 2023-01-02", None, None).as_deref(), Some("2020-02-07"));
        // A year of five digits, a month without a day, a day after the fetch.
        assert_eq!(first_written_date("12020年2月7日", None, None), None);
        assert_eq!(first_written_date("2020年2月，2021年13月1日", None, None), None);
        assert_eq!(first_written_date("2030年1月1日开始，2020年2月7日发布", Some("2026-01-01"), None).as_deref(), Some("2020-02-07"));
    }

    #[test]
    fn dates() {
        assert_eq!(normalize_date("2025-09-04T10:00:00+02:00").as_deref(), Some("2025-09-04"));
        assert_eq!(normalize_date("2025/9/4").as_deref(), Some("2025-09-04"));
        assert_eq!(normalize_date("20250904").as_deref(), Some("2025-09-04"));
        assert_eq!(normalize_date("Sept 4"), None);
        assert_eq!(normalize_date("Oct 31, 2025").as_deref(), Some("2025-10-31"));
        assert_eq!(normalize_date("07/17/2025").as_deref(), Some("2025-07-17"));
        assert_eq!(normalize_date("17/07/2025").as_deref(), Some("2025-07-17"));
        assert_eq!(normalize_date("05.07.2025").as_deref(), Some("2025-07-05"));
        assert_eq!(normalize_date("2024-03-ab"), None);
    }

    #[test]
    fn url_dates() {
        assert_eq!(url_date("https://x.example/2018/11/22/cheap-fixes/").as_deref(), Some("2018-11-22"));
        assert_eq!(url_date("https://x.example/2018/11/cheap-fixes/"), None);
        assert_eq!(url_date("https://x.example/p/1234/56/78"), None);
    }

    #[test]
    fn a_byline_in_the_text_names_someone_in_capitalized_words() {
        let text = "City council approves new bridge\nBy John Miller, Staff Writer\nPublished March 3, 2004\n\nThe council voted.";
        assert_eq!(byline_in_text(text, None).as_deref(), Some("John Miller"));
        assert_eq!(byline_in_text("Title\nBy Jean-Luc de la Tour | Paris", None).as_deref(), Some("Jean-Luc de la Tour"));
        for text in ["By the time we arrived, it was dark.", "By Lark Manor™", "By Admin", "a\nb\nc\nd\nBy Jane Doe"] {
            assert_eq!(byline_in_text(text, None), None, "{text:?}");
        }
    }

    #[test]
    fn bylines_in_the_pages_language() {
        let text = "Stadtrat beschließt neue Brücke\nVon Hans Müller, Redakteur\n\nDer Rat stimmte zu.";
        assert_eq!(byline_in_text(text, Some("de-DE")).as_deref(), Some("Hans Müller"));
        assert_eq!(byline_in_text(text, Some("en")), None);
        assert_eq!(byline_in_text("Titre\nPar Jeanne Dupont | Paris", Some("fr")).as_deref(), Some("Jeanne Dupont"));
        // A sentence opening with the word names no one: "Von Montag bis Freitag".
        assert_eq!(byline_in_text("Von Montag bis Freitag geöffnet", Some("de")), None);
        assert_eq!(strip_byline("Von Hans Müller", by_word(Some("de"))), "Hans Müller");
        assert_eq!(strip_byline("Von Miller", by_word(Some("en"))), "Von Miller");
        assert_eq!(author_of_bylines(&["5. März 2024 von Anna Schmidt".to_string()], Some("de")).as_deref(), Some("Anna Schmidt"));
        assert_eq!(author_of_bylines(&["Por María García".to_string()], Some("es-MX")).as_deref(), Some("María García"));
    }

    #[test]
    fn site_suffix() {
        assert_eq!(strip_site_name("Big News Today | The Paper", None), "Big News Today");
        assert_eq!(strip_site_name("Rust - A language", Some("Nope")), "Rust - A language");
        assert_eq!(strip_site_name("How to cook rice - Example", Some("Example.com")), "How to cook rice");
    }
}
