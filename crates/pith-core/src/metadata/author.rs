//! Authors: the names a byline gives, in the page's language, told from labels, dates and
//! sentences.

use super::date::month_of;
use super::title::words_of;

/// The first name among byline texts, in page order; `lang` is the page's declared language,
/// whose word for "by" is read beside the English one ("Von Hans Müller").
pub fn author_of_bylines(bylines: &[String], lang: Option<&str>) -> Option<String> {
    let by = by_word(lang);
    bylines.iter().map(|b| byline_name(b, by)).find(|b| plausible_name(b))
}

/// The word a byline opens with in `lang` (a language tag: "de-AT") where it is not English:
/// "Von", "Par", "Por". Only read on pages declaring the language, as in English text these
/// open names ("Di Maio", "Von Miller").
pub(super) fn by_word(lang: Option<&str>) -> Option<&'static str> {
    Some(match &*crate::language::declared(lang?)? {
        "de" => "von",
        "fr" => "par",
        "es" | "pt" | "gl" => "por",
        "ca" => "per",
        "it" => "di",
        "nl" => "door",
        "sv" | "no" | "nb" | "nn" => "av",
        "da" => "af",
        _ => return None,
    })
}

/// A byline the markup does not mark, as the text's first lines show it: "By John Miller,
/// Staff Writer" under an old news page's headline. Only a line that opens with "By" (or the
/// word of `lang`, the page's declared language: "Von") and names someone in two to four
/// capitalized words of letters ("By the time we arrived" names no one).
pub fn byline_in_text(text: &str, lang: Option<&str>) -> Option<String> {
    const FIRST_LINES: usize = 4;
    const PARTICLES: &[&str] = &["de", "van", "von", "der", "den", "la", "le", "di", "da", "du", "del", "bin", "al"];
    let by = by_word(lang);
    text.lines().filter(|l| !l.trim().is_empty()).take(FIRST_LINES).find_map(|line| {
        let line = line.trim();
        let after = |word: &str| line.get(..word.len()).filter(|head| head.eq_ignore_ascii_case(word) && head.starts_with(char::is_uppercase)).and_then(|_| line[word.len()..].strip_prefix(' '));
        let rest = after("by").or_else(|| by.and_then(after))?;
        let name = rest.split([',', '|', '•', '·', '(']).next()?.trim();
        let words: Vec<&str> = name.split_whitespace().collect();
        // Letters only: "Lark Manor™" is a brand.
        let named = (2..=4).contains(&words.len())
            && name.chars().all(|c| c.is_alphabetic() || matches!(c, ' ' | '.' | '-' | '\'' | '’'))
            && words.iter().all(|w| w.starts_with(char::is_uppercase) || PARTICLES.contains(w))
            && words.first().is_some_and(|w| w.starts_with(char::is_uppercase));
        (named && plausible_name(name)).then(|| name.to_string())
    })
}

/// "By Jane Doe | Staff" -> "Jane Doe"; "Von Hans Müller" too with `by`, the page's language's
/// word for "by" ([`by_word`]).
pub(super) fn strip_byline<'a>(s: &'a str, by: Option<&str>) -> &'a str {
    let mut s = s.trim();
    for prefix in ["written by", "posted by", "post by", "reviewed by", "published by", "author:", "authors:", "by:", "by"].into_iter().chain(by) {
        let (Some(head), Some(rest)) = (s.get(..prefix.len()), s.get(prefix.len()..)) else { continue };
        // The prefix is a word of its own: "Byron Smith" is not "by Ron Smith".
        if !rest.is_empty() && head.eq_ignore_ascii_case(prefix) && !rest.starts_with(char::is_alphanumeric) {
            s = rest.trim_start();
            break;
        }
    }
    let s = s.trim_start_matches([':', ',', ' ']);
    let end = s.find(['|', '•', '·', '»', '\n']).unwrap_or(s.len());
    s[..end].trim().trim_end_matches([',', '-', '–', '—']).trim()
}

/// A visible byline's name, without what follows it: "By Jane Doe - March 3, 2024",
/// "Posted by jd on Monday", "jd Member Joined 2019"; `by` as for [`strip_byline`].
fn byline_name(s: &str, by: Option<&str>) -> String {
    // "16 December 2025 by Sam O'Brien": the name follows "by" wherever it stands.
    let s = s
        .split_whitespace()
        .position(|w| w.eq_ignore_ascii_case("by") || by.is_some_and(|by| w.eq_ignore_ascii_case(by)))
        .filter(|&i| i > 0)
        .and_then(|i| s.split_whitespace().nth(i + 1))
        .map_or(s, |name| &s[name.as_ptr() as usize - s.as_ptr() as usize..]);
    let s = strip_byline(s, by);
    let mut end = s.len();
    for (at, w) in s.split_whitespace().map(|w| (w.as_ptr() as usize - s.as_ptr() as usize, w)).skip(1) {
        let tail = matches!(w.to_lowercase().as_str(), "-" | "–" | "—" | "on" | "published" | "updated" | "last" | "posted" | "joined" | "member" | "since" | "wrote" | "writes" | "said" | "says")
            || w.starts_with(|c: char| c.is_ascii_digit())
            || month_of(w.trim_end_matches(',')).is_some() && s[at + w.len()..].trim_start().starts_with(|c: char| c.is_ascii_digit());
        if tail {
            end = at;
            break;
        }
    }
    without_avatar_initial(s[..end].trim().trim_end_matches([',', '-', '–', '—']).trim()).to_string()
}

/// "J julian" or "JosephF J" -> the name: forum software draws a poster without a picture as
/// their initial, a letter beside the name. (Not "J. Smith": an initial has its period.)
fn without_avatar_initial(name: &str) -> &str {
    let initial_of = |letter: &str, word: &str| {
        let mut l = letter.chars();
        l.next().zip(word.chars().next()).is_some_and(|(a, b)| l.next().is_none() && a.is_alphabetic() && a.to_lowercase().eq(b.to_lowercase()))
    };
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.as_slice() {
        [first, second, ..] if initial_of(first, second) => name[first.len()..].trim_start(),
        [first, .., last] if initial_of(last, first) => name[..name.len() - last.len()].trim_end(),
        _ => name,
    }
}

/// Whether a declared author names the site (`site`, its name) rather than someone who writes
/// for it: its words are all among the site name's, words a publisher adds ("Team", "Blog",
/// ".com") aside. "Paycom" of "Paycom.com", "Team Tiger Data" of "Tiger Data Blog".
pub(super) fn names_publisher(author: &str, site: &str) -> bool {
    const GENERIC: &[&str] = &["the", "team", "staff", "blog", "news", "editors", "editorial", "com", "www", "inc", "llc", "ltd", "official"];
    let words = |s: &str| words_of(s).into_iter().filter(|w| !GENERIC.contains(&w.as_str())).collect::<Vec<_>>();
    let (a, s) = (words(author), words(site));
    !a.is_empty() && a.iter().all(|w| s.contains(w))
}

/// What a byline names besides the publisher (`site`, the site's name the declared author gave):
/// the name before or after the site's name ("Brian Truitt USA TODAY" -> "Brian Truitt"), when
/// it is a person's, in two words or more ("Help Net Security Sponsored" or "Author Escalon"
/// name no one).
pub(super) fn besides_publisher(byline: &str, site: &str) -> Option<String> {
    let tokens: Vec<&str> = byline.split_whitespace().collect();
    let n = site.split_whitespace().count();
    let is_site = |part: &[&str]| words_of(&part.join(" ")) == words_of(site);
    let rest = match tokens.len().checked_sub(n).filter(|&at| at > 0) {
        Some(at) if is_site(&tokens[at..]) => &tokens[..at],
        Some(_) if is_site(&tokens[..n]) => &tokens[n..],
        _ => &tokens[..],
    };
    let name = rest.join(" ");
    let name = name.trim_matches([',', '-', '–', '—', '|', '·', ' ']);
    (words_of(name).len() >= 2 && !names_publisher(name, site)).then(|| name.to_string())
}

/// A meta author value that names someone: not a URL, an @handle or a numeric id.
pub(super) fn meta_name(v: &str) -> bool {
    !v.starts_with("http") && !v.starts_with('@') && !v.contains("://") && !v.bytes().all(|b| b.is_ascii_digit()) && !is_template_key(v)
}

/// A template's key left unrendered: "{{ author }}", "${author}", "page.head.extra.author" (a
/// translation key: three or more lower-case names joined by dots; "j.r.r.tolkien" has initials).
fn is_template_key(v: &str) -> bool {
    let dotted = v.split('.').count() >= 3 && v.split('.').all(|part| part.len() >= 2 && part.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
    dotted || v.contains("{{") || v.contains("${") || v.contains("{%")
}

/// A byline's text that reads like a name, not a sentence, a date or a bare label ("By").
fn plausible_name(s: &str) -> bool {
    let words: Vec<&str> = s.split_whitespace().collect();
    let lower = s.to_lowercase();
    let label = ["by", "author", "authors", "written by", "posted by", "updated", "published", "posted", "joined", "member"].contains(&lower.as_str());
    // "Dec.", "Sat": the date part of a byline, not its name.
    let calendar = words.len() == 1 && (month_of(s).is_some() || weekday(&lower));
    // Forum handles carry digits ("luizjr4"); a longer text with digits is a date or a count.
    let digits_ok = words.len() == 1 || !s.chars().any(|c| c.is_ascii_digit());
    // "a relentless pursuit of results": a sentence that a "by" in a bio split off ("the
    // Lavazza Team" names someone).
    let sentence = words.first().is_some_and(|w| ["a", "an", "the", "of", "to", "in", "on", "at", "for", "and", "with", "his", "her", "their"].contains(w))
        && !words.iter().any(|w| w.starts_with(char::is_uppercase));
    (1..=8).contains(&words.len())
        && !label
        && !sentence
        && !calendar
        && digits_ok
        && s.chars().count() <= 80
        && s.chars().next().is_some_and(char::is_alphabetic)
        && !s.chars().any(|c| c == '*' || c == ':')
}

fn weekday(w: &str) -> bool {
    let w = w.trim_end_matches(['.', ',']);
    ["mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"].contains(&w)
        || ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].contains(&w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byline_prefix_is_a_word_of_its_own() {
        assert_eq!(strip_byline("By Jane Doe | Staff", None), "Jane Doe");
        assert_eq!(strip_byline("by: Jane Doe", None), "Jane Doe");
        assert_eq!(strip_byline("Byron Smith", None), "Byron Smith");
        assert_eq!(byline_name("Byung-hun Lee - March 3, 2024", None), "Byung-hun Lee");
        assert_eq!(byline_name("Posted by Byron Smith on Monday", None), "Byron Smith");
        assert_eq!(byline_name("Maria Lopez wrote on 27 November", None), "Maria Lopez");
    }

    #[test]
    fn a_bylines_avatar_initial_is_not_the_name() {
        assert_eq!(byline_name("J julian", None), "julian");
        assert_eq!(byline_name("JosephF J", None), "JosephF");
        assert_eq!(byline_name("xJewishNinjax X", None), "xJewishNinjax");
        // Initials that are part of the name stay.
        assert_eq!(byline_name("J. Julian", None), "J. Julian");
        assert_eq!(byline_name("Harry S Truman", None), "Harry S Truman");
        assert_eq!(byline_name("Jane D", None), "Jane D");
    }

    #[test]
    fn a_byline_in_the_text_names_someone_in_capitalized_words() {
        let text = "City council approves new bridge\nBy John Miller, Staff Writer\nPublished March 3, 2004\n\nThe council voted.";
        assert_eq!(byline_in_text(text, None).as_deref(), Some("John Miller"));
        assert_eq!(byline_in_text("Title\nBy Jean-Luc de la Tour | Paris", None).as_deref(), Some("Jean-Luc de la Tour"));
        for text in ["By the time we arrived, it was dark.", "By Lark Manor™", "By Admin", "a\nb\nc\nd\nBy Jane Doe"] {
            assert_eq!(byline_in_text(text, None), None, "{text:?}");
        }
    }

    #[test]
    fn bylines_in_the_pages_language() {
        let text = "Stadtrat beschließt neue Brücke\nVon Hans Müller, Redakteur\n\nDer Rat stimmte zu.";
        assert_eq!(byline_in_text(text, Some("de-DE")).as_deref(), Some("Hans Müller"));
        assert_eq!(byline_in_text(text, Some("en")), None);
        assert_eq!(byline_in_text("Titre\nPar Jeanne Dupont | Paris", Some("fr")).as_deref(), Some("Jeanne Dupont"));
        // A sentence opening with the word names no one: "Von Montag bis Freitag".
        assert_eq!(byline_in_text("Von Montag bis Freitag geöffnet", Some("de")), None);
        assert_eq!(strip_byline("Von Hans Müller", by_word(Some("de"))), "Hans Müller");
        assert_eq!(strip_byline("Von Miller", by_word(Some("en"))), "Von Miller");
        assert_eq!(author_of_bylines(&["5. März 2024 von Anna Schmidt".to_string()], Some("de")).as_deref(), Some("Anna Schmidt"));
        assert_eq!(author_of_bylines(&["Por María García".to_string()], Some("es-MX")).as_deref(), Some("María García"));
    }
}
