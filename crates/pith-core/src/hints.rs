//! What an element's `class`, `id`, `role` and `itemprop` say about it. Whole words only
//! ("nav" in `main-nav`, not in `canvas`), so the lists stay short and predictable.

use crate::tags::Tag;

/// Hint flags on a node.
pub type Flags = u16;

pub const BOILERPLATE: Flags = 1;
/// `itemprop=mainEntity`: the page's main thing, whole (a question with its answers), so the
/// scorer does not descend below it.
pub const ENTITY: Flags = 2;
pub const COMMENTS: Flags = 4;
/// `role=main`, `itemprop=articleBody` and the like: the page says where its content is.
pub const MAIN: Flags = 8;
/// Not shown: text meant for screen readers ("Skip to content", "opens in a new tab"),
/// `aria-hidden` decoration, or a box collapsed until a click or a script shows it (then
/// also `COLLAPSED`).
pub const HIDDEN: Flags = 16;
/// A byline: `class="author"`, `rel=author`, `itemprop=author`.
pub const BYLINE: Flags = 32;
/// A box shown over the page on demand: a cookie or consent dialog, a modal, a popup (also
/// `BOILERPLATE`). Such boxes can hold more prose than the page (a privacy policy), so the
/// scorer removes them under a laxer guard.
pub const OVERLAY: Flags = 64;
/// Hidden in a way a click or a script undoes (the `hidden` attribute, `display:none`, a
/// `hidden` class): paragraphs so hidden inside the content are collapsed answers and
/// "read more" text.
pub const COLLAPSED: Flags = 128;
/// A box the page's own words name as pointers to other pages ("You may also like", see
/// `recommendations`; also `BOILERPLATE`). Surer than a class word, so removed under the
/// laxer guard, as overlays are.
pub const RECOMMENDATIONS: Flags = 256;
/// A poster's name in a forum (`class="username"`): a thread's author is its first poster.
/// Only read on discussion pages, where comments are posts.
pub const POSTER: Flags = 512;
/// A slider of cards (`class="carousel"`). On a product page it shows other products ("Similar
/// items"); elsewhere it is as often the content (a service's features, testimonials).
pub const CAROUSEL: Flags = 1024;
/// Inside a panel that a product page's own heading names as the product's description (see
/// `details`): content, though shown as an overlay or in an `<aside>` sheet.
pub const DETAILS: Flags = 2048;
/// `role=tablist`: a row of tab labels, boilerplate, unless the box reads as prose: pages also
/// mark an accordion of questions and answers so.
pub const TABS: Flags = 4096;
/// `class="pagination"`, `pager`: the row of links to a list's other pages, boilerplate. Pages
/// also so name the box that holds the list's current page (the items and the links below
/// them), which is then content: see `score`.
pub const PAGER: Flags = 8192;
/// A `<pre>` of prose laid out by hand (an archived e-mail, a man page, a plain-text file), not
/// code: marked once the page is read (`Tree::mark_laid_out_prose`).
pub const LAID_OUT_PROSE: Flags = 16384;

/// Every flag with its name, for `explain`.
pub const NAMES: &[(Flags, &str)] = &[
    (BOILERPLATE, "boilerplate"),
    (ENTITY, "entity"),
    (COMMENTS, "comments"),
    (MAIN, "main"),
    (HIDDEN, "hidden"),
    (BYLINE, "byline"),
    (OVERLAY, "overlay"),
    (COLLAPSED, "collapsed"),
    (RECOMMENDATIONS, "recommendations"),
    (POSTER, "poster"),
    (CAROUSEL, "carousel"),
    (DETAILS, "details"),
    (TABS, "tabs"),
    (PAGER, "pager"),
    (LAID_OUT_PROSE, "laid-out-prose"),
];

/// Word traits beyond the hint flags (which take the low 16 bits): words that say a box is no
/// byline (an author's photo or bio), and the words that name a box only in pairs.
const NO_BYLINE: u32 = 1 << 16;
/// "author" beside `ABOUT`: an "about the author" box ("author-bio", "about_author").
const AUTHOR: u32 = 1 << 17;
const ABOUT: u32 = 1 << 18;
/// "user" beside `USER_STATS`: a forum post's user box ("user-info", "user_details").
const USER: u32 = 1 << 19;
const USER_STATS: u32 = 1 << 20;
/// "tooltip": the box shown on hover, an overlay; on a link, the term it explains
/// (`glossary-tooltip`), the text of a sentence.
const TOOLTIP: u32 = 1 << 21;

/// What one word of a class or id says: hint flags (`BOILERPLATE`, `OVERLAY`, `COMMENTS`,
/// `BYLINE`) and the traits above, in one lookup (this runs for every word of every class).
/// Words arrive lower-cased. Words that mark content ("entry-content") were tried as a weight
/// bonus and made no difference, so they are not read.
fn word_traits(word: &[u8]) -> u32 {
    const BOILERPLATE: u32 = self::BOILERPLATE as u32;
    const OVERLAY: u32 = self::OVERLAY as u32;
    const COMMENTS: u32 = self::COMMENTS as u32;
    const BYLINE: u32 = self::BYLINE as u32;
    match word {
        b"cookie" | b"cookies" | b"consent" | b"gdpr" | b"onetrust" | b"cookiebot" | b"didomi"
        | b"usercentrics" | b"modal" | b"popup" | b"popover" | b"overlay" | b"dialog" | b"lightbox" => OVERLAY | BOILERPLATE,
        b"tooltip" => TOOLTIP,
        b"nav" | b"navbar" | b"navigation" | b"menu" | b"menubar" | b"submenu" | b"breadcrumb" | b"breadcrumbs"
        | b"crumbs" | b"footer" | b"sidebar" | b"share"
        | b"sharing" | b"sharebar" | b"social" | b"socials" | b"related" | b"recommended" | b"recommendations"
        | b"promo" | b"promos" | b"advert" | b"advertisement" | b"ad" | b"ads" | b"adsense" | b"adslot"
        | b"sponsor" | b"sponsored" | b"newsletter" | b"subscribe" | b"subscription" | b"signup" | b"masthead"
        | b"toolbar" | b"tagcloud"
        // Not "skip": `skip-to-content` and `skip-to-products` are the ids skip links jump to,
        // the content itself.
        | b"copyright" | b"outbrain" | b"taboola" | b"trending" | b"popular" | b"skiplink"
        // A wiki heading's "[edit]" link (MediaWiki).
        | b"editsection"
        // `robots-nocontent`: what the site tells crawlers is not its content (Yahoo's class).
        | b"nocontent"
        | b"disclaimer" | b"topbar" | b"offcanvas" | b"login" | b"bottombar"
        // A forum post's author box: join date, post count, rank.
        | b"userextras" | b"userbanner" | b"userstats" | b"userinfo" | b"postprofile" | b"postcount" | b"postleft" | b"badge" | b"badges"
        // Its signature, repeated under every post.
        | b"signature" | b"signatures" | b"signaturecontainer" | b"postsignature"
        // Advertising named in other languages.
        | b"werbung" | b"publicite" | b"publicidad" | b"pubblicita" | b"reklama" | b"reklame" => BOILERPLATE,
        b"comment" | b"comments" | b"disqus" | b"respond" | b"replies" | b"reply" => COMMENTS,
        // Customer reviews are a product page's comments. ("review" alone also names the
        // body of a review article, so only the plural and the review widgets count.)
        b"reviews" | b"yotpo" | b"okendo" | b"jdgm" | b"trustpilot" | b"bazaarvoice" => COMMENTS,
        b"author" => BYLINE | AUTHOR,
        // ("authorName": class names join words by case, which are lower-cased here.)
        b"authors" | b"byline" | b"authorname" => BYLINE,
        b"username" | b"bigusername" | b"postauthor" => POSTER as u32,
        b"carousel" => CAROUSEL as u32,
        b"pagination" | b"pager" => PAGER as u32,
        b"bio" | b"box" => NO_BYLINE | ABOUT,
        b"avatar" | b"image" | b"img" | b"photo" => NO_BYLINE,
        b"biography" | b"about" | b"description" | b"desc" => ABOUT,
        b"profile" => ABOUT | USER_STATS,
        b"user" => USER,
        b"info" | b"details" | b"stats" => USER_STATS,
        _ if is_compound_boilerplate(word) => BOILERPLATE,
        _ => 0,
    }
}

/// Boilerplate named in one word: navigation ("globalnav", "subnav", "navbox", "navheader"; not
/// "navy", "canvas" or "unavailable") and a forum post's user box ("messageuserinfo",
/// "extrauserinfo", "messageuserblock").
fn is_compound_boilerplate(word: &[u8]) -> bool {
    word.len() > 3 && word.ends_with(b"nav")
        || word.strip_prefix(b"nav").is_some_and(|rest| {
            matches!(rest, b"bar" | b"menu" | b"link" | b"links" | b"box" | b"header" | b"footer" | b"group" | b"list" | b"item" | b"items")
        })
        || word.len() > 8 && [&b"userinfo"[..], b"userblock"].iter().any(|stem| word.starts_with(stem) || word.ends_with(stem))
}

/// A word naming a thing always on show, whose "overlay" is the layer drawn over it
/// (`product-overlay` with a card's title and price, `image-overlay` with a caption), not a
/// box shown over the page on demand.
fn is_shown_thing(word: &[u8]) -> bool {
    matches!(
        word,
        b"product" | b"card" | b"item" | b"tile" | b"image" | b"img" | b"photo" | b"picture" | b"media" | b"video" | b"thumb"
            | b"thumbnail" | b"hero" | b"banner" | b"slide" | b"text" | b"caption" | b"content" | b"article" | b"project"
            | b"portfolio" | b"gallery" | b"figure" | b"link" | b"background" | b"bg"
    )
}

/// What a whole class token says about visibility: `HIDDEN` for screen-reader-only text (the
/// classes of the common CSS frameworks and CMSs: Bootstrap, Tailwind, WordPress, Foundation,
/// Drupal, Stacks, eBay's Skin...) and for the line-number gutters of code highlighters (shown,
/// but numbering, not code: Pygments, Rouge, Chroma, CodeMirror), `HIDDEN | COLLAPSED` for the
/// classes scripts toggle (Amazon's `a-hidden` among them), 0 otherwise.
fn hiding(token: &[u8]) -> Flags {
    match token {
        b"sr-only" | b"screen-reader-text" | b"visually-hidden" | b"visuallyhidden" | b"offscreen" | b"screen-reader-only"
        | b"screenreader" | b"sr-text" | b"show-for-sr" | b"element-invisible" | b"assistive-text" | b"v-visible-sr"
        | b"u-visually-hidden" | b"hidden-visually" | b"clipped" | b"visibility-hidden"
        // Shown only while focused from the keyboard: skip links ("Skip to content").
        | b"sr-only-focusable" | b"visually-hidden-focusable" => HIDDEN,
        // CookieYes's screen-reader text; Webflow's `display:none` for a CMS item's empty field.
        b"wt-cli-sr-only" | b"w-condition-invisible" => HIDDEN,
        // Not "line-numbers": Prism's plugin puts it on the whole <pre>. Nor Chroma's "ln" and
        // "lnt" spans: atomic CSS (Medium's) names boxes with such letters; its "lntd" cell goes.
        b"linenos" | b"linenodiv" | b"lineno" | b"linenumber" | b"line-number" | b"rouge-gutter" | b"lntd"
        | b"codemirror-linenumber" | b"cm-gutters" => HIDDEN,
        b"hidden" | b"is-hidden" | b"hide" | b"u-hidden" | b"a-hidden" => HIDDEN | COLLAPSED,
        _ => 0,
    }
}

/// A class token that names a state of the box, not what it is: what it has or lacks
/// (`has-sidebar`, `no-comments`, `with-ads`) or whether something is switched on
/// (`subscription-eligible` on a product card, `sd-sharing-enabled` on a post, `menu-open` on
/// the page's body, `sidebar-enabled--false` on a Shopify article). Its words would otherwise
/// mark the box as the thing it mentions.
fn names_a_state(first: Option<&[u8]>, last: Option<&[u8]>) -> bool {
    // One word is a name, not a state ("open" alone says nothing either way).
    first.is_some_and(|f| last.is_some_and(|l| !std::ptr::eq(f, l)))
        && (matches!(first, Some(b"has" | b"no" | b"with" | b"without"))
            || matches!(
                last,
                Some(
                    b"open" | b"opened" | b"closed" | b"active" | b"enabled" | b"disabled" | b"eligible" | b"expanded" | b"pinned"
                        | b"true" | b"false"
                )
            ))
}

/// Class prefixes of a post's categories and tags, as WordPress and WooCommerce print them on the
/// post's box (`category-popular`, `tag-sidebar`, `product_cat-sale`): what follows is the site's
/// own word for a topic, not what the box is.
const TERM_PREFIXES: [&[u8]; 4] = [b"category-", b"tag-", b"product_cat-", b"product_tag-"];

/// A utility class that shows the element from some screen width on (`md:block`,
/// `lg:flex`): beside `hidden`, the element is hidden on phones only.
fn shown_on_wide_screens(token: &[u8]) -> bool {
    token.iter().position(|&b| b == b':').is_some_and(|colon| {
        matches!(&token[colon + 1..], b"block" | b"flex" | b"grid" | b"inline" | b"inline-block" | b"inline-flex" | b"table" | b"contents")
    })
}

/// The whitespace-separated tokens of a `class` or `id` value.
fn tokens(value: &str) -> impl Iterator<Item = &[u8]> {
    value.as_bytes().split(u8::is_ascii_whitespace).filter(|t| !t.is_empty())
}

/// What the words of one `class` or `id` value say, before the values of an element are
/// weighed together ([`Words::flags`]): an author box is named by "author" in one value and
/// "bio" in the other as often as in one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Words {
    traits: u32,
    hidden: Flags,
    responsive: bool,
}

impl Words {
    /// Reads one attribute value, token by token.
    pub fn of(value: &str) -> Words {
        tokens(value).map(Words::of_token).fold(Words::default(), Words::and)
    }

    /// What one whitespace-separated token of a value says.
    fn of_token(token: &[u8]) -> Words {
        let mut buf = [0u8; 32];
        let Some(lower) = buf.get_mut(..token.len()) else { return Words::default() };
        lower.copy_from_slice(token);
        lower.make_ascii_lowercase();
        let hidden = hiding(lower);
        if hidden != 0 {
            return Words { hidden, ..Words::default() };
        }
        let responsive = shown_on_wide_screens(lower);
        // A utility with an arbitrary value (Tailwind's `top-[var(--nav-height)]`) names a
        // CSS value and a term prefix a topic of the site's, not what the box is.
        if lower.contains(&b'[') || TERM_PREFIXES.iter().any(|p| lower.starts_with(p)) {
            return Words { responsive, ..Words::default() };
        }
        let (mut traits, mut first, mut last) = (0, None, None);
        for word in lower.split(|b| !b.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
            if !(word == b"overlay" && last.is_some_and(is_shown_thing)) {
                traits |= word_traits(word);
            }
            first = first.or(Some(word));
            last = Some(word);
        }
        let traits = if names_a_state(first, last) { 0 } else { traits };
        Words { traits, hidden: 0, responsive }
    }

    /// Both values' words together.
    pub fn and(self, other: Words) -> Words {
        Words { traits: self.traits | other.traits, hidden: self.hidden | other.hidden, responsive: self.responsive || other.responsive }
    }

    /// The hint flags these words give to an element with tag `tag`.
    pub fn flags(self, tag: Tag) -> Flags {
        let link = tag == Tag::A;
        let Words { traits, hidden, responsive } = self;
        let mut words = traits as Flags;
        if traits & TOOLTIP != 0 && !link {
            words |= OVERLAY | BOILERPLATE;
        }
        let mut flags = if hidden == HIDDEN | COLLAPSED && responsive { 0 } else { hidden };
        // "About the author" boxes under an article are boilerplate, and no byline; so are a
        // forum post's user boxes.
        let about_author = traits & (AUTHOR | ABOUT) == AUTHOR | ABOUT;
        if about_author || traits & (USER | USER_STATS) == USER | USER_STATS {
            flags |= BOILERPLATE;
        }
        if words & BYLINE != 0 && traits & NO_BYLINE == 0 && !about_author {
            flags |= BYLINE;
        }
        flags |= words & (POSTER | CAROUSEL);
        // A boilerplate word marks the box even beside a content word ("related-posts",
        // "main-nav"); page-wide wrappers so marked are protected by the scorer.
        flags |= if words & COMMENTS != 0 { COMMENTS } else { words & (BOILERPLATE | OVERLAY | PAGER) };
        // A heading's own words say how it looks, not what it heads: a product title styled as
        // `Products_badge__gsI2S`, a section styled `social-title`. The box it heads carries the
        // words that matter; a dialog's title still goes with its dialog.
        if tag.is_heading() && flags & OVERLAY == 0 {
            flags &= !BOILERPLATE;
        }
        flags
    }
}

/// Flags from the `class` and `id` attributes.
#[cfg(test)]
fn from_class_and_id(class: Option<&str>, id: Option<&str>) -> Flags {
    [class, id].into_iter().flatten().map(Words::of).fold(Words::default(), Words::and).flags(Tag::Div)
}

/// Does a link lead to one author's page (`/author/jane-doe/`, `/Authors/jd`,
/// `/contributor/jd/93`; not the list at `/authors`)? Its text is then a byline, whatever
/// its class.
pub fn is_author_page(href: &str) -> bool {
    const AUTHOR_PAGES: [&[u8]; 6] = [b"author", b"authors", b"contributor", b"contributors", b"writer", b"writers"];
    // Every link of a page whose head names no author passes here: the segments are found with
    // memchr, not by splitting.
    let bytes = href.as_bytes();
    let path = &bytes[..memchr::memchr2(b'?', b'#', bytes).unwrap_or(bytes.len())];
    for slash in memchr::memchr_iter(b'/', path) {
        let rest = &path[slash + 1..];
        let end = memchr::memchr(b'/', rest).unwrap_or(rest.len());
        if AUTHOR_PAGES.iter().any(|a| rest[..end].eq_ignore_ascii_case(a)) {
            return rest.get(end + 1).is_some_and(|&b| b != b'/');
        }
    }
    false
}

/// Flags from the ARIA `role` attribute. A `status` box is the live region a script reports
/// in ("Slide 1 of 8", "Added to your list"); an `alert` is left alone, as Bootstrap's alert
/// boxes are an article's notes as often as its messages.
pub fn from_role(role: &str) -> Flags {
    match role.trim().to_ascii_lowercase().as_str() {
        "main" | "article" => MAIN,
        "navigation" | "banner" | "contentinfo" | "complementary" | "search" | "menu" | "menubar"
        | "toolbar" | "status" => BOILERPLATE,
        "tablist" => TABS,
        "dialog" | "alertdialog" => OVERLAY | BOILERPLATE,
        _ => 0,
    }
}

/// Flags from schema.org `itemprop`.
pub fn from_itemprop(itemprop: &str) -> Flags {
    if itemprop.split_ascii_whitespace().any(|p| p == "mainEntity") {
        MAIN | ENTITY
    } else if itemprop.split_ascii_whitespace().any(|p| matches!(p, "articleBody" | "reviewBody" | "text" | "mainContentOfPage")) {
        MAIN
    } else if itemprop.split_ascii_whitespace().any(|p| p == "comment") {
        COMMENTS
    } else if itemprop.split_ascii_whitespace().any(|p| p == "author" || p == "creator") {
        BYLINE
    } else if itemprop.split_ascii_whitespace().any(|p| matches!(p, "upvoteCount" | "downvoteCount" | "commentCount" | "answerCount")) {
        // A post's vote or reply count, a bare number beside it.
        BOILERPLATE
    } else {
        0
    }
}

/// Boxes hidden only until a script or a click shows them, which are content: React's
/// streaming server renderer sends late parts of the page as `<div hidden id="S:1">` and a
/// script swaps them into place; an inactive tab panel (another language's code sample,
/// a product's specifications) or a collapsed accordion panel (ARIA `region`, or any panel
/// `tied_to_control`: its `aria-labelledby` names the button that shows it, or an earlier
/// button's `aria-controls` names it) is shown when its header is clicked.
pub fn shown_on_demand(id: Option<&str>, role: Option<&str>, tied_to_control: bool) -> bool {
    tied_to_control
        || id.is_some_and(|id| id.starts_with("S:"))
        || role.is_some_and(|r| ["tabpanel", "region"].iter().any(|shown| r.trim().eq_ignore_ascii_case(shown)))
}

/// `style` values that hide an element.
pub fn style_hides(style: &str) -> bool {
    let compact: String = style.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
    compact.contains("display:none") || compact.contains("visibility:hidden")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_words_only() {
        assert_eq!(from_class_and_id(Some("main-nav"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("canvas"), None), 0);
        assert_eq!(from_class_and_id(Some("entry-content"), None), 0);
        assert_eq!(from_class_and_id(Some("post related-posts"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(None, Some("comments")), COMMENTS);
        assert_eq!(from_class_and_id(Some("bloc-publicite"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("sr-only"), None), HIDDEN);
        assert_eq!(from_class_and_id(Some("show-for-sr"), None), HIDDEN);
        assert_eq!(from_class_and_id(Some("textual-display clipped"), None), HIDDEN);
        assert_eq!(from_class_and_id(Some("message-signature"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("postprofile"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("slideshow-note robots-nocontent"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("no-content-message"), None), 0);
        assert_eq!(from_class_and_id(Some("element-invisible"), None), HIDDEN);
        assert_eq!(from_class_and_id(Some("visibility-hidden visibility-hidden-focusable"), None), HIDDEN);
        assert_eq!(from_class_and_id(Some("visually-hidden-focusable"), None), HIDDEN);
        assert_eq!(from_class_and_id(Some("faq-answer hidden"), None), HIDDEN | COLLAPSED);
        assert_eq!(from_class_and_id(Some("a-teaser-describedby-collapsed a-hidden"), None), HIDDEN | COLLAPSED);
        assert_eq!(from_class_and_id(Some("blog-tag w-condition-invisible"), None), HIDDEN);
        assert_eq!(from_class_and_id(Some("wt-cli-sr-only"), None), HIDDEN);
        assert_eq!(from_class_and_id(Some("hidden md:block"), None), 0);
        assert_eq!(from_class_and_id(None, Some("cms-popover-tooltip")), OVERLAY | BOILERPLATE);
        // A tooltip box is an overlay; a link so named is the term it explains.
        assert_eq!(from_class_and_id(Some("tooltip"), None), OVERLAY | BOILERPLATE);
        assert_eq!(Words::of("glossary-tooltip").flags(Tag::A), 0);
        assert_eq!(Words::of("glossary-tooltip share").flags(Tag::A), BOILERPLATE);
        // A card's or an image's overlay is drawn over it, always on show; a page's is a dialog.
        assert_eq!(from_class_and_id(Some("product-overlay"), None), 0);
        assert_eq!(from_class_and_id(Some("image-overlay caption"), None), 0);
        assert_eq!(from_class_and_id(Some("overlay"), None), OVERLAY | BOILERPLATE);
        assert_eq!(from_class_and_id(Some("search-overlay"), None), OVERLAY | BOILERPLATE);
        assert_eq!(from_class_and_id(Some("overlay-product"), None), OVERLAY | BOILERPLATE);
        assert_eq!(from_class_and_id(Some("message-userExtras"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("skiplink"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("mw-editsection"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("globalnav"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("MessageCard__user-info"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("user_info"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("user-name"), None), 0);
        assert_eq!(from_class_and_id(Some("postcount"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("extraUserInfo"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("navheader"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("navy unavailable"), None), 0);
        assert_eq!(from_class_and_id(Some("author-bio"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("about_author"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("entry-author-profile vcard"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("author-name"), None), BYLINE);
        assert_eq!(from_class_and_id(Some("authorName"), None), BYLINE);
        assert_eq!(from_class_and_id(Some("research-card_authors"), None), BYLINE);
        assert_eq!(from_class_and_id(Some("bigusername"), None), POSTER);
        assert!(is_author_page("/blog/author/moses-kim/") && is_author_page("https://x.example/Contributor/jd/93?ref=a"));
        assert!(!is_author_page("resources/authors") && !is_author_page("/authors/") && !is_author_page("/author-guidelines/x"));
        assert_eq!(from_class_and_id(Some("username username-coloured"), None), POSTER);
        assert_eq!(from_class_and_id(Some("product-grid__items"), Some("skip-to-products")), 0);
        assert_eq!(from_class_and_id(Some("sr-only md:block"), None), HIDDEN);
        assert_eq!(from_class_and_id(Some("card product-card subscription-eligible"), None), 0);
        assert_eq!(from_class_and_id(Some("content has-sidebar"), Some("no-comments")), 0);
        assert_eq!(from_class_and_id(Some("blog-article__main sidebar-enabled--false"), None), 0);
        assert_eq!(from_class_and_id(Some("menu-item menu-item--active"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("nav-open"), None), 0);
        // A post's categories and tags name its topics, not its box.
        assert_eq!(from_class_and_id(Some("post type-post category-popular tag-sidebar product_cat-sale"), None), 0);
        assert_eq!(from_class_and_id(Some("widget popular-posts"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("open-nav"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(Some("pagination_pagination__rI_ag"), None), PAGER);
        assert_eq!(from_class_and_id(Some("comments-pagination"), None), COMMENTS);
        assert!(style_hides("color: red; display : none"));
        assert!(!style_hides("display:block"));
    }
}
