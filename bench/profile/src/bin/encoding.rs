//! `encoding DIR`: the encoding pith decodes each page of DIR/pages.tsv with (bench/language/encoded.py:
//! undeclared legacy-encoded pages, one line per page: file, language, WHATWG name of its encoding).
//! Prints a Markdown table: per encoding, the pages whose text pith decodes as the encoding they were
//! written in does (a guess of a superset, KOI8-U for KOI8-R text, is right when the text comes out the same).

use std::collections::BTreeMap;

fn main() {
    let dir = std::env::args().nth(1).expect("usage: encoding DIR");
    let listing = std::fs::read_to_string(format!("{dir}/pages.tsv")).expect("DIR/pages.tsv readable");
    // Per (encoding, language): pages, decoded right, and the wrong guesses.
    let mut tally: BTreeMap<(String, String), (usize, usize, BTreeMap<String, usize>)> = BTreeMap::new();
    for line in listing.lines() {
        let [file, lang, name] = line.split('\t').collect::<Vec<_>>()[..] else { panic!("a line of pages.tsv: {line}") };
        let bytes = std::fs::read(format!("{dir}/{file}")).expect("page readable");
        let response: serde_json::Value = serde_json::from_str(&pith_core::extract_json(&bytes, "{}")).expect("the response is JSON");
        let guess = response["result"]["encoding"]["name"].as_str().unwrap_or("none").to_owned();
        let decoded = |label: &str| encoding_rs::Encoding::for_label(label.as_bytes()).map(|e| e.decode_without_bom_handling(&bytes).0.into_owned());
        let right = decoded(&guess).is_some_and(|text| Some(text) == decoded(name));
        let t = tally.entry((name.to_owned(), lang.to_owned())).or_default();
        t.0 += 1;
        t.1 += right as usize;
        if !right {
            *t.2.entry(guess).or_default() += 1;
        }
    }
    println!("| encoding | language | pages | decoded right | wrong guesses |");
    println!("|---|---|---|---|---|");
    let (mut pages, mut right) = (0, 0);
    for ((name, lang), (n, ok, wrong)) in &tally {
        let wrong: Vec<String> = wrong.iter().map(|(g, k)| format!("{g} ({k})")).collect();
        println!("| {name} | {lang} | {n} | {:.1}% | {} |", 100.0 * *ok as f64 / *n as f64, wrong.join(", "));
        (pages, right) = (pages + n, right + ok);
    }
    println!("\n{right} of {pages} pages decoded right ({:.1}%).", 100.0 * right as f64 / pages as f64);
}
