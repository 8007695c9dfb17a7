//! Stage 5: what kind of page this is, and whether its text is worth keeping.
//! Both read signals the earlier stages already computed; nothing here re-parses.

use crate::metadata::Metadata;
use crate::score::Selection;
use crate::script::{is_cjk, is_spaceless};
use crate::tags::Tag;
use crate::tree::{Child, NodeId, Tree};
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
    /// The page says it is an error: a missing page served with status 200 ("soft 404"), an
    /// access-denied or server-error page.
    ErrorPage,
}

/// What the page shows, counted once from the tree and the extracted text.
#[derive(Debug, Default, Clone)]
pub struct Signals {
    /// Links wrapping blocks (teaser cards) in the main content.
    pub cards: usize,
    /// Links in the main content whose text reads as a headline rather than a menu entry.
    pub headline_links: usize,
    /// Prose paragraphs (80+ characters with punctuation) in the main content.
    pub prose_blocks: usize,
    /// Section headings (h2, h3) in the main content.
    pub headings: usize,
    /// List items in the main content.
    pub list_items: usize,
    /// Code blocks (`<pre>`) and inline code spans in the main content.
    pub code_blocks: usize,
    /// Of the `<pre>`s, those of prose laid out by hand (an archived e-mail, a man page): prose
    /// for the verdict, still preformatted blocks for the page type.
    pub laid_out_prose: usize,
    pub inline_code: usize,
    /// `<article>` elements anywhere on the page: one per teaser on many listings.
    pub article_elements: usize,
    /// Headings anywhere on the page that are links or hold one: a teaser's title.
    pub linked_headings: usize,
    /// `<img>` elements anywhere on the page: a product's gallery, a grid's thumbnails.
    pub images: usize,
    /// Comment or post containers on the page.
    pub comment_boxes: usize,
    /// Currency amounts ("$19.99", "€5") in the text.
    pub prices: usize,
    /// Currency amounts anywhere on the page: a product grid pruned as links still shows them.
    pub page_prices: usize,
    /// Characters of extracted text (not bytes: CJK counts fairly).
    pub chars: usize,
    /// Words (whitespace-separated; a CJK run counts by characters / 2).
    pub words: usize,
    /// Link density of the chosen content's box, as found (the score table weighs it).
    pub link_density: f32,
    /// Link density of the text kept: the chosen boxes less what was pruned from them.
    pub kept_link_density: f32,
    /// Link density of the whole page, for pages whose extraction came out empty.
    pub page_link_density: f32,
    /// Bytes of script, style and other payload text on the page (see [`Tree::payload_bytes`]).
    pub payload_bytes: usize,
    /// Scripts the page loads (see [`Tree::script_sources`]).
    pub script_sources: usize,
}

impl Signals {
    pub fn measure(tree: &Tree, selection: &Selection, text: &str) -> Signals {
        let mut s = Signals { payload_bytes: tree.payload_bytes, script_sources: tree.script_sources, ..Signals::default() };
        let mut stack = selection.roots.clone();
        let mut kept_chars: u32 = selection.roots.iter().map(|&root| selection.stats[root as usize].chars).sum();
        let mut kept_link_chars = 0u32;
        while let Some(id) = stack.pop() {
            let node = tree.node(id);
            let stats = selection.stats[id as usize];
            if node.tag == Tag::A {
                kept_link_chars += stats.link_chars;
            }
            let has_block = tree.holds_blocks(id);
            match node.tag {
                Tag::A if has_block => s.cards += 1,
                Tag::A if stats.headline_links() => s.headline_links += 1,
                Tag::H(2 | 3) => s.headings += 1,
                Tag::Li => s.list_items += 1,
                Tag::Pre => {
                    s.code_blocks += 1;
                    s.laid_out_prose += usize::from(node.hints & crate::hints::LAID_OUT_PROSE != 0);
                }
                Tag::Code => s.inline_code += 1,
                _ => {}
            }
            if matches!(node.tag, Tag::P | Tag::Div | Tag::Li | Tag::Td | Tag::Blockquote | Tag::Dd)
                && !has_block
                && stats.chars >= 80
                && stats.punct >= 1
                && stats.link_density() < 0.5
            {
                s.prose_blocks += 1;
            }
            for child in tree.children(id) {
                if let Child::Node(c) = *child {
                    if selection.removed[c as usize] {
                        kept_chars = kept_chars.saturating_sub(selection.stats[c as usize].chars);
                    } else {
                        stack.push(c);
                    }
                }
            }
        }
        s.kept_link_density = if kept_chars > 0 { kept_link_chars.min(kept_chars) as f32 / kept_chars as f32 } else { 0.0 };
        for (id, node) in tree.nodes.iter().enumerate() {
            match node.tag {
                Tag::Article => s.article_elements += 1,
                Tag::Img => s.images += 1,
                Tag::H(_) if is_linked_heading(tree, id as NodeId) => s.linked_headings += 1,
                _ => {}
            }
        }
        s.comment_boxes = selection.comments.len();
        let root = selection.stats[selection.root as usize];
        s.link_density = root.link_density();
        s.page_link_density = selection.stats[0].link_density();
        s.chars = text.chars().count();
        // Words of scripts without spaces: Chinese averages under two characters a word, Thai
        // about four.
        let (cjk, spaceless) = count_unspaced(text);
        s.words = text.split_whitespace().count() + cjk / 2 + spaceless / 4;
        s.prices = count_prices(text);
        s.page_prices = count_prices(&tree.text);
        s
    }
}

/// Is the heading a link, or does it hold one? Only a few levels are looked at, up and down:
/// a card's link may wrap its whole body, heading and all, but not the page's.
fn is_linked_heading(tree: &Tree, id: NodeId) -> bool {
    const LEVELS: usize = 3;
    tree.ancestors(id).take(LEVELS).any(|a| tree.node(a).tag == Tag::A) || holds_link(tree, id, LEVELS)
}

fn holds_link(tree: &Tree, id: NodeId, levels: usize) -> bool {
    levels > 0
        && tree.children(id).iter().any(|child| match *child {
            Child::Node(c) => tree.node(c).tag == Tag::A || holds_link(tree, c, levels - 1),
            Child::Text(..) => false,
        })
}

/// Characters `is_cjk` counts, and those `is_spaceless` counts. All are three bytes long in
/// UTF-8 and start with a byte from 0xE3 to 0xEF (CJK) or 0xE0 and 0xE1 (Thai to Khmer), which
/// is never a continuation byte: only those are decoded.
fn count_unspaced(text: &str) -> (usize, usize) {
    const CHUNK: usize = 16;
    let (mut cjk, mut spaceless) = (0, 0);
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        // Runs of ASCII, most of most pages, are stepped over a chunk at a time.
        if bytes.get(at..at + CHUNK).is_some_and(<[u8]>::is_ascii) {
            at += CHUNK;
            continue;
        }
        if matches!(bytes[at], 0xE0 | 0xE1 | 0xE3..=0xEF) {
            let c = text[at..].chars().next().expect("a lead byte starts a char");
            cjk += is_cjk(c) as usize;
            spaceless += is_spaceless(c) as usize;
        }
        at += 1;
    }
    (cjk, spaceless)
}

/// Currency amounts in `text`: a currency symbol followed by a digit.
pub(crate) fn count_prices(text: &str) -> usize {
    // Byte patterns found by memchr, not a walk over chars: the whole page text passes
    // through here, and decoding each char cost more than the rest of classification.
    const SYMBOLS: [&[u8]; 8] = [b"$", "€".as_bytes(), "£".as_bytes(), "¥".as_bytes(), "₹".as_bytes(), "₽".as_bytes(), "₩".as_bytes(), "₺".as_bytes()];
    let bytes = text.as_bytes();
    // The amount before the symbol, as most of Europe writes it ("49,95 €", "1.299,00\u{a0}€"):
    // a digit right before it, or before a space or a no-break space (narrow or not).
    let digit_before = |i: usize| {
        let head = &bytes[..i];
        let head = head.strip_suffix(b" ").or_else(|| head.strip_suffix("\u{a0}".as_bytes())).or_else(|| head.strip_suffix("\u{202f}".as_bytes())).unwrap_or(head);
        head.last().is_some_and(u8::is_ascii_digit)
    };
    let symbols = memchr::memchr3_iter(b'$', 0xC2, 0xE2, bytes)
        .filter(|&i| {
            let rest = &bytes[i..];
            SYMBOLS.iter().find(|s| rest.starts_with(s)).is_some_and(|s| rest.get(s.len()).is_some_and(u8::is_ascii_digit) || digit_before(i))
        })
        .count();
    // Japanese writes a price with 円 after it ("6,800円"), or with the full-width ￥ before it.
    let yen = memchr::memchr2_iter(0xE5, 0xEF, bytes)
        .filter(|&i| {
            let rest = &bytes[i..];
            rest.starts_with("円".as_bytes()) && digit_before(i) || rest.starts_with("￥".as_bytes()) && rest.get(3).is_some_and(u8::is_ascii_digit)
        })
        .count();
    symbols + yen
}

// Path segments that name a kind of page, in English and in the languages of the web's larger
// shares (German, French, Spanish, Italian, Portuguese, Dutch).
const PRODUCT_SEGMENTS: &[&str] = &[
    "product", "products", "p", "dp", "itm", "item", "pdp", "produkt", "produkte", "produit", "produits", "producto",
    "productos", "prodotto", "prodotti", "produto", "produtos",
];
const COLLECTION_SEGMENTS: &[&str] = &[
    "collections", "collection", "category", "categories", "c", "cat", "shop", "catalog", "browse", "kategorie",
    "kategorien", "categorie", "categoria", "categorias", "categorieen", "katalog", "catalogue", "catalogo",
];
const DOCS_SEGMENTS: &[&str] = &[
    "docs", "doc", "documentation", "reference", "api", "manual", "guide", "guides", "kb", "wiki", "help", "handbook",
    "learn", "usersguide", "man", "dokumentation", "doku", "hilfe", "handbuch", "aide", "ayuda", "aiuto", "ajuda",
];
const BLOG_SEGMENTS: &[&str] = &[
    "blog", "news", "article", "articles", "posts", "post", "story", "stories", "nachrichten", "aktuelles", "beitrag",
    "actualites", "actualite", "noticias", "noticia", "notizie", "nieuws", "artigos", "artigo", "articulos", "articolo",
];
const SERVICE_SEGMENTS: &[&str] = &[
    "services", "service", "pricing", "solutions", "about", "contact", "plans", "features", "leistungen",
    "dienstleistungen", "preise", "kontakt", "ueber-uns", "tarifs", "a-propos", "servicios", "precios", "contacto",
    "servizi", "prezzi", "contatti", "servicos", "diensten", "prijzen",
];

/// What a section's index lists, as its address names it.
const SECTION_WORDS: &[&str] = &[
    "news", "blog", "posts", "articles", "stories", "jobs", "careers", "courses", "events", "topics", "tag", "tags",
    "archive", "archives", "issues", "recent", "latest", "trending", "shows", "podcasts", "episodes", "library",
    "directory", "results", "search", "schedule", "rankings", "listings", "programs",
];

/// A path segment of at most three words, one of them in [`SECTION_WORDS`] ("news",
/// "remote-jobs", "certificate-courses").
fn names_a_section(segment: &str) -> bool {
    let segment = segment.to_ascii_lowercase();
    let words = segment.split(['-', '_', '.']);
    words.clone().count() <= 3 && words.into_iter().any(|w| SECTION_WORDS.contains(&w))
}

fn has_segment(path: &str, segments: &[&str]) -> bool {
    path.split('/').any(|s| segments.contains(&s))
}

/// What the page says it is, read before its content is found: it decides what the scorer
/// makes of comments and of the title box, which headings label recommendations, and is one
/// of the traits `page_type` weighs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    /// A forum thread or Q&A page: comments that are most of the page are its posts.
    Discussion,
    /// A product page: its comments (customer reviews) stay aside however long they run.
    Product,
    /// A page that declares itself an article (schema.org or Open Graph): its body is the
    /// content, and the header box around its title (byline, share buttons) is not.
    Article,
    /// Anything else: comments that are most of the page are posts only when what they
    /// comment on is short.
    Other,
}

impl PageKind {
    pub fn of(meta: &Metadata, url: Option<&str>) -> PageKind {
        if is_discussion(meta, url) {
            PageKind::Discussion
        } else if declares_product(meta) || is_item_address(url) {
            PageKind::Product
        } else if declares_article(meta) {
            PageKind::Article
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
        || has_segment(&path, &["forum", "forums", "thread", "threads", "questions", "topic", "t", "discussion", "discussions", "community"])
        || host.starts_with("forum") || host.starts_with("community.") || host.starts_with("discuss")
}

/// Is the address one of a retailer's item pages (Amazon's `/dp/`, eBay's `/itm/`, a "product
/// detail page" `/pdp/`), where the markup often declares nothing? (`/products/` is as often a
/// category or a software vendor's product line.)
fn is_item_address(url: Option<&str>) -> bool {
    has_segment(&url.map(crate::url::path).unwrap_or_default(), &["dp", "itm", "pdp"])
}

/// Does the page's own markup (schema.org or Open Graph) say it sells one product?
fn declares_product(meta: &Metadata) -> bool {
    let og = meta.og_type.as_deref().unwrap_or("");
    meta.json_ld_types.iter().any(|t| t == "Product" || t == "ProductGroup") || og.starts_with("product") || og.contains(":item")
}

/// Does the page's own markup (schema.org or Open Graph) say it is an article?
fn declares_article(meta: &Metadata) -> bool {
    meta.json_ld_types.iter().any(|t| ARTICLE_TYPES.contains(&t.as_str())) || meta.og_type.as_deref() == Some("article")
}

/// The page traits the page-type score table weighs. Flags are 0 or 1; counts are scaled
/// by [`count`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Feature {
    /// `PageKind::Discussion`.
    DiscussionKind,
    /// `PageKind::Product`.
    ProductKind,
    /// schema.org types: Article and its news and blog kinds.
    ArticleSchema,
    CollectionSchema,
    ItemListSchema,
    /// TechArticle, APIReference.
    DocsSchema,
    /// Service, LocalBusiness, ProfessionalService.
    ServiceSchema,
    /// No JSON-LD at all.
    NoSchema,
    OgArticle,
    OgWebsite,
    Author,
    Published,
    Modified,
    /// A path segment that is a year ("/2024/05/...").
    YearInPath,
    /// The site's home page.
    RootPath,
    /// Three or more path segments.
    DeepPath,
    /// The last path segment is a slug of four or more words ("how-to-fix-a-tap").
    LongSlug,
    /// The last path segment holds a number of four or more digits (an item or post id).
    NumberInSlug,
    QueryString,
    ProductPath,
    CollectionPath,
    DocsPath,
    BlogPath,
    ServicePath,
    /// The path ends at a section's index: its last segment is a short name of what a list
    /// holds ("/news", "/remote-jobs", "/list/cs.AI/recent"), not an item under it.
    SectionIndex,
    /// docs., developer., help. hosts and Read the Docs.
    DocsHost,
    Cards,
    HeadlineLinks,
    ProseBlocks,
    Headings,
    ListItems,
    CodeBlocks,
    InlineCode,
    ArticleElements,
    LinkedHeadings,
    TimeElements,
    Images,
    CommentBoxes,
    Prices,
    PagePrices,
    Words,
    LinkDensity,
    /// Always 1: each page type's prior.
    Bias,
}

const ARTICLE_TYPES: &[&str] = &[
    "Article", "NewsArticle", "BlogPosting", "ReportageNewsArticle", "ScholarlyArticle", "OpinionNewsArticle",
    "AnalysisNewsArticle", "Report", "LiveBlogPosting",
];

/// A count on a log scale, so that the 20th teaser adds less than the 2nd: ln(1 + n) / 3,
/// about 1 for 20.
fn count(n: usize) -> f32 {
    (n as f32).ln_1p() / 3.0
}

fn flag(b: bool) -> f32 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// What `page_type` reads of one page.
struct Page<'a> {
    meta: &'a Metadata,
    url: &'a str,
    path: String,
    host: String,
    kind: PageKind,
    signals: &'a Signals,
}

impl Page<'_> {
    fn declares(&self, types: &[&str]) -> bool {
        self.meta.json_ld_types.iter().any(|t| types.contains(&t.as_str()))
    }

    fn segments(&self) -> impl Iterator<Item = &str> {
        self.path.split('/').filter(|s| !s.is_empty())
    }

    fn last_segment(&self) -> &str {
        self.segments().last().unwrap_or("")
    }

    fn value(&self, feature: Feature) -> f32 {
        let s = self.signals;
        let og = self.meta.og_type.as_deref().unwrap_or("");
        match feature {
            Feature::DiscussionKind => flag(self.kind == PageKind::Discussion),
            Feature::ProductKind => flag(self.kind == PageKind::Product),
            Feature::ArticleSchema => flag(self.declares(ARTICLE_TYPES)),
            Feature::CollectionSchema => flag(self.declares(&["CollectionPage", "OfferCatalog"])),
            Feature::ItemListSchema => flag(self.declares(&["ItemList"])),
            Feature::DocsSchema => flag(self.declares(&["TechArticle", "APIReference"])),
            Feature::ServiceSchema => flag(self.declares(&["Service", "LocalBusiness", "ProfessionalService"])),
            Feature::NoSchema => flag(self.meta.json_ld_types.is_empty()),
            Feature::OgArticle => flag(og == "article"),
            Feature::OgWebsite => flag(og == "website"),
            Feature::Author => flag(self.meta.author.is_some()),
            Feature::Published => flag(self.meta.published.is_some()),
            Feature::Modified => flag(self.meta.modified.is_some()),
            Feature::YearInPath => flag(self.segments().any(is_year)),
            Feature::RootPath => flag(self.segments().next().is_none()),
            Feature::DeepPath => flag(self.segments().count() >= 3),
            Feature::LongSlug => flag(self.last_segment().split('-').count() >= 4),
            Feature::NumberInSlug => flag(has_digit_run(self.last_segment(), 4)),
            Feature::QueryString => flag(self.url.contains('?')),
            Feature::ProductPath => flag(has_segment(&self.path, PRODUCT_SEGMENTS)),
            Feature::CollectionPath => flag(has_segment(&self.path, COLLECTION_SEGMENTS)),
            Feature::DocsPath => flag(has_segment(&self.path, DOCS_SEGMENTS)),
            Feature::BlogPath => flag(has_segment(&self.path, BLOG_SEGMENTS)),
            Feature::ServicePath => flag(has_segment(&self.path, SERVICE_SEGMENTS)),
            Feature::SectionIndex => flag(names_a_section(self.last_segment())),
            Feature::DocsHost => flag(
                self.host.starts_with("docs.") || self.host.starts_with("developer.") || self.host.starts_with("help.") || self.host.contains("readthedocs"),
            ),
            Feature::Cards => count(s.cards),
            Feature::HeadlineLinks => count(s.headline_links),
            Feature::ProseBlocks => count(s.prose_blocks),
            Feature::Headings => count(s.headings),
            Feature::ListItems => count(s.list_items),
            Feature::CodeBlocks => count(s.code_blocks),
            Feature::InlineCode => count(s.inline_code),
            Feature::ArticleElements => count(s.article_elements),
            Feature::LinkedHeadings => count(s.linked_headings),
            Feature::TimeElements => count(self.meta.time_elements),
            Feature::Images => count(s.images),
            Feature::CommentBoxes => count(s.comment_boxes),
            Feature::Prices => count(s.prices),
            Feature::PagePrices => count(s.page_prices),
            // Halved: text length separates page types less than the other counts do.
            Feature::Words => count(s.words) / 2.0,
            Feature::LinkDensity => s.link_density,
            Feature::Bias => 1.0,
        }
    }
}

fn is_year(segment: &str) -> bool {
    segment.len() == 4 && (segment.starts_with("19") || segment.starts_with("20")) && segment.bytes().all(|b| b.is_ascii_digit())
}

fn has_digit_run(s: &str, len: usize) -> bool {
    s.as_bytes().split(|b| !b.is_ascii_digit()).any(|run| run.len() >= len)
}

/// The page types the score table ranks, in the order of its columns.
const SCORED: [PageType; 7] = [
    PageType::Article,
    PageType::Forum,
    PageType::Product,
    PageType::Collection,
    PageType::Listing,
    PageType::Documentation,
    PageType::Service,
];

// BEGIN fitted weights
/// Weight of each trait for each page type (columns in the order of [`SCORED`]). Fitted by
/// `python3 bench/accuracy/fit-page-types.py --write` on the dev set pages outside the
/// hold-out fifth (multinomial logistic regression, L2-regularized).
const WEIGHTS: [(Feature, [f32; 7]); 43] = [
    //                           artic forum produ colle listi docum servi
    (Feature::DiscussionKind,    [-1.37,  2.32,  0.22,  0.41, -0.72, -0.35, -0.51]),
    (Feature::ProductKind,       [-0.98, -0.37,  2.34, -0.15, -0.40, -0.21, -0.23]),
    (Feature::ArticleSchema,     [ 1.51, -0.33, -0.33, -0.31,  0.14,  0.00, -0.68]),
    (Feature::CollectionSchema,  [-0.18, -0.05, -0.21,  0.21,  0.32, -0.02, -0.07]),
    (Feature::ItemListSchema,    [ 0.44, -0.09, -0.24, -0.16,  0.66, -0.07, -0.54]),
    (Feature::DocsSchema,        [-0.25, -0.09, -0.02, -0.02,  0.19,  0.39, -0.20]),
    (Feature::ServiceSchema,     [-0.26, -0.14, -0.19, -0.25,  0.24, -0.09,  0.70]),
    (Feature::NoSchema,          [ 0.59,  0.11, -0.70, -0.29,  0.02,  0.57, -0.30]),
    (Feature::OgArticle,         [ 0.98, -0.58, -0.27, -0.49,  0.20,  0.14,  0.03]),
    (Feature::OgWebsite,         [ 0.03, -0.26,  0.33, -0.30, -0.11,  0.04,  0.27]),
    (Feature::Author,            [ 0.59,  0.93, -0.60, -0.63,  0.36, -0.24, -0.42]),
    (Feature::Published,         [ 0.46,  0.67,  0.57, -0.52, -0.37, -0.07, -0.74]),
    (Feature::Modified,          [ 0.23,  0.09, -0.40,  0.04, -0.70,  0.00,  0.74]),
    (Feature::YearInPath,        [ 0.75, -0.27, -0.08, -0.27,  0.24, -0.26, -0.11]),
    (Feature::RootPath,          [-0.85,  0.25, -0.21, -0.28,  0.32, -0.45,  1.22]),
    (Feature::DeepPath,          [ 0.16,  0.18,  0.24, -0.20, -0.40,  0.27, -0.25]),
    (Feature::LongSlug,          [ 1.31,  0.52,  0.22, -0.68, -0.51, -0.54, -0.33]),
    (Feature::NumberInSlug,      [ 0.21,  1.23,  0.61, -0.07, -0.53, -0.59, -0.85]),
    (Feature::QueryString,       [ 0.09,  0.79, -0.40,  0.40,  0.37, -0.41, -0.84]),
    (Feature::ProductPath,       [-0.18, -0.32,  1.51, -0.25, -0.23, -0.18, -0.36]),
    (Feature::CollectionPath,    [-0.15, -0.30, -0.29,  1.42,  0.39, -0.28, -0.79]),
    (Feature::DocsPath,          [-0.33, -0.23, -0.19,  0.11,  0.08,  1.24, -0.68]),
    (Feature::BlogPath,          [ 1.46, -0.11, -0.19, -0.23,  0.39, -0.54, -0.78]),
    (Feature::ServicePath,       [-0.40, -0.15, -0.14, -0.22, -0.36, -0.13,  1.42]),
    (Feature::SectionIndex,      [-0.13, -0.20, -0.10, -0.26,  1.44, -0.18, -0.57]),
    (Feature::DocsHost,          [-0.54, -0.10, -0.05, -0.08, -0.23,  1.43, -0.42]),
    (Feature::Cards,             [-1.01, -0.09, -0.53,  0.83,  0.94, -0.18,  0.04]),
    (Feature::HeadlineLinks,     [ 0.27,  0.19, -0.98,  0.31,  0.86,  0.09, -0.74]),
    (Feature::ProseBlocks,       [ 1.08,  0.06, -0.54, -0.68, -1.18,  0.45,  0.80]),
    (Feature::Headings,          [ 0.49, -1.56,  0.14,  0.19, -0.16, -0.11,  1.01]),
    (Feature::ListItems,         [-0.08,  0.15,  0.62, -0.20, -0.36,  0.05, -0.19]),
    (Feature::CodeBlocks,        [-0.06, -0.02, -0.14, -0.11, -0.37,  0.76, -0.05]),
    (Feature::InlineCode,        [-0.52,  0.15, -0.26, -0.19, -0.30,  1.68, -0.55]),
    (Feature::ArticleElements,   [-0.08,  0.10, -0.18,  0.38,  0.16, -0.09, -0.30]),
    (Feature::LinkedHeadings,    [-0.15, -0.34, -0.19,  0.14,  0.57,  0.13, -0.17]),
    (Feature::TimeElements,      [-0.36,  1.01, -0.30, -0.10,  0.57, -0.37, -0.45]),
    (Feature::Images,            [-0.47, -0.32,  0.88,  0.55,  0.52, -1.37,  0.19]),
    (Feature::CommentBoxes,      [-0.15,  0.03,  1.23, -0.12, -0.07, -0.40, -0.51]),
    (Feature::Prices,            [ 0.51, -0.11, -0.35, -0.51,  0.37, -0.23,  0.31]),
    (Feature::PagePrices,        [-0.71, -0.56,  0.96,  2.13, -0.79, -0.71, -0.32]),
    (Feature::Words,             [ 0.41, -0.12, -0.81, -0.29,  0.42,  0.30,  0.08]),
    (Feature::LinkDensity,       [-1.32,  0.20, -0.31,  0.30,  1.13,  0.00,  0.01]),
    (Feature::Bias,              [-0.63, -0.26, -0.36,  0.13,  0.52, -0.18,  0.78]),
];
// END fitted weights

/// The page type whose weighted sum of the page's traits is highest: a linear score table
/// (multinomial logistic regression) over schema.org types, Open Graph, URL shape and page
/// structure. No single trait decides: a date or a byline leans towards an article without
/// making one.
pub fn page_type(meta: &Metadata, url: Option<&str>, kind: PageKind, signals: &Signals) -> PageType {
    let page = Page {
        meta,
        url: url.unwrap_or(""),
        path: url.map(crate::url::path).unwrap_or_default(),
        host: url.map(crate::url::host).unwrap_or_default(),
        kind,
        signals,
    };
    let mut scores = [0f32; SCORED.len()];
    for (feature, weights) in WEIGHTS {
        let value = page.value(feature);
        #[cfg(test)]
        fit::record(feature, value);
        if value != 0.0 {
            scores.iter_mut().zip(weights).for_each(|(score, w)| *score += value * w);
        }
    }
    let best = (0..SCORED.len()).fold(0, |best, i| if scores[i] > scores[best] { i } else { best });
    SCORED[best]
}

/// The shortest text accepted, in words (CJK counted by characters / 2, Thai by characters /
/// 4): a news brief of two
/// sentences passes.
const MIN_WORDS: usize = 30;

const CONSENT_PHRASES: &[&str] = &[
    "cookie", "consent", "subscribe to continue", "subscribe to read", "sign in to continue", "log in to continue",
    "create a free account", "already a subscriber", "enable javascript", "javascript is disabled",
    "your browser does not support", "paywall", "accept all",
    // The same in the languages of the web's larger shares (lower case, as the text is searched).
    "jetzt abonnieren", "bereits abonnent", "abo abschließen", "javascript aktivieren", "alle akzeptieren",
    "déjà abonné", "abonnez-vous", "réservé aux abonnés", "activer javascript", "tout accepter",
    "ya eres suscriptor", "suscríbete", "exclusivo para suscriptores", "habilita javascript", "aceptar todo",
    "sei già abbonato", "riservato agli abbonati", "abilita javascript", "accetta tutto", "já é assinante",
    "exclusivo para assinantes", "ative o javascript", "aceitar tudo", "al abonnee", "alleen voor abonnees",
    "alles accepteren", "оформите подписку", "только для подписчиков", "включите javascript", "принять все",
    "会员专享", "订阅后", "启用javascript", "会員限定", "有料会員", "javascriptを有効", "유료 회원",
];

/// How many of the consent and paywall phrases the text holds. Only called on short texts (a
/// remnant is short): lower-casing every page's text cost 3% of all extraction instructions.
fn consent_phrases(text: &str) -> usize {
    let lower = text.to_lowercase();
    CONSENT_PHRASES.iter().filter(|p| lower.contains(*p)).count()
}

/// An error page's own name for itself, lower case: in its title or its text's first line.
/// Titles that are a status number among error words ("Error 404") are matched by ERROR_WORDS.
const ERROR_PHRASES: &[&str] = &[
    "page not found", "file not found", "page cannot be found",
    "page could not be found", "page can't be found", "page does not exist", "page doesn't exist",
    "page no longer exists", "page is no longer available", "403 forbidden", "access denied",
    "internal server error", "service unavailable", "seite nicht gefunden", "seite wurde nicht gefunden",
    "page introuvable", "page non trouvée", "página no encontrada", "pagina non trovata", "página não encontrada",
    "pagina niet gevonden", "страница не найдена", "nie znaleziono strony", "sayfa bulunamadı", "页面不存在",
    "页面地址不存在", "网页不存在", "页面未找到", "找不到页面", "找不到网页", "頁面不存在", "找不到頁面",
    "ページが見つかりません", "페이지를 찾을 수 없습니다",
];

/// Longest text an error page has, in words: its apology, a search box's label and a few
/// suggested links. An article about HTTP errors is longer.
const ERROR_PAGE_MAX_WORDS: usize = 200;

/// Words of an error page's title besides its number: "404", "Error 404", "Oops! 404 - Page".
const ERROR_WORDS: &[&str] = &["404", "error", "not", "found", "page", "oops", "sorry", "file", "http"];

/// Whether the title or the text's first line names the page an error ("Page not found",
/// "404 - Example", "页面不存在"). Only a short part of either counts: the title cut at its
/// separators, a first line that reads as a heading; "Why 404 errors hurt your site" or
/// "Peugeot 404" do not.
fn names_an_error(title: Option<&str>, text: &str) -> bool {
    let first_line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let title_parts = title.unwrap_or("").split(['|', '-', '\u{2013}', '\u{2014}', ':', '\u{b7}', '\u{bb}', '/']);
    let says_error = |part: &str, max_words: usize| {
        let lower = part.to_lowercase();
        let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
        words.len() <= max_words && ERROR_PHRASES.iter().any(|p| lower.contains(p))
            || words.contains(&"404") && words.iter().all(|w| ERROR_WORDS.contains(w))
    };
    title_parts.into_iter().any(|part| says_error(part, 6)) || says_error(first_line, 12)
}

/// Whether the text is worth keeping, and why not.
pub fn verdict(
    text: &str,
    title: Option<&str>,
    html_bytes: usize,
    page_type: PageType,
    s: &Signals,
) -> Option<RejectReason> {
    // Error pages are short; documentation about an HTTP status ("404 Not Found - HTTP") is
    // short too, and is content.
    if s.chars > 0 && s.words < ERROR_PAGE_MAX_WORDS && page_type != PageType::Documentation && names_an_error(title, text) {
        return Some(RejectReason::ErrorPage);
    }
    if s.chars == 0 {
        return Some(if s.payload_bytes > html_bytes / 3 {
            RejectReason::JavascriptShell
        } else if s.page_link_density > 0.5 {
            // Everything on the page was links, and pruned as such.
            RejectReason::LinkList
        } else if s.script_sources > 0 {
            // Nothing to show but code to run: an app whose bundles render its content in the
            // browser (Discourse's empty `<section id="main">`, a React root).
            RejectReason::JavascriptShell
        } else {
            RejectReason::Empty
        });
    }
    if s.words < MIN_WORDS {
        if consent_phrases(text) >= 1 {
            return Some(RejectReason::ConsentOrPaywall);
        }
        if s.payload_bytes > html_bytes / 3 {
            return Some(RejectReason::JavascriptShell);
        }
        return Some(RejectReason::TooShort);
    }
    if s.words < 150 && consent_phrases(text) >= 2 {
        return Some(RejectReason::ConsentOrPaywall);
    }
    // A listing without prose is a link list, if it shows links at all: listing-like text
    // without any is a page the score table misread. Text mostly of links is one too on a
    // listing (teasers with summaries), and on any page without prose; a product or a
    // document with a paragraph of its own keeps it, however many links surround it.
    let listing = matches!(page_type, PageType::Listing | PageType::Collection);
    let shows_links = s.cards + s.headline_links > 0 || s.link_density >= 0.1;
    let no_prose = s.prose_blocks + s.laid_out_prose == 0;
    // (Mostly links both as the box was found and as its text was kept: a shop laid out in
    // tables has its content box found as the whole page, links and all, and pruned to its
    // item; pruning that took a box's prose leaves links that are not the box.)
    let mostly_links = s.link_density.min(s.kept_link_density) > 0.6;
    if listing && no_prose && shows_links || mostly_links && (listing || no_prose) {
        return Some(RejectReason::LinkList);
    }
    if no_prose && !matches!(page_type, PageType::Product | PageType::Documentation | PageType::Forum) && s.words < 150 {
        return Some(RejectReason::NoProse);
    }
    // Under 0.1% text on a large page: the text is a remnant of an app or a gallery.
    if html_bytes > 200_000 && (text.len() as f64) < html_bytes as f64 * 0.001 && s.words < 200 {
        return Some(RejectReason::LowTextRatio);
    }
    None
}

/// Records the traits `page_type` weighs, page by page, for the fitting script
/// `bench/accuracy/fit-page-types.py`.
#[cfg(test)]
mod fit {
    use super::Feature;
    use crate::api::{extract, Hints, Options};
    use std::cell::RefCell;

    thread_local! {
        static TRAITS: RefCell<Vec<(Feature, f32)>> = const { RefCell::new(Vec::new()) };
    }

    pub fn record(feature: Feature, value: f32) {
        TRAITS.with(|t| t.borrow_mut().push((feature, value)));
    }

    /// Reads `$PITH_FIT_PAGES` (lines of `id<TAB>url<TAB>html file`) and writes one JSON line
    /// per page, `{"id", "features": [[trait, value], ...]}` (in table order), to `$PITH_FIT_OUT`.
    #[test]
    #[ignore = "run by bench/accuracy/fit-page-types.py"]
    fn write_page_traits() {
        let pages = std::env::var("PITH_FIT_PAGES").expect("PITH_FIT_PAGES");
        let out = std::env::var("PITH_FIT_OUT").expect("PITH_FIT_OUT");
        let mut lines = String::new();
        for line in std::fs::read_to_string(pages).unwrap().lines() {
            let [id, url, file] = line.splitn(3, '\t').collect::<Vec<_>>()[..] else { panic!("bad line {line:?}") };
            let hints = Hints { content_type: Some("text/html; charset=utf-8".into()), url: (!url.is_empty()).then(|| url.into()), ..Hints::default() };
            TRAITS.with(|t| t.borrow_mut().clear());
            // A page that fails records no traits; the script counts it as misclassified.
            let _ = extract(&std::fs::read(file).unwrap(), &hints, &Options::default());
            let features: Vec<(String, f32)> = TRAITS.with(|t| t.borrow().iter().map(|(f, v)| (format!("{f:?}"), *v)).collect());
            lines += &serde_json::json!({ "id": id, "features": features }).to_string();
            lines.push('\n');
        }
        std::fs::write(out, lines).unwrap();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_index_is_named_by_its_last_segment() {
        for index in ["news", "remote-jobs", "certificate-courses", "recent", "Events", "tag"] {
            assert!(names_a_section(index), "{index}");
        }
        // An item under a section, or a name that is no list's.
        for item in ["how-to-read-the-news-today", "technology", "68911", "news-release-2024-q3-results", ""] {
            assert!(!names_a_section(item), "{item}");
        }
    }

    #[test]
    fn counts_currency_amounts() {
        assert_eq!(count_prices("$19.99, €5 and £3; ¥ 40, ₹100, $ 5, US$7, ¢9 Â£2, €"), 6);
        // After the amount, as in most of Europe, and the rouble, won and lira.
        assert_eq!(count_prices("49,95 € und 1.299,00\u{a0}€, 5€; 990 ₽, ₩5000, 12 ₺; € 5, 5 EUR"), 6);
        assert_eq!(count_prices("価格 : 6,800円(税込)、￥1,200; 一円, 円 5, ￥ 5"), 2);
    }

    #[test]
    fn error_titles() {
        let error = |title: &str| names_an_error(Some(title), "Some text");
        for title in ["404", "Error 404 - Example", "Oops! 404", "Page Not Found | Site", "Seite nicht gefunden \u{2013} Beispiel", "Access Denied"] {
            assert!(error(title), "{title}");
        }
        for title in ["Peugeot 404 for sale", "Why 404 errors hurt your site", "Lost and found: a memoir", "Example News"] {
            assert!(!error(title), "{title}");
        }
        assert!(names_an_error(None, "\nSorry, this page does not exist.\nTry the search box."));
        assert!(!names_an_error(None, "The page does not exist yet, the committee said on Tuesday, but the plans for it are ready."));
    }

    #[test]
    fn a_listing_without_links_is_not_a_link_list() {
        let text = "word ".repeat(300);
        let mut s = Signals { chars: text.len(), words: 300, ..Signals::default() };
        assert_eq!(verdict(&text, None, 20_000, PageType::Listing, &s), None);
        s.headline_links = 12;
        assert_eq!(verdict(&text, None, 20_000, PageType::Listing, &s), Some(RejectReason::LinkList));
    }

    #[test]
    fn text_mostly_of_links_is_a_link_list_unless_a_page_of_one_thing_has_prose() {
        let text = "word ".repeat(300);
        let mut s = Signals { chars: text.len(), words: 300, link_density: 0.7, kept_link_density: 0.7, ..Signals::default() };
        for page_type in [PageType::Product, PageType::Article, PageType::Listing] {
            assert_eq!(verdict(&text, None, 20_000, page_type, &s), Some(RejectReason::LinkList));
        }
        // A product's description or a reference list's introduction, among many links.
        s.prose_blocks = 1;
        assert_eq!(verdict(&text, None, 20_000, PageType::Product, &s), None);
        assert_eq!(verdict(&text, None, 20_000, PageType::Documentation, &s), None);
        // Teasers with summaries are still a listing.
        assert_eq!(verdict(&text, None, 20_000, PageType::Listing, &s), Some(RejectReason::LinkList));
        // Unless the links were pruned from the box found, and the text kept is not theirs.
        s.kept_link_density = 0.3;
        assert_eq!(verdict(&text, None, 20_000, PageType::Listing, &s), None);
    }

    #[test]
    fn counts_linked_headings_and_times() {
        let html = "<h2><a href=/a>A teaser</a></h2><time datetime=2024-05-01>May 1</time>\
                    <a href=/b><div><img src=b.jpg><h3>A card</h3></div></a><time>May 2</time>\
                    <h2>Plain</h2><div><h2>Beside</h2><a href=/c>a link</a></div>\
                    <a href=/d><div><div><div><h2>Too far down</h2></div></div></div></a>";
        let (tree, meta) = crate::tree::build(html, &[], 1 << 20, &crate::deadline::Deadline::after(0.0)).unwrap();
        assert_eq!(meta.finish(&[], &[], Vec::new, Vec::new, String::new, None, None).time_elements, 2);
        let linked: Vec<bool> = (0..tree.nodes.len() as NodeId)
            .filter(|&id| tree.node(id).tag.is_heading())
            .map(|id| is_linked_heading(&tree, id))
            .collect();
        assert_eq!(linked, [true, true, false, false, false]);
    }

    #[test]
    fn counts_unspaced_scripts_as_chars_do() {
        let text = "日本語のテキスト 한국어 \u{3000}\u{ff01}\u{f900}\u{fb00} é x \u{2028}\u{3040}\u{d7af}\u{d7b0} ภาษาไทย ພາສາລາວ မြန်မာ ខ្មែរ हिन्दी \u{0dff}\u{0f00}\u{10a0}\u{1800}";
        assert_eq!(count_unspaced(text), (text.chars().filter(|c| is_cjk(*c)).count(), text.chars().filter(|c| is_spaceless(*c)).count()));
    }

    #[test]
    fn reads_threads_from_their_address_but_not_topic_indexes() {
        let kind = |url: &str| PageKind::of(&Metadata::default(), Some(url));
        assert_eq!(kind("https://community.example.org/t/where-to-start/68911"), PageKind::Discussion);
        assert_eq!(kind("https://example.org/forums/threads/range.3275/"), PageKind::Discussion);
        assert_eq!(kind("https://example.org/topic/12-engine-noise"), PageKind::Discussion);
        // Review and news sites file their articles under `/topics/<subject>/`.
        assert_eq!(kind("https://www.example.com/topics/cool-gadgets/best-electric-scooter"), PageKind::Other);
    }
}
