//! The blocks' clean-up before they are written: lines that only label something, give an
//! asset's address or hold a script's data or template, verbatim repeats, and page furniture
//! at the edges of the content; then list items nested as they show.

use super::blocks::{is_field, Block, Kind};
use foldhash::fast::FixedState;
use std::collections::{HashMap, HashSet};

/// All of it, in order: stray lines go first, so that the repeats they separated meet.
pub fn tidy(blocks: Vec<Block>) -> Vec<Block> {
    nest_lists(trim_edges(without_strays_and_repeats(blocks)))
}

/// The same for comments, but for the edges: their short first and last lines ("Thanks for
/// this info") are comments too.
pub fn tidy_comments(blocks: Vec<Block>) -> Vec<Block> {
    nest_lists(without_strays_and_repeats(blocks))
}

/// List items nested as they show: a run of them starts at the top level, however deep the
/// page's lists put it (an FAQ laid out as a list, its answers' lists under paragraphs; a parent
/// item dropped as a label), and goes at most one level down from one item to the next; an
/// item's later paragraphs go with it. (Markdown reads items indented four spaces after a
/// paragraph as code.)
fn nest_lists(mut blocks: Vec<Block>) -> Vec<Block> {
    // The page's depths of the levels open in the current run, outermost first.
    let mut open: Vec<u8> = Vec::new();
    for block in &mut blocks {
        if block.item_depth > 0 {
            // A paragraph of an item goes on at the depth its item was given.
            block.item_depth = open.iter().position(|&d| d == block.item_depth).map_or(open.len(), |k| k + 1) as u8;
            continue;
        }
        if block.markdown_only() {
            continue;
        }
        let Kind::ListItem { depth, .. } = &mut block.kind else {
            open.clear();
            continue;
        };
        while open.last().is_some_and(|&d| d > *depth) {
            open.pop();
        }
        if open.last() != Some(depth) {
            open.push(*depth);
        }
        *depth = open.len() as u8;
    }
    blocks
}

/// Stray lines and repeats.
///
/// Throughout, blocks of images alone (Markdown's only) are stepped over when the text's lines
/// are compared with their neighbours, so that `text` comes out the same with Markdown or without.
fn without_strays_and_repeats(blocks: Vec<Block>) -> Vec<Block> {
    dedupe(without_stray_lines(blocks))
}

/// A line under `max_chars` without a sentence in it: a button label, a date line,
/// "Share this". A block of images alone is no more.
fn is_weak(block: &Block, max_chars: usize) -> bool {
    if block.markdown_only() {
        return true;
    }
    match block.kind {
        Kind::Paragraph | Kind::ListItem { .. } => {
            block.text.chars().count() < max_chars && !crate::script::holds_sentence_end(&block.text)
        }
        _ => false,
    }
}

/// Whether `item` is a list item and `next` an item of a list nested in it.
fn heads_nested_items(item: &Block, next: &Block) -> bool {
    matches!((&item.kind, &next.kind), (Kind::ListItem { depth: outer, .. }, Kind::ListItem { depth: inner, .. }) if inner > outer)
}

fn is_prose(block: &Block) -> bool {
    matches!(block.kind, Kind::Paragraph | Kind::ListItem { .. }) && block.text.chars().count() >= 80
}

/// The share of the text beyond which short lines at an edge are content (a grid of products
/// under a collection's intro, a list of releases), not furniture.
const EDGE_SHARE: f32 = 0.3;

/// Trims short non-sentences (and trailing headings) off the ends of content that has
/// prose in it: what sits before the first and after the last paragraph is page furniture,
/// unless it is much of the text (see [`EDGE_SHARE`]).
fn trim_edges(mut blocks: Vec<Block>) -> Vec<Block> {
    if blocks.iter().filter(|b| is_prose(b)).count() < 2 {
        return blocks;
    }
    let bytes = |bs: &[Block]| bs.iter().map(|b| b.text.len()).sum::<usize>();
    let total = bytes(&blocks);
    // Footers ("Last updated 12 May – contact us") run longer than the labels above content.
    let tail = blocks.iter().rev().take_while(|b| is_weak(b, 80) || matches!(b.kind, Kind::Heading(_))).count();
    if (bytes(&blocks[blocks.len() - tail..]) as f32) < EDGE_SHARE * total as f32 {
        blocks.truncate(blocks.len() - tail);
    }
    let mut lead = blocks.iter().take_while(|b| is_weak(b, 40)).count();
    // A list item whose nested items stay heads them ("Updates" over dated entries): it stays too.
    while lead > 0 && heads_nested_items(&blocks[lead - 1], &blocks[lead]) {
        lead -= 1;
    }
    if (bytes(&blocks[..lead]) as f32) < EDGE_SHARE * total as f32 {
        blocks.drain(..lead);
    }
    blocks
}

/// Lines that only label something, lower-cased: what a page prints over an advertisement or
/// a paid placement (not "Ad" or "Advertising", which also name things: a country code, a
/// service), the buttons that lead elsewhere or sell, a product card's among them ("Quick
/// view", "Compare"; not "Contact us" or "Get started", which also head sections), and a
/// widget's placeholder ("Loading…", WordPress's "Like this:" box).
const LABELS: &[&str] = &[
    "advertisement", "advertisements", "sponsored", "sponsored content", "sponsored post", "promoted", "paid content",
    "paid post", "partner content", "anzeige", "werbung", "publicité", "publicidad", "pubblicità", "advertentie",
    "publicidade", "learn more", "read more", "see more", "show more", "view more", "load more", "find out more",
    "discover more", "continue reading", "keep reading", "read the full story", "read full article", "read the article",
    "view all", "see all", "shop all", "view details", "see details", "back to top", "share", "share this",
    "apply now", "shop now", "buy now", "book now", "order now", "register now", "download now", "subscribe",
    "subscribe now", "sign up", "sign up now", "add to cart", "add to bag", "add to basket", "add to wishlist",
    "add to wish list", "add to favorites", "quick view", "quick shop", "compare", "get a quote",
    "request a demo", "schedule a demo", "book a demo", "request a quote", "book a consultation", "start free trial",
    "start your free trial", "try for free", "start for free", "get started for free", "join now", "join now for free",
    "sign in", "log in", "register", "quote", "loading", "like loading", "like this:",
    // Sign-in and comment prompts.
    "sign in now", "log in now", "sign in or join", "sign in or register", "log in or register", "log in or sign up",
    "sign in or sign up", "register here", "sign up here", "add comment", "add a comment", "leave a comment",
    "leave a reply", "post a comment", "write a comment",
    // The buttons of review roundups, landing pages and recommendation boxes.
    "read review", "read the review", "read full review", "read the full review", "read our review", "start now",
    "play video", "download the app", "no credit card required", "more like this",
    // A product's stock status and its card's badges and buttons, printed on every card.
    "in stock", "out of stock", "new arrival", "top rated", "more options", "add to compare",
    // phpBB's button over each code box.
    "select all", "code: select all",
    // A card's content type over its title in a grid of resources ("BLOG", "Case study").
    "blog", "blog post", "case study", "whitepaper", "white paper", "ebook", "e-book", "webinar", "podcast",
    "infographic", "press release",
    // A byline's label on a line of its own (its name, a link, on the next line or left out).
    "written by", "edited by", "reviewed by", "fact checked by", "fact-checked by", "medically reviewed by", "author",
    // An image's credit line, or a link to an item's source code.
    "source",
    // The same buttons and placeholders in the languages of the web's larger shares.
    "weiterlesen", "mehr lesen", "mehr erfahren", "mehr anzeigen", "alle anzeigen", "teilen", "in den warenkorb",
    "jetzt kaufen", "nach oben", "wird geladen", "lire la suite", "en savoir plus", "voir plus", "voir tout", "partager",
    "ajouter au panier", "acheter", "haut de page", "retour en haut", "chargement", "leer más", "seguir leyendo",
    "ver más", "ver todo", "compartir", "añadir al carrito", "comprar", "volver arriba", "cargando", "leggi tutto",
    "leggi di più", "continua a leggere", "scopri di più", "vedi tutto", "condividi", "aggiungi al carrello",
    "acquista", "torna su", "caricamento", "lees meer", "lees verder", "meer weergeven", "delen", "in winkelwagen",
    "naar boven", "leia mais", "saiba mais", "ver mais", "compartilhar", "adicionar ao carrinho", "voltar ao topo",
    "carregando", "читать далее", "подробнее", "показать ещё", "показать еще", "поделиться", "в корзину", "купить",
    "наверх", "загрузка", "czytaj więcej", "więcej", "udostępnij", "do koszyka", "reklama", "реклама", "阅读全文",
    "查看更多", "更多", "分享", "加入购物车", "立即购买", "返回顶部", "加载中", "广告", "閱讀全文",
    "繼續閱讀", "加入購物車", "返回頂部", "廣告", "続きを読む", "もっと見る", "シェア", "カートに入れる", "ページトップへ",
    "読み込み中", "広告", "더보기", "공유", "장바구니 담기", "맨 위로", "광고",
];

/// Whole lines, lower-cased and without their closing punctuation, that ask the reader to act
/// rather than say anything: the sign-in and sign-up prompts of community software under a
/// thread, the prompts of a Q&A site beside a question, and the status messages of a site
/// builder's contact form (printed hidden, shown by a script after sending).
const PROMPTS: &[&str] = &[
    "create an account", "register a new account", "already have an account? sign in here",
    "already have an account? sign in", "already have an account? log in", "forgot your password?", "forgot password?",
    "create an account or sign in to comment", "you need to be a member in order to leave a comment",
    "sign up for a new account in our community. it's easy", "you must log in to answer this question", "ask question",
    "start asking to get answers", "find the answer to your question by asking", "explore related questions",
    "see similar questions with these tags", "thank you! your submission has been received",
    "oops! something went wrong while submitting the form",
];

/// The titles forum software prints beside a poster's name, lower-cased: their part in the thread,
const POSTER_TITLES: &[&str] = &["original poster", "thread starter", "topic starter"];
/// and their rank by post count, before "member" ("Senior Member", "Well-known member").
const MEMBER_RANKS: &[&str] = &[
    "new", "novice", "junior", "full", "senior", "active", "well-known", "established", "prominent", "distinguished",
    "outstanding", "ultra", "valued", "veteran", "respected", "esteemed", "registered", "former", "inactive", "banned",
];
/// The names of a poster's figures, before a number ("Posts: 1,204").
const POSTER_FIGURES: &[&str] = &[
    "posts", "threads", "messages", "reputation", "reaction score", "points", "solutions", "beiträge", "themen",
    "mensajes", "messaggi", "berichten", "сообщения", "сообщений", "posty", "wiadomości",
];
/// The longest poster's box read line by line.
const POSTER_BOX_BYTES: usize = 240;
/// The names of when a poster joined, before a short date ("Join Date: Mar 2006").
const POSTER_SINCE: &[&str] = &[
    "join date", "joined", "registered", "member since", "registriert", "dabei seit", "mitglied seit", "inscrit le",
    "inscription", "registrado", "registrato", "iscritto il", "lid sinds", "geregistreerd", "регистрация",
    "зарегистрирован", "dołączył",
];
/// The headings forum software puts over a thread's posts and its side boxes.
const THREAD_HEADINGS: &[&str] = &["recommended posts", "featured replies", "top posters in this topic"];

/// Drops paragraphs, list items and headings that carry no content: a label (see
/// [`LABELS`]), a prompt (see [`PROMPTS`]), a listing's result count, an affiliate disclosure,
/// a shopping guide's buttons to retailers, a reading time ("5 min read"), a forum post's
/// furniture (see [`is_post_furniture`]), an asset's address, a script's data, an unfilled template placeholder, icons,
/// the field name printed before an asset's address ("cat_thumb_Bone:"), which names nothing
/// once the address is gone, and a table of contents' title without its entries. Between the paragraphs of an article they break its text. (An
/// advertisement itself is left to the scorer: a shop's grid of products may hold sponsored
/// products among the others.)
fn without_stray_lines(blocks: Vec<Block>) -> Vec<Block> {
    let line = |b: &Block| matches!(b.kind, Kind::Paragraph | Kind::ListItem { .. } | Kind::Heading(_));
    let mut keep: Vec<bool> = blocks.iter().map(|b| !(line(b) && is_stray(&b.text))).collect();
    let with_text = with_text(&blocks);
    // An affiliate disclosure stands before a guide or at its end.
    let edges = with_text.iter().take(DISCLOSURE_LEAD).chain(with_text.iter().skip(with_text.len().saturating_sub(DISCLOSURE_TAIL).max(DISCLOSURE_LEAD)));
    for &i in edges {
        if blocks[i].kind == Kind::Paragraph && is_affiliate_disclosure(&blocks[i].text) {
            keep[i] = false;
        }
    }
    for pair in with_text.windows(2) {
        let (name, address) = (&blocks[pair[0]], &blocks[pair[1]]);
        if line(address) && line(name) && names_asset(&name.text, &address.text) {
            keep[pair[0]] = false;
        }
    }
    // A shopping guide has one button to a retailer per product; a lone line so worded may name
    // something ("Buy on Google", a program).
    let buttons: Vec<usize> = with_text.iter().copied().filter(|&i| line(&blocks[i]) && is_shop_button(&blocks[i].text)).collect();
    if buttons.len() >= 2 {
        buttons.into_iter().for_each(|i| keep[i] = false);
    }
    // A table of contents' title whose entries the scorer left out titles nothing: what follows
    // it is a heading or prose, not the short lines of its entries.
    for (k, &i) in with_text.iter().enumerate() {
        if !matches!(blocks[i].kind, Kind::Heading(_) | Kind::Paragraph) || !is_contents_title(&blocks[i].text) {
            continue;
        }
        let next = with_text.get(k + 1).map(|&n| &blocks[n]);
        if next.is_none_or(|b| matches!(b.kind, Kind::Heading(_)) || is_prose(b) && b.kind == Kind::Paragraph) {
            keep[i] = false;
        }
    }
    retain_kept(blocks, &keep)
}

/// The titles of a page's table of contents, lower-cased (not "Contents" alone, which also heads
/// what a box holds).
const CONTENTS_TITLES: &[&str] = &[
    "table of contents", "on this page", "in this article", "in this post", "in this guide", "jump to", "jump to section",
    "article contents", "page contents", "inhaltsverzeichnis", "sommaire", "table des matières", "índice", "sommario",
    "inhoudsopgave", "spis treści", "содержание", "içindekiler", "目次", "目录", "目錄", "목차",
];

fn is_contents_title(text: &str) -> bool {
    let title = text.trim_end_matches([':', ' ']);
    // (Lower-cased only past the length test: few lines are this short.)
    title.len() <= 24 && CONTENTS_TITLES.contains(&title.to_lowercase().as_str())
}

/// The positions of the blocks that have text (all but blocks of images alone).
fn with_text(blocks: &[Block]) -> Vec<usize> {
    (0..blocks.len()).filter(|&i| !blocks[i].markdown_only()).collect()
}

/// What a block says in the text, the key its repeats are found by: its Markdown (inline code,
/// images) is left out, so that they are the same repeats with Markdown or without, and so is
/// whether a line is a list item or a paragraph (`kind` None for both): a copy of a card may set
/// its lines in a list where the card did not, or number them where it did not.
#[derive(PartialEq, Eq, Hash)]
struct Said<'a> {
    kind: Option<&'a Kind>,
    text: &'a str,
    quote_depth: u32,
}

impl<'a> From<&'a Block> for Said<'a> {
    fn from(b: &'a Block) -> Self {
        let kind = match &b.kind {
            Kind::ListItem { .. } | Kind::Paragraph => None,
            kind => Some(kind),
        };
        Said { kind, text: &b.text, quote_depth: b.quote_depth }
    }
}

fn is_stray(text: &str) -> bool {
    is_label(text)
        || is_post_furniture(text)
        || is_asset_address(text)
        || is_named_asset(text)
        || is_json(text)
        || is_placeholder(text)
        || is_icons(text)
}

/// A field's name over an asset's address in one block, a term and its description
/// ("cat_thumb_Bone:" over "https://…/bone.jpg"); as two lines, `without_stray_lines` drops the
/// name.
fn is_named_asset(text: &str) -> bool {
    // (A field's name is short: the line break is looked for in the first bytes only, as every
    // block passes here.)
    const NAME_BYTES: usize = 64;
    let head = &text.as_bytes()[..text.len().min(NAME_BYTES + 1)];
    memchr::memchr(b'\n', head).is_some_and(|at| names_asset(&text[..at], &text[at + 1..]))
}

/// A field name printed before an asset's address ("cat_thumb_Bone:"), which names nothing once
/// the address is gone.
fn names_asset(name: &str, address: &str) -> bool {
    name.ends_with(':') && is_asset_address(address)
}

/// Is the text only icons, with no letter or digit: an arrow on a link ("↗"), a close button
/// ("×"), a rating's stars without its figure, a separator bar or bullet, an icon font's glyph
/// (Unicode's private use area)? Marks that separate parts of a text ("***", "---", "…") are
/// not icons.
fn is_icons(text: &str) -> bool {
    !text.is_empty()
        && text.chars().all(|c| {
            c == ' '
                || matches!(c, '×' | '|' | '•' | '·' | '‹' | '›' | '«' | '»' | '?' | '+' | '<' | '>')
                // arrows; technical symbols; geometric shapes, miscellaneous symbols and dingbats;
                // more arrows and shapes; private use
                || matches!(c, '\u{2190}'..='\u{21ff}' | '\u{2300}'..='\u{23ff}' | '\u{25a0}'..='\u{27bf}' | '\u{2b00}'..='\u{2bff}' | '\u{e000}'..='\u{f8ff}')
        })
}

fn is_label(text: &str) -> bool {
    let label = text.trim_end_matches(['.', '!', '…', '>', '›', '»', '→', ' ']);
    // (Characters counted only for a line with letters beyond ASCII, which take more bytes.)
    let short = label.len() <= 24 || label.len() <= 48 && !label.is_ascii() && label.chars().count() <= 24;
    short && (one_of(LABELS, label) || is_count(label) || is_reading_time(label))
        || label.len() <= 60 && (one_of(PROMPTS, label) || is_result_count(label))
        || is_newsletter_prompt(label)
        || is_continuation_label(label)
        || is_close_button(label)
}

/// A dialog's button, printed with the dialog: "Close", not the lower-case event or method
/// name that documentation lists on a line of its own.
fn is_close_button(label: &str) -> bool {
    matches!(label, "Close" | "CLOSE")
}

/// The words of the line a publisher prints where an advertisement breaks an article, and
/// nothing else: "ADVERTISEMENT - CONTINUE READING BELOW", "Article continues below
/// advertisement", "Story continues after the ad", "Scroll to continue with content".
const CONTINUATION_WORDS: &[&str] = &[
    "advertisement", "advertising", "ad", "ads", "article", "story", "content", "post", "text", "continue", "continues",
    "reading", "below", "after", "the", "this", "scroll", "to", "with",
];

/// A line of [`CONTINUATION_WORDS`] that says the text goes on below or after something.
fn is_continuation_label(label: &str) -> bool {
    label.len() <= 60 && label.is_ascii() && {
        let words = || label.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty());
        let says = |list: &[&str]| words().any(|w| one_of(list, w));
        words().all(|w| one_of(CONTINUATION_WORDS, w)) && says(&["continue", "continues"]) && says(&["below", "after", "scroll"])
    }
}

/// A newsletter's call over its sign-up form: "Join Our Newsletter", "Subscribe to our best
/// newsletters", "Like What You're Reading? Subscribe To The Monthly Newsletter" (on one line
/// or two). (Not a line that only names one: "The Morning Newsletter".)
fn is_newsletter_prompt(label: &str) -> bool {
    // (The ending first: it rules out nearly every line.)
    ["newsletter", "newsletters", "mailing list"].iter().any(|what| ends_with_ignoring_case(label, what)) && {
        let (question, call) = label.rsplit_once('?').map_or(("", label), |(question, call)| (question, call.trim_start()));
        question.len() <= 40
            && call.len() <= 60
            && ["join ", "subscribe ", "sign up "].iter().any(|verb| strip_prefix_ignoring_case(call, verb).is_some())
    }
}

/// A shopping guide's button to a retailer: "Check price at REI", "See price at Amazon (on
/// sale!)", "View on Amazon", "Buy at Best Buy".
fn is_shop_button(text: &str) -> bool {
    // Every short line passes here: most fail on their first letter.
    if text.len() > 60 || !text.bytes().next().is_some_and(|b| matches!(b | 0x20, b'c' | b's' | b'v' | b'b')) {
        return false;
    }
    let label = text.strip_suffix(')').and_then(|l| l.rsplit_once(" (")).map_or(text, |(button, _)| button);
    let retailer = |rest: &str| {
        strip_prefix_ignoring_case(rest, "at ").or_else(|| strip_prefix_ignoring_case(rest, "on ")).is_some_and(|name| !name.is_empty() && name.split(' ').count() <= 3)
    };
    ["check price", "check prices", "see price", "view price", "check latest price", "check current price"].iter().any(|p| {
        strip_prefix_ignoring_case(label, p).is_some_and(|rest| rest.is_empty() || rest.strip_prefix(' ').is_some_and(retailer))
    }) || ["view ", "buy ", "shop "].iter().any(|verb| strip_prefix_ignoring_case(label, verb).is_some_and(retailer))
}

/// `text` after `prefix` (lower case), when it starts with it in any case.
fn strip_prefix_ignoring_case<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    text.get(..prefix.len()).filter(|start| start.eq_ignore_ascii_case(prefix)).map(|_| &text[prefix.len()..])
}

/// `text` before `suffix` (lower case), when it ends with it in any case.
fn strip_suffix_ignoring_case<'t>(text: &'t str, suffix: &str) -> Option<&'t str> {
    let at = text.len().checked_sub(suffix.len())?;
    text.get(at..).filter(|end| end.eq_ignore_ascii_case(suffix)).map(|_| &text[..at])
}

/// Whether `text` ends with `suffix` (lower case) in any case.
fn ends_with_ignoring_case(text: &str, suffix: &str) -> bool {
    strip_suffix_ignoring_case(text, suffix).is_some()
}

/// A listing's count of what it shows: "Showing 24 of 514 results", "Showing all 12 products".
fn is_result_count(label: &str) -> bool {
    strip_prefix_ignoring_case(label, "showing ").is_some()
        && label.bytes().any(|b| b.is_ascii_digit())
        && ["results", "products", "items"].iter().any(|w| ends_with_ignoring_case(label, w))
}

/// Lengths of a paragraph read as an affiliate disclosure: a sentence or a few.
const DISCLOSURE_CHARS: std::ops::RangeInclusive<usize> = 60..=400;
/// Blocks at the start and at the end of a text where an affiliate disclosure is looked for.
const DISCLOSURE_LEAD: usize = 16;
const DISCLOSURE_TAIL: usize = 4;

/// A shopping guide's affiliate disclosure, which says the same on every page of its site: "We
/// may earn commission from links on this page", "If you buy through our links, we may earn a
/// commission", "... a small commission at no extra cost to you". The site speaks of itself and
/// of its links: a text about what agents or sellers earn is not one.
fn is_affiliate_disclosure(text: &str) -> bool {
    // One search prepared once, not a searcher per call.
    static COMMISSION: std::sync::LazyLock<memchr::memmem::Finder<'static>> = std::sync::LazyLock::new(|| memchr::memmem::Finder::new("ommission"));
    DISCLOSURE_CHARS.contains(&text.len()) && COMMISSION.find(text.as_bytes()).is_some() && {
        // (The search found the commission already.)
        let text = format!(" {} ", text.to_lowercase());
        let by_links = ["link", "no extra cost", "no additional cost"].iter().any(|w| text.contains(w));
        let itself = [" we ", " us ", " our ", " i ", "this site", "this page", "this post", "this article"].iter().any(|w| text.contains(w));
        text.contains("earn") && by_links && itself
    }
}

/// Is the text one of the lower-cased lines of `list`, in any case?
fn one_of(list: &[&str], text: &str) -> bool {
    if text.is_ascii() {
        return list.iter().any(|x| text.eq_ignore_ascii_case(x));
    }
    // Lower-cased a character at a time, against the entries of the same length in bytes (which
    // lower-casing keeps but for a few letters, such as the Turkish İ).
    list.iter().any(|x| x.len() == text.len() && text.chars().flat_map(char::to_lowercase).eq(x.chars()))
}

/// A line a forum prints around each post rather than in it: the poster's title or rank, a
/// figure of theirs ("Posts: 1,204"), "Last edited: Jul 9, 2022", or a heading of the thread's
/// boxes. Forum software prints them on lines of their own, in every thread of every forum it
/// runs.
fn is_post_furniture(text: &str) -> bool {
    // A poster's box prints its lines under each other ("Join Date: Mar 2006" over "Posts: 41").
    // (Lengths first: every block of the text passes here.)
    if text.len() > 60 {
        return text.len() <= POSTER_BOX_BYTES && text.contains('\n') && text.lines().all(is_post_furniture);
    }
    if text.contains('\n') {
        return text.lines().all(is_post_furniture);
    }
    let line = text.trim_end_matches([' ', ':']);
    line.rsplit_once(' ').is_some_and(|(rank, member)| member.eq_ignore_ascii_case("member") && one_of(MEMBER_RANKS, rank))
        || line.split_once(": ").is_some_and(|(name, n)| {
            one_of(POSTER_FIGURES, name) && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit() || b == b',' || b == b'.')
                || one_of(POSTER_SINCE, name) && n.len() <= 20 && n.bytes().any(|b| b.is_ascii_digit())
        })
        || line.get(..11).is_some_and(|start| start.eq_ignore_ascii_case("last edited"))
        || one_of(POSTER_TITLES, line)
        || one_of(THREAD_HEADINGS, line)
        || is_reaction_line(line)
}

/// Who reacted to a post, as forum software prints it under the post: "JackieJim likes this.",
/// "TedToToe and WiSK like this.", "1 person likes this.", "Ann, Bo and 3 others like this."
/// (Not a post that says "I like this.": a plural needs names joined by "and", or a count.)
fn is_reaction_line(line: &str) -> bool {
    let line = line.trim_end_matches('.');
    let names = |who: &str| !who.is_empty() && !who.contains(['.', '!', '?', ':', ';']);
    if let Some(who) = strip_suffix_ignoring_case(line, " likes this") {
        return names(who);
    }
    strip_suffix_ignoring_case(line, " like this").is_some_and(|who| {
        names(who)
            && (who.contains(" and ")
                || ["others", "people", "members", "users"].iter().any(|many| ends_with_ignoring_case(who, many)))
    })
}

/// The units of a reading time, after its number.
const READING_TIMES: &[&str] = &[
    "min read", "mins read", "minute read", "minutes read", "min. lesezeit", "min lesezeit", "minuten lesezeit",
    "min de lecture", "minutes de lecture", "min de lectura", "minutos de lectura", "min di lettura", "minuti di lettura",
    "min leestijd", "minuten leestijd", "min de leitura", "minutos de leitura", "мин чтения", "минут чтения", "分钟阅读",
    "分で読めます",
];

/// An estimate of the time a text takes to read: "5 min read", "12-minute read", "5 Min. Lesezeit".
fn is_reading_time(label: &str) -> bool {
    let unit = label.trim_start_matches(|c: char| c.is_ascii_digit());
    unit.len() < label.len()
        && one_of(READING_TIMES, unit.trim_start_matches([' ', '-']))
}

/// What a post or thread counts of its own: a post's reactions ("12 likes"), a question's
/// answers or a thread's replies over them ("19 Answers", "1,204 replies"), and a product
/// card's reviews under its stars ("0 reviews", "369 ratings").
const COUNTED: &[&str] = &[
    "like", "likes", "answer", "answers", "reply", "replies", "comment", "comments", "response", "responses",
    "review", "reviews", "rating", "ratings",
    "kommentar", "kommentare", "antworten", "commentaire", "commentaires", "réponses", "comentario", "comentarios",
    "respuestas", "commento", "commenti", "risposte", "reactie", "reacties", "comentário", "comentários",
    "respostas", "комментарий", "комментария", "комментариев", "ответов", "komentarzy", "odpowiedzi",
];

/// A post's or a thread's count (see [`COUNTED`]): the number of what it holds, not content.
fn is_count(label: &str) -> bool {
    label.split_once(' ').is_some_and(|(n, word)| {
        n.bytes().next().is_some_and(|b| b.is_ascii_digit()) && n.bytes().all(|b| b.is_ascii_digit() || b == b',') && one_of(COUNTED, word)
    })
}

/// Is the text a JSON object or array? A page's script state, printed into an element the
/// style sheet hides ("a-state" boxes), reads as one long line of it. JSON in a code block
/// is an example, and is not a paragraph.
fn is_json(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() >= 100 && matches!((b[0], b[b.len() - 1]), (b'{', b'}') | (b'[', b']')) && text.matches("\":").nth(2).is_some()
}

/// Is the text one template placeholder, `{{ errors[1179].message }}` or a CMS shortcode
/// `{{banner="/hire"}}`, that a script was to fill? In a code block it is an example.
fn is_placeholder(text: &str) -> bool {
    text.strip_prefix("{{").and_then(|t| t.strip_suffix("}}")).is_some_and(|inner| !inner.contains("}}"))
}

/// File types of a page's images, styles, scripts and fonts (lower-cased, as `url::path` gives).
const ASSET_TYPES: &[&str] = &["jpg", "jpeg", "png", "gif", "webp", "avif", "svg", "bmp", "ico", "css", "js", "woff", "woff2"];

/// Is the text one address of an image, style sheet, script or font? Alone on a line, such an
/// address is markup printed as text (a shop template showing its image fields), never
/// something to read. Addresses of pages (a list of sources) are text.
fn is_asset_address(text: &str) -> bool {
    ["https://", "http://", "//"].iter().any(|scheme| text.starts_with(scheme))
        && !text.contains(char::is_whitespace)
        && crate::url::path(text).rsplit_once('.').is_some_and(|(_, ext)| ASSET_TYPES.contains(&ext))
}

/// Drops later verbatim repeats: of the line just before, of a run of blocks, then of a single
/// paragraph.
fn dedupe(blocks: Vec<Block>) -> Vec<Block> {
    drop_repeated_paragraphs(drop_doubled_runs(drop_echoes(halve_doubled_lines(blocks))))
}

/// Halves a heading, paragraph or list item that says one phrase of two or more words twice
/// over ("Best Overall Best Overall"): a label printed for wide screens and again for phones,
/// a heading beside the copy of it that its card's covering link holds. One word said twice
/// ("Williamson Williamson", a price and its sale price) may be meant.
fn halve_doubled_lines(mut blocks: Vec<Block>) -> Vec<Block> {
    for block in &mut blocks {
        if !matches!(block.kind, Kind::Heading(_) | Kind::Paragraph | Kind::ListItem { .. }) {
            continue;
        }
        let Some(half) = doubled_phrase(&block.text) else { continue };
        if let Some(markdown) = &mut block.markdown {
            // The Markdown loses the copy where it has it alike: doubled all through, or the
            // text doubled before an image. (Links or emphasis in one copy only keep it there;
            // the text is halved all the same, as it is the same with Markdown or without.)
            if let Some(markdown_half) = doubled_phrase(markdown) {
                markdown.truncate(markdown_half);
            } else if markdown.starts_with(block.text.as_str()) {
                markdown.replace_range(half..block.text.len(), "");
            }
        }
        block.text.truncate(half);
    }
    blocks
}

/// The length of the first half of `text` when it is one phrase of two or more words, a space,
/// and the phrase again.
fn doubled_phrase(text: &str) -> Option<usize> {
    let half = text.len().checked_sub(1)? / 2;
    let (first, rest) = (text.get(..half)?, text.get(half..)?);
    (rest.strip_prefix(' ')? == first && first.trim().contains(' ')).then_some(half)
}

/// Drops a heading or paragraph that says again exactly what the heading or paragraph right
/// before it said: a card's title given by its image link, its heading and a hidden copy, or
/// its price as the sale and the screen-reader price. Two such lines in a row are never two
/// things to read. So too a list item of two words or more (a carousel's cloned slides, a card's
/// title in its item and its heading); one-word items and table rows are left alone ("Yes" may
/// rightly follow "Yes").
fn drop_echoes(blocks: Vec<Block>) -> Vec<Block> {
    let line = |b: &Block| match b.kind {
        Kind::Heading(_) | Kind::Paragraph => !b.text.is_empty(),
        Kind::ListItem { .. } => b.text.contains(' '),
        _ => false,
    };
    let mut keep = vec![true; blocks.len()];
    for pair in with_text(&blocks).windows(2) {
        let (before, block) = (&blocks[pair[0]], &blocks[pair[1]]);
        if line(before) && line(block) && before.text == block.text {
            keep[pair[1]] = false;
        }
    }
    retain_kept(blocks, &keep)
}

/// Characters a doubled run must hold to be dropped: a row of buttons may rightly repeat.
const DOUBLED_RUN_CHARS: usize = 40;

/// Blocks and characters a run repeated further on must hold to be a copy: two plans may share
/// a few feature lines.
const REPEATED_RUN_BLOCKS: usize = 4;
const REPEATED_RUN_CHARS: usize = 100;

/// Drops a run of two or more blocks that repeats the run just before it verbatim ("A B A B"):
/// a carousel's cloned slides, the phone copy of a box placed right after the wide-screen one.
/// Further apart, only a long run goes (a sticky bar repeating a product's name, price and
/// options; teasers listed again under "Latest"), and never one with code: a guide repeats its
/// steps under each language's tab. Table rows are left alone.
fn drop_doubled_runs(blocks: Vec<Block>) -> Vec<Block> {
    // Runs are found among the blocks with text; `at[i]` is where the i-th of them is.
    let at = with_text(&blocks);
    let said: Vec<Said> = at.iter().map(|&i| Said::from(&blocks[i])).collect();
    let mut last_at: HashMap<&Said, usize, FixedState> = HashMap::default();
    let mut keep = vec![true; blocks.len()];
    let mut i = 0;
    while i < said.len() {
        if matches!(said[i].kind, Some(Kind::TableRow { .. })) {
            i += 1;
            continue;
        }
        let Some(before) = last_at.insert(&said[i], i) else {
            i += 1;
            continue;
        };
        let gap = i - before;
        let chars = |run: &[Said]| run.iter().map(|b| b.text.chars().count()).sum::<usize>();
        let doubled = gap >= 2 && said.get(i..i + gap).is_some_and(|run| run == &said[before..i] && chars(run) >= DOUBLED_RUN_CHARS);
        let len = if doubled {
            gap
        } else {
            let same = (0..gap)
                .take_while(|&k| said.get(i + k).is_some_and(|b| *b == said[before + k] && !matches!(b.kind, Some(Kind::TableRow { .. }))))
                .count();
            let run = &said[i..i + same];
            let copy = same >= REPEATED_RUN_BLOCKS && chars(run) >= REPEATED_RUN_CHARS && !run.iter().any(|b| matches!(b.kind, Some(Kind::Code { .. })));
            if copy { same } else { 0 }
        };
        if len > 0 {
            // The copy goes with the images inside it.
            keep[at[i]..=at[i + len - 1]].fill(false);
            // The dropped copy stays on record, so that a third copy right after it goes too.
            for k in i + 1..i + len {
                last_at.insert(&said[k], k);
            }
            i += len;
        } else {
            i += 1;
        }
    }
    retain_kept(blocks, &keep)
}

/// Drops later verbatim repeats of a paragraph (pull quotes, duplicated teasers) and of a
/// block of images (a carousel's clones). Short blocks, fields outside quotes and table rows
/// are left alone: "Yes" or "Features: Raincover included" may rightly appear twice.
fn drop_repeated_paragraphs(blocks: Vec<Block>) -> Vec<Block> {
    let mut seen: HashSet<&str, FixedState> = HashSet::default();
    let keep: Vec<bool> = blocks
        .iter()
        .map(|b| {
            if b.markdown_only() {
                seen.insert(b.markdown.as_deref().unwrap_or_default())
            } else {
                // (A quote's field, "Ann wrote: May 3, 2024 12:41 pm", repeats with its quote.)
                let long_prose = matches!(b.kind, Kind::Paragraph | Kind::ListItem { .. })
                    && b.text.chars().count() >= 40
                    && !(b.quote_depth == 0 && is_field(&b.text));
                !long_prose || seen.insert(&b.text)
            }
        })
        .collect();
    retain_kept(blocks, &keep)
}

/// `blocks` without those whose flag in `keep` is false.
fn retain_kept(mut blocks: Vec<Block>, keep: &[bool]) -> Vec<Block> {
    let mut kept = keep.iter();
    blocks.retain(|_| *kept.next().expect("one flag per block"));
    blocks
}
