//! `language SAMPLES.jsonl`: the `language` pith gives for prose in many languages
//! (bench/language/samples.py: one JSON line per text, `{"lang", "text"}`), each text as a page
//! declaring its own language, English, none, and another language of the samples. Prints a
//! Markdown table: per language, the share of pages answered with the text's language, and the
//! pages per second over all of them (one thread, small pages: the detector's share shows).

use std::collections::BTreeMap;
use std::time::Instant;

/// How the page's `<html lang>` is set.
const DECLARATIONS: [&str; 4] = ["own", "none", "en", "another"];

fn main() {
    let path = std::env::args().nth(1).expect("usage: language SAMPLES.jsonl");
    let samples: Vec<(String, String)> = std::fs::read_to_string(&path)
        .expect("samples readable")
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            (v["lang"].as_str().unwrap().to_owned(), v["text"].as_str().unwrap().to_owned())
        })
        .collect();
    let languages: Vec<&str> = {
        let mut l: Vec<&str> = samples.iter().map(|(lang, _)| lang.as_str()).collect();
        l.sort_unstable();
        l.dedup();
        l
    };
    // Per language and declaration: (pages, answered with the text's language).
    let mut tally: BTreeMap<(&str, &str), (usize, usize)> = BTreeMap::new();
    let (mut pages, mut seconds) = (0usize, 0f64);
    for (lang, text) in &samples {
        let another = languages[(languages.iter().position(|l| l == lang).unwrap() + 1) % languages.len()];
        for declaration in DECLARATIONS {
            let declared = match declaration {
                "own" => Some(lang.as_str()),
                "en" => Some("en"),
                "another" => Some(another),
                _ => None,
            };
            let html = page(declared, text);
            let start = Instant::now();
            let response = pith_core::extract_json(html.as_bytes(), "{}");
            seconds += start.elapsed().as_secs_f64();
            pages += 1;
            let v: serde_json::Value = serde_json::from_str(&response).expect("the response is JSON");
            let answered = v["result"]["language"].as_str();
            let t = tally.entry((lang.as_str(), declaration)).or_default();
            t.0 += 1;
            t.1 += (answered == Some(lang.as_str())) as usize;
        }
    }
    println!("| language | texts | {} |", DECLARATIONS.map(|d| format!("declared: {d}")).join(" | "));
    println!("|---|---|{}", "---|".repeat(DECLARATIONS.len()));
    for lang in &languages {
        let cells: Vec<String> = DECLARATIONS
            .iter()
            .map(|d| tally.get(&(*lang, *d)).map_or("-".into(), |&(n, ok)| format!("{:.1}%", 100.0 * ok as f64 / n as f64)))
            .collect();
        println!("| {lang} | {} | {} |", tally[&(*lang, "own")].0, cells.join(" | "));
    }
    println!("\n{pages} pages in {seconds:.2} s of extraction: {:.0} pages/s", pages as f64 / seconds);
}

/// A page holding `text`, a paragraph per line, declaring `lang`.
fn page(lang: Option<&str>, text: &str) -> String {
    let escaped = text.replace('&', "&amp;").replace('<', "&lt;");
    let paragraphs: String = escaped.lines().map(|l| format!("<p>{l}</p>\n")).collect();
    let lang = lang.map_or(String::new(), |l| format!(" lang=\"{l}\""));
    format!("<!doctype html><html{lang}><head><title>Manual</title></head><body><main>{paragraphs}</main></body></html>")
}
