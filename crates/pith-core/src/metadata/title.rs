//! The title: the visible headline the declared titles agree with, and the site's name kept
//! apart from it.

pub(super) fn words_of(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// Does the `<h1>` name the site rather than the page? It does when it is the site's declared
/// name; when the `<title>` is the h1 and the Open Graph title, which leaves the site out,
/// joined ("RogerBW's Blog: Advent of Code" beside "Advent of Code"); or when it begins the
/// title's last part and the rest is longer ("What happened with the ISO / Arch Discussion /
/// Arch Linux Forums" beside "Arch Linux").
pub(super) fn names_site(h1: &str, site_name: Option<&str>, og_title: Option<&str>, title: Option<&str>) -> bool {
    let h = words_of(h1);
    if h.is_empty() {
        return false;
    }
    let site = site_name.map(words_of);
    if site.as_ref() == Some(&h) {
        return true;
    }
    let Some(title) = title else {
        return false;
    };
    // An Open Graph title that is the site's name says nothing here.
    let og = og_title.map(words_of).filter(|og| site.as_ref() != Some(og));
    let parts = |sep: &&str| title.find(*sep).map(|at| (words_of(&title[..at]), words_of(&title[at + sep.len()..])));
    let with_og = [": "].iter().chain(&TITLE_SEPARATORS).filter_map(parts).any(|(head, tail)| {
        og.as_ref().is_some_and(|og| (head == h && tail == *og) || (tail == h && head == *og))
    });
    with_og
        || TITLE_SEPARATORS.iter().filter_map(|sep| title.rfind(sep).map(|at| (&title[..at], &title[at + sep.len()..]))).any(|(head, tail)| {
            let (head, tail) = (words_of(head), words_of(tail));
            tail.starts_with(&h) && head.len() >= 3 && head.len() > tail.len()
        })
}

/// What sites put between a page's title and their name.
const TITLE_SEPARATORS: [&str; 8] = [" | ", " - ", " – ", " — ", " / ", " :: ", " · ", " • "];

/// Whether `title` says what a link to the home page says (in the same words): the site's name.
pub(super) fn is_a_home_link(title: &str, home_links: impl FnOnce() -> Vec<String>) -> bool {
    let words = words_of(title);
    !words.is_empty() && home_links().iter().any(|link| words_of(link) == words)
}

/// Whether an `<h1>`'s text is as long as a headline can be.
pub(super) fn headline_length(h1: &str) -> bool {
    (2..=300).contains(&h1.chars().count())
}

/// The `<h1>` that the declared titles agree with: most of its words appear in them.
pub(super) fn visible_headline(h1s: &[&str], declared: [Option<&str>; 2]) -> Option<String> {
    let declared_words: Vec<String> = declared.iter().flatten().flat_map(|t| words_of(t)).collect();
    h1s.iter()
        .take(3)
        .filter(|h| headline_length(h))
        .map(|h| {
            let words = words_of(h);
            let shared = words.iter().filter(|w| declared_words.contains(w)).count();
            (h, if words.is_empty() { 0.0 } else { shared as f32 / words.len() as f32 })
        })
        .filter(|(_, overlap)| *overlap >= 0.5)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(h, _)| h.to_string())
}

/// "Headline | Site" -> "Headline", when the part after the separator is the site's name or
/// the title has a separator near its end; "Site: Headline" -> "Headline" (Blogger's titles),
/// when the part before is the site's name.
pub(super) fn strip_site_name(title: &str, site_name: Option<&str>) -> String {
    if let Some(site) = site_name.filter(|s| !s.is_empty()) {
        let after_site = title.get(..site.len()).filter(|head| head.eq_ignore_ascii_case(site)).map(|_| &title[site.len()..]);
        let headline = after_site.and_then(|rest| [": "].iter().chain(&TITLE_SEPARATORS).find_map(|sep| rest.strip_prefix(sep)));
        if let Some(headline) = headline.map(str::trim).filter(|h| !h.is_empty()) {
            return headline.to_string();
        }
    }
    for sep in TITLE_SEPARATORS {
        if let Some(at) = title.rfind(sep) {
            let (head, tail) = (&title[..at], &title[at + sep.len()..]);
            let tail_is_site = site_name.is_some_and(|s| {
                let (a, b) = (s.to_lowercase(), tail.to_lowercase());
                a.contains(&b) || b.contains(&a)
            });
            if tail_is_site || (tail.split_whitespace().count() <= 4 && head.split_whitespace().count() >= 3) {
                return head.trim().to_string();
            }
        }
    }
    title.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metadata::MetaCollector;

    #[test]
    fn an_h1_naming_the_site_is_not_the_headline() {
        let forum = "What happened with Arch Linux ISO in 2024 / Arch Discussion / Arch Linux Forums";
        assert!(names_site("Arch Linux", None, None, Some(forum)));
        assert!(names_site("RogerBW's Blog", None, Some("Advent of Code week 2"), Some("RogerBW's Blog: Advent of Code week 2")));
        assert!(names_site("Cory Dransfeldt", Some("Cory Dransfeldt"), None, None));
        // The headline, with the site after it or a different social title beside it.
        assert!(!names_site("How to Install Solar Panels", Some("EnergySage"), Some("Solar Panels in 2025"), Some("How to Install Solar Panels | EnergySage")));
        assert!(!names_site("Which mower suits my lawn?", Some("Robomow"), Some("Robomow"), Some("Which mower suits my lawn? | Robomow")));
        assert!(!names_site("Pricing", None, None, Some("Pricing | Acme Cloud Platform Inc")));

        let mut c = MetaCollector::default();
        c.title_text(forum);
        let meta = c.finish(&["Arch Linux".to_string()], &[], Vec::new, Vec::new, String::new, None, None);
        assert_eq!(meta.title.as_deref(), Some("What happened with Arch Linux ISO in 2024 / Arch Discussion"));
    }

    #[test]
    fn site_suffix() {
        assert_eq!(strip_site_name("Big News Today | The Paper", None), "Big News Today");
        assert_eq!(strip_site_name("Rust - A language", Some("Nope")), "Rust - A language");
        assert_eq!(strip_site_name("How to cook rice - Example", Some("Example.com")), "How to cook rice");
    }
}
