//! Stage 5: what kind of page this is, and whether its text is worth keeping.
//! Both read signals the earlier stages already computed; nothing here re-parses.

use crate::metadata::Metadata;
use crate::score::{is_cjk, Selection};
use crate::tags::Tag;
use crate::tree::{Child, Tree};
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PageType {
    Article,
    Forum,
    Product,
    Collection,
    Listing,
    Documentation,
    Service,
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RejectReason {
    Empty,
    TooShort,
    NoProse,
    LinkList,
    JavascriptShell,
    ConsentOrPaywall,
    LowTextRatio,
}

/// What the page shows, counted once from the tree and the extracted text.
#[derive(Debug, Default, Clone)]
pub struct Signals {
    /// Links wrapping blocks (teaser cards) in the main content.
    pub cards: usize,
    /// Prose paragraphs (80+ characters with punctuation) in the main content.
    pub prose_blocks: usize,
    /// Comment or post containers on the page.
    pub comment_boxes: usize,
    /// Currency amounts ("$19.99", "€5") in the text.
    pub prices: usize,
    /// Characters of extracted text (not bytes: CJK counts fairly).
    pub chars: usize,
    /// Words (whitespace-separated; a CJK run counts by characters / 2).
    pub words: usize,
    pub link_density: f32,
    /// Link density of the whole page, for pages whose extraction came out empty.
    pub page_link_density: f32,
}

impl Signals {
    pub fn measure(tree: &Tree, selection: &Selection, text: &str) -> Signals {
        let mut s = Signals::default();
        let mut stack = selection.roots.clone();
        while let Some(id) = stack.pop() {
            let node = tree.node(id);
            let stats = selection.stats[id as usize];
            if node.tag == Tag::A && node.children.iter().any(|c| matches!(c, Child::Node(n) if tree.node(*n).tag.is_block())) {
                s.cards += 1;
            }
            if matches!(node.tag, Tag::P | Tag::Div | Tag::Li | Tag::Td | Tag::Blockquote | Tag::Dd)
                && !node.children.iter().any(|c| matches!(c, Child::Node(n) if tree.node(*n).tag.is_block()))
                && stats.chars >= 80
                && stats.punct >= 1
                && stats.link_density() < 0.5
            {
                s.prose_blocks += 1;
            }
            for child in &node.children {
                if let Child::Node(c) = *child {
                    if !selection.removed[c as usize] {
                        stack.push(c);
                    }
                }
            }
        }
        s.comment_boxes = selection.comments.len();
        let root = selection.stats[selection.root as usize];
        s.link_density = root.link_density();
        s.page_link_density = selection.stats[0].link_density();
        s.chars = text.chars().count();
        s.words = text.split_whitespace().count() + count_cjk(text) / 2;
        s.prices = count_prices(text);
        s
    }
}

/// Characters `is_cjk` counts. All are three bytes long in UTF-8 and start with a byte from
/// 0xE3 to 0xEF, which is never a continuation byte: only those are decoded.
fn count_cjk(text: &str) -> usize {
    text.bytes()
        .enumerate()
        .filter(|&(at, b)| (0xE3..=0xEF).contains(&b) && text[at..].chars().next().is_some_and(is_cjk))
        .count()
}

fn count_prices(text: &str) -> usize {
    let mut count = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if matches!(c, '$' | '€' | '£' | '¥' | '₹') && chars.peek().is_some_and(|n| n.is_ascii_digit()) {
            count += 1;
        }
    }
    count
}

fn has_segment(path: &str, segments: &[&str]) -> bool {
    path.split('/').any(|s| segments.contains(&s))
}

/// What the page says it is, read before its content is found: it decides what the scorer
/// makes of comments, and gives `page_type` its first answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    /// A forum thread or Q&A page: comments that are most of the page are its posts.
    Discussion,
    /// A product page: its comments (customer reviews) stay aside however long they run.
    Product,
    /// Anything else: comments that are most of the page are posts only when what they
    /// comment on is short.
    Other,
}

impl PageKind {
    pub fn of(meta: &Metadata, url: Option<&str>) -> PageKind {
        if is_discussion(meta, url) {
            PageKind::Discussion
        } else if declares_product(meta) {
            PageKind::Product
        } else {
            PageKind::Other
        }
    }
}

/// Is the page a forum thread or a Q&A page, by its schema.org type or its URL?
fn is_discussion(meta: &Metadata, url: Option<&str>) -> bool {
    let path = url.map(crate::url::path).unwrap_or_default();
    let host = url.map(crate::url::host).unwrap_or_default();
    meta.json_ld_types.iter().any(|t| t == "QAPage" || t == "DiscussionForumPosting")
        || has_segment(&path, &["forum", "forums", "thread", "threads", "questions", "topic", "topics", "t", "discussion", "discussions", "community"])
        || host.starts_with("forum") || host.starts_with("community.") || host.starts_with("discuss")
}

/// Does the page's own markup (schema.org or Open Graph) say it sells one product?
fn declares_product(meta: &Metadata) -> bool {
    let og = meta.og_type.as_deref().unwrap_or("");
    meta.json_ld_types.iter().any(|t| t == "Product" || t == "ProductGroup") || og.starts_with("product") || og.contains(":item")
}

/// Classifies from schema.org types, Open Graph, URL shape and page structure, strongest
/// signal first.
pub fn page_type(meta: &Metadata, url: Option<&str>, kind: PageKind, s: &Signals) -> PageType {
    let has = |t: &str| meta.json_ld_types.iter().any(|x| x == t);
    let og = meta.og_type.as_deref().unwrap_or("");
    let path = url.map(crate::url::path).unwrap_or_default();
    let host = url.map(crate::url::host).unwrap_or_default();
    let listy = s.cards >= 6 && s.prose_blocks < s.cards / 2 + 3;

    if kind == PageKind::Discussion {
        return PageType::Forum;
    }
    let product_signal = kind == PageKind::Product
        || has_segment(&path, &["product", "products", "p", "dp", "itm", "item", "pdp"]);
    let collection_signal = has("CollectionPage") || has("OfferCatalog") || og.contains("group")
        || has_segment(&path, &["collections", "collection", "category", "categories", "c", "shop", "catalog"]);
    if collection_signal && (s.prices >= 3 || s.cards >= 4 || has("ItemList")) {
        return PageType::Collection;
    }
    if product_signal {
        return if listy && s.prices >= 4 { PageType::Collection } else { PageType::Product };
    }
    if has("TechArticle") || has("APIReference")
        || has_segment(&path, &["docs", "doc", "documentation", "reference", "api", "manual", "guide", "guides", "kb", "wiki", "help", "handbook", "learn", "usersguide", "man"])
        || host.starts_with("docs.") || host.starts_with("developer.") || host.starts_with("help.") || host.contains("readthedocs")
    {
        return PageType::Documentation;
    }
    if has("ItemList") && !has("Article") && !has("BlogPosting") && !has("NewsArticle") || listy {
        return if s.prices >= 4 { PageType::Collection } else { PageType::Listing };
    }
    // WordPress and others say og:type "article" for every page; a date or a byline is
    // what marks an article.
    let dated = meta.published.is_some() || meta.author.is_some();
    if has("Article") || has("NewsArticle") || has("BlogPosting") || dated
        || has_segment(&path, &["blog", "news", "article", "articles", "posts", "post", "story", "stories"])
    {
        return PageType::Article;
    }
    if has("Service") || has("LocalBusiness") || has("ProfessionalService") || has("Organization")
        || has_segment(&path, &["services", "service", "pricing", "solutions", "about", "contact", "plans", "features"])
    {
        return PageType::Service;
    }
    if s.prose_blocks >= 8 {
        PageType::Article
    } else if s.chars < 200 {
        PageType::Other
    } else {
        PageType::Service
    }
}

/// The shortest text accepted, in words (CJK counted by characters / 2): a news brief of two
/// sentences passes.
const MIN_WORDS: usize = 30;

const CONSENT_PHRASES: &[&str] = &[
    "cookie", "consent", "subscribe to continue", "subscribe to read", "sign in to continue", "log in to continue",
    "create a free account", "already a subscriber", "enable javascript", "javascript is disabled",
    "your browser does not support", "paywall", "accept all",
];

/// Whether the text is worth keeping, and why not.
pub fn verdict(text: &str, html_bytes: usize, page_type: PageType, s: &Signals, scripts_bytes: usize) -> Option<RejectReason> {
    if s.chars == 0 {
        return Some(if scripts_bytes > html_bytes / 3 {
            RejectReason::JavascriptShell
        } else if s.page_link_density > 0.5 {
            // Everything on the page was links, and pruned as such.
            RejectReason::LinkList
        } else {
            RejectReason::Empty
        });
    }
    if s.words < MIN_WORDS {
        let lower = text.to_lowercase();
        if CONSENT_PHRASES.iter().any(|p| lower.contains(p)) {
            return Some(RejectReason::ConsentOrPaywall);
        }
        if scripts_bytes > html_bytes / 3 {
            return Some(RejectReason::JavascriptShell);
        }
        return Some(RejectReason::TooShort);
    }
    let lower = text.to_lowercase();
    let consent_hits = CONSENT_PHRASES.iter().filter(|p| lower.contains(*p)).count();
    if consent_hits >= 2 && s.words < 150 {
        return Some(RejectReason::ConsentOrPaywall);
    }
    if matches!(page_type, PageType::Listing | PageType::Collection) && s.prose_blocks == 0 || s.link_density > 0.6 {
        return Some(RejectReason::LinkList);
    }
    if s.prose_blocks == 0 && !matches!(page_type, PageType::Product | PageType::Documentation | PageType::Forum) && s.words < 150 {
        return Some(RejectReason::NoProse);
    }
    // Under 0.1% text on a large page: the text is a remnant of an app or a gallery.
    if html_bytes > 200_000 && (text.len() as f64) < html_bytes as f64 * 0.001 && s.words < 200 {
        return Some(RejectReason::LowTextRatio);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_cjk_as_chars_do() {
        let text = "日本語のテキスト 한국어 \u{3000}\u{ff01}\u{f900}\u{fb00} é x \u{2028}\u{3040}\u{d7af}\u{d7b0}";
        assert_eq!(count_cjk(text), text.chars().filter(|c| is_cjk(*c)).count());
    }
}
