//! `script-fuzz DIR [N]` (cargo run --release --bin script-fuzz): runs the core over the dev
//! pages with their text rewritten into multi-byte characters, and lists every page and rewrite
//! that makes it panic. The text rules read lines by byte offsets (suffixes, counts, labels); on
//! English pages a slice that cuts a character never shows, on Polish or Japanese ones it panics
//! and the record is rejected as a core error. The rewrites keep markup intact and are seeded by the page, so a
//! panic repeats.

/// One rewrite: what every ASCII byte of text (outside tags) becomes, given a random draw for
/// the byte and one for the word it is in.
type Rewrite = fn(u8, u64, u64) -> Option<&'static str>;

/// Letters as Polish letters of two bytes, now and then.
fn polish(b: u8, r: u64, _: u64) -> Option<&'static str> {
    r.is_multiple_of(3).then_some(match b {
        b'a'..=b'z' => ["ł", "ó", "ż", "ą", "ę"][(r / 3 % 5) as usize],
        b'A'..=b'Z' => ["Ł", "Ś", "Ż"][(r / 3 % 3) as usize],
        _ => return None,
    })
}

/// Letters as CJK characters (three bytes), punctuation and spaces as their full-width forms.
fn japanese(b: u8, r: u64, _: u64) -> Option<&'static str> {
    match b {
        b'a'..=b'z' | b'A'..=b'Z' if r.is_multiple_of(2) => Some(["日", "本", "語", "の", "文"][(r / 2 % 5) as usize]),
        b'.' => Some("。"),
        b',' => Some("、"),
        b' ' if r.is_multiple_of(4) => Some("\u{3000}"),
        b'0'..=b'9' if r.is_multiple_of(5) => Some("５"),
        _ => None,
    }
}

/// Marks and spaces that are several bytes: combining accents after letters (NFC composes some),
/// no-break and zero-width spaces, emoji of four bytes, curly quotes.
fn marks(b: u8, r: u64, _: u64) -> Option<&'static str> {
    match (b, r % 7) {
        (b'e', 0) => Some("e\u{301}"),
        (b'o', 0) => Some("o\u{308}"),
        (b' ', 0) => Some("\u{a0}"),
        (b' ', 1) => Some("\u{200b} "),
        (b's', 2) => Some("s\u{1f600}"),
        (b'\'', _) => Some("\u{2019}"),
        (b':', 3) => Some("\u{ff1a}"),
        _ => None,
    }
}

/// One word in four written in Polish letters from end to end, the words between left in English:
/// the rules' English keywords stay, next to words that end in a character of two bytes.
fn words(b: u8, _: u64, word: u64) -> Option<&'static str> {
    (word.is_multiple_of(4) && b.is_ascii_alphabetic()).then_some(if b.is_ascii_uppercase() { "Ż" } else { "ł" })
}

const REWRITES: [(&str, Rewrite); 4] = [("polish", polish), ("japanese", japanese), ("marks", marks), ("words", words)];

/// The page with each byte of text outside `<...>` rewritten (a tag's inside, and so its
/// attributes, kept as it is).
fn rewrite(html: &[u8], seed: u64, with: Rewrite) -> Vec<u8> {
    let mut out = Vec::with_capacity(html.len() * 2);
    let mut state = seed | 1;
    let (mut in_tag, mut word, mut in_word) = (false, 0, false);
    for &b in html {
        match b {
            b'<' => in_tag = true,
            b'>' => in_tag = false,
            _ => {}
        }
        // xorshift64: deterministic, no dependency.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        if b.is_ascii_alphabetic() && !in_word {
            word = state;
        }
        in_word = b.is_ascii_alphabetic();
        match (!in_tag).then(|| with(b, state, word)).flatten() {
            Some(s) => out.extend_from_slice(s.as_bytes()),
            None => out.push(b),
        }
    }
    out
}

/// The request every rewritten page is extracted with: the outputs and side fields that have
/// their own code paths on.
const REQUEST: &str = r#"{"options":{"markdown":true,"comments":true,"links":true}}"#;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: script-fuzz DIR [N]");
    let limit: usize = args.next().map_or(usize::MAX, |n| n.parse().expect("N is a number"));
    // `extract_json` catches a panic and answers with its message (kind "panic"); the default
    // hook would print it a second time.
    std::panic::set_hook(Box::new(|_| {}));
    let (mut runs, mut panics) = (0, 0);
    for (name, html) in pith_profile::dev_pages(&dir, limit) {
        let seed = pith_profile::fnv1a(name.as_bytes());
        for (label, with) in REWRITES {
            let response = pith_core::extract_json(&rewrite(&html, seed, with), REQUEST);
            runs += 1;
            if response.contains(r#""kind":"panic""#) {
                panics += 1;
                println!("{name} {label}: {response}");
            }
        }
    }
    println!("{panics} panics in {runs} runs");
}
