//! `explain PAGE [MIN_CHARS]` (cargo run --release --bin explain): prints the block tree the
//! scorer saw for one page, boxes under MIN_CHARS characters (default 100) left out, marked with
//! hint flags, counts and the scorer's choices (`pith_core::explain`). PAGE is a file (`.html`
//! or `.html.gz`) or a WCXB dev id (`0602`, read from `../shared/eval/wcxb-dev` with its URL).

use std::io::Read;

const DEV: &str = "../../../shared/eval/wcxb-dev";

fn main() {
    let mut args = std::env::args().skip(1);
    let page = args.next().expect("usage: explain PAGE [MIN_CHARS]");
    let min_chars: u32 = args.next().map_or(100, |n| n.parse().expect("MIN_CHARS is a number"));
    let is_id = page.len() == 4 && page.bytes().all(|b| b.is_ascii_digit());
    let path = if is_id { format!("{DEV}/html/{page}.html.gz") } else { page.clone() };
    let mut raw = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    if raw.starts_with(&[0x1f, 0x8b]) {
        let mut html = Vec::new();
        flate2::read::GzDecoder::new(&raw[..]).read_to_end(&mut html).expect("gzip");
        raw = html;
    }
    let url = is_id.then(|| dev_url(&page)).flatten();
    let hints = pith_core::Hints { url, ..Default::default() };
    print!("{}", pith_core::explain(&raw, &hints, &pith_core::Options::default(), min_chars));
}

/// The page's URL in the dev set's metadata.json (`"0602": {"page_type": ..., "url": "..."}`).
fn dev_url(id: &str) -> Option<String> {
    let meta = std::fs::read_to_string(format!("{DEV}/metadata.json")).ok()?;
    let entry = &meta[meta.find(&format!("\"{id}\""))?..];
    let url = &entry[entry.find("\"url\": \"")? + 8..];
    Some(url[..url.find('"')?].to_string())
}
