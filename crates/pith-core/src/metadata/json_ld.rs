//! schema.org JSON-LD: the page's types and the article's (or question's) headline, author and
//! dates, with authors given by reference (`{"@id": ...}`) resolved.

use super::author::strip_byline;
use super::clean_json;
use crate::json::Json;

#[derive(Default)]
pub(super) struct JsonLd {
    pub(super) types: Vec<String>,
    pub(super) headline: Option<String>,
    pub(super) author: Option<String>,
    pub(super) organization_author: Option<String>,
    pub(super) published: Option<String>,
    /// `datePublished` of a node of another type (`WebPage`, `LearningResource`).
    pub(super) other_published: Option<String>,
    pub(super) modified: Option<String>,
    pub(super) site_name: Option<String>,
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
    pub(super) fn index(&mut self, value: &Json, depth: usize) {
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

    pub(super) fn visit(&mut self, value: &Json, depth: usize) {
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
pub(super) fn parse_json_ld(block: &str) -> Option<Json<'_>> {
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
