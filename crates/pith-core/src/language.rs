//! The language of the extracted text: detected with whatlang and reconciled with the
//! page's own `<html lang>`, as a BCP 47 primary tag ("en", "ja") plus a confidence.

use std::borrow::Cow;
use std::sync::OnceLock;

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

/// A declared tag in the form the detector's answers take: ISO 639-1 where one exists, the
/// current code for withdrawn ones (`in` for Indonesian, `iw` for Hebrew), and the language of the
/// country codes pages often declare instead (`jp`, `cn`, `gr`; `se` and `br` are Sami and Breton
/// far less often than Sweden and Brazil).
fn canonical(declared: &str) -> &str {
    match declared {
        "in" => "id",
        "iw" => "he",
        "ji" => "yi",
        "jw" => "jv",
        "jp" => "ja",
        "cn" => "zh",
        "gr" => "el",
        "ua" => "uk",
        "dk" => "da",
        "cz" => "cs",
        "kr" => "ko",
        "vn" => "vi",
        "se" => "sv",
        "br" => "pt",
        other => iso639_1(other),
    }
}

/// Whether the detector can answer `code` at all. It cannot confirm or refute a page declaring a
/// language it does not know (Aragonese, Basque, Irish): it would name a neighbour with full
/// confidence, so the page is believed.
fn detectable(code: &str) -> bool {
    whatlang::Lang::all().iter().any(|l| iso639_1(l.code()) == code)
}

/// Languages whatlang confuses with each other; a page declaring one of a pair is believed.
fn close_relatives(a: &str, b: &str) -> bool {
    const GROUPS: &[&[&str]] = &[&["nb", "no", "nn", "da", "sv"], &["hr", "sr", "bs", "sl"], &["id", "ms", "tl"], &["es", "gl", "ca", "pt"], &["cs", "sk"], &["ru", "uk", "be", "bg"]];
    GROUPS.iter().any(|g| g.contains(&a) && g.contains(&b))
}

/// The commonest words of Latin-script languages, by the tags that write them: the grammar
/// any prose in the language holds and lists of names do not. Their case is ignored.
const GRAMMAR_WORDS: [(&[&str], &[&str]); 19] = [
    (&["de"], &["der", "die", "das", "und", "ist", "nicht", "mit", "ein", "eine", "zu", "den", "von", "sich", "auf", "für"]),
    (&["fr"], &["le", "la", "les", "et", "est", "des", "une", "un", "pour", "dans", "du", "que", "qui", "pas", "au"]),
    (&["es"], &["el", "la", "los", "las", "y", "que", "del", "una", "para", "con", "por", "es", "en", "se", "un"]),
    (&["it"], &["il", "di", "che", "la", "per", "non", "una", "un", "della", "sono", "con", "gli", "le", "è", "del"]),
    (&["pt"], &["o", "os", "que", "não", "uma", "um", "para", "com", "do", "da", "em", "é", "se", "as", "no"]),
    (&["nl"], &["de", "het", "een", "en", "van", "dat", "niet", "is", "op", "te", "zijn", "voor", "met", "die", "ook"]),
    (&["la"], &["et", "in", "est", "non", "ad", "cum", "quod", "qui", "quae", "sed", "ut", "de", "ex", "per", "sunt"]),
    (&["eo"], &["la", "kaj", "de", "en", "estas", "al", "por", "ne", "mi", "ke", "kun", "el", "ĉi", "sed", "li"]),
    (&["tl"], &["ang", "ng", "sa", "na", "at", "mga", "ay", "para", "hindi", "ito", "si", "ko", "mo", "ka", "niya"]),
    (&["id", "ms"], &["yang", "dan", "di", "ini", "itu", "dengan", "untuk", "dari", "tidak", "ke", "akan", "ada", "pada", "juga", "saya"]),
    (&["tr"], &["ve", "bir", "bu", "da", "de", "için", "ile", "çok", "ne", "gibi", "daha", "olarak", "var", "ama", "en"]),
    (&["pl"], &["i", "w", "nie", "na", "się", "z", "do", "jest", "że", "to", "jak", "o", "po", "co", "ale"]),
    (&["sv"], &["och", "att", "det", "som", "en", "är", "på", "för", "med", "har", "inte", "av", "till", "den", "jag"]),
    (&["da"], &["og", "at", "det", "er", "en", "til", "på", "som", "med", "for", "af", "ikke", "der", "har", "den"]),
    (&["nb", "no", "nn"], &["og", "i", "det", "er", "som", "på", "en", "til", "med", "for", "av", "ikke", "har", "den", "de"]),
    (&["cs"], &["a", "je", "se", "na", "v", "že", "to", "s", "z", "do", "pro", "jsou", "jako", "ale", "by"]),
    // Romanian's s and t with a comma below, and the cedilla forms older text writes them with.
    (&["ro"], &["și", "şi", "de", "în", "la", "cu", "că", "pe", "nu", "o", "un", "să", "din", "este", "pentru", "mai"]),
    (&["hu"], &["a", "az", "és", "hogy", "nem", "is", "egy", "meg", "van", "de", "csak", "már", "el", "ez", "mint"]),
    (&["vi"], &["của", "và", "các", "có", "là", "trong", "được", "cho", "không", "những", "với", "một", "này", "người", "đã"]),
];

/// The lists of [`GRAMMAR_WORDS`] that hold `word` (lower case), as bits (bit i: list i): one
/// binary search in an index of every listed word, not a scan of each list.
fn grammar_lists(word: &str) -> u32 {
    static INDEX: OnceLock<Vec<(&str, u32)>> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index: Vec<(&str, u32)> =
            GRAMMAR_WORDS.iter().enumerate().flat_map(|(i, (_, words))| words.iter().map(move |w| (*w, 1 << i))).collect();
        index.sort_unstable();
        index.dedup_by(|later, kept| later.0 == kept.0 && {
            kept.1 |= later.1;
            true
        });
        index
    });
    index.binary_search_by(|(listed, _)| listed.cmp(&word)).map_or(0, |at| index[at].1)
}

/// The words of `sample`, lower-cased.
fn lower_words(sample: &str) -> impl Iterator<Item = Cow<'_, str>> {
    sample
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(|w| if w.chars().any(char::is_uppercase) { Cow::Owned(w.to_lowercase()) } else { Cow::Borrowed(w) })
}

/// Common English words that are not also common words of Dutch, German, the Romance or the Slavic
/// languages (so no "a", "in", "is", "to", "we", "was", "will", "also"), sorted. They make up much
/// of any English prose and almost none of other languages' text.
const ENGLISH_WORDS: [&str; 39] = [
    "about", "all", "and", "are", "be", "been", "but", "can", "for", "from", "has", "have", "her", "his", "how", "if",
    "it", "its", "more", "not", "of", "one", "or", "our", "she", "that", "the", "their", "there", "these", "they",
    "this", "what", "when", "which", "who", "with", "would", "you",
];

// The detector's trigram pass over every language of the script costs the same whatever the
// text (~0.7 M instructions, most of a short page's extraction). Where the text's commonest
// words are sure, it is not asked: a sample of at least MIN_WORDS words of which
// ENGLISH_MIN_SHARE are ENGLISH_WORDS is English on a page declared English or declaring
// nothing; one of which LISTED_MIN_SHARE are the GRAMMAR_WORDS of one language, twice as many
// as of any other list's, and twice as many that are not English words as English's, is in
// that language, and on a page declaring it the close relatives are no rivals. Otherwise
// (menus, grids of names, lists of English titles) the detector decides.
//
// Checked on 5,718 samples of Debian's man pages in 17 languages, each declared as its own
// language, as English, as none and as each of the others, and 1,149 of English: the answers
// are the detector's in every case but 202, where the text's language replaced a declared one
// the unsure detector let stand (201) or the detector's unsure French (1). The dev pages and
// the 105 HTML records of ../shared/warc come out as before. (Finnish has no list: its few
// short words, "ja" among them, named German tables Finnish.)
//
// Text sure only of a family of close relatives, none of them declared, goes to the detector
// limited to that family: Danish and Norwegian man pages declared English went from 26.5% and
// 32.6% named right to 86.7% and 73.3% (bench/results/language.md), the other cells unchanged.
const MIN_WORDS: usize = 30;
const ENGLISH_MIN_SHARE: f32 = 0.12;
const LISTED_MIN_SHARE: f32 = 0.12;

fn reads_as_english(sample: &str) -> bool {
    let (mut words, mut english) = (0usize, 0usize);
    for word in sample.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty()) {
        words += 1;
        english += is_english_word(word) as usize;
    }
    words >= MIN_WORDS && english as f32 >= ENGLISH_MIN_SHARE * words as f32
}

/// Common English words that are also grammar words of a list (Czech's "a", "to" and "by",
/// Portuguese's "do", "as" and "no", Polish's "i"), left out of [`ENGLISH_WORDS`]: against
/// English they are no evidence ("Performance Tuning by Josh Berkus" is no Czech).
const ENGLISH_IN_LISTS: [&str; 11] = ["a", "as", "at", "by", "do", "i", "in", "is", "no", "on", "to"];

/// How many of a sample's words are English's and each list's of [`GRAMMAR_WORDS`], and of
/// each list's those that are not English words too.
struct GrammarCounts {
    words: usize,
    english: usize,
    lists: [usize; GRAMMAR_WORDS.len()],
    lists_not_english: [usize; GRAMMAR_WORDS.len()],
}

impl GrammarCounts {
    fn of(sample: &str) -> GrammarCounts {
        let mut counts = GrammarCounts { words: 0, english: 0, lists: [0; GRAMMAR_WORDS.len()], lists_not_english: [0; GRAMMAR_WORDS.len()] };
        for word in lower_words(sample) {
            counts.words += 1;
            let english = is_english_word(&word);
            counts.english += english as usize;
            let not_english = !english && !ENGLISH_IN_LISTS.contains(&&*word);
            let mut lists = grammar_lists(&word);
            while lists != 0 {
                let list = lists.trailing_zeros() as usize;
                counts.lists[list] += 1;
                counts.lists_not_english[list] += not_english as usize;
                lists &= lists - 1;
            }
        }
        counts
    }

    /// The listed language the sample is sure to be in (see [`MIN_WORDS`]): `declared`, when
    /// the page declares one with a list, its close relatives then no rivals (the page's word
    /// settles between them); else the one with the most of its words.
    fn sure_language(&self, declared: Option<&str>) -> Option<&'static str> {
        let own = match declared {
            Some(declared) => GRAMMAR_WORDS.iter().position(|(tags, _)| tags.contains(&declared))?,
            None => self.most_listed()?,
        };
        self.sure_of(own, declared.is_some())
    }

    /// The listed language with the most of its words in the sample when the sample is sure to
    /// be in it or a close relative (Danish and Norwegian share most of theirs), else None.
    fn sure_family(&self) -> Option<&'static str> {
        self.sure_of(self.most_listed()?, true)
    }

    fn most_listed(&self) -> Option<usize> {
        (0..self.lists.len()).max_by_key(|&i| self.lists[i])
    }

    /// `own`'s language if the sample is sure of it, its close relatives no rivals when `family`.
    fn sure_of(&self, own: usize, family: bool) -> Option<&'static str> {
        let lang = GRAMMAR_WORDS[own].0[0];
        let rival = (0..self.lists.len())
            .filter(|&i| i != own && !(family && GRAMMAR_WORDS[i].0.iter().any(|t| close_relatives(t, lang))))
            .map(|i| self.lists[i])
            .max()
            .unwrap_or(0);
        let count = self.lists[own];
        let sure = self.words >= MIN_WORDS
            && count as f32 >= LISTED_MIN_SHARE * self.words as f32
            && count >= 2 * rival
            && self.lists_not_english[own] >= 2 * self.english;
        sure.then_some(lang)
    }

    /// Whether the detector's `lang` is one of [`GRAMMAR_WORDS`]' and the sample holds fewer
    /// than three of its words in a hundred: the text gives no evidence of the language, and the
    /// page's declared one stands. (The detector names one for text that is no prose at all: a
    /// grid of product names, "Vanilla Latte", "Espresso Roast", reads as Italian.)
    fn lacks_grammar_words(&self, lang: &str) -> bool {
        GRAMMAR_WORDS.iter().position(|(tags, _)| tags.contains(&lang)).is_some_and(|list| self.lists[list] * 100 < 3 * self.words)
    }
}

/// Whether `word` is one of [`ENGLISH_WORDS`], whatever its case.
fn is_english_word(word: &str) -> bool {
    word.len() <= 5 && word.is_ascii() && ENGLISH_WORDS.binary_search_by(|e| cmp_ignore_ascii_case(e, word)).is_ok()
}

/// `listed` (lower case) against `word`, ignoring the case of `word`.
fn cmp_ignore_ascii_case(listed: &str, word: &str) -> std::cmp::Ordering {
    listed.bytes().cmp(word.bytes().map(|b| b.to_ascii_lowercase()))
}

/// The language an `html lang` value names, as a lower-case ISO 639-1 code where there is one:
/// "de-AT" -> "de".
pub fn declared(html_lang: &str) -> Option<String> {
    let primary = html_lang.trim().split(['-', '_']).next()?.to_ascii_lowercase();
    ((2..=3).contains(&primary.len()) && primary.bytes().all(|b| b.is_ascii_alphabetic())).then(|| canonical(&primary).to_string())
}

/// CJK characters a sample needs, and their least share of its letters, to be in Chinese,
/// Japanese or Korean whatever its Latin words say: a Japanese manual's option names and paths
/// outnumber its characters, and the detector, which picks the script with the most letters, then
/// named it Italian or Dutch (bench/results/language.md).
const CJK_MIN_CHARS: usize = 20;
const CJK_MIN_SHARE: f32 = 0.2;

/// The CJK language `sample`'s script settles: Korean by its Hangul, Japanese by its kana (which
/// Chinese does not write), else Chinese; None when CJK characters are few.
fn cjk_language(sample: &str) -> Option<&'static str> {
    // Every CJK character below starts with one of these bytes in UTF-8: most pages have too few
    // of them, found without decoding a character.
    if sample.bytes().filter(|b| (0xE1..=0xEF).contains(b)).count() < CJK_MIN_CHARS {
        return None;
    }
    let (mut han, mut kana, mut hangul, mut others) = (0usize, 0usize, 0usize, 0usize);
    for c in sample.chars().filter(|c| c.is_alphabetic()) {
        match c {
            '\u{3040}'..='\u{30FF}' | '\u{31F0}'..='\u{31FF}' | '\u{FF66}'..='\u{FF9D}' => kana += 1,
            '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}' => hangul += 1,
            '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}' => han += 1,
            _ => others += 1,
        }
    }
    let cjk = han + kana + hangul;
    if cjk < CJK_MIN_CHARS || (cjk as f32) < CJK_MIN_SHARE * (cjk + others) as f32 {
        return None;
    }
    // (Korean writes some Han, Japanese writes Han beside its kana: the rarer scripts decide.)
    Some(if hangul >= kana && 2 * hangul >= han { "ko" } else if 10 * kana >= cjk { "ja" } else { "zh" })
}

/// Returns the language and a confidence from 0 to 1.
pub fn detect(text: &str, html_lang: Option<&str>) -> (Option<String>, Option<f32>) {
    let declared = html_lang.and_then(declared);
    let sample = match text.char_indices().nth(SAMPLE_CHARS) {
        Some((at, _)) => &text[..at],
        None => text,
    };
    if let Some(lang) = cjk_language(sample) {
        // Japanese text can be Han alone for a while: a page declaring it is believed then.
        return match declared {
            Some(decl) if decl == lang || (decl == "ja" && lang == "zh") => (Some(decl), Some(1.0)),
            _ => (Some(lang.to_string()), Some(1.0)),
        };
    }
    // The text alone is sure here (see MIN_WORDS), and agrees with the page's `lang` if it has one.
    if matches!(declared.as_deref(), None | Some("en")) && reads_as_english(sample) {
        return (Some("en".to_string()), Some(1.0));
    }
    let counts = GrammarCounts::of(sample);
    if let Some(lang) = counts.sure_language(declared.as_deref()) {
        // (The page's own tag for it: "ms" shares Indonesian's words.)
        return (Some(declared.unwrap_or_else(|| lang.to_string())), Some(1.0));
    }
    // Text sure of another language than the page declares overrules it, as the detector's sure
    // answer does (a template's `lang="en"` over Danish), but not a language the detector cannot
    // name, nor a close relative.
    if let Some(decl) = declared.as_deref().filter(|d| detectable(d)) {
        let foreign = |lang: &&str| *lang != decl && !close_relatives(lang, decl);
        if let Some(lang) = counts.sure_language(None).filter(foreign) {
            return (Some(lang.to_string()), Some(1.0));
        }
        // Sure only of a family the page's language is not in (Danish or Norwegian under lang="en"):
        // the detector, unsure between them, would let the declaration stand, so it chooses among them alone.
        if let Some(lang) = counts.sure_family().filter(foreign) {
            if let Some(relative) = detect_among_relatives(sample, lang) {
                return (Some(relative), Some(0.6));
            }
        }
    }
    let detected = whatlang::detect(sample).map(|info| (iso639_1(info.lang().code()).to_string(), info.confidence() as f32, info.is_reliable()));
    match (detected, declared) {
        (Some((lang, conf, _)), Some(decl)) if lang == decl => (Some(lang), Some(conf.max(0.9))),
        (Some((lang, _, _)), Some(decl)) if close_relatives(&lang, &decl) => (Some(decl), Some(0.8)),
        (Some(_), Some(decl)) if !detectable(&decl) => (Some(decl), Some(0.6)),
        (Some((lang, _, _)), Some(decl)) if counts.lacks_grammar_words(&lang) => (Some(decl), Some(0.5)),
        (Some((lang, conf, true)), _) => (Some(lang), Some(conf)),
        (Some(_), Some(decl)) | (None, Some(decl)) => (Some(decl), Some(0.5)),
        (Some((lang, conf, false)), None) => (Some(lang), Some(conf)),
        (None, None) => (None, None),
    }
}

/// The detector's answer for `sample` among `lang` and its close relatives.
fn detect_among_relatives(sample: &str, lang: &str) -> Option<String> {
    let family = whatlang::Lang::all().iter().copied().filter(|l| close_relatives(iso639_1(l.code()), lang)).collect();
    whatlang::Detector::with_allowlist(family).detect_lang(sample).map(|l| iso639_1(l.code()).to_string())
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

    #[test]
    fn cjk_text_among_latin_identifiers_is_named_by_its_script() {
        // A manual: fewer CJK characters than Latin letters, which the detector read as Italian.
        let ja = "O, --format=FORMAT FORMAT としてイメージを生成します。利用可能なフォーマットは以下のとおりです。 \
                  i386-coreboot, i386-multiboot, i386-pc, i386-xen_pvh, i386-pc-pxe, i386-pc-eltorito, i386-efi, \
                  i386-ieee1275, i386-qemu, x86_64-efi, i386-xen, x86_64-xen, mipsel-loongson, powerpc-ieee1275";
        assert_eq!(detect(ja, None), (Some("ja".to_string()), Some(1.0)));
        assert_eq!(detect(ja, Some("en")).0.as_deref(), Some("ja"));
        let zh = "execve() 执行 filename 指出的程序。filename 必须是二进制可执行文件，或者以 \"#! interpreter [arg]\" \
                  行开始的脚本文件。后者的 interpreter 必须是某个可执行文件的有效路径，这个可执行文件自身不能是脚本程序。";
        assert_eq!(detect(zh, None).0.as_deref(), Some("zh"));
        let ko = "이 명령은 --verbose 옵션과 함께 사용하면 system log 파일에 자세한 내용을 기록합니다. 설정 파일은 /etc/app.conf 입니다.";
        assert_eq!(detect(ko, None).0.as_deref(), Some("ko"));
        // A Japanese page's kanji-only passage stays Japanese; a few CJK words in English prose do not make it CJK.
        assert_eq!(detect("東京都千代田区丸の内一丁目", Some("ja")).0.as_deref(), Some("ja"));
        let en = "The shop sells 抹茶 and 煎茶 from small farms, and the owners explain how each tea is grown, picked and \
                  rolled before it reaches the counter, which is why the prices are higher than in a supermarket.";
        assert_eq!(detect(en, None).0.as_deref(), Some("en"));
    }

    #[test]
    fn a_declared_language_the_detector_cannot_name_is_believed() {
        // Aragonese Wikipedia: the detector knows Spanish, not Aragonese, and says Spanish.
        let an = "Escopete ye un municipio d'a provincia de Guadalachara, en a comunidat autonoma de Castiella-La \
                  Mancha, Espanya, comarca de La Alcarria y partiu chudicial de Guadalachara. A suya población ye de \
                  84 habitants, en una superficie de 19,01 km² y una densidat de población de 4,42 hab/km².";
        assert_eq!(detect(an, None).0.as_deref(), Some("es"));
        assert_eq!(detect(an, Some("an")), (Some("an".to_string()), Some(0.6)));
        // A language it knows is still checked against the text, withdrawn codes and 639-3 tags read as current ones.
        assert_eq!(detect(an, Some("de")).0.as_deref(), Some("es"));
        let id = "Kota ini terletak di tepi sungai dan sudah terkenal sejak abad pertengahan karena jembatannya yang tua. \
                  Pada musim panas banyak pengunjung berjalan-jalan di gang sempit kota tua dan duduk di kafe kecil.";
        assert_eq!(detect(id, Some("in")).0.as_deref(), Some("id"));
        assert_eq!(detect(id, Some("ind")).0.as_deref(), Some("id"));
        let ja = "これは日本語の文章です。今日はとても良い天気ですね。明日も晴れるでしょう。";
        assert_eq!(detect(ja, Some("jp")).0.as_deref(), Some("ja"));
    }

    #[test]
    fn a_list_of_names_keeps_the_declared_language() {
        // A coffee shop's grid of products reads as Italian to the detector, but holds none of
        // Italian's grammar words: the page's own "en" stands.
        let grid = "Chocolate Hazelnut Coffee\n$19.99\nQuick Shop\nSize\nVanilla Latte 12-Pack\n$39.99\nQuick Shop\n\
                    Espresso Roast Coffee\n$19.99\nMocha Latte 12-Pack\n$39.99\nEspresso Roast Single-Serve Pods\n\
                    $14.99\nCaramel Macchiato Pods\n$15.99\nVanilla Espresso Bundle\n$29.99\nMocha Cappuccino Pods";
        assert_ne!(whatlang::detect(grid).map(|i| i.lang()), Some(whatlang::Lang::Eng));
        assert_eq!(detect(grid, Some("en")).0.as_deref(), Some("en"));
        // Prose in another language under a template's lang="en" is still read as what it is.
        let de = "Der Stadtrat hat am Dienstagabend mit sechs zu eins Stimmen den Bau einer neuen Brücke über den Fluss \
                  beschlossen. Die Brücke soll die Oststadt mit dem Gewerbegebiet verbinden und den Verkehr senken.";
        assert_eq!(detect(de, Some("en")).0.as_deref(), Some("de"));
    }

    #[test]
    fn text_sure_of_its_language_by_its_grammar_words_skips_the_detector() {
        let de = "Der Stadtrat hat am Dienstagabend mit sechs zu eins Stimmen den Bau einer neuen Brücke über den Fluss \
                  beschlossen. Die Brücke soll die Oststadt mit dem Gewerbegebiet verbinden und den Verkehr in der \
                  Altstadt senken, die seit Jahren unter den Lastwagen leidet, die auf dem Weg zur Autobahn sind.";
        let pt = "A câmara municipal aprovou na terça-feira a construção de uma nova ponte sobre o rio. A ponte vai ligar \
                  o bairro a leste com a zona industrial e reduzir o trânsito no centro histórico, que há anos sofre com \
                  os camiões que seguem para a autoestrada, e os moradores pedem que as obras comecem já.";
        assert_eq!(GrammarCounts::of(de).sure_language(Some("de")), Some("de"));
        assert_eq!(detect(de, Some("de-AT")), (Some("de".to_string()), Some(1.0)));
        assert_eq!(detect(de, None), (Some("de".to_string()), Some(1.0)));
        // Spanish shares "que" and "para": on a page declaring Portuguese its words are no rival.
        assert_eq!(GrammarCounts::of(pt).sure_language(Some("pt")), Some("pt"));
        assert_eq!(GrammarCounts::of(pt).sure_language(None), Some("pt"));
        // Text in another language, or in English, under the page's `lang` is left to the detector.
        assert!(GrammarCounts::of(de).sure_language(Some("nl")).is_none());
        assert!(GrammarCounts::of(pt).sure_language(Some("fr")).is_none());
        let en = "The committee said on Tuesday that it would review the plans for the new bridge, which have been \
                  criticised by residents who live near the river, and they have asked for more time to study them.";
        assert!(GrammarCounts::of(en).sure_language(Some("de")).is_none() && GrammarCounts::of(en).sure_language(None).is_none());
        assert_eq!(detect(de, Some("nl")).0.as_deref(), Some("de"));
        // A list of English titles and names holds Czech's "a", "to" and "by", and English's too.
        let titles = "Tuning Your Server by Greg Smith and Robert Treat\nQuery Profiler in Studio by Devart\n\
                      Performance Tuning by Frank Wiles\nA Guide to Tuning by Christopher Browne\nReplacing Slow \
                      Loops by Joel Burton\nHardware Tuning by Bruce Momjian\nThe effects of fragmentation in a \
                      mixed load database by Dmitry Dvoinikov\nUnderstanding Performance by Craig Kerstiens";
        assert_eq!(GrammarCounts::of(titles).sure_language(None), None);
        // Sure of its language, the text overrules the page's, but not a close relative's.
        assert_eq!(detect(de, Some("en")), (Some("de".to_string()), Some(1.0)));
        let sv = "Kommunfullmäktige beslutade på tisdagen att bygga en ny bro över ån. Bron ska förbinda den östra \
                  stadsdelen med industriområdet och minska trafiken i gamla stan, som har lidit av lastbilarna i många \
                  år, och det är inte första gången som frågan har kommit upp till beslut.";
        assert_eq!(detect(sv, None), (Some("sv".to_string()), Some(1.0)));
        // Danish shares its words, and a close relative's declaration settles between the two, as
        // it does when the detector names the other.
        assert_eq!(detect(sv, Some("da")).0.as_deref(), Some("da"));
        // Danish and Norwegian share their commonest words, so their text is not sure which it is,
        // but it is sure of the two, and a page declaring English does not overrule that. (Which of
        // them is the detector's guess: it takes this Norwegian for Danish.)
        let da = "Byrådet besluttede tirsdag aften at bygge en ny bro over åen. Broen skal forbinde den østlige bydel \
                  med industriområdet og mindske trafikken i den gamle bydel, som i mange år har lidt under \
                  lastbilerne, og det er ikke første gang, at sagen har været oppe til afstemning i byrådet.";
        let nb = "Bystyret vedtok tirsdag kveld å bygge en ny bro over elva. Broen skal knytte den østlige bydelen til \
                  industriområdet og redusere trafikken i gamlebyen, som i mange år har lidd under lastebilene, og det \
                  er ikke første gang at saken har vært oppe til avstemning i bystyret.";
        for (lang, text) in [("da", da), ("nb", nb)] {
            assert_eq!(GrammarCounts::of(text).sure_language(None), None, "{lang}");
            assert!(matches!(detect(text, Some("en")).0.as_deref(), Some("da" | "nb")), "{lang}");
            assert_eq!(detect(text, Some(lang)).0.as_deref(), Some(lang));
        }
        // A language without a word list, and too few words, go to the detector too.
        assert!(GrammarCounts::of(de).sure_language(Some("fi")).is_none());
        assert!(GrammarCounts::of("Der Bau der Brücke und die Straße").sure_language(Some("de")).is_none());
    }

    #[test]
    fn the_grammar_index_finds_each_word_in_each_of_its_lists() {
        for (i, (_, words)) in GRAMMAR_WORDS.iter().enumerate() {
            assert!(words.iter().all(|w| grammar_lists(w) & 1 << i != 0 && w.chars().all(|c| !c.is_uppercase())));
        }
        // "de" is Dutch, Latin, Esperanto, Turkish, Norwegian, Romanian and Hungarian.
        assert_eq!(grammar_lists("de").count_ones(), 7);
        assert_eq!(grammar_lists("bridge"), 0);
    }

    #[test]
    fn english_words_are_sorted_lower_case() {
        assert!(ENGLISH_WORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(ENGLISH_WORDS.iter().all(|w| w.len() <= 5 && w.bytes().all(|b| b.is_ascii_lowercase())));
    }

    #[test]
    fn text_in_another_language_goes_to_the_detector_declared_english_or_not() {
        let en = "The committee said on Tuesday that it would review the plans for the new bridge, which have been \
                  criticised by residents who live near the river. Their main concern is the traffic that the bridge \
                  could bring, and they have asked for more time to study the proposals.";
        assert!(reads_as_english(en));
        assert_eq!(detect(en, Some("en")), (Some("en".to_string()), Some(1.0)));
        assert_eq!(detect(en, None), (Some("en".to_string()), Some(1.0)));
        let others = [
            ("de", "Die Stadt liegt am Ufer des Flusses und ist seit dem Mittelalter für ihre alte Brücke bekannt. Im \
                    Sommer kommen viele Besucher, die durch die engen Gassen der Altstadt spazieren und in den kleinen \
                    Cafés am Marktplatz sitzen. Also wird die Brücke bald erneuert, wie der Rat beschlossen hat."),
            ("fr", "La ville se trouve au bord du fleuve et elle est connue depuis le Moyen Âge pour son vieux pont. En \
                    été, de nombreux visiteurs se promènent dans les ruelles étroites de la vieille ville et s'assoient \
                    dans les petits cafés de la place du marché, où l'on parle de la rénovation prochaine du pont."),
            ("nl", "De stad ligt aan de oever van de rivier en is sinds de middeleeuwen bekend om haar oude brug. In de \
                    zomer komen er veel bezoekers die door de smalle straatjes van de oude binnenstad wandelen en op \
                    de terrassen aan het marktplein zitten. We hebben gehoord dat de brug binnenkort wordt vernieuwd."),
        ];
        for (lang, text) in others {
            assert!(!reads_as_english(text), "{lang}");
            assert_eq!(detect(text, Some("en")).0.as_deref(), Some(lang));
            assert_eq!(detect(text, None).0.as_deref(), Some(lang));
        }
    }
}
