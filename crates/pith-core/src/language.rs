//! The language of the extracted text: detected with whatlang and reconciled with the
//! page's own `<html lang>`, as a BCP 47 primary tag ("en", "ja") plus a confidence.

/// How much text the detector reads: its trigram model is sure well before this, and the cost
/// grows with every character.
const SAMPLE_CHARS: usize = 800;

/// ISO 639-3 (whatlang) to ISO 639-1 where one exists.
fn iso639_1(code3: &str) -> &str {
    match code3 {
        "epo" => "eo", "eng" => "en", "rus" => "ru", "cmn" => "zh", "spa" => "es", "por" => "pt", "ita" => "it",
        "ben" => "bn", "fra" => "fr", "deu" => "de", "ukr" => "uk", "kat" => "ka", "ara" => "ar", "hin" => "hi",
        "jpn" => "ja", "heb" => "he", "yid" => "yi", "pol" => "pl", "amh" => "am", "jav" => "jv", "kor" => "ko",
        "nob" => "nb", "dan" => "da", "swe" => "sv", "fin" => "fi", "tur" => "tr", "nld" => "nl", "hun" => "hu",
        "ces" => "cs", "ell" => "el", "bul" => "bg", "bel" => "be", "mar" => "mr", "kan" => "kn", "ron" => "ro",
        "slv" => "sl", "hrv" => "hr", "srp" => "sr", "mkd" => "mk", "lit" => "lt", "lav" => "lv", "est" => "et",
        "tam" => "ta", "vie" => "vi", "urd" => "ur", "tha" => "th", "guj" => "gu", "uzb" => "uz", "pan" => "pa",
        "aze" => "az", "ind" => "id", "tel" => "te", "pes" => "fa", "mal" => "ml", "ori" => "or", "mya" => "my",
        "nep" => "ne", "sin" => "si", "khm" => "km", "tuk" => "tk", "aka" => "ak", "zul" => "zu", "sna" => "sn",
        "afr" => "af", "lat" => "la", "slk" => "sk", "cat" => "ca", "tgl" => "tl", "hye" => "hy", "cym" => "cy",
        other => other,
    }
}

/// Languages whatlang confuses with each other; a page declaring one of a pair is believed.
fn close_relatives(a: &str, b: &str) -> bool {
    const GROUPS: &[&[&str]] = &[&["nb", "no", "nn", "da", "sv"], &["hr", "sr", "bs", "sl"], &["id", "ms", "tl"], &["es", "gl", "ca", "pt"], &["cs", "sk"], &["ru", "uk", "be", "bg"]];
    GROUPS.iter().any(|g| g.contains(&a) && g.contains(&b))
}

/// Returns the language and a confidence from 0 to 1.
pub fn detect(text: &str, html_lang: Option<&str>) -> (Option<String>, Option<f32>) {
    let declared = html_lang
        .and_then(|l| l.split(['-', '_']).next())
        .map(|l| l.trim().to_ascii_lowercase())
        .filter(|l| (2..=3).contains(&l.len()) && l.bytes().all(|b| b.is_ascii_alphabetic()));
    let sample = match text.char_indices().nth(SAMPLE_CHARS) {
        Some((at, _)) => &text[..at],
        None => text,
    };
    let detected = whatlang::detect(sample).map(|info| (iso639_1(info.lang().code()).to_string(), info.confidence() as f32, info.is_reliable()));
    match (detected, declared) {
        (Some((lang, conf, _)), Some(decl)) if lang == decl => (Some(lang), Some(conf.max(0.9))),
        (Some((lang, _, _)), Some(decl)) if close_relatives(&lang, &decl) => (Some(decl), Some(0.8)),
        (Some((lang, conf, true)), _) => (Some(lang), Some(conf)),
        (Some(_), Some(decl)) | (None, Some(decl)) => (Some(decl), Some(0.5)),
        (Some((lang, conf, false)), None) => (Some(lang), Some(conf)),
        (None, None) => (None, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_and_reconciles() {
        let en = "The quick brown fox jumps over the lazy dog, and then it runs far away into the forest.";
        assert_eq!(detect(en, None).0.as_deref(), Some("en"));
        assert_eq!(detect(en, Some("en-US")).0.as_deref(), Some("en"));
        assert_eq!(detect("これは日本語の文章です。今日はとても良い天気ですね。", None).0.as_deref(), Some("ja"));
        assert_eq!(detect("", Some("fr")).0.as_deref(), Some("fr"));
        assert_eq!(detect("", None), (None, None));
    }
}
