//! Stage 2b: boxes the page itself names as pointers to other pages. A heading such as "You may
//! also like" or "Customers also viewed" introduces a carousel of other products or stories, and
//! a line "Related: <link>" inside an article points to another article. Many sites give such
//! boxes no telling class (generated or utility class names), so their words are read instead.
//! Both are flagged as boilerplate, and as surer than a class word (`hints::RECOMMENDATIONS`).
//! On product pages a heading such as "Shipping & returns" introduces the shop's policy, printed
//! on every product of the shop: boilerplate too.

use crate::classify::PageKind;
use crate::hints;
use crate::tags::Tag;
use crate::tree::{Child, NodeId, Tree};

/// Longer headings are titles of their own ("More from our series on ..."), not labels.
const MAX_LABEL_CHARS: usize = 60;

/// Phrases that make a heading a label of recommendations, lower-cased, found at any word of it
/// ("This is what customers who viewed this product bought", "Similar items shipping to
/// Bulgaria"). Specific to recommendations: "most popular" or "trending" alone also title
/// sections of articles.
const RECOMMENDATION_PHRASES: &[&str] = &[
    "also like", "also enjoy", "also viewed", "also bought", "bought together", "who viewed this",
    "who bought this", "items to consider", "complete the look", "shop the look", "recently viewed",
    "similar items", "similar products", "related products", "related items", "related articles",
    "related posts", "related stories", "related news", "related discussions", "related threads",
    "related questions", "related topics", "similar threads", "similar questions", "similar discussions",
    "similar topics", "suggested topics", "hot network questions", "recommended for you", "recommended products",
    "recommended articles", "recommended reading", "you may like", "you might like", "may be interested in",
    "might be interested in", "popular posts", "popular articles", "popular stories", "more stories",
    "more articles",
    // The same labels in the languages most of a crawl is in besides English.
    "könnte sie auch interessieren", "auch interessant", "ähnliche artikel", "ähnliche beiträge",
    "ähnliche produkte", "verwandte artikel", "weitere artikel", "mehr zum thema", "meistgelesen",
    "kunden kauften auch", "à lire aussi", "lire aussi", "articles similaires", "articles liés",
    "vous aimerez aussi", "vous aimerez peut-être", "sur le même sujet", "les plus lus", "produits similaires",
    "artículos relacionados", "noticias relacionadas", "productos relacionados", "entradas relacionadas",
    "te puede interesar", "lo más leído", "articoli correlati", "prodotti correlati", "potrebbe interessarti",
    "ti potrebbe interessare", "leggi anche", "i più letti", "artigos relacionados", "notícias relacionadas",
    "produtos relacionados", "leia também", "você também pode gostar", "mais lidas", "gerelateerde artikelen",
    "lees ook", "vergelijkbare producten", "meest gelezen", "powiązane artykuły", "podobne artykuły",
    "podobne produkty", "czytaj także", "najczęściej czytane", "читайте также", "похожие статьи",
    "похожие новости", "похожие товары", "вам может понравиться", "вам также может понравиться",
    "самое читаемое", "相关文章", "相关阅读", "相关推荐", "相关新闻", "猜你喜欢", "热门文章", "推荐阅读",
    "延伸阅读", "相關文章", "相關閱讀", "延伸閱讀", "関連記事", "おすすめ記事", "人気記事", "あわせて読みたい",
    "관련 기사", "관련기사", "많이 본 뉴스", "ilgili haberler", "benzer haberler", "ilginizi çekebilir",
];

/// Prefixes that make a heading a label of recommendations ("More from Bershka").
const RECOMMENDATION_PREFIXES: &[&str] = &["more from ", "most read", "most viewed", "trending now", "trending stories", "trending articles"];

/// Prefixes that make a heading a label of recommendations on a declared article ("Latest
/// news", "Also in News"). They also title the sections of front pages and topic pages, which
/// are those sections.
const ARTICLE_ASIDE_PREFIXES: &[&str] = &["latest news", "latest posts", "latest articles", "recent posts", "recent articles", "more news", "also in ", "more in "];

/// A box after a heading row holds links to what the heading recommends; under this share of
/// link text it is the page's own text (a paragraph under "Related products" in documentation
/// describes them).
const MIN_LINK_SHARE: f32 = 0.5;

/// Teasers whose titles are links make a box of recommendations whatever their excerpts' length.
const MIN_TEASERS: usize = 2;

/// Labels of a line that is only a link to another article ("Related: <a>...</a>"), lower-cased,
/// without their colon.
const LINK_LINE_LABELS: &[&str] = &[
    "related", "related reading", "related article", "related story", "related post", "read next",
    "recommended", "you may also like", "you might like", "you might also like", "lesen sie auch",
    "auch interessant", "mehr zum thema", "lire aussi", "à lire aussi", "lire également", "lee también",
    "te puede interesar", "leggi anche", "leia também", "lees ook", "czytaj także", "czytaj też",
    "читайте также", "相关阅读", "延伸阅读", "延伸閱讀", "関連記事", "あわせて読みたい",
];

/// A product page's titles of the shop's policies, the same on all its products, lower-cased.
const POLICY_LABELS: &[&str] = &[
    "shipping", "shipping & returns", "shipping and returns", "shipping & delivery", "shipping and delivery",
    "delivery & returns", "delivery and returns", "returns", "returns & exchanges", "returns and exchanges",
    "shipping information", "shipping info", "shipping policy", "return policy", "returns policy",
    "free shipping & returns", "free shipping and returns", "delivery information", "payment & security",
];

/// Flags the boxes that headings name as recommendations (or, on product pages, as the shop's
/// policies), and the "Related: <link>" lines.
pub fn flag(tree: &mut Tree, kind: PageKind) {
    let mut extent: Option<Vec<(u32, u32)>> = None;
    let mut label = String::new();
    for id in 1..tree.nodes.len() as NodeId {
        let tag = tree.node(id).tag;
        let named = match tag {
            Tag::H(2..=6) | Tag::P | Tag::OtherBlock => names_box(tree, id, kind, &mut label),
            _ => None,
        };
        if let Some(flags) = named {
            let extent = extent.get_or_insert_with(|| text_extents(tree));
            for target in introduced_box(tree, extent, id) {
                tree.nodes[target as usize].hints |= flags;
            }
        } else if matches!(tag, Tag::P | Tag::Li | Tag::H(_)) && is_link_line(tree, id) {
            tree.nodes[id as usize].hints |= hints::BOILERPLATE | hints::RECOMMENDATIONS;
        }
    }
}

/// The flags for the box that `id`, a heading, names: recommendations, and on a product page
/// the shop's policies ([`POLICY_LABELS`]); None for any other heading. Its label is read once,
/// for both. Many sites draw a box's heading as a styled paragraph (`<p class="title">Popular
/// posts</p>`): one that is no sentence and opens with a recommendation phrase counts too.
fn names_box(tree: &Tree, id: NodeId, kind: PageKind, label: &mut String) -> Option<hints::Flags> {
    let tag = tree.node(id).tag;
    let product = kind == PageKind::Product;
    // Most paragraphs open with a run of text longer than a label: that is checked first.
    let styled_heading = tag == Tag::P
        && !matches!(tree.children(id).first(), Some(&Child::Text(s, e)) if (e - s) as usize > MAX_LABEL_CHARS)
        && !tree.holds_blocks(id);
    if !(tag.is_heading() || styled_heading || product) || !short_label(tree, id, label) {
        return None;
    }
    let recommendations = match tag {
        Tag::H(_) => names_recommendations(label, kind, Anywhere),
        _ => styled_heading && !label.contains(SENTENCE_MARKS) && names_recommendations(label, kind, AtStart),
    };
    if recommendations {
        Some(hints::BOILERPLATE | hints::RECOMMENDATIONS)
    } else if product && POLICY_LABELS.contains(&label.trim_end_matches([':', ' '])) {
        Some(hints::BOILERPLATE)
    } else {
        None
    }
}

/// Collects the text under `id` into `label`, ASCII lower-cased and with spaces collapsed; false
/// when it is longer than a label. Not `Tree::plain_text`, which allocates and reads the whole
/// subtree: this runs for every heading, and stops at the label's length.
pub(crate) fn short_label(tree: &Tree, id: NodeId, label: &mut String) -> bool {
    fn collect(tree: &Tree, id: NodeId, label: &mut String) -> bool {
        for child in tree.children(id) {
            match *child {
                Child::Text(s, e) => {
                    for word in tree.text_of(s, e).split_whitespace() {
                        if !label.is_empty() {
                            label.push(' ');
                        }
                        label.push_str(word);
                        if label.len() > MAX_LABEL_CHARS {
                            return false;
                        }
                    }
                }
                Child::Node(c) => {
                    if !collect(tree, c, label) {
                        return false;
                    }
                }
            }
        }
        true
    }
    label.clear();
    let short = collect(tree, id, label);
    if label.is_ascii() {
        label.make_ascii_lowercase();
    } else {
        *label = label.to_lowercase();
    }
    short
}

/// Where in a label [`RECOMMENDATION_PHRASES`] may stand.
#[derive(Clone, Copy, PartialEq)]
enum PhraseAt {
    Anywhere,
    AtStart,
}
use PhraseAt::{Anywhere, AtStart};

/// Punctuation that makes a paragraph a sentence rather than a heading drawn as one.
const SENTENCE_MARKS: &[char] = &['.', '!', '?', ':', ';', ','];

/// Whether a heading's lower-cased text names recommendations on a page of this kind, with the
/// phrase at any word of it or only at its start.
fn names_recommendations(label: &str, kind: PageKind, at: PhraseAt) -> bool {
    let starts_with_any = |prefixes: &[&str]| prefixes.iter().any(|p| label.starts_with(p));
    if starts_with_any(RECOMMENDATION_PREFIXES) || kind == PageKind::Article && starts_with_any(ARTICLE_ASIDE_PREFIXES) {
        return true;
    }
    if at == AtStart {
        return starts_with_any(RECOMMENDATION_PHRASES);
    }
    // Phrases start at a word: each word's start is compared with the phrases that begin with
    // its first byte (cheaper than a substring search per phrase).
    let word_starts = std::iter::once(0).chain(label.bytes().enumerate().filter(|&(_, b)| b == b' ').map(|(i, _)| i + 1));
    word_starts.filter_map(|at| label.get(at..)).any(|rest| {
        rest.as_bytes().first().is_some_and(|&first| phrases_starting_with(first).iter().any(|p| rest.starts_with(p)))
    })
}

/// The [`RECOMMENDATION_PHRASES`] whose first byte is `byte`: a word is compared with a handful
/// of them instead of all (this runs for every word of every heading).
fn phrases_starting_with(byte: u8) -> &'static [&'static str] {
    static BY_FIRST_BYTE: std::sync::LazyLock<Vec<Vec<&'static str>>> = std::sync::LazyLock::new(|| {
        let mut table = vec![Vec::new(); 256];
        for phrase in RECOMMENDATION_PHRASES {
            table[phrase.as_bytes()[0] as usize].push(*phrase);
        }
        table
    });
    &BY_FIRST_BYTE[byte as usize]
}

/// For every node, the byte range of `tree.text` from its first to the end of its last
/// non-blank text run (`(u32::MAX, 0)` for a node without text).
fn text_extents(tree: &Tree) -> Vec<(u32, u32)> {
    let mut extent = vec![(u32::MAX, 0u32); tree.nodes.len()];
    // Children have higher ids than their parent: a reverse sweep sees them first.
    for id in (0..tree.nodes.len()).rev() {
        let mut own = (u32::MAX, 0u32);
        for child in tree.children(id as NodeId) {
            let (s, e) = match *child {
                _ if tree.is_blank(child) => continue,
                Child::Text(s, e) => (s, e),
                Child::Node(c) => extent[c as usize],
            };
            own = (own.0.min(s), own.1.max(e));
        }
        extent[id] = own;
    }
    extent
}

/// The boxes a recommendation heading introduces: the smallest box that holds more than the
/// heading and starts with it (a heading row above a carousel, inside the carousel's box); when
/// the box holding more has text before the heading, the heading's own box and the box after it.
/// Wider boxes are left alone: a sidebar's "Popular posts" may come first in the column that
/// holds the article.
fn introduced_box(tree: &Tree, extent: &[(u32, u32)], heading: NodeId) -> Vec<NodeId> {
    let (start, end) = extent[heading as usize];
    let mut top = heading;
    loop {
        let parent = tree.node(top).parent;
        if is_page_wide(tree, parent) {
            break;
        }
        let (s, e) = extent[parent as usize];
        if s != start {
            break;
        }
        if e != end {
            return vec![header_row_owner(tree, extent, parent, start).unwrap_or(parent)];
        }
        top = parent;
    }
    let mut boxes = vec![top];
    let siblings = tree.children(tree.node(top).parent);
    let next = siblings.iter().skip_while(|c| **c != Child::Node(top)).skip(1).find(|c| !tree.is_blank(c));
    if let Some(&Child::Node(c)) = next {
        if points_elsewhere(tree, c) {
            boxes.push(c);
        }
    }
    boxes
}

/// A box too wide to be what a heading introduces: the page, or the container it marks as
/// its main content.
fn is_page_wide(tree: &Tree, id: NodeId) -> bool {
    let node = tree.node(id);
    matches!(node.tag, Tag::Root | Tag::Html | Tag::Body | Tag::Main | Tag::Article) || node.hints & (hints::MAIN | hints::ENTITY) != 0
}

/// When `row`, the smallest box holding more than a recommendation heading, is only the
/// heading's row (the heading, a "See all" link, labels), the box around it that starts with
/// the row and holds the links the heading introduces (eBay's "Similar items" row above the
/// carousel beside it).
fn header_row_owner(tree: &Tree, extent: &[(u32, u32)], row: NodeId, start: u32) -> Option<NodeId> {
    if links_in(tree, row) >= MIN_TEASERS {
        return None;
    }
    let mut top = row;
    loop {
        let parent = tree.node(top).parent;
        if is_page_wide(tree, parent) || extent[parent as usize].0 != start {
            return None;
        }
        if links_in(tree, parent) >= MIN_TEASERS {
            return Some(parent);
        }
        top = parent;
    }
}

/// The links in `id`'s subtree, counted up to [`MIN_TEASERS`].
fn links_in(tree: &Tree, id: NodeId) -> usize {
    let mut n = usize::from(tree.node(id).tag == Tag::A);
    for child in tree.children(id) {
        if let Child::Node(c) = *child {
            n += links_in(tree, c);
            if n >= MIN_TEASERS {
                break;
            }
        }
    }
    n
}

/// Whether the box after a recommendation heading points to other pages: most of its text is
/// link text, or it is a run of teasers (headings that are links, each over its excerpt).
/// `score::Stats` counts links too, but only after this stage.
fn points_elsewhere(tree: &Tree, id: NodeId) -> bool {
    #[derive(Default)]
    struct Count {
        chars: usize,
        link_chars: usize,
        linked_headings: usize,
    }
    fn count(tree: &Tree, id: NodeId, in_link: bool, in_heading: bool, n: &mut Count) {
        let node = tree.node(id);
        let in_link = in_link || node.tag == Tag::A;
        let in_heading = in_heading || matches!(node.tag, Tag::H(_));
        if node.tag == Tag::A && in_heading {
            n.linked_headings += 1;
        }
        for child in tree.children(id) {
            match *child {
                Child::Text(s, e) => {
                    let len = tree.text_of(s, e).trim().len();
                    n.chars += len;
                    if in_link {
                        n.link_chars += len;
                    }
                }
                Child::Node(c) => count(tree, c, in_link, in_heading, n),
            }
        }
    }
    let mut n = Count::default();
    count(tree, id, false, false, &mut n);
    n.linked_headings >= MIN_TEASERS || (n.chars > 0 && n.link_chars as f32 >= MIN_LINK_SHARE * n.chars as f32)
}

/// A block that is only a label ("Related:", "» Read next:") and a link.
fn is_link_line(tree: &Tree, id: NodeId) -> bool {
    let children = tree.children(id);
    // Cheap tests first: this runs on every paragraph.
    let Some(&Child::Text(s, e)) = children.first() else {
        return false;
    };
    if (e - s) as usize > MAX_LABEL_CHARS || !tree.text_of(s, e).trim_end().ends_with(':') {
        return false;
    }
    let mut rest = children[1..].iter().filter(|c| !tree.is_blank(c));
    let (Some(&Child::Node(link)), None) = (rest.next(), rest.next()) else {
        return false;
    };
    let label = tree
        .text_of(s, e)
        .trim()
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .trim_end_matches(':')
        .trim_end();
    // (Lower-cased only here, past the cheap tests: few paragraphs get this far.)
    tree.node(link).tag == Tag::A && LINK_LINE_LABELS.contains(&label.to_lowercase().as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_that_name_recommendations() {
        assert!(names_recommendations("you may also like", PageKind::Other, Anywhere));
        assert!(names_recommendations("this is what customers who viewed this product bought", PageKind::Other, Anywhere));
        assert!(names_recommendations("similar items shipping to bulgaria", PageKind::Other, Anywhere));
        assert!(names_recommendations("more from bershka", PageKind::Other, Anywhere));
        assert!(!names_recommendations("related work", PageKind::Other, Anywhere));
        assert!(!names_recommendations("more information", PageKind::Other, Anywhere));
        assert!(!names_recommendations("the most popular frameworks", PageKind::Other, Anywhere));
        assert!(names_recommendations("latest news", PageKind::Article, Anywhere));
        assert!(!names_recommendations("latest news", PageKind::Other, Anywhere));
        // A paragraph drawn as a heading opens with the phrase.
        assert!(names_recommendations("popular posts", PageKind::Other, AtStart));
        assert!(!names_recommendations("check out our popular posts", PageKind::Other, AtStart));
        // Other languages, lower-cased as `short_label` lower-cases them.
        assert!(names_recommendations("das könnte sie auch interessieren", PageKind::Other, Anywhere));
        assert!(names_recommendations("читайте также", PageKind::Other, AtStart));
        assert!(names_recommendations("相关文章", PageKind::Other, Anywhere));
        assert!(!names_recommendations("lire la suite", PageKind::Other, Anywhere));
    }
}
