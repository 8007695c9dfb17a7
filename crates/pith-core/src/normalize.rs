//! The last touch on every string pith writes: NFC, and the repair of windows-1252 mojibake that
//! HTML entities hid from stage 1 (`&acirc;&euro;&trade;` decodes to `â€™` only in the tree);
//! metadata fields also lose the page's typesetting hints (soft hyphens).
//! Output text is normalized a block at a time, before section offsets are counted, so that
//! the offsets point into the text as written.

use crate::encoding::repair_mojibake;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// `s` with entity-hidden mojibake repaired, in NFC; not copied when already clean (nearly
/// always).
pub fn text(s: String) -> String {
    let s = repair_mojibake(&s).unwrap_or(s);
    if is_nfc_fast(&s) {
        s
    } else {
        s.nfc().collect()
    }
}

/// A metadata field (title, author, site name, description) as [`text`], without the invisible
/// hints a page gives its typesetter: soft hyphens (a title's "Assis&shy;tance"), word joiners
/// and byte order marks. The text keeps them as the page has them; a label is read as one line
/// of words, which they split.
pub fn label(s: String) -> String {
    const TYPESETTING_HINTS: [char; 3] = ['\u{ad}', '\u{2060}', '\u{feff}'];
    let s = text(s);
    if s.contains(TYPESETTING_HINTS) {
        s.replace(TYPESETTING_HINTS, "")
    } else {
        s
    }
}

/// `is_nfc_quick`, run only on the runs of non-ASCII text: an ASCII character is normalized,
/// composes with nothing before it and has combining class 0, so the check restarts after it.
fn is_nfc_fast(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut at = 0;
    // `is_ascii` reads a word at a time: most of a text before its first non-ASCII byte goes by fast.
    while let Some(offset) = first_non_ascii(&bytes[at..]) {
        let start = at + offset;
        let end = bytes[start..].iter().position(u8::is_ascii).map_or(bytes.len(), |e| start + e);
        if is_nfc_quick(s[start..end].chars()) != IsNormalized::Yes {
            return false;
        }
        at = end;
    }
    true
}

/// The offset of the first non-ASCII byte, looking at 64 bytes at a time.
pub fn first_non_ascii(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    for chunk in bytes.chunks(64) {
        if !chunk.is_ascii() {
            return chunk.iter().position(|b| !b.is_ascii()).map(|o| at + o);
        }
        at += chunk.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nfc_check_skips_ascii_and_agrees_with_the_full_check() {
        for s in ["", "plain ascii", "café", "cafe\u{301}", "e\u{301}tude", "a\u{308}\u{301}", "\u{1100}\u{1161}x", "x\u{0327}\u{0301}y", "日本語。", "ﬁ"] {
            assert_eq!(is_nfc_fast(s), is_nfc_quick(s.chars()) == IsNormalized::Yes, "{s:?}");
        }
        // Non-ASCII text past the first 64-byte chunk, and at a chunk's edge.
        for s in [format!("{}e\u{301}", "a".repeat(100)), format!("{}\u{301}", "e".repeat(64)), format!("{}é{}", "a".repeat(63), "b".repeat(70))] {
            assert_eq!(is_nfc_fast(&s), is_nfc_quick(s.chars()) == IsNormalized::Yes, "{s:?}");
        }
    }

    #[test]
    fn composes_and_repairs_mojibake() {
        assert_eq!(text("cafe\u{301} ok".into()), "café ok");
        assert_eq!(text("rankings\u{e2}\u{20ac}\u{201d}it\u{e2}\u{20ac}\u{2122}s".into()), "rankings—it’s");
        assert_eq!(text("naïve café".into()), "naïve café");
    }

    #[test]
    fn labels_lose_typesetting_hints() {
        assert_eq!(label("Home Repair Assis\u{ad}tance Pro\u{2060}gram\u{feff}".into()), "Home Repair Assistance Program");
        assert_eq!(text("Assis\u{ad}tance".into()), "Assis\u{ad}tance");
    }
}
