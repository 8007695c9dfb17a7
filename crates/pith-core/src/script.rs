//! What the stages need to know of writing systems: which characters weigh as a word (CJK),
//! which scripts put no spaces between words, and which marks end a sentence.

/// Han, kana and Hangul: a character is about a word.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF)
}

/// Thai, Lao, Myanmar and Khmer: written without spaces between words. A space parts phrases
/// and sentences there, as punctuation does in other scripts (Thai prose has no full stop).
pub fn is_spaceless(c: char) -> bool {
    matches!(c as u32, 0x0E00..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF)
}

/// Sentence and clause punctuation: Latin, CJK (full-width), Devanagari's danda, Arabic and
/// Urdu, Armenian, Ethiopic, Myanmar, Khmer.
pub fn is_punct(c: char) -> bool {
    matches!(
        c,
        '.' | ',' | ';' | ':' | '!' | '?' | '。' | '，' | '、' | '！' | '？' | '；' | '：' | '…' | '．' | '।' | '॥' | '،' | '؛' | '؟' | '۔'
            | '։' | '።' | '፣' | '၊' | '။' | '។'
    )
}

/// Marks that end a sentence, in the scripts of [`is_punct`].
pub const SENTENCE_ENDS: [char; 14] = ['.', '!', '?', '。', '！', '？', '।', '॥', '؟', '۔', '։', '።', '။', '។'];

/// Whether `text` holds a sentence's end: one of [`SENTENCE_ENDS`], or in a script without
/// spaces between words a space between two of its characters ("ประชาชนควรเตรียม รับมือ").
pub fn holds_sentence_end(text: &str) -> bool {
    text.contains(SENTENCE_ENDS)
        || text.char_indices().any(|(at, c)| c == ' ' && text[..at].chars().next_back().is_some_and(is_spaceless) && text[at + 1..].starts_with(is_spaceless))
}
