//! Runs the stages in order for one document.

use crate::api::{EncodingReport, ExtractError, Extraction, Hints, Options};
use crate::deadline::Deadline;
use crate::tags::Tag;
use crate::{classify, details, encoding, hints, language, metadata, normalize, output, recommendations, score, tree};

/// What the stages up to scoring made of a document.
pub struct Scored<'a> {
    pub decoded: encoding::Decoded<'a>,
    pub tree: tree::Tree,
    pub meta: metadata::Metadata,
    pub kind: classify::PageKind,
    pub selection: score::Selection,
}

/// Stages 1 to 3: decode, build the tree and read the metadata, flag what the page's words
/// name, find the main content.
pub fn score<'a>(html: &'a [u8], hints: &Hints, options: &Options, deadline: &Deadline) -> Result<Scored<'a>, ExtractError> {
    let decoded = encoding::decode(html, hints.content_type.as_deref(), hints.url.as_deref());
    let (mut tree, meta) = tree::build(&decoded.text, &options.drop, options.max_memory_bytes, deadline)?;
    let (h1s, home_h1s) = headlines(&tree, hints.url.as_deref());
    let meta = meta.finish(
        &h1s,
        &home_h1s,
        || home_link_texts(&tree, hints.url.as_deref()),
        || bylines(&tree, 0),
        || tree.spaced_text(),
        hints.url.as_deref(),
        hints.fetched.as_deref(),
    );
    let kind = classify::PageKind::of(&meta, hints.url.as_deref());
    recommendations::flag(&mut tree, kind);
    details::mark(&mut tree, kind);
    let selection = score::select(&tree, options.favor, kind);
    Ok(Scored { decoded, tree, meta, kind, selection })
}

/// The texts of the page's outermost `<h1>`s: those that link to the site's home page apart
/// (second), as a theme's header naming the blog or the site (Blogger's, many WordPress
/// themes'), whose page's own headline is an `<h2>` or `<h3>` below it.
fn headlines(tree: &tree::Tree, url: Option<&str>) -> (Vec<String>, Vec<String>) {
    let is_home_link = |id: tree::NodeId| {
        let node = tree.node(id);
        node.tag == Tag::A && node.attr.as_deref().is_some_and(|href| links_home(href, url))
    };
    // The link around the heading, or inside it, a level or two down.
    let heads_home = |h1: tree::NodeId| {
        tree.ancestors(h1).take(2).any(is_home_link)
            || tree.children(h1).iter().any(|c| match *c {
                tree::Child::Node(c) => is_home_link(c) || tree.children(c).iter().any(|g| matches!(*g, tree::Child::Node(g) if is_home_link(g))),
                tree::Child::Text(..) => false,
            })
    };
    let (home, other): (Vec<tree::NodeId>, Vec<tree::NodeId>) = tree.ids_where(|n| n.tag == Tag::H(1)).into_iter().partition(|&id| heads_home(id));
    (tree.texts_of(other), tree.texts_of(home))
}

/// The texts of the page's links to its site's home page; none on the home page itself, or
/// when the page's address is unknown (a home page's links home name the site as its title
/// does, and its title is still its own).
fn home_link_texts(tree: &tree::Tree, url: Option<&str>) -> Vec<String> {
    match url {
        Some(url) if !links_home(url, Some(url)) => tree.texts_where(|n| n.tag == Tag::A && n.attr.as_deref().is_some_and(|href| links_home(href, Some(url)))),
        _ => Vec::new(),
    }
}

/// Whether `href` leads to the site's home page: its root, relative or absolute (on the
/// page's host, when the page's URL is known; `www.` aside).
fn links_home(href: &str, url: Option<&str>) -> bool {
    let href = href.trim();
    if matches!(href, "/" | "./" | "/index.html" | "/index.php") {
        return true;
    }
    let Some(rest) = href.strip_prefix("https://").or_else(|| href.strip_prefix("http://")) else { return false };
    let same_host = |page: &str| crate::url::host(page).trim_start_matches("www.") == crate::url::host(rest).trim_start_matches("www.");
    crate::url::path(rest) == "/" && !rest.contains(['?', '#']) && url.is_none_or(same_host)
}

pub fn run(html: &[u8], hints: &Hints, options: &Options) -> Result<Extraction, ExtractError> {
    let deadline = Deadline::after(options.time_budget_ms);
    let Scored { decoded, tree, mut meta, kind, selection } = score(html, hints, options, &deadline)?;
    deadline.check()?;
    let fallback = noscript_fallback(&tree, &selection, options, kind, &deadline)?;
    let (tree, selection) = match &fallback {
        Some((t, s)) => (t, s),
        None => (&tree, &selection),
    };
    // A thread's author is its first poster; a crawler view (noscript) has bylines of its own.
    // (The page's own bylines named no one, or the head would have: `finish` read them.)
    if meta.author.is_none() {
        let discussion = kind == classify::PageKind::Discussion;
        let names = match &fallback {
            Some(_) => Some(bylines(tree, if discussion { hints::POSTER } else { 0 })),
            None if discussion => Some(tree.texts_where(|n| n.hints & hints::POSTER != 0)),
            None => None,
        };
        meta.author = names.and_then(|names| metadata::author_of_bylines(&names, meta.html_lang.as_deref()));
        meta.author_in_text = meta.author.is_some();
    }
    // Links resolve against <base href> (itself relative to the page) or the page's URL.
    let base = match (&meta.base_href, &hints.url) {
        (Some(b), Some(u)) => Some(crate::url::resolve(u, b)),
        (Some(b), None) => Some(b.clone()),
        (None, u) => u.clone(),
    };
    let rendered = output::render(tree, selection, options, base.as_deref());
    deadline.check()?;
    let text = rendered.text;
    let signals = classify::Signals::measure(tree, selection, &text);
    let page_type = classify::page_type(&meta, hints.url.as_deref(), kind, &signals);
    let reject_reason = classify::verdict(&text, meta.title.as_deref(), html.len(), page_type, &signals);
    // The text of a shop's or a list's page speaks of its items: its bylines name reviewers or the
    // newest post's writer ("By Lark Manor" a brand), and its first date (a `<time>` or written)
    // is a review's or the newest post's, not the page's. Only what the page declares stays.
    if matches!(page_type, classify::PageType::Product | classify::PageType::Collection | classify::PageType::Listing) {
        if meta.published_in_body {
            meta.published = None;
        }
        if meta.author_in_text {
            meta.author = None;
        }
    } else if meta.author.is_none() {
        meta.author = metadata::byline_in_text(&text, meta.html_lang.as_deref());
    }
    let (language, language_confidence) = language::detect(&text, meta.html_lang.as_deref());
    let text_bytes = text.len();
    Ok(Extraction {
        markdown: rendered.markdown,
        title: meta.title.map(normalize::label),
        author: meta.author.map(normalize::label),
        published: meta.published,
        modified: meta.modified,
        language,
        language_confidence,
        canonical_url: meta.canonical_url,
        site_name: meta.site_name.map(normalize::label),
        description: meta.description.map(normalize::label),
        encoding: Some(EncodingReport {
            name: decoded.encoding.name().to_string(),
            source: decoded.source.as_str(),
            repaired: decoded.repaired,
        }),
        html_bytes: html.len(),
        text_bytes,
        content_ratio: if html.is_empty() { 0.0 } else { text_bytes as f64 / html.len() as f64 },
        page_type,
        accepted: reject_reason.is_none(),
        reject_reason,
        sections: rendered.sections,
        links: options.links.then_some(rendered.links),
        comments: rendered.comments,
        text,
    })
}

/// The texts of the page's bylines, in page order: elements marked as one (`hints::BYLINE`,
/// and the hint flags in `also`), links to an author's page, then those the markup does not
/// mark. Only read when the head names no author, or names the site itself.
fn bylines(tree: &tree::Tree, also: hints::Flags) -> Vec<String> {
    let marked = tree.texts_where(|n| n.hints & (hints::BYLINE | also) != 0 || n.tag == Tag::A && n.attr.as_deref().is_some_and(hints::is_author_page));
    thread_starter(tree).into_iter().chain(marked).chain(written_bylines(tree)).collect()
}

/// Bylines the markup does not mark, near the headline (from a little above the first `<h1>` to
/// a few dozen elements below it): an element whose text is "By" or "Written by" and a
/// capitalized name (a theme's article meta: `<p class="text-with-icon">By Jane Porter</p>`) or
/// a date, "by" and the name; or a label of its own ("Written by", "Author") and the name in the
/// element after it.
fn written_bylines(tree: &tree::Tree) -> Vec<String> {
    const BEFORE: usize = 15;
    const AFTER: usize = 60;
    const LABELS: [&str; 8] = ["by", "written by", "author", "authors", "author(s)", "article by", "words by", "contributors"];
    let Some(h1) = tree.nodes.iter().position(|n| n.tag == Tag::H(1)) else { return Vec::new() };
    let window = h1.saturating_sub(BEFORE).max(1)..(h1 + AFTER).min(tree.nodes.len());
    let text = |id: usize| (tree.nodes[id].hints & hints::HIDDEN == 0).then(|| tree.short_text(id as tree::NodeId, 80)).flatten();
    // A capitalized name, not another label ("Written by" over "Researched by").
    let is_name = |n: &str| n.starts_with(char::is_uppercase) && !n.to_ascii_lowercase().ends_with(" by");
    // A box that opens with a block (a wrapper) is read as its blocks, each in its turn.
    let opens_with_block = |id: usize| {
        let first = tree.children(id as tree::NodeId).iter().find(|c| !tree.is_blank(c));
        matches!(first, Some(&tree::Child::Node(c)) if tree.node(c).tag.is_block())
    };
    let mut found = Vec::new();
    for id in window.clone() {
        if opens_with_block(id) {
            continue;
        }
        let Some(t) = text(id) else { continue };
        let name = ["by ", "written by "].iter().find_map(|by| t.get(..by.len()).filter(|head| head.eq_ignore_ascii_case(by)).map(|_| &t[by.len()..]));
        // After the date, as a post's meta line writes it: "Published August 7, 2023 by Nicole Burke".
        let name = name.or_else(|| {
            let digit = t.bytes().position(|b| b.is_ascii_digit())?;
            let at = digit + t[digit..].to_ascii_lowercase().find(" by ")?;
            Some(&t[at + 4..])
        });
        if name.is_some_and(is_name) {
            found.push(t);
        } else if LABELS.iter().any(|l| t.trim_end_matches(':').eq_ignore_ascii_case(l)) {
            // The next element outside the label's, inside its parent (a label with no name after
            // it is followed by what comes next on the page: "Previous Next").
            let parent = tree.nodes[id].parent;
            let next = (id + 1..window.end)
                .find(|&n| !tree.ancestors(n as tree::NodeId).any(|a| a as usize == id))
                .filter(|&n| tree.ancestors(n as tree::NodeId).any(|a| a == parent));
            if let Some(name) = next.and_then(text).filter(|n| is_name(n)) {
                found.push(name);
            }
        }
    }
    found
}

/// The name a thread's header gives its starter ("Thread starter SamuelMIz", "Started by
/// Jane"): the first link after that label, in the label's own box. A later page of a thread
/// opens with a reply, whose poster is not the thread's author.
fn thread_starter(tree: &tree::Tree) -> Option<String> {
    const LABELS: [&str; 4] = ["thread starter", "started by", "topic starter", "original poster"];
    // Most pages hold none of the labels: one search of all their text rules them out.
    if !["tarter", "tarted by", "riginal poster", "riginal Poster"].iter().any(|tail| memchr::memmem::find(tree.text.as_bytes(), tail.as_bytes()).is_some()) {
        return None;
    }
    let is_label = |id: usize| {
        tree.children(id as tree::NodeId).iter().any(|c| match *c {
            tree::Child::Text(s, e) => {
                let text = tree.text_of(s, e);
                text.len() <= 40 && LABELS.iter().any(|l| text.trim().trim_end_matches(':').eq_ignore_ascii_case(l))
            }
            tree::Child::Node(_) => false,
        })
    };
    let label = (1..tree.nodes.len()).find(|&id| is_label(id))?;
    // The label's box: the label's element, or its parent when the label is an element of its own.
    let scope = [label as tree::NodeId, tree.node(label as tree::NodeId).parent];
    (label + 1..tree.nodes.len())
        .take_while(|&id| tree.ancestors(id as tree::NodeId).any(|a| scope.contains(&a)))
        .find(|&id| tree.nodes[id].tag == Tag::A)
        .map(|id| tree.plain_text(id as tree::NodeId))
        .filter(|name| !name.is_empty())
}

/// JavaScript apps (Discourse, for one) serve their crawler view inside `<noscript>`: when
/// that markup holds much more prose than the page around it, extract from it instead.
fn noscript_fallback(tree: &tree::Tree, selection: &score::Selection, options: &Options, kind: classify::PageKind, deadline: &Deadline) -> Result<Option<(tree::Tree, score::Selection)>, ExtractError> {
    const MIN_NOSCRIPT_BYTES: usize = 1000;
    if tree.noscript_html.len() < MIN_NOSCRIPT_BYTES {
        return Ok(None);
    }
    let (mut inner, _) = tree::build(&tree.noscript_html, &options.drop, options.max_memory_bytes, deadline)?;
    recommendations::flag(&mut inner, kind);
    details::mark(&mut inner, kind);
    let inner_selection = score::select(&inner, options.favor, kind);
    let mass = |s: &score::Selection| s.stats[s.root as usize].mass;
    Ok((mass(&inner_selection) > 2.0 * mass(selection)).then_some((inner, inner_selection)))
}
