//! `identity DIR [N]` (cargo run --release --bin identity): prints one line per page and option set, `name set hash`, where
//! hash is an FNV-1a 64 of `extract_json`'s whole output. Two builds give the same lines when
//! their outputs are byte-identical: `diff` the two listings (speed changes must not move a page).

/// Default; Markdown off; precision with links and the page URL; recall with comments; a
/// `--drop` selector with links.
const OPTION_SETS: [&str; 5] = [
    r#"{}"#,
    r#"{"options":{"markdown":false}}"#,
    r#"{"hints":{"url":"https://example.com/a/b.html"},"options":{"favor":"precision","links":true}}"#,
    r#"{"options":{"favor":"recall","comments":true}}"#,
    r#"{"hints":{"url":"https://example.com/"},"options":{"links":true,"drop":["nav",".sidebar","footer"]}}"#,
];

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: identity DIR [N]");
    let limit: usize = args.next().map_or(usize::MAX, |n| n.parse().expect("N is a number"));
    for (name, html) in pith_profile::dev_pages(&dir, limit) {
        for (set, request) in OPTION_SETS.iter().enumerate() {
            println!("{name} {set} {:016x}", pith_profile::fnv1a(pith_core::extract_json(&html, request).as_bytes()));
        }
    }
}
