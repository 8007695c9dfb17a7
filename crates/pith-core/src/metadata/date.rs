//! Dates: declared ones normalized to `YYYY-MM-DD`, a URL's `/2024/03/05/`, and the first
//! date the page's text writes out, in English, in the page's language or in CJK characters.

/// ISO dates and timestamps (and `YYYY/MM/DD`, `YYYYMMDD`, `MM/DD/YYYY`, `DD.MM.YYYY`,
/// "Oct 31, 2025") to `YYYY-MM-DD`.
pub fn normalize_date(s: &str) -> Option<String> {
    let s = s.trim();
    let digits: Vec<&str> = s.split(|c: char| !c.is_ascii_digit()).filter(|p| !p.is_empty()).collect();
    let num = |p: &str| p.parse::<u32>().ok();
    match digits.as_slice() {
        [ymd, ..] if ymd.len() == 8 && s.starts_with(ymd) => ymd_of(num(&ymd[..4])?, num(&ymd[4..6])?, num(&ymd[6..8])?),
        [y, m, d, ..] if y.len() == 4 && s.starts_with(y) => ymd_of(num(y)?, num(m)?, num(d)?),
        [a, b, y, ..] if a.len() <= 2 && b.len() <= 2 && y.len() == 4 && s.starts_with(a) => {
            let dotted = s.trim_start_matches(|c: char| c.is_ascii_digit()).starts_with('.');
            numeric_date(num(a)?, num(b)?, num(y)?, dotted)
        }
        _ => first_written_date(s, None, None),
    }
}

/// `a/b/y` or `a.b.y`: day first when `day_first` (dotted dates) or when `a` cannot be a
/// month, else month first, the US reading.
fn numeric_date(a: u32, b: u32, y: u32, day_first: bool) -> Option<String> {
    if day_first || a > 12 {
        ymd_of(y, b, a)
    } else {
        ymd_of(y, a, b)
    }
}

/// `/2024/03/05/` in a URL's path.
pub(super) fn url_date(url: &str) -> Option<String> {
    let path = crate::url::path(url);
    let parts: Vec<&str> = path.split('/').collect();
    parts.windows(3).find_map(|w| {
        let all_digits = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
        (all_digits(w[0], 4) && all_digits(w[1], 2) && all_digits(w[2], 2)).then(|| ymd_of(w[0].parse().ok()?, w[1].parse().ok()?, w[2].parse().ok()?)).flatten()
    })
}

/// Days in a date must be 1..=31; the year 1990..=2100.
fn ymd_of(y: u32, m: u32, d: u32) -> Option<String> {
    ((1990..=2100).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d)).then(|| format!("{y:04}-{m:02}-{d:02}"))
}

pub(super) fn month_of(word: &str) -> Option<u32> {
    let w = word.trim_end_matches(['.', ',']);
    if w.len() < 3 || w.len() > 9 {
        return None;
    }
    // Lower-cased on the stack and matched at once: this runs for every word of the page.
    let mut buf = [0u8; 9];
    let lower = &mut buf[..w.len()];
    lower.copy_from_slice(w.as_bytes());
    lower.make_ascii_lowercase();
    let month = match &*lower {
        b"jan" | b"january" => 1,
        b"feb" | b"february" => 2,
        b"mar" | b"march" => 3,
        b"apr" | b"april" => 4,
        b"may" => 5,
        b"jun" | b"june" => 6,
        b"jul" | b"july" => 7,
        b"aug" | b"august" => 8,
        b"sep" | b"sept" | b"september" => 9,
        b"oct" | b"october" => 10,
        b"nov" | b"november" => 11,
        b"dec" | b"december" => 12,
        _ => return None,
    };
    Some(month)
}

fn day_of(word: &str) -> Option<u32> {
    // Only a word starting as a number can parse as one (the suffixes below are trimmed from
    // the end); this runs for every word of the page.
    if !word.starts_with(|c: char| c.is_ascii_digit() || c == '+') {
        return None;
    }
    // "3rd,", and in other languages "5." (German) and "1er" (French).
    let w = word.trim_end_matches([',', '.']);
    let w = w.trim_end_matches("st").trim_end_matches("nd").trim_end_matches("rd").trim_end_matches("th").trim_end_matches("er");
    (1..=2).contains(&w.len()).then(|| w.parse().ok()).flatten()
}

/// "2024", "2024," and "2024Julian" (inline elements run together: "Dec 17, 2024<span>Julian").
fn year_of(word: &str) -> Option<u32> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    (digits == 4).then(|| word[..4].parse().ok()).flatten()
}

/// A date written out at `words[i]`, as a reader sees a byline's date: "March 3, 2024",
/// "3 March 2024", "Mar. 3rd, 2024", "2024-03-03" or "03.03.2024"; with `months`, the
/// page's language's names too, day first ("5. März 2024", "5 marzo 2024").
fn written_date_at(words: &[&str], i: usize, months: Option<&MonthNames>) -> Option<String> {
    let w = words[i];
    let next = |k: usize| words.get(i + k).copied().unwrap_or("");
    // A month first needs a year, which starts with a digit, two words on: tested first, as
    // this runs for every word of the page and most are no month.
    if next(2).starts_with(|c: char| c.is_ascii_digit()) {
        if let Some(date) = month_of(w).and_then(|m| day_of(next(1)).zip(year_of(next(2))).and_then(|(d, y)| ymd_of(y, m, d))) {
            return Some(date);
        }
    }
    // Every other form starts with a number ("+3" as a day too); most words do not, and this
    // runs for every word of the page.
    if !w.starts_with(|c: char| c.is_ascii_digit() || c == '+') {
        return None;
    }
    if let Some((d, y)) = day_of(w).zip(year_of(next(2))) {
        // (The page's own month names are looked up only here, for a day and a year two words
        // apart: they are lower-cased into a new string.)
        let month = month_of(next(1)).or_else(|| months.and_then(|names| foreign_month(names, next(1))));
        if let Some(date) = month.and_then(|m| ymd_of(y, m, d)) {
            return Some(date);
        }
    }
    let b = w.as_bytes();
    let num = |r: std::ops::Range<usize>| std::str::from_utf8(&b[r]).ok()?.parse::<u32>().ok();
    let digits_but = |n: usize, seps: &[usize]| b.len() >= n && b[..n].iter().enumerate().all(|(i, c)| if seps.contains(&i) { !c.is_ascii_digit() } else { c.is_ascii_digit() });
    if digits_but(10, &[4, 7]) && b[4] == b'-' && b[7] == b'-' {
        return ymd_of(num(0..4)?, num(5..7)?, num(8..10)?);
    }
    if digits_but(10, &[2, 5]) && b[2] == b'.' && b[5] == b'.' && b.get(10).is_none_or(|c| !c.is_ascii_digit()) {
        return ymd_of(num(6..10)?, num(3..5)?, num(0..2)?);
    }
    // 10/31/2024, 15/12/2025, 2/24/2026: month first unless the first number cannot be a month.
    // Split without collecting: this runs for every word of the page.
    let mut parts = w.trim_end_matches([',', '.', ')']).split('/');
    if let (Some(a), Some(b), Some(y), None) = (parts.next(), parts.next(), parts.next(), parts.next()) {
        let small = |p: &str| (1..=2).contains(&p.len()) && p.bytes().all(|c| c.is_ascii_digit());
        if small(a) && small(b) && y.len() == 4 && y.bytes().all(|c| c.is_ascii_digit()) {
            return numeric_date(a.parse().ok()?, b.parse().ok()?, y.parse().ok()?, false);
        }
    }
    None
}

/// The first date written out in the page's visible text, on or before `not_after` (a
/// YYYY-MM-DD day) when given. English month names are read on every page; those of `lang`
/// (the page's declared language, `de-AT`) too, and CJK dates ("2020年02月07日") on any page.
pub fn first_written_date(text: &str, not_after: Option<&str>, lang: Option<&str>) -> Option<String> {
    // (YYYY-MM-DD strings sort as the days they name.)
    let in_time = |d: &String| not_after.is_none_or(|last| d.as_str() <= last);
    let months = lang.and_then(month_names);
    // Dates in the language's own digits ("٥ مارس ٢٠٢٤") are read as their ASCII twins.
    let ascii: String;
    let text = match months.and_then(|m| m.zero_digit) {
        Some(zero) if text.chars().any(|c| digit_of(zero, c).is_some()) => {
            ascii = text.chars().map(|c| digit_of(zero, c).map_or(c, |d| char::from(b'0' + d as u8))).collect();
            &ascii
        }
        _ => text,
    };
    // "5 de marzo de 2024": the word between day, month and year is not read.
    let joining = months.and_then(|m| m.joining_word);
    let is_joining = |w: &&str| joining.is_some_and(|j| w.eq_ignore_ascii_case(j));
    // A date spans at most three words: they are read through a window as they are split, as
    // collecting every word of a long page first cost more than the search (the date, when
    // there is one, is usually near the top). Past the last word the window holds "".
    let mut words = text.split_whitespace().filter(|w| !is_joining(w));
    let mut window = [""; 3];
    window.fill_with(|| words.next().unwrap_or(""));
    let mut spelled = None;
    while !window[0].is_empty() {
        if let Some(date) = written_date_at(&window, 0, months).filter(in_time) {
            spelled = Some((window[0].as_ptr() as usize - text.as_ptr() as usize, date));
            break;
        }
        window = [window[1], window[2], words.next().unwrap_or("")];
    }
    // The earlier of the first date in words and the first in CJK characters.
    let cjk = first_cjk_date(text, spelled.as_ref().map_or(text.len(), |(at, _)| *at), in_time);
    cjk.or(spelled).map(|(_, date)| date)
}

/// A Chinese, Japanese or Korean date starting before byte `before` of `text`: "2020年02月07日",
/// "2024년 3월 5일" (year, month and day each followed by its character). Such dates need no
/// spaces around them ("发布时间：2020年02月07日"), so they are found by their year's character.
fn first_cjk_date(text: &str, before: usize, in_time: impl Fn(&String) -> bool) -> Option<(usize, String)> {
    const MONTH: [char; 2] = ['月', '월'];
    const DAY: [char; 2] = ['日', '일'];
    let digit = |c: char| digit_of('0', c).or_else(|| digit_of('０', c));
    // After optional spaces, one or two digits (ASCII or full-width), then optional spaces and
    // the unit's character: the number, and the bytes of `s` read.
    let number = |s: &str, units: [char; 2]| -> Option<(u32, usize)> {
        let t = s.trim_start();
        let digits: Vec<u32> = t.chars().map_while(digit).take(3).collect();
        if !(1..=2).contains(&digits.len()) {
            return None;
        }
        let rest = t[t.char_indices().nth(digits.len()).map_or(t.len(), |(i, _)| i)..].trim_start();
        let unit = rest.chars().next().filter(|u| units.contains(u))?;
        Some((digits.iter().fold(0, |v, d| v * 10 + d), s.len() - rest.len() + unit.len_utf8()))
    };
    let at_year = |year_at: usize, unit_len: usize| {
        // Four digits before the year's character (spaces between allowed), not the end of a
        // longer number.
        let head = text[..year_at].trim_end();
        let mut back = head.char_indices().rev();
        let year_digits: Vec<(usize, char)> = back.by_ref().take(4).collect();
        let start = year_digits.last()?.0;
        if year_digits.len() < 4 || start >= before || back.next().is_some_and(|(_, c)| digit(c).is_some()) {
            return None;
        }
        let year = year_digits.iter().rev().try_fold(0, |y, &(_, c)| Some(y * 10 + digit(c)?))?;
        let after = &text[year_at + unit_len..];
        let (month, used) = number(after, MONTH)?;
        let (day, _) = number(&after[used..], DAY)?;
        ymd_of(year, month, day).filter(&in_time).map(|d| (start, d))
    };
    // (A year's character stands at most 4 full-width digits and a space after its date's start.)
    let first = |unit: char| {
        let mut utf8 = [0; 4];
        let needle = unit.encode_utf8(&mut utf8).as_bytes();
        let mut found = memchr::memmem::find_iter(text.as_bytes(), needle).take_while(|&at| at <= before.saturating_add(13));
        found.find_map(|at| at_year(at, needle.len()))
    };
    let (chinese, korean) = (first('年'), first('년'));
    chinese.into_iter().chain(korean).min_by_key(|(at, _)| *at)
}

/// `c` as one of the ten digits from `zero` ('0', full-width '０', Arabic-Indic '٠').
fn digit_of(zero: char, c: char) -> Option<u32> {
    (c as u32).checked_sub(zero as u32).filter(|d| *d <= 9)
}

/// Month names of a language beside English, as its dates write them: day, month, year.
struct MonthNames {
    /// Each month's forms, lower-cased: full, genitive ("марта") and abbreviated.
    forms: [&'static [&'static str]; 12],
    /// A word between day and month and between month and year ("5 de marzo de 2024").
    joining_word: Option<&'static str>,
    /// The zero of the language's own digits, which its pages write dates in as often as in
    /// ASCII ones: '٠' for Arabic ("٥ مارس ٢٠٢٤").
    zero_digit: Option<char>,
}

impl MonthNames {
    const fn new(forms: [&'static [&'static str]; 12]) -> Self {
        MonthNames { forms, joining_word: None, zero_digit: None }
    }
}

/// The month names of `lang` (a language tag: "de", "pt-BR"), for the languages of the web's
/// larger shares that write dates day first; None for English and for others (Hungarian and
/// the CJK languages write the year first; Vietnamese numbers its months).
fn month_names(lang: &str) -> Option<&'static MonthNames> {
    const DE: MonthNames = MonthNames::new([&["januar", "jänner", "jan"], &["februar", "feb"], &["märz", "mär", "maerz"], &["april", "apr"], &["mai"], &["juni", "jun"], &["juli", "jul"], &["august", "aug"], &["september", "sep", "sept"], &["oktober", "okt"], &["november", "nov"], &["dezember", "dez"]]);
    const FR: MonthNames = MonthNames::new([&["janvier", "janv"], &["février", "fevrier", "févr", "fevr"], &["mars"], &["avril", "avr"], &["mai"], &["juin"], &["juillet", "juil"], &["août", "aout"], &["septembre", "sept"], &["octobre", "oct"], &["novembre", "nov"], &["décembre", "decembre", "déc", "dec"]]);
    const ES: MonthNames = MonthNames { joining_word: Some("de"), ..MonthNames::new([&["enero", "ene"], &["febrero", "feb"], &["marzo", "mar"], &["abril", "abr"], &["mayo", "may"], &["junio", "jun"], &["julio", "jul"], &["agosto", "ago"], &["septiembre", "setiembre", "sept", "sep"], &["octubre", "oct"], &["noviembre", "nov"], &["diciembre", "dic"]]) };
    const PT: MonthNames = MonthNames { joining_word: Some("de"), ..MonthNames::new([&["janeiro", "jan"], &["fevereiro", "fev"], &["março", "marco", "mar"], &["abril", "abr"], &["maio", "mai"], &["junho", "jun"], &["julho", "jul"], &["agosto", "ago"], &["setembro", "set"], &["outubro", "out"], &["novembro", "nov"], &["dezembro", "dez"]]) };
    const IT: MonthNames = MonthNames::new([&["gennaio", "gen"], &["febbraio", "feb"], &["marzo", "mar"], &["aprile", "apr"], &["maggio", "mag"], &["giugno", "giu"], &["luglio", "lug"], &["agosto", "ago"], &["settembre", "set"], &["ottobre", "ott"], &["novembre", "nov"], &["dicembre", "dic"]]);
    const NL: MonthNames = MonthNames::new([&["januari", "jan"], &["februari", "feb"], &["maart", "mrt"], &["april", "apr"], &["mei"], &["juni", "jun"], &["juli", "jul"], &["augustus", "aug"], &["september", "sep", "sept"], &["oktober", "okt"], &["november", "nov"], &["december", "dec"]]);
    const RU: MonthNames = MonthNames::new([&["января", "январь", "янв"], &["февраля", "февраль", "фев"], &["марта", "март", "мар"], &["апреля", "апрель", "апр"], &["мая", "май"], &["июня", "июнь", "июн"], &["июля", "июль", "июл"], &["августа", "август", "авг"], &["сентября", "сентябрь", "сен"], &["октября", "октябрь", "окт"], &["ноября", "ноябрь", "ноя"], &["декабря", "декабрь", "дек"]]);
    const PL: MonthNames = MonthNames::new([&["stycznia", "styczeń", "sty"], &["lutego", "luty", "lut"], &["marca", "marzec", "mar"], &["kwietnia", "kwiecień", "kwi"], &["maja", "maj"], &["czerwca", "czerwiec", "cze"], &["lipca", "lipiec", "lip"], &["sierpnia", "sierpień", "sie"], &["września", "wrzesień", "wrz"], &["października", "październik", "paź"], &["listopada", "listopad", "lis"], &["grudnia", "grudzień", "gru"]]);
    const SCANDINAVIAN: MonthNames = MonthNames::new([&["januari", "januar", "jan"], &["februari", "februar", "feb"], &["mars", "marts", "mar"], &["april", "apr"], &["maj", "mai"], &["juni", "jun"], &["juli", "jul"], &["augusti", "august", "aug"], &["september", "sep", "sept"], &["oktober", "okt"], &["november", "nov"], &["december", "desember", "dec", "des"]]);
    const TR: MonthNames = MonthNames::new([&["ocak", "oca"], &["şubat", "şub"], &["mart", "mar"], &["nisan", "nis"], &["mayıs", "mayis", "may"], &["haziran", "haz"], &["temmuz", "tem"], &["ağustos", "agustos", "ağu"], &["eylül", "eylul", "eyl"], &["ekim", "eki"], &["kasım", "kasim", "kas"], &["aralık", "aralik", "ara"]]);
    const ID: MonthNames = MonthNames::new([&["januari", "jan"], &["februari", "feb"], &["maret", "mar"], &["april", "apr"], &["mei"], &["juni", "jun"], &["juli", "jul"], &["agustus", "agu", "ags"], &["september", "sep"], &["oktober", "okt"], &["november", "nov"], &["desember", "des"]]);
    const CS: MonthNames = MonthNames::new([&["ledna", "leden"], &["února", "únor"], &["března", "březen"], &["dubna", "duben"], &["května", "květen"], &["června", "červen"], &["července", "červenec"], &["srpna", "srpen"], &["září"], &["října", "říjen"], &["listopadu", "listopad"], &["prosince", "prosinec"]]);
    const UK: MonthNames = MonthNames::new([&["січня", "січень"], &["лютого", "лютий"], &["березня", "березень"], &["квітня", "квітень"], &["травня", "травень"], &["червня", "червень"], &["липня", "липень"], &["серпня", "серпень"], &["вересня", "вересень"], &["жовтня", "жовтень"], &["листопада", "листопад"], &["грудня", "грудень"]]);
    const RO: MonthNames = MonthNames::new([&["ianuarie", "ian"], &["februarie", "feb"], &["martie", "mar"], &["aprilie", "apr"], &["mai"], &["iunie", "iun"], &["iulie", "iul"], &["august", "aug"], &["septembrie", "sep"], &["octombrie", "oct"], &["noiembrie", "nov"], &["decembrie", "dec"]]);
    const EL: MonthNames = MonthNames::new([&["ιανουαρίου", "ιανουάριος"], &["φεβρουαρίου", "φεβρουάριος"], &["μαρτίου", "μάρτιος"], &["απριλίου", "απρίλιος"], &["μαΐου", "μάιος"], &["ιουνίου", "ιούνιος"], &["ιουλίου", "ιούλιος"], &["αυγούστου", "αύγουστος"], &["σεπτεμβρίου", "σεπτέμβριος"], &["οκτωβρίου", "οκτώβριος"], &["νοεμβρίου", "νοέμβριος"], &["δεκεμβρίου", "δεκέμβριος"]]);
    const FI: MonthNames = MonthNames::new([&["tammikuuta"], &["helmikuuta"], &["maaliskuuta"], &["huhtikuuta"], &["toukokuuta"], &["kesäkuuta"], &["heinäkuuta"], &["elokuuta"], &["syyskuuta"], &["lokakuuta"], &["marraskuuta"], &["joulukuuta"]]);
    const AR: MonthNames = MonthNames { zero_digit: Some('٠'), ..MonthNames::new([&["يناير"], &["فبراير"], &["مارس"], &["أبريل", "ابريل"], &["مايو"], &["يونيو"], &["يوليو"], &["أغسطس", "اغسطس"], &["سبتمبر"], &["أكتوبر", "اكتوبر"], &["نوفمبر"], &["ديسمبر"]]) };
    Some(match &*crate::language::declared(lang)? {
        "tr" => &TR,
        "id" => &ID,
        "cs" => &CS,
        "uk" => &UK,
        "ro" => &RO,
        "el" => &EL,
        "fi" => &FI,
        "ar" => &AR,
        "de" => &DE,
        "fr" => &FR,
        "es" => &ES,
        "pt" => &PT,
        "it" => &IT,
        "nl" => &NL,
        "ru" => &RU,
        "pl" => &PL,
        "sv" | "da" | "no" | "nb" | "nn" => &SCANDINAVIAN,
        _ => return None,
    })
}

/// `word` as one of `names`' months ("März", "marzo,", "févr.").
fn foreign_month(names: &MonthNames, word: &str) -> Option<u32> {
    let w = word.trim_end_matches(['.', ',']).to_lowercase();
    names.forms.iter().position(|forms| forms.contains(&w.as_str())).map(|i| i as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_dates() {
        assert_eq!(first_written_date("By Jane | Published March 3, 2024 at noon", None, None).as_deref(), Some("2024-03-03"));
        assert_eq!(first_written_date("Updated 3rd Sept. 2023", None, None).as_deref(), Some("2023-09-03"));
        assert_eq!(first_written_date("on 2022-11-05T10:00 we", None, None).as_deref(), Some("2022-11-05"));
        assert_eq!(first_written_date("May 2024 was warm; may 40 2024", None, None), None);
        assert_eq!(first_written_date("2024-03-0x 2025-01-02", None, None).as_deref(), Some("2025-01-02"));
        assert_eq!(first_written_date("Elliot Raba 23.07.2025 · 6 min", None, None).as_deref(), Some("2025-07-23"));
        assert_eq!(first_written_date("v1.02.20255 and 1.2.2025", None, None), None);
        assert_eq!(first_written_date("Dec 17, 2025Julian K. Arni", None, None).as_deref(), Some("2025-12-17"));
        assert_eq!(first_written_date("19 Dec, 2025 Newsdesk", None, None).as_deref(), Some("2025-12-19"));
        assert_eq!(first_written_date("Posted on the 15/12/2025 at 19:00", None, None).as_deref(), Some("2025-12-15"));
        assert_eq!(first_written_date("Updated: 10/31/2024", None, None).as_deref(), Some("2024-10-31"));
        assert_eq!(first_written_date("1/2/24 and 3/4/20245 and 13/13/2024", None, None), None);
        // A day after the fetch is an event's: the first date on or before it is the one.
        let text = "Posted March 3, 2025. The law applies from 1 January 2027.";
        assert_eq!(first_written_date(text, Some("2026-05-01"), None).as_deref(), Some("2025-03-03"));
        assert_eq!(first_written_date("From 1 January 2027, then 2 May 2025.", Some("2026-05-01"), None).as_deref(), Some("2025-05-02"));
        assert_eq!(first_written_date("From 1 January 2027.", Some("2026-05-01"), None), None);
    }

    #[test]
    fn written_dates_in_the_pages_language() {
        let de = "Von Hans Müller | 5. März 2024, 14:00 Uhr";
        assert_eq!(first_written_date(de, None, Some("de-DE")).as_deref(), Some("2024-03-05"));
        // Another language's month names are not read: "Mars 2024" is no date on an English page.
        assert_eq!(first_written_date(de, None, Some("en")), None);
        assert_eq!(first_written_date("Publié le 1er mars 2024", None, Some("fr")).as_deref(), Some("2024-03-01"));
        assert_eq!(first_written_date("Mars 2024: 5 mars 2024", None, Some("en")), None);
        assert_eq!(first_written_date("Publicado el 5 de marzo de 2024", None, Some("es")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("12 de Setembro de 2023", None, Some("pt-BR")).as_deref(), Some("2023-09-12"));
        assert_eq!(first_written_date("Опубликовано 5 марта 2024 г.", None, Some("ru")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("opublikowano 3 października 2023 r.", None, Some("pl")).as_deref(), Some("2023-10-03"));
        assert_eq!(first_written_date("Yayınlanma: 5 Mart 2024", None, Some("tr")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("Diterbitkan 17 Agustus 2023", None, Some("id")).as_deref(), Some("2023-08-17"));
        assert_eq!(first_written_date("Publikováno 5. března 2024", None, Some("cs")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("Опубліковано 5 березня 2024", None, Some("uk")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("Publicat 5 martie 2024", None, Some("ro")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("Δημοσιεύθηκε 5 Μαρτίου 2024", None, Some("el")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("Julkaistu 5. maaliskuuta 2024", None, Some("fi")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("نشر في 5 مارس 2024", None, Some("ar")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("نشر في ٥ مارس ٢٠٢٤", None, Some("ar")).as_deref(), Some("2024-03-05"));
        // English dates are read on every page.
        assert_eq!(first_written_date("Aktualisiert am March 3, 2024", None, Some("de")).as_deref(), Some("2024-03-03"));
    }

    #[test]
    fn written_date_scans_never_cut_a_character() {
        // Every string of up to five of these characters (digits, full-width digits, CJK units,
        // spaces), after a year and before a day: the scans slice around multi-byte characters.
        const ALPHABET: [&str; 9] = ["2", "０", "年", "月", "日", " ", "년", "월", "é"];
        let mut s = String::new();
        for n in 0..ALPHABET.len().pow(5) {
            s.clear();
            let mut k = n;
            s.push_str("2024");
            for _ in 0..5 {
                s.push_str(ALPHABET[k % ALPHABET.len()]);
                k /= ALPHABET.len();
            }
            s.push_str("5日");
            for lang in [None, Some("de"), Some("es")] {
                first_written_date(&s, Some("2030-01-01"), lang);
            }
        }
    }

    #[test]
    fn cjk_written_dates() {
        assert_eq!(first_written_date("发布时间：2020年02月07日 14:28", None, None).as_deref(), Some("2020-02-07"));
        assert_eq!(first_written_date("投稿日 ２０２４年３月５日（火）", None, Some("ja")).as_deref(), Some("2024-03-05"));
        assert_eq!(first_written_date("게시일 2024년 3월 5일", None, Some("ko")).as_deref(), Some("2024-03-05"));
        // The earlier of a date in words and one in CJK characters.
        assert_eq!(first_written_date("2023-01-02 更新 2020年2月7日", None, None).as_deref(), Some("2023-01-02"));
        assert_eq!(first_written_date("2020年2月7日 更新 2023-01-02", None, None).as_deref(), Some("2020-02-07"));
        // A year of five digits, a month without a day, a day after the fetch.
        assert_eq!(first_written_date("12020年2月7日", None, None), None);
        assert_eq!(first_written_date("2020年2月，2021年13月1日", None, None), None);
        assert_eq!(first_written_date("2030年1月1日开始，2020年2月7日发布", Some("2026-01-01"), None).as_deref(), Some("2020-02-07"));
    }

    #[test]
    fn dates() {
        assert_eq!(normalize_date("2025-09-04T10:00:00+02:00").as_deref(), Some("2025-09-04"));
        assert_eq!(normalize_date("2025/9/4").as_deref(), Some("2025-09-04"));
        assert_eq!(normalize_date("20250904").as_deref(), Some("2025-09-04"));
        assert_eq!(normalize_date("Sept 4"), None);
        assert_eq!(normalize_date("Oct 31, 2025").as_deref(), Some("2025-10-31"));
        assert_eq!(normalize_date("07/17/2025").as_deref(), Some("2025-07-17"));
        assert_eq!(normalize_date("17/07/2025").as_deref(), Some("2025-07-17"));
        assert_eq!(normalize_date("05.07.2025").as_deref(), Some("2025-07-05"));
        assert_eq!(normalize_date("2024-03-ab"), None);
    }

    #[test]
    fn url_dates() {
        assert_eq!(url_date("https://x.example/2018/11/22/cheap-fixes/").as_deref(), Some("2018-11-22"));
        assert_eq!(url_date("https://x.example/2018/11/cheap-fixes/"), None);
        assert_eq!(url_date("https://x.example/p/1234/56/78"), None);
    }
}
