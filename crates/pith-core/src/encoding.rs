//! Stage 1: bytes to UTF-8, deciding the encoding the way a browser does
//! (BOM, then HTTP charset, then a `<meta>` prescan, then statistical detection),
//! and repairing UTF-8 that was once read as windows-1252 (`cafÃ©` -> `café`).

use crate::normalize::first_non_ascii;
use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};
use std::borrow::Cow;

/// How many leading bytes the `<meta>` prescan reads. Browsers use 1024; pages with
/// long `<head>` preambles put the charset later, so read a little more.
const PRESCAN_BYTES: usize = 4096;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Bom,
    Http,
    Meta,
    Detected,
    Default,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Bom => "bom",
            Source::Http => "http",
            Source::Meta => "meta",
            Source::Detected => "detected",
            Source::Default => "default",
        }
    }
}

pub struct Decoded<'a> {
    pub text: Cow<'a, str>,
    pub encoding: &'static Encoding,
    pub source: Source,
    pub repaired: bool,
}

/// Decodes `bytes` to UTF-8. `content_type` is the HTTP header, `url` helps the detector
/// (a `.jp` host makes Shift_JIS likelier).
pub fn decode<'a>(bytes: &'a [u8], content_type: Option<&str>, url: Option<&str>) -> Decoded<'a> {
    let (encoding, source, body, valid_utf8) = decide(bytes, content_type, url);
    let text = match valid_utf8 {
        Some(valid) if encoding == UTF_8 => Cow::Borrowed(valid),
        // from_utf8_lossy only for invalid input: it walks valid input slowly.
        _ if encoding == UTF_8 => String::from_utf8_lossy(body),
        _ => encoding.decode_without_bom_handling(body).0,
    };
    match repair_mojibake(&text) {
        Some(fixed) => Decoded { text: Cow::Owned(fixed), encoding, source, repaired: true },
        None => Decoded { text, encoding, source, repaired: false },
    }
}

/// Picks the encoding and returns the bytes to decode (without a BOM), and the bytes as text
/// when they were found to be valid UTF-8 on the way (so they are validated once).
fn decide<'a>(bytes: &'a [u8], content_type: Option<&str>, url: Option<&str>) -> (&'static Encoding, Source, &'a [u8], Option<&'a str>) {
    if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        let body = &bytes[bom_len..];
        return (enc, Source::Bom, body, simdutf8::basic::from_utf8(body).ok().filter(|_| enc == UTF_8));
    }
    let declared = content_type
        .and_then(charset_of_content_type)
        .map(|e| (e, Source::Http))
        .or_else(|| prescan_meta(&bytes[..bytes.len().min(PRESCAN_BYTES)]).map(|e| (e, Source::Meta)));
    // (simdutf8: the whole page is validated here, and std's validation walks it a word at a time.)
    if let Ok(valid) = simdutf8::basic::from_utf8(bytes) {
        // Valid UTF-8 with non-ASCII in it is almost never legacy text, whatever the page
        // declares; pure ASCII decodes the same under any declared ASCII-compatible encoding.
        return match declared {
            Some((enc, source)) if enc == UTF_8 || bytes.is_ascii() => (enc, source, bytes, Some(valid)),
            Some(_) => (UTF_8, Source::Detected, bytes, Some(valid)),
            None => (UTF_8, Source::Default, bytes, Some(valid)),
        };
    }
    // (A declared UTF-8 was just found invalid: only a legacy declaration can still hold.)
    if let Some((enc, source)) = declared.filter(|&(enc, _)| enc != UTF_8) {
        if decodes_cleanly(enc, bytes) {
            return (enc, source, bytes, None);
        }
    }
    let tld = url.and_then(top_level_domain);
    (detect(bytes, tld.as_deref()), Source::Detected, bytes, None)
}

/// Non-ASCII bytes after which the detector has read enough of a page: it weighs every byte
/// (three times the cost of the rest of the extraction on a long legacy page), and a page keeps
/// to one encoding. On 380 pages of man-page prose in 18 languages and 14 legacy encodings,
/// stopping after 512 already gave the whole page's guess on every one.
const DETECTION_NON_ASCII: usize = 2048;
/// The detector reads the page in chunks of this size until it has seen enough.
const DETECTION_CHUNK: usize = 16 * 1024;

/// chardetng's guess from the start of the page: up to the chunk where it has seen
/// [`DETECTION_NON_ASCII`] bytes beyond ASCII, else the whole page.
fn detect(bytes: &[u8], tld: Option<&str>) -> &'static Encoding {
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    let mut non_ascii = 0;
    let mut chunks = bytes.chunks(DETECTION_CHUNK).peekable();
    while let Some(chunk) = chunks.next() {
        detector.feed(chunk, chunks.peek().is_none());
        non_ascii += chunk.iter().filter(|b| !b.is_ascii()).count();
        if non_ascii >= DETECTION_NON_ASCII {
            break;
        }
    }
    detector.guess(tld.map(str::as_bytes), chardetng::Utf8Detection::Allow)
}

/// Whether `bytes` decode without errors in the legacy encoding `enc`.
fn decodes_cleanly(enc: &'static Encoding, bytes: &[u8]) -> bool {
    // Single-byte legacy encodings map every byte; only multi-byte ones can fail.
    let mut decoder = enc.new_decoder_without_bom_handling();
    let mut sink = vec![0u8; 16 * 1024];
    let mut input = bytes;
    loop {
        let (result, read, _) = decoder.decode_to_utf8_without_replacement(input, &mut sink, true);
        match result {
            encoding_rs::DecoderResult::InputEmpty => return true,
            encoding_rs::DecoderResult::Malformed(_, _) => return false,
            encoding_rs::DecoderResult::OutputFull => input = &input[read..],
        }
    }
}

/// Maps a label to the encoding a browser would use for it in an HTML document.
fn html_encoding_for_label(label: &[u8]) -> Option<&'static Encoding> {
    let enc = Encoding::for_label(label.trim_ascii())?;
    // A document declaring UTF-16 in ASCII bytes is not UTF-16; x-user-defined is windows-1252.
    Some(if enc == encoding_rs::UTF_16LE || enc == encoding_rs::UTF_16BE {
        UTF_8
    } else if enc == encoding_rs::X_USER_DEFINED {
        WINDOWS_1252
    } else {
        enc
    })
}

fn charset_of_content_type(content_type: &str) -> Option<&'static Encoding> {
    charset_param(content_type.as_bytes()).and_then(html_encoding_for_label)
}

/// Finds `charset=` in a `Content-Type`-like value and returns its label.
fn charset_param(value: &[u8]) -> Option<&[u8]> {
    let lower = value.to_ascii_lowercase();
    let at = find(&lower, b"charset")? + b"charset".len();
    let rest = &value[at..];
    let rest = rest.trim_ascii_start().strip_prefix(b"=")?.trim_ascii_start();
    let rest = rest.strip_prefix(b"\"").or_else(|| rest.strip_prefix(b"'")).unwrap_or(rest);
    let end = rest.iter().position(|&b| matches!(b, b'"' | b'\'' | b';' | b' ' | b'\t' | b'\n' | b'\r')).unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// A simplified WHATWG prescan: `<meta charset=...>` or
/// `<meta http-equiv="content-type" content="...; charset=...">` in the first bytes.
fn prescan_meta(head: &[u8]) -> Option<&'static Encoding> {
    let lower = head.to_ascii_lowercase();
    let mut from = 0;
    while let Some(pos) = find(&lower[from..], b"<meta") {
        let start = from + pos + 5;
        let end = lower[start..].iter().position(|&b| b == b'>').map_or(lower.len(), |p| start + p);
        let tag = &lower[start..end];
        if let Some(at) = find(tag, b"charset") {
            let before = tag[..at].last().copied().unwrap_or(b' ');
            if before.is_ascii_whitespace() || before == b'/' || before == b';' || before == b'=' || before == b'"' || before == b'\'' {
                if let Some(label) = charset_param(&tag[at..]) {
                    if let Some(enc) = html_encoding_for_label(label) {
                        return Some(enc);
                    }
                }
            }
        }
        from = end;
    }
    None
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(haystack, needle)
}

fn top_level_domain(url: &str) -> Option<String> {
    let host = crate::url::host(url);
    let tld = host.rsplit('.').next()?;
    (!tld.is_empty() && tld.bytes().all(|b| b.is_ascii_alphabetic())).then(|| tld.to_string())
}

/// The windows-1252 byte a character stands for, when it is one a UTF-8 high byte becomes
/// when misread as windows-1252 (or latin-1).
fn cp1252_byte(c: char) -> Option<u8> {
    let cp = c as u32;
    if (0x80..=0xFF).contains(&cp) {
        return Some(cp as u8);
    }
    let byte = match c {
        '€' => 0x80, '‚' => 0x82, 'ƒ' => 0x83, '„' => 0x84, '…' => 0x85, '†' => 0x86, '‡' => 0x87,
        'ˆ' => 0x88, '‰' => 0x89, 'Š' => 0x8A, '‹' => 0x8B, 'Œ' => 0x8C, 'Ž' => 0x8E, '‘' => 0x91,
        '’' => 0x92, '“' => 0x93, '”' => 0x94, '•' => 0x95, '–' => 0x96, '—' => 0x97, '˜' => 0x98,
        '™' => 0x99, 'š' => 0x9A, '›' => 0x9B, 'œ' => 0x9C, 'ž' => 0x9E, 'Ÿ' => 0x9F,
        _ => return None,
    };
    Some(byte)
}

/// A quick byte scan for the start of a mojibake run: a misread lead byte ('Â'..'ô', all
/// encoded as 0xC3 0x82..=0xB4) followed by a misread continuation byte (U+0080..U+00BF,
/// encoded 0xC2 0x80..=0xBF, or one of windows-1252's punctuation characters, encoded
/// with lead bytes 0xC5, 0xC6, 0xCB or 0xE2). Real accented text ("é" before a letter)
/// fails it at once, so the full repair pass runs only where it can find something.
fn has_mojibake_pair(bytes: &[u8]) -> bool {
    memchr::memchr_iter(0xC3, bytes).any(|i| match bytes.get(i + 1..i + 3) {
        Some(&[second, next]) => (0x82..=0xB4).contains(&second) && matches!(next, 0xC2 | 0xC5 | 0xC6 | 0xCB | 0xE2),
        _ => false,
    })
}

/// Repairs runs of characters that are UTF-8 bytes misread as windows-1252. A run is only
/// replaced when its bytes form valid multi-byte UTF-8, so genuine Latin-1 text ("café")
/// is left alone. Returns `None` when nothing changed.
pub fn repair_mojibake(text: &str) -> Option<String> {
    if !has_mojibake_pair(text.as_bytes()) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    let mut run = Vec::new();
    let mut run_start = 0;
    let flush = |out: &mut String, run: &mut Vec<u8>, raw: &str, changed: &mut bool| {
        if run.len() >= 2 && run.iter().any(|&b| b >= 0xC2) {
            if let Ok(fixed) = std::str::from_utf8(run) {
                out.push_str(fixed);
                *changed = true;
                run.clear();
                return;
            }
        }
        out.push_str(raw);
        run.clear();
    };
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // An ASCII character ends a run; ASCII text is copied whole, up to the next character
        // that is not (the full pass runs over whole documents).
        let ascii = first_non_ascii(&bytes[i..]).unwrap_or(bytes.len() - i);
        if ascii > 0 {
            if !run.is_empty() {
                flush(&mut out, &mut run, &text[run_start..i], &mut changed);
            }
            out.push_str(&text[i..i + ascii]);
            i += ascii;
            continue;
        }
        let c = text[i..].chars().next().expect("a character starts at i");
        match cp1252_byte(c) {
            Some(b) => {
                if run.is_empty() {
                    run_start = i;
                }
                run.push(b);
            }
            None => {
                if !run.is_empty() {
                    flush(&mut out, &mut run, &text[run_start..i], &mut changed);
                }
                out.push(c);
            }
        }
        i += c.len_utf8();
    }
    if !run.is_empty() {
        flush(&mut out, &mut run, &text[run_start..], &mut changed);
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repairs_utf8_read_as_cp1252() {
        assert_eq!(repair_mojibake("cafÃ© â€“ naÃ¯ve").as_deref(), Some("café – naïve"));
        assert_eq!(repair_mojibake("It doesnâ€™t"), Some("It doesn’t".to_string()));
    }

    #[test]
    fn leaves_real_latin1_text_alone() {
        assert_eq!(repair_mojibake("café, naïve, Ä Ö Ü ß"), None);
        assert_eq!(repair_mojibake("plain ascii"), None);
    }

    #[test]
    fn bom_wins() {
        let d = decode(b"\xEF\xBB\xBFhi", Some("text/html; charset=iso-8859-1"), None);
        assert_eq!((d.encoding, d.source, &*d.text), (UTF_8, Source::Bom, "hi"));
    }

    #[test]
    fn http_charset_then_meta() {
        let d = decode(b"<p>caf\xE9", Some("text/html; charset=\"ISO-8859-1\""), None);
        assert_eq!((d.encoding, d.source, &*d.text), (WINDOWS_1252, Source::Http, "<p>café"));
        let d = decode(b"<meta charset=shift_jis><p>\x93\xFA\x96\x7B", None, None);
        assert_eq!((d.encoding.name(), d.source, &*d.text), ("Shift_JIS", Source::Meta, "<meta charset=shift_jis><p>日本"));
        let d = decode(
            b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1251\">\xcf\xf0\xe8",
            None,
            None,
        );
        assert_eq!((d.encoding.name(), d.source), ("windows-1251", Source::Meta));
    }

    #[test]
    fn detects_undeclared_legacy_text() {
        let d = decode("<p>Il était une fois un garçon très âgé qui préférait le café.</p>".as_bytes(), None, None);
        assert_eq!((d.encoding, d.source), (UTF_8, Source::Default));
        let (bytes, _, _) = WINDOWS_1252.encode("<p>Il était une fois un garçon très âgé qui préférait le café.</p>");
        let d = decode(&bytes, None, None);
        assert_eq!(d.encoding, WINDOWS_1252);
        assert_eq!(d.source, Source::Detected);
        assert!(d.text.contains("garçon"));
    }

    #[test]
    fn wrong_declaration_falls_back_to_detection() {
        let d = decode("<p>naïve café</p>".as_bytes(), Some("text/html; charset=shift_jis"), None);
        assert_eq!((d.encoding, d.source, &*d.text), (UTF_8, Source::Detected, "<p>naïve café</p>"));
    }

    #[test]
    fn detection_reads_on_until_it_has_seen_enough_text_beyond_ascii() {
        let russian = "<p>Жил-был в одном городе старый мастер, который чинил часы и рассказывал истории детям.</p>";
        // Text beyond ASCII only after 100 KB of markup: read on until there.
        let late = format!("<style>{}</style>{}", ".a{color:red}".repeat(8000), russian);
        // Far more text than the detector needs: it stops early, and the whole page decodes.
        let long = russian.repeat(2000);
        for page in [late, long] {
            let bytes = encoding_rs::WINDOWS_1251.encode(&page).0;
            let d = decode(&bytes, None, None);
            assert_eq!((d.encoding, d.source), (encoding_rs::WINDOWS_1251, Source::Detected));
            assert_eq!(d.text, page);
        }
    }

    #[test]
    fn invalid_bytes_under_a_utf8_declaration_fall_back_to_detection() {
        let d = decode(b"<p>Le na\xefve caf\xe9 de la gare, pr\xe8s du th\xe9\xe2tre.</p>", Some("text/html; charset=utf-8"), None);
        assert_eq!((d.encoding, d.source, &*d.text), (encoding_rs::WINDOWS_1252, Source::Detected, "<p>Le naïve café de la gare, près du théâtre.</p>"));
    }
}
