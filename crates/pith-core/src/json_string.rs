//! The long strings of an output (text, Markdown, comments) written as JSON string literals.
//! serde_json escapes a string a byte at a time, with a table lookup and a branch per byte
//! (2.4% of an extraction's instructions); here the next byte to escape (a newline, mostly) is
//! found eight bytes at a time, and the runs between are copied whole.

use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

/// A string serialized as [`literal`] writes it: the same JSON serde_json writes, faster.
#[derive(Clone, Copy)]
pub struct JsonText<'a>(pub &'a str);

impl Serialize for JsonText<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // SAFETY: `literal` returns one JSON string literal, with no whitespace around it.
        unsafe { RawValue::from_string_unchecked(literal(self.0)) }.serialize(serializer)
    }
}

/// For `#[serde(serialize_with)]` on a `String` field.
pub fn string<S: Serializer>(s: &str, serializer: S) -> Result<S::Ok, S::Error> {
    JsonText(s).serialize(serializer)
}

/// For `#[serde(serialize_with)]` on an `Option<String>` field.
pub fn optional<S: Serializer>(s: &Option<String>, serializer: S) -> Result<S::Ok, S::Error> {
    s.as_deref().map(JsonText).serialize(serializer)
}

/// `s` as a JSON string literal, byte for byte as serde_json writes it: `"` and `\` escaped
/// with a backslash, `\b \t \n \f \r` by name, other control characters as `\u00xx`.
pub fn literal(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 8 + 8);
    out.push(b'"');
    let mut from = 0;
    loop {
        let at = next_escape(bytes, from);
        out.extend_from_slice(&bytes[from..at]);
        let Some(&b) = bytes.get(at) else { break };
        push_escape(&mut out, b);
        from = at + 1;
    }
    out.push(b'"');
    // SAFETY: `out` is `s`, a `str`, with some ASCII bytes replaced by ASCII, and quoted.
    unsafe { String::from_utf8_unchecked(out) }
}

/// The position of the first byte at or after `from` that needs escaping, or the end: eight
/// bytes at a time, each tested for a zero difference by the carry of a subtraction (the lowest
/// hit is exact; a borrow can only mark the bytes above it).
fn next_escape(bytes: &[u8], from: usize) -> usize {
    const ONES: u64 = u64::MAX / 255;
    let zero_bytes = |x: u64| x.wrapping_sub(ONES) & !x;
    let mut i = from;
    while let Some(word) = bytes.get(i..i + 8) {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let control = x.wrapping_sub(ONES * 0x20) & !x;
        let hits = (control | zero_bytes(x ^ (ONES * u64::from(b'"'))) | zero_bytes(x ^ (ONES * u64::from(b'\\')))) & (ONES << 7);
        if hits != 0 {
            return i + hits.trailing_zeros() as usize / 8;
        }
        i += 8;
    }
    i + bytes[i..].iter().take_while(|&&b| !needs_escape(b)).count()
}

fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

fn push_escape(out: &mut Vec<u8>, b: u8) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    match b {
        b'"' => out.extend_from_slice(b"\\\""),
        b'\\' => out.extend_from_slice(b"\\\\"),
        0x08 => out.extend_from_slice(b"\\b"),
        b'\t' => out.extend_from_slice(b"\\t"),
        b'\n' => out.extend_from_slice(b"\\n"),
        0x0c => out.extend_from_slice(b"\\f"),
        b'\r' => out.extend_from_slice(b"\\r"),
        _ => out.extend_from_slice(&[b'\\', b'u', b'0', b'0', HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xf)]]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_what_serde_json_writes() {
        let every_ascii: String = (0u8..=0x7f).map(char::from).collect();
        let cases = [
            String::new(),
            "plain".to_string(),
            "a \"quoted\" \\ path\nline two\r\n\ttab".to_string(),
            every_ascii.clone(),
            every_ascii.repeat(3) + "é 中文 🙂 \u{7f}\u{1f}",
            "x".repeat(16) + "\n" + &"y".repeat(31) + "\"",
        ];
        for s in cases {
            let expected = serde_json::to_string(&s).unwrap();
            assert_eq!(literal(&s), expected, "{s:?}");
            assert_eq!(serde_json::to_string(&JsonText(&s)).unwrap(), serde_json::to_string(&s).unwrap());
        }
    }

    #[test]
    fn finds_every_escape_wherever_it_sits_in_a_word() {
        // Multi-byte characters around the escape: their bytes are above 0x7f, where a careless
        // word test would see a control character or lose the carry.
        for b in (0u8..=0x7f).filter(|&b| needs_escape(b)) {
            for at in 0..17 {
                let s = format!("{}{}{}", "é€".repeat(at / 2) + &"x".repeat(at % 2), char::from(b), "🙂".repeat(5));
                assert_eq!(literal(&s), serde_json::to_string(&s).unwrap(), "{s:?}");
            }
        }
    }

    #[test]
    fn a_missing_optional_string_is_null() {
        #[derive(Serialize)]
        struct Holder {
            #[serde(serialize_with = "optional")]
            markdown: Option<String>,
        }
        assert_eq!(serde_json::to_string(&Holder { markdown: None }).unwrap(), r#"{"markdown":null}"#);
        assert_eq!(serde_json::to_string(&Holder { markdown: Some("#\n".into()) }).unwrap(), r##"{"markdown":"#\n"}"##);
    }
}
