//! Broken pages, as crawls hold them (cut short, spliced, byte-flipped, tag soup), never make the
//! core panic, and what comes back keeps its promises: sections in order, non-empty, inside the
//! text. The mutations are seeded, so a failure repeats.

use pith_core::{extract, Favor, Hints, Options};

/// xorshift64: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Pieces of markup that stress the parser, the tree builder and the output.
const FRAGMENTS: &[&[u8]] = &[
    b"<", b"</", b">", b"<div>", b"</div>", b"<p>", b"</p>", b"<table><tr><td>", b"</td></tr></table>", b"<td>",
    b"<pre>", b"</pre>", b"<code>", b"<ul><li>", b"<ol><li>", b"</li>", b"<h1>", b"<h2>", b"</h2>", b"<br>",
    b"<a href=\"#x\">\xc2\xb6</a>", b"<img alt=\"a\" src=\"data:", b"<img alt=\"b\" data-src=\"/i.png\">",
    b"<script>", b"</script>", b"<style>", b"<!--", b"-->", b"<![CDATA[", b"<svg>", b"<math>", b"<template>",
    b"<noscript>", b"<textarea>", b"<plaintext>", b"<xmp>", b"&#0;", b"&#x110000;", b"&amp", b"\xff\xfe",
    b"\xef\xbb\xbf", b"\0", b"\xe2\x80", b"\xe2\x80\x8d", b"<meta charset=\"shift_jis\">",
    b"<meta http-equiv=\"content-type\" content=\"text/html; charset=utf-16\">", b"<base href=\"::\">",
    b"<script type=\"application/ld+json\">{\"@type\":[", b"<span class=\"line\">", b"<div class=\"language-\">",
    b"<article>", b"<main>", b"<footer>", b"<nav>", b"<blockquote>", b"<details><summary>", b"<dl><dt>", b"<dd>",
    b"\r\n", b"\xe6\x97\xa5\xe6\x9c\xac\xe3\x80\x82", b"<a href=\"http://[::1\">", b"<time datetime=\"9999-99-99\">",
    b"<html lang=\"\">", b"<p class=\"comment hidden sr-only\" id=\"\" hidden>", b"<div aria-hidden=\"true\">",
];

fn mutate(rng: &mut Rng, page: &mut Vec<u8>) {
    match rng.below(6) {
        0 => page.truncate(rng.below(page.len()).max(1)),
        1 => {
            let at = rng.below(page.len() + 1);
            let fragment = FRAGMENTS[rng.below(FRAGMENTS.len())];
            let copies = if rng.below(10) == 0 { 1 + rng.below(500) } else { 1 };
            page.splice(at..at, fragment.repeat(copies));
        }
        2 => {
            for _ in 0..1 + rng.below(20) {
                let at = rng.below(page.len());
                if let Some(b) = page.get_mut(at) {
                    *b = rng.next() as u8;
                }
            }
        }
        3 => {
            let start = rng.below(page.len());
            let end = (start + rng.below(2000)).min(page.len());
            let copy = page[start..end].to_vec();
            let at = rng.below(page.len());
            page.splice(at..at, copy);
        }
        4 => {
            let start = rng.below(page.len());
            let end = (start + rng.below(2000)).min(page.len());
            page.drain(start..end);
        }
        _ => {
            let fragment = FRAGMENTS[rng.below(FRAGMENTS.len())];
            page.splice(0..0, fragment.iter().copied());
        }
    }
}

fn base_pages() -> Vec<Vec<u8>> {
    let sample = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../warc-samples/html/news-article.html"))
        .expect("warc-samples/html/news-article.html is part of the repository");
    let structured = "<!doctype html><html lang=\"ja\"><head><title>表と例</title><meta charset=\"utf-8\"></head><body>\
        <nav><a href=\"/\">ホーム</a></nav><main><h1>表と例</h1><p>日本語の段落です。句読点で区切ります。</p>\
        <table><tr><th>名前</th><th>値</th></tr><tr><td>a</td><td>1</td></tr></table>\
        <div class=\"language-rust highlight\"><pre><code><span class=\"line\">fn main() {}</span></code></pre></div>\
        <ul><li>one<ul><li>two</li></ul></li></ul><blockquote><p>Quoted, with <code>x</code>.</p></blockquote>\
        <section class=\"comments\"><p>First! Great post, thanks for writing it.</p></section></main>\
        <footer>Copyright</footer></body></html>";
    vec![sample, structured.as_bytes().to_vec()]
}

#[test]
fn mutated_pages_extract_without_panics_and_with_valid_sections() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let hints = [
        Hints::default(),
        Hints { content_type: Some("text/html; charset=windows-1252".into()), url: Some("http://example.com/a/b".into()), ..Hints::default() },
        Hints { content_type: Some("text/html; charset=utf-16le".into()), url: Some("not a url".into()), ..Hints::default() },
    ];
    let options = [
        Options { markdown: true, links: true, comments: true, ..Options::default() },
        Options { favor: Favor::Precision, drop: vec!["div > p".into(), "nav".into()], ..Options::default() },
        Options { favor: Favor::Recall, ..Options::default() },
    ];
    for base in base_pages() {
        for case in 0..1000 {
            let mut page = base.clone();
            for _ in 0..1 + rng.below(6) {
                mutate(&mut rng, &mut page);
            }
            let (hints, options) = (&hints[case % 3], &options[rng.below(3)]);
            // A panic here fails the test with the case number; errors (too large, bad
            // selector) are answers, not failures.
            let Ok(result) = extract(&page, hints, options) else { continue };
            let chars = result.text.chars().count();
            let mut end = 0;
            for s in &result.sections {
                assert!(end <= s.start && s.start < s.end && s.end <= chars, "case {case}: section {s:?} after {end}, text of {chars} chars");
                end = s.end;
            }
        }
    }
}
