//! What an element's `class`, `id`, `role` and `itemprop` say about it. Whole words only
//! ("nav" in `main-nav`, not in `canvas`), so the lists stay short and predictable.

/// Hint flags on a node.
pub const BOILERPLATE: u8 = 1;
pub const CONTENT: u8 = 2;
pub const COMMENTS: u8 = 4;
/// `role=main`, `itemprop=articleBody` and the like: the page says where its content is.
pub const MAIN: u8 = 8;
/// Visually hidden text meant for screen readers ("Skip to content", "opens in a new tab").
pub const HIDDEN: u8 = 16;
/// A byline: `class="author"`, `rel=author`, `itemprop=author`.
pub const BYLINE: u8 = 32;

const BOILERPLATE_WORDS: &[&str] = &[
    "nav", "navbar", "navigation", "menu", "menubar", "submenu", "breadcrumb", "breadcrumbs", "crumbs",
    "footer", "sidebar", "cookie", "cookies", "consent", "gdpr", "share", "sharing",
    "sharebar", "social", "socials", "related", "recommended", "recommendations", "promo", "promos",
    "advert", "advertisement", "ad", "ads", "adsense", "adslot", "sponsor", "sponsored", "newsletter",
    "subscribe", "subscription", "signup", "popup", "modal", "overlay", "masthead", "toolbar",
    "pagination", "pager", "tagcloud", "copyright", "outbrain", "taboola", "trending", "popular",
    "skiplink", "skip", "disclaimer", "topbar", "offcanvas", "login", "bottombar",
];

const CONTENT_WORDS: &[&str] = &[
    "article", "content", "entry", "post", "story", "main", "body", "text", "prose", "blog", "markdown",
    "rte", "richtext", "question", "answer", "answers", "thread", "message", "description", "product",
    "documentation", "docs",
];

const COMMENT_WORDS: &[&str] = &["comment", "comments", "disqus", "respond", "replies", "reply"];

/// Flags from the `class` and `id` attributes.
pub fn from_class_and_id(class: Option<&str>, id: Option<&str>) -> u8 {
    let mut boiler = false;
    let mut content = false;
    let mut comments = false;
    let mut hidden = false;
    let mut byline = false;
    for value in [class, id].into_iter().flatten() {
        for token in value.split_ascii_whitespace() {
            let token = token.to_ascii_lowercase();
            if matches!(
                token.as_str(),
                "sr-only" | "screen-reader-text" | "visually-hidden" | "visuallyhidden" | "hidden"
                    | "is-hidden" | "hide" | "u-hidden" | "offscreen"
            ) {
                hidden = true;
                continue;
            }
            let words = || token.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty());
            if words().any(|w| BOILERPLATE_WORDS.contains(&w)) {
                boiler = true;
            }
            if words().any(|w| CONTENT_WORDS.contains(&w)) {
                content = true;
            }
            if words().any(|w| COMMENT_WORDS.contains(&w)) {
                comments = true;
            }
            if words().any(|w| matches!(w, "author" | "byline" | "authors")) && !words().any(|w| matches!(w, "bio" | "box" | "avatar" | "image" | "img" | "photo")) {
                byline = true;
            }
        }
    }
    let mut flags = 0;
    if byline {
        flags |= BYLINE;
    }
    if hidden {
        flags |= HIDDEN;
    }
    // A boilerplate word marks the box even beside a content word ("related-posts",
    // "main-nav"); page-wide wrappers so marked are protected by the scorer.
    if comments {
        flags |= COMMENTS;
    } else if boiler {
        flags |= BOILERPLATE;
    } else if content {
        flags |= CONTENT;
    }
    flags
}

/// Flags from the ARIA `role` attribute.
pub fn from_role(role: &str) -> u8 {
    match role.trim().to_ascii_lowercase().as_str() {
        "main" | "article" => MAIN,
        "navigation" | "banner" | "contentinfo" | "complementary" | "search" | "menu" | "menubar"
        | "dialog" | "alertdialog" | "toolbar" | "tablist" => BOILERPLATE,
        _ => 0,
    }
}

/// Flags from schema.org `itemprop`.
pub fn from_itemprop(itemprop: &str) -> u8 {
    if itemprop.split_ascii_whitespace().any(|p| matches!(p, "articleBody" | "reviewBody" | "text" | "mainContentOfPage")) {
        MAIN
    } else if itemprop.split_ascii_whitespace().any(|p| p == "comment") {
        COMMENTS
    } else if itemprop.split_ascii_whitespace().any(|p| p == "author" || p == "creator") {
        BYLINE
    } else {
        0
    }
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
        assert_eq!(from_class_and_id(Some("entry-content"), None), CONTENT);
        assert_eq!(from_class_and_id(Some("post related-posts"), None), BOILERPLATE);
        assert_eq!(from_class_and_id(None, Some("comments")), COMMENTS);
        assert_eq!(from_class_and_id(Some("sr-only"), None), HIDDEN);
        assert!(style_hides("color: red; display : none"));
        assert!(!style_hides("display:block"));
    }
}
